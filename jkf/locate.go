package jkf

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Finding places in the JSON text: the byte offset of the value at a path (for
// errors found after decoding), and the keys JKF does not define.

// pathString formats a path of object keys (string) and array indexes (int) as
// "moves[3].forks[0][1].move".
func pathString(path []any) string {
	var b strings.Builder
	for _, e := range path {
		switch e := e.(type) {
		case string:
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(e)
		case int:
			b.WriteByte('[')
			b.WriteString(strconv.Itoa(e))
			b.WriteByte(']')
		}
	}
	return b.String()
}

// skipSpace returns the offset of the next value or key after off, past white space
// and the separators ':' and ','.
func skipSpace(raw []byte, off int) int {
	for off < len(raw) {
		switch raw[off] {
		case ' ', '\t', '\r', '\n', ':', ',':
			off++
		default:
			return off
		}
	}
	return off
}

// locate returns the offset in raw of the value at path, or of the deepest value of
// the path that exists.
func locate(raw []byte, path []any) int {
	dec := json.NewDecoder(bytes.NewReader(raw))
	found := skipSpace(raw, 0)
	for _, e := range path {
		t, err := dec.Token()
		if err != nil {
			return found
		}
		switch e := e.(type) {
		case string:
			if t != json.Delim('{') {
				return found
			}
			for {
				if !dec.More() {
					return found
				}
				k, err := dec.Token()
				if err != nil {
					return found
				}
				if k == e {
					break
				}
				var skip json.RawMessage
				if dec.Decode(&skip) != nil {
					return found
				}
			}
		case int:
			if t != json.Delim('[') {
				return found
			}
			for i := 0; i < e; i++ {
				var skip json.RawMessage
				if !dec.More() || dec.Decode(&skip) != nil {
					return found
				}
			}
			if !dec.More() {
				return found
			}
		}
		found = skipSpace(raw, int(dec.InputOffset()))
	}
	return found
}

// schema says which keys JKF defines where; nil means "any value".
type schema struct {
	keys    map[string]*schema
	anyKeys bool    // an object with keys of its own (the header)
	elem    *schema // for arrays
}

var (
	placeSchema  = &schema{keys: map[string]*schema{"x": nil, "y": nil}}
	clockSchema  = &schema{keys: map[string]*schema{"h": nil, "m": nil, "s": nil}}
	moveSchema   = &schema{keys: map[string]*schema{"color": nil, "from": placeSchema, "to": placeSchema, "piece": nil, "same": nil, "promote": nil, "capture": nil, "relative": nil}}
	formatSchema = &schema{keys: map[string]*schema{"comments": nil, "move": moveSchema, "special": nil,
		"time": {keys: map[string]*schema{"now": clockSchema, "total": clockSchema}}}}
	handSchema = &schema{keys: map[string]*schema{"FU": nil, "KY": nil, "KE": nil, "GI": nil, "KI": nil, "KA": nil, "HI": nil}}
	dataSchema = &schema{keys: map[string]*schema{"color": nil, "hands": {elem: handSchema},
		"board": {elem: &schema{elem: &schema{keys: map[string]*schema{"color": nil, "kind": nil}}}}}}
	kifuSchema = &schema{keys: map[string]*schema{"header": {anyKeys: true}, "moves": {elem: formatSchema},
		"initial": {keys: map[string]*schema{"preset": nil, "data": dataSchema}}}}
)

func init() {
	formatSchema.keys["forks"] = &schema{elem: &schema{elem: formatSchema}}
}

// unknownKey is a key JKF does not define, with its path and offset.
type unknownKey struct {
	path   string
	offset int
}

// unknownKeys lists up to limit keys of raw that JKF does not define.
func unknownKeys(raw []byte, limit int) []unknownKey {
	w := keyWalker{raw: raw, dec: json.NewDecoder(bytes.NewReader(raw)), limit: limit}
	w.value(kifuSchema, nil)
	return w.found
}

type keyWalker struct {
	raw   []byte
	dec   *json.Decoder
	limit int
	found []unknownKey
	stop  bool
}

// The path is a stack shared by the whole walk: each value appends its key or index
// and its children overwrite what their siblings appended, so that a deep record costs
// memory in its depth, not in its depth squared. An unknown key's path is made a string
// at once.
func (w *keyWalker) value(s *schema, path []any) {
	if w.stop {
		return
	}
	if s == nil {
		var skip json.RawMessage
		if w.dec.Decode(&skip) != nil {
			w.stop = true
		}
		return
	}
	t, err := w.dec.Token()
	if err != nil {
		w.stop = true
		return
	}
	switch t {
	case json.Delim('{'):
		for !w.stop && w.dec.More() {
			off := skipSpace(w.raw, int(w.dec.InputOffset()))
			k, err := w.dec.Token()
			if err != nil {
				w.stop = true
				return
			}
			key, _ := k.(string)
			child, ok := s.keys[key]
			if !ok && !s.anyKeys {
				w.found = append(w.found, unknownKey{pathString(append(path[:len(path):len(path)], key)), off})
				if len(w.found) >= w.limit {
					w.stop = true
					return
				}
			}
			if s.anyKeys {
				child = nil
			}
			w.value(child, append(path, key))
		}
		if !w.stop {
			w.dec.Token()
		}
	case json.Delim('['):
		for i := 0; !w.stop && w.dec.More(); i++ {
			w.value(s.elem, append(path, i))
		}
		if !w.stop {
			w.dec.Token()
		}
	}
}

// lineColumn returns the 1-based line and column (in characters) of offset off.
func lineColumn(data []byte, off int) (int, int) {
	off = min(max(off, 0), len(data))
	line := 1 + bytes.Count(data[:off], []byte{'\n'})
	start := bytes.LastIndexByte(data[:off], '\n') + 1
	return line, utf8.RuneCount(data[start:off]) + 1
}

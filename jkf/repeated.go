package jkf

// Repeated keys: encoding/json keeps the last value of a key that an object repeats and
// drops the others without a word. One pass over the bytes of a record finds such a key
// before it is decoded; the header, whose keys may repeat (they are all kept, in order),
// is not checked.
//
// The same pass notes any key that is not, byte for byte, a key JKF defines: encoding/json
// matches keys without regard to case ("Moves" fills moves), so such a key must be looked
// at with the slower walk of unknownKeys even in strict reads, where DisallowUnknownFields
// catches only the keys that match nothing.

import "bytes"

// definedKeys holds every key of kifuSchema, quoted as in the JSON text.
var definedKeys = map[string]bool{}

func init() {
	seen := map[*schema]bool{}
	var walk func(s *schema)
	walk = func(s *schema) {
		if s == nil || seen[s] {
			return
		}
		seen[s] = true
		for k, child := range s.keys {
			definedKeys[`"`+k+`"`] = true
			walk(child)
		}
		walk(s.elem)
	}
	walk(kifuSchema)
}

// keyFrame is an open object or array of the scan.
type keyFrame struct {
	object    bool
	expectKey bool
	check     bool
	lastKey   []byte
	keys      [][]byte
}

// scanKeys returns the offset of the first key that an object of the valid JSON value
// raw repeats (outside the top-level "header" object), or -1; and whether some key
// outside the header is not written exactly as JKF defines it (see the file comment).
func scanKeys(raw []byte) (repeated int, inexact bool) {
	var stack []keyFrame
	for i := 0; i < len(raw); i++ {
		switch c := raw[i]; c {
		case '{', '[':
			f := keyFrame{object: c == '{', expectKey: c == '{', check: c == '{'}
			if len(stack) == 1 && bytes.Equal(stack[0].lastKey, []byte(`"header"`)) {
				f.check = false
			}
			stack = append(stack, f)
		case '}', ']':
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		case ',':
			if n := len(stack); n > 0 && stack[n-1].object {
				stack[n-1].expectKey = true
			}
		case '"':
			j := i + 1
			for j < len(raw) && raw[j] != '"' {
				if raw[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(raw) {
				return -1, inexact
			}
			if n := len(stack); n > 0 && stack[n-1].object && stack[n-1].expectKey {
				top := &stack[n-1]
				key := raw[i : j+1]
				if top.check {
					for _, k := range top.keys {
						if bytes.Equal(k, key) {
							return i, inexact
						}
					}
					top.keys = append(top.keys, key)
					if !definedKeys[string(key)] {
						inexact = true
					}
				}
				top.lastKey, top.expectKey = key, false
			}
			i = j
		}
	}
	return -1, inexact
}

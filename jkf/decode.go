package jkf

import (
	"unicode/utf16"
	"unicode/utf8"

	"github.com/kifu-go/shogi"
)

// The fast decoder: one pass over a record's bytes into the JKF structs of json.go,
// without reflection. It takes only the input encoding/json decodes without a word and
// to the same values: keys written exactly as JKF defines them, each once in an object,
// values of the expected types, integers written as integers that fit. It refuses
// everything else — a key in another case or unknown, a repeated key, 1.0 for an
// int, a syntax error — and the Reader then decodes the record with encoding/json, whose
// errors (and lenient results) are the reference. Valid records, which is nearly all of
// them, never reach reflection.

// maxFastDepth is how deep the fast decoder nests; encoding/json refuses JSON nested
// more than 10 000 levels deep, and deeper input is left to it.
const maxFastDepth = 10000

// fastDecoder holds the state of one decode and the tree it fills, which later
// records reuse: the record a Reader returns keeps none of it (its header and
// comments are made for it).
type fastDecoder struct {
	raw   []byte
	i     int
	depth int
	atEOF bool   // raw is all the input there is
	ascii bool   // no string read holds a byte beyond ASCII
	buf   []byte // a string with escapes, unescaped

	t         tree
	forkLists []list // the fork lists of the entries being read, a stack
}

// decode decodes raw, a JSON object, into d.t; false means the input is refused and
// d.t holds a part of it.
func (d *fastDecoder) decode(raw []byte) bool {
	n, ok := d.decodePrefix(raw, true)
	return ok && skipBlank(raw, n) == len(raw)
}

// decodePrefix decodes the JSON object at the start of raw into d.t and returns its
// length; false means the input is refused, or ends before the object does. atEOF
// tells whether raw is all the input there is. The object is taken only if the
// stream's scanner would cut it out whole as well (see fastDecoder.open), and only if
// its strings are valid UTF-8.
func (d *fastDecoder) decodePrefix(raw []byte, atEOF bool) (int, bool) {
	d.raw, d.i, d.depth, d.atEOF, d.ascii = raw, 0, 0, atEOF, true
	if cap(d.forkLists) > maxKeptEntries {
		d.forkLists = nil // let a long record's stack go
	}
	d.forkLists = d.forkLists[:0]
	d.t.reset()
	ok := d.kifu(&d.t)
	d.raw = nil
	return d.i, ok
}

// release lets go of what the last record left in d that a record keeps (its header,
// initial position and words), for d to wait in a pool.
func (d *fastDecoder) release() {
	d.t.reset()
	d.buf = d.buf[:0]
}

func (d *fastDecoder) space() { d.i = skipBlank(d.raw, d.i) }

// skipBlank returns the offset of the first byte at or after i that is not white space.
func skipBlank(raw []byte, i int) int {
	for i < len(raw) && raw[i] <= ' ' && isSpace(raw[i]) {
		i++
	}
	return i
}

// is consumes c, after white space, if it is next.
func (d *fastDecoder) is(c byte) bool {
	i := skipBlank(d.raw, d.i)
	if i < len(d.raw) && d.raw[i] == c {
		d.i = i + 1
		return true
	}
	d.i = i
	return false
}

// open consumes the opening bracket c of an object or array. An object at the start
// of a line that may start a record is refused: the stream's scanner ends a value
// before such a line (see scanner.continues), and the Reader's slow path tells why.
func (d *fastDecoder) open(c byte) bool {
	if !d.is(c) || d.depth >= maxFastDepth {
		return false
	}
	if c == '{' && d.i >= 2 && d.raw[d.i-2] == '\n' && startsRecord(d.raw[d.i-1:], d.atEOF) != broken {
		return false
	}
	d.depth++
	return true
}

// member reads what comes before the next member of an object: the separator and the
// key, written without escapes, and the colon. more is false at the closing brace.
func (d *fastDecoder) member(first bool) (key []byte, more, ok bool) {
	raw := d.raw
	// Most records are written without white space: a separator and a key of plain
	// bytes, with the colon right after it, are read in one go.
	if i := d.i; i+1 < len(raw) && (raw[i] == ',') != first {
		if !first {
			i++
		}
		if raw[i] == '"' {
			start := i + 1
			for i = start; i < len(raw) && stringBytes[raw[i]] == ordinary; i++ {
			}
			if i+1 < len(raw) && raw[i] == '"' && raw[i+1] == ':' {
				d.i = skipBlank(raw, i+2)
				return raw[start:i], true, true
			}
		}
	}
	i := skipBlank(raw, d.i)
	if i == len(raw) {
		return nil, false, false
	}
	c := raw[i]
	if c == '}' {
		d.i = i + 1
		d.depth--
		return nil, false, true
	}
	if !first {
		if c != ',' {
			return nil, false, false
		}
		if i = skipBlank(raw, i+1); i == len(raw) {
			return nil, false, false
		}
		c = raw[i]
	}
	if c != '"' {
		return nil, false, false
	}
	start := i + 1
	for i = start; i < len(raw) && raw[i] != '"' && raw[i] != '\\' && raw[i] >= 0x20; i++ {
	}
	if i == len(raw) || raw[i] != '"' {
		return nil, false, false // a key with escapes is left to encoding/json
	}
	key = raw[start:i]
	if i = skipBlank(raw, i+1); i == len(raw) || raw[i] != ':' {
		return nil, false, false
	}
	d.i = skipBlank(raw, i+1)
	return key, true, true
}

// element reads what comes before the next element of an array; more is false at the
// closing bracket.
func (d *fastDecoder) element(first bool) (more, ok bool) {
	raw := d.raw
	i := skipBlank(raw, d.i)
	if i == len(raw) {
		return false, false
	}
	switch c := raw[i]; {
	case c == ']':
		d.i = i + 1
		d.depth--
		return false, true
	case first:
		d.i = i
	case c == ',':
		d.i = skipBlank(raw, i+1)
	default:
		return false, false
	}
	return true, true
}

// once notes that the key of bit has been read; false if it was read before.
func once(seen *uint, bit uint) bool {
	if *seen&bit != 0 {
		return false
	}
	*seen |= bit
	return true
}

// rawString reads a string and returns its bytes between the quotes, and whether it
// holds escapes. A string that is not valid UTF-8 is refused.
func (d *fastDecoder) rawString() (s []byte, escaped, ok bool) {
	raw := d.raw
	if d.i >= len(raw) || raw[d.i] != '"' {
		return nil, false, false
	}
	start := d.i + 1
	high := false
	for i := start; i < len(raw); i++ {
		// Most bytes of a string stop nothing: skip them in a tight loop.
		for stringBytes[raw[i]] == ordinary {
			if i++; i == len(raw) {
				return nil, false, false
			}
		}
		switch stringBytes[raw[i]] {
		case quote:
			if high {
				if !utf8.Valid(raw[start:i]) {
					return nil, false, false
				}
				d.ascii = false
			}
			d.i = i + 1
			return raw[start:i], escaped, true
		case backslash:
			escaped = true
			i++
		case nonASCII:
			high = true
		default:
			return nil, false, false // a control character
		}
	}
	return nil, false, false
}

// The kinds of bytes in a string.
const (
	ordinary = iota
	quote
	backslash
	nonASCII
	control
)

// stringBytes gives the kind of each byte in a string.
var stringBytes = func() (t [256]uint8) {
	for c := range 0x20 {
		t[c] = control
	}
	for c := 0x80; c < 0x100; c++ {
		t[c] = nonASCII
	}
	t['"'], t['\\'] = quote, backslash
	return t
}()

// string reads a string and returns its value, which the next call may overwrite.
func (d *fastDecoder) string() ([]byte, bool) {
	s, escaped, ok := d.rawString()
	if !ok || !escaped {
		return s, ok
	}
	return d.unescape(s)
}

// unescape decodes the escapes of s as encoding/json does: a \u escape of half a
// surrogate pair that is not followed by the other half is U+FFFD.
func (d *fastDecoder) unescape(s []byte) ([]byte, bool) {
	out := d.buf[:0]
	for i := 0; i < len(s); {
		c := s[i]
		if c != '\\' {
			out = append(out, c)
			i++
			continue
		}
		if i+1 >= len(s) {
			return nil, false
		}
		switch s[i+1] {
		case '"', '\\', '/':
			out = append(out, s[i+1])
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'u':
			r, ok := hex4(s[i+2:])
			if !ok {
				return nil, false
			}
			i += 6
			if utf16.IsSurrogate(r) {
				r2, ok := rune(-1), false
				if i+1 < len(s) && s[i] == '\\' && s[i+1] == 'u' {
					r2, ok = hex4(s[i+2:])
				}
				if dec := utf16.DecodeRune(r, r2); ok && dec != utf8.RuneError {
					r = dec
					i += 6
				} else {
					r = utf8.RuneError
				}
			}
			out = utf8.AppendRune(out, r)
			continue
		default:
			return nil, false
		}
		i += 2
	}
	d.buf = out
	return out, true
}

// hex4 reads the four hexadecimal digits at the start of b.
func hex4(b []byte) (rune, bool) {
	if len(b) < 4 {
		return 0, false
	}
	var r rune
	for _, c := range b[:4] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			c = c - 'A' + 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}

// text reads a string value that the record keeps.
func (d *fastDecoder) text(p *string) bool {
	s, ok := d.string()
	if ok {
		*p = string(s)
	}
	return ok
}

// word reads a string value that is most often one of a few words, which are not
// allocated again.
func (d *fastDecoder) word(p *word) bool {
	s, ok := d.string()
	if ok {
		*p = d.t.wordOf(s)
	}
	return ok
}

// wordText reads a string value that is most often one of a few words, which are not
// allocated again, into a string.
func (d *fastDecoder) wordText(p *string) bool {
	var w word
	if !d.word(&w) {
		return false
	}
	*p = d.t.str(w)
	return true
}

// maxFastDigits is the most digits of an integer the fast decoder reads: any such
// integer fits an int.
const maxFastDigits = 18

// int reads an integer written as one: no fraction, no exponent, no leading zero.
func (d *fastDecoder) int(p *int) bool {
	i := d.i
	neg := i < len(d.raw) && d.raw[i] == '-'
	if neg {
		i++
	}
	start := i
	n := 0
	for i < len(d.raw) && '0' <= d.raw[i] && d.raw[i] <= '9' {
		n = n*10 + int(d.raw[i]-'0')
		i++
	}
	switch digits := i - start; {
	case digits == 0, digits > maxFastDigits, digits > 1 && d.raw[start] == '0':
		return false
	}
	if i < len(d.raw) {
		switch d.raw[i] {
		case '.', 'e', 'E':
			return false
		}
	}
	if neg {
		n = -n
	}
	*p, d.i = n, i
	return true
}

// flag reads a boolean into the flag bit of *flags.
func (d *fastDecoder) flag(flags *entryFlag, bit entryFlag) bool {
	switch {
	case hasWord(d.raw[d.i:], "true"):
		*flags |= bit
		d.i += 4
	case hasWord(d.raw[d.i:], "false"):
		*flags &^= bit
		d.i += 5
	default:
		return false
	}
	return true
}

// int32 reads an integer, saturated to 32 bits (see entry).
func (d *fastDecoder) int32(p *int32) bool {
	var n int
	if !d.int(&n) {
		return false
	}
	*p = int32Of(n)
	return true
}

// null consumes a null. A null leaves the value as it is, as encoding/json does: the
// zero value, since no key is read twice (a nil pointer or slice, a header of nil).
func (d *fastDecoder) null() bool {
	if d.i < len(d.raw) && d.raw[d.i] == 'n' && hasWord(d.raw[d.i:], "null") {
		d.i += 4
		return true
	}
	return false
}

// set makes *pp p and returns p.
func set[T any](pp **T, p *T) *T {
	*pp = p
	return p
}

func hasWord(b []byte, w string) bool { return len(b) >= len(w) && string(b[:len(w)]) == w }

func (d *fastDecoder) kifu(k *tree) bool {
	if !d.open('{') {
		return false
	}
	var seen uint
	for first := true; ; first = false {
		key, more, ok := d.member(first)
		if !ok || !more {
			return ok
		}
		switch string(key) {
		case "header":
			ok = once(&seen, 1) && (d.null() || d.header(&k.header))
		case "initial":
			ok = once(&seen, 2) && (d.null() || d.initial(set(&k.initial, new(initial))))
		case "moves":
			ok = once(&seen, 4) && (d.null() || d.entryList(&k.moves))
		default:
			ok = false
		}
		if !ok {
			return false
		}
	}
}

func (d *fastDecoder) header(h *header) bool {
	if !d.open('{') {
		return false
	}
	out := header{}
	for first := true; ; first = false {
		if d.is('}') {
			d.depth--
			*h = out
			return true
		}
		if !first && !d.is(',') {
			return false
		}
		d.space()
		var f shogi.HeaderField
		if !d.text(&f.Key) || !d.is(':') {
			return false
		}
		d.space()
		if !d.null() && !d.text(&f.Value) {
			return false
		}
		out = append(out, f)
	}
}

func (d *fastDecoder) initial(in *initial) bool {
	if !d.open('{') {
		return false
	}
	var seen uint
	for first := true; ; first = false {
		key, more, ok := d.member(first)
		if !ok || !more {
			return ok
		}
		switch string(key) {
		case "preset":
			ok = once(&seen, 1) && (d.null() || d.wordText(&in.Preset))
		case "data":
			ok = once(&seen, 2) && (d.null() || d.stateData(set(&in.Data, new(stateData))))
		default:
			ok = false
		}
		if !ok {
			return false
		}
	}
}

func (d *fastDecoder) stateData(s *stateData) bool {
	if !d.open('{') {
		return false
	}
	var seen uint
	for first := true; ; first = false {
		key, more, ok := d.member(first)
		if !ok || !more {
			return ok
		}
		switch string(key) {
		case "color":
			ok = once(&seen, 1) && (d.null() || d.int(&s.Color))
		case "board":
			ok = once(&seen, 2) && (d.null() || d.board(&s.Board))
		case "hands":
			ok = once(&seen, 4) && (d.null() || d.hands(&s.Hands))
		default:
			ok = false
		}
		if !ok {
			return false
		}
	}
}

func (d *fastDecoder) board(b *[][]boardPiece) bool {
	if !d.open('[') {
		return false
	}
	files := [][]boardPiece{}
	for first := true; ; first = false {
		more, ok := d.element(first)
		if !ok || !more {
			*b = files
			return ok
		}
		if d.null() {
			files = append(files, nil)
			continue
		}
		if !d.open('[') {
			return false
		}
		file := []boardPiece{}
		for first := true; ; first = false {
			more, ok := d.element(first)
			if !ok {
				return false
			}
			if !more {
				break
			}
			var sq boardPiece
			if !d.null() && !d.boardPiece(&sq) {
				return false
			}
			file = append(file, sq)
		}
		files = append(files, file)
	}
}

func (d *fastDecoder) boardPiece(p *boardPiece) bool {
	if !d.open('{') {
		return false
	}
	var seen uint
	for first := true; ; first = false {
		key, more, ok := d.member(first)
		if !ok || !more {
			return ok
		}
		switch string(key) {
		case "color":
			ok = once(&seen, 1) && (d.null() || d.int(set(&p.Color, new(int))))
		case "kind":
			ok = once(&seen, 2) && (d.null() || d.wordText(&p.Kind))
		default:
			ok = false
		}
		if !ok {
			return false
		}
	}
}

func (d *fastDecoder) hands(hs *[]hand) bool {
	if !d.open('[') {
		return false
	}
	out := []hand{}
	for first := true; ; first = false {
		more, ok := d.element(first)
		if !ok || !more {
			*hs = out
			return ok
		}
		var h hand
		if !d.null() && !d.hand(&h) {
			return false
		}
		out = append(out, h)
	}
}

func (d *fastDecoder) hand(h *hand) bool {
	if !d.open('{') {
		return false
	}
	var seen uint
	for first := true; ; first = false {
		key, more, ok := d.member(first)
		if !ok || !more {
			return ok
		}
		var p *int
		var bit uint
		switch string(key) {
		case "FU":
			p, bit = &h.FU, 1
		case "KY":
			p, bit = &h.KY, 2
		case "KE":
			p, bit = &h.KE, 4
		case "GI":
			p, bit = &h.GI, 8
		case "KI":
			p, bit = &h.KI, 16
		case "KA":
			p, bit = &h.KA, 32
		case "HI":
			p, bit = &h.HI, 64
		default:
			return false
		}
		if !once(&seen, bit) || !(d.null() || d.int(p)) {
			return false
		}
	}
}

// entryList reads an array of entries into d.t.entries, each linked to the next: an
// entry is added once it is read, after the entries of its forks.
func (d *fastDecoder) entryList(out *list) bool {
	if !d.open('[') {
		return false
	}
	l := list{first: -1}
	last := int32(-1)
	for first := true; ; first = false {
		more, ok := d.element(first)
		if !ok {
			return false
		}
		if !more {
			break
		}
		e := entry{next: -1}
		if !d.null() && !d.entry(&e) {
			return false
		}
		at := int32(len(d.t.entries))
		d.t.entries = append(d.t.entries, e)
		if last < 0 {
			l.first = at
		} else {
			d.t.entries[last].next = at
		}
		last = at
		l.n++
	}
	*out = l
	return true
}

func (d *fastDecoder) entry(e *entry) bool {
	if !d.open('{') {
		return false
	}
	var seen uint
	for first := true; ; first = false {
		key, more, ok := d.member(first)
		if !ok || !more {
			return ok
		}
		switch string(key) {
		case "comments":
			ok = once(&seen, 1) && (d.null() || d.comments(e))
		case "move":
			ok = once(&seen, 2) && (d.null() || d.move(e))
		case "time":
			ok = once(&seen, 4) && (d.null() || d.timePair(e))
		case "special":
			ok = once(&seen, 8) && (d.null() || d.word(&e.special))
		case "forks":
			ok = once(&seen, 16) && (d.null() || d.forks(e))
		default:
			ok = false
		}
		if !ok {
			return false
		}
	}
}

// comments reads a list of comments into d.t.comments.
func (d *fastDecoder) comments(e *entry) bool {
	if !d.open('[') {
		return false
	}
	e.flags |= hasComments
	e.comments = span{first: int32(len(d.t.comments))}
	for first := true; ; first = false {
		more, ok := d.element(first)
		if !ok || !more {
			return ok
		}
		var s string
		if !d.null() && !d.text(&s) {
			return false
		}
		d.t.comments = append(d.t.comments, s)
		e.comments.n++
	}
}

// forks reads the fork lists of e onto the d.forkLists stack (a fork's own forks above
// them), and copies them out into d.t.forks at the end.
func (d *fastDecoder) forks(e *entry) bool {
	if !d.open('[') {
		return false
	}
	base := len(d.forkLists)
	for first := true; ; first = false {
		more, ok := d.element(first)
		if !ok {
			return false
		}
		if !more {
			break
		}
		fork := noList
		if !d.null() && !d.entryList(&fork) {
			return false
		}
		d.forkLists = append(d.forkLists, fork)
	}
	e.forks = span{int32(len(d.t.forks)), int32(len(d.forkLists) - base)}
	d.t.forks = append(d.t.forks, d.forkLists[base:]...)
	d.forkLists = d.forkLists[:base]
	return true
}

func (d *fastDecoder) move(e *entry) bool {
	if !d.open('{') {
		return false
	}
	e.flags |= hasMove
	var seen uint
	for first := true; ; first = false {
		key, more, ok := d.member(first)
		if !ok || !more {
			return ok
		}
		switch string(key) {
		case "color":
			ok = once(&seen, 1) && (d.null() || d.flagged(&e.flags, hasColor) && d.int32(&e.color))
		case "from":
			ok = once(&seen, 2) && (d.null() || d.flagged(&e.flags, hasFrom) && d.place(&e.from))
		case "to":
			ok = once(&seen, 4) && (d.null() || d.flagged(&e.flags, hasTo) && d.place(&e.to))
		case "piece":
			ok = once(&seen, 8) && (d.null() || d.word(&e.piece))
		case "same":
			ok = once(&seen, 16) && (d.null() || d.flag(&e.flags, same))
		case "promote":
			ok = once(&seen, 32) && (d.null() || d.flagged(&e.flags, hasPromote) && d.flag(&e.flags, promote))
		case "capture":
			ok = once(&seen, 64) && (d.null() || d.word(&e.capture))
		case "relative":
			ok = once(&seen, 128) && (d.null() || d.word(&e.relative))
		default:
			ok = false
		}
		if !ok {
			return false
		}
	}
}

// flagged sets bit in *flags and returns true.
func (d *fastDecoder) flagged(flags *entryFlag, bit entryFlag) bool {
	*flags |= bit
	return true
}

func (d *fastDecoder) place(p *coords) bool {
	if !d.open('{') {
		return false
	}
	var seen uint
	for first := true; ; first = false {
		key, more, ok := d.member(first)
		if !ok || !more {
			return ok
		}
		switch string(key) {
		case "x":
			ok = once(&seen, 1) && (d.null() || d.int32(&p.x))
		case "y":
			ok = once(&seen, 2) && (d.null() || d.int32(&p.y))
		default:
			ok = false
		}
		if !ok {
			return false
		}
	}
}

func (d *fastDecoder) timePair(e *entry) bool {
	if !d.open('{') {
		return false
	}
	e.flags |= hasTime
	var seen uint
	for first := true; ; first = false {
		key, more, ok := d.member(first)
		if !ok || !more {
			return ok
		}
		switch string(key) {
		case "now":
			ok = once(&seen, 1) && (d.null() || d.clock(&e.now))
		case "total":
			ok = once(&seen, 2) && (d.null() || d.clock(&e.total))
		default:
			ok = false
		}
		if !ok {
			return false
		}
	}
}

// clock reads a time of the form {"h":…, "m":…, "s":…} into hms.
func (d *fastDecoder) clock(hms *[3]int32) bool {
	if !d.open('{') {
		return false
	}
	var seen uint
	for first := true; ; first = false {
		key, more, ok := d.member(first)
		if !ok || !more {
			return ok
		}
		switch string(key) {
		case "h":
			ok = once(&seen, 1) && (d.null() || d.int32(&hms[0]))
		case "m":
			ok = once(&seen, 2) && (d.null() || d.int32(&hms[1]))
		case "s":
			ok = once(&seen, 4) && (d.null() || d.int32(&hms[2]))
		default:
			ok = false
		}
		if !ok {
			return false
		}
	}
}

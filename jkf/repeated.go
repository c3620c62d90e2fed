package jkf

// Repeated keys: encoding/json keeps the last value of a key that an object repeats and
// drops the others without a word. One pass over the bytes of a record finds such a key
// before it is decoded; the header, whose keys may repeat (they are all kept, in order),
// is not checked.

import "bytes"

// keyFrame is an open object or array of the scan.
type keyFrame struct {
	object    bool
	expectKey bool
	check     bool
	lastKey   []byte
	keys      [][]byte
}

// repeatedKey returns the offset of the first key that an object of the valid JSON
// value raw repeats (outside the top-level "header" object), or -1.
func repeatedKey(raw []byte) int {
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
				return -1
			}
			if n := len(stack); n > 0 && stack[n-1].object && stack[n-1].expectKey {
				top := &stack[n-1]
				key := raw[i : j+1]
				if top.check {
					for _, k := range top.keys {
						if bytes.Equal(k, key) {
							return i
						}
					}
					top.keys = append(top.keys, key)
				}
				top.lastKey, top.expectKey = key, false
			}
			i = j
		}
	}
	return -1
}

package bigfile

// Endless is an io.Reader of input that never ends: Prefix, then Pattern over and over
// (NUL bytes when Pattern is empty). It counts the bytes it has given in N, so that a
// test can tell how far a reader read before it stopped.
type Endless struct {
	Prefix  []byte
	Pattern []byte
	N       int64 // bytes read so far
}

// Read fills p with the input, carrying on where the last call stopped.
func (e *Endless) Read(p []byte) (int, error) {
	pat := e.Pattern
	if len(pat) == 0 {
		pat = []byte{0}
	}
	n := 0
	if e.N < int64(len(e.Prefix)) {
		n = copy(p, e.Prefix[e.N:])
	}
	off := int((e.N + int64(n) - int64(len(e.Prefix))) % int64(len(pat)))
	if e.N+int64(n) < int64(len(e.Prefix)) {
		off = 0
	}
	if n < len(p) {
		// The first len(pat) bytes from the pattern's place, then doubling copies.
		k := n
		for ; k < len(p) && k < n+len(pat); k++ {
			p[k] = pat[off]
			if off++; off == len(pat) {
				off = 0
			}
		}
		for k < len(p) {
			k += copy(p[k:], p[n:k])
		}
	}
	e.N += int64(len(p))
	return len(p), nil
}

//go:build !linux

package record_test

// maxRSS is known on Linux only.
func maxRSS() (int64, bool) { return 0, false }

//go:build !unix

package main

import "os"

// openSmall opens the file at path to be read as a stream: where the system calls of
// the Unix version are not at hand, every file is read through an *os.File.
func openSmall(path string, buf []byte, limit int) (data []byte, rest *os.File, readErr, err error) {
	rest, err = os.Open(path)
	return buf, rest, nil, err
}

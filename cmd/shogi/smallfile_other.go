//go:build !unix

package main

import "os"

// foundFile is a file found in a directory, opened once for two uses: the pipeline's
// worker opens it to weigh it by its size, and reads it (read) or, when it does not,
// closes it (release). Where the system calls of the Unix version are not at
// hand, every file is read through an *os.File, as a stream.
type foundFile struct {
	f    *os.File // nil once handed over or closed
	size int64    // the size of a regular file; -1 for another kind, or when Stat failed
	err  error    // the error of opening it
}

// openFoundFile opens the file at path.
func openFoundFile(path string) *foundFile {
	f, err := os.Open(path)
	if err != nil {
		return &foundFile{size: -1, err: err}
	}
	size := int64(-1)
	if info, err := f.Stat(); err == nil && info.Mode().IsRegular() {
		size = info.Size()
	}
	return &foundFile{f: f, size: size}
}

// release closes the file unless it was handed over; f may be nil.
func (f *foundFile) release() {
	if f != nil && f.f != nil {
		f.f.Close()
		f.f = nil
	}
}

// file hands the file over, or returns the error of opening it.
func (f *foundFile) file(string) (*os.File, error) {
	if f.err != nil {
		return nil, f.err
	}
	file := f.f
	f.f = nil
	return file, nil
}

// read hands the file over to be read as a stream, or returns the error of opening it.
func (f *foundFile) read(path string, buf []byte, _ int) (data []byte, rest *os.File, readErr, err error) {
	rest, err = f.file(path)
	return buf, rest, nil, err
}

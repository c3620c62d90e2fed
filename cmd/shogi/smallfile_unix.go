//go:build unix

package main

import (
	"os"
	"syscall"
)

// foundFile is a file found in a directory, opened once for two uses: the pipeline's
// worker opens it to weigh it by its size (fstat on the descriptor: no second look-up
// of its path, which a stat before the open would cost), and reads it (read) or, when
// it does not, closes it (release).
type foundFile struct {
	fd   int   // -1 once handed over or closed
	size int64 // the size of a regular file; -1 for another kind, or when fstat failed
	err  error // the error of opening it (a *os.PathError, as os.Open's)
}

// openFoundFile opens the file at path with the fewest system calls: open, fstat.
func openFoundFile(path string) *foundFile {
	f := &foundFile{fd: -1, size: -1}
	var fd int
	var err error
	for {
		fd, err = syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		f.err = &os.PathError{Op: "open", Path: path, Err: err}
		return f
	}
	f.fd = fd
	var st syscall.Stat_t
	if syscall.Fstat(fd, &st) == nil && st.Mode&syscall.S_IFMT == syscall.S_IFREG {
		f.size = st.Size
	}
	return f
}

// release closes the file unless it was handed over; f may be nil.
func (f *foundFile) release() {
	if f != nil && f.fd >= 0 {
		syscall.Close(f.fd)
		f.fd = -1
	}
}

// file hands the file over as an *os.File, or returns the error of opening it.
func (f *foundFile) file(path string) (*os.File, error) {
	if f.err != nil {
		return nil, f.err
	}
	fd := f.fd
	f.fd = -1
	return os.NewFile(uintptr(fd), path), nil
}

// read hands the file over and, when it is a regular file of at most limit bytes,
// reads it whole into buf (appending) and closes it, with the fewest system calls: one
// read (and close). An archive of one small file per game spends a good part of its
// time in them: an os.File costs two more (non-blocking mode, the poller) and a second
// read for the end of the file. A read that returns fewer bytes than asked ends a
// regular file.
//
// It returns the bytes read, then the file to read the rest from as a stream, if any
// (when the file is another kind or larger, or has grown since fstat), else the error
// that stopped the read (a *os.PathError, as os.File.Read's); or the error of opening
// the file (a *os.PathError, as os.Open's).
func (f *foundFile) read(path string, buf []byte, limit int) (data []byte, rest *os.File, readErr, err error) {
	if f.err != nil {
		return nil, nil, nil, f.err
	}
	fd := f.fd
	f.fd = -1
	if f.size < 0 || f.size > int64(limit) {
		return buf, os.NewFile(uintptr(fd), path), nil, nil
	}
	size := int(f.size)
	data = buf
	if cap(data)-len(data) < size+1 {
		data = make([]byte, len(buf), len(buf)+size+1)
		copy(data, buf)
	}
	room := data[len(data):cap(data)]
	for {
		n, err := syscall.Read(fd, room)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			syscall.Close(fd)
			return data, nil, &os.PathError{Op: "read", Path: path, Err: err}, nil
		}
		data = data[:len(data)+n]
		if n == len(room) { // the file has grown since fstat: the rest as a stream
			return data, os.NewFile(uintptr(fd), path), nil, nil
		}
		syscall.Close(fd)
		return data, nil, nil, nil // a short read: the end of the file
	}
}

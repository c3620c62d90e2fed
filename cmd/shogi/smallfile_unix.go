//go:build unix

package main

import (
	"os"
	"syscall"
)

// openSmall opens the file at path and, when it is a regular file of at most limit
// bytes, reads it whole into buf (appending) and closes it, with the fewest system
// calls: open, fstat, read, close. An archive of one small file per game spends a good
// part of its time in them: an os.File costs two more (non-blocking mode, the poller)
// and a second read for the end of the file. A read that returns fewer bytes than asked
// ends a regular file.
//
// It returns the bytes read, then the file to read the rest from as a stream, if any
// (when the file is another kind or larger, or has grown since fstat), else the error
// that stopped the read (a *os.PathError, as os.File.Read's); or the error of opening
// the file (a *os.PathError, as os.Open's).
func openSmall(path string, buf []byte, limit int) (data []byte, rest *os.File, readErr, err error) {
	var fd int
	for {
		fd, err = syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		return nil, nil, nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err != nil || st.Mode&syscall.S_IFMT != syscall.S_IFREG || st.Size > int64(limit) {
		return buf, os.NewFile(uintptr(fd), path), nil, nil
	}
	size := int(st.Size)
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

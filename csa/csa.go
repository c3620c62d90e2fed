package csa

import (
	"bytes"
	"errors"
	"io"
	"sync"

	"github.com/kifu-go/shogi"
)

// Parse reads the one record of a CSA text with a strict [Reader]. Text that holds no
// record (nothing, or only blank lines, comments and "/" lines) is an error that wraps
// [shogi.ErrNoRecord] (and [ErrEmpty]); text holding several records is an
// [ErrMoreRecords] error: read it with a Reader.
func Parse(data []byte) (*shogi.Record, error) {
	r := newTextReader(data)
	r.start, _ = startPool.Get().(*startState)
	defer func() {
		if r.start != nil && r.start.pos != nil {
			r.start.rewind() // here, so that each Parse pays for its own moves
			startPool.Put(r.start)
		}
	}()
	rec, err := r.Read()
	if err != nil {
		if err == io.EOF {
			return nil, &SyntaxError{Line: 1, Column: 1, Err: ErrEmpty}
		}
		return nil, err
	}
	line := r.line
	if _, err := r.Read(); !errors.Is(err, io.EOF) {
		return nil, &SyntaxError{Line: line, Column: 1, Err: ErrMoreRecords}
	}
	return rec, nil
}

// startPool keeps the start positions of the records Parse read, so that a Parse
// starting alike (as most records do) takes one back to its start instead of
// building a position and growing its history again.
var startPool sync.Pool // of *startState

// Format returns the CSA V2.2 text of rec in UTF-8, as a [Writer] with its default
// options writes it.
func Format(rec *shogi.Record) ([]byte, error) {
	var buf bytes.Buffer
	w := NewWriter(&buf)
	if err := w.Write(rec); err != nil {
		return nil, err
	}
	if err := w.Flush(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

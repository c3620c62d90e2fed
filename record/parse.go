package record

import (
	"bytes"
	"errors"
	"io"

	"github.com/kifu-go/shogi"
)

// ErrMoreRecords is the error of Parse for input that holds more than one record.
var ErrMoreRecords = errors.New("record: the input holds more than one record (read it with a Reader)")

// Parse reads the one record of data, in any format (see Detect), strictly. Input with
// no record is an error that errors.Is(err, shogi.ErrNoRecord); input with more than one
// is ErrMoreRecords. Errors are *Error.
func Parse(data []byte) (*shogi.Record, error) {
	r := NewReader(bytes.NewReader(data))
	rec, err := r.Read()
	if err == io.EOF {
		return nil, &Error{Format: r.InputFormat(), Err: shogi.ErrNoRecord}
	}
	if err != nil {
		return nil, err
	}
	if _, err := r.Read(); err != io.EOF {
		return nil, &Error{Format: r.InputFormat(), Record: 2, StartLine: r.Source().Line, Line: r.Source().Line, Err: ErrMoreRecords}
	}
	return rec, nil
}

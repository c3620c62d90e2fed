package kif

import (
	"bytes"
	"io"

	shogi "github.com/kifu-go/shogi"
)

// Parse reads a KIF record (KI2 move lines are accepted as well) strictly. Input
// without a record (empty, or only blank and # lines) is a [*SyntaxError] that wraps
// [shogi.ErrNoRecord].
func Parse(data []byte) (*shogi.Record, error) {
	return parse(data, AutoDialect)
}

// ParseKI2 reads a KI2 record strictly. Input without a record is an error that wraps
// [shogi.ErrNoRecord], as for [Parse].
func ParseKI2(data []byte) (*shogi.Record, error) {
	return parse(data, KI2)
}

func parse(data []byte, f Dialect) (*shogi.Record, error) {
	r := NewReader(bytes.NewReader(data))
	r.Format = f
	rec, err := r.Read()
	if err == io.EOF {
		return nil, &SyntaxError{Line: 1, Column: 1, Err: shogi.ErrNoRecord}
	}
	return rec, err
}

package record

import (
	"bytes"
	"fmt"
	"io"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/csa"
	"github.com/kifu-go/shogi/jkf"
	"github.com/kifu-go/shogi/kif"
	"github.com/kifu-go/shogi/sfen"
)

// A Writer writes records in one format: KIF, KI2 or a single record per file (a second
// Write is an ErrSeveralRecords error), CSA records separated by "/" lines, JKF as JSON
// Lines (one object a line), USI as one position line a record (the start position and
// the main line's moves), SFEN as one line a record (the position the main line reaches).
//
// Set the exported fields before the first call to Write, and call Flush at the end.
type Writer struct {
	// ShiftJIS writes KIF, KI2 and CSA in Shift_JIS instead of UTF-8; a character that
	// Shift_JIS cannot hold is an error.
	ShiftJIS bool
	// CSAVersion is the CSA version to write: "2.2" (the default when empty) or "3.0".
	CSAVersion string
	// Lossless refuses a record that the format cannot hold whole (see [Losses]):
	// Write returns a *LossError, which wraps ErrLossy, and writes nothing of it.
	Lossless bool

	format  Format
	w       io.Writer
	kw      *kif.Writer
	cw      *csa.Writer
	jw      *jkf.Writer
	written int
	lost    []Loss
}

// NewWriter returns a Writer that writes records to w in format f.
func NewWriter(w io.Writer, f Format) *Writer {
	return &Writer{w: w, format: f}
}

// Write writes one record. A record with an illegal move is an error and nothing of it
// is written. What the format cannot hold of the record is left out, and listed by
// Lost until the next call (or refused, with Lossless).
func (w *Writer) Write(rec *shogi.Record) error {
	w.lost = nil
	if w.format.OneRecordPerFile() && w.written > 0 {
		return fmt.Errorf("%w: %s cannot hold a second record (write one file per record)", ErrSeveralRecords, w.format)
	}
	losses := lossesIn(rec, w.format, w.CSAVersion)
	if w.Lossless && len(losses) > 0 {
		return &LossError{Format: w.format, Losses: losses}
	}
	var err error
	switch w.format {
	case KIF, KI2:
		if w.kw == nil {
			w.kw = kif.NewWriter(w.w)
			if w.format == KI2 {
				w.kw.Format = kif.KI2
			}
			if w.ShiftJIS {
				w.kw.Encoding = kif.ShiftJIS
			}
		}
		err = w.kw.Write(rec)
	case CSA:
		if w.cw == nil {
			w.cw = csa.NewWriter(w.w)
			w.cw.ShiftJIS = w.ShiftJIS
			w.cw.Version = w.CSAVersion
		}
		err = w.cw.Write(rec)
	case JKF:
		if w.jw == nil {
			w.jw = jkf.NewWriter(w.w)
		}
		err = w.jw.Write(rec)
	case USI, SFEN:
		err = w.writeLine(rec)
	default:
		err = fmt.Errorf("record: cannot write format %s", w.format)
	}
	if err == nil {
		w.written++
		w.lost = losses
	}
	return err
}

// Lost returns what the last record written left out, one Loss per kind (see
// [Losses]); nil when it was written whole, or when the last Write failed.
func (w *Writer) Lost() []Loss { return w.lost }

// writeLine writes a record as a USI position line or the SFEN its main line reaches.
func (w *Writer) writeLine(rec *shogi.Record) error {
	p, err := rec.Replay()
	if err != nil {
		return err
	}
	line := p.String()
	if w.format == USI {
		line = sfen.FormatPosition(p)
	}
	_, err = io.WriteString(w.w, line+"\n")
	return err
}

// Flush writes any buffered data to the underlying io.Writer.
func (w *Writer) Flush() error {
	switch {
	case w.kw != nil:
		return w.kw.Flush()
	case w.cw != nil:
		return w.cw.Flush()
	case w.jw != nil:
		return w.jw.Flush()
	}
	return nil
}

// CSASeparator is the line that separates two CSA records in one file. A program that
// writes records one by one (each with [Marshal], say) and joins them puts it between
// them; a [Writer] does so itself.
const CSASeparator = "/\n"

// Marshal returns rec written in format f, in UTF-8, as a Writer with its default
// options writes it.
func Marshal(rec *shogi.Record, f Format) ([]byte, error) {
	var buf bytes.Buffer
	w := NewWriter(&buf, f)
	if err := w.Write(rec); err != nil {
		return nil, err
	}
	if err := w.Flush(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

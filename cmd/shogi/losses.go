package main

// What convert reports on each record: the losses (record.Losses) of a record written
// in a format that cannot hold all of it, once per record, as a warning or, with
// -lossless, as the reason it is not converted; with -json, one JSON object per
// record.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/kifu-go/shogi/record"
)

// convertReport is the JSON line convert -json prints for a record or an input: the
// validation's fields, the output format, whether the record was written, and what it
// lost (or would have lost, when -lossless refused it).
type convertReport struct {
	record.Report
	To      string        `json:"to"`
	Written bool          `json:"written"`
	Losses  []record.Loss `json:"losses,omitempty"`
}

// appendConvertJSON appends the report on c as one line of JSON, newline included.
func appendConvertJSON(dst []byte, c converted, to record.Format, written bool) []byte {
	buf := bytes.NewBuffer(dst)
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(convertReport{Report: c.v.Report, To: to.String(), Written: written, Losses: c.losses})
	return buf.Bytes()
}

// lossWarning is the warning on a record that lost something in format to.
func lossWarning(to record.Format, losses []record.Loss) string {
	return fmt.Sprintf("%s cannot hold all of it: lost %s", to, record.DescribeLosses(losses))
}

// refusedLossy fills in the verdict of a record that -lossless refused, from the
// writer's error, and reports whether err was that refusal.
func refusedLossy(c *converted, err error) bool {
	var le *record.LossError
	if !errors.As(err, &le) {
		return false
	}
	c.losses = le.Losses
	c.v.OK, c.v.Code = false, "lossy"
	c.v.Error = fmt.Sprintf("%s cannot hold all of it (-lossless): it would lose %s", le.Format, record.DescribeLosses(le.Losses))
	return true
}

// reportWriter returns where convert prints its reports: -json lines go to standard
// output when the records go to files (-o DIR), and to standard error when they go to
// standard output; text always goes to standard error.
func reportWriter(asJSON bool, outDir string, stdout, stderr io.Writer) io.Writer {
	if asJSON && outDir != "" {
		return stdout
	}
	return stderr
}

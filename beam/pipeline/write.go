package pipeline

import (
	"bufio"
	"context"
	"path"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/log"

	"github.com/kifu-go/shogi/record"
)

// writeFn writes one output file from its chunks, which a GroupByKey on the file's name
// brought together, in the order they come: lines, or records. Records of CSA are
// separated by "/" lines. A file of a format that holds one record per file (a KIF
// converted record) is written from its first chunk only: more than one means that the
// same input was matched twice, and the others are its copies.
//
// A file is written whole by one call, so a retried bundle writes it again, whole.
type writeFn struct {
	Output string // the output prefix
}

func (f *writeFn) ProcessElement(ctx context.Context, name string, chunks func(*[]byte) bool) error {
	full := joinOutput(f.Output, name)
	return writeOutput(ctx, full, func(w *bufio.Writer) error {
		format := record.FormatOfName(name)
		var chunk []byte
		n := 0
		for chunks(&chunk) {
			n++
			switch {
			case n > 1 && format.OneRecordPerFile():
				continue
			case n > 1 && format == record.CSA:
				if _, err := w.WriteString(record.CSASeparator); err != nil {
					return err
				}
			}
			if _, err := w.Write(chunk); err != nil {
				return err
			}
		}
		if n > 1 && format.OneRecordPerFile() {
			log.Warnf(ctx, "%s: %d records for one file: the first is written (was an input matched twice?)", path.Base(full), n)
		}
		return nil
	})
}

// writeOutput creates the file full (any file system Beam knows) and writes it whole
// through write's buffered writer, flushed and closed at the end.
func writeOutput(ctx context.Context, full string, write func(*bufio.Writer) error) (err error) {
	fs, err := filesystem.New(ctx, full)
	if err != nil {
		return err
	}
	defer fs.Close()
	out, err := fs.OpenWrite(ctx, full)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := out.Close(); err == nil {
			err = cerr
		}
	}()
	w := bufio.NewWriterSize(out, 1<<20)
	if err := write(w); err != nil {
		return err
	}
	return w.Flush()
}

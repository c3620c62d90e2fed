package gametest

// The record readers' fuzz targets (kif, csa, jkf, record) explore with the default
// flags only when every input is cheap: the fuzzing engine minimises each new input it
// finds for up to a minute (-fuzzminimizetime), running the target once per step, so
// that one input of a few KiB cut from a large seed held KIF and KI2 for the whole of
// a one-minute run. The targets therefore take seeds of at most FuzzSeedBytes
// (FuzzSeed cuts larger texts after a whole line), pass over inputs longer than
// FuzzInputBytes (FuzzTooLarge), and keep the larger inputs their runs found in
// testdata/fuzzbig/NAME, which an ordinary test runs through the same checks
// (FuzzBigInputs). Large records are read by the packages' ordinary tests.

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/kifu-go/shogi"
)

// FuzzSeedBytes is the largest seed a record reader's fuzz target is given.
const FuzzSeedBytes = 512

// FuzzInputBytes is the largest input a record reader's fuzz target checks.
const FuzzInputBytes = 1 << 10

// FuzzSeed returns data whole when it holds at most FuzzSeedBytes, else its lines that
// fit in FuzzSeedBytes (the head of the record: its header and first moves), and
// false when no line fits.
func FuzzSeed(data []byte) ([]byte, bool) {
	if len(data) <= FuzzSeedBytes {
		return data, true
	}
	cut := bytes.LastIndexByte(data[:FuzzSeedBytes], '\n')
	if cut < 0 {
		return nil, false
	}
	return data[:cut+1], true
}

// FuzzTooLarge reports whether a fuzz target passes over data: a longer input costs a
// minimisation step more than the engine's minute allows for (see FuzzInputBytes).
func FuzzTooLarge(data []byte) bool { return len(data) > FuzzInputBytes }

// FuzzBigInputs runs check on each input of testdata/fuzzbig/name: the inputs of the
// corpus of fuzz target name whose files are over 1 KiB, kept out of the corpus that
// the fuzzing engine starts from (testdata/fuzz/name). The files are in
// the corpus format ("go test fuzz v1" and one value a line: []byte("…"), bool(…)).
func FuzzBigInputs(t *testing.T, name string, check func(t *testing.T, values []any)) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "fuzzbig", name, "*"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no inputs in testdata/fuzzbig/%s", name)
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		values, err := parseCorpusFile(data)
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		t.Run(filepath.Base(file), func(t *testing.T) { check(t, values) })
	}
}

// parseCorpusFile reads a file of the fuzzing engine's corpus format, with []byte and
// bool values.
func parseCorpusFile(data []byte) ([]any, error) {
	lines := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	if len(lines) < 2 || lines[0] != "go test fuzz v1" {
		return nil, fmt.Errorf("not a corpus file")
	}
	var values []any
	for _, l := range lines[1:] {
		switch {
		case strings.HasPrefix(l, "[]byte(") && strings.HasSuffix(l, ")"):
			s, err := strconv.Unquote(l[len("[]byte(") : len(l)-1])
			if err != nil {
				return nil, fmt.Errorf("%q: %w", l, err)
			}
			values = append(values, []byte(s))
		case l == "bool(true)", l == "bool(false)":
			values = append(values, l == "bool(true)")
		default:
			return nil, fmt.Errorf("unsupported value %q", l)
		}
	}
	return values, nil
}

// RecordsEqual reports whether a and b hold the same record, field by field, a nil
// slice equal to an empty one: a fast test before a diff, which takes most of a fuzz
// target's time when it is made for every record.
func RecordsEqual(a, b *shogi.Record) bool {
	if a == nil || b == nil {
		return a == b
	}
	return slices.Equal(a.Header, b.Header) && a.StartSFEN == b.StartSFEN && nodesEqual(&a.Root, &b.Root)
}

func nodesEqual(a, b *shogi.Node) bool {
	if a.Move != b.Move || a.Time != b.Time || a.HasTime != b.HasTime || a.Bookmark != b.Bookmark ||
		!slices.Equal(a.Comments, b.Comments) || len(a.Children) != len(b.Children) || (a.End == nil) != (b.End == nil) {
		return false
	}
	if a.End != nil {
		x, y := a.End, b.End
		if x.Kind != y.Kind || x.Result != y.Result || x.Time != y.Time || x.HasTime != y.HasTime ||
			x.Text != y.Text || !slices.Equal(x.Comments, y.Comments) {
			return false
		}
	}
	for i := range a.Children {
		if !nodesEqual(a.Children[i], b.Children[i]) {
			return false
		}
	}
	return true
}

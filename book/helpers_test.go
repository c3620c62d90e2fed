package book_test

import (
	"iter"

	"errors"
	"github.com/kifu-go/shogi/record"
	"strings"
	"testing"

	"github.com/kifu-go/shogi"
)

func errorAs[T any](err error, target *T) bool { return errors.As(err, target) }

func usiMoves(t testing.TB, s string) []shogi.Move {
	t.Helper()
	var ms []shogi.Move
	for _, f := range strings.Fields(s) {
		m, err := shogi.ParseUSIMove(f)
		if err != nil {
			t.Fatal(err)
		}
		ms = append(ms, m)
	}
	return ms
}

// recordsUnder yields the records under path that read.
func recordsUnder(t testing.TB, path string) iter.Seq[*shogi.Record] {
	return func(yield func(*shogi.Record) bool) {
		for e := range record.Walk(path) {
			if e.Err != nil || e.Skipped != "" {
				continue
			}
			r, err := record.Open(e.Path)
			if err != nil {
				t.Fatal(err)
			}
			for rec, err := range r.All() {
				if err == nil && !yield(rec) {
					r.Close()
					return
				}
			}
			r.Close()
		}
	}
}

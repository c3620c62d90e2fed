package book_test

import (
	"errors"
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

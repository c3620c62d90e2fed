package errcode_test

import (
	"errors"
	"testing"

	"github.com/kifu-go/shogi/internal/errcode"
	"github.com/kifu-go/shogi/sfen"
	"github.com/kifu-go/shogi/tsume"
)

// TestText: an error of the module's packages loses its package's prefix (an SFEN's
// syntax error, a start tsume refuses), and only that: other errors keep their text.
func TestText(t *testing.T) {
	_, err := sfen.Parse("9/4k4/9/4S4/9/9/9/9/9 b GSx 1")
	var se *sfen.SyntaxError
	if !errors.As(err, &se) {
		t.Fatalf("%v: want a *sfen.SyntaxError", err)
	}
	for _, c := range []struct {
		err  error
		want string
	}{
		{se.Err, "invalid hand"},
		{tsume.ErrNoDefenderKing, "the defender (the side not to move) has no king"},
		{errors.New("open x.kif: no such file or directory"), "open x.kif: no such file or directory"},
		{errors.New("tsumego: kept"), "tsumego: kept"},
		{nil, "unknown problem"},
	} {
		if got := errcode.Text(c.err); got != c.want {
			t.Errorf("Text(%q) = %q, want %q", c.err, got, c.want)
		}
	}
}

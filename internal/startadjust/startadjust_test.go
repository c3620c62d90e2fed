package startadjust

import (
	"errors"
	"testing"

	"github.com/kifu-go/shogi"
)

// TestApply: the function's position, its error wrapped under the label, and a nil
// position with no error refused.
func TestApply(t *testing.T) {
	start := shogi.NewStartPosition()
	other := shogi.NewStartPosition()
	refused := errors.New("refused")
	if q, err := Apply(func(*shogi.Position) (*shogi.Position, error) { return other, nil }, start); q != other || err != nil {
		t.Errorf("a position: %v, %v; want the function's", q, err)
	}
	q, err := Apply(func(*shogi.Position) (*shogi.Position, error) { return nil, refused }, start)
	if q != nil || !errors.Is(err, refused) || err.Error() != "Reader.AdjustStart: refused" {
		t.Errorf("a refusal: %v, %v; want it wrapped under the label", q, err)
	}
	q, err = Apply(func(*shogi.Position) (*shogi.Position, error) { return nil, nil }, start)
	if q != nil || !errors.Is(err, errNoPosition) || err.Error() != "Reader.AdjustStart: no position" {
		t.Errorf("no position: %v, %v", q, err)
	}
}

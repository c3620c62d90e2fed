package errcode

import (
	"errors"
	"fmt"
	"testing"
)

var (
	errA = errors.New("pkg: a")
	errB = errors.New("pkg: b")
)

func TestTableOf(t *testing.T) {
	table := Table{{errA, "a"}, {errB, "b"}}
	for _, tc := range []struct {
		err  error
		want string
	}{
		{nil, ""},
		{errA, "a"},
		{fmt.Errorf("pkg: reading: %w", errB), "b"},
		{errors.New("disk on fire"), "io"},
		{Wrap(errB, errA, "pkg: "), "a"}, // the table's order decides
	} {
		if got := table.Of(tc.err, "io"); got != tc.want {
			t.Errorf("Of(%v) = %q, want %q", tc.err, got, tc.want)
		}
	}
}

func TestWrap(t *testing.T) {
	cause := fmt.Errorf("shogi: move 3: %w", errB)
	err := Wrap(errA, cause, "shogi: ")
	if got, want := err.Error(), "pkg: a: move 3: pkg: b"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	if !errors.Is(err, errA) || !errors.Is(err, errB) {
		t.Errorf("%v is not both its sentinel and its cause", err)
	}
}

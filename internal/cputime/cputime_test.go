package cputime_test

import (
	"testing"
	"time"

	"github.com/kifu-go/shogi/internal/cputime"
)

func TestProcessGrows(t *testing.T) {
	before := cputime.Process()
	deadline := time.Now().Add(50 * time.Millisecond)
	n := 0
	for time.Now().Before(deadline) {
		n++
	}
	if after := cputime.Process(); after <= before {
		t.Errorf("CPU time %v after a busy loop of %d turns, %v before", after, n, before)
	}
	if c := cputime.Children(); c < 0 {
		t.Errorf("children's CPU time %v", c)
	}
}

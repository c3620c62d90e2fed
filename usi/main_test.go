package usi_test

import (
	"os"
	"testing"

	"github.com/kifu-go/shogi/internal/fakeengine"
)

// TestMain runs the test binary as the fake engine when a test starts it so.
func TestMain(m *testing.M) {
	if fakeengine.IsRequested() {
		fakeengine.Main()
	}
	os.Exit(m.Run())
}

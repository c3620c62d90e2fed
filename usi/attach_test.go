package usi_test

import (
	"errors"
	"io"
	"testing"
	"time"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/internal/fakeengine"
	"github.com/kifu-go/shogi/usi"
)

// pipeEnd is one end of a pair of pipes: it reads what the other end writes.
type pipeEnd struct {
	*io.PipeReader
	*io.PipeWriter
}

func (p pipeEnd) Close() error {
	p.PipeReader.Close()
	return p.PipeWriter.Close()
}

// TestNew attaches the client to an engine that runs in the same program and speaks
// through pipes.
func TestNew(t *testing.T) {
	toEngine, fromClient := io.Pipe()
	toClient, fromEngine := io.Pipe()
	done := make(chan int)
	go func() {
		done <- fakeengine.Run([]string{"-name", "Piped"}, toEngine, fromEngine, io.Discard)
		fromEngine.Close()
	}()
	ctx := timeout(t, 5*time.Second)
	e, err := usi.New(ctx, pipeEnd{toClient, fromClient}, usi.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if e.Name() != "Piped" {
		t.Errorf("name %q", e.Name())
	}
	res, err := e.Search(ctx, shogi.NewStartPosition(), usi.Limits{Depth: 1})
	if err != nil || res.BestMove == shogi.NoMove {
		t.Fatalf("%+v, %v", res, err)
	}
	if err := e.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	select {
	case code := <-done:
		if code != 0 {
			t.Errorf("the engine ended with %d", code)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the engine did not end")
	}
	if _, err := e.Search(ctx, shogi.NewStartPosition(), usi.Limits{Depth: 1}); !errors.Is(err, usi.ErrClosed) {
		t.Errorf("Search after Close: %v", err)
	}
	// An engine whose output ends: the error says so.
	toEngine2, fromClient2 := io.Pipe()
	toClient2, fromEngine2 := io.Pipe()
	go func() {
		fakeengine.Run([]string{"-mode", "no-readyok"}, toEngine2, fromEngine2, io.Discard)
	}()
	e, err = usi.New(ctx, pipeEnd{toClient2, fromClient2}, usi.Config{Name: "piped"})
	if err != nil {
		t.Fatal(err)
	}
	fromEngine2.Close()
	if err := e.IsReady(ctx); !errors.Is(err, usi.ErrExited) || err.Error() != "usi: piped: isready: the engine exited: its output ended" {
		t.Errorf("IsReady: %v", err)
	}
	e.Close()
}

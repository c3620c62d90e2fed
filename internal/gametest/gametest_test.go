package gametest

import (
	"errors"
	"io"
	"testing"

	"github.com/kifu-go/shogi"
)

func TestLong(t *testing.T) {
	rec := Long(3000, 7)
	if n := len(rec.Moves()); n != 3000 {
		t.Fatalf("%d moves, want 3000", n)
	}
	p, err := rec.Replay()
	if err != nil {
		t.Fatal(err)
	}
	if !p.HasLegalMove() {
		t.Error("the game ends without a legal move")
	}
	line := rec.MainLine()
	if last := line[len(line)-1]; !last.HasTime || last.Time.Total < last.Time.Spent {
		t.Errorf("last move time %+v", last.Time)
	}
	if Long(50, 7).Moves()[49] != rec.Moves()[49] {
		t.Error("the same seed gave another game")
	}
}

func TestReadAll(t *testing.T) {
	recs := []*shogi.Record{Long(3, 1), Long(5, 2)}
	i := 0
	read := func() (*shogi.Record, error) {
		if i == len(recs) {
			return nil, io.EOF
		}
		i++
		return recs[i-1], nil
	}
	if n, err := ReadAll(read); n != 8 || err != nil {
		t.Errorf("ReadAll = %d, %v; want 8 moves", n, err)
	}
	boom := errors.New("boom")
	if _, err := ReadAll(func() (*shogi.Record, error) { return nil, boom }); err != boom {
		t.Errorf("ReadAll error %v, want %v", err, boom)
	}
}

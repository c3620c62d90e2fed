package tsume

import (
	"context"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/kifu-go/shogi"
)

func TestDbgLine(t *testing.T) {
	p, _ := shogi.ParseSFENUnreachable(os.Getenv("DBG_SFEN"))
	n, _ := strconv.Atoi(os.Getenv("DBG_NODES"))
	v := NewSolver(Options{Nodes: 20_000_000, AnyMate: true, LineNodes: uint64(n), HashBytes: 256 << 20})
	r, s, _ := v.solve(context.Background(), p)
	t.Log(r, r.Nodes)
	l := v.newLiner(s)
	st := time.Now()
	m, ok := l.tsumeLine(boardKey(s.pos))
	t.Log("line", len(m), m, ok, l.nodes, l.undecided, time.Since(st))
}

func TestDbgPhases(t *testing.T) {
	p, _ := shogi.ParseSFENUnreachable(os.Getenv("DBG_SFEN"))
	v := NewSolver(Options{Nodes: 20_000_000, AnyMate: true, LineNodes: 50_000_000, HashBytes: 256 << 20})
	r, s, _ := v.solve(context.Background(), p)
	t.Log(r, r.Nodes)
	l := v.newLiner(s)
	key := boardKey(s.pos)
	st := time.Now()
	n, ok := l.shortest(key)
	t.Log("shortest", n, ok, l.nodes, l.undecided, time.Since(st))
	n0 := l.nodes
	sc := l.deepen(key, int32(n))
	t.Log("deepen", sc/64, l.nodes-n0, l.undecided, time.Since(st))
}

package tsume

import (
	"testing"

	"github.com/kifu-go/shogi"
)

// TestFutilityTestCutShort: a futility test that the line search's own limits stop
// before its budget gives no verdict: none is kept for the position (a later test,
// with nodes enough, decides it), none is counted undecided, and the line search
// stops; a test that runs out of its own budget is a verdict, undecided.
func TestFutilityTestCutShort(t *testing.T) {
	p, err := shogi.ParseSFENUnreachable("6+Pnl/6Sk1/6sp1/9/8P/9/9/9/9 b GS2r2b3gs3n3l15p 1")
	if err != nil {
		t.Fatal(err)
	}
	m, err := shogi.ParseUSIMove("S*1c")
	if err != nil {
		t.Fatal(err)
	}
	newLiner := func() (*liner, *shogi.Position) {
		pos, err := problem(p)
		if err != nil {
			t.Fatal(err)
		}
		l, _ := freshLiner(pos, FutileDrops, 0)
		q := pos.Clone()
		q.PlayUnchecked(m) // the defender to move, mated in 6 plies: a futile verdict
		return l, q
	}
	slot := func(l *liner, q *shogi.Position) *memoEntry {
		return &l.verdicts[q.Hash()&uint64(len(l.verdicts)-1)]
	}

	l, q := newLiner()
	l.max = l.nodes + 3 // fewer nodes left than the test's budget
	if v := l.verdict(q, m.To(), false, false); v != 2 {
		t.Errorf("verdict cut short = %d, want 2 (no verdict)", v)
	}
	if !l.stopped {
		t.Errorf("the line search goes on after a test cut short")
	}
	if e := slot(l, q); e.key == q.Hash() {
		t.Errorf("a verdict cut short is kept: %+v", *e)
	}
	if l.undecided != 0 {
		t.Errorf("a test cut short counted undecided (%d)", l.undecided)
	}
	l.max, l.stopped = 1<<30, false
	if v := l.verdict(q, m.To(), false, false); v != 1 {
		t.Errorf("verdict with nodes enough = %d, want 1 (futile)", v)
	}
	if e := slot(l, q); e.key != q.Hash() || e.exact != 1 {
		t.Errorf("the verdict decided is not kept: %+v", *e)
	}

	// Its own budget too small: an undecided verdict, kept and counted.
	l, q = newLiner()
	if v, cut := l.testFutile(q, m.To(), false, 3); v != 2 || cut {
		t.Errorf("testFutile with a budget of 3 nodes = %d, cut %v; want 2, not cut", v, cut)
	}
	if l.stopped {
		t.Errorf("a test out of its own budget stops the line search")
	}
}

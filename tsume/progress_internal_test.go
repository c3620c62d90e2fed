package tsume

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// TestProgressLineNodesAddUp: Verify's questions search with tsume-line searches of
// their own after Solve's; the line nodes Progress reports add them up rather than
// start again from 0.
func TestProgressLineNodesAddUp(t *testing.T) {
	var got []uint64
	v := NewSolver(Options{HashBytes: 1 << 20})
	begin := time.Now()
	s := &searcher{tt: v.tt}
	s.progress = newReporter(func(p Progress) { got = append(got, p.LineNodes) }, time.Millisecond, begin)
	s.progress.root = s
	v.newLiner(s).nodes = 100
	s.progress.tick(begin.Add(time.Second))
	v.newLiner(s).nodes = 5
	s.progress.tick(begin.Add(2 * time.Second))
	s.progress.tick(begin.Add(2*time.Second + time.Microsecond)) // sooner than the interval: no call
	if diff := cmp.Diff([]uint64{100, 105}, got); diff != "" {
		t.Errorf("line nodes reported (-want +got):\n%s", diff)
	}
}

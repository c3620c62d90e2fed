package shogi_test

import (
	"runtime"
	"strings"
	"testing"

	"github.com/kifu-go/shogi"
)

// TestJudgeLineMemory: judging a long line costs the replay's line of play and 4 bytes
// a position for the repetition count, whatever the line repeats: counted in bytes
// allocated, on a 100 000-move line that repeats its positions without end.
func TestJudgeLineMemory(t *testing.T) {
	const moves = 100_000
	r := record(t, "8k/R8/9/9/9/9/9/9/K8 b - 1", strings.Repeat(" 9b9a 1a1b 9a9b 1b1a", moves/4), nil)
	line := r.MainLine()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, ms, err := r.JudgeLine(line, shogi.Rules{MaxMoves: -1})
	runtime.ReadMemStats(&after)
	if err != nil || len(ms) != 1 || ms[0].Kind != shogi.MismatchMoveAfterEnd || ms[0].Ply != 13 {
		t.Fatalf("JudgeLine = %v, %v; want move-after-end at move 13", ms, err)
	}
	perMove := float64(after.TotalAlloc-before.TotalAlloc) / moves
	t.Logf("%.1f bytes allocated a move", perMove)
	if perMove > 64 {
		t.Errorf("%.1f bytes allocated a move, want at most 64", perMove)
	}
}

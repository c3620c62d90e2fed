package tsume_test

import (
	"context"
	"strings"
	"testing"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/tsume"
)

// FuzzVerify feeds Verify any position and any line: it must answer with findings
// inside the line, or an error for a position that is no problem, and never panic; a
// line it calls correct must replay as a tsume line.
func FuzzVerify(f *testing.F) {
	f.Add("6+Pnl/6Sk1/6sp1/9/8P/9/9/9/9 b GS2r2b3gs3n3l15p 1", "S*1c 2a1c G*1b 2b1b 3b2a 1b2b 3a3b")
	f.Add("6B2/5pk1b/7P1/5R3/9/9/9/9/9 b Gr3g4s4n4l16p 1", "G*3c 3b3c 3a2b+")
	f.Add("5G1k1/9/8+R/9/9/9/9/9/9 b r2b3g4s4n4l18p 1", "1c2c 2a1a 2c1c")
	f.Add("4k4/9/9/9/9/9/9/9/9 w - 1", "")
	f.Fuzz(func(t *testing.T, sfen, line string) {
		p, err := shogi.ParseSFENUnreachable(sfen)
		if err != nil {
			return
		}
		var ms []shogi.Move
		for _, u := range strings.Fields(line) {
			m, err := shogi.ParseUSIMove(u)
			if err != nil {
				return
			}
			ms = append(ms, m)
		}
		if len(ms) > 64 {
			return
		}
		v := tsume.NewSolver(tsume.Options{Nodes: 20_000, LineNodes: 20_000, HashBytes: 1 << 16})
		ver, err := v.Verify(context.Background(), p, ms)
		if err != nil {
			return
		}
		for _, fd := range ver.Findings {
			if fd.Ply < 0 || fd.Ply > len(ms) || fd.Flaw.Code() == "" {
				t.Fatalf("finding %v outside the line of %d plies", fd, len(ms))
			}
		}
		if ver.Correct() {
			checkTsumeLine(t, p, ms, true)
		}
	})
}

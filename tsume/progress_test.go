package tsume_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/kifu-go/shogi/tsume"
)

// TestProgress: Options.Progress is called while the search runs, with counts that only
// grow, bounds of the length that agree with the result's, and never after Solve has
// returned. dlshogi-1207 (dlshogi.tsv) is a game position whose df-pn takes some
// 100 000 nodes and whose tsume line is not settled within the line nodes given, so that
// both searches report; 将棋図巧 第1番 (cshogi-zukou001) is not proven within the nodes
// given by the df-pn alone. The limits are of nodes, not of time: under -race, or on a
// loaded machine, a time limit of 600 ms left the first unproven (unknown, want mate).
func TestProgress(t *testing.T) {
	for _, tc := range []struct {
		sfen   string
		any    bool
		status tsume.Status
	}{
		{"ln6K/9/1sp2+P3/pp4G1p/6P2/+rl+B+R5/k8/+b8/9 b 2G2SNL2Pgs2nl10p 1", false, tsume.Mate},
		{"1pG1B4/Gs+P6/pP7/n1ls5/3k5/nL4+r1b/1+p1p+R4/1S7/2N5K b SP2gn2l11p 1", true, tsume.Unknown},
	} {
		p, any := parse(t, tc.sfen, false), tc.any
		var got []tsume.Progress
		returned := false
		opt := tsume.Options{Nodes: 250_000, LineNodes: 250_000, HashBytes: 8 << 20, Futile: tsume.FutileDrops, AnyMate: any,
			ProgressInterval: 5 * time.Millisecond,
			Progress: func(p tsume.Progress) {
				if returned {
					t.Error("Progress called after Solve returned")
				}
				got = append(got, p)
			}}
		r, err := tsume.Solve(context.Background(), p, opt)
		returned = true
		if err != nil {
			t.Fatal(err)
		}
		if r.Status != tc.status {
			t.Fatalf("any %v: %v, want %v", any, r.Status, tc.status)
		}
		if len(got) < 2 {
			t.Fatalf("any %v: %d calls of Progress in a search of %v, want at least 2", any, len(got), r.Time)
		}
		var last tsume.Progress
		for i, g := range got {
			if g.Nodes < last.Nodes || g.LineNodes < last.LineNodes || g.Elapsed <= last.Elapsed {
				t.Errorf("any %v: call %d %+v after %+v: counts or time went back", any, i, g, last)
			}
			if g.Elapsed < time.Duration(i+1)*opt.ProgressInterval {
				t.Errorf("any %v: call %d at %v, sooner than once an interval", any, i, g.Elapsed)
			}
			if g.HashFull < 0 || g.HashFull > 1000 {
				t.Errorf("any %v: hashfull %d", any, g.HashFull)
			}
			if last.MaxLength > 0 && (g.MaxLength == 0 || g.MaxLength > last.MaxLength) {
				t.Errorf("any %v: MaxLength %d after %d: a bound proven was lost", any, g.MaxLength, last.MaxLength)
			}
			if g.MinLength > 0 && g.MaxLength > 0 && g.MinLength > g.MaxLength {
				t.Errorf("any %v: MinLength %d past MaxLength %d", any, g.MinLength, g.MaxLength)
			}
			if any && (g.LineNodes != 0 || g.MaxLength != 0) {
				t.Errorf("any %v: %+v: the any-mate search has no tsume-line search", any, g)
			}
			last = g
		}
		if last.Nodes > r.Nodes || last.LineNodes > r.LineNodes {
			t.Errorf("any %v: last progress %+v counts more than the result (%d, %d)", any, last, r.Nodes, r.LineNodes)
		}
		if !any && r.MaxLength > 0 && last.MaxLength > 0 && r.MaxLength > last.MaxLength {
			t.Errorf("any %v: result's MaxLength %d longer than the %d reported", any, r.MaxLength, last.MaxLength)
		}
		if !any && last.LineNodes == 0 {
			t.Errorf("any %v: no line nodes reported in %d calls (%d line nodes in all)", any, len(got), r.LineNodes)
		}
	}
}

// TestProgressVerify: while Verify asks its questions, whose tsume-line searches prove
// lengths of other positions, Progress reports the bounds of the result it has, which
// it reported as 0 (a bound proven lost), and line nodes that add up.
func TestProgressVerify(t *testing.T) {
	// dlshogi-1218, recorded as the 29-ply line of its proof (TestVerifyTimeLimit).
	p := parse(t, "lnS1r4/GGs5K/2k5p/pppp5/9/PLPP5/1P+n1PS2P/4G4/g1+r3+p2 b BS2N2L6Pb 1", false)
	line := moves(t, strings.Fields("S*6b 7c6c B*4e 6c5b 6b5a+ 5b5a L*5e B*5d 5e5d S*5c 5d5c 5a4b R*4a 4b4a L*4d "+
		"R*4b S*3b 4a3b 4e2c+ 3b3a 4d4b+ 3a4b R*4a 4b5c B*4d 5c6c 4a4c+ L*5c 4c5c")...)
	var got []tsume.Progress
	v := tsume.NewSolver(tsume.Options{Nodes: 2_000_000, LineNodes: 100_000, HashBytes: 16 << 20,
		ProgressInterval: time.Millisecond, Progress: func(p tsume.Progress) { got = append(got, p) }})
	ver, err := v.Verify(context.Background(), p, line)
	if err != nil {
		t.Fatal(err)
	}
	r := ver.Result
	if r.Status != tsume.Mate || r.MaxLength == 0 {
		t.Fatalf("result %v, max length %d: want a mate of a bounded length", r, r.MaxLength)
	}
	questions := 0
	var last tsume.Progress
	for i, g := range got {
		if g.LineNodes < last.LineNodes {
			t.Errorf("call %d %+v after %+v: line nodes went back", i, g, last)
		}
		if g.LineNodes > r.LineNodes { // Solve's line nodes are the result's; the questions' come after
			questions++
			if g.MaxLength != r.MaxLength || g.MinLength != r.MinLength {
				t.Errorf("call %d during the questions %+v: lengths %d, %d, want the result's %d, %d",
					i, g, g.MaxLength, g.MinLength, r.MaxLength, r.MinLength)
			}
		}
		last = g
	}
	if questions == 0 {
		t.Fatalf("no call of Progress during the questions in %d calls (result's line nodes %d)", len(got), r.LineNodes)
	}
}

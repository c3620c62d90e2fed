package usi_test

import (
	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"pgregory.net/rapid"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/usi"
)

func TestParseInfo(t *testing.T) {
	start := shogi.NewStartPosition()
	afterOne := mustPosition(t, "position startpos moves 7g7f")
	tests := []struct {
		name string
		pos  *shogi.Position
		line string
		want usi.Info
	}{
		{"fairy-stockfish", start,
			"info depth 12 seldepth 19 multipv 1 score cp 146 nodes 113074 nps 267947 tbhits 0 time 422 pv 7g7f 5a4b",
			usi.Info{Depth: 12, SelDepth: 19, MultiPV: 1, Score: usi.Score{Kind: usi.Centipawns, Value: 146},
				Nodes: 113074, NPS: 267947, Time: 422 * time.Millisecond, PV: moves(t, "7g7f", "5a4b")}},
		{"gpsusi", afterOne,
			"info depth 6 seldepth 10 time 404 score cp -23 nodes 198008 nps 489668 pv 3c3d 3i4h 7a6b",
			usi.Info{Side: shogi.White, Depth: 6, SelDepth: 10, Time: 404 * time.Millisecond, Score: usi.Score{Kind: usi.Centipawns, Value: -23},
				Nodes: 198008, NPS: 489668, PV: moves(t, "3c3d", "3i4h", "7a6b")}},
		{"bound", start, "info depth 16 score cp 147 upperbound nodes 888891 hashfull 480 pv 7g7f",
			usi.Info{Depth: 16, Score: usi.Score{Kind: usi.Centipawns, Value: 147, Bound: usi.UpperBound}, Nodes: 888891, HashFull: 480, PV: moves(t, "7g7f")}},
		{"lowerbound", start, "info score cp -5 lowerbound",
			usi.Info{Score: usi.Score{Kind: usi.Centipawns, Value: -5, Bound: usi.LowerBound}}},
		{"mate", start, "info score mate 5 pv 7g7f", usi.Info{Score: usi.Score{Kind: usi.Mate, Value: 5}, PV: moves(t, "7g7f")}},
		{"mated", start, "info score mate -4", usi.Info{Score: usi.Score{Kind: usi.Mate, Value: -4}}},
		{"mate plus", start, "info score mate +", usi.Info{Score: usi.Score{Kind: usi.Mate, Value: usi.MateUnknown}}},
		{"mate minus", start, "info score mate - depth 3", usi.Info{Score: usi.Score{Kind: usi.Mate, Value: -usi.MateUnknown}, Depth: 3}},
		{"currmove", start, "info depth 15 currmove 7i7h currmovenumber 3",
			usi.Info{Depth: 15, CurrMove: mustMove(t, "7i7h"), CurrMoveNumber: 3}},
		{"string", start, "info string  book move: 7g7f  (50%) ", usi.Info{String: "book move: 7g7f  (50%)"}},
		{"string after", start, "info depth 1 string depth 2", usi.Info{Depth: 1, String: "depth 2"}},
		{"unknown words", start, "info foo 12 depth 3 wdl 500 300 200", usi.Info{Depth: 3}},
		{"refutation", start, "info refutation 7g7f 3c3d depth 2 currline 1 7g7f", usi.Info{Depth: 2}},
		{"drops and promotions", mustPosition(t, "position startpos moves 7g7f 3c3d"),
			"info pv 8h2b+ 3a2b B*4e",
			usi.Info{PV: moves(t, "8h2b+", "3a2b", "B*4e")}},
		{"empty", start, "info", usi.Info{}},
		{"nil position", nil, "info pv 1a1b 9i9h", usi.Info{PV: moves(t, "1a1b", "9i9h")}},
	}
	for _, tt := range tests {
		got, err := usi.ParseInfo(tt.pos, tt.line)
		if err != nil {
			t.Errorf("%s: ParseInfo(%q): %v", tt.name, tt.line, err)
			continue
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s: ParseInfo(%q) (-want +got):\n%s", tt.name, tt.line, diff)
		}
	}
}

func TestParseInfoLeavesPositionAlone(t *testing.T) {
	p := mustPosition(t, "position startpos moves 7g7f 3c3d")
	before := p.String()
	if _, err := usi.ParseInfo(p, "info pv 8h2b+ 3a2b B*4e"); err != nil {
		t.Fatal(err)
	}
	if p.String() != before || p.Ply() != 2 {
		t.Errorf("the position changed to %s (ply %d)", p, p.Ply())
	}
}

func TestParseInfoIllegalPV(t *testing.T) {
	start := shogi.NewStartPosition()
	tests := []struct {
		line    string
		wantPV  []shogi.Move
		msg     string
		foul    error // the root package's foul, or nil for a malformed move
		illegal bool
	}{
		{"info depth 3 pv 7g7f 3c3d 7f7e 5i5h", moves(t, "7g7f", "3c3d", "7f7e"),
			`usi: column 32: move 4 "5i5h": illegal move 5i5h at move 4: the piece belongs to the opponent`, shogi.ErrNotYourPiece, true},
		{"info pv 7g7f 3c3x 2g2f score cp 3", moves(t, "7g7f"),
			`usi: column 14: move 2 "3c3x": invalid USI move`, shogi.ErrMoveSyntax, true},
		{"info pv 5e5d", nil,
			`usi: column 9: move 1 "5e5d": illegal move 5e5d at move 1: no piece on the origin square`, shogi.ErrNoPiece, true},
	}
	for _, tt := range tests {
		info, err := usi.ParseInfo(start, tt.line)
		if err != nil {
			t.Errorf("ParseInfo(%q): %v (an illegal PV is no error of the line)", tt.line, err)
			continue
		}
		if diff := cmp.Diff(tt.wantPV, info.PV, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("ParseInfo(%q).PV (-want +got):\n%s", tt.line, diff)
		}
		if info.PVError == nil || info.PVError.Error() != tt.msg {
			t.Errorf("ParseInfo(%q).PVError = %v, want %q", tt.line, info.PVError, tt.msg)
			continue
		}
		if !errors.Is(info.PVError, tt.foul) || !errors.Is(info.PVError, usi.ErrIllegalMove) {
			t.Errorf("ParseInfo(%q).PVError = %v, does not wrap %v and ErrIllegalMove", tt.line, info.PVError, tt.foul)
		}
		var me *usi.MoveError
		if !errors.As(info.PVError, &me) {
			t.Errorf("ParseInfo(%q).PVError is no *MoveError", tt.line)
		}
	}
	// The score and the words after an illegal PV are still read.
	info, _ := usi.ParseInfo(start, "info pv 7g7f 3c3x 2g2f score cp 3")
	if info.Score != (usi.Score{Kind: usi.Centipawns, Value: 3}) {
		t.Errorf("score after an illegal PV: %v", info.Score)
	}
}

func TestParseInfoErrors(t *testing.T) {
	tests := []struct {
		line string
		msg  string
	}{
		{"bestmove 7g7f", `usi: column 1: an info line starts with "info"`},
		{"info depth", "usi: column 11: depth without its value"},
		{"info depth nodes 3", "usi: column 11: depth without its value"},
		{"info depth x", `usi: column 12: depth "x" is not a count`},
		{"info depth -1", `usi: column 12: depth "-1" is not a count`},
		{"info nodes 99999999999999999999", `usi: column 12: nodes "99999999999999999999" is not a count`},
		{"info time 1e3", `usi: column 11: time "1e3" is not a count`},
		{"info multipv 0", "usi: column 14: multipv counts from 1"},
		{"info score", "usi: column 11: expected cp or mate after score"},
		{"info score 30", "usi: column 12: expected cp or mate after score"},
		{"info score cp", "usi: column 14: score cp without its value"},
		{"info score cp abc", `usi: column 15: score cp "abc" is not a number in range`},
		{"info score mate 9999999", `usi: column 17: score mate "9999999" is not a number in range`},
		{"info currmove 5e5d", `usi: column 15: currmove "5e5d" is not a legal move: illegal move 5e5d at move 1: no piece on the origin square`},
		{"info currmove", "usi: column 14: currmove without its value"},
		{"info pv", "usi: column 8: pv without moves"},
		{"info 評価 depth 三", `usi: column 15: depth "三" is not a count`},
	}
	for _, tt := range tests {
		_, err := usi.ParseInfo(shogi.NewStartPosition(), tt.line)
		if err == nil || err.Error() != tt.msg {
			t.Errorf("ParseInfo(%q) = %v, want %q", tt.line, err, tt.msg)
			continue
		}
		if !errors.Is(err, usi.ErrMalformed) {
			t.Errorf("ParseInfo(%q): %v does not wrap ErrMalformed", tt.line, err)
		}
	}
}

func TestScore(t *testing.T) {
	tests := []struct {
		s          usi.Score
		text       string
		black      usi.Score // from White's point of view turned to Black's
		centipawns int
	}{
		{usi.Score{Kind: usi.Centipawns, Value: 30}, "cp 30", usi.Score{Kind: usi.Centipawns, Value: -30}, 30},
		{usi.Score{Kind: usi.Centipawns, Value: -7, Bound: usi.LowerBound}, "cp -7 lowerbound",
			usi.Score{Kind: usi.Centipawns, Value: 7, Bound: usi.UpperBound}, -7},
		{usi.Score{Kind: usi.Mate, Value: 5, Bound: usi.UpperBound}, "mate 5 upperbound",
			usi.Score{Kind: usi.Mate, Value: -5, Bound: usi.LowerBound}, 29995},
		{usi.Score{Kind: usi.Mate, Value: -2}, "mate -2", usi.Score{Kind: usi.Mate, Value: 2}, -29998},
		{usi.Score{Kind: usi.Mate, Value: usi.MateUnknown}, "mate +", usi.Score{Kind: usi.Mate, Value: -usi.MateUnknown}, 30000},
		{usi.Score{Kind: usi.Mate, Value: -usi.MateUnknown}, "mate -", usi.Score{Kind: usi.Mate, Value: usi.MateUnknown}, -30000},
		{usi.Score{}, "none", usi.Score{}, 0},
	}
	for _, tt := range tests {
		if got := tt.s.String(); got != tt.text {
			t.Errorf("%#v.String() = %q, want %q", tt.s, got, tt.text)
		}
		if got := tt.s.For(shogi.White); got != tt.black {
			t.Errorf("%v.For(White) = %v, want %v", tt.s, got, tt.black)
		}
		if got := tt.s.For(shogi.Black); got != tt.s {
			t.Errorf("%v.For(Black) = %v, want it unchanged", tt.s, got)
		}
		if got := tt.s.Centipawns(); got != tt.centipawns {
			t.Errorf("%v.Centipawns() = %d, want %d", tt.s, got, tt.centipawns)
		}
	}
	// An info line of White's search, normalised to Black.
	info, err := usi.ParseInfo(mustPosition(t, "position startpos moves 7g7f"), "info score cp 120 lowerbound")
	if err != nil {
		t.Fatal(err)
	}
	if want := (usi.Score{Kind: usi.Centipawns, Value: -120, Bound: usi.UpperBound}); info.BlackScore() != want {
		t.Errorf("BlackScore = %v, want %v", info.BlackScore(), want)
	}
}

// TestInfoRoundTrip checks that the line Format writes reads back to the same Info, for
// random PVs played from random positions.
func TestInfoRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := shogi.NewStartPosition()
		for range rapid.IntRange(0, 40).Draw(t, "plies") {
			legal := p.LegalMoves()
			if len(legal) == 0 {
				break
			}
			p.PlayUnchecked(legal[rapid.IntRange(0, len(legal)-1).Draw(t, "move")])
		}
		info := usi.Info{
			Side:     p.SideToMove(),
			Depth:    rapid.IntRange(0, 100).Draw(t, "depth"),
			SelDepth: rapid.IntRange(0, 200).Draw(t, "seldepth"),
			Time:     time.Duration(rapid.Int64Range(0, 1<<40).Draw(t, "ms")) * time.Millisecond,
			Nodes:    rapid.Int64Range(0, 1<<62).Draw(t, "nodes"),
			NPS:      rapid.Int64Range(0, 1<<40).Draw(t, "nps"),
			HashFull: rapid.IntRange(0, 1000).Draw(t, "hashfull"),
			MultiPV:  rapid.IntRange(0, 10).Draw(t, "multipv"),
			String:   rapid.SampledFrom([]string{"", "hello", "book 7g7f"}).Draw(t, "string"),
		}
		switch rapid.IntRange(0, 2).Draw(t, "kind") {
		case 1:
			info.Score = usi.Score{Kind: usi.Centipawns, Value: rapid.IntRange(-1<<31+1, 1<<31-1).Draw(t, "cp")}
		case 2:
			v := rapid.SampledFrom([]int{1, -1, 7, -12, usi.MateUnknown, -usi.MateUnknown}).Draw(t, "mate")
			info.Score = usi.Score{Kind: usi.Mate, Value: v}
		}
		if info.Score.Kind != usi.NoScore {
			info.Score.Bound = usi.Bound(rapid.IntRange(0, 2).Draw(t, "bound"))
		}
		q := p.Clone()
		for range rapid.IntRange(0, 12).Draw(t, "pv length") {
			legal := q.LegalMoves()
			if len(legal) == 0 {
				break
			}
			m := legal[rapid.IntRange(0, len(legal)-1).Draw(t, "pv move")]
			info.PV = append(info.PV, m)
			q.PlayUnchecked(m)
		}
		if len(info.PV) > 0 && rapid.Bool().Draw(t, "currmove") {
			info.CurrMove, info.CurrMoveNumber = info.PV[0], rapid.IntRange(1, 50).Draw(t, "currmovenumber")
		}
		line := info.Format()
		got, err := usi.ParseInfo(p, line)
		if err != nil {
			t.Fatalf("ParseInfo(%q): %v", line, err)
		}
		if diff := cmp.Diff(info, got, cmpopts.EquateEmpty()); diff != "" {
			t.Fatalf("%q does not read back (-want +got):\n%s", line, diff)
		}
	})
}

package tsume_test

import (
	"bufio"
	"context"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/tsume"
)

type problem struct {
	name, sfen string
	length     int
	line       string
	source     string
}

func readProblems(t testing.TB, path string) []problem {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var ps []problem
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fs := strings.Split(line, "\t")
		if len(fs) != 5 {
			t.Fatalf("%s: %q: want 5 fields", path, line)
		}
		n, err := strconv.Atoi(fs[2])
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, problem{fs[0], fs[1], n, fs[3], fs[4]})
	}
	return ps
}

func TestProblems(t *testing.T) {
	for _, pr := range readProblems(t, "testdata/problems.tsv") {
		t.Run(pr.name, func(t *testing.T) {
			p, err := shogi.ParseSFENUnreachable(pr.sfen)
			if err != nil {
				t.Fatal(err)
			}
			r, err := tsume.Solve(context.Background(), p, tsume.Options{Nodes: 5_000_000, HashBytes: 8 << 20})
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%v nodes=%d line nodes=%d %v", r, r.Nodes, r.LineNodes, r.Time)
			if r.Status != tsume.Mate || r.Line != tsume.LineTsume || r.Length() != pr.length {
				t.Fatalf("got %v (line %v), want mate in %d", r, r.Line, pr.length)
			}
			checkTsumeLine(t, p, r.Moves, true)
		})
	}
}

// fataler is what checkTsumeLine needs of a *testing.T or a *rapid.T.
type fataler interface {
	Helper()
	Fatalf(format string, args ...any)
}

// checkTsumeLine replays line from p: every attacker move is legal and checks, every
// defender move is legal, and the line ends in checkmate or, when futile is set, in a
// position whose every legal move is an interposition (a drop, or a move of a piece
// other than the king that takes nothing).
func checkTsumeLine(t fataler, p *shogi.Position, line []shogi.Move, futile bool) {
	t.Helper()
	q := p.Clone()
	attacker := q.SideToMove()
	for i, m := range line {
		if err := q.Play(m); err != nil {
			t.Fatalf("move %d %v: %v", i+1, m, err)
		}
		if q.SideToMove() != attacker && !q.InCheck() {
			t.Fatalf("move %d %v gives no check", i+1, m)
		}
	}
	if q.SideToMove() == attacker {
		t.Fatalf("line ends with the defender's move")
	}
	if q.IsCheckmate() {
		return
	}
	if !futile {
		t.Fatalf("line ends in %v, no checkmate", q)
	}
	for m := range q.AllLegalMoves() {
		if !m.IsDrop() && (q.MovedPiece(m).Type() == shogi.King || q.PieceAt(m.To()) != shogi.NoPiece) {
			t.Fatalf("line ends in %v, where %v is no interposition", q, m)
		}
	}
}

// flip returns p turned around: White's pieces become Black's on the opposite squares,
// and the other side moves.
func flip(t testing.TB, p *shogi.Position) *shogi.Position {
	t.Helper()
	st := p.Setup()
	var q shogi.Setup
	for s := shogi.Square(1); s <= shogi.NumSquares; s++ {
		if pc := st.At(s); pc != shogi.NoPiece {
			q.Put(shogi.NumSquares+1-s, shogi.NewPiece(pc.Color().Opponent(), pc.Type()))
		}
	}
	q.Hands[0], q.Hands[1] = st.Hands[1], st.Hands[0]
	q.SideToMove = st.SideToMove.Opponent()
	q.AllowUnreachable = true
	f, err := shogi.NewPosition(q)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestWhiteAttacker solves the problems turned around, White attacking.
func TestWhiteAttacker(t *testing.T) {
	for _, pr := range readProblems(t, "testdata/problems.tsv") {
		p := flip(t, parse(t, pr.sfen, false))
		r, err := tsume.Solve(context.Background(), p, tsume.Options{Nodes: 5_000_000, HashBytes: 8 << 20})
		if err != nil {
			t.Fatal(err)
		}
		if r.Status != tsume.Mate || r.Line != tsume.LineTsume || r.Length() != pr.length {
			t.Errorf("%s turned around: got %v (%v), want mate in %d", pr.name, r, r.Line, pr.length)
			continue
		}
		checkTsumeLine(t, p, r.Moves, true)
	}
}

// TestLineLength gives the tsume-line search too few nodes for the full-width search,
// so that the depth-bounded df-pn finds the length and reads the line (LineLength): the
// length must be the stated one, and the line a tsume. When the 駒余り tie-break of the
// lines of that length finishes too, the line is the tsume line (LineTsume), with as
// many pieces left in hand as the full-width search leaves.
func TestLineLength(t *testing.T) {
	tests := []struct {
		name      string
		lineNodes uint64
	}{
		{"antma-9-2", 40_000},
		{"antma-9-3", 100_000},
		{"tsumemi-3te-9", 4_000},
	}
	problems := map[string]problem{}
	for _, pr := range readProblems(t, "testdata/problems.tsv") {
		problems[pr.name] = pr
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pr := problems[tt.name]
			p := parse(t, pr.sfen, false)
			r, err := tsume.Solve(context.Background(), p, tsume.Options{Nodes: 5_000_000, HashBytes: 8 << 20, LineNodes: tt.lineNodes})
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%v (%v) nodes=%d line nodes=%d", r, r.Line, r.Nodes, r.LineNodes)
			if r.Status != tsume.Mate || r.Line != tsume.LineLength && r.Line != tsume.LineTsume || r.Length() != pr.length {
				t.Fatalf("got %v (line %v), want mate in %d (length or tsume)", r, r.Line, pr.length)
			}
			checkTsumeLine(t, p, r.Moves, true)
			if r.Line == tsume.LineTsume {
				full, err := tsume.Solve(context.Background(), p, tsume.Options{Nodes: 5_000_000, HashBytes: 8 << 20})
				if err != nil {
					t.Fatal(err)
				}
				if full.Line != tsume.LineTsume || full.Length() != r.Length() || full.Left != r.Left {
					t.Fatalf("tie-broken %v leaves %v; the full-width search's %v (%v) leaves %v", r, r.Left, full, full.Line, full.Left)
				}
			}
		})
	}
}

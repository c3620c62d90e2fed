package shogi_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/kifu-go/shogi"
	"pgregory.net/rapid"
)

func TestSquares(t *testing.T) {
	seen := map[shogi.Square]bool{}
	for f := 1; f <= 9; f++ {
		for r := 1; r <= 9; r++ {
			s := shogi.NewSquare(f, r)
			if !s.IsValid() || s.File() != f || s.Rank() != r || seen[s] {
				t.Fatalf("NewSquare(%d, %d) = %d (file %d rank %d)", f, r, s, s.File(), s.Rank())
			}
			seen[s] = true
			if shogi.SquareAt(s.Index()) != s || s.Index() < 0 || s.Index() >= shogi.NumSquares {
				t.Fatalf("%v: Index %d", s, s.Index())
			}
			if fl := s.Flip(); fl.File() != 10-f || fl.Rank() != 10-r || fl.Flip() != s {
				t.Fatalf("%v.Flip() = %v", s, fl)
			}
			text := string([]byte{byte('0' + f), byte('a' + r - 1)})
			if s.String() != text {
				t.Fatalf("%v.String() = %q, want %q", s, s.String(), text)
			}
			if got, ok := shogi.ParseSquare(text); !ok || got != s {
				t.Fatalf("ParseSquare(%q) = %v, %v", text, got, ok)
			}
			if shogi.InPromotionZone(shogi.Black, s) != (r <= 3) || shogi.InPromotionZone(shogi.White, s) != (r >= 7) {
				t.Fatalf("InPromotionZone(%v)", s)
			}
		}
	}
	for _, bad := range [][2]int{{0, 1}, {10, 1}, {1, 0}, {1, 10}, {-1, 5}} {
		if s := shogi.NewSquare(bad[0], bad[1]); s != shogi.NoSquare {
			t.Errorf("NewSquare(%d, %d) = %v, want NoSquare", bad[0], bad[1], s)
		}
	}
	for _, s := range []shogi.Square{shogi.NoSquare, 82, 255} {
		if s.IsValid() || s.String() != "-" {
			t.Errorf("Square(%d): IsValid %v String %q", s, s.IsValid(), s.String())
		}
	}
	for _, text := range []string{"", "0a", "1j", "a1", "10a", "1A", "5"} {
		if _, ok := shogi.ParseSquare(text); ok {
			t.Errorf("ParseSquare(%q) succeeded", text)
		}
	}
}

func TestPieces(t *testing.T) {
	for c := shogi.Black; c <= shogi.White; c++ {
		for pt := shogi.Pawn; pt <= shogi.Dragon; pt++ {
			p := shogi.NewPiece(c, pt)
			if !p.IsValid() || p.Color() != c || p.Type() != pt || p == shogi.NoPiece {
				t.Errorf("NewPiece(%v, %v) = %#x", c, pt, uint8(p))
			}
			if pt.Promote().Unpromote() != pt.Unpromote() || pt.Unpromote().IsPromoted() {
				t.Errorf("%v: Promote/Unpromote", pt)
			}
			if pt.CanPromote() != (pt.Promote() != pt) || pt.IsPromoted() != (pt.Unpromote() != pt) {
				t.Errorf("%v: CanPromote %v IsPromoted %v", pt, pt.CanPromote(), pt.IsPromoted())
			}
			if pt.CanDrop() != (pt <= shogi.Gold) {
				t.Errorf("%v.CanDrop() = %v", pt, pt.CanDrop())
			}
			// The letter round-trips through an SFEN.
			want := pt.Letter()
			if c == shogi.White {
				want = string(append([]byte(want[:len(want)-1]), want[len(want)-1]+'a'-'A'))
			}
			if p.String() != want || pt.String() == "" || pt.String() == "invalid" {
				t.Errorf("%v %v: String %q, want %q", c, pt, p.String(), want)
			}
		}
	}
	if shogi.Gold.CanPromote() || shogi.King.CanPromote() || shogi.King.CanDrop() {
		t.Error("gold or king promotes, or king drops")
	}
	if shogi.NoPiece.IsValid() || shogi.NoPiece.String() != "" || shogi.NoPieceType.IsValid() {
		t.Error("NoPiece is valid")
	}
	if shogi.Black.Opponent() != shogi.White || shogi.White.Opponent() != shogi.Black || shogi.Sente != shogi.Black || shogi.Gote != shogi.White {
		t.Error("colours")
	}
}

func TestHand(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var h shogi.Hand
		var model [shogi.NumPieceTypes]int
		for _, pt := range shogi.HandTypes {
			n := rapid.IntRange(0, shogi.MaxInHand[pt]).Draw(t, pt.String())
			h = h.WithCount(pt, n)
			model[pt] = n
		}
		ops := rapid.SliceOfN(rapid.SampledFrom(shogi.HandTypes[:]), 0, 30).Draw(t, "ops")
		for i, pt := range ops {
			if i%2 == 0 && model[pt] < shogi.MaxInHand[pt] {
				h = h.Add(pt.Promote()) // a captured promoted piece goes to hand unpromoted
				model[pt]++
			} else if model[pt] > 0 {
				h = h.Remove(pt)
				model[pt]--
			}
		}
		empty, total := true, 0
		for _, pt := range shogi.HandTypes {
			if h.Count(pt) != model[pt] || h.Count(pt.Promote()) != model[pt] || h.Has(pt) != (model[pt] > 0) {
				t.Fatalf("Count(%v) = %d, want %d", pt, h.Count(pt), model[pt])
			}
			if model[pt] > 0 {
				empty = false
			}
			total += model[pt]
		}
		if h.Total() != total {
			t.Fatalf("Total() = %d, want %d", h.Total(), total)
		}
		if h.IsEmpty() != empty || h.Count(shogi.King) != 0 {
			t.Fatalf("IsEmpty %v, want %v", h.IsEmpty(), empty)
		}
		if empty != (h.String() == "-") {
			t.Fatalf("String %q", h.String())
		}
	})
}

func TestMoves(t *testing.T) {
	sq := shogi.NewSquare
	for from := shogi.Square(1); from <= shogi.NumSquares; from++ {
		for to := shogi.Square(1); to <= shogi.NumSquares; to++ {
			for _, promote := range []bool{false, true} {
				m := shogi.NewMove(from, to, promote)
				if m.From() != from || m.To() != to || m.IsPromotion() != promote || m.IsDrop() || m.DropType() != shogi.NoPieceType {
					t.Fatalf("NewMove(%v, %v, %v) reads back wrong", from, to, promote)
				}
				if m.IsValid() != (from != to) {
					t.Fatalf("%v.IsValid() = %v", m, m.IsValid())
				}
				if from == to {
					continue
				}
				got, err := shogi.ParseUSIMove(m.String())
				if err != nil || got != m {
					t.Fatalf("ParseUSIMove(%q) = %v, %v", m.String(), got, err)
				}
			}
		}
	}
	for pt := shogi.PieceType(0); pt < 16; pt++ {
		for to := shogi.Square(1); to <= shogi.NumSquares; to++ {
			m := shogi.NewDrop(pt, to)
			if !m.IsDrop() || m.To() != to || m.From() != shogi.NoSquare || m.DropType() != pt || m.IsPromotion() {
				t.Fatalf("NewDrop(%v, %v) reads back wrong", pt, to)
			}
			if m.IsValid() != pt.CanDrop() {
				t.Fatalf("%v.IsValid() = %v", m, m.IsValid())
			}
			if !m.IsValid() {
				if m.String() != "invalid" {
					t.Fatalf("invalid drop String %q", m.String())
				}
				continue
			}
			got, err := shogi.ParseUSIMove(m.String())
			if err != nil || got != m {
				t.Fatalf("ParseUSIMove(%q) = %v, %v", m.String(), got, err)
			}
		}
	}
	for text, want := range map[string]shogi.Move{
		"7g7f":  shogi.NewMove(sq(7, 7), sq(7, 6), false),
		"8h2b+": shogi.NewMove(sq(8, 8), sq(2, 2), true),
		"P*5e":  shogi.NewDrop(shogi.Pawn, sq(5, 5)),
		"r*1a":  shogi.NewDrop(shogi.Rook, sq(1, 1)),
	} {
		if got, err := shogi.ParseUSIMove(text); err != nil || got != want {
			t.Errorf("ParseUSIMove(%q) = %v, %v; want %v", text, got, err, want)
		}
	}
	for _, bad := range []string{"", "7g7g", "7g7", "7g7f=", "7g7f++", "K*5e", "+P*5e", "P*5", "P*0e", "0a1a", "7g7j", "P-5e", " 7g7f", "7g7f "} {
		if m, err := shogi.ParseUSIMove(bad); !errors.Is(err, shogi.ErrMoveSyntax) || m != shogi.NoMove {
			t.Errorf("ParseUSIMove(%q) = %v, %v; want ErrMoveSyntax", bad, m, err)
		}
	}
	if shogi.NoMove.String() != "none" || shogi.NoMove.IsValid() {
		t.Error("NoMove")
	}
}

func TestMoveList(t *testing.T) {
	var l shogi.MoveList
	if l.Len() != 0 || len(l.Moves()) != 0 {
		t.Fatal("zero MoveList is not empty")
	}
	for i := range shogi.MoveListCapacity {
		l.Add(shogi.Move(i + 1))
	}
	if l.Len() != shogi.MoveListCapacity || l.At(599) != 600 || !l.Contains(17) || l.Contains(601) {
		t.Fatalf("full list: Len %d", l.Len())
	}
	n := 0
	for m := range l.All() {
		n++
		if m == 10 {
			break
		}
	}
	if n != 10 {
		t.Fatalf("All stopped after %d", n)
	}
	func() {
		defer func() {
			if recover() == nil {
				t.Error("Add on a full list did not panic")
			}
		}()
		l.Add(1)
	}()
	func() {
		defer func() {
			if recover() == nil {
				t.Error("At beyond Len did not panic")
			}
		}()
		l.Reset()
		_ = l.At(0)
	}()
}

// TestBitboards checks the Bitboard operations against a set of squares.
func TestBitboards(t *testing.T) {
	squares := rapid.SliceOf(rapid.Custom(func(t *rapid.T) shogi.Square {
		return shogi.Square(rapid.IntRange(1, shogi.NumSquares).Draw(t, "square"))
	}))
	bb := func(ss []shogi.Square) shogi.Bitboard {
		var b shogi.Bitboard
		for _, s := range ss {
			b = b.Or(shogi.SquareBB(s))
		}
		return b
	}
	set := func(ss []shogi.Square) []shogi.Square {
		ss = slices.Clone(ss)
		slices.Sort(ss)
		return slices.Compact(ss)
	}
	rapid.Check(t, func(t *rapid.T) {
		as, bs := set(squares.Draw(t, "a")), set(squares.Draw(t, "b"))
		a, b := bb(as), bb(bs)
		var got []shogi.Square
		for s := range a.Squares {
			got = append(got, s)
		}
		if !slices.Equal(got, as) && !(len(got) == 0 && len(as) == 0) {
			t.Fatalf("Squares = %v, want %v", got, as)
		}
		if a.Count() != len(as) || a.IsEmpty() != (len(as) == 0) || a.More() != (len(as) > 1) {
			t.Fatalf("%v: Count %d IsEmpty %v More %v", as, a.Count(), a.IsEmpty(), a.More())
		}
		first := shogi.NoSquare
		if len(as) > 0 {
			first = as[0]
		}
		if a.First() != first {
			t.Fatalf("First = %v, want %v", a.First(), first)
		}
		if len(as) > 0 {
			c := a
			if s := c.Pop(); s != as[0] || c != bb(as[1:]) {
				t.Fatalf("Pop = %v", s)
			}
		}
		for s := shogi.Square(1); s <= shogi.NumSquares; s++ {
			inA, inB := slices.Contains(as, s), slices.Contains(bs, s)
			if a.Has(s) != inA || a.And(b).Has(s) != (inA && inB) || a.Or(b).Has(s) != (inA || inB) ||
				a.Xor(b).Has(s) != (inA != inB) || a.AndNot(b).Has(s) != (inA && !inB) || a.Not().Has(s) == inA {
				t.Fatalf("set operations disagree on %v", s)
			}
		}
		if a.Not().Not() != a || a.Not().Count() != shogi.NumSquares-len(as) {
			t.Fatalf("Not leaves the board: %+v", a.Not())
		}
		if a.Lo&1 != 0 || a.Not().Lo&1 != 0 || a.Not().Hi>>18 != 0 {
			t.Fatalf("bits outside the board: %+v", a.Not())
		}
		if len(a.String()) != 90 {
			t.Fatalf("String has %d bytes", len(a.String()))
		}
	})
}

// TestAttacksAgreeWithReference compares Attacks, IsAttacked, Attackers and Checkers
// with the reference generator's attack scan on random positions.
func TestAttacksAgreeWithReference(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := drawPosition(t, maxRandomPlies)
		r := refFromPosition(p)
		occ := p.Occupied()
		var checkers shogi.Bitboard
		var attackers [2][shogi.NumSquares + 1]shogi.Bitboard // by colour and attacked square
		king := p.King(p.SideToMove())
		for s := shogi.Square(1); s <= shogi.NumSquares; s++ {
			for c := shogi.Black; c <= shogi.White; c++ {
				if p.IsAttacked(s, c) != r.attacked(s.File(), s.Rank(), c) {
					t.Fatalf("%s: IsAttacked(%v, %v) = %v", p, s, c, p.IsAttacked(s, c))
				}
			}
			pc := p.PieceAt(s)
			if pc == shogi.NoPiece {
				if occ.Has(s) {
					t.Fatalf("%s: %v empty but occupied", p, s)
				}
				continue
			}
			if !p.ColorPieces(pc.Color()).Has(s) || !p.Pieces(pc.Color(), pc.Type()).Has(s) {
				t.Fatalf("%s: %v on %v missing from the bitboards", p, pc, s)
			}
			var want shogi.Bitboard
			r.targets(s.File(), s.Rank(), func(f, k int) { want = want.Or(shogi.SquareBB(shogi.NewSquare(f, k))) })
			if got := shogi.Attacks(pc, s, occ); got != want {
				t.Fatalf("%s: Attacks(%v, %v) =\n%v want\n%v", p, pc, s, got, want)
			}
			if king != shogi.NoSquare && pc.Color() != p.SideToMove() && want.Has(king) {
				checkers = checkers.Or(shogi.SquareBB(s))
			}
			for to := shogi.Square(1); to <= shogi.NumSquares; to++ {
				if want.Has(to) {
					attackers[pc.Color()][to] = attackers[pc.Color()][to].Or(shogi.SquareBB(s))
				}
			}
		}
		for s := shogi.Square(1); s <= shogi.NumSquares; s++ {
			for c := shogi.Black; c <= shogi.White; c++ {
				if got := p.Attackers(s, c); got != attackers[c][s] {
					t.Fatalf("%s: Attackers(%v, %v) =\n%v want\n%v", p, s, c, got, attackers[c][s])
				}
			}
		}
		if p.Checkers() != checkers {
			t.Fatalf("%s: Checkers =\n%v want\n%v", p, p.Checkers(), checkers)
		}
		for c := shogi.Black; c <= shogi.White; c++ {
			if k := p.King(c); k != shogi.NoSquare && p.PieceAt(k) != shogi.NewPiece(c, shogi.King) {
				t.Fatalf("%s: King(%v) = %v", p, c, k)
			}
		}
	})
	if !shogi.Attacks(shogi.NoPiece, 5, shogi.Bitboard{}).IsEmpty() || !shogi.Attacks(shogi.NewPiece(shogi.Black, shogi.Rook), shogi.NoSquare, shogi.Bitboard{}).IsEmpty() {
		t.Error("Attacks of nothing is not empty")
	}
}

// TestHistoryAccessors checks Moves, LastMove, LastCaptured, Ply and UnmarshalText.
func TestHistoryAccessors(t *testing.T) {
	p := shogi.NewStartPosition()
	if p.LastMove() != shogi.NoMove || p.LastCaptured() != shogi.NoPiece || p.Ply() != 0 || len(p.Moves()) != 0 {
		t.Fatal("a new position has history")
	}
	line := []string{"7g7f", "3c3d", "8h2b+", "3a2b"}
	playLine(t, p, strings.Join(line, " "))
	moves := p.Moves()
	for i, s := range line {
		if moves[i] != usi(t, s) {
			t.Fatalf("Moves()[%d] = %v, want %s", i, moves[i], s)
		}
	}
	moves[0] = shogi.NoMove // a copy: the position keeps its own
	if p.Moves()[0] != usi(t, "7g7f") {
		t.Fatal("Moves() shares the position's storage")
	}
	if p.LastCaptured() != shogi.NewPiece(shogi.Black, shogi.Horse) || p.Ply() != 4 || p.MoveNumber() != 5 {
		t.Fatalf("LastCaptured %v Ply %d MoveNumber %d", p.LastCaptured(), p.Ply(), p.MoveNumber())
	}
	p.Undo()
	if p.LastCaptured() != shogi.NewPiece(shogi.White, shogi.Bishop) || p.LastMove() != usi(t, "8h2b+") {
		t.Fatalf("after Undo: LastCaptured %v LastMove %v", p.LastCaptured(), p.LastMove())
	}
	sfen := p.String()
	if err := p.UnmarshalText([]byte(sfen)); err != nil {
		t.Fatal(err)
	}
	if p.Ply() != 0 || p.String() != sfen || p.Undo() != shogi.NoMove {
		t.Fatalf("UnmarshalText kept the history: ply %d", p.Ply())
	}
	if err := p.UnmarshalText([]byte("garbage")); err == nil || p.String() != sfen {
		t.Fatalf("a failed UnmarshalText changed the position: %v %s", err, p)
	}
	legal := p.LegalMoves()
	legal[0] = shogi.NoMove
	if p.LegalMoves()[0] == shogi.NoMove {
		t.Fatal("LegalMoves shares storage between calls")
	}
}

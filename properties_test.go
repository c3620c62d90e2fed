package shogi_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/kifu-go/shogi"
	"pgregory.net/rapid"
)

const maxRandomPlies = 150

// TestPlayUndoRestores: playing any legal move and taking it back restores the
// position (Equal and SFEN), its hash and its history.
func TestPlayUndoRestores(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := drawPosition(t, maxRandomPlies)
		before, sfen, hash, ply := p.Clone(), p.String(), p.Hash(), p.Ply()
		last := p.LastMove()
		for _, m := range p.LegalMoves() {
			moved, captured := p.MovedPiece(m), p.CapturedPiece(m)
			if err := p.Play(m); err != nil {
				t.Fatalf("%s: Play(%v): %v", sfen, m, err)
			}
			if err := p.Invariants(); err != nil {
				t.Fatalf("%s after %v: %v", sfen, m, err)
			}
			if p.LastMove() != m || p.LastCaptured() != captured || p.Ply() != ply+1 {
				t.Fatalf("%s after %v: LastMove %v LastCaptured %v Ply %d", sfen, m, p.LastMove(), p.LastCaptured(), p.Ply())
			}
			want := moved
			if m.IsPromotion() {
				want = shogi.NewPiece(moved.Color(), moved.Type().Promote())
			}
			if got := p.PieceAt(m.To()); got != want {
				t.Fatalf("%s after %v: %v on %v, want %v", sfen, m, got, m.To(), want)
			}
			if got := p.Undo(); got != m {
				t.Fatalf("%s: Undo() = %v, want %v", sfen, got, m)
			}
			if !p.Equal(before) || p.String() != sfen || p.Hash() != hash || p.Ply() != ply || p.LastMove() != last {
				t.Fatalf("%s: Play(%v)+Undo gives %s (hash %#x, ply %d), want hash %#x ply %d",
					sfen, m, p, p.Hash(), p.Ply(), hash, ply)
			}
		}
		if err := p.Invariants(); err != nil {
			t.Fatal(err)
		}
	})
}

// TestUndoToStart undoes a whole random line: every position comes back.
func TestUndoToStart(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := drawPosition(t, maxRandomPlies)
		var sfens []string
		var hashes []uint64
		for p.Ply() > 0 {
			sfens = append(sfens, p.String())
			hashes = append(hashes, p.Hash())
			m := p.LastMove()
			if got := p.Undo(); got != m {
				t.Fatalf("Undo() = %v, LastMove was %v", got, m)
			}
			if err := p.Invariants(); err != nil {
				t.Fatal(err)
			}
			q := p.Clone()
			if err := q.Play(m); err != nil {
				t.Fatalf("replaying %v on %s: %v", m, p, err)
			}
			if q.String() != sfens[len(sfens)-1] || q.Hash() != hashes[len(hashes)-1] {
				t.Fatalf("replaying %v on %s gives %s, want %s", m, p, q, sfens[len(sfens)-1])
			}
		}
		if p.Undo() != shogi.NoMove {
			t.Fatal("Undo at the start position did not return NoMove")
		}
	})
}

// TestHashMatchesRecomputed: the incremental hash equals the hash computed from
// scratch, and positions that are equal (apart from the move number) hash alike.
func TestHashMatchesRecomputed(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := drawPosition(t, maxRandomPlies)
		if h := p.RecomputedHash(); h != p.Hash() {
			t.Fatalf("%s: incremental hash %#x, recomputed %#x", p, p.Hash(), h)
		}
		q := mustParse(t, p.String())
		if q.Hash() != p.Hash() {
			t.Fatalf("%s: hash %#x, hash of its parsed SFEN %#x", p, p.Hash(), q.Hash())
		}
		s := p.Setup()
		s.MoveNumber += 7
		r, err := shogi.NewPosition(s)
		if err != nil {
			t.Fatal(err)
		}
		if r.Hash() != p.Hash() {
			t.Fatalf("%s: the move number changed the hash", p)
		}
	})
}

// TestSFENRoundTrip: String → ParseSFEN gives an Equal position with the same SFEN,
// and Setup → NewPosition does too.
func TestSFENRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := drawPosition(t, maxRandomPlies)
		sfen := p.String()
		q, err := shogi.ParseSFEN(sfen)
		if err != nil {
			t.Fatalf("ParseSFEN(%q): %v", sfen, err)
		}
		if !q.Equal(p) || q.String() != sfen {
			t.Fatalf("ParseSFEN(%q) gives %q", sfen, q)
		}
		if q.Ply() != 0 || q.LastMove() != shogi.NoMove {
			t.Fatalf("a parsed position has history: ply %d", q.Ply())
		}
		r, err := shogi.NewPosition(p.Setup())
		if err != nil {
			t.Fatalf("NewPosition(Setup of %s): %v", sfen, err)
		}
		if !r.Equal(p) {
			t.Fatalf("NewPosition(Setup()) gives %s, want %s", r, sfen)
		}
		text, err := p.MarshalText()
		if err != nil || string(text) != sfen {
			t.Fatalf("MarshalText = %q, %v", text, err)
		}
		var u shogi.Position
		if err := u.UnmarshalText(text); err != nil || !u.Equal(p) {
			t.Fatalf("UnmarshalText(%q) = %s, %v", text, &u, err)
		}
		if diff := cmp.Diff(sortedMoves(p.LegalMoves()), sortedMoves(q.LegalMoves()), cmpopts.EquateEmpty()); diff != "" {
			t.Fatalf("%s: the parsed position has other moves (-played +parsed):\n%s", sfen, diff)
		}
	})
}

// checkAgainstReference compares GenerateMoves with the reference generator and with
// the other views of the move list.
func checkAgainstReference(t tHelper, p *shogi.Position) {
	t.Helper()
	var list shogi.MoveList
	p.GenerateMoves(&list)
	got := sortedMoves(list.Moves())
	for i := 1; i < len(got); i++ {
		if got[i] == got[i-1] {
			t.Fatalf("%s: GenerateMoves lists %v twice", p, got[i])
		}
	}
	want := sortedMoves(referenceMoves(p))
	if diff := cmp.Diff(want, got, cmpopts.EquateEmpty(), cmp.Transformer("usi", shogi.Move.String)); diff != "" {
		t.Fatalf("%s: GenerateMoves disagrees with the reference generator (-reference +generated):\n%s", p, diff)
	}
	var fromIter []shogi.Move
	for m := range p.AllLegalMoves() {
		fromIter = append(fromIter, m)
	}
	if diff := cmp.Diff(list.Moves(), fromIter, cmpopts.EquateEmpty()); diff != "" {
		t.Fatalf("%s: AllLegalMoves differs from GenerateMoves:\n%s", p, diff)
	}
	if diff := cmp.Diff(list.Moves(), p.LegalMoves(), cmpopts.EquateEmpty()); diff != "" {
		t.Fatalf("%s: LegalMoves differs from GenerateMoves:\n%s", p, diff)
	}
	if p.HasLegalMove() != (len(want) > 0) || p.IsCheckmate() != (len(want) == 0) {
		t.Fatalf("%s: HasLegalMove %v IsCheckmate %v with %d legal moves", p, p.HasLegalMove(), p.IsCheckmate(), len(want))
	}
	if p.InCheck() != refFromPosition(p).inCheck(p.SideToMove()) || p.InCheck() != !p.Checkers().IsEmpty() {
		t.Fatalf("%s: InCheck %v, checkers %v", p, p.InCheck(), p.Checkers())
	}
}

// TestGeneratorAgreesWithReference compares the generator with the reference on
// random positions.
func TestGeneratorAgreesWithReference(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		checkAgainstReference(t, drawPosition(t, maxRandomPlies))
	})
}

// TestGeneratorAgreesWithReferenceAlongGames compares the generator with the
// reference at every position of seeded random games, from every start position.
func TestGeneratorAgreesWithReferenceAlongGames(t *testing.T) {
	plies := 150
	if testing.Short() {
		plies = 30
	}
	for i, sfen := range startSFENs {
		t.Run(fmt.Sprintf("start%02d", i), func(t *testing.T) {
			t.Parallel()
			rng := rand.New(rand.NewPCG(1, uint64(i)))
			p := mustParse(t, sfen)
			for range plies {
				checkAgainstReference(t, p)
				moves := p.LegalMoves()
				if len(moves) == 0 {
					break
				}
				// Prefer captures and drops now and then to reach richer hands.
				m := moves[rng.IntN(len(moves))]
				for _, c := range moves {
					if p.CapturedPiece(c) != shogi.NoPiece && rng.IntN(3) == 0 {
						m = c
						break
					}
				}
				p.PlayUnchecked(m)
			}
		})
	}
}

// allCandidates returns every board move from/to with both promotion flags, every drop
// of every type value on every square, and some malformed moves.
func allCandidates() []shogi.Move {
	var ms []shogi.Move
	for from := shogi.Square(0); from <= shogi.NumSquares; from++ {
		for to := shogi.Square(0); to <= shogi.NumSquares; to++ {
			ms = append(ms, shogi.NewMove(from, to, false), shogi.NewMove(from, to, true))
		}
	}
	for t := range shogi.PieceType(16) {
		for to := shogi.Square(0); to <= shogi.NumSquares; to++ {
			ms = append(ms, shogi.NewDrop(t, to))
		}
	}
	return ms
}

var candidates = allCandidates()

// fouls are the reasons CheckMove may give.
var fouls = []error{shogi.ErrInvalidMove, shogi.ErrNoPiece, shogi.ErrNotYourPiece, shogi.ErrCannotMove,
	shogi.ErrPathBlocked, shogi.ErrCaptureOwn, shogi.ErrPromotionOutsideZone, shogi.ErrCannotPromote,
	shogi.ErrAlreadyPromoted, shogi.ErrMustPromote, shogi.ErrNotInHand, shogi.ErrDropOccupied,
	shogi.ErrDropPromoted, shogi.ErrDeadDrop, shogi.ErrNifu, shogi.ErrUchifuzume, shogi.ErrKingInCheck}

// checkMoveAgrees checks CheckMove, IsLegal and Play on m against the legal list.
func checkMoveAgrees(t tHelper, p *shogi.Position, legal *shogi.MoveList, m shogi.Move) {
	err := p.CheckMove(m)
	isLegal := legal.Contains(m)
	if (err == nil) != isLegal || p.IsLegal(m) != isLegal {
		t.Fatalf("%s: move %v (%#x): generated %v, CheckMove %v, IsLegal %v", p, m, uint32(m), isLegal, err, p.IsLegal(m))
	}
	if err != nil {
		var ie *shogi.IllegalMoveError
		if !errors.As(err, &ie) || ie.Ply != p.MoveNumber() || ie.Move != m {
			t.Fatalf("%s: CheckMove(%v) = %#v, want an *IllegalMoveError with Ply %d", p, m, err, p.MoveNumber())
		}
		known := false
		for _, f := range fouls {
			if ie.Reason == f {
				known = true
			}
		}
		if !known {
			t.Fatalf("%s: CheckMove(%v) reason %v is not one of the sentinels", p, m, ie.Reason)
		}
	}
}

// TestCheckMoveAgreesWithGeneration tries every from/to/promotion and drop candidate
// and random garbage: CheckMove accepts exactly the generated moves, and an illegal
// Play leaves the position unchanged.
func TestCheckMoveAgreesWithGeneration(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := drawPosition(t, maxRandomPlies)
		var legal shogi.MoveList
		p.GenerateMoves(&legal)
		for _, m := range candidates {
			checkMoveAgrees(t, p, &legal, m)
		}
		garbage := rapid.SliceOfN(rapid.Uint32(), 0, 200).Draw(t, "garbage")
		for _, g := range garbage {
			checkMoveAgrees(t, p, &legal, shogi.Move(g))
		}
		// A legal move with stray high bits is not the same move.
		for _, m := range legal.Moves() {
			for _, bit := range []uint32{1 << 20, 1 << 24, 1 << 31} {
				checkMoveAgrees(t, p, &legal, m|shogi.Move(bit))
			}
		}
		sfen, hash := p.String(), p.Hash()
		m := shogi.Move(rapid.Uint32().Draw(t, "illegal"))
		if err := p.Play(m); err != nil {
			if p.String() != sfen || p.Hash() != hash {
				t.Fatalf("refused Play(%v) changed the position", m)
			}
		}
	})
}

// TestTwinPositions: a position and its 180°-rotated, colour-swapped twin have the
// same moves (flipped) and the same perft counts.
func TestTwinPositions(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := drawPosition(t, maxRandomPlies)
		q := twin(t, p)
		var flipped []shogi.Move
		for _, m := range p.LegalMoves() {
			flipped = append(flipped, flipMove(m))
		}
		if diff := cmp.Diff(sortedMoves(flipped), sortedMoves(q.LegalMoves()), cmpopts.EquateEmpty(), cmp.Transformer("usi", shogi.Move.String)); diff != "" {
			t.Fatalf("%s and its twin %s: moves differ (-flipped +twin):\n%s", p, q, diff)
		}
		if p.InCheck() != q.InCheck() {
			t.Fatalf("%s: InCheck %v, twin %v", p, p.InCheck(), q.InCheck())
		}
		n2 := p.Perft(2)
		if m2 := q.Perft(2); n2 != m2 {
			t.Fatalf("%s: Perft(2) = %d, twin %d", p, n2, m2)
		}
		if n2 < 20_000 {
			if n3, m3 := p.Perft(3), q.Perft(3); n3 != m3 {
				t.Fatalf("%s: Perft(3) = %d, twin %d", p, n3, m3)
			}
		}
		if back := twin(t, q); !back.Equal(p) {
			t.Fatalf("the twin of the twin of %s is %s", p, back)
		}
	})
}

// TestTwinPerftTable checks the twins of the perft.md positions against the table.
func TestTwinPerftTable(t *testing.T) {
	for _, tc := range perftCases {
		q := twin(t, mustParse(t, tc.sfen))
		for i, want := range tc.counts {
			if want > 1_000_000 {
				break
			}
			if got := q.Perft(i + 1); got != want {
				t.Errorf("%s twin %s: Perft(%d) = %d, want %d", tc.name, q, i+1, got, want)
			}
		}
	}
}

// TestPlayUndoCloneStateMachine runs random sequences of Play, Undo, Clone and
// PlayUnchecked against a model: the stack of SFENs and hashes of the line.
func TestPlayUndoCloneStateMachine(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := mustParse(t, rapid.SampledFrom(startSFENs).Draw(t, "start"))
		type entry struct {
			sfen string
			hash uint64
			move shogi.Move
		}
		stack := []entry{{p.String(), p.Hash(), shogi.NoMove}}
		t.Repeat(map[string]func(*rapid.T){
			"play": func(t *rapid.T) {
				moves := p.LegalMoves()
				if len(moves) == 0 {
					t.Skip("no legal move")
				}
				m := moves[rapid.IntRange(0, len(moves)-1).Draw(t, "move")]
				if err := p.Play(m); err != nil {
					t.Fatalf("Play(%v): %v", m, err)
				}
				stack = append(stack, entry{p.String(), p.Hash(), m})
			},
			"playUnchecked": func(t *rapid.T) {
				var list shogi.MoveList
				p.GenerateMoves(&list)
				if list.Len() == 0 {
					t.Skip("no legal move")
				}
				m := list.At(rapid.IntRange(0, list.Len()-1).Draw(t, "move"))
				p.PlayUnchecked(m)
				stack = append(stack, entry{p.String(), p.Hash(), m})
			},
			"illegal": func(t *rapid.T) {
				m := rapid.SampledFrom(candidates).Draw(t, "candidate")
				if p.IsLegal(m) {
					t.Skip("legal")
				}
				if err := p.Play(m); err == nil {
					t.Fatalf("Play(%v) accepted an illegal move", m)
				}
			},
			"undo": func(t *rapid.T) {
				m := p.Undo()
				if len(stack) == 1 {
					if m != shogi.NoMove {
						t.Fatalf("Undo at the start = %v, want NoMove", m)
					}
					return
				}
				if top := stack[len(stack)-1]; m != top.move {
					t.Fatalf("Undo() = %v, want %v", m, top.move)
				}
				stack = stack[:len(stack)-1]
			},
			"clone": func(t *rapid.T) {
				q := p.Clone()
				if !q.Equal(p) || q.Hash() != p.Hash() || q.Ply() != p.Ply() {
					t.Fatalf("Clone differs: %s", q)
				}
				// The clone is independent: changing it leaves p alone.
				if moves := q.LegalMoves(); len(moves) > 0 {
					q.PlayUnchecked(moves[0])
				}
				for q.Undo() != shogi.NoMove {
				}
				if top := stack[len(stack)-1]; p.String() != top.sfen {
					t.Fatalf("playing on a clone changed the original")
				}
				if q.String() != stack[0].sfen {
					t.Fatalf("the clone undone to its start is %s, want %s", q, stack[0].sfen)
				}
				if rapid.Bool().Draw(t, "continue on clone") {
					q2 := p.Clone()
					p = q2
				}
			},
			"": func(t *rapid.T) {
				top := stack[len(stack)-1]
				if p.String() != top.sfen || p.Hash() != top.hash || p.Ply() != len(stack)-1 || p.LastMove() != top.move {
					t.Fatalf("position %s hash %#x ply %d last %v, model %s hash %#x ply %d last %v",
						p, p.Hash(), p.Ply(), p.LastMove(), top.sfen, top.hash, len(stack)-1, top.move)
				}
				if got := p.Moves(); len(got) != len(stack)-1 {
					t.Fatalf("Moves() has %d moves, want %d", len(got), len(stack)-1)
				}
				if err := p.Invariants(); err != nil {
					t.Fatal(err)
				}
			},
		})
	})
}

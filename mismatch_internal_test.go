package shogi

import "testing"

// TestOnlyInterpositions tries the interposition test on positions where White, to
// move, stands in check, against hand-picked move lists.
func TestOnlyInterpositions(t *testing.T) {
	parse := func(sfen string) *Position {
		t.Helper()
		p, err := ParseSFENUnreachable(sfen)
		if err != nil {
			t.Fatalf("%s: %v", sfen, err)
		}
		return p
	}
	sq := NewSquare
	drop := func(pt PieceType, file, rank int) Move { return NewDrop(pt, sq(file, rank)) }
	move := func(f1, r1, f2, r2 int) Move { return NewMove(sq(f1, r1), sq(f2, r2), false) }
	const (
		// The lance on 1i checks the king on 1a from afar; White holds pieces and has a
		// gold on 2d that can step onto the file (1d, 1e) or elsewhere.
		lance = "8k/9/6NS1/7g1/9/9/9/9/8L w 2r2b3g3s3n3l18p 2"
		// The lance on 1i and the knight on 2c both check the king on 1a.
		double = "8k/9/7N1/9/9/9/9/9/8L w 2r2b4g4s3n3l18p 2"
		// The rook on 1b, guarded by the silver on 2c, checks the king on 1a from next door.
		adjacent = "8k/8R/6NS1/9/9/9/9/9/9 w r2b4g3s3n4l18p 2"
		// No check.
		quiet = "8k/9/6NS1/9/9/9/9/9/9 w 2r2b4g3s3n4l18p 2"
	)
	tests := []struct {
		name  string
		sfen  string
		moves []Move
		want  bool
	}{
		{"drops between", lance, []Move{drop(Pawn, 1, 2), drop(Gold, 1, 5), drop(Rook, 1, 8)}, true},
		{"board moves between", lance, []Move{move(2, 4, 1, 4), move(2, 4, 1, 5)}, true},
		{"board moves and drops between", lance, []Move{move(2, 4, 1, 5), drop(Knight, 1, 3)}, true},
		{"a board move off the line", lance, []Move{drop(Pawn, 1, 2), move(2, 4, 2, 5)}, false},
		{"a capture of the checker", lance, []Move{drop(Pawn, 1, 2), move(2, 8, 1, 9)}, false},
		{"a king move", lance, []Move{drop(Pawn, 1, 2), move(1, 1, 2, 1)}, false},
		{"a drop behind the checker's line", lance, []Move{drop(Pawn, 2, 5)}, false},
		{"double check", double, []Move{drop(Pawn, 1, 5)}, false},
		{"adjacent checker", adjacent, []Move{drop(Pawn, 1, 5)}, false},
		{"no check", quiet, []Move{drop(Pawn, 1, 5)}, false},
		{"no move", lance, nil, false},
		{"no king", "9/9/9/9/9/9/9/9/8L w 2r2b4g4s4n3l18p 2", []Move{drop(Pawn, 1, 5)}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := parse(tt.sfen)
			if got := p.onlyInterpositions(tt.moves); got != tt.want {
				t.Errorf("onlyInterpositions(%v) = %v, want %v", tt.moves, got, tt.want)
			}
		})
	}
	// In the lance position every legal move lands on the line, the gold's two board
	// moves (2d1d, 2d1e) among them: only interpositions.
	p := parse(lance)
	boardMoves := 0
	for _, m := range p.LegalMoves() {
		if m.To().File() != 1 || m.To().Rank() < 2 || m.To().Rank() > 8 {
			t.Errorf("lance position: %v is legal", m)
		}
		if !m.IsDrop() {
			boardMoves++
		}
	}
	if !p.onlyInterpositions(p.LegalMoves()) || boardMoves != 2 {
		t.Errorf("lance position: onlyInterpositions %v, %d board moves, want true and 2", p.onlyInterpositions(p.LegalMoves()), boardMoves)
	}
	// In double check only the king moves.
	for _, m := range parse(double).LegalMoves() {
		if m.IsDrop() || m.From() != sq(1, 1) {
			t.Errorf("double check: %v is legal", m)
		}
	}
}

package notation

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	shogi "github.com/kifu-go/shogi"
)

// TestErrorMessages checks that a message says where the text went wrong, what was
// expected there and what was found, with the text quoted as typed, and the reason when
// it is known.
func TestErrorMessages(t *testing.T) {
	cases := []struct {
		n     Notation
		moves []string // played from the start before the move
		text  string
		want  string
		err   error
	}{
		{Western, nil, "P-7z", `notation: western "P-7z": column 3: expected a square such as 76 or 7f, found "7z"`, ErrSyntax},
		{Western, nil, "Q-76", `notation: western "Q-76": column 1: unknown piece: expected a piece letter (P, L, N, S, G, B, R or K; +S promoted; D, H or T), found "Q-76"`, ErrUnknownPiece},
		{Western, nil, "7g7", `notation: western "7g7": column 1: expected a piece letter (P, L, N, S, G, B, R or K; +S promoted; D, H or T), or a USI move such as 7g7f, found "7g7"`, ErrSyntax},
		{Western, nil, "1.P-76", `notation: western "1.P-76": column 1: expected a piece letter (P, L, N, S, G, B, R or K; +S promoted; D, H or T), found "1.P-76" (a move number: Decode reads one move, ParseLine a numbered line)`, ErrSyntax},
		{Western, nil, "P", `notation: western "P": column 2: expected -, x or * and a square, found the end of the move`, ErrSyntax},
		{Western, nil, "P76*55", `notation: western "P76*55": column 4: expected - or x after an origin, found "*55" (a drop has no origin)`, ErrSyntax},
		{Western, nil, "G-58", `notation: western "G-58": ambiguous move: more than one piece can make it`, ErrAmbiguous},
		{Hodges, nil, "Bx", `notation: hodges "Bx": column 3: expected a square such as 76 or 7f, found the end of the move`, ErrSyntax},
		{KI2, nil, "7g7f", `notation: ki2 "7g7f": column 1: expected a square such as ７六, 7六 or 76, or 同, found "7g7f" (a USI move, not Japanese notation)`, ErrSyntax},
		{KI2, nil, "▲７六X", `notation: ki2 "▲７六X": column 4: unknown piece: expected a piece such as 歩, 金, 成銀 or 龍, found "X"`, ErrUnknownPiece},
		{KI2, nil, "▲７六歩右左", `notation: ki2 "▲７六歩右左": column 6: expected 打, 成, 不成 or the end of the move, found "左" (one side word and one movement word at most)`, ErrSyntax},
		{KI2, []string{"7g7f"}, "△同　歩", `notation: ki2 "△同　歩": no piece can make the move`, ErrNoCandidate},
		{KI2, nil, "▲７六歩\t打", `notation: ki2 "▲７六歩\t打": column 5: expected the end of the move, found "\t打" (a space inside the move)`, ErrSyntax},
		{KIF, nil, "７六歩(7)", `notation: kif "７六歩(7)": column 4: expected an origin such as (77), found "(7)"`, ErrSyntax},
		{USI, nil, "7g", `notation: usi "7g": column 1: expected a USI move such as 7g7f, 8h2b+ or P*5e, found "7g"`, ErrSyntax},
		{CSA, nil, "+7776XX", `notation: csa "+7776XX": column 6: unknown piece: expected a piece code such as FU, KA or NG, found "XX"`, ErrUnknownPiece},
	}
	for _, tc := range cases {
		p := mustPosition(t, shogi.StartSFEN, tc.moves...)
		_, err := tc.n.Decode(p, tc.text)
		if err == nil {
			t.Errorf("%s: Decode(%q) succeeded", tc.n, tc.text)
			continue
		}
		if diff := cmp.Diff(tc.want, err.Error()); diff != "" {
			t.Errorf("%s: Decode(%q) message (-want +got)\n%s", tc.n, tc.text, diff)
		}
		if !errors.Is(err, tc.err) {
			t.Errorf("%s: Decode(%q) = %v, want %v", tc.n, tc.text, err, tc.err)
		}
	}
}

// TestLineErrorMessages checks the messages of lines: the column in the line of the
// fault, and what the move number should have been.
func TestLineErrorMessages(t *testing.T) {
	cases := []struct {
		n    Notation
		sfen string
		text string
		want string
		err  error
	}{
		{Western, shogi.StartSFEN, "1. ... P-76", `notation: column 1: move number out of sequence: expected 1. for Black's move, found "1. ..."`, ErrMoveNumber},
		{Western, lanceHandicapSFEN, "1.K-52", `notation: column 1: move number out of sequence: expected 1… for White's move, found "1."`, ErrMoveNumber},
		{Western, shogi.StartSFEN, "1.P-76 P-34 2.B×2z+", `notation: column 17: western "B×2z+": expected a square such as 76 or 7f, found "2z+"`, ErrSyntax},
		{Western, shogi.StartSFEN, "1.P-76 P", `notation: column 9: western "P": expected -, x or * and a square, found the end of the move`, ErrSyntax},
		{JapaneseStyle, seedSFEN, "31 ☗5八金右 33．☖3三桂打", `notation: column 10: move number out of sequence: expected 32., found "33．"`, ErrMoveNumber},
		{JapaneseStyle, seedSFEN, "31.☗5八金右　32.☖3三　X", `notation: column 16: japanese "☖3三": expected a piece such as 歩, 金, 成銀 or 龍, found the end of the move`, ErrSyntax},
		{KI2, shogi.StartSFEN, "▲７六歩　△同　X", `notation: column 9: ki2 "△同　X": unknown piece: expected a piece such as 歩, 金, 成銀 or 龍, found "X"`, ErrUnknownPiece},
		{JapaneseStyle, seedSFEN, "31.☗5八金", `notation: column 4: japanese "☗5八金": ambiguous move: more than one piece can make it`, ErrAmbiguous},
	}
	for _, tc := range cases {
		p := mustPosition(t, tc.sfen)
		_, err := ParseLine(tc.n, p, tc.text)
		if err == nil {
			t.Errorf("%s: ParseLine(%q) succeeded", tc.n, tc.text)
			continue
		}
		if diff := cmp.Diff(tc.want, err.Error()); diff != "" {
			t.Errorf("%s: ParseLine(%q) message (-want +got)\n%s", tc.n, tc.text, diff)
		}
		if !errors.Is(err, tc.err) {
			t.Errorf("%s: ParseLine(%q) = %v, want %v", tc.n, tc.text, err, tc.err)
		}
	}
}

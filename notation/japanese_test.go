package notation

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	shogi "github.com/kifu-go/shogi"
)

func mustPosition(t testing.TB, sfen string, moves ...string) *shogi.Position {
	t.Helper()
	p, err := shogi.ParseSFEN(sfen)
	if err != nil {
		t.Fatalf("ParseSFEN(%q): %v", sfen, err)
	}
	for _, u := range moves {
		if err := p.Play(mustMove(t, u)); err != nil {
			t.Fatalf("%s: play %s: %v", sfen, u, err)
		}
	}
	return p
}

func mustMove(t testing.TB, usi string) shogi.Move {
	t.Helper()
	m, err := shogi.ParseUSIMove(usi)
	if err != nil {
		t.Fatalf("ParseUSIMove(%q): %v", usi, err)
	}
	return m
}

type encodeCase struct {
	sfen  string
	moves []string // played before the move
	move  string
	want  string
}

// checkEncodeDecode encodes each case's move, compares it with want, and decodes want
// back to the move.
func checkEncodeDecode(t *testing.T, n Notation, cases []encodeCase) {
	t.Helper()
	for _, tc := range cases {
		p := mustPosition(t, tc.sfen, tc.moves...)
		m := mustMove(t, tc.move)
		if err := p.CheckMove(m); err != nil {
			t.Fatalf("%s %s: %v", tc.sfen, tc.move, err)
		}
		if got := n.Encode(p, m); got != tc.want {
			t.Errorf("%s: Encode(%q, %s) = %q, want %q", n, tc.sfen, tc.move, got, tc.want)
		}
		got, err := n.Decode(p, tc.want)
		if err != nil {
			t.Errorf("%s: Decode(%q, %q): %v", n, tc.sfen, tc.want, err)
			continue
		}
		if got != m {
			t.Errorf("%s: Decode(%q, %q) = %s, want %s", n, tc.sfen, tc.want, got, tc.move)
		}
	}
}

// The worked examples of formats.md §6.4 (shogiops and tsshogi tests) and §6.2.
func TestJapaneseWorkedExamples(t *testing.T) {
	const (
		golds77       = "k7K/9/9/9/9/9/2G6/3G5/2G6 b - 1"
		golds77White  = "k7K/9/9/9/9/9/2g6/3g5/2g6 w - 1"
		bishops       = "3k1K3/9/9/5B3/9/9/9/1B7/9 b - 1"
		bishopsWhite  = "3k1K3/9/9/5b3/9/9/9/1b7/9 w - 1"
		silvers       = "3k1K3/9/9/3S1S3/9/3S1S3/9/9/9 b - 1"
		golds3        = "3k1K3/9/9/9/9/3GGG3/9/9/9 b - 1"
		golds3White   = "3k1K3/9/9/9/9/3ggg3/9/9/9 w - 1"
		horses        = "3k1K3/9/9/9/9/9/3+B+B4/9/9 b - 1"
		silverDrop    = "k7K/9/9/9/9/9/S8/8g/9 b SPg 1"
		goldsAmeblo   = "3k1K3/9/9/9/3G5/3GG4/9/9/9 b - 1"
		dragonsWiki   = "9/7+R1/8+R/9/9/9/9/9/9 b - 1"
		horsesAyu     = "+B+B7/9/9/9/9/9/9/9/9 b - 1"
		rooks         = "9/2R6/9/9/9/9/4R4/9/9 b - 1"
		pinnedGold    = "4k4/9/9/9/9/9/9/9/2KGrG3 b - 1"
		tsshogiWhite  = "9/2g6/9/1g3s3/9/+b2s3+n+n/9/3+b4+n/9 w - 1"
		tsshogiBlack  = "9/1S4G2/9/1S1S1G1G1/9/+B+B2+P4/3+P1+P3/+R+R1+P+P1N1N/9 b G2N 1"
		tsshogiBlackW = "9/1S4G2/9/1S1S1G1G1/9/+B+B2+P4/3+P1+P3/+R+R1+P+P1N1N/9 w G2Np 1"
	)
	plain := Japanese{}
	checkEncodeDecode(t, plain, []encodeCase{
		{golds77, nil, "7g7h", "７八金引"}, {golds77, nil, "6h7h", "７八金寄"}, {golds77, nil, "7i7h", "７八金上"},
		{golds77White, nil, "7g7h", "７八金上"}, {golds77White, nil, "6h7h", "７八金寄"}, {golds77White, nil, "7i7h", "７八金引"},
		{bishops, nil, "4d6f", "６六角引"}, {bishops, nil, "8h6f", "６六角上"},
		{bishopsWhite, nil, "8h6f", "６六角引不成"},
		{silvers, nil, "4d5e", "５五銀右引"}, {silvers, nil, "4f5e", "５五銀右上"},
		{silvers, nil, "6d5e", "５五銀左引"}, {silvers, nil, "6f5e", "５五銀左上"},
		{golds3, nil, "4f5e", "５五金右"}, {golds3, nil, "5f5e", "５五金直"}, {golds3, nil, "6f5e", "５五金左"},
		{golds3White, nil, "4f5g", "５七金左"}, {golds3White, nil, "5f5g", "５七金直"}, {golds3White, nil, "6f5g", "５七金右"},
		{horses, nil, "6g5f", "５六馬左"}, {horses, nil, "5g5f", "５六馬右"},
		{silverDrop, nil, "S*9f", "９六銀打"}, {silverDrop, nil, "S*5e", "５五銀"},
		{goldsAmeblo, nil, "6e5e", "５五金寄"}, {goldsAmeblo, nil, "6f5e", "５五金左上"}, {goldsAmeblo, nil, "5f5e", "５五金直"},
		{dragonsWiki, nil, "1c2d", "２四龍右"}, {dragonsWiki, nil, "2b2d", "２四龍左"},
		{horsesAyu, nil, "8a8b", "８二馬右"}, {horsesAyu, nil, "9a8b", "８二馬左"},
		{rooks, nil, "5g5b+", "５二飛上成"}, {rooks, nil, "7b5b", "５二飛寄不成"},
		{pinnedGold, nil, "4i5h", "５八金右"},
		// ameblo.jp/ryota1033: 成/不成 never tell pieces apart.
		{"9/9/3S1S3/9/5S3/9/9/9/9 b - 1", nil, "4c5d", "５四銀右引不成"},
		{"9/9/3S1S3/9/5S3/9/9/9/9 b - 1", nil, "6c5d", "５四銀左不成"},
		{"9/9/3S1S3/9/5S3/9/9/9/9 b - 1", nil, "4e5d", "５四銀上"},
	})
	checkEncodeDecode(t, KI2, []encodeCase{
		{shogi.StartSFEN, nil, "4i5h", "▲５八金右"},
		{shogi.StartSFEN, nil, "6i5h", "▲５八金左"},
		{shogi.StartSFEN, []string{"7g7f", "3c3d", "4i5h"}, "2b8h+", "△８八角成"},
		{shogi.StartSFEN, []string{"7g7f", "3c3d", "4i5h", "2b8h+"}, "7i8h", "▲同　銀"},
	})
	tss := Japanese{Marks: MarksShogi, SameSpace: SameSpaceAlways}
	checkEncodeDecode(t, tss, []encodeCase{
		{tsshogiBlack, nil, "3b2b", "☗２二金"}, {tsshogiBlack, nil, "3b3c", "☗３三金引"},
		{tsshogiBlack, nil, "2d3c", "☗３三金右"}, {tsshogiBlack, nil, "4d3c", "☗３三金左"},
		{tsshogiBlack, nil, "G*3c", "☗３三金打"}, {tsshogiBlack, nil, "8b7a", "☗７一銀不成"},
		{tsshogiBlack, nil, "8b7a+", "☗７一銀成"}, {tsshogiBlack, nil, "8b7c", "☗７三銀引不成"},
		{tsshogiBlack, nil, "8d7c", "☗７三銀左上不成"}, {tsshogiBlack, nil, "6d7c", "☗７三銀右不成"},
		{tsshogiBlack, nil, "6d7e", "☗７五銀右"}, {tsshogiBlack, nil, "1h2f", "☗２六桂右"},
		{tsshogiBlack, nil, "3h2f", "☗２六桂左"}, {tsshogiBlack, nil, "N*2f", "☗２六桂打"},
		{tsshogiBlack, nil, "N*1f", "☗１六桂"}, {tsshogiBlack, nil, "3h4f", "☗４六桂"},
		{tsshogiBlack, nil, "5f5g", "☗５七と引"}, {tsshogiBlack, nil, "5h5g", "☗５七と直"},
		{tsshogiBlack, nil, "4g5g", "☗５七と右"}, {tsshogiBlack, nil, "6g5g", "☗５七と左寄"},
		{tsshogiBlack, nil, "6h5g", "☗５七と左上"}, {tsshogiBlack, nil, "6g7g", "☗７七と寄"},
		{tsshogiBlack, nil, "6h7g", "☗７七と上"}, {tsshogiBlack, nil, "8f8g", "☗８七馬右"},
		{tsshogiBlack, nil, "9f8g", "☗８七馬左"}, {tsshogiBlack, nil, "8h8g", "☗８七龍右"},
		{tsshogiBlack, nil, "9h8g", "☗８七龍左"},
		{tsshogiBlackW, []string{"P*8g"}, "9h8g", "☗同　龍左"},
		{tsshogiWhite, nil, "6h6i", "☖６九馬左"}, {tsshogiWhite, nil, "9f6i", "☖６九馬右"},
		{tsshogiWhite, nil, "6h9e", "☖９五馬左"}, {tsshogiWhite, nil, "9f9e", "☖９五馬右"},
		{tsshogiWhite, nil, "6f5g+", "☖５七銀成"}, {tsshogiWhite, nil, "6f5g", "☖５七銀不成"},
		{tsshogiWhite, nil, "6f5e", "☖５五銀引"}, {tsshogiWhite, nil, "4d5e", "☖５五銀上"},
		{tsshogiWhite, nil, "1h1g", "☖１七成桂引"}, {tsshogiWhite, nil, "1f1g", "☖１七成桂直"},
		{tsshogiWhite, nil, "2f1g", "☖１七成桂右"}, {tsshogiWhite, nil, "7b8c", "☖８三金上"},
		{tsshogiWhite, nil, "8d8c", "☖８三金引"},
	})
}

// The seed-notes worked example: 4i5h N*3c 7g3c+ 3h4i from ply 31. The SFEN of
// seed-notes.md has White's king on 5一, where the horse of 33.☗同角成 gives check, so
// that 34.☖4九成銀 would be illegal; the king stands on 6一 here, which changes no
// move's notation.
const (
	seedSFEN      = "3k3n1/9/9/9/9/9/2B6/6+s2/3GKG3 b n 31"
	seedNotesSFEN = "4k2n1/9/9/9/9/9/2B6/6+s2/3GKG3 b n 31"
)

var seedMoves = []string{"4i5h", "N*3c", "7g3c+", "3h4i"}

func TestJapaneseSeedExample(t *testing.T) {
	styles := []struct {
		n    Notation
		want []string
	}{
		{JapaneseStyle, []string{"☗5八金右", "☖3三桂打", "☗同角成", "☖4九成銀"}},
		{Japanese{Marks: MarksTriangle, Squares: SquaresDigits}, []string{"▲58金右", "△33桂打", "▲同角成", "△49成銀"}},
		{KI2, []string{"▲５八金右", "△３三桂打", "▲同角成", "△４九成銀"}},
		{KIF, []string{"５八金(49)", "３三桂打", "同　角成(77)", "４九成銀(38)"}},
		{Iroha, []string{"▲す金右", "△な桂打", "▲同角成", "△き成銀"}},
	}
	for _, s := range styles {
		p := mustPosition(t, seedSFEN)
		for i, u := range seedMoves {
			m := mustMove(t, u)
			if got := s.n.Encode(p, m); got != s.want[i] {
				t.Errorf("%s: move %d %s = %q, want %q", s.n, i+31, u, got, s.want[i])
			}
			if got, err := s.n.Decode(p, s.want[i]); err != nil || got != m {
				t.Errorf("%s: Decode(%q) = %s, %v; want %s", s.n, s.want[i], got, err, u)
			}
			if err := p.Play(m); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// The seed-notes SFEN makes the last move illegal, and Decode says so.
func TestJapaneseSeedNotesPositionIllegal(t *testing.T) {
	p := mustPosition(t, seedNotesSFEN, seedMoves[:3]...)
	_, err := KI2.Decode(p, "△４九成銀")
	if !errors.Is(err, shogi.ErrKingInCheck) {
		t.Fatalf("Decode(△４九成銀) error = %v, want one wrapping shogi.ErrKingInCheck", err)
	}
}

// Every variant that Decode must accept.
func TestJapaneseDecodeVariants(t *testing.T) {
	afterP76 := []string{"7g7f", "3c3d", "8h2b+"} // △ to move, may take on 2b
	cases := []struct {
		sfen  string
		moves []string
		text  string
		want  string
	}{
		{shogi.StartSFEN, nil, "７六歩", "7g7f"},
		{shogi.StartSFEN, nil, "▲７六歩", "7g7f"},
		{shogi.StartSFEN, nil, "☗７六歩", "7g7f"},
		{shogi.StartSFEN, nil, "76歩", "7g7f"},
		{shogi.StartSFEN, nil, "7六歩", "7g7f"},
		{shogi.StartSFEN, nil, "７６歩", "7g7f"},
		{shogi.StartSFEN, nil, " ▲７六歩　", "7g7f"},
		{shogi.StartSFEN, nil, "７六歩(77)", "7g7f"},
		{shogi.StartSFEN, nil, "７六歩（７７）", "7g7f"},
		{shogi.StartSFEN, nil, "５八金右", "4i5h"},
		{shogi.StartSFEN, nil, "５八金(49)", "4i5h"},
		{shogi.StartSFEN, nil, "５八金(69)", "6i5h"},
		{shogi.StartSFEN, nil, "５八王(59)", "5i5h"},
		{shogi.StartSFEN, nil, "５八玉", "5i5h"},
		{shogi.StartSFEN, afterP76, "同銀", "3a2b"},
		{shogi.StartSFEN, afterP76, "△同銀", "3a2b"},
		{shogi.StartSFEN, afterP76, "☖同　銀", "3a2b"},
		{shogi.StartSFEN, afterP76, "同 銀", "3a2b"},
		{shogi.StartSFEN, afterP76, "２二同銀", "3a2b"},
		{shogi.StartSFEN, afterP76, "22同　銀", "3a2b"},
		{shogi.StartSFEN, afterP76, "同　銀(31)", "3a2b"},
		{"9/9/9/9/4+R4/9/9/9/9 b - 1", nil, "５一竜", "5e5a"},
		{"9/9/9/9/4+R4/9/9/9/9 b - 1", nil, "５一龍", "5e5a"},
		{"9/9/9/9/4+S4/9/9/9/9 b - 1", nil, "５四全", "5e5d"},
		{"9/9/9/9/4+S4/9/9/9/9 b - 1", nil, "５四成銀", "5e5d"},
		{"9/9/9/9/4+N4/9/9/9/9 b - 1", nil, "５四圭", "5e5d"},
		{"9/9/9/9/4+L4/9/9/9/9 b - 1", nil, "５四杏", "5e5d"},
		{"9/9/9/9/4+L4/9/9/9/9 b - 1", nil, "５四成香", "5e5d"},
		{"9/9/9/9/9/9/9/9/+B8 b - 1", nil, "９八馬行", "9i9h"},
		{"3k1K3/9/9/9/9/3GGG3/9/9/9 b - 1", nil, "５五金左行", "6f5e"},
		{"3k1K3/9/9/9/9/3GGG3/9/9/9 b - 1", nil, "５五金行右", "4f5e"},
		{"9/9/9/9/4B4/9/2B6/9/9 b - 1", nil, "３三角入", "5e3c"},
		{"9/9/9/4S4/9/9/9/9/9 b - 1", nil, "４三銀生", "5d4c"},
		{"9/9/9/4S4/9/9/9/9/9 b - 1", nil, "４三銀不成", "5d4c"},
		{"9/9/9/4S4/9/9/9/9/9 b - 1", nil, "４三銀成", "5d4c+"},
		{"9/9/9/4S4/9/9/9/9/9 b - 1", nil, "４三銀", "5d4c"},
		{"9/9/9/9/9/9/9/9/9 b B 1", nil, "５五角打", "B*5e"},
		{"9/9/9/9/9/9/9/9/9 b B 1", nil, "５五角", "B*5e"},
		{"9/9/9/9/9/9/9/1B7/9 b B 1", nil, "５五角打", "B*5e"},
	}
	for _, tc := range cases {
		p := mustPosition(t, tc.sfen, tc.moves...)
		for _, n := range []Notation{Japanese{}, KIF, KI2, JapaneseStyle} {
			got, err := n.Decode(p, tc.text)
			if err != nil {
				t.Errorf("%s: Decode(%q, %q): %v", n, tc.sfen, tc.text, err)
				continue
			}
			if got.String() != tc.want {
				t.Errorf("%s: Decode(%q, %q) = %s, want %s", n, tc.sfen, tc.text, got, tc.want)
			}
		}
	}
}

func TestJapaneseDecodeErrors(t *testing.T) {
	cases := []struct {
		sfen  string
		moves []string
		text  string
		want  error
	}{
		{shogi.StartSFEN, nil, "△７六歩", shogi.ErrWrongSide},
		{shogi.StartSFEN, nil, "☖７六歩", shogi.ErrWrongSide},
		{shogi.StartSFEN, nil, "５八金", ErrAmbiguous},
		{shogi.StartSFEN, nil, "５八金直", ErrNoCandidate},
		{shogi.StartSFEN, nil, "５五金", ErrNoCandidate},
		{shogi.StartSFEN, nil, "７六X", ErrUnknownPiece},
		{shogi.StartSFEN, nil, "７六成", ErrUnknownPiece},
		{shogi.StartSFEN, nil, "同歩", ErrNoLastMove},
		{shogi.StartSFEN, nil, "", ErrSyntax},
		{shogi.StartSFEN, nil, "▲", ErrSyntax},
		{shogi.StartSFEN, nil, "０六歩", ErrSyntax},
		{shogi.StartSFEN, nil, "７歩", ErrSyntax},
		{shogi.StartSFEN, nil, "７六歩x", ErrSyntax},
		{shogi.StartSFEN, nil, "７六歩右左", ErrSyntax},
		{shogi.StartSFEN, nil, "７六歩打(77)", ErrSyntax},
		{shogi.StartSFEN, nil, "７六歩(00)", ErrSyntax},
		{shogi.StartSFEN, nil, "７六金(77)", ErrPieceMismatch},
		{shogi.StartSFEN, nil, "７五歩(77)", shogi.ErrCannotMove},
		{shogi.StartSFEN, nil, "５五角打", shogi.ErrNotInHand},
		{shogi.StartSFEN, nil, "３三角(88)", shogi.ErrPathBlocked},
		{shogi.StartSFEN, []string{"7g7f", "3c3d"}, "７五歩成", shogi.ErrPromotionOutsideZone},
		{shogi.StartSFEN, []string{"7g7f", "3c3d", "8h2b+", "3a2b"}, "５五角打", nil},
		{shogi.StartSFEN, []string{"7g7f", "3c3d", "8h2b+"}, "３三同銀", ErrSameSquare},
		{"4k4/9/9/9/9/9/P8/9/9 b P 1", nil, "９五歩打", shogi.ErrNifu},
		{"4k4/9/9/9/9/9/P8/9/9 b P 1", nil, "９五歩", shogi.ErrNifu},
		{"k8/2G6/K8/9/9/9/9/9/9 b P 1", nil, "９二歩打", shogi.ErrUchifuzume},
		{"9/9/9/9/9/9/9/9/9 b N 1", nil, "５二桂打", shogi.ErrDeadDrop},
		{"9/P8/9/9/9/9/9/9/9 b - 1", nil, "９一歩不成", shogi.ErrMustPromote},
		{"9/P8/9/9/9/9/9/9/9 b - 1", nil, "９一歩", shogi.ErrMustPromote},
		{"4k4/9/9/9/9/9/9/9/2KGrG3 b - 1", nil, "５八金左", shogi.ErrKingInCheck},
		{"9/9/9/9/4+P4/9/9/9/9 b - 1", nil, "５四歩(55)", shogi.ErrUnpromote},
		{"9/9/9/9/4+P4/9/9/9/9 b - 1", nil, "５四と成", shogi.ErrAlreadyPromoted},
	}
	for _, tc := range cases {
		p := mustPosition(t, tc.sfen, tc.moves...)
		m, err := KI2.Decode(p, tc.text)
		if tc.want == nil {
			if err != nil {
				t.Errorf("Decode(%q, %q): %v", tc.sfen, tc.text, err)
			}
			continue
		}
		if !errors.Is(err, tc.want) {
			t.Errorf("Decode(%q, %q) = %s, %v; want an error wrapping %v", tc.sfen, tc.text, m, err, tc.want)
			continue
		}
		var ne *Error
		if !errors.As(err, &ne) {
			t.Errorf("Decode(%q, %q): error %T is not a *notation.Error", tc.sfen, tc.text, err)
			continue
		}
		if diff := cmp.Diff([2]string{"ki2", tc.text}, [2]string{ne.Notation, ne.Text}); diff != "" {
			t.Errorf("Decode(%q, %q) error notation and text (-want +got):\n%s", tc.sfen, tc.text, diff)
		}
	}
}

func TestJapaneseOptions(t *testing.T) {
	p := mustPosition(t, "k8/9/9/9/4+R4/9/9/9/4K4 b - 1")
	m := mustMove(t, "5e5b")
	cases := []struct {
		j    Japanese
		want string
	}{
		{Japanese{}, "５二龍"},
		{Japanese{JSADragon: true}, "５二竜"},
		{Japanese{Squares: SquaresMixed}, "5二龍"},
		{Japanese{Squares: SquaresDigits, Marks: MarksTriangle}, "▲52龍"},
		{Japanese{Squares: SquaresIroha, Marks: MarksShogi}, "☗め龍"},
		{Japanese{Origin: true}, "５二龍(55)"},
	}
	for _, tc := range cases {
		if got := tc.j.Encode(p, m); got != tc.want {
			t.Errorf("%+v: Encode = %q, want %q", tc.j, got, tc.want)
		}
	}
	king := mustMove(t, "5i5h")
	if got := (Japanese{Ou: true}).Encode(p, king); got != "５八王" {
		t.Errorf("Ou: Encode = %q, want ５八王", got)
	}
	if got := (Japanese{}).Encode(p, king); got != "５八玉" {
		t.Errorf("Encode = %q, want ５八玉", got)
	}
	q := mustPosition(t, shogi.StartSFEN, "7g7f", "3c3d", "8h2b+")
	same := mustMove(t, "3a2b")
	for _, tc := range []struct {
		s    SameSpace
		want string
	}{{SameSpaceShort, "同　銀"}, {SameSpaceAlways, "同　銀"}, {SameSpaceNever, "同銀"}} {
		if got := (Japanese{SameSpace: tc.s}).Encode(q, same); got != tc.want {
			t.Errorf("SameSpace %d: Encode = %q, want %q", tc.s, got, tc.want)
		}
	}
}

func TestRelative(t *testing.T) {
	const tss = "9/1S4G2/9/1S1S1G1G1/9/+B+B2+P4/3+P1+P3/+R+R1+P+P1N1N/9 b G2N 1"
	p := mustPosition(t, tss)
	for _, tc := range []struct{ move, want string }{
		{"3b2b", ""}, {"8d7c", "左上"}, {"5h5g", "直"}, {"8f8g", "右"}, {"G*3c", "打"}, {"N*1f", ""},
	} {
		if got := Relative(p, mustMove(t, tc.move)); got != tc.want {
			t.Errorf("Relative(%s) = %q, want %q", tc.move, got, tc.want)
		}
	}
}

// TestJapaneseForward checks the word for a horse's or a dragon's forward move: the
// seed's dragons to 8四 from 8一 and 8九 (龍引, 龍行), and other pieces keeping 上.
func TestJapaneseForward(t *testing.T) {
	const (
		seedDragons = "1+R7/9/4k4/9/9/9/9/9/1+R2K4 b - 1"
		horses      = "4k4/9/9/9/9/9/9/9/+B3K3+B b - 1"
		horsesUp    = "+B3k4/9/9/9/9/9/9/9/4K3+B b - 1"
		golds       = "4k4/9/9/9/9/9/9/5G3/3GK4 b - 1"
	)
	cases := []struct {
		fwd  Forward
		sfen string
		move string
		want string
	}{
		{ForwardUp, seedDragons, "8i8d", "8四龍上"},
		{ForwardGo, seedDragons, "8i8d", "8四龍行"},
		{ForwardEnter, seedDragons, "8i8d", "8四龍入"},
		{ForwardGo, seedDragons, "8a8d", "8四龍引"},
		{ForwardGo, horses, "9i5e", "5五馬左"},
		{ForwardGo, horsesUp, "1i5e", "5五馬行"},
		{ForwardEnter, horsesUp, "1i5e", "5五馬入"},
		{ForwardGo, golds, "6i5h", "5八金上"},
		{ForwardEnter, golds, "4h5h", "5八金寄"},
	}
	for _, tc := range cases {
		j := Japanese{Squares: SquaresMixed, Forward: tc.fwd}
		p := mustPosition(t, tc.sfen)
		m := mustMove(t, tc.move)
		if err := p.CheckMove(m); err != nil {
			t.Fatalf("%s %s: %v", tc.sfen, tc.move, err)
		}
		if got := j.Encode(p, m); got != tc.want {
			t.Errorf("Forward %d: Encode(%q, %s) = %q, want %q", tc.fwd, tc.sfen, tc.move, got, tc.want)
		}
		if got, err := (Japanese{}).Decode(p, tc.want); err != nil || got != m {
			t.Errorf("Decode(%q, %q) = %s, %v; want %s", tc.sfen, tc.want, got, err, tc.move)
		}
	}
}

package notation

import (
	"errors"
	"testing"

	shogi "github.com/kifu-go/shogi"
)

// The seed-notes worked example in every style, encoded and decoded back.
func TestSeedExampleEveryStyle(t *testing.T) {
	want := map[string][]string{
		"japanese":       {"☗5八金右", "☖3三桂打", "☗同角成", "☖4九成銀"},
		"kif":            {"５八金(49)", "３三桂打", "同　角成(77)", "４九成銀(38)"},
		"ki2":            {"▲５八金右", "△３三桂打", "▲同角成", "△４九成銀"},
		"iroha":          {"▲す金右", "△な桂打", "▲同角成", "△き成銀"},
		"western":        {"G49-58", "N*33", "Bx33+", "+S-49"},
		"hodges":         {"G(4i)-5h", "N*3c", "BxN+", "S(+)-4i"},
		"hodges-revised": {"G4i-5h", "N*3c", "Bx3c+", "+S-4i"},
		"hosking":        {"G49-58", "N’33", "Bx33+", "+S49"},
		"kitao-kawasaki": {"☗金(49)-58", "☖桂*33", "☗角x+", "☖+銀-49"},
		"usi":            {"4i5h", "N*3c", "7g3c+", "3h4i"},
		"csa":            {"+4958KI", "-0033KE", "+7733UM", "-3849NG"},
	}
	for _, name := range Names {
		n, ok := ByName(name)
		if !ok || n.String() != name {
			t.Fatalf("ByName(%q) = %v, %t", name, n, ok)
		}
		p := mustPosition(t, seedSFEN)
		for i, u := range seedMoves {
			m := mustMove(t, u)
			if got := n.Encode(p, m); got != want[name][i] {
				t.Errorf("%s: move %d %s = %q, want %q", name, i+31, u, got, want[name][i])
			}
			if got, err := n.Decode(p, want[name][i]); err != nil || got != m {
				t.Errorf("%s: Decode(%q) = %s, %v; want %s", name, want[name][i], got, err, u)
			}
			if err := p.Play(m); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func TestWesternExamples(t *testing.T) {
	const golds = "k7K/9/9/9/9/9/2G6/3G5/2G6 b - 1"
	checkEncodeDecode(t, Western, []encodeCase{
		{shogi.StartSFEN, nil, "7g7f", "P-76"},
		{shogi.StartSFEN, nil, "6i5h", "G69-58"},
		{shogi.StartSFEN, nil, "4i5h", "G49-58"},
		{golds, nil, "7g7h", "G77-78"}, {golds, nil, "6h7h", "G68-78"}, {golds, nil, "7i7h", "G79-78"},
		{"9/9/9/9/9/9/9/9/9 b S 1", nil, "S*2a", "S*21"},
		{"9/9/9/3S5/9/9/9/9/9 b - 1", nil, "6d7c+", "S-73+"},
		{"9/9/9/3S5/9/9/9/9/9 b - 1", nil, "6d7c", "S-73="},
		{"9/9/9/9/3S5/9/9/9/9 b - 1", nil, "6e6d", "S-64"},
		{"9/9/9/9/4+R4/9/9/9/9 b - 1", nil, "5e5a", "+R-51"},
		{shogi.StartSFEN, []string{"7g7f", "3c3d"}, "8h2b+", "Bx22+"},
		{shogi.StartSFEN, []string{"7g7f", "3c3d"}, "8h2b", "Bx22="},
	})
	checkEncodeDecode(t, HodgesRevised, []encodeCase{
		{shogi.StartSFEN, nil, "7g7f", "P-7f"},
		{shogi.StartSFEN, nil, "6i5h", "G6i-5h"},
		{golds, nil, "7g7h", "G7g-7h"},
	})
	checkEncodeDecode(t, Hosking, []encodeCase{
		{shogi.StartSFEN, nil, "7g7f", "P76"},
		{shogi.StartSFEN, nil, "6i5h", "G69-58"},
		{"9/9/9/9/9/9/9/9/9 b P 1", nil, "P*2d", "P’24"},
		{shogi.StartSFEN, []string{"7g7f", "3c3d"}, "8h2b+", "Bx22+"},
	})
	// Hodges' named capture falls back to the square when two enemy pieces of the type
	// could be taken by a piece of the moving type.
	checkEncodeDecode(t, Hodges, []encodeCase{
		{shogi.StartSFEN, []string{"7g7f", "3c3d"}, "8h2b+", "BxB+"},
		{shogi.StartSFEN, nil, "6i5h", "G(6i)-5h"},
		{"4k4/9/9/9/2p1p4/9/4R4/9/4K4 b - 1", nil, "5g5e", "RxP"},
		{"4k4/9/9/9/2p1p4/9/2R1R4/9/4K4 b - 1", nil, "5g5e", "Rx5e"},
		{"4k4/9/9/9/2p1p4/9/2R1R4/9/4K4 b - 1", nil, "7g7e", "Rx7e"},
		{"4k4/9/9/9/4+p4/9/4R4/9/4K4 b - 1", nil, "5g5e", "RxP(+)"},
		{"4k4/9/9/9/4p4/9/4R4/8+S/4K4 b - 1", nil, "1h1i", "S(+)-1i"},
	})
	checkEncodeDecode(t, KitaoKawasaki, []encodeCase{
		{shogi.StartSFEN, nil, "7g7f", "☗歩-76"},
		{shogi.StartSFEN, nil, "6i5h", "☗金(69)-58"},
		{shogi.StartSFEN, []string{"7g7f", "3c3d", "8h2b+"}, "3a2b", "☖銀x"},
		{shogi.StartSFEN, []string{"7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"}, "2b3c", "☖銀-33"},
	})
}

func TestWesternDecodeVariants(t *testing.T) {
	cases := []struct {
		n     Notation
		sfen  string
		moves []string
		text  string
		want  string
	}{
		{Western, shogi.StartSFEN, nil, "P-7f", "7g7f"},
		{Western, shogi.StartSFEN, nil, "P76", "7g7f"},
		{Western, shogi.StartSFEN, nil, "P77-76", "7g7f"},
		{Western, shogi.StartSFEN, nil, "G(69)-58", "6i5h"},
		{Western, "9/9/9/9/4+R4/9/9/9/9 b - 1", nil, "D-51", "5e5a"},
		{Western, "9/9/9/9/4+B4/9/9/9/9 b - 1", nil, "H-54", "5e5d"},
		{Western, "9/9/9/9/4+P4/9/9/9/9 b - 1", nil, "T-54", "5e5d"},
		{Western, "9/9/9/9/4+P4/9/9/9/9 b - 1", nil, "P(+)-54", "5e5d"},
		{Hosking, "9/9/9/9/9/9/9/9/9 b P 1", nil, "P'24", "P*2d"},
		{Hosking, "9/9/9/9/9/9/9/9/9 b P 1", nil, "P*24", "P*2d"},
		{KitaoKawasaki, shogi.StartSFEN, nil, "歩-76", "7g7f"},
		{KitaoKawasaki, "9/9/9/9/4+R4/9/9/9/9 b - 1", nil, "☗竜-51", "5e5a"},
		{KitaoKawasaki, "9/9/9/9/4+S4/9/9/9/9 b - 1", nil, "☗成銀-54", "5e5d"},
		{KitaoKawasaki, shogi.StartSFEN, []string{"7g7f", "3c3d", "8h2b+"}, "☖銀x22", "3a2b"},
	}
	for _, tc := range cases {
		p := mustPosition(t, tc.sfen, tc.moves...)
		got, err := tc.n.Decode(p, tc.text)
		if err != nil || got.String() != tc.want {
			t.Errorf("%s: Decode(%q, %q) = %s, %v; want %s", tc.n, tc.sfen, tc.text, got, err, tc.want)
		}
	}
}

func TestWesternDecodeErrors(t *testing.T) {
	cases := []struct {
		n     Notation
		sfen  string
		moves []string
		text  string
		want  error
	}{
		{Western, shogi.StartSFEN, nil, "", ErrSyntax},
		{Western, shogi.StartSFEN, nil, "Q-76", ErrUnknownPiece},
		{Western, shogi.StartSFEN, nil, "+G-58", ErrUnknownPiece},
		{Western, shogi.StartSFEN, nil, "P-7", ErrSyntax},
		{Western, shogi.StartSFEN, nil, "P-76+x", ErrSyntax},
		{Western, shogi.StartSFEN, nil, "G-58", ErrAmbiguous},
		{Western, shogi.StartSFEN, nil, "G-55", ErrNoCandidate},
		{Western, shogi.StartSFEN, nil, "Px76", ErrCaptureMark},
		{Western, shogi.StartSFEN, nil, "G79-58", ErrPieceMismatch},
		{Western, shogi.StartSFEN, nil, "P*55", shogi.ErrNotInHand},
		{Western, shogi.StartSFEN, nil, "P76*55", ErrSyntax},
		{Western, shogi.StartSFEN, nil, "P-76+", shogi.ErrPromotionOutsideZone},
		{Western, "4k4/9/9/9/9/9/P8/9/9 b P 1", nil, "P*95", shogi.ErrNifu},
		{KitaoKawasaki, shogi.StartSFEN, nil, "☖歩-76", shogi.ErrWrongSide},
		{KitaoKawasaki, shogi.StartSFEN, nil, "☗歩x", ErrNoLastMove},
		{Hodges, "4k4/9/9/9/2p1p4/9/2R1R4/9/4K4 b - 1", nil, "RxP", ErrAmbiguous},
		{Hodges, shogi.StartSFEN, nil, "BxN", ErrNoCandidate},
		{Western, "9/9/9/9/4+P4/9/9/9/9 b - 1", nil, "P55-54", shogi.ErrUnpromote},
	}
	for _, tc := range cases {
		p := mustPosition(t, tc.sfen, tc.moves...)
		m, err := tc.n.Decode(p, tc.text)
		var ne *Error
		if !errors.Is(err, tc.want) || !errors.As(err, &ne) {
			t.Errorf("%s: Decode(%q, %q) = %s, %v; want an *Error wrapping %v", tc.n, tc.sfen, tc.text, m, err, tc.want)
		}
	}
}

func TestUSIAndCSA(t *testing.T) {
	checkEncodeDecode(t, USI, []encodeCase{
		{shogi.StartSFEN, nil, "7g7f", "7g7f"},
		{shogi.StartSFEN, []string{"7g7f", "3c3d"}, "8h2b+", "8h2b+"},
	})
	checkEncodeDecode(t, CSA, []encodeCase{
		{shogi.StartSFEN, nil, "7g7f", "+7776FU"},
		{shogi.StartSFEN, []string{"7g7f", "3c3d"}, "8h2b+", "+8822UM"},
		{shogi.StartSFEN, []string{"7g7f", "3c3d", "8h2b+"}, "3a2b", "-3122GI"},
		{shogi.StartSFEN, []string{"7g7f", "3c3d", "8h2b+", "3a2b"}, "B*5e", "+0055KA"},
	})
	p := mustPosition(t, shogi.StartSFEN)
	for _, tc := range []struct {
		n    Notation
		text string
		want error
	}{
		{USI, "7g7e", shogi.ErrCannotMove},
		{USI, "7g", ErrSyntax},
		{CSA, "-7776FU", shogi.ErrWrongSide},
		{CSA, "+7776KI", ErrPieceMismatch},
		{CSA, "+7776XX", ErrUnknownPiece},
		{CSA, "+7776", ErrSyntax},
		{CSA, "+0055KA", shogi.ErrNotInHand},
		{CSA, "+7776TO", shogi.ErrPromotionOutsideZone},
	} {
		if _, err := tc.n.Decode(p, tc.text); !errors.Is(err, tc.want) {
			t.Errorf("%s: Decode(%q) error = %v, want %v", tc.n, tc.text, err, tc.want)
		}
	}
	if m, err := CSA.Decode(p, "7776FU"); err != nil || m.String() != "7g7f" {
		t.Errorf("CSA.Decode without sign = %s, %v", m, err)
	}
}

// TestWesternCaptureWithOrigin checks that an origin narrows a capture written with the
// captured piece's name: of the two knights, only the one on 5f can take a rook (on 6d);
// the one on 7f can take either rook, so its capture stays ambiguous.
func TestWesternCaptureWithOrigin(t *testing.T) {
	const knights = "4k4/9/9/1r1r5/9/2N1N4/9/9/4K4 b - 1"
	cases := []struct {
		n    Notation
		text string
		want string // the move, or "" for ErrAmbiguous
	}{
		{Western, "N56xR", "5f6d"}, {Western, "N(56)xR", "5f6d"}, {Western, "N5fxR", "5f6d"},
		{Hodges, "N(5f)xR", "5f6d"}, {Hodges, "N5fxR", "5f6d"}, {Hodges, "N56xR", "5f6d"},
		{HodgesRevised, "N5fxR", "5f6d"}, {HodgesRevised, "N(5f)xR", "5f6d"},
		{Hosking, "N56xR", "5f6d"}, {Hosking, "N(56)xR", "5f6d"},
		{Western, "N76xR", ""}, {Hodges, "N(7f)xR", ""},
		{Western, "NxR", ""}, {Hodges, "NxR", ""}, {HodgesRevised, "NxR", ""}, {Hosking, "NxR", ""},
	}
	for _, tc := range cases {
		p := mustPosition(t, knights)
		got, err := tc.n.Decode(p, tc.text)
		switch {
		case tc.want == "":
			if !errors.Is(err, ErrAmbiguous) {
				t.Errorf("%s: Decode(%q) = %s, %v; want ErrAmbiguous", tc.n, tc.text, got, err)
			}
		case err != nil || got.String() != tc.want:
			t.Errorf("%s: Decode(%q) = %s, %v; want %s", tc.n, tc.text, got, err, tc.want)
		}
	}
}

// TestWesternCapturePromoted: a capture that names a promoted piece ("Sx+B", a horse;
// Hodges writes it "SxB(+)", 81Dojo "SxH") is read by every Western decoder, and the
// promotion of the capturing piece may follow ("Sx+B+"); "x+" with no piece after it
// names no square.
func TestWesternCapturePromoted(t *testing.T) {
	// A black silver on 4d can take the horse on 3c (and promote); nothing else can.
	const horse = "4k4/9/6+b2/5S3/9/9/9/9/4K4 b - 1"
	for _, n := range []Notation{Western, Hodges, HodgesRevised, Hosking} {
		for text, want := range map[string]string{
			"Sx+B": "4d3c", "SxB(+)": "4d3c", "SxH": "4d3c", "Sx+B+": "4d3c+", "Sx+B=": "4d3c",
		} {
			got, err := n.Decode(mustPosition(t, horse), text)
			if err != nil || got.String() != want {
				t.Errorf("%s: Decode(%q) = %s, %v; want %s", n, text, got, err, want)
			}
		}
		if _, err := n.Decode(mustPosition(t, horse), "Sx+"); err == nil {
			t.Errorf("%s: Decode(%q) read a move with no square", n, "Sx+")
		}
	}
	// Kitao–Kawasaki: "x" with nothing after it recaptures on the last move's square.
	p := mustPosition(t, shogi.StartSFEN, "7g7f", "3c3d", "8h2b")
	if got, err := KitaoKawasaki.Decode(p, "☖銀x"); err != nil || got.String() != "3a2b" {
		t.Errorf("☖銀x: %s, %v", got, err)
	}
}

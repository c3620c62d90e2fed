package notation

import (
	"testing"

	shogi "github.com/kifu-go/shogi"
)

// fuzzPositions are the positions the decoder fuzz targets read moves in: the start, a
// position after a capture (for 同 and recaptures), crowded positions for the relative
// words, and a handicap start.
var fuzzPositions = []struct {
	sfen  string
	moves []string
}{
	{shogi.StartSFEN, nil},
	{shogi.StartSFEN, []string{"7g7f", "3c3d", "8h2b+"}},
	{seedSFEN, seedMoves[:2]},
	{"9/1S4G2/9/1S1S1G1G1/9/+B+B2+P4/3+P1+P3/+R+R1+P+P1N1N/9 b G2N 1", nil},
	{"9/2g6/9/1g3s3/9/+b2s3+n+n/9/3+b4+n/9 w - 1", nil},
	{"4k2n1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", nil},
}

func fuzzPosition(t testing.TB, i uint8) *shogi.Position {
	fp := fuzzPositions[int(i)%len(fuzzPositions)]
	return mustPosition(t, fp.sfen, fp.moves...)
}

// fuzzDecode checks that n.Decode never panics, returns only legal moves, and that what
// it returns encodes to a text that decodes to the same move.
func fuzzDecode(f *testing.F, n Notation, seeds ...string) {
	for i := range fuzzPositions {
		p := fuzzPosition(f, uint8(i))
		for j, m := range p.LegalMoves() {
			if j%7 == 0 {
				f.Add(uint8(i), n.Encode(p, m))
			}
		}
	}
	for _, s := range seeds {
		f.Add(uint8(0), s)
		f.Add(uint8(1), s)
	}
	f.Fuzz(func(t *testing.T, pos uint8, text string) {
		p := fuzzPosition(t, pos)
		m, err := n.Decode(p, text)
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("Decode(%q) error %T is not an *Error: %v", text, err, err)
			}
			if m != shogi.NoMove {
				t.Fatalf("Decode(%q) = %s with an error", text, m)
			}
			return
		}
		if err := p.CheckMove(m); err != nil {
			t.Fatalf("Decode(%q) = %s, illegal: %v", text, m, err)
		}
		enc := n.Encode(p, m)
		if back, err := n.Decode(p, enc); err != nil || back != m {
			t.Fatalf("Decode(%q) = %s; Encode = %q; Decode = %s, %v", text, m, enc, back, err)
		}
	})
}

func FuzzDecodeJapanese(f *testing.F) {
	fuzzDecode(f, JapaneseStyle, "☗７六同歩", "同　歩", "５八金左上", "７一銀生", "２二角行", "同銀(31)", "七六歩", "▲七六歩 ", "31.☗5八金右")
}

func FuzzDecodeKIF(f *testing.F) {
	fuzzDecode(f, KIF, "７六歩(77)", "同　角成(88)", "５五角打", "２二角不成(88)", "７六歩（７７）")
}

func FuzzDecodeKI2(f *testing.F) {
	fuzzDecode(f, KI2, "▲７六歩", "△同　銀", "▲５八金右", "▲76歩", "☖同銀", "▲七六歩", "7g7f")
}

func FuzzDecodeIroha(f *testing.F) {
	fuzzDecode(f, Iroha, "▲春歩", "△ら歩", "▲す金右", "▲同角成", "▲七六歩", "一三")
}

func FuzzDecodeWestern(f *testing.F) {
	fuzzDecode(f, Western, "P-76", "G49-58", "Bx22+", "N*33", "+S-49", "D-51", "S-73=", "p-76", "P-7F", "B×22 +", "BX22+", "P–76", "P 76", "7g7f", "N(5f)xR", "1.P-76")
}

func FuzzDecodeHodges(f *testing.F) {
	fuzzDecode(f, Hodges, "G(4i)-5h", "BxB+", "S(+)-4i", "P-7f", "Bx2b=", "bxb +", "N5fxR", "s(+)-4I")
}

func FuzzDecodeHodgesRevised(f *testing.F) {
	fuzzDecode(f, HodgesRevised, "G4i-5h", "Bx2b+", "+S-4i", "P-7f")
}

func FuzzDecodeHosking(f *testing.F) {
	fuzzDecode(f, Hosking, "P76", "G49-58", "N’33", "N'33", "+S49", "Bx22+", "p 76", "B × 22+")
}

func FuzzDecodeKitaoKawasaki(f *testing.F) {
	fuzzDecode(f, KitaoKawasaki, "☗歩-76", "☗金(49)-58", "☖銀x", "☗角x+", "☖+銀-49", "☗歩–76", "☗角 x +", "7g7f")
}

func FuzzDecodeUSI(f *testing.F) {
	fuzzDecode(f, USI, "7g7f", "8h2b+", "P*5e", "p*5e", "7g7f+")
}

func FuzzDecodeCSA(f *testing.F) {
	fuzzDecode(f, CSA, "+7776FU", "-3334FU", "+8822UM", "+0055KA", "7776FU")
}

// FuzzParseLine checks that line parsing never panics, and that a line it reads formats
// to a text that it reads back to the same line.
func FuzzParseLine(f *testing.F) {
	f.Add(uint8(0), uint8(0), "31.☗5八金右 32.☖3三桂打 33.☗同角成 34.☖4九成銀 35.投了")
	f.Add(uint8(2), uint8(0), "▲５八金右　△３三桂打　▲同　角成")
	f.Add(uint8(4), uint8(0), "16.G49-58 N*33 17.Bx33+ +S-49 resigns")
	f.Add(uint8(5), uint8(0), "16.G(4i)-5h N*3c 17.BxN+ S(+)-4i")
	f.Add(uint8(7), uint8(0), "G49-58 N’33 Bx33+ +S49")
	f.Add(uint8(8), uint8(0), "☗金(49)-58 ☖桂*33 ☗角x+ ☖+銀-49")
	f.Add(uint8(9), uint8(0), "4i5h N*3c 7g3c+ 3h4i resign")
	f.Add(uint8(10), uint8(0), "+4958KI -0033KE +7733UM -3849NG %TORYO")
	f.Add(uint8(4), uint8(1), "1…P-34 2.P-76")
	f.Add(uint8(1), uint8(2), "0.開始 1.７六歩 2.３四歩 3.千日手")
	f.Add(uint8(4), uint8(1), "1. ... P-34 2. P 76 Bx88 +")
	f.Add(uint8(4), uint8(1), "1..P-34 2.7g7f")
	f.Add(uint8(0), uint8(0), "31 ☗5八金右 32．☖3三桂打\n33.☗同角成")
	starts := []string{seedSFEN, "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", shogi.StartSFEN}
	f.Fuzz(func(t *testing.T, style, start uint8, text string) {
		n := All[int(style)%len(All)]
		p := mustPosition(t, starts[int(start)%len(starts)])
		line, err := ParseLine(n, p, text)
		if err != nil {
			if _, ok := err.(*LineError); !ok {
				t.Fatalf("ParseLine(%q) error %T is not a *LineError: %v", text, err, err)
			}
			return
		}
		out, err := FormatLine(n, p, line)
		if err != nil {
			t.Fatalf("ParseLine(%q) = %v; FormatLine: %v", text, line, err)
		}
		back, err := ParseLine(n, p, out)
		if err != nil {
			t.Fatalf("ParseLine(%q) = %v; FormatLine = %q; ParseLine: %v", text, line, out, err)
		}
		if len(back.Moves) != len(line.Moves) || back.End != line.End {
			t.Fatalf("ParseLine(%q) = %v; FormatLine = %q; ParseLine = %v", text, line, out, back)
		}
		for i := range back.Moves {
			if back.Moves[i] != line.Moves[i] {
				t.Fatalf("ParseLine(%q) = %v; FormatLine = %q; ParseLine = %v", text, line, out, back)
			}
		}
	})
}

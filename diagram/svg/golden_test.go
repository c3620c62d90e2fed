package svg

import (
	"bytes"
	"flag"
	"path/filepath"
	"testing"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/internal/gametest"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata/golden")

func sq(file, rank int) shogi.Square { return shogi.NewSquare(file, rank) }

// middleGame is the position after move 110 (△６八歩成: a promotion, both hands full)
// of the 27th Ryūō-sen challenger final, game 2 (testdata/records/kif/
// ryuou201409020101.kif at the module root).
func middleGame(t testing.TB) *shogi.Position {
	return gametest.Play(t, "l6nl/2k6/4p1+P2/p6Rp/1R2bg3/P1P1s4/1PGp4P/1K3S3/LN1G1b1NL b 6Pg2sn3p 109", "2d2a+", "6g6h+")
}

type goldenCase struct {
	name string
	p    *shogi.Position
	o    *Options
}

// goldenCases are the pictures of testdata/golden: the start, a handicap, a middle
// game (full hands, promoted pieces, the last move a promotion), White to move in
// check after a drop, a flipped view, highlights and arrows, letters.
func goldenCases(t testing.TB) []goldenCase {
	middle := middleGame(t)
	check := gametest.Play(t, "l+R6l/9/3kp1+P2/p7p/4Rg3/P1P1s4/1PG5P/1K3S3/LN1+p1b1NL b BN6P2g2sn3p 115", "N*7e")
	return []goldenCase{
		{"start", shogi.NewStartPosition(), nil},
		// 二枚落ち: the giver (上手, White) moves first.
		{"handicap", gametest.Play(t, "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"), &Options{Handicap: true, Pieces: Kanji2}},
		{"middle", middle, nil},
		{"check", check, nil},
		{"flipped", middle, &Options{Flip: true, Pieces: Kanji2, Coordinates: Numeric}},
		{"marks", middle, &Options{
			Marks: []Mark{{Square: sq(7, 2)}, {Square: sq(6, 8), Color: "#8e24aa"}},
			Arrows: []Arrow{
				{Move: shogi.NewMove(sq(8, 5), sq(8, 1), false)},              // 8五飛 up the file
				{Move: shogi.NewDrop(shogi.Pawn, sq(6, 9)), Color: "crimson"}, // a drop from Black's hand
				{Move: shogi.NewMove(sq(4, 5), sq(7, 8), false), Color: "#1565c0"},
			},
		}},
		{"letters", check, &Options{
			Pieces: Letters, Coordinates: Western, SquareSize: 30, LastMove: shogi.NewMove(sq(5, 5), sq(5, 3), false),
			Colors: &Colors{Board: "#e8e8e8", Piece: "#ffffff", Background: "none"},
			Title:  `Black's N*75 check <"&">`,
		}},
	}
}

// TestGolden compares each picture with its golden file (go test -update rewrites
// them), and checks that Format writes what Append appends.
func TestGolden(t *testing.T) {
	for _, tc := range goldenCases(t) {
		t.Run(tc.name, func(t *testing.T) {
			got := Append(nil, tc.p, tc.o)
			path := filepath.Join("testdata", "golden", tc.name+".svg")
			gametest.Golden(t, path, got, *update)
			var buf bytes.Buffer
			if err := Format(&buf, tc.p, tc.o); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(buf.Bytes(), got) {
				t.Error("Format writes other bytes than Append appends")
			}
		})
	}
}

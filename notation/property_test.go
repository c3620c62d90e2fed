package notation

import (
	"errors"
	"strings"
	"testing"

	shogi "github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/handicap"
	"pgregory.net/rapid"
)

// startSFENs are the starts of the random games: the even game, every handicap of
// formats.md §9, and positions crowded with pieces of one type.
var startSFENs = []string{
	"9/1S4G2/9/1S1S1G1G1/9/+B+B2+P4/3+P1+P3/+R+R1+P+P1N1N/9 b G2N 1",
	"9/2g6/9/1g3s3/9/+b2s3+n+n/9/3+b4+n/9 w - 1",
	"k8/9/9/1+P+P+P+P+P+P2/1+P+P+P+P+P+P2/1+P+P+P+P+P+P2/9/9/8K b G 1",
	"3k1K3/9/9/3S1S3/9/3S1S3/9/9/9 b Gg 1",
}

func init() {
	for _, h := range handicap.All { // the even game and every handicap
		startSFENs = append(startSFENs, h.SFEN)
	}
}

// randomPosition plays random legal moves from one of startSFENs.
func randomPosition(t *rapid.T) *shogi.Position {
	sfen := rapid.SampledFrom(startSFENs).Draw(t, "start")
	p, err := shogi.ParseSFEN(sfen)
	if err != nil {
		t.Fatalf("ParseSFEN(%q): %v", sfen, err)
	}
	n := rapid.IntRange(0, 150).Draw(t, "plies")
	var list shogi.MoveList
	for range n {
		p.GenerateMoves(&list)
		if list.Len() == 0 {
			break
		}
		p.PlayUnchecked(list.At(rapid.IntRange(0, list.Len()-1).Draw(t, "move")))
	}
	return p
}

// TestRoundTrip checks, for every style, that every legal move of random positions
// decodes back from its text, and that no two legal moves share a text.
func TestRoundTrip(t *testing.T) {
	for _, n := range All {
		t.Run(n.String(), rapid.MakeCheck(func(t *rapid.T) {
			p := randomPosition(t)
			seen := make(map[string]shogi.Move)
			for _, m := range p.LegalMoves() {
				text := n.Encode(p, m)
				if other, ok := seen[text]; ok {
					t.Fatalf("%s: %s and %s both encode to %q", p, other, m, text)
				}
				seen[text] = m
				got, err := n.Decode(p, text)
				if err != nil {
					t.Fatalf("%s: Decode(%q) of %s: %v", p, text, m, err)
				}
				if got != m {
					t.Fatalf("%s: Decode(%q) = %s, want %s", p, text, got, m)
				}
				if app := string(n.Append([]byte("x"), p, m)); app != "x"+text {
					t.Fatalf("%s: Append of %s = %q, want %q", p, m, app, "x"+text)
				}
			}
		}))
	}
}

// TestJapaneseOptionsRoundTrip checks the round trip for every combination of the
// Japanese options (iroha squares aside, which only Iroha reads).
func TestJapaneseOptionsRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		j := Japanese{
			Marks:     Marks(rapid.IntRange(0, 2).Draw(t, "marks")),
			Squares:   SquareStyle(rapid.IntRange(0, 3).Draw(t, "squares")),
			JSADragon: rapid.Bool().Draw(t, "jsaDragon"),
			Ou:        rapid.Bool().Draw(t, "ou"),
			Origin:    rapid.Bool().Draw(t, "origin"),
			SameSpace: SameSpace(rapid.IntRange(0, 2).Draw(t, "sameSpace")),
			Forward:   Forward(rapid.IntRange(0, 2).Draw(t, "forward")),
		}
		p := randomPosition(t)
		for _, m := range p.LegalMoves() {
			text := j.Encode(p, m)
			if got, err := j.Decode(p, text); err != nil || got != m {
				t.Fatalf("%+v %s: Decode(%q) = %s, %v; want %s", j, p, text, got, err, m)
			}
		}
	})
}

// TestRelativeWordsMinimal checks that Japanese notation combines relative words only
// when needed: leaving out any word written makes the text ambiguous.
func TestRelativeWordsMinimal(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := randomPosition(t)
		j := Japanese{}
		for _, m := range p.LegalMoves() {
			rel := Relative(p, m)
			if rel == "" || m.IsDrop() {
				continue
			}
			text := j.Encode(p, m)
			words := []rune(rel)
			var shorter []string
			shorter = append(shorter, strings.Replace(text, rel, "", 1))
			if len(words) == 2 {
				shorter = append(shorter, strings.Replace(text, rel, string(words[0]), 1), strings.Replace(text, rel, string(words[1]), 1))
			}
			for _, s := range shorter {
				if got, err := j.Decode(p, s); !errors.Is(err, ErrAmbiguous) {
					t.Fatalf("%s: %s is %q, but %q decodes to %s, %v", p, m, text, s, got, err)
				}
			}
		}
	})
}

package notation

import (
	"os"
	"regexp"
	"strings"
	"testing"

	shogi "github.com/kifu-go/shogi"
	"golang.org/x/text/encoding/japanese"
)

var kifMoveLine = regexp.MustCompile(`^\s*\d+\s+(\S+)`)

// recordMoves returns the move texts of the main line of a Shift_JIS KIF or KI2 record:
// the move column of KIF lines (without the "+" that marks a variation), or the
// ASCII-space-separated words of KI2 lines. It stops at the first variation or ending.
func recordMoves(t *testing.T, path string) []string {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	data, err := japanese.ShiftJIS.NewDecoder().Bytes(raw)
	if err != nil {
		t.Fatal(err)
	}
	ki2 := strings.HasSuffix(path, ".ki2")
	var moves []string
	for line := range strings.Lines(string(data)) {
		line = strings.TrimRight(line, "\r\n")
		if strings.HasPrefix(line, "変化") || strings.HasPrefix(line, "まで") {
			break
		}
		if ki2 {
			if !strings.HasPrefix(line, "▲") && !strings.HasPrefix(line, "△") {
				continue
			}
			for _, w := range strings.Split(line, " ") {
				if w != "" {
					moves = append(moves, w)
				}
			}
			continue
		}
		if m := kifMoveLine.FindStringSubmatch(line); m != nil {
			w := strings.TrimSuffix(m[1], "+")
			if _, ok := endKindOf(KIF, w, shogi.Black); ok {
				break
			}
			moves = append(moves, w)
		}
	}
	return moves
}

// TestRecords reads the main lines of real KIF and KI2 records and checks that every
// move decodes, and encodes back to the text that Kifu for Windows wrote.
func TestRecords(t *testing.T) {
	const (
		even     = shogi.StartSFEN
		kyoOchi  = "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
		hachimai = "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
	)
	records := []struct {
		file  string
		start string
		moves int
	}{
		{"20091203.ki2", even, 172},
		{"8mai.ki2", hachimai, 25},
		{"habu-fujii-2006.kif", even, 181},
		{"ryuou201409020101.kif", even, 117},
		{"20081220kyoochi.kif", kyoOchi, 142},
		{"jt201409130101.kif", even, 107},
		{"kiou201403160101.kif", even, 85},
	}
	for _, r := range records {
		texts := recordMoves(t, "testdata/records/"+r.file)
		if len(texts) != r.moves {
			t.Errorf("%s: %d moves read, want %d", r.file, len(texts), r.moves)
			continue
		}
		n := KIF
		if strings.HasSuffix(r.file, ".ki2") {
			n = KI2
		}
		p := mustPosition(t, r.start)
		for i, text := range texts {
			m, err := n.Decode(p, text)
			if err != nil {
				t.Errorf("%s: move %d: %v", r.file, i+1, err)
				break
			}
			// Some KIF writers name the king 王 and the dragon 竜; Kakinoki writes 玉 and 龍.
			want := strings.NewReplacer("王", "玉", "竜", "龍").Replace(text)
			if got := n.Encode(p, m); got != want {
				t.Errorf("%s: move %d: %s encodes to %q, the record has %q", r.file, i+1, m, got, text)
			}
			p.PlayUnchecked(m)
		}
	}
}

package diagram

import (
	"fmt"
	"io"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/csa"
	"github.com/kifu-go/shogi/kif"
)

// Style is a kind of text diagram.
type Style int

// The styles of diagram.
const (
	// Text is a board for terminals: the board framed in ASCII with its coordinates,
	// both hands with their counts, the side to move and the last move, in kanji (the
	// default) or in letters ([Options.Letters]), in colour ([Options.Color]) and from
	// either side ([Options.Flip]).
	Text Style = iota
	// BOD is the board diagram of KIF and KI2 records (局面図), as [kif.FormatBoard]
	// writes it and as Kifu for Windows prints it: 後手の持駒, the framed board with
	// "v" before White's pieces and the ranks in kanji, 先手の持駒, 後手番 when White
	// is to move, and 手数＝N with the last move. [kif.ParseBoard] reads it back.
	BOD
	// CSA is the position of a CSA record, as [csa.FormatBoard] writes it: the rows
	// P1 to P9, the hands P+ and P-, and the side to move. [csa.ParseBoard] reads it
	// back.
	CSA
)

var styleNames = [...]string{Text: "text", BOD: "bod", CSA: "csa"}

// String returns the name of s as [ParseStyle] reads it: "text", "bod" or "csa".
func (s Style) String() string {
	if s >= 0 && int(s) < len(styleNames) {
		return styleNames[s]
	}
	return fmt.Sprintf("Style(%d)", int(s))
}

// ParseStyle returns the style of a name: "text", "bod" or "csa".
func ParseStyle(name string) (Style, error) {
	for s, n := range styleNames {
		if n == name {
			return Style(s), nil
		}
	}
	return 0, fmt.Errorf("diagram: unknown style %q (want text, bod or csa)", name)
}

// Options change how a diagram is drawn. A nil *Options draws as the zero value: a
// text board in kanji, plain, from Black's side. Each option says which styles heed it.
type Options struct {
	// Handicap names the sides 下手 and 上手 (the receiver and the giver of a
	// handicap) instead of 先手 and 後手, as handicap games do. Text (in kanji) and BOD.
	Handicap bool
	// Letters draws the pieces as the letters of SFEN (upper case for Black, lower
	// case for White, "+" before a promoted piece), the ranks a to i and the sides in
	// English: the diagram is then ASCII only. Text.
	Letters bool
	// Color colours the diagram with ANSI escape sequences, for terminals: White's
	// pieces in red, Black's in bold, the squares of the last move on yellow and a
	// king in check on red. Without it the diagram is plain text. Text.
	Color bool
	// Flip draws the board from White's side: file 1 on the left, rank 九 (i) at the
	// top, Black's hand above the board and White's below. Text.
	Flip bool
}

// Format writes the diagram of p in style s to w.
func Format(w io.Writer, p *shogi.Position, s Style, o *Options) error {
	_, err := w.Write(Append(make([]byte, 0, 1024), p, s, o))
	return err
}

// Append appends the diagram of p in style s to dst and returns the extended buffer.
// An unknown style appends nothing.
func Append(dst []byte, p *shogi.Position, s Style, o *Options) []byte {
	if o == nil {
		o = &Options{}
	}
	switch s {
	case Text:
		return appendText(dst, p, o)
	case BOD:
		return kif.AppendBoard(dst, p, &kif.BoardOptions{Handicap: o.Handicap})
	case CSA:
		return csa.AppendBoard(dst, p)
	}
	return dst
}

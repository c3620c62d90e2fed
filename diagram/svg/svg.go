package svg

import (
	"io"

	"github.com/kifu-go/shogi"
)

// PieceStyle is how pieces are named on their faces.
type PieceStyle int

const (
	// Kanji names each piece with one character, as printed diagrams do: 玉 飛 角 金
	// 銀 桂 香 歩, and for promoted pieces 龍 馬 全 圭 杏 と.
	Kanji PieceStyle = iota
	// Kanji2 names each piece with the two characters of real pieces: 玉将 飛車 角行 金将
	// 銀将 桂馬 香車 歩兵, 龍王 龍馬 成銀 成桂 成香 と金.
	Kanji2
	// Letters names each piece with its SFEN letter: K R B G S N L P, and +R +B +S +N
	// +L +P for promoted pieces.
	Letters
)

// Coordinates is how the files and ranks are labelled. The files are always
// numbered, 9 to 1 from left to right above the board (1 to 9 when flipped); the
// ranks are labelled on its right, from the top.
type Coordinates int

const (
	// Japanese labels the ranks 一 to 九, as Japanese diagrams do.
	Japanese Coordinates = iota
	// Numeric labels the ranks 1 to 9.
	Numeric
	// Western labels the ranks a to i, as USI and SFEN name them.
	Western
	// NoCoordinates draws no labels.
	NoCoordinates
)

// Mark is a square highlighted by the caller: a square to look at, a target, a
// weakness.
type Mark struct {
	Square shogi.Square
	Color  string // an SVG colour; "" is Colors.Mark
}

// Arrow is an arrow drawn over the board: an engine's best move, a threat, a plan.
// Its Move need not be legal: any two different squares (shogi.NewMove) make an
// arrow, and a drop (shogi.NewDrop) starts at that piece in the hand of the side to
// move (or of the other side, if only that hand holds it).
type Arrow struct {
	Move  shogi.Move
	Color string // an SVG colour; "" is Colors.Arrow
}

// Colors are the colours of a picture, each an SVG 1.1 colour ("#f2d28b",
// "burlywood", "rgb(242,210,139)"), or "none" for what may be left out (the
// background). An empty field takes the colour of [DefaultColors].
type Colors struct {
	Background  string // behind everything
	Board       string // the board's surface
	Line        string // the grid, the board's edge and the star points
	Coordinates string // the file and rank labels
	Piece       string // a piece's face
	PieceEdge   string // a piece's outline
	Text        string // a piece's name
	Promoted    string // the name of a promoted piece
	LastMove    string // the squares of the last move
	Check       string // the square of a king in check
	Mark        string // squares of Options.Marks without a colour of their own
	Arrow       string // arrows of Options.Arrows without a colour of their own
	Turn        string // behind the name of the side to move
	Count       string // the disc behind the count of pieces in hand
	CountText   string // the count itself
}

// DefaultColors are the colours of a picture when Options.Colors leaves them empty:
// a wooden board and pieces, black names and red promoted ones.
var DefaultColors = Colors{
	Background:  "#ffffff",
	Board:       "#f3d79b",
	Line:        "#4a3415",
	Coordinates: "#4a3415",
	Piece:       "#fbecc6",
	PieceEdge:   "#6b4c1e",
	Text:        "#1a1a1a",
	Promoted:    "#c41e1e",
	LastMove:    "#f2a93b",
	Check:       "#e53935",
	Mark:        "#3f8fd6",
	Arrow:       "#2e8b57",
	Turn:        "#c9a24d",
	Count:       "#3a2a12",
	CountText:   "#ffffff",
}

// DefaultFontFamily is the font-family list of pictures in kanji: Japanese serif
// (Mincho) fonts of the common systems, then sans-serif ones, then the generic
// families. The picture names fonts and references none: the viewer's system draws
// the text.
const DefaultFontFamily = "'Noto Serif CJK JP','Noto Serif JP','Source Han Serif JP','Hiragino Mincho ProN'," +
	"'Yu Mincho',YuMincho,'MS Mincho',IPAexMincho,IPAMincho,'Noto Sans CJK JP','Hiragino Sans'," +
	"'Yu Gothic','MS Gothic',IPAGothic,serif,sans-serif"

// DefaultLetterFontFamily is the font-family list of pictures in letters.
const DefaultLetterFontFamily = "'DejaVu Sans','Helvetica Neue',Helvetica,Arial,sans-serif"

// DefaultSquareSize is the side of a square in pixels when Options.SquareSize is 0.
const DefaultSquareSize = 40

// Options change how a position is drawn. A nil *Options draws as the zero value: a
// board of 40-pixel squares seen from Black's side, pieces in one kanji each,
// Japanese coordinates, the last move and a check marked, in [DefaultColors].
type Options struct {
	// SquareSize is the side of a square in pixels, from 8 to 1000 (values outside
	// are taken to the nearest end); 0 is DefaultSquareSize. The whole picture is 13
	// squares wide and 10 high.
	SquareSize int
	// Pieces is how pieces are named (an unknown style is Kanji).
	Pieces PieceStyle
	// Coordinates is how the ranks are labelled (an unknown value is Japanese).
	Coordinates Coordinates
	// Flip draws the board from White's side: White's pieces upright at the bottom,
	// White's hand at the bottom right, file 1 on the left.
	Flip bool
	// Handicap names the sides 下手 and 上手 instead of 先手 and 後手.
	Handicap bool
	// LastMove is the move to mark (its origin and destination; a drop's destination
	// only). NoMove marks the position's own last move, when it was reached by playing
	// moves ([shogi.Position.LastMove]).
	LastMove shogi.Move
	// NoLastMove marks no last move at all.
	NoLastMove bool
	// NoCheck leaves a king in check unmarked.
	NoCheck bool
	// Marks are squares to highlight, under the pieces.
	Marks []Mark
	// Arrows are drawn over the pieces, in order.
	Arrows []Arrow
	// Colors override [DefaultColors], field by field; nil keeps them all.
	Colors *Colors
	// FontFamily is the CSS font-family list of all text; "" is DefaultFontFamily
	// (DefaultLetterFontFamily with Letters).
	FontFamily string
	// Title is the picture's <title>, which viewers show as a tooltip and screen
	// readers read; "" is the SFEN of the position.
	Title string
}

// noOptions are the options of a nil *Options; nothing writes them.
var noOptions Options

// Format writes the picture of p to w as an SVG document.
func Format(w io.Writer, p *shogi.Position, o *Options) error {
	_, err := w.Write(Append(make([]byte, 0, 16<<10), p, o))
	return err
}

// Append appends the picture of p, an SVG document, to dst and returns the extended
// buffer. It allocates only to grow dst.
func Append(dst []byte, p *shogi.Position, o *Options) []byte {
	if o == nil {
		o = &noOptions
	}
	d := drawing{dst: dst, p: p, o: o}
	d.draw()
	return d.dst
}

package svg

import (
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/kifu-go/shogi"
)

// The layout, in squares (u): a margin of 0.25u all round; White's hand in a column
// 1.25u wide on the left, its top level with the board's; a gap of 0.25u; the board,
// 9u by 9u, below a band of 0.5u for the file numbers and left of a band of 0.5u for
// the rank labels; a gap of 0.25u; Black's hand in a column 1.25u wide on the right,
// its bottom level with the board's. 13u by 10u in all. Flipped, the hands change
// places. A hand is a heading 1.4u high (the side's mark, ☗ or ☖, and its name) and a
// slot 0.95u high per kind of piece, rook first, from the heading away.
const (
	margin     = 0.25
	handWidth  = 1.25
	gap        = 0.25
	bandTop    = 0.5
	bandRight  = 0.5
	headHeight = 1.4
	slotHeight = 0.95
	boardX     = margin + handWidth + gap // 1.75
	boardY     = margin + bandTop         // 0.75
	widthU     = boardX + 9 + bandRight + gap + handWidth + margin
	heightU    = boardY + 9 + margin
	nearHandX  = boardX + 9 + bandRight + gap // the left of the near hand's column
	farHandX   = margin
)

// pieceScale makes the pieces of higher rank larger, as in real sets.
var pieceScale = [shogi.NumPieceTypes]float64{
	shogi.King: 1, shogi.Rook: 0.97, shogi.Dragon: 0.97, shogi.Bishop: 0.97, shogi.Horse: 0.97,
	shogi.Gold: 0.94, shogi.Silver: 0.94, shogi.ProSilver: 0.94, shogi.Knight: 0.91, shogi.ProKnight: 0.91,
	shogi.Lance: 0.89, shogi.ProLance: 0.89, shogi.Pawn: 0.86, shogi.ProPawn: 0.86,
}

var oneKanji = [shogi.NumPieceTypes]string{
	shogi.Pawn: "歩", shogi.Lance: "香", shogi.Knight: "桂", shogi.Silver: "銀",
	shogi.Gold: "金", shogi.Bishop: "角", shogi.Rook: "飛", shogi.King: "玉",
	shogi.ProPawn: "と", shogi.ProLance: "杏", shogi.ProKnight: "圭",
	shogi.ProSilver: "全", shogi.Horse: "馬", shogi.Dragon: "龍",
}

var twoKanji = [shogi.NumPieceTypes][2]string{
	shogi.Pawn: {"歩", "兵"}, shogi.Lance: {"香", "車"}, shogi.Knight: {"桂", "馬"}, shogi.Silver: {"銀", "将"},
	shogi.Gold: {"金", "将"}, shogi.Bishop: {"角", "行"}, shogi.Rook: {"飛", "車"}, shogi.King: {"玉", "将"},
	shogi.ProPawn: {"と", "金"}, shogi.ProLance: {"成", "香"}, shogi.ProKnight: {"成", "桂"},
	shogi.ProSilver: {"成", "銀"}, shogi.Horse: {"龍", "馬"}, shogi.Dragon: {"龍", "王"},
}

var (
	kanjiRanks  = [...]string{"", "一", "二", "三", "四", "五", "六", "七", "八", "九"}
	sideKanji   = [2][2][2]string{{{"先", "手"}, {"後", "手"}}, {{"下", "手"}, {"上", "手"}}} // [handicap][color]
	sideLetters = [2]string{"Black", "White"}
)

// drawing is one picture being drawn.
type drawing struct {
	dst []byte
	p   *shogi.Position
	o   *Options
	u   float64 // the side of a square in pixels
	c   Colors  // the colours, defaults filled in
	// viewer is the side whose pieces stand upright at the bottom.
	viewer shogi.Color
}

func (d *drawing) draw() {
	size := d.o.SquareSize
	switch {
	case size == 0:
		size = DefaultSquareSize
	case size < 8:
		size = 8
	case size > 1000:
		size = 1000
	}
	d.u = float64(size)
	d.c = DefaultColors
	if c := d.o.Colors; c != nil {
		d.c.override(c)
	}
	if d.o.Flip {
		d.viewer = shogi.White
	}
	font := d.o.FontFamily
	if font == "" {
		font = DefaultFontFamily
		if d.o.Pieces == Letters {
			font = DefaultLetterFontFamily
		}
	}

	w, h := widthU*d.u, heightU*d.u
	d.str(`<svg xmlns="http://www.w3.org/2000/svg" version="1.1"`)
	d.attr("width", w)
	d.attr("height", h)
	d.str(` viewBox="0 0 `)
	d.num(w)
	d.dst = append(d.dst, ' ')
	d.num(h)
	d.str("\">\n<title>")
	if d.o.Title != "" {
		d.escaped(d.o.Title)
	} else {
		d.dst, _ = d.p.AppendText(d.dst)
	}
	d.str("</title>\n")
	if d.c.Background != "none" {
		d.str("<rect")
		d.attr("width", w)
		d.attr("height", h)
		d.attrText("fill", d.c.Background)
		d.str("/>\n")
	}
	d.str("<g")
	d.attrText("font-family", font)
	d.str(` text-anchor="middle">` + "\n")
	d.board()
	d.highlights()
	d.grid()
	d.coordinates()
	d.pieces()
	d.hand(shogi.Black)
	d.hand(shogi.White)
	d.arrows()
	d.str("</g>\n</svg>\n")
}

// override replaces the colours that o gives (those not empty).
func (c *Colors) override(o *Colors) {
	set := func(dst *string, v string) {
		if v != "" {
			*dst = v
		}
	}
	set(&c.Background, o.Background)
	set(&c.Board, o.Board)
	set(&c.Line, o.Line)
	set(&c.Coordinates, o.Coordinates)
	set(&c.Piece, o.Piece)
	set(&c.PieceEdge, o.PieceEdge)
	set(&c.Text, o.Text)
	set(&c.Promoted, o.Promoted)
	set(&c.LastMove, o.LastMove)
	set(&c.Check, o.Check)
	set(&c.Mark, o.Mark)
	set(&c.Arrow, o.Arrow)
	set(&c.Turn, o.Turn)
	set(&c.Count, o.Count)
	set(&c.CountText, o.CountText)
}

// squareXY returns the top left corner of a square, in squares.
func (d *drawing) squareXY(sq shogi.Square) (x, y float64) {
	col, row := 9-sq.File(), sq.Rank()-1
	if d.viewer == shogi.White {
		col, row = sq.File()-1, 9-sq.Rank()
	}
	return boardX + float64(col), boardY + float64(row)
}

func (d *drawing) board() {
	d.rect(boardX, boardY, 9, 9, d.c.Board, "")
}

// highlights fills the squares of the last move, of a king in check and of the
// caller's marks.
func (d *drawing) highlights() {
	last := d.o.LastMove
	if last == shogi.NoMove {
		last = d.p.LastMove()
	}
	if !d.o.NoLastMove && last.IsValid() {
		if !last.IsDrop() {
			d.fillSquare(last.From(), d.c.LastMove, "0.45")
		}
		d.fillSquare(last.To(), d.c.LastMove, "0.7")
	}
	if !d.o.NoCheck && d.p.InCheck() {
		if k := d.p.King(d.p.SideToMove()); k.IsValid() {
			d.fillSquare(k, d.c.Check, "0.6")
		}
	}
	for _, m := range d.o.Marks {
		color := m.Color
		if color == "" {
			color = d.c.Mark
		}
		d.fillSquare(m.Square, color, "0.5")
	}
}

func (d *drawing) fillSquare(sq shogi.Square, color, opacity string) {
	if !sq.IsValid() {
		return
	}
	x, y := d.squareXY(sq)
	d.rect(x, y, 1, 1, color, opacity)
}

// rect draws a filled rectangle given in squares.
func (d *drawing) rect(x, y, w, h float64, fill, opacity string) {
	d.str("<rect")
	d.attr("x", x*d.u)
	d.attr("y", y*d.u)
	d.attr("width", w*d.u)
	d.attr("height", h*d.u)
	d.attrText("fill", fill)
	if opacity != "" {
		d.str(` fill-opacity="` + opacity + `"`)
	}
	d.str("/>\n")
}

// grid draws the lines, the edge and the four star points.
func (d *drawing) grid() {
	d.str(`<path fill="none"`)
	d.attrText("stroke", d.c.Line)
	d.attr("stroke-width", d.u/40)
	d.str(` d="`)
	for i := 1; i < 9; i++ {
		d.str("M")
		d.num((boardX + float64(i)) * d.u)
		d.str(",")
		d.num(boardY * d.u)
		d.str("v")
		d.num(9 * d.u)
		d.str("M")
		d.num(boardX * d.u)
		d.str(",")
		d.num((boardY + float64(i)) * d.u)
		d.str("h")
		d.num(9 * d.u)
	}
	d.str("\"/>\n<rect")
	d.attr("x", boardX*d.u)
	d.attr("y", boardY*d.u)
	d.attr("width", 9*d.u)
	d.attr("height", 9*d.u)
	d.str(` fill="none"`)
	d.attrText("stroke", d.c.Line)
	d.attr("stroke-width", d.u/16)
	d.str("/>\n")
	for _, xy := range [4][2]float64{{3, 3}, {6, 3}, {3, 6}, {6, 6}} {
		d.str("<circle")
		d.attr("cx", (boardX+xy[0])*d.u)
		d.attr("cy", (boardY+xy[1])*d.u)
		d.attr("r", d.u/14)
		d.attrText("fill", d.c.Line)
		d.str("/>\n")
	}
}

// coordinates labels the files above the board and the ranks on its right.
func (d *drawing) coordinates() {
	if d.o.Coordinates == NoCoordinates {
		return
	}
	fs := 0.36
	d.str("<g")
	d.attrText("fill", d.c.Coordinates)
	d.attr("font-size", fs*d.u)
	d.str(">\n")
	for i := range 9 {
		file := 9 - i
		if d.viewer == shogi.White {
			file = i + 1
		}
		d.openText(boardX+float64(i)+0.5, boardY-0.25, fs)
		d.dst = append(d.dst, '>', byte('0'+file))
		d.str("</text>\n")
	}
	for i := range 9 {
		rank := i + 1
		if d.viewer == shogi.White {
			rank = 9 - i
		}
		d.openText(boardX+9+bandRight/2, boardY+float64(i)+0.5, fs)
		d.str(">")
		switch d.o.Coordinates {
		case Numeric:
			d.dst = append(d.dst, byte('0'+rank))
		case Western:
			d.dst = append(d.dst, byte('a'+rank-1))
		default:
			d.str(kanjiRanks[rank])
		}
		d.str("</text>\n")
	}
	d.str("</g>\n")
}

// openText starts a <text> element whose characters are centred on (x, y), in
// squares, for a font size of fs squares; the caller adds attributes and ">".
func (d *drawing) openText(x, y, fs float64) {
	d.str("<text")
	d.attr("x", x*d.u)
	// The middle of a kanji (and of a capital letter) is about 0.37 em above the
	// baseline: dominant-baseline is not read by every renderer of SVG 1.1.
	d.attr("y", (y+0.37*fs)*d.u)
}

// pieces draws the pieces on the board.
func (d *drawing) pieces() {
	d.str("<g")
	d.attrText("fill", d.c.Text)
	d.str(">\n")
	for i := range shogi.NumSquares {
		sq := shogi.SquareAt(i)
		pc := d.p.PieceAt(sq)
		if pc == shogi.NoPiece {
			continue
		}
		x, y := d.squareXY(sq)
		d.piece(x+0.5, y+0.5, pc.Color(), pc.Type(), pieceScale[pc.Type()])
	}
	d.str("</g>\n")
}

// piece draws a piece centred on (cx, cy), in squares, at a scale of k, upside down
// when it is not the viewer's.
func (d *drawing) piece(cx, cy float64, c shogi.Color, t shogi.PieceType, k float64) {
	d.str(`<g transform="translate(`)
	d.num(cx * d.u)
	d.str(",")
	d.num(cy * d.u)
	if c != d.viewer {
		d.str(") rotate(180")
	}
	d.str(")\">")
	d.pentagon(k * d.u)
	d.attrText("fill", d.c.Piece)
	d.attrText("stroke", d.c.PieceEdge)
	d.attr("stroke-width", d.u/40)
	d.str(` stroke-linejoin="round"/>`)
	fill := ""
	if t.IsPromoted() {
		fill = d.c.Promoted
	}
	switch d.o.Pieces {
	case Kanji2:
		fs := 0.4 * k
		d.pieceText(0, -0.15*k, fs, fill, twoKanji[t][0])
		d.pieceText(0, 0.24*k, fs, fill, twoKanji[t][1])
	case Letters:
		fs := 0.5 * k
		if t.IsPromoted() {
			fs = 0.42 * k
		}
		d.pieceText(0, 0.06*k, fs, fill, t.Letter())
	default:
		d.pieceText(0, 0.06*k, 0.64*k, fill, oneKanji[t])
	}
	d.str("</g>\n")
}

// pentagon starts the <path> of a piece's outline, s pixels high and wide, centred
// on the origin: the point at the top, the shoulders, the base.
func (d *drawing) pentagon(s float64) {
	d.str(`<path d="M0,`)
	d.num(-0.44 * s)
	d.str("L")
	d.num(0.33 * s)
	d.str(",")
	d.num(-0.3 * s)
	d.str("L")
	d.num(0.4 * s)
	d.str(",")
	d.num(0.44 * s)
	d.str("H")
	d.num(-0.4 * s)
	d.str("L")
	d.num(-0.33 * s)
	d.str(",")
	d.num(-0.3 * s)
	d.str(`Z"`)
}

// pieceText writes a piece's name centred on (x, y) relative to the piece's centre.
func (d *drawing) pieceText(x, y, fs float64, fill, name string) {
	d.openText(x, y, fs)
	d.attr("font-size", fs*d.u)
	if fill != "" {
		d.attrText("fill", fill)
	}
	d.str(">")
	d.str(name)
	d.str("</text>")
}

// handColumn returns the left of a side's hand column and whether it is the near
// one (at the bottom right).
func (d *drawing) handColumn(c shogi.Color) (x float64, near bool) {
	if c == d.viewer {
		return nearHandX, true
	}
	return farHandX, false
}

// slotCenter returns the centre of the i-th slot of a side's hand, in squares.
func (d *drawing) slotCenter(c shogi.Color, i int) (x, y float64) {
	left, near := d.handColumn(c)
	x = left + handWidth/2 - 0.12
	if near {
		return x, boardY + 9 - headHeight - (float64(i)+0.5)*slotHeight
	}
	return x, boardY + headHeight + (float64(i)+0.5)*slotHeight
}

// headTop returns the top of a side's heading, in squares.
func (d *drawing) headTop(c shogi.Color) float64 {
	if _, near := d.handColumn(c); near {
		return boardY + 9 - headHeight
	}
	return boardY
}

// hand draws a side's heading and the pieces in its hand with their counts.
func (d *drawing) hand(c shogi.Color) {
	left, _ := d.handColumn(c)
	top := d.headTop(c)
	cx := left + handWidth/2
	if d.p.SideToMove() == c {
		d.str("<rect")
		d.attr("x", (left+0.08)*d.u)
		d.attr("y", (top+0.04)*d.u)
		d.attr("width", (handWidth-0.16)*d.u)
		d.attr("height", (headHeight-0.08)*d.u)
		d.attr("rx", 0.12*d.u)
		d.attrText("fill", d.c.Turn)
		d.str("/>\n")
	}
	// The side's mark: a small piece, black for Black (☗) and white for White (☖),
	// pointing at the other side.
	d.str(`<g transform="translate(`)
	d.num(cx * d.u)
	d.str(",")
	d.num((top + 0.38) * d.u)
	if c != d.viewer {
		d.str(") rotate(180")
	}
	d.str(`)">`)
	d.pentagon(0.5 * d.u)
	if c == shogi.Black {
		d.attrText("fill", d.c.Text)
	} else {
		d.str(` fill="#ffffff"`)
	}
	d.attrText("stroke", d.c.Text)
	d.attr("stroke-width", d.u/30)
	d.str(` stroke-linejoin="round"/></g>` + "\n")
	// The side's name.
	d.str("<g")
	d.attrText("fill", d.c.Text)
	d.str(">")
	if d.o.Pieces == Letters {
		d.label(cx, top+0.95, 0.27, sideLetters[c])
	} else {
		handicap := 0
		if d.o.Handicap {
			handicap = 1
		}
		name := sideKanji[handicap][c]
		d.label(cx, top+0.84, 0.34, name[0])
		d.label(cx, top+1.18, 0.34, name[1])
	}
	d.str("</g>\n")

	h := d.p.Hand(c)
	i := 0
	for _, t := range shogi.HandTypes {
		n := h.Count(t)
		if n == 0 {
			continue
		}
		x, y := d.slotCenter(c, i)
		i++
		d.str("<g")
		d.attrText("fill", d.c.Text)
		d.str(">")
		d.piece(x, y, c, t, 0.85*pieceScale[t])
		d.str("</g>\n")
		if n == 1 {
			continue
		}
		d.str("<circle")
		d.attr("cx", (x+0.42)*d.u)
		d.attr("cy", (y+0.25)*d.u)
		d.attr("r", 0.2*d.u)
		d.attrText("fill", d.c.Count)
		d.str("/>\n")
		d.openText(x+0.42, y+0.25, 0.26)
		d.attr("font-size", 0.26*d.u)
		d.str(` font-weight="bold"`)
		d.attrText("fill", d.c.CountText)
		d.str(">")
		d.dst = strconv.AppendInt(d.dst, int64(n), 10)
		d.str("</text>\n")
	}
}

// label writes a text centred on (x, y) in a font size of fs, in squares.
func (d *drawing) label(x, y, fs float64, text string) {
	d.openText(x, y, fs)
	d.attr("font-size", fs*d.u)
	d.str(">")
	d.str(text)
	d.str("</text>")
}

// handSlot returns the centre of the slot of a piece type in a side's hand, and
// whether the hand holds it.
func (d *drawing) handSlot(c shogi.Color, t shogi.PieceType) (x, y float64, ok bool) {
	h := d.p.Hand(c)
	i := 0
	for _, ht := range shogi.HandTypes {
		if h.Count(ht) == 0 {
			continue
		}
		if ht == t {
			x, y = d.slotCenter(c, i)
			return x, y, true
		}
		i++
	}
	return 0, 0, false
}

// arrows draws the caller's arrows over everything else.
func (d *drawing) arrows() {
	for _, a := range d.o.Arrows {
		m := a.Move
		if !m.To().IsValid() {
			continue
		}
		tx, ty := d.squareXY(m.To())
		tx, ty = tx+0.5, ty+0.5
		var fx, fy float64
		switch {
		case m.IsDrop():
			side := d.p.SideToMove()
			x, y, ok := d.handSlot(side, m.DropType())
			if !ok {
				x, y, ok = d.handSlot(side.Opponent(), m.DropType())
			}
			if !ok {
				continue
			}
			fx, fy = x, y
		case m.From().IsValid() && m.From() != m.To():
			fx, fy = d.squareXY(m.From())
			fx, fy = fx+0.5, fy+0.5
		default:
			continue
		}
		color := a.Color
		if color == "" {
			color = d.c.Arrow
		}
		d.arrow(fx, fy, tx, ty, color)
	}
}

// arrow draws an arrow from (fx, fy) to (tx, ty), in squares: a shaft and a head as
// one polygon.
func (d *drawing) arrow(fx, fy, tx, ty float64, color string) {
	dx, dy := tx-fx, ty-fy
	length := math.Hypot(dx, dy)
	ux, uy := dx/length, dy/length // along the arrow
	nx, ny := -uy, ux              // across it
	const shaft, head, headLength, short = 0.07, 0.24, 0.42, 0.12
	length -= short
	base := length - headLength
	pt := func(along, across float64) {
		d.num((fx + ux*along + nx*across) * d.u)
		d.str(",")
		d.num((fy + uy*along + ny*across) * d.u)
		d.str(" ")
	}
	d.str(`<polygon points="`)
	pt(0, shaft)
	pt(base, shaft)
	pt(base, head)
	pt(length, 0)
	pt(base, -head)
	pt(base, -shaft)
	pt(0, -shaft)
	d.dst = d.dst[:len(d.dst)-1]
	d.str(`"`)
	d.attrText("fill", color)
	d.str(` fill-opacity="0.8" stroke-linejoin="round"/>` + "\n")
}

func (d *drawing) str(s string) { d.dst = append(d.dst, s...) }

// num writes a number of pixels, rounded to hundredths.
func (d *drawing) num(v float64) {
	v = math.Round(v*100) / 100
	if v == 0 {
		v = 0 // not -0
	}
	d.dst = strconv.AppendFloat(d.dst, v, 'f', -1, 64)
}

// attr writes a numeric attribute.
func (d *drawing) attr(name string, v float64) {
	d.str(" ")
	d.str(name)
	d.str(`="`)
	d.num(v)
	d.str(`"`)
}

// attrText writes an attribute whose value comes from the caller, escaped.
func (d *drawing) attrText(name, v string) {
	d.str(" ")
	d.str(name)
	d.str(`="`)
	d.escaped(v)
	d.str(`"`)
}

// escaped writes text escaped for XML content and attribute values in double
// quotes (single quotes, as in font-family lists, stay as they are). Characters
// that XML 1.0 does not allow (controls, unpaired surrogates, U+FFFE and U+FFFF)
// become U+FFFD.
func (d *drawing) escaped(s string) {
	for _, r := range s {
		switch {
		case r == '&':
			d.str("&amp;")
		case r == '<':
			d.str("&lt;")
		case r == '>':
			d.str("&gt;")
		case r == '"':
			d.str("&quot;")
		case r == '\t' || r == '\n' || r == '\r':
			d.str("&#")
			d.dst = strconv.AppendInt(d.dst, int64(r), 10)
			d.str(";")
		case r < 0x20 || r == 0xFFFE || r == 0xFFFF || r == 0xFFFD:
			d.str("\uFFFD")
		default:
			d.dst = utf8.AppendRune(d.dst, r)
		}
	}
}

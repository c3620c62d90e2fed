// Package svg draws a shogi position as an SVG picture: for web pages, notebooks,
// documentation and issue reports.
//
// [Format] writes the picture of a [*shogi.Position] to an io.Writer and [Append]
// appends it to a byte slice:
//
//	svg.Format(w, p, nil)
//	svg.Format(w, p, &svg.Options{
//		Pieces: svg.Kanji2,
//		Arrows: []svg.Arrow{{Move: best}},
//		Marks:  []svg.Mark{{Square: shogi.NewSquare(5, 5)}},
//	})
//
// The picture shows the board with its grid and star points, the files numbered 9 to
// 1 above it and the ranks 一 to 九 on its right as in Japanese diagrams (or 1 to 9,
// or a to i: [Options.Coordinates]), White's hand on the upper left and Black's on the
// lower right, each kind of piece once with its count, and the side to move by the
// colour behind its name. Pieces are drawn as pentagons, the higher ranks larger, with
// their names in one kanji, in the two kanji of real pieces or in letters
// ([PieceStyle]); White's stand upside down, and promoted names are red. The squares
// of the last move are marked (the destination only for a drop), so is a king in
// check, and the caller may add marked squares and arrows ([Mark], [Arrow]). With
// [Options.Flip] the picture shows the board from White's side. [Options.SquareSize]
// scales everything; [Options.Colors] changes any colour.
//
// The picture is a self-contained SVG 1.1 document: its text is real, selectable
// text in the fonts of a font-family list with the usual Japanese fonts of each system
// and generic fallbacks ([DefaultFontFamily]); it references no font, image, style
// sheet or script. It can be served as image/svg+xml, embedded with <img>, or put
// inline in HTML. Text from the caller (the title, colours, the font list) is escaped.
//
// A picture of a middle-game position is about 11 KB, made in tens of microseconds
// without allocating beyond the buffer it is appended to.
package svg

// Package diagram draws a shogi position as text people can read: a board for
// terminals, the board diagram (BOD, 局面図) of KIF and KI2 records, and the position
// lines of CSA records. Its sub-package [github.com/kifu-go/shogi/diagram/svg] draws
// pictures.
//
// [Format] writes a diagram of a [*shogi.Position] to an io.Writer and [Append]
// appends one to a byte slice, in a [Style] with [Options]:
//
//	diagram.Format(os.Stdout, p, diagram.Text, nil)                           // kanji
//	diagram.Format(os.Stdout, p, diagram.Text, &diagram.Options{Letters: true}) // ASCII
//	diagram.Format(os.Stdout, p, diagram.BOD, nil)
//	diagram.Format(os.Stdout, p, diagram.CSA, nil)
//
// The Text style frames the board in ASCII with the files 9 to 1 above it and the
// ranks 一 to 九 (a to i in letters) on its right, as Japanese diagrams do; each square
// is three columns wide in a terminal, White's pieces marked with a "v" (lower case
// in letters). Both hands are given with their counts, then the side to move and,
// when the position was reached by playing moves, the last move. [Options.Color]
// adds ANSI colours (for a terminal; golang.org/x/term tells whether the output is
// one) and [Options.Flip] draws the board from White's side:
//
//	☖後手の持駒：金　銀二　桂　歩三
//	  ９ ８ ７ ６ ５ ４ ３ ２ １
//	+---------------------------+
//	|v香 ・ ・ ・ ・ ・ ・ 龍v香|一
//	| ・ ・v玉 ・ ・ ・ ・ ・ ・|二
//	…
//	| 香 桂 ・ 金 ・v角 ・ 桂 香|九
//	+---------------------------+
//	☗先手の持駒：桂　歩六
//	先手番
//	手数＝110  △６八歩成  まで
//
// The BOD and CSA styles are those of the kif and csa packages ([kif.FormatBoard],
// [csa.FormatBoard]), and their readers take them back as a position given alone:
// [kif.ParseBoard] and [csa.ParseBoard] (and [kif.Parse], [csa.Parse] and the record
// package's readers, as a record without moves).
package diagram

// Package sfen reads and writes SFEN positions, USI move strings and the position
// lines of the USI protocol ("position startpos moves 7g7f 3c3d").
//
// SFEN is read leniently where the USI specification and real programs allow it — the
// move number may be left out, fields may be separated by any run of white space, hand
// counts may have two digits and hand pieces may come in any order, and a leading "sfen"
// word is accepted — and written canonically: hands in the order R B G S N L P, Black
// before White, and the move number always present.
//
// Every error that comes from the text is a [*SyntaxError] with the 1-based column, in
// characters, of the offending token, and a message with one prefix:
// `sfen: column 30: invalid USI move "3c3x"`. It wraps one of the package's sentinels,
// a setup error of the root package ([shogi.ErrDoublePawn], …), [shogi.ErrNoRecord]
// for empty or blank text, or, for an illegal move in a position line, the root
// package's [*shogi.IllegalMoveError], so that errors.Is(err, shogi.ErrNifu) works and
// [shogi.FoulOf] gives the foul's code.
package sfen

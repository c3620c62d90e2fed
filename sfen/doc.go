// Package sfen reads and writes SFEN positions, USI move strings and the position
// lines of the USI protocol ("position startpos moves 7g7f 3c3d").
//
// SFEN is read leniently where the USI specification and real programs allow it — the
// move number may be left out, fields may be separated by any run of white space, hand
// counts may have two digits and hand pieces may come in any order, and a leading "sfen"
// word is accepted — and written canonically: hands in the order R B G S N L P, Black
// before White, and the move number always present.
//
// Every error that comes from the text is a [*SyntaxError] with the 1-based column of the
// offending token; an illegal move in a position line also unwraps to the root package's
// [shogi.IllegalMoveError], so errors.Is(err, shogi.ErrNifu) works.
package sfen

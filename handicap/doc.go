// Package handicap lists every handicap (駒落ち) of shogi with its names, start position
// and the codes the record formats use for it, finds a handicap by any of its names, and
// tells which handicap a start position is.
//
// In every handicap the giver (上手, uwate) plays White and moves first, so each SFEN has
// "w" to move and move number 1. "Left" and "right" are seen from the giver's seat:
// White's left is file 1, so 香落ち removes the lance on 1一 and 右香落ち the one on 9一.
//
// Where the sources leave a square open, this package follows that same convention and
// removes the giver's left piece: 銀落ち removes the silver on 3一, 飛銀落ち the rook and
// the 3一 silver, 角香落ち the bishop and the 1一 lance (右銀落ち removes the 7一 silver).
// 七枚落ち with no side named is 右七枚落ち, as on lishogi. 三枚落ち removes the 1一 lance
// as Kakinoki's KIF list does; [Identify] also recognises lishogi's variant, which removes
// the 9一 lance instead.
package handicap

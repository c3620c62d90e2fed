// Package notation prints and parses shogi moves in every common notation: Japanese
// kyūkyū (with the KIF and KI2 record styles), Iroha, Western standard, Hodges–Townhill
// (original and revised), Hosking, Kitao–Kawasaki, and the USI and CSA move strings.
//
// Every style is a [Notation]: Append and Encode print a legal move of a position, and
// Decode returns a legal move of a position or an [*Error] that says why the text names
// none: one of the sentinels ([ErrSyntax], [ErrUnknownPiece], [ErrNoCandidate],
// [ErrAmbiguous], …), [shogi.ErrWrongSide] for a turn mark of the side not to move, or
// the [*shogi.IllegalMoveError] of [shogi.Position.CheckMove], so that
// errors.Is(err, shogi.ErrNifu) tells a 二歩.
//
// Recaptures (同, and Kitao–Kawasaki's omitted destination) refer to the destination of
// [shogi.Position.LastMove].
//
// # Japanese notation
//
// [Japanese] follows the JSA rules (棋譜の表記方法): the relative words 上/引/寄 come
// first, 右/左 (or 直 for a gold-mover stepping straight forward) only when the movement
// word alone does not tell the pieces apart, and both only when needed; horses and
// dragons use 右/左 for the one standing on the mover's right or left, never 直. Every
// piece of the moved type that could reach the square counts, pinned or not; 成 and 不成
// never help to tell pieces apart. 打 is written only when a board piece of the same type
// could also reach the square, and 成/不成 only when the move could promote. Its options
// choose the turn marks, the square style (７六, 7六, 76 or iroha), 竜/龍, 王/玉, the
// spacing after 同, and the KIF style with the origin in parentheses.
//
// Decoding parses the text directly; only the relative words are resolved against the
// pieces that can reach the destination.
package notation

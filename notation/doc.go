// Package notation prints and parses shogi moves in every common notation: Japanese
// kyūkyū (with the KIF and KI2 record styles), Iroha, Western standard, Hodges–Townhill
// (original and revised), Hosking, Kitao–Kawasaki, and the USI and CSA move strings.
//
// Every style is a [Notation]: [Notation.Append] and [Notation.Encode] print a legal
// move of a position, and [Notation.Decode] returns a legal move of a position or an
// [*Error] that says why the text names none: one of the sentinels ([ErrSyntax],
// [ErrUnknownPiece], [ErrNoCandidate], [ErrAmbiguous], …), [shogi.ErrWrongSide] for a
// turn mark of the side not to move, or the [*shogi.IllegalMoveError] of
// [shogi.Position.CheckMove], so that errors.Is(err, shogi.ErrNifu) tells a 二歩.
// [ByName] finds a style by the names of [Names].
//
// Recaptures (同, and Kitao–Kawasaki's omitted destination) refer to the destination of
// [shogi.Position.LastMove].
//
// Append allocates nothing when the buffer has room, and Decode allocates nothing for a
// valid move: it parses the text directly, and only scans the pieces that can reach the
// destination to resolve relative words and origins.
//
// # Japanese notation
//
// [Japanese] follows the JSA rules (棋譜の表記方法): the movement words 上/引/寄 come
// first, 右/左 (or 直 for a gold-mover stepping straight forward) only when the movement
// word alone does not tell the pieces apart, and both only when needed; horses and
// dragons use 右/左 for the one standing on the mover's right or left, never 直. Every
// piece of the moved type that could reach the square counts, pinned or not; 成 and 不成
// never help to tell pieces apart. 打 is written only when a board piece of the same type
// could also reach the square, and 成/不成 only when the move could promote. Its options
// choose the turn marks, the square style (７六, 7六, 76 or iroha), 竜/龍, 王/玉, the
// spacing after 同, and the KIF style with the origin in parentheses. [Relative] gives
// the relative words alone.
//
// [KIF], [KI2], [Iroha] and [JapaneseStyle] are Japanese values. Their decoders all read
// every variant: ▲△☗☖ or no mark, half- or full-width digits, kanji or digit ranks,
// 同 with or without a space and "７六同歩", 竜/龍, 王/玉, 全/圭/杏 and 成銀/成桂/成香,
// 行 and 入 for 上, 生 for 不成, a KIF origin "(77)", and 打. A text without 打 names a drop
// when no board piece of the type can reach the square.
//
// # Western notations
//
// [Western] ("P-76", "G49-58", "Bx33+", "N*33", "+S-49"), [HodgesRevised] ("G4i-5h"),
// [Hodges] ("G(4i)-5h", "S(+)-4i", "BxN+"), [Hosking] ("P76", "N’33") and
// [KitaoKawasaki] ("☗金(49)-58", "☗角x+") write the origin only when another piece of
// the same type could reach the destination, and "+" or "=" only when the move could
// promote. Hodges' original notation names the captured piece instead of the square;
// when another enemy piece of that type could also be captured by a piece of the moving
// type, it writes the square instead ("Bx3c"). The decoders accept D, H and T for
// dragon, horse and tokin, squares written 76 or 7f, and ' for Hosking's ’.
//
// # Lines of play
//
// [LineFormat] writes and reads whole lines: Japanese styles numbered by ply with the
// end words 投了, 千日手, 持将棋, 反則手, 時間切れ, … ("31.☗5八金右 32.☖3三桂打 35.投了",
// optionally after "0.開始"), Western styles numbered in pairs ("16.G49-58 N*33", and
// "1…K-52" when White moves first), USI and CSA moves one after another.
// [FormatLine] and [ParseLine] are shorthands for numbered lines.
package notation

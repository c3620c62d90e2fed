// Package packed reads and writes the packed positions that shogi engines train on:
// HCP (Apery's and cshogi's Huffman-coded position, 32 bytes), HCPE (dlshogi's HCP with
// an evaluation, a move and a result, 38 bytes), PackedSfen (YaneuraOu's packed SFEN,
// 32 bytes) and PSV (YaneuraOu's PackedSfenValue, 40 bytes), byte for byte as cshogi and
// YaneuraOu write them (checked against vectors that cshogi's C++ core wrote; see
// testdata/README.md).
//
// # Positions
//
// [EncodeHCP] and [EncodePackedSfen] pack a [*shogi.Position] into 256 bits: the side to
// move, both kings' squares, the board, both hands, and the pieces of a 40-piece set
// that are in neither (the piece box), so that handicap starts encode. They allocate
// nothing. A position the formats cannot hold is an error, never truncated bytes: one
// without both kings ([ErrNoKing]: a tsume problem) or with more pieces of a kind than a
// set ([ErrTooManyPieces]). The move number is not stored, except as PSV's gamePly.
//
// [HCP.Position] and [PackedSfen.Position] decode and check the position with
// [shogi.NewPosition] (two kings, no dead pieces, no nifu, the side not to move not in
// check, piece counts); [HCP.Setup] gives the bare board for a caller that allows
// unreachable positions. Decoding is strict: the bits must be the codes the reference
// encoders write, in their order, filling exactly 256 bits ([ErrBadCode],
// [ErrNotCanonical]), so every position decoded encodes back to the same bytes.
//
// # Moves
//
// The two 16-bit move layouts are separate types, because one read as the other gives
// a wrong move: [AperyMove16] is HCPE's bestMove16 (a drop has origin 81–87), and
// [YaneuraOuMove16] is PSV's move (a drop flag in bit 14, promotion in bit 15). Both
// convert from a [shogi.Move] without a position, and back to one with
// AperyMove16.Move and YaneuraOuMove16.Move, which check that the move is legal in the
// position.
//
// # Training entries
//
// [HCPE] and [PSV] are the entries as structs, with AppendBinary and UnmarshalBinary
// for the little-endian bytes (padding written 0, ignored when read) and Check, which
// decodes the position and checks the move and the fields. [NewHCPE] and [NewPSV]
// build them from a position, the move played there, an evaluation from the side to
// move's view (clamped to ±32767) and the game's result: HCPE's result is 0 draw or
// unknown, 1 Black won, 2 White won; PSV's is 1, -1 or 0 from the side to move's view,
// and its gamePly the position's move number.
//
// # From game records
//
// [Samples] walks a record's main line and gives, for each move, the position before
// it (none after the last), the move played, the evaluation and the game's result, by
// dlshogi's conventions: the evaluation is 0 unless the move's node carries floodgate's
// comment "'** S …" ([FloodgateEval]; S from Black's view), in which case it is S
// clamped to ±32767 and negated when White is to move; the result ([RecordResult])
// comes from the main line's ending: a resignation, a loss on time, an illegal move
// and a mate (%TSUMI, which cshogi leaves a draw) lose for the side to move, a winning
// declaration (%KACHI) wins for it, an illegal action loses for the side it names, and
// anything else is no result (0). Positions are numbered from 1 at the record's start,
// so PSV's gamePly counts the plies from there.
//
// Samples checks every move as it plays it. For a record already validated (by
// record.Validate, which plays the line itself), [SamplesTrusted] plays the moves
// without checking them again, and [UndoSamples] plays none: it takes the line back
// from the validation's final position (record.Verdict.Final), last sample first.
//
// # Training sets
//
// [Filter] picks the records and samples of a training set by dlshogi's filters: the
// players' floodgate ratings ([FloodgateRatings]), the record's length and ending
// ([Filter.RejectRecord]), the first samples of each record and a bound on the
// evaluation ([Filter.KeepSample]). [AppendSample] writes a sample in a [SampleFormat]:
// one of the four packed formats, or a line of text (its SFEN, or "position sfen SFEN
// moves M"). shogi positions and the Beam pipeline write their entries with them, so
// both give the same bytes. An [Encoder] writes the same entries faster for the
// positions of a game one after another: it codes again only the files of the board
// that a move changed.
//
// # Streams
//
// A file of any format is its entries back to back. [NewReader] reads them
// (packed.NewReader[packed.HCPE](f)); Read returns io.EOF at the end, All iterates, and
// Reader.Position and Reader.Move give the checked position and move of each entry. A
// bad entry is an [*Error] with its index and byte offset, and the reader goes on after
// it. Each entry's position is a new one unless [Reader.ReusePosition] is set: then one
// position is overwritten by every Read, and reading allocates nothing per entry
// ([HCP.PositionInto] does the same for one entry). [NewWriter] writes entries through
// a buffer; call Flush at the end.
//
// # Errors
//
// Every error wraps one of the sentinels, whose machine code [Code] returns:
// "no-king", "too-many-pieces", "bad-code", "not-canonical", "invalid-position",
// "invalid-move", "bad-field", "truncated"; "io" for the underlying reader's errors.
package packed

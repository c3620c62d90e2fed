// Package shogi implements the rules of shogi (Japanese chess): positions, legal move
// generation with drops, every rule a move can break with a typed reason, check and
// checkmate, repetition, impasse and entering-king declarations, perft, and a
// format-neutral model of game records.
//
// The subpackages read and write the notations and formats: [github.com/kifu-go/shogi/sfen]
// (SFEN, USI), notation (Japanese, Iroha, Western, Hodges–Townhill, Hosking,
// Kitao–Kawasaki, CSA move strings), kif (KIF and KI2), csa, jkf, and handicap.
//
// # Positions and moves
//
// A [Position] holds the board as bitboards and a mailbox, both hands, the side to move
// and the move number, and the moves played on it since it was set up. [Position.Play]
// plays a move after checking it; [Position.Undo] takes it back. [Position.String] is
// the SFEN of the position:
//
//	p := shogi.NewStartPosition()
//	m, _ := shogi.ParseUSIMove("7g7f")
//	if err := p.Play(m); err != nil { … }
//	fmt.Println(p) // lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2
//
// A [Move] is a packed integer whose String method gives USI ("7g7f", "8h2b+", "P*5e").
// It says what the player did; the pieces involved come from the position
// ([Position.MovedPiece], [Position.CapturedPiece]).
//
// # Legal moves
//
// [Position.GenerateMoves] fills a caller-supplied [MoveList] with every legal move
// without allocating; [Position.LegalMoves] and [Position.AllLegalMoves] are the
// allocating and iterator forms. Every promotion comes with its non-promoting
// alternative unless the piece would then have nowhere to go. Drops obey 二歩 (nifu),
// the dead-square rule and 打ち歩詰め (uchifuzume: a pawn drop may not checkmate, while
// a pawn move may).
//
// For mate search, [Position.GenerateChecks] generates only the moves that give check,
// [Position.GivesCheck] tells whether one move does without playing it,
// [Position.GenerateEvasions] generates the answers to a check
// ([Position.GenerateEvasionMoves] those that are no drop, [Position.HasEvasionMove]
// whether there is one),
// [Position.CountEvasions] counts them with the drops on one square counted once,
// [Position.NumEvasions] counts them all, and [Position.MateInOne] finds a mate in one
// ([Position.MateAmong] among checks already generated); none of them allocates.
//
// # Illegal moves
//
// [Position.CheckMove] judges one move without generating the others. It returns an
// [*IllegalMoveError] carrying the move number, the move and the foul, one of the
// sentinel errors: errors.Is(err, shogi.ErrNifu), errors.Is(err, shogi.ErrUchifuzume),
// errors.Is(err, shogi.ErrKingInCheck) (王手放置), and so on.
//
// The sentinels are values of type [Foul], and every foul has a short machine code
// that never changes ("nifu", "uchifuzume", "king-in-check", "piece-mismatch", …):
// [FoulOf] finds the foul of any error that wraps one, [IllegalMoveError.Foul] gives
// it directly, and [Foul.Code] and [Foul.MarshalText] give the code, for programs that
// count, sort or store fouls. A record's reader adds the details it knows by wrapping a
// sentinel, fmt.Errorf("%w: 7七 holds a bishop (角), not a rook (飛)",
// shogi.ErrPieceMismatch); errors.Is, errors.As and FoulOf see through it.
//
// [Result], [Reason] (why a game ended by rule), [EndingKind] (how a record says a line
// ended) and [MismatchKind] have machine codes as well ("black-wins",
// "perpetual-check", "time-up", "false-mate"), which their MarshalText writes, so that
// they read as words in JSON. Error messages are lower-case and carry one package
// prefix: "shogi: illegal move P*5c at move 31: two pawns on a file (nifu)".
//
// # Game rules
//
// [Position.Outcome] applies the rules that end a game over the line of play: no legal
// move (a loss, in check or not — shogi has no stalemate), 千日手 on the fourth
// occurrence of a position, 連続王手の千日手 (the side that checked on every move since
// the first occurrence loses) and the move limit: 500 moves by default, after which the
// game is drawn at the first position where neither of the last two moves gave check,
// so that a checking sequence running at the limit runs on until the checking side
// makes a move that is no check (see [Rules]). [Position.ImpasseOutcome] counts 持将棋
// points, and [Position.CountImpasse] offers the Polish rules' tournament variants
// (more points wins; optionally Gote wins on equal points); [Position.Declare] judges an
// entering-king declaration under the 24-point or the 27-point rule. The declaration rules make no allowance for handicaps: the same
// thresholds apply to both sides, so a giver with fewer pieces can rarely declare; see
// [Position.Declare].
//
// # Records
//
// [Record] is a game record independent of its format: an ordered [Header], the start
// position, and a tree of [Node]s with comments, times, variations and each line's
// [Ending].
//
// [Record.Walk] plays a line of play and yields each node with the position after it,
// in the manner of bufio.Scanner; the position is reused from step to step
// ([Position.Clone] keeps one), and an illegal move stops the walk and is its error:
//
//	w := rec.Walk(rec.MainLine())
//	for n, p := range w.All() { … }
//	if err := w.Err(); err != nil { … } // an *IllegalMoveError
//
// [Record.MainLine] is the main line, [Record.LineTo] the line that ends at a node
// (a variation), and [Record.Lines] every line of the tree. [Record.Replay] plays the
// main line to its end.
//
// [Record.JudgeLine] judges a line of play by [Rules] (completed by the rules the record
// states, [Record.StatedRules]) and reports each disagreement as a [*MismatchError]
// whose [MismatchKind] says what is wrong: a move played after the game ended by 千日手
// or by checkmate ("move-after-end"; after checkmate it wraps the move's
// [*IllegalMoveError]) or by the move limit ("past-move-limit" for a limit the record or
// the caller states, "past-default-move-limit" for the default), a 詰み where the side
// to move has a legal move ("false-mate") or only futile interpositions, which tsume
// records leave out ("futile-interpositions", 無駄合), a 千日手 that is no fourth
// repetition, or is recorded as a draw on a perpetual-check line, a declaration win the
// declaration rule does not give ("false-declaration"), a checkmate the record does not
// mention, or one it ends otherwise. [Record.CheckEnding] (and [Record.CheckLine] for
// any line) returns the first of them. The package says what the rules say; whether a
// kind makes a record invalid or earns it a warning is for the caller to decide.
//
// # Board layout
//
// Squares are numbered 1 (1a, １一) to 81 (9i, ９九) file by file; a [Bitboard] keeps
// files 1–7 in one 64-bit word and files 8–9 in another, so each file is contiguous and
// the code is the same on 32-bit platforms.
package shogi

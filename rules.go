package shogi

import (
	"cmp"
	"slices"
)

// Game rules over a line of play: 千日手 (repetition), 連続王手の千日手 (perpetual
// check), 持将棋 (impasse) point counting, 入玉宣言 (entering-king declaration) under
// the 24-point and 27-point rules, and the move limit. The position's own history
// (the moves played on it since it was set up) is the line of play.

// Result is the result of a game.
type Result uint8

// Results. NoResult means the game goes on (or its result is unknown).
const (
	NoResult Result = iota
	BlackWins
	WhiteWins
	Draw
)

// WinFor returns the result in which c wins.
func WinFor(c Color) Result {
	if c == Black {
		return BlackWins
	}
	return WhiteWins
}

// Winner returns the winning side, and false for a draw or no result.
func (r Result) Winner() (Color, bool) {
	switch r {
	case BlackWins:
		return Black, true
	case WhiteWins:
		return White, true
	}
	return Black, false
}

func (r Result) String() string {
	switch r {
	case BlackWins:
		return "black wins"
	case WhiteWins:
		return "white wins"
	case Draw:
		return "draw"
	}
	return "no result"
}

// Reason says why a game ended.
type Reason uint8

// Reasons a game ends by rule. Record endings that the rules do not decide
// (resignation, time, interruption) are the record's [EndingKind].
const (
	NoReason          Reason = iota
	Checkmate                // the side to move has no legal move (in check or not)
	Repetition               // 千日手: the fourth occurrence of a position
	PerpetualCheck           // 連続王手の千日手: the checking side loses
	Impasse                  // 持将棋 by point count
	DeclarationWin           // 入玉宣言 met the conditions and the points to win
	DeclarationDraw          // 入玉宣言 met the conditions with drawing points
	DeclarationFailed        // 入玉宣言 failed a condition: the declarer loses
	MoveLimit                // the game reached the move limit
)

var reasonNames = [...]string{"none", "checkmate", "repetition", "perpetual check", "impasse",
	"declaration win", "declaration draw", "failed declaration", "move limit"}

func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return "invalid"
}

// Outcome is a result with its reason.
type Outcome struct {
	Result Result
	Reason Reason
}

// outcomeWords are the reasons as String writes them after "by".
var outcomeWords = [...]string{Checkmate: "checkmate", Repetition: "repetition",
	PerpetualCheck: "perpetual check", Impasse: "impasse", DeclarationWin: "declaration",
	DeclarationDraw: "declaration", DeclarationFailed: "failed declaration", MoveLimit: "move limit"}

// String describes o in words: "black wins by checkmate", "draw by repetition",
// "white wins by perpetual check"; the zero Outcome is "no result".
func (o Outcome) String() string {
	if o.Reason == NoReason {
		return o.Result.String()
	}
	if int(o.Reason) < len(outcomeWords) {
		return o.Result.String() + " by " + outcomeWords[o.Reason]
	}
	return o.Result.String() + " by an invalid reason"
}

// DeclarationRule selects the entering-king declaration rule.
type DeclarationRule uint8

// Declaration rules.
const (
	// Rule24 is the JSA rule: at least 24 points to declare; 31 or more wins, 24–30 draws.
	Rule24 DeclarationRule = iota + 1
	// Rule27 is the computer-shogi rule: Black needs 28 points and White 27 to win;
	// there is no draw.
	Rule27
)

var declarationRuleNames = [...]string{"no declaration rule", "24-point rule", "27-point rule"}

// String names the rule: "24-point rule", "27-point rule".
func (r DeclarationRule) String() string {
	if int(r) < len(declarationRuleNames) {
		return declarationRuleNames[r]
	}
	return "invalid declaration rule"
}

// Rules configures [Position.Outcome] and the judgement of records
// ([Record.JudgeLine]).
type Rules struct {
	// MaxMoves is the move limit N; 0 means 500 and a negative value means no limit.
	//
	// The rule, after the source documents ("a game longer than 500 moves is no contest,
	// unless a checking sequence is still running"): the game is drawn by the move limit
	// at the first position, from the one after move N on, in which neither of the last
	// two moves gave check. So a game whose N-th move is no check and answers no check
	// ends after move N; a checking sequence running at the limit (one side checking with
	// each of its moves, the other answering) runs on, and the game is drawn right after
	// the first move of the checking side that gives no check, unless checkmate or
	// 千日手 (a perpetual check loses) ends it first. Moves before a record's start
	// position count as no checks.
	MaxMoves int
	// Declaration is the entering-king declaration rule that [Record.JudgeLine] judges
	// a recorded 入玉勝ち (%KACHI) by. 0 means the rule the record states (a CSA
	// $JISHOGI header of 24 or 27, see [Record.StatedRules]), else [Rule27].
	Declaration DeclarationRule
}

// limit returns the move limit of r: 500 for 0, 0 for no limit.
func (r Rules) limit() int {
	switch {
	case r.MaxMoves == 0:
		return DefaultMaxMoves
	case r.MaxMoves < 0:
		return 0
	}
	return r.MaxMoves
}

// DefaultMaxMoves is the move limit of the source documents, the one [Rules] with
// MaxMoves 0 applies.
const DefaultMaxMoves = 500

// ImpasseRule selects how [Position.CountImpasse] decides 持将棋.
type ImpasseRule uint8

// Impasse rules.
const (
	// ImpasseJSA is the JSA rule (and the Polish rules' art. 5.4): a side with fewer
	// than 24 points loses; when both have 24 or more the game is drawn.
	ImpasseJSA ImpasseRule = iota
	// ImpasseMorePoints is the tournament variant the Polish rules allow: the game is
	// drawn only when each side has 27 points (half of the 54 of an even game);
	// otherwise the side with more points wins. In handicap games, where the points add
	// up to less than 54, equal points are drawn as well.
	ImpasseMorePoints
	// ImpasseMorePointsGote is ImpasseMorePoints with the other option the Polish rules
	// allow: on equal points Gote (White) wins, so that there is no draw.
	ImpasseMorePointsGote
)

var impasseRuleNames = [...]string{"jsa", "more-points", "more-points-gote"}

func (r ImpasseRule) String() string {
	if int(r) < len(impasseRuleNames) {
		return impasseRuleNames[r]
	}
	return "invalid"
}

// ImpassePoints returns c's points for 持将棋 and 入玉宣言 counting: 5 for each rook,
// bishop, dragon and horse and 1 for every other piece but the king, on the board and
// in hand together.
func (p *Position) ImpassePoints(c Color) int {
	return p.points(c, allSquares)
}

// points counts c's pieces on the squares of area plus c's hand.
func (p *Position) points(c Color, area Bitboard) int {
	own := p.byColor[c].And(area)
	big := p.byType[Rook].Or(p.byType[Bishop]).Or(p.byType[Dragon]).Or(p.byType[Horse]).And(own)
	small := own.AndNot(big).AndNot(p.byType[King])
	n := 5*big.Count() + small.Count()
	h := p.hands[c]
	return n + 5*(h.Count(Rook)+h.Count(Bishop)) + h.Count(Gold) + h.Count(Silver) +
		h.Count(Knight) + h.Count(Lance) + h.Count(Pawn)
}

// ImpasseOutcome applies the 持将棋 point count, for when both kings have entered and
// the players agree to count: a side with fewer than 24 points loses; when both have 24
// or more the game is drawn. It is [Position.CountImpasse] under [ImpasseJSA].
func (p *Position) ImpasseOutcome() Outcome { return p.CountImpasse(ImpasseJSA) }

// CountImpasse applies the 持将棋 point count under rule (see [ImpasseRule]) with the
// points of [Position.ImpassePoints].
func (p *Position) CountImpasse(rule ImpasseRule) Outcome {
	bp, wp := p.ImpassePoints(Black), p.ImpassePoints(White)
	switch rule {
	case ImpasseMorePoints, ImpasseMorePointsGote:
		switch {
		case bp > wp:
			return Outcome{BlackWins, Impasse}
		case wp > bp || rule == ImpasseMorePointsGote:
			return Outcome{WhiteWins, Impasse}
		}
		return Outcome{Draw, Impasse}
	}
	b, w := bp >= 24, wp >= 24
	switch {
	case b && w:
		return Outcome{Draw, Impasse}
	case b:
		return Outcome{BlackWins, Impasse}
	case w:
		return Outcome{WhiteWins, Impasse}
	}
	return Outcome{Draw, Impasse}
}

// Declare judges an entering-king declaration (入玉宣言) by the side to move under
// rule. The conditions: the declarer's king is in the opponent's camp (the declarer's
// promotion zone) and not in check, and at least 10 other pieces of the declarer are
// in that zone. The points are those of the declarer's pieces in the zone plus those in
// hand (see [Position.ImpassePoints]). Under [Rule24], 31 or more wins and 24–30 draws;
// under [Rule27], 28 (Black) or 27 (White) wins. Anything short of that, or a failed
// condition, loses.
//
// In handicap games the rules are the same for both sides; the points do not change
// with the handicap, so the giver (White), who has fewer pieces, rarely reaches them.
// Tournaments that adjust the thresholds for handicaps should count with
// [Position.DeclarationPoints] themselves.
func (p *Position) Declare(rule DeclarationRule) Outcome {
	us := p.side
	lose := Outcome{WinFor(us.Opponent()), DeclarationFailed}
	k := p.kings[us]
	zone := farRanks[us][3]
	if k == NoSquare || !zone.Has(k) || p.InCheck() {
		return lose
	}
	if p.byColor[us].And(zone).Count()-1 < 10 {
		return lose
	}
	pts := p.DeclarationPoints(us)
	switch rule {
	case Rule27:
		need := 28
		if us == White {
			need = 27
		}
		if pts >= need {
			return Outcome{WinFor(us), DeclarationWin}
		}
	default:
		switch {
		case pts >= 31:
			return Outcome{WinFor(us), DeclarationWin}
		case pts >= 24:
			return Outcome{Draw, DeclarationDraw}
		}
	}
	return lose
}

// DeclarationPoints returns c's points for an entering-king declaration: the pieces in
// c's promotion zone (the opponent's camp) and in c's hand.
func (p *Position) DeclarationPoints(c Color) int { return p.points(c, farRanks[c][3]) }

// RepetitionCount returns how many times the current position (board, both hands and
// side to move) has occurred in the line of play, counting this occurrence.
func (p *Position) RepetitionCount() int {
	n := 1
	for i := len(p.history) - 2; i >= 0; i -= 2 {
		if p.history[i].hash == p.hash {
			n++
		}
	}
	return n
}

// Outcome returns how the game stands by rule after the moves played on p: checkmate
// (no legal move), 千日手 on the fourth occurrence of a position (a loss for the side
// that gave check with every one of its moves since the first occurrence), and the
// move limit (see [Rules].MaxMoves for the exact rule). It returns the zero Outcome
// while the game goes on.
func (p *Position) Outcome(r Rules) Outcome {
	if !p.HasLegalMove() {
		return Outcome{WinFor(p.side.Opponent()), Checkmate}
	}
	if o := p.repetitionOutcome(); o.Reason != NoReason {
		return o
	}
	if p.moveLimitReached(r.limit()) {
		return Outcome{Draw, MoveLimit}
	}
	return Outcome{}
}

// moveLimitReached reports whether the game has been drawn by the move limit at p or
// before it (see [Rules].MaxMoves): whether some position of the line, from the one
// after move limit on, had neither of its last two moves give check. A limit of 0 is
// none.
func (p *Position) moveLimitReached(limit int) bool {
	if limit <= 0 || p.moveNumber <= limit {
		return false
	}
	n := len(p.history)
	// Position j of the line (0 the first in the history, n the current one) has move
	// number p.moveNumber-(n-j); the move that led to it gave check when its side to
	// move is in check. Positions before the history count as not in check.
	gaveCheck := func(j int) bool {
		switch {
		case j < 0:
			return false
		case j == n:
			return !p.checkers.IsEmpty()
		}
		return !p.history[j].checkers.IsEmpty()
	}
	for j := max(n-(p.moveNumber-limit-1), 0); j <= n; j++ {
		if !gaveCheck(j) && !gaveCheck(j-1) {
			return true
		}
	}
	return false
}

// repetitionOutcome judges 千日手 at the current position.
func (p *Position) repetitionOutcome() Outcome { return p.repetitionOutcomeAt(len(p.history)) }

// occurrenceBuckets is the number of counters firstFourthOccurrence counts the
// positions of a short line in.
const occurrenceBuckets = 4096

// hashAt returns the hash of position j of the line of play: j = 0 is the first
// position of the history, len(p.history) the current one.
func (p *Position) hashAt(j int) uint64 {
	if j == len(p.history) {
		return p.hash
	}
	return p.history[j].hash
}

// inCheckAt reports whether the side to move is in check at position j of the line of
// play (see hashAt).
func (p *Position) inCheckAt(j int) bool {
	if j == len(p.history) {
		return !p.checkers.IsEmpty()
	}
	return !p.history[j].checkers.IsEmpty()
}

// repetitionOutcomeAt judges 千日手 at position e of the line of play (see hashAt), as
// if the line ended there.
func (p *Position) repetitionOutcomeAt(e int) Outcome {
	h := p.hashAt(e)
	first, count := -1, 1
	for i := e - 2; i >= 0; i -= 2 {
		if p.history[i].hash == h {
			count++
			first = i
		}
	}
	if count < 4 {
		return Outcome{}
	}
	// Position first is the first occurrence; the moves after it are moves first to
	// e-1. Move i gave check when the side to move at position i+1 is in check; its
	// mover is the side to move at position i, the side to move at e when e-i is even.
	sideAtE := p.side
	if (len(p.history)-e)%2 == 1 {
		sideAtE = p.side.Opponent()
	}
	allChecks := [2]bool{true, true}
	for i := first; i < e; i++ {
		mover := sideAtE
		if (e-i)%2 == 1 {
			mover = sideAtE.Opponent()
		}
		if !p.inCheckAt(i + 1) {
			allChecks[mover] = false
		}
	}
	switch {
	case allChecks[Black] && !allChecks[White]:
		return Outcome{WhiteWins, PerpetualCheck}
	case allChecks[White] && !allChecks[Black]:
		return Outcome{BlackWins, PerpetualCheck}
	}
	return Outcome{Draw, Repetition}
}

// firstFourthOccurrence returns the first position of the line of play (see hashAt)
// that is the fourth occurrence of a position, or -1. It sorts the positions by hash,
// with 4 bytes a position, unless a count of the positions by a few bits of their hash
// shows that none can occur four times (the common case, found without allocating).
func (p *Position) firstFourthOccurrence() int {
	n := len(p.history)
	if n < 8 { // a fourth occurrence needs 8 moves at least
		return -1
	}
	if n < occurrenceBuckets/4 {
		var counts [occurrenceBuckets]uint8
		four := false
		for j := 0; j <= n; j++ {
			b := &counts[p.hashAt(j)%occurrenceBuckets]
			*b++
			if *b == 4 {
				four = true
				break
			}
		}
		if !four {
			return -1
		}
	}
	idx := make([]int32, n+1)
	for j := range idx {
		idx[j] = int32(j)
	}
	slices.SortFunc(idx, func(a, b int32) int {
		if c := cmp.Compare(p.hashAt(int(a)), p.hashAt(int(b))); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	first := -1
	for i := 0; i+3 < len(idx); {
		j := i + 1
		for j < len(idx) && p.hashAt(int(idx[j])) == p.hashAt(int(idx[i])) {
			j++
		}
		if j-i >= 4 && (first < 0 || int(idx[i+3]) < first) {
			first = int(idx[i+3])
		}
		i = j
	}
	return first
}

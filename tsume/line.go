package tsume

// The tsume line. Once df-pn has proven mate, an exact search finds the line the tsume
// conventions define: the attacker's shortest mate against the defender's longest
// resistance, futile interpositions not counted, ties broken by the pieces left in the
// attacker's hand.
//
// Each line is scored len*64 + left, where len counts plies and left scores the pieces
// in the attacker's hand when it ends, fewer scoring more (leftScore, leftover.go; 0
// with IgnoreLeftover). The attacker minimises the score, the defender maximises it
// over the replies that are not futile; a position
// whose only replies are futile interpositions ends the line as a mate does. The search
// is a depth-first minimax bounded by a largest score, run for bounds of 1, 3, 5, …
// plies until the first bound that holds a mate: its score is exact (every check and
// every counted reply within the bound is searched; checks that df-pn disproved are
// skipped, replies df-pn found refuting are tried first). Repetitions need no special
// care here: a bounded search cannot loop, and a line of least score never repeats a
// position. Results are cached in a fixed table of exact scores and lower bounds.
//
// The full-width search runs while its bounds are cheap (less than probeNodes nodes
// each): short problems end there, with the line of least score (LineTsume). Past
// that, or when one bound costs it more than fullWidthNodes (that bound included),
// the depth-bounded df-pn of bounded.go takes the next bounds, one after the
// other: its disproofs cost less where the attacker has many checks. Its first proof
// within a bound is the tsume length (every shorter bound was disproven), and a line
// of that length is read (LineLength); the ties of that length are then broken by the
// pieces left in hand over the lines of exactly that length (tieBreak), which makes the
// line the tsume line (LineTsume) when it finishes. When the bounds' share of the nodes and time
// runs out first, shortest goes on from the largest bound disproven: a mate within
// lo+2, 2(lo+2)+1, … plies up to the length of df-pn's proof of the root when it is
// known (an upper bound, prooflen.go), climbing two plies after each disproof while
// that costs no more than the disproof, then halving the bounds between lo and the
// length proven. A futility test runs within the line search's nodes: when
// they are spent, no test runs and the searches stop, so that no verdict cut short is
// kept.

import (
	"time"
	"unsafe"

	"github.com/kifu-go/shogi"
)

type memoEntry struct {
	key   uint64
	lower int32      // the score is at least lower
	exact int32      // the exact score, or -1
	move  shogi.Move // with an exact score: a move that makes it (none at a mate)
}

const (
	// futileNodes is the budget of the df-pn search of a futility test. On dlshogi-1207
	// (7.3 M line nodes, 64 MiB, FutileDrops) the 203 full tests left undecided cost
	// 4.1 M of the line nodes; searched again alone (a fresh 64 MiB table), 1 of them
	// decided within 20 000 nodes, 26 within 100 000 and 136 within a million (96 no
	// mate, 40 mates), 67 not even then: a larger budget buys few verdicts. Nor does
	// one test's undecided verdict answer another's: 4 of its 429 full tests were of a
	// board tested undecided before with an attacker holding no less and a defender no
	// more (the position at least as hard to prove). At 20 M line nodes (64 MiB) the
	// full tests left undecided are the largest part of the line search that settles
	// nothing: 9.58 M of 1207's 14.10 M line nodes, 4.41 M of 1224's 14.26 M, 4.04 M of
	// 1208's 14.59 M, 5.28 M and 5.25 M of 1213's and 1223's 20 M, 0.76 M of 1222's
	// 13.03 M. On 1207 no position was tested twice with one budget (the verdicts kept
	// them); of its 477 such tests, 198 left the defender only interpositions (no
	// king's move, no capture of the checker), 345 no capture of the checker, and 265
	// stopped with the root's proof number 8 or less (a long line chased).
	futileNodes = 20_000
	// leafFutileNodes is the budget of a test made at a leaf of the bounded df-pn (a
	// check whose every reply may be a futile interposition, one or two plies left):
	// such tests are many, and in game positions (the defender's hand full) those that
	// run out of nodes cost most of the line search. A test it leaves undecided is
	// kept apart from the full test's verdict (which a later full test may still give).
	leafFutileNodes = 700
	// futileMoveNodes is the budget of the test of a piece moved to interpose: such
	// tests are many, and one that fails counts the move as a reply (Result.Undecided).
	futileMoveNodes = 2_000
	// probeNodes is the cost of a bound of the full-width search from which the bounded
	// df-pn takes the next bounds (see deepen).
	probeNodes = 20_000
	// fullWidthNodes caps the nodes of one bound of the full-width search: a bound it
	// cannot settle within them goes to the bounded df-pn (see deepen). The full-width
	// search's futility tests can eat most of its share on one bound (dlshogi-1223 spent
	// 1.5 M nodes on bound 7, which the bounded df-pn then disproved in 86 K).
	fullWidthNodes = 100_000
	// tieNodes is added to eight times the nodes the tsume length took for the 駒余り
	// tie-break.
	tieNodes     = 1_000_000
	plyScore     = 64
	maxLinePlies = 4096
)

type liner struct {
	s        *searcher // the df-pn search, for its table and for futility tests
	sub      *searcher
	bs       *searcher // the depth-bounded df-pn (bounded.go) from l.pos
	pos      *shogi.Position
	attacker shogi.Color
	memo     []memoEntry
	verdicts []memoEntry // futility verdicts by the position tested (see verdict)
	lists    []shogi.MoveList
	keys     [][]int32
	futile   Futile
	leftover Leftover
	nodes    uint64
	max      uint64
	stopped  bool
	// inBounded is set while the bounded df-pn runs (bounded): a futility test's nodes
	// then count against its budget too, and a test cut short stops it.
	inBounded bool
	// upper is the length of the df-pn's proof of the root (prooflen.go), an upper
	// bound of its tsume length; -1 when unknown.
	upper int
	// undecided counts the positions whose futility test ran out of nodes, among those
	// the search consulted (the full-width search and the bounded df-pn alike: the
	// bounded df-pn starts from the bounds the first found to hold no mate).
	// loUndecided is what undecided was when the largest bound known to hold no mate
	// was proven so: the tests its disproof, and those before it, may rest on. The
	// tests of the bound that holds the mate, of the line's reading and of the 駒余り
	// tie-break come after it: counted as replies, they cannot make the length shorter
	// than the bounds below prove, only the choice between lines of that length other.
	undecided, loUndecided int
	// mateWithin is the least bound the searches proved to hold a mate from the root
	// (0: none), noneWithin the largest they proved to hold none (-1: none): the
	// bounds of the tsume length Result reports when the length is not settled.
	mateWithin, noneWithin int
	// leftOn and leftMax: bounded asks for a mate whose lines ending at the bound
	// score at most leftMax (leftover.go), for the tie-break.
	leftOn  bool
	leftMax int
}

// lengthBounds returns what the searches have proven of the tsume length so far, as
// Result's MaxLength and MinLength (0: nothing proven).
func (l *liner) lengthBounds() (maxLength, minLength int) {
	maxLength = l.mateWithin
	if l.upper > 0 && (maxLength == 0 || l.upper < maxLength) {
		maxLength = l.upper
	}
	if l.loUndecided == 0 && l.noneWithin >= 1 {
		minLength = l.noneWithin + 2
	}
	return maxLength, minLength
}

func newMemo(bytes int) []memoEntry {
	n := 1
	for n*2*int(unsafe.Sizeof(memoEntry{})) <= bytes {
		n *= 2
	}
	return make([]memoEntry, n)
}

func (l *liner) poll() bool {
	l.nodes++
	if l.nodes > l.max {
		l.stopped = true
	} else if l.nodes%pollEvery == 0 && l.s.clock() {
		l.stopped = true
	}
	return l.stopped
}

func (l *liner) entry(key uint64) *memoEntry {
	return &l.memo[key&uint64(len(l.memo)-1)]
}

func (l *liner) probe(key uint64) (lower, exact int32) {
	e := l.entry(key)
	if e.key != key {
		return 0, -1
	}
	return e.lower, e.exact
}

func (l *liner) save(key uint64, lower, exact int32, move shogi.Move) {
	e := l.entry(key)
	if e.key == key && exact < 0 {
		lower = max(lower, e.lower)
		exact, move = e.exact, e.move
	}
	*e = memoEntry{key: key, lower: lower, exact: exact, move: move}
}

func (l *liner) list(depth int) *shogi.MoveList {
	for len(l.lists) <= depth {
		l.lists = append(l.lists, shogi.MoveList{})
	}
	return &l.lists[depth]
}

// generate fills the move list of depth with the moves of the side to move in the
// line: the checks at an attacker's node (or), the evasions at a defender's.
func (l *liner) generate(depth int, or bool) *shogi.MoveList {
	list := l.list(depth)
	if or {
		generateChecks(l.pos, list)
	} else {
		generateEvasions(l.pos, list)
	}
	return list
}

// left is the score of a line ending in the current position.
func (l *liner) left() int32 {
	if l.leftover == IgnoreLeftover {
		return 0
	}
	return int32(leftScore(l.pos.Hand(l.attacker)))
}

// dfpn returns what the df-pn table says of the position after m: proven, disproven.
func (l *liner) dfpn(key uint64, m shogi.Move) (proven, disproven bool) {
	atk, def := l.pos.Hand(l.attacker), l.pos.Hand(l.attacker.Opponent())
	k, a, d := after(l.pos, l.attacker, key, atk, def, m)
	pn, dn, rep, ok := l.s.tt.lookup(k, a, d, 0)
	return ok && pn == 0, ok && dn == 0 && rep == noRep
}

// known answers for the current position from what is already known: the line
// search's own entry, or a disproof within bound by the bounded df-pn (saved as the
// line search's entry). settled is false when neither answers.
func (l *liner) known(key uint64, bound int32) (score int32, ok, settled bool) {
	h := l.pos.Hash()
	if lower, exact := l.probe(h); exact >= 0 || lower > bound {
		return exact, exact >= 0 && exact <= bound, true
	}
	if l.boundedDisproof(key, l.pos.Hand(l.attacker), l.pos.Hand(l.attacker.Opponent()), bound) {
		l.save(h, bound+1, -1, shogi.NoMove)
		return 0, false, true
	}
	return 0, false, false
}

// or returns the score of the current position, attacker to move, when it is at most
// bound; ok is false when it is more, or when the search stopped.
func (l *liner) or(key uint64, depth int, bound int32) (score int32, ok bool) {
	if bound < plyScore || l.poll() {
		return 0, false
	}
	if score, ok, settled := l.known(key, bound); settled {
		return score, ok
	}
	h := l.pos.Hash()
	atk, def := l.pos.Hand(l.attacker), l.pos.Hand(l.attacker.Opponent())
	list := l.list(depth)
	generateChecks(l.pos, list)
	// Order the checks: those df-pn proved first, then by what earlier bounds learnt
	// of them, least first, so that the bound tightens early. Disproven ones never mate.
	moves, keys := list.Moves(), l.order(depth)
	for i, m := range moves {
		proven, disproven := l.dfpn(key, m)
		switch {
		case disproven:
			moves[i], keys[i] = shogi.NoMove, 1<<30
		case proven:
			keys[i] = l.childLower(m) - 1<<20
		default:
			keys[i] = l.childLower(m)
		}
	}
	sortBy(moves, keys[:len(moves)])
	best, bestMove := bound+1, shogi.NoMove
	for _, m := range moves {
		if m == shogi.NoMove || best-1-plyScore < 0 {
			break
		}
		// A check the bounded df-pn disproved within the plies left is skipped.
		k, a, d := after(l.pos, l.attacker, key, atk, def, m)
		if l.boundedDisproof(k, a, d, best-1-plyScore) {
			continue
		}
		l.pos.PlayUnchecked(m)
		r, ok := l.and(k, depth+1, best-1-plyScore)
		l.pos.Undo()
		if l.stopped {
			return 0, false
		}
		if ok {
			best, bestMove = r+plyScore, m
		}
	}
	if best > bound {
		l.save(h, bound+1, -1, shogi.NoMove)
		return 0, false
	}
	l.save(h, best, best, bestMove)
	return best, true
}

// and returns the score of the current position, defender to move, when it is at most
// bound.
func (l *liner) and(key uint64, depth int, bound int32) (score int32, ok bool) {
	if bound < 0 || l.poll() {
		return 0, false
	}
	if score, ok, settled := l.known(key, bound); settled {
		return score, ok
	}
	h := l.pos.Hash()
	atk, def := l.pos.Hand(l.attacker), l.pos.Hand(l.attacker.Opponent())
	list := l.list(depth)
	generateEvasions(l.pos, list)
	// Replies df-pn found refuting end the search at once; the others are tried by what
	// earlier bounds learnt of them, longest first, so that a refutation comes early.
	// A futility test costs a search: an interposition known to refute the node is
	// tested only when no other reply is known to.
	moves, keys := list.Moves(), l.order(depth)
	untested := false
	for i, m := range moves {
		if _, disproven := l.dfpn(key, m); disproven {
			l.save(h, bound+1, -1, shogi.NoMove)
			return 0, false
		}
		keys[i] = -l.childLower(m)
		if l.refutedKnown(key, atk, def, m, -keys[i], bound) {
			if futile, known := l.decided(m); !known {
				untested = true // tested below, when no other reply refutes the node
			} else if !futile {
				l.save(h, bound+1, -1, shogi.NoMove)
				return 0, false
			}
		}
	}
	if untested {
		for i, m := range moves {
			if _, known := l.decided(m); !known && l.refutedKnown(key, atk, def, m, -keys[i], bound) && !l.futileReply(m) {
				if l.stopped {
					return 0, false // the test was cut short: no verdict
				}
				l.save(h, bound+1, -1, shogi.NoMove)
				return 0, false
			}
		}
	}
	sortBy(moves, keys[:len(moves)])
	best, bestMove := l.left(), shogi.NoMove
	for _, m := range moves {
		if l.futileReply(m) {
			continue
		}
		if l.stopped {
			return 0, false
		}
		k, _, _ := after(l.pos, l.attacker, key, 0, 0, m)
		l.pos.PlayUnchecked(m)
		r, ok := l.or(k, depth+1, bound-plyScore)
		l.pos.Undo()
		if l.stopped {
			return 0, false
		}
		if !ok {
			l.save(h, bound+1, -1, shogi.NoMove)
			return 0, false
		}
		if r+plyScore > best {
			best, bestMove = r+plyScore, m
		}
	}
	if best > bound {
		l.save(h, bound+1, -1, shogi.NoMove)
		return 0, false
	}
	l.save(h, best, best, bestMove)
	return best, true
}

// refutedKnown reports whether what is known of the reply m without a search, its
// score's lower bound lower or a disproof of the bounded df-pn, makes it refute an AND
// node searched within bound.
func (l *liner) refutedKnown(key uint64, atk, def shogi.Hand, m shogi.Move, lower, bound int32) bool {
	if lower > bound-plyScore {
		return true
	}
	k, a, d := after(l.pos, l.attacker, key, atk, def, m)
	return l.boundedDisproof(k, a, d, bound-plyScore)
}

// boundedDisproof reports whether the bounded df-pn's table holds that the position
// (board key, hands) has no line of score at most bound.
func (l *liner) boundedDisproof(key uint64, atk, def shogi.Hand, bound int32) bool {
	if bound < 0 {
		return false
	}
	_, dn, _, ok := l.s.tt.blookup(key, atk, def, int(bound/plyScore))
	return ok && dn == 0
}

// bounded runs the depth-bounded df-pn from the current position of l.pos (board key
// and hands given) for a mate within r plies, within budget nodes of the line search's.
// It returns the root's numbers and, with a proof, its length; a limit leaves them
// unresolved. With l.leftOn (the question of leftover.go) a proof's length may be the
// bound r rather than the proof's own, as its entries record it: no caller reads it.
func (l *liner) bounded(key uint64, atk, def shogi.Hand, r int, budget uint64) (pn, dn uint32, length int) {
	if r < 0 {
		return infinity, 0, 0
	}
	if l.bs == nil {
		l.bs = &searcher{pos: l.pos, tt: l.s.tt, attacker: l.attacker, ctx: l.s.ctx, deadline: l.s.deadline, progress: l.s.progress}
		if l.futile != FutileNone {
			l.bs.futile, l.bs.decided, l.bs.leafFutile = l.isFutile, l.decided, l.leafFutile
			l.bs.dropsOnly = l.futile != FutileMoves
		}
	}
	bs := l.bs
	bs.leftOn, bs.leftMax = l.leftOn, l.leftMax // the question, for every call
	if pn, dn, length, ok := bs.blookupL(key, atk, def, r, l.pos.SideToMove() == l.attacker); ok && (pn == 0 || dn == 0) {
		return pn, dn, length
	}
	bs.nodes, bs.deadline = 0, l.s.deadline
	bs.maxNodes = max(min(l.max-min(l.nodes, l.max), budget), 1)
	bs.reset()
	l.inBounded = true
	pn, dn, aux := bs.mid(infinity, infinity, r)
	l.inBounded = false
	length = int(aux)
	l.nodes += bs.nodes
	switch bs.stop {
	case StopNone:
		return pn, dn, length
	case StopTime, StopCanceled:
		l.stopped = true
	}
	return 1, 1, 0
}

// Measured, not kept: the lower bound built bottom-up along a line of the proof before
// the bound two plies below the length proven (the line's attacker nodes, last first,
// each asked for no mate two plies shorter than the line's length there, so that each
// finds the deeper ones' disproofs in the table; a step that proves a shorter mate has
// the line read again from the root). From the same state (df-pn, then the bounded
// proof of the least bound known; 64 MiB, FutileDrops) dlshogi-1207 settled its 15 in
// 9.13 M nodes instead of the root's 11.13 M, 1235 its 29 in 6.37 M instead of 10.93 M,
// and seven others (1209 1212 1215 1218 1223 1230 1451) neither within 30 M: the steps
// at the root or two to four plies in stall, after steps of up to 10 M each. With half
// of what is left, at 20 M line nodes 1235 finished its tie-break (18.65 M, LineTsume
// instead of LineLength), but 1207 took 17.33 M instead of 14.22 M, 1228 15.59 M
// instead of 10.02 M, and 1230 proved a mate within 29 instead of 27; with the steps
// below the root in a quarter and the root's question with all of it, 1235 finished
// too (19.47 M), 1207 took 15.78 M, 1228 12.80 M, 1230 again 29, and at 7.3 M 1222 and
// 1228 fell from LineLength to LineProof; with the root's question first in half and
// the steps after it, 1235 did not finish, 1230 again 29, 1228 LineProof at 7.3 M.
// The famous works (512 MiB) do not get through: 寿's line of 611 plies is disproven
// step by step up to 65 plies from its end (9.5 M nodes for that step), not 67 within
// 87 M (knight and rook drops at the king, each a question of 64 plies unresolved
// within 5 M); ACTの夢's stalls 111 plies from the end of its 467, on a check (3h4g)
// after a reply to which the df-pn's proof is a mate of 123 plies.

// shortest returns the tsume length from the root, the current position of l.pos, by
// the bounded df-pn, knowing that no mate is within lo plies (lo < 0: nothing is
// known). It proves a mate within lo+2 plies, or failing that within 2(lo+2)+1, … (each
// bound with half the nodes and time left: one that neither holds nor fails is passed
// over for one twice as long, likelier proven), up to l.upper, the length of the
// df-pn's proof, which holds a mate (its proof answers at once from the table). After
// a disproof it climbs: the bound two plies longer, with no more nodes than that
// disproof cost (a proof there is the length; 1228 settled its 25 in 8.6 M line nodes
// instead of 9.9 M, 1439 its 15 in 5.8 M instead of 6.3 M, where halving down from the
// proof's length proved 31, 27 and 25, or 27, 19 and 15, each bound longer than the
// length costing about as much as the length's own); a climb that runs out goes on
// from lo, twice as long, as before. Then it
// halves the bounds between lo and the length proven: a mate within the bound halfway,
// with half of what is left, and when that neither holds nor fails, or the bound is
// the one below the length proven, within two plies less than the length proven with
// all of it; a proof lowers the length, a disproof raises lo, until the length is lo+2.
// exact is false when a limit stopped it first (then n, when not 0, only bounds the
// length).
func (l *liner) shortest(key uint64, lo int) (n int, exact bool) {
	atk, def := l.pos.Hand(l.attacker), l.pos.Hand(l.attacker.Opponent())
	best := -1
	defer func() { l.proved(best, lo) }()
	upper := l.upper
	if upper <= lo {
		upper = -1 // cannot be: the proof holds a mate, and no mate is within lo
	}
	climb := uint64(0) // the budget of a climb: the nodes the last disproof cost
	for r := max(lo+2, 1); r < maxLinePlies && best < 0; {
		capped := upper >= 0 && r >= upper
		if capped {
			r = upper
		}
		budget := l.max
		if climb > 0 {
			budget = climb
		}
		var pn, dn uint32
		var length int
		begin := l.nodes
		if !l.share(2, func() { pn, dn, length = l.bounded(key, atk, def, r, budget) }) {
			return 0, false
		}
		switch {
		case pn == 0:
			best = length
		case dn == 0:
			lo, climb, r = r, max(l.nodes-begin, 1), r+2
			l.loUndecided = l.undecided
			continue
		case capped:
			return 0, false // the table lost the proof, and the search ran out
		case climb > 0:
			climb, r = 0, lo // the climb ran out: on from lo, twice as long
		}
		r = 2*r + 1
	}
	for best > lo+2 {
		if half := lo + 2*((best-lo)/4); half < best-2 {
			var pn, dn uint32
			var length int
			if !l.share(2, func() { pn, dn, length = l.bounded(key, atk, def, half, l.max) }) {
				return best, false
			}
			switch {
			case pn == 0:
				best = length
				continue
			case dn == 0:
				lo, l.loUndecided = half, l.undecided
				continue
			}
		}
		pn, dn, length := l.bounded(key, atk, def, best-2, l.max)
		switch {
		case pn == 0:
			best = length
		case dn == 0:
			lo, l.loUndecided = best-2, l.undecided
		default:
			return best, false
		}
	}
	return best, best > 0
}

// proved records what a search of the root's bounds proved: a mate within mate
// plies (mate > 0) and none within none (none >= 0).
func (l *liner) proved(mate, none int) {
	if mate > 0 && (l.mateWithin == 0 || mate < l.mateWithin) {
		l.mateWithin = mate
	}
	l.noneWithin = max(l.noneWithin, none)
}

// boundedLine reads a line of the tsume length n from the current position of l.pos
// (attacker to move, its tsume length exactly n) with the bounded df-pn: at each ply
// the attacker plays a check after which the defender is mated within the plies left,
// the defender a reply (not futile) after which no mate is shorter than the plies
// left. Each node of the line has thus its exact length. What the table and the
// full-width search's cache already know answers first; then the moves likeliest to
// answer are searched first. False when a limit stopped it.
func (l *liner) boundedLine(key uint64, n int) ([]shogi.Move, bool) {
	var line []shogi.Move
	defer func() {
		for range line {
			l.pos.Undo()
		}
	}()
	for v := n; v > 0; v-- {
		or := l.pos.SideToMove() == l.attacker
		next, nextKey := l.lineMove(key, len(line), or, v)
		if next == shogi.NoMove {
			return nil, false
		}
		l.pos.PlayUnchecked(next)
		line = append(line, next)
		key = nextKey
	}
	if l.stopped {
		return nil, false // a futility verdict may have been cut short
	}
	return append([]shogi.Move(nil), line...), true
}

// lineMove returns the move of boundedLine at the current position, v plies from the
// end, and the board key after it; NoMove when a limit stopped the search.
func (l *liner) lineMove(key uint64, depth int, or bool, v int) (shogi.Move, uint64) {
	list := l.generate(depth, or)
	atk, def := l.pos.Hand(l.attacker), l.pos.Hand(l.attacker.Opponent())
	// The attacker needs a check mating within v-1 plies, the defender a reply after
	// which none mates within v-3. A move the table settles either way is taken or
	// passed over at once; the others are ordered, by the unbounded df-pn's verdict for
	// a check, by the line search's lower bounds for a reply (longest first).
	r := v - 1
	if !or {
		r = v - 3
	}
	const never = 1 << 30
	within := int32(r)*plyScore + plyScore - 1 // the largest score of a mate within r plies
	moves, keys := list.Moves(), l.order(depth)
	for i, m := range moves {
		k, a, d := after(l.pos, l.attacker, key, atk, def, m)
		pn, dn, _, ok := l.s.tt.blookup(k, a, d, r)
		lower, exact := l.childScore(m)
		mates := ok && pn == 0 || exact >= 0 && exact <= within      // within r plies
		escapes := ok && dn == 0 || lower > within || exact > within // no mate within r plies
		if or {
			proven, disproven := l.dfpn(key, m)
			switch {
			case mates:
				return m, k
			case escapes || disproven:
				keys[i] = never
			case proven:
				keys[i] = 0
			default:
				keys[i] = 1
			}
			continue
		}
		switch {
		case mates:
			keys[i] = never // a shorter resistance
		case escapes && !l.futileReply(m):
			return m, k
		case escapes:
			keys[i] = never // futile
		default:
			keys[i] = -lower
		}
	}
	sortBy(moves, keys[:len(moves)])
	// The node's length is exact: when one move is left, it is the one.
	if len(moves) > 0 && keys[0] != never && (len(moves) == 1 || keys[1] == never) {
		if m := moves[0]; or || !l.futileReply(m) {
			k, _, _ := after(l.pos, l.attacker, key, atk, def, m)
			return m, k
		}
	}
	for i, m := range moves {
		if keys[i] == never {
			break
		}
		k, a, d := after(l.pos, l.attacker, key, atk, def, m)
		l.pos.PlayUnchecked(m)
		pn, dn, _ := l.bounded(k, a, d, r, l.max)
		l.pos.Undo()
		if l.stopped {
			return shogi.NoMove, 0
		}
		if or && pn == 0 || !or && dn == 0 && !l.futileReply(m) {
			return m, k
		}
	}
	return shogi.NoMove, 0
}

// childScore returns what the cache knows of the score of the position after m: a
// lower bound, and the exact score or -1.
func (l *liner) childScore(m shogi.Move) (lower, exact int32) {
	l.pos.PlayUnchecked(m)
	lower, exact = l.probe(l.pos.Hash())
	l.pos.Undo()
	return lower, exact
}

// order returns the sort-key buffer of depth.
func (l *liner) order(depth int) []int32 {
	for len(l.keys) <= depth {
		l.keys = append(l.keys, make([]int32, shogi.MoveListCapacity))
	}
	return l.keys[depth]
}

// childLower returns the least score the cache knows for the position after m.
func (l *liner) childLower(m shogi.Move) int32 {
	l.pos.PlayUnchecked(m)
	lower, exact := l.probe(l.pos.Hash())
	l.pos.Undo()
	if exact >= 0 {
		return exact
	}
	return lower
}

// sortBy sorts moves by keys, ascending, keeping the order of equal keys.
func sortBy(moves []shogi.Move, keys []int32) {
	for i := 1; i < len(moves); i++ {
		m, k := moves[i], keys[i]
		j := i
		for ; j > 0 && keys[j-1] > k; j-- {
			moves[j], keys[j] = moves[j-1], keys[j-1]
		}
		moves[j], keys[j] = m, k
	}
}

// futileReply reports whether the reply m, in the current position, is an
// interposition the convention does not count.
func (l *liner) futileReply(m shogi.Move) bool {
	return l.futile != FutileNone && l.isFutile(m)
}

// isFutile reports whether the reply m, in the current position (defender to move, in
// check), is a futile interposition (see [Futile]): an interposition on a square
// between the king and a lone checker at a distance (a drop; under FutileMoves also a
// piece moved there), which the checker can take with check, where the position with
// the checker on that square, the defender keeping the interposed piece in hand, is
// a mate; unless under FutileDrops, with no piece of the defender able to take the
// checker there. An undecided mate search counts the interposition as not futile.
func (l *liner) isFutile(m shogi.Move) bool {
	return l.futility(m, false)
}

// leafFutile is isFutile with the budget of a leaf of the bounded df-pn
// (leafFutileNodes): a verdict it leaves undecided is no verdict for isFutile, which
// tests the position again with its own budget.
func (l *liner) leafFutile(m shogi.Move) bool {
	return l.futility(m, true)
}

// futility is isFutile, with the budget of a leaf when leaf is set.
func (l *liner) futility(m shogi.Move, leaf bool) bool {
	p := l.pos
	key, from, sq, ok := l.futilityKey(m)
	if !ok {
		return false
	}
	// A verdict resting on an undecided test is taken again from the verdicts, which
	// count it once.
	if _, exact := l.probe(key); exact == 0 || exact == 1 {
		return exact == 1
	}
	checker := p.PieceAt(from)
	futile, undecided := false, false
	// The checker must be able to take the piece (legally: a reply that checks the
	// attacker's king, 双玉, is futile only when the capture answers that check).
	p.PlayUnchecked(m)
	var legal [2]bool
	for i, promote := range [2]bool{false, true} {
		legal[i] = p.IsLegal(shogi.NewMove(from, sq, promote))
	}
	p.Undo()
	// A rook or bishop takes with promotion first: its position is likelier a mate,
	// which settles the verdict with one test. (A lance promoted loses its range.)
	// Measured, not kept (dlshogi game positions, FutileDrops, 64 MiB): the second
	// capture left untested once the first one's test ran out (the verdict undecided
	// either way). At 20 M line nodes 1228 finished its tie-break in 8.76 M line nodes
	// instead of 11.74 M, 1208 in 13.72 M instead of 14.59 M, 1235 finished it (19.12 M,
	// LineLength before), but 1222 settled 21 plies (LineLength) instead of its tsume
	// line of 19 in 13.03 M: the second capture decides where the first did not (in
	// 1222 two leaf tests of a capture without promotion found mates after the promoted
	// capture's ran out). Left untested after a rook or bishop only, the same (1228
	// 8.95 M, 1222 21 plies); tested only when the verdicts or the table answer without
	// a search, 1222 and 1439 lost their length at 7.3 M. A lance taking with promotion
	// first: at 20 M the seven that finish took 79.79 M line nodes instead of 78.90 M
	// (1224 15.93 M instead of 14.26 M, 1228 11.04 M instead of 11.74 M), the same lines.
	order := [2]bool{true, false}
	if checker.Type() == shogi.Lance {
		order = [2]bool{false, true}
	}
	for _, promote := range order {
		if !legal[b2i(promote)] {
			continue
		}
		st := p.Setup()
		pc := checker
		if promote {
			pc = shogi.NewPiece(checker.Color(), checker.Type().Promote())
		}
		if !m.IsDrop() {
			// The piece moved is taken and kept by the defender, in hand.
			us := p.SideToMove()
			t := p.PieceAt(m.From()).Type().Unpromote()
			st.Put(m.From(), shogi.NoPiece)
			st.Hands[us] = st.Hands[us].Add(t)
		}
		st.Put(from, shogi.NoPiece)
		st.Put(sq, pc)
		st.AllowUnreachable, st.AllowExtraPieces = true, true
		q, err := shogi.NewPosition(st)
		if err != nil || !q.InCheck() {
			continue // a capture that gives no check is no tsume move
		}
		switch l.verdict(q, sq, !m.IsDrop(), leaf) {
		case 1:
			futile = true
		case 2:
			undecided = true
		}
		if futile {
			break
		}
	}
	v := int32(0)
	switch {
	case futile:
		v = 1
	case undecided:
		v = 2
	}
	l.save(key, v, v, shogi.NoMove)
	return futile
}

// verdict tells whether q (defender to move, the checker having taken the
// interposed piece) is a mate that makes the interposition futile: under FutileDrops
// any mate, otherwise one where the defender cannot take the checker back. The answer
// depends on q alone, so it is kept for the rest of the search (the tests of different
// positions, and of every piece dropped on one square, share it): a position whose test
// ran out of nodes stays undecided (not futile) rather than being tested again with
// another verdict once the table has grown. The df-pn table answers first; a proof
// there, by hand domination too, settles it without a search. It returns 1 (futile),
// 0 (not futile) or 2 (undecided: not futile, and counted in Result.Undecided).
//
// A test at a leaf (leaf set) takes a verdict already known, and otherwise runs with
// the leaf's budget: a decision is the position's verdict (it does not depend on the
// budget), an undecided test is kept under a key of its own, so that a test with the
// full budget still runs where one is asked for.
func (l *liner) verdict(q *shogi.Position, sq shogi.Square, moved, leaf bool) int32 {
	key := q.Hash()
	if moved {
		key ^= 0x2545f4914f6cdd1d // a smaller budget, its own verdict
	}
	e := &l.verdicts[key&uint64(len(l.verdicts)-1)]
	if leaf && (e.key != key || key == 0) {
		full := key
		key ^= 0x7a3c5e1f2b4d6081 // the leaf's undecided verdict
		e = &l.verdicts[key&uint64(len(l.verdicts)-1)]
		if e.key != key || key == 0 {
			if l.spentOnTests() {
				return 2
			}
			v, cut := l.testFutile(q, sq, moved, leafFutileNodes)
			if cut {
				return 2 // cut short by the line search's limits: no verdict kept
			}
			if v != 2 {
				key = full // a decision holds whatever the budget
				e = &l.verdicts[key&uint64(len(l.verdicts)-1)]
			}
			*e = memoEntry{key: key, exact: v}
		}
	}
	if e.key != key || key == 0 {
		if l.spentOnTests() {
			return 2
		}
		v, cut := l.testFutile(q, sq, moved, futileNodes)
		if cut {
			return 2 // cut short by the line search's limits: no verdict kept
		}
		*e = memoEntry{key: key, exact: v}
	}
	if e.exact == 2 && e.lower == 0 {
		e.lower = 1 // counted once
		l.undecided++
	}
	return e.exact
}

// spentOnTests reports whether the line search's nodes are spent, so that no futility
// test runs and no verdict is kept; it stops the line search, and the bounded df-pn
// that asked as well.
func (l *liner) spentOnTests() bool {
	if l.nodes < l.max {
		return false
	}
	l.stopped = true
	if l.bs != nil {
		l.bs.stop = StopNodes
	}
	return true
}

// testFutile answers verdict's question: 1 futile, 0 not futile, 2 undecided (its
// df-pn search ran out of its budget). cut is set when the line search's own limits
// (its nodes left, its time or a part of it, the context) stopped the test before
// its budget did: the answer is then no verdict, to be kept for the rest of the
// search, and the line search stops (a part of it given a share, shortest's, ends;
// the test runs again when a later part asks for it).
func (l *liner) testFutile(q *shogi.Position, sq shogi.Square, moved bool, budget uint64) (v int32, cut bool) {
	if l.futile != FutileDrops && recaptures(q, sq) {
		return 0, false
	}
	k := boardKey(q)
	atk, def := q.Hand(l.attacker), q.Hand(l.attacker.Opponent())
	if pn, dn, rep, ok := l.s.tt.lookup(k, atk, def, 0); ok && (pn == 0 || dn == 0 && rep == noRep) {
		if pn == 0 {
			return 1, false
		}
		return 0, false
	}
	if moved {
		budget = min(budget, futileMoveNodes)
	}
	pn, _, stop, full := l.dfpnAt(q, budget)
	switch {
	case stop == StopNodes && full:
		return 2, false
	case stop != StopNone:
		l.stopped = true
		if l.inBounded {
			l.bs.stop = StopNodes
		}
		return 2, true
	case pn == 0:
		return 1, false
	}
	return 0, false
}

func b2i32(b bool) int32 {
	if b {
		return 1
	}
	return 0
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// futilityKey returns the cache key of the futility test of the reply m in the
// current position, the checker's square and the square of m; ok is false when m is
// no interposition the convention may find futile.
func (l *liner) futilityKey(m shogi.Move) (key uint64, from, sq shogi.Square, ok bool) {
	p := l.pos
	if !m.IsDrop() && (l.futile != FutileMoves || p.MovedPiece(m).Type() == shogi.King || p.PieceAt(m.To()) != shogi.NoPiece) {
		return 0, 0, 0, false
	}
	checkers := p.Checkers()
	if checkers.IsEmpty() || checkers.More() {
		return 0, 0, 0, false
	}
	from, sq = checkers.First(), m.To()
	if !between(from, p.King(p.SideToMove()), sq) {
		return 0, 0, 0, false
	}
	// The test depends on the square and on the square a piece moved from, not on the
	// piece dropped.
	origin := uint64(0)
	if !m.IsDrop() {
		origin = uint64(m.From()) << 8
	}
	return p.Hash() ^ (uint64(sq+1)|origin)*0x9e3779b97f4a7c15 ^ 0x5f5f, from, sq, true
}

// decided returns the verdict of the futility test of the reply m when it is known
// without a search (an earlier test of the position, decided): for the bounded search,
// to test first what costs nothing.
func (l *liner) decided(m shogi.Move) (futile, known bool) {
	key, _, _, ok := l.futilityKey(m)
	if !ok {
		return false, true
	}
	_, exact := l.probe(key)
	return exact == 1, exact == 0 || exact == 1
}

// recaptures reports whether the side to move of q has a legal move to s.
func recaptures(q *shogi.Position, s shogi.Square) bool {
	var list shogi.MoveList
	q.GenerateEvasions(&list)
	for _, m := range list.Moves() {
		if !m.IsDrop() && m.To() == s {
			return true
		}
	}
	return false
}

// between reports whether s lies strictly between a and b on a file, rank or
// diagonal.
func between(a, b, s shogi.Square) bool {
	df, dr := b.File()-a.File(), b.Rank()-a.Rank()
	if df != 0 && dr != 0 && df != dr && df != -dr {
		return false
	}
	n := max(df, -df, dr, -dr)
	sf, sr := sign(df), sign(dr)
	for i := 1; i < n; i++ {
		if shogi.NewSquare(a.File()+i*sf, a.Rank()+i*sr) == s {
			return true
		}
	}
	return false
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// dfpnAt runs df-pn from q, either side to move, within budget nodes of the line
// search's (while the bounded df-pn runs, of what its own nodes leave, and counted
// against its budget), sharing the solver's table; it returns the root's numbers, why
// it stopped, and whether it had its whole budget (full: the line search had as many
// nodes left). A time limit or cancellation stops the line search too.
//
// The tests search as the line search's df-pn does, not as Options.AnyMate's (drops
// of a ranging piece grouped in the disproof number, searcher.groupDrops), though
// most tests that decide are no-mates: grouped, on the dlshogi game positions at
// 7.3 M line nodes (64 MiB, FutileDrops, no time limit) 1210 finished its tie-break in
// 4.86 M line nodes instead of 5.83 M, but 1436 no longer finished it (LineLength),
// the other fifteen as before. Not kept.
func (l *liner) dfpnAt(q *shogi.Position, budget uint64) (pn, dn uint32, stop Stop, full bool) {
	if l.sub == nil {
		l.sub = &searcher{tt: l.s.tt, attacker: l.attacker, ctx: l.s.ctx, deadline: l.s.deadline, progress: l.s.progress}
	}
	sub := l.sub
	sub.pos, sub.deadline = q, l.s.deadline
	sub.nodes = 0
	used := l.nodes
	if l.inBounded {
		used += l.bs.nodes // the bounded df-pn's nodes, not yet added to l.nodes
	}
	sub.maxNodes = max(min(l.max-min(used, l.max), budget), 1)
	full = sub.maxNodes == budget
	sub.reset()
	pn, dn, _ = sub.mid(infinity, infinity, unbounded)
	l.nodes += sub.nodes
	if l.inBounded {
		// The test's nodes count against the bounded df-pn's budget as well.
		l.bs.maxNodes = max(l.bs.maxNodes-min(sub.nodes, l.bs.maxNodes), 1)
	}
	if sub.stop == StopTime || sub.stop == StopCanceled {
		l.stopped = true
	}
	return pn, dn, sub.stop, full
}

// deepen returns the score of the tsume line from the current position of l.pos
// (attacker to move), searching bounds of start, start+2, … plies until one holds a
// mate; -1 when the search stopped first. The score is exact whatever start is: each
// bound's search finds the least score within it. lo is the largest bound found to
// hold no mate (start-2 when none was).
//
// The full-width search runs while its bounds are cheap. Once a bound costs it
// probeNodes or more, the next bounds are searched by the bounded df-pn instead (a
// bound it cannot settle within fullWidthNodes as well), whose
// disproofs cost less where the checks are many: a proof there is the tsume length (n,
// the length proven; score is then -1), a disproof passes the bound over; a bound it
// cannot settle with what is left of the nodes ends the search (-1, lo). It climbs
// bound by bound even when the root's proof length (l.upper) is known: handing over to
// shortest there at once settled 馬鋸 (yaneuraou-116) in none of 60 s, where climbing
// settles its 45 plies in 8 s; on the dlshogi game positions it saved 5 to 10 %.
func (l *liner) deepen(key uint64, start int32) (score, lo int32, n int) {
	atk, def := l.pos.Hand(l.attacker), l.pos.Hand(l.attacker.Opponent())
	lo = start - 2
	probe := false
	for plies := start; plies < maxLinePlies; plies += 2 {
		if probe {
			pn, dn, length := l.bounded(key, atk, def, int(plies), l.max)
			switch {
			case l.stopped:
				return -1, lo, 0
			case pn == 0:
				return -1, lo, length
			case dn == 0:
				lo, l.loUndecided = plies, l.undecided
				continue
			}
			return -1, lo, 0
		}
		begin, budget := l.nodes, l.max
		l.max = min(budget, begin+fullWidthNodes)
		r, ok := l.or(key, 0, plies*plyScore+plyScore-1)
		l.max = budget
		probe = l.nodes-begin >= probeNodes
		if l.stopped && l.nodes < budget && !l.s.clock() {
			// The bound's cap ran out: the bounded df-pn searches the same bound.
			l.stopped = false
			plies -= 2
			continue
		}
		if l.stopped {
			return -1, lo, 0
		}
		if ok {
			return r, lo, 0
		}
		lo, l.loUndecided = plies, l.undecided
	}
	return -1, lo, 0
}

// share runs f with a part of what is left of the line search's nodes and time
// (a fraction 1/parts); it reports whether the search as a whole may go on (neither
// its node limit, nor its time, nor the context stopped it).
func (l *liner) share(parts int, f func()) bool {
	budget, deadline := l.max, l.s.deadline
	l.max = l.nodes + (budget-min(l.nodes, budget))/uint64(parts)
	if !deadline.IsZero() {
		l.s.deadline = time.Now().Add(time.Until(deadline) / time.Duration(parts))
	}
	f()
	l.max, l.s.deadline = budget, deadline
	if l.stopped && l.nodes < l.max && !l.s.clock() {
		l.stopped = false
	}
	return !l.stopped
}

// tsumeLine returns the tsume line from the current position of l.pos (attacker to
// move, proven mate) and its kind (LineTsume, or LineLength when the bounded df-pn
// settled the length before the full-width search and read a line of it), or LineNone
// when the search stopped first.
func (l *liner) tsumeLine(key uint64) ([]shogi.Move, LineKind) {
	// First the full-width search, bound after bound, with a quarter of the budget
	// (nodes and time): it is fast where the checks are few, and each bound it searches
	// in vain is a lower bound of the length. Then the bounded df-pn finds the length,
	// from above, and reads a line of it. A third or a half for the bounds instead of
	// a quarter, measured on the dlshogi game positions the length search leaves
	// unsettled within 3 s (6, 7.3 and 12 M line nodes, 64 and 256 MiB), settled one or
	// two more in some runs and lost one or two in others (1436's tie-break at 7.3 M),
	// and is not kept.
	var score, lo int32
	var n int
	l.upper = l.s.tt.proofLength(key, l.pos.Hand(l.attacker), l.pos.Hand(l.attacker.Opponent()))
	if l.share(4, func() { score, lo, n = l.deepen(key, 1) }) && score < 0 {
		l.proved(n, int(lo))
		exact := n > 0
		if !exact {
			n, exact = l.shortest(key, int(lo))
		}
		if exact && !l.stopped {
			if line, ok := l.boundedLine(key, n); ok {
				if l.leftover == PreferNoLeftover {
					// 駒余り: the least score over the lines of length n, with what is
					// left and no more than eight times the nodes the length and its
					// line took (and tieNodes); when found, its line is the tsume line.
					// Nothing else needs the time: the line of length n is kept when
					// it stops (half of what was left kept dlshogi-1206, 1210 and 1233
					// at LineLength in 6 M line nodes, all of it settles them).
					var tied []shogi.Move
					budget := l.max
					l.max = min(l.max, l.nodes+8*l.nodes+tieNodes)
					done := l.share(1, func() { tied = l.leftoverLine(key, n) })
					l.max = budget
					if done && tied != nil {
						return tied, LineTsume
					}
				}
				return line, LineLength
			}
		}
	}
	if score < 0 || l.stopped {
		return nil, LineNone
	}
	// Follow the scores down: at each step the move whose score makes the total.
	var line []shogi.Move
	depth := 0
	defer func() {
		for range line {
			l.pos.Undo()
		}
	}()
	for score >= plyScore {
		or := l.pos.SideToMove() == l.attacker
		list := l.generate(depth, or)
		next := shogi.NoMove
		if e := l.entry(l.pos.Hash()); e.key == l.pos.Hash() && e.exact == score && list.Contains(e.move) {
			next = e.move // the move the search found, when the cache still holds it
			key, _, _ = after(l.pos, l.attacker, key, 0, 0, next)
		}
		for _, m := range list.Moves() {
			if next != shogi.NoMove {
				break
			}
			if !or && l.futileReply(m) {
				continue
			}
			k, _, _ := after(l.pos, l.attacker, key, 0, 0, m)
			l.pos.PlayUnchecked(m)
			var r int32
			var ok bool
			if or {
				r, ok = l.and(k, depth+1, score-plyScore)
			} else {
				r, ok = l.or(k, depth+1, score-plyScore)
			}
			l.pos.Undo()
			if l.stopped {
				return nil, LineNone
			}
			if ok && r == score-plyScore {
				next, key = m, k
			}
		}
		if next == shogi.NoMove {
			return nil, LineNone // cannot happen with exact scores; the caller falls back
		}
		l.pos.PlayUnchecked(next)
		line = append(line, next)
		score -= plyScore
		depth++
	}
	return append([]shogi.Move(nil), line...), LineTsume
}

// leftoverLine breaks the ties of length of a tsume length n settled by the bounded
// df-pn (駒余り): from the current position of l.pos (attacker to move, its length exactly
// n), it finds the least score (len*64 + left, as the full-width search scores lines)
// over the lines of exact length, and returns the line that makes it; nil when a limit
// stopped it first. A move of the line that the cache lost since (its entry taken by
// another position's) is found again by the tie-break from there.
func (l *liner) leftoverLine(key uint64, n int) []shogi.Move {
	score, ok := l.tieBreak(key, 0, n)
	if !ok || l.stopped {
		return nil
	}
	var line []shogi.Move
	defer func() {
		for range line {
			l.pos.Undo()
		}
	}()
	for score >= plyScore {
		e := l.entry(l.pos.Hash())
		list := l.generate(len(line), l.pos.SideToMove() == l.attacker)
		if e.key != l.pos.Hash() || e.exact != score || !list.Contains(e.move) {
			if s, ok := l.tieBreak(boardKey(l.pos), len(line), int(score/plyScore)); !ok || s != score || l.stopped {
				return nil
			}
			if e.key != l.pos.Hash() || e.exact != score || !list.Contains(e.move) {
				return nil
			}
		}
		l.pos.PlayUnchecked(e.move)
		line = append(line, e.move)
		score -= plyScore
	}
	if len(line) != n {
		return nil
	}
	return append([]shogi.Move(nil), line...)
}

// On the dlshogi game positions, 93-99 % of the tie-break's nodes go to the bounded
// df-pn's disproofs of the attacker's checks that mate only later than v-1 plies, at
// the root and two plies down; the best line at the root leaves 1 to 4 pieces, so a
// check passed over when its least score (the pieces in hand after it less one per
// attacker move left, 0 there) cannot beat the best, the checks the table proves
// searched first, cut only near the leaves. Measured: no line kind changed at 6 or 12 M
// line nodes (64 and 256 MiB); 1228 and 1436 settled 3-4 % sooner at 256 MiB, up to 3 %
// later at 64; at 30 M (64 MiB) 1207 settled, 1222 and 1228 took 6-7 % more. Not kept.
// What is kept instead cuts inside the bounded df-pn, at every node rather than near
// the leaves: a move taken after the best is asked whether it can beat it, the
// narrower question of leftover.go, whose search fails wherever the attacker's hand
// is too far from what the question asks for his moves left to close the gap. These
// figures were measured when the score was the pieces left themselves (the attacker
// preferring fewer, the defender more: the convention misread; leftover.go's top), on
// the dlshogi game positions (FutileDrops, 64 MiB, no time limit): at 7.3 M line
// nodes 1436 finished its tie-break in 4.43 M line nodes instead of 7.28 M, 1210 in
// 5.98 M instead of 5.83 M,
// the other fifteen as before; at 20 M, 1213, 1224 and 1439 finished it (8.62, 9.64
// and 15.12 M line nodes) where they had stopped at LineLength, 1222 took 14.24 M
// instead of 15.17 M and 1208 19.07 M instead of 19.10 M, the same lines where both
// finished.
//
// tieBreak returns the score of the current position, whose length is exactly v
// plies, over the lines of that length: the attacker's checks after which the defender
// is mated within v-1 plies (exactly v-1, as the node is no shorter), the defender's
// replies, not futile, after which no mate is within v-3 (exactly v-1, as the node is
// no longer); the least score at the attacker's nodes, the largest at the defender's,
// each the score of the pieces left in the attacker's hand at the end (leftScore)
// past 64 a ply. The bounded
// df-pn answers each move's length (mostly from its table: the line's search proved
// and disproved them); once a move of the lines has given the node a best score, the
// others are asked only whether they beat it (leftover.go), and one that cannot is
// passed over without its length or score. The scores are cached as the full-width
// search's exact scores are, with their moves. ok is false when a limit stopped it, or
// a move's length was not settled.
//
// A defender's node none of whose counted replies keeps to the length (each futile,
// or mated sooner) met a futility verdict that changed under the length search: a
// test at a leaf of the bounded df-pn that ran out of its nodes counted the reply, and
// so settled the node's length, and the full test found it futile since. The replies
// found futile are then counted, as the length search counted them, so that the
// tie-break finishes over the lines of the length it settled.
func (l *liner) tieBreak(key uint64, depth, v int) (score int32, ok bool) {
	if l.poll() {
		return 0, false
	}
	h := l.pos.Hash()
	if _, exact := l.probe(h); exact >= 0 {
		if int(exact/plyScore) < v {
			return mateSooner, false
		}
		return exact, int(exact/plyScore) == v
	}
	or := l.pos.SideToMove() == l.attacker
	if v == 0 {
		if or {
			return 0, false
		}
		s := l.left() // mated, or only futile interpositions left
		l.save(h, s, s, shogi.NoMove)
		return s, true
	}
	list := l.generate(depth, or)
	r := v - 1
	if !or {
		r = v - 3
	}
	atk, def := l.pos.Hand(l.attacker), l.pos.Hand(l.attacker.Opponent())
	// The moves the table knows to be of the lines are taken first (a check the
	// bounded df-pn proved within r plies, a reply it disproved within r), so that the
	// best found early lets the others be asked the narrower question of leftover.go.
	// Ties go to the move generated first, as when the moves were taken in order.
	moves, first := list.Moves(), l.order(depth)
	for i, m := range moves {
		k, a, d := after(l.pos, l.attacker, key, atk, def, m)
		pn, dn, _, ok := l.s.tt.blookup(k, a, d, r)
		first[i] = b2i32(ok && (or && pn == 0 || !or && dn == 0))
	}
	best, bestMove, bestAt := int32(-1), shogi.NoMove, -1
	for pass := 0; pass < 4; pass++ {
		if pass >= 2 && (or || best >= 0) {
			break
		}
		for i, m := range moves {
			if first[i] != int32(1-pass%2) {
				continue
			}
			if or {
				if _, disproven := l.dfpn(key, m); disproven {
					continue
				}
			} else if l.futileReply(m) != (pass >= 2) {
				continue
			}
			// A move that cannot beat the best is asked the narrower question of
			// leftover.go: a check whether it scores less (leaves the attacker more
			// pieces), a reply whether its lines score more (leave fewer); one
			// generated before the best may tie it. Measured, not kept: every move
			// asked whether it beats the best strictly (ties to the move found first),
			// which changes the line between those of equal score: at 20 M line nodes
			// (64 MiB) 1208 took 13.24 M line nodes instead of 14.59 M, 1222 12.47 M
			// instead of 13.03 M, 1224 14.29 M instead of 14.26 M, though there the
			// three checks generated before its best, 6.42 M of the 9.15 M of its
			// tie-break, were asked for 56 instead of 57: such a disproof costs about as
			// much either way.
			left := -2 // the plain question
			if best >= 0 {
				left = int(best % plyScore)
				switch {
				case or && i > bestAt:
					left = max(left-1, -1) // -1: a check that mates sooner
				case !or && i < bestAt:
					left--
				}
			}
			s, in, ok := l.tieMove(key, depth, v, r, or, atk, def, m, left)
			switch {
			case !ok:
				return s, false // a limit, an unsettled length, or a check that mates sooner
			case !in:
				continue
			}
			s += plyScore
			if best < 0 || or && (s < best || s == best && i < bestAt) || !or && (s > best || s == best && i < bestAt) {
				best, bestMove, bestAt = s, m, i
			}
		}
	}
	if best < 0 && !or && !l.stopped {
		return mateSooner, false // every reply is mated sooner: see mateSooner
	}
	if best < 0 || int(best/plyScore) != v {
		return 0, false // cannot be with exact lengths
	}
	l.save(h, best, best, bestMove)
	return best, true
}

// tieMove is tieBreak's step: the score of the lines of exact length v through the
// move m, and whether m is a move of those lines (in: a check after which the
// defender is mated within r plies, a reply after which no mate is within r). ok is
// false when a limit stopped it, or a length was not settled. With left -1 or more,
// the bounded df-pn is asked the question of leftover.go instead, a mate within v-1
// plies whose lines ending at the bound score at most left: in is then a check that
// scores less than the best (a proof), a reply whose lines score more (a disproof); a check
// proven with left -1 mates within v-3 plies, sooner than the node's length allows.
func (l *liner) tieMove(key uint64, depth, v, r int, or bool, atk, def shogi.Hand, m shogi.Move, left int) (s int32, in, ok bool) {
	k, a, d := after(l.pos, l.attacker, key, atk, def, m)
	l.pos.PlayUnchecked(m)
	if left >= -1 {
		r = v - 1
		l.leftOn, l.leftMax = true, left
	}
	pn, dn, _ := l.bounded(k, a, d, r, l.max)
	l.leftOn = false
	if or && left == -1 && pn == 0 && !l.stopped {
		l.pos.Undo()
		return mateSooner, true, false // the check mates within v-3 plies: see mateSooner
	}
	in = or && pn == 0 || !or && dn == 0 // a move of the lines of length v
	ok = true
	if in && !l.stopped {
		s, ok = l.tieBreak(k, depth+1, v-1)
		if !or && !ok && s == mateSooner && !l.stopped {
			s, in, ok = 0, false, true // the reply is mated sooner: not a move of the lines
		}
	}
	l.pos.Undo()
	if !ok && s == mateSooner && !l.stopped {
		return mateSooner, in, false // the check mates sooner, and so does the node
	}
	return s, in, ok && !l.stopped && (pn == 0 || dn == 0)
}

// mateSooner is the score tieBreak returns, not ok, at a node mated in fewer than its
// v plies under what is known now: a defender's node every reply of which (the futile
// ones counted too) is mated sooner, an attacker's node with a check after which the
// defender is. The length search settled v from the bounded df-pn's table, whose
// disproofs may rest on a futility test at a leaf that ran out of its nodes and so
// counted an interposition that the full test found futile since, where the proofs the
// tie-break reads rest on that verdict: such a node lies on no line of length v. A
// defender's reply to it is then no move of the lines (as a reply after which a mate
// is within v-3 is not), and an attacker's check to it makes its node mated sooner in
// turn; at the root the tie-break fails, and the line read with the length stands.
const mateSooner = -2

package tsume

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"
	"unsafe"

	"github.com/kifu-go/shogi"
)

// DefaultHashBytes is the memory of the transposition table when Options.HashBytes is 0.
const DefaultHashBytes = 16 << 20

// DefaultLineNodes bounds the tsume-line search when Options.LineNodes is 0.
const DefaultLineNodes = 2_000_000

// Errors of [Solver.Solve] for positions that are no tsume problem.
var (
	ErrNoDefenderKing  = errors.New("tsume: the defender (the side not to move) has no king")
	ErrDefenderInCheck = errors.New("tsume: the defender (the side not to move) is already in check")
)

// Futile says which interpositions the tsume line does not count (無駄合). Tsume
// conventions differ here (see the package doc): FutileFree is the narrow definition
// of tsume literature, FutileDrops the wider test some solvers apply.
type Futile uint8

const (
	// FutileFree: a drop between the king and a lone ranging checker at a distance is
	// futile when the checker takes it for free and the mate goes on without the
	// dropped piece: the position where the checker stands on the drop square
	// (promoted or not) and the hands are as before the drop is a mate, and in it no
	// piece of the defender, the king included, can take the checker. The default.
	FutileFree Futile = iota
	// FutileDrops: as FutileFree, but the defender may take the checker back: the drop
	// is futile whenever the position with the checker on the drop square and the
	// hands as before the drop is a mate, however long (the test of KomoringHeights'
	// post-search as its issues #5 and #7 state it, "definition 1" of YaneuraOu's
	// article).
	FutileDrops
	// FutileNone counts every legal reply, as a game would.
	FutileNone
	// FutileMoves is FutileFree for pieces moved to interpose (移動合) as well as for
	// drops: the piece moved is taken, and the defender keeps it in hand. Its tests
	// are many and costly (a mate search each), so the tsume line takes longer.
	FutileMoves
)

// String returns the code of f: "free", "drops", "none" or "moves".
func (f Futile) String() string {
	switch f {
	case FutileFree:
		return "free"
	case FutileDrops:
		return "drops"
	case FutileNone:
		return "none"
	case FutileMoves:
		return "moves"
	}
	return "futile(" + strconv.Itoa(int(f)) + ")"
}

// ParseFutile returns the Futile of a code of [Futile.String].
func ParseFutile(code string) (Futile, error) {
	for _, f := range [...]Futile{FutileFree, FutileDrops, FutileNone, FutileMoves} {
		if f.String() == code {
			return f, nil
		}
	}
	return 0, fmt.Errorf("tsume: futile convention %q; want free, moves, drops or none", code)
}

// Leftover says how ties of length are broken (駒余り). Its codes ([Leftover.String],
// [ParseLeftover]) name what the tsume line does with the pieces left in the
// attacker's hand: "avoid" them (PreferNoLeftover) or "ignore" them (IgnoreLeftover),
// as shogi mate's and shogi tsume's -leftover and shogi usi's option Leftover take them.
type Leftover uint8

const (
	// PreferNoLeftover: between lines of equal length, the defender chooses the one
	// that leaves the attacker fewer pieces in hand at the end, the attacker the one
	// that leaves him more (see the package doc). The default; code "avoid".
	PreferNoLeftover Leftover = iota
	// IgnoreLeftover: the first line of the shortest length in move-generation order;
	// code "ignore".
	IgnoreLeftover
)

// String returns the code of l: "avoid" or "ignore".
func (l Leftover) String() string {
	switch l {
	case PreferNoLeftover:
		return "avoid"
	case IgnoreLeftover:
		return "ignore"
	}
	return "leftover(" + strconv.Itoa(int(l)) + ")"
}

// ParseLeftover returns the Leftover of a code of [Leftover.String].
func ParseLeftover(code string) (Leftover, error) {
	for _, l := range [...]Leftover{PreferNoLeftover, IgnoreLeftover} {
		if l.String() == code {
			return l, nil
		}
	}
	return 0, fmt.Errorf("tsume: leftover convention %q; want avoid or ignore", code)
}

// Options configure a [Solver]. The zero value searches for a mate with no limit but
// memory, a table of DefaultHashBytes, and the tsume line under the conventions of the
// package doc within DefaultLineNodes.
type Options struct {
	// Nodes stops the df-pn search, which decides mate or no mate, after about this
	// many positions; 0 means no limit. The tsume-line search that follows a mate is
	// bounded by LineNodes, not by Nodes.
	Nodes uint64
	// Time stops the search after this long; 0 means no limit (a negative Time is an
	// error of Solve). The context passed to Solve may stop it as well.
	Time time.Duration
	// HashBytes is the memory of the transposition table, allocated once and never
	// exceeded; 0 means DefaultHashBytes (a negative HashBytes is an error of Solve,
	// and NewSolver then allocates the smallest table).
	// The searches allocate little else, but the collector lets garbage grow as large
	// as the live heap before it collects: a program that must keep its whole heap near
	// the budget sets a soft memory limit (debug.SetMemoryLimit), as shogi mate does
	// (the tables plus 64 MiB).
	HashBytes int
	// AnyMate skips the tsume-line search: the line is the one the proof gives.
	AnyMate bool
	// Futile and Leftover choose the conventions of the tsume line.
	Futile   Futile
	Leftover Leftover
	// LineNodes bounds the tsume-line search; 0 means DefaultLineNodes. A quarter of it
	// (and of the time left) goes to the bounds searched one after the other (by the
	// full-width search while they are cheap, LineTsume, then by the depth-bounded
	// df-pn, LineLength), the rest to the depth-bounded df-pn from above (LineLength).
	// When it is reached the result keeps a line of the proof (LineProof), within
	// the bound the search proved (Result.MaxLength).
	LineNodes uint64
	// Progress, when not nil, is called with what the search has done so far about
	// once every ProgressInterval (DefaultProgressInterval when 0; a negative one is
	// an error of Solve) while Solve or Verify runs, from the goroutine that searches:
	// it must return quickly, and it is never called once the search has returned.
	Progress         func(Progress)
	ProgressInterval time.Duration
}

// A Solver searches tsume problems. It keeps its transposition table from one search to
// the next so that memory is allocated once; it is not safe for concurrent use.
type Solver struct {
	opt  Options
	tt   *table
	memo []memoEntry
	// verdicts caches the futility tests of one search (see liner.isFutile).
	verdicts []memoEntry
	// lined: a tsume-line search (newLiner) may have written memo and verdicts since
	// they were last cleared. A search clears only what was written (the table keeps
	// its own account, table.clear): with AnyMate the tsume-line cache, a quarter of
	// the budget, is never touched (its pages never even faulted in), where clearing
	// it cost every search 64 MiB of writes at 256.
	lined bool
}

// NewSolver returns a solver with the options opt and a table of opt.HashBytes. Options
// that Solve refuses (a negative HashBytes among them) get the smallest tables, as no
// search will use them: the error is Solve's.
func NewSolver(opt Options) *Solver {
	bytes := opt.HashBytes
	switch {
	case opt.check() != nil:
		// No setter mends the options that check refuses (SetNodes and SetLineNodes
		// set limits that are all valid), so the solver never searches: it took the
		// default table, 16 MiB that the caller paid for nothing.
		bytes = 0
	case bytes == 0:
		bytes = DefaultHashBytes
	}
	if opt.LineNodes == 0 {
		opt.LineNodes = DefaultLineNodes
	}
	// Three quarters for the df-pn table, one for the tsume-line search's cache; the
	// cache of futility verdicts (at most a 64th, 1 MiB) comes out of the table's share.
	// The cache is mostly empty where the bounded df-pn finds the length (the dlshogi
	// game positions fill at most 6 % of it at 64 MiB) but the full-width search's
	// problems fill up to 19 % (mate11-363-2, 98 K entries). A 16th for the cache, the
	// rest for the table, was measured on those game positions at 6 and 12 M line nodes,
	// 64 and 256 MiB: one more settled in three runs, one fewer in two, and 1228 and 1436
	// settled 7-8 % sooner at 256 MiB but 2-7 % later at 64, as table size swings them;
	// not kept.
	verdicts := newMemo(min(bytes/64, 1<<20))
	vb := len(verdicts) * int(unsafe.Sizeof(memoEntry{}))
	return &Solver{opt: opt, tt: newTable(bytes - bytes/4 - vb), memo: newMemo(bytes / 4), verdicts: verdicts}
}

// SetNodes sets the node limit of the searches to come (Options.Nodes; 0: none). A
// program that takes each search's limit from its caller (a USI engine's go nodes)
// keeps its solver, and its tables, rather than make a second one for a limit.
func (v *Solver) SetNodes(n uint64) { v.opt.Nodes = n }

// SetLineNodes sets the node bound of the tsume-line searches to come
// (Options.LineNodes; 0: DefaultLineNodes), as SetNodes does the df-pn's: a USI engine
// lets a go mate with a time limit take that time for the line.
func (v *Solver) SetLineNodes(n uint64) {
	if n == 0 {
		n = DefaultLineNodes
	}
	v.opt.LineNodes = n
}

// Clear empties the solver's tables, as each search does first. It clears only what
// the searches wrote since the last clear (nothing on a new solver, whose tables are
// not even in memory yet), but after a large search that is the whole table: a program
// that waits for the solver to be ready (a USI engine at isready) calls Clear to take
// that cost then, rather than in a search's time.
func (v *Solver) Clear() {
	v.tt.clear()
	if v.lined {
		clear(v.memo)
		clear(v.verdicts)
		v.lined = false
	}
}

// TableBytes returns the memory of the solver's transposition table, which never
// exceeds Options.HashBytes (unless that is smaller than one bucket of four entries).
func (v *Solver) TableBytes() int {
	return v.tt.Bytes() + (len(v.memo)+len(v.verdicts))*int(unsafe.Sizeof(memoEntry{}))
}

// Solve is NewSolver(opt).Solve(ctx, p).
func Solve(ctx context.Context, p *shogi.Position, opt Options) (Result, error) {
	return NewSolver(opt).Solve(ctx, p)
}

// Solve searches for a mate by the side to move of p, every move of whom must give
// check, against the other side, who holds the pieces of its hand in p (use
// [DefenderHoldsRest] for the tsume convention that the defender holds every piece
// not on the board or in the attacker's hand). The moves played before p do not count:
// p is the start of the problem. p is left unchanged.
//
// The result is Mate with its line, NoMate when the attacker has no mate, or Unknown
// when a limit or ctx stopped the search. The error is [ErrNoDefenderKing] or
// [ErrDefenderInCheck] for a position that is no problem, or says what is wrong with a
// nil p or with the options (a negative limit, a Futile or Leftover of no constant).
func (v *Solver) Solve(ctx context.Context, p *shogi.Position) (Result, error) {
	r, _, err := v.solve(ctx, p)
	return r, err
}

// solve is Solve, returning the searcher as well, at the root.
func (v *Solver) solve(ctx context.Context, p *shogi.Position) (Result, *searcher, error) {
	begin := time.Now()
	if err := v.opt.check(); err != nil {
		return Result{}, nil, err
	}
	pos, err := problem(p)
	if err != nil {
		return Result{}, nil, err
	}
	v.Clear()
	s := &searcher{pos: pos, tt: v.tt, attacker: pos.SideToMove(), ctx: ctx, maxNodes: v.opt.Nodes, groupDrops: v.opt.AnyMate, nearDrops: v.opt.AnyMate}
	if s.progress = newReporter(v.opt.Progress, v.opt.ProgressInterval, begin); s.progress != nil {
		s.progress.root = s
	}
	if v.opt.Time > 0 {
		s.deadline = begin.Add(v.opt.Time)
	}
	if ctx != nil {
		if d, ok := ctx.Deadline(); ok && (s.deadline.IsZero() || d.Before(s.deadline)) {
			s.deadline = d
		}
	}
	s.reset()
	var r Result
	if ctx != nil && ctx.Err() != nil {
		s.stop = StopCanceled
	} else {
		pn, dn, _ := s.mid(infinity, infinity, unbounded)
		switch {
		case s.stop != StopNone:
		case pn == 0:
			r.Status = Mate
		case dn == 0:
			r.Status = NoMate
		}
	}
	r.Stop = s.stop
	r.Nodes = s.nodes
	if r.Status == Mate {
		v.line(s, &r)
	}
	r.Time = time.Since(begin)
	return r, s, nil
}

// newLiner returns the tsume-line search over the table and cache of v, from s.
func (v *Solver) newLiner(s *searcher) *liner {
	v.lined = true
	l := &liner{s: s, pos: s.pos, attacker: s.attacker, memo: v.memo, verdicts: v.verdicts, futile: v.opt.Futile,
		leftover: v.opt.Leftover, max: v.opt.LineNodes, upper: -1, noneWithin: -1}
	if pr := s.progress; pr != nil {
		if pr.line != nil {
			pr.lineBase += pr.line.nodes // Verify's questions after Solve's line
		}
		pr.line = l
	}
	return l
}

// errNilPosition is the error of a search or of DefenderHoldsRest given no position,
// where they panicked.
var errNilPosition = errors.New("tsume: nil position")

// check says what is wrong with options a search cannot run with: a negative limit
// (which would otherwise be none, as 0 is: a program that passes what is left of its
// time, gone below 0, would search without end) or a convention of no constant
// (which the search would take for one of them).
func (o Options) check() error {
	switch {
	case o.Time < 0:
		return fmt.Errorf("tsume: Options.Time %v; want 0 (no limit) or more", o.Time)
	case o.HashBytes < 0:
		return fmt.Errorf("tsume: Options.HashBytes %d; want 0 (DefaultHashBytes) or more", o.HashBytes)
	case o.ProgressInterval < 0:
		return fmt.Errorf("tsume: Options.ProgressInterval %v; want 0 (DefaultProgressInterval) or more", o.ProgressInterval)
	case o.Futile > FutileMoves:
		return fmt.Errorf("tsume: Options.Futile %v; want FutileFree, FutileDrops, FutileNone or FutileMoves", o.Futile)
	case o.Leftover > IgnoreLeftover:
		return fmt.Errorf("tsume: Options.Leftover %v; want PreferNoLeftover or IgnoreLeftover", o.Leftover)
	}
	return nil
}

// problem returns a copy of p without its history, or the reason p is no problem.
func problem(p *shogi.Position) (*shogi.Position, error) {
	if p == nil {
		return nil, errNilPosition
	}
	st := p.Setup()
	st.AllowUnreachable, st.AllowExtraPieces = true, true
	q, err := shogi.NewPosition(st)
	if err != nil {
		return nil, err
	}
	def := q.SideToMove().Opponent()
	k := q.King(def)
	if k == shogi.NoSquare {
		return nil, ErrNoDefenderKing
	}
	if q.IsAttacked(k, q.SideToMove()) {
		return nil, ErrDefenderInCheck
	}
	return q, nil
}

// DefenderHoldsRest returns p with the defender's hand (the side not to move) set to
// every piece that is neither on the board nor in the attacker's hand: the convention of
// tsume problems, which list only the attacker's hand.
func DefenderHoldsRest(p *shogi.Position) (*shogi.Position, error) {
	if p == nil {
		return nil, errNilPosition
	}
	st := p.Setup()
	att := st.SideToMove
	var count [shogi.NumPieceTypes]int
	for _, pc := range st.Board {
		if pc != shogi.NoPiece {
			count[pc.Type().Unpromote()]++
		}
	}
	var hand shogi.Hand
	for _, t := range shogi.HandTypes {
		n := shogi.MaxInHand[t] - count[t] - st.Hands[att].Count(t)
		if n < 0 {
			n = 0
		}
		hand = hand.WithCount(t, n)
	}
	st.Hands[att.Opponent()] = hand
	st.AllowUnreachable = true
	return shogi.NewPosition(st)
}

// line fills the line of a proven result.
func (v *Solver) line(s *searcher, r *Result) {
	var l *liner
	if !v.opt.AnyMate {
		l = v.newLiner(s)
		moves, kind := l.tsumeLine(boardKey(s.pos))
		r.LineNodes, r.Undecided = l.nodes, l.undecided
		if kind != LineNone {
			r.Moves, r.Line = moves, kind
			r.MaxLength = len(moves)
			if l.loUndecided == 0 {
				r.MinLength = len(moves)
			}
		} else {
			r.MaxLength, r.MinLength = l.lengthBounds()
		}
	} else {
		r.MaxLength = max(0, s.tt.proofLength(boardKey(s.pos), s.pos.Hand(s.attacker), s.pos.Hand(s.attacker.Opponent())))
	}
	if r.Line == LineNone {
		// Reading the proof needs no new search unless the table lost part of it: the
		// time limit no longer applies, and a new search may cost what the first did.
		s.stop, s.deadline, s.ctx = StopNone, time.Time{}, nil
		s.maxNodes = 2*s.nodes + 100_000
		if moves, ok := proofLine(s); ok {
			r.Moves, r.Line = moves, LineProof
		} else {
			// The bounded df-pn proves the mate again within 1, 3, 7, … plies, with
			// no table help for the small bounds: a million nodes more than twice the
			// first search (a 17-ply mate of a 1 MiB table needs some 200 000).
			s.stop, s.maxNodes = StopNone, s.nodes+2*r.Nodes+1_000_000
			if moves, ok := boundedProofLine(s); ok {
				r.Moves, r.Line = moves, LineProof
			}
		}
	}
	if r.Line == LineNone {
		// The tsume-line search's entries crowded the proof out of a small table, and
		// what was left leads the line into repetitions: the proof is searched again in
		// the table cleared, as it was first (the same search, the same nodes), and read
		// at once.
		v.tt.clear()
		s.stop, s.maxNodes = StopNone, s.nodes+2*r.Nodes+100_000
		s.reset()
		if pn, _, _ := s.mid(infinity, infinity, unbounded); pn == 0 {
			if moves, ok := proofLine(s); ok {
				r.Moves, r.Line = moves, LineProof
			} else if moves, ok := boundedProofLine(s); ok {
				r.Moves, r.Line = moves, LineProof
			}
		}
	}
	if l != nil && r.Line == LineProof && r.MaxLength > 0 && len(r.Moves) > r.MaxLength {
		v.withinMaxLength(l, r)
	}
	for _, m := range r.Moves {
		s.pos.PlayUnchecked(m)
	}
	r.Left = s.pos.Hand(s.attacker)
	for range r.Moves {
		s.pos.Undo()
	}
}

// withinMaxLength replaces the proof's line of r, longer than r.MaxLength, by one
// within it read from the bounded df-pn's proofs (withinLine), with withinNodes line
// nodes more and a 16th of those the line search spent, and no time limit, as the
// proof's line is read: where the table keeps the proofs the line costs next to
// nothing, and a sixteenth more nodes is about a sixteenth more time. When that fails
// (the table lost the proofs and they cost more to prove again), the proof's line is
// kept.
func (v *Solver) withinMaxLength(l *liner, r *Result) {
	l.stopped, l.s.deadline = false, time.Time{}
	l.max = l.nodes + withinNodes + l.nodes/16
	if l.bs != nil {
		l.bs.ctx = nil
	}
	if l.sub != nil {
		l.sub.ctx = nil
	}
	if moves, ok := l.withinLine(boardKey(l.pos), r.MaxLength); ok && len(moves) <= r.MaxLength {
		r.Moves = moves
	}
	r.LineNodes, r.Undecided = l.nodes, l.undecided
}

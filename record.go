package shogi

import (
	"errors"
	"fmt"
	"time"
)

// A game record, independent of its file format: header, start position, the tree of
// moves (main line and variations) with comments, bookmarks and times, and how each
// line ended. The kif, csa and jkf packages read and write it.

// Header keys shared by every format. The header keeps KIF's Japanese keys (the keys JKF
// uses as well); the csa package maps its own keys to these and back.
const (
	HeaderBlack     = "先手"
	HeaderWhite     = "後手"
	HeaderShitate   = "下手" // the handicap receiver (Black) in handicap games
	HeaderUwate     = "上手" // the handicap giver (White) in handicap games
	HeaderStartTime = "開始日時"
	HeaderEndTime   = "終了日時"
	HeaderEvent     = "棋戦"
	HeaderSite      = "場所"
	HeaderTimeLimit = "持ち時間"
	HeaderOpening   = "戦型"
	HeaderHandicap  = "手合割"
)

// HeaderField is one key/value line of a record's header.
type HeaderField struct {
	Key, Value string
}

// Header is the ordered list of a record's header fields. Keys the library does not
// know are kept as they are.
type Header []HeaderField

// Get returns the value of the first field with key, and whether there is one.
func (h Header) Get(key string) (string, bool) {
	for _, f := range h {
		if f.Key == key {
			return f.Value, true
		}
	}
	return "", false
}

// Set replaces the value of the first field with key, or appends the field.
func (h *Header) Set(key, value string) {
	for i := range *h {
		if (*h)[i].Key == key {
			(*h)[i].Value = value
			return
		}
	}
	*h = append(*h, HeaderField{key, value})
}

// Delete removes every field with key.
func (h *Header) Delete(key string) {
	out := (*h)[:0]
	for _, f := range *h {
		if f.Key != key {
			out = append(out, f)
		}
	}
	*h = out
}

// MoveTime is the time a move took and the mover's total time after it.
type MoveTime struct {
	Spent time.Duration // time spent on this move
	Total time.Duration // the mover's total time used, this move included
}

// MaxTime is the longest time a record may give for a move or for a side's total:
// 10 000 hours. The readers reject longer times (an error with its place; a warning and
// no time in a lenient read) and the writers refuse them, so that no time overflows and
// what is written reads back.
const MaxTime = 10000 * time.Hour

// ErrTimeRange is the error of a time that is negative or longer than [MaxTime].
var ErrTimeRange = errors.New("shogi: a time is negative or longer than 10 000 hours")

// Valid reports whether both durations lie between 0 and [MaxTime].
func (t MoveTime) Valid() bool {
	return t.Spent >= 0 && t.Total >= 0 && t.Spent <= MaxTime && t.Total <= MaxTime
}

// CheckTimes returns an error wrapping [ErrTimeRange] for the first move or ending, in
// any line, whose time is not [MoveTime.Valid]; writers call it before they write.
func (r *Record) CheckTimes() error {
	var err error
	r.eachNode(func(n *Node) bool {
		switch {
		case n.HasTime && !n.Time.Valid():
			err = fmt.Errorf("%w: move %s: %v/%v", ErrTimeRange, n.Move, n.Time.Spent, n.Time.Total)
		case n.End != nil && !n.End.Time.Valid():
			err = fmt.Errorf("%w: an ending: %v/%v", ErrTimeRange, n.End.Time.Spent, n.End.Time.Total)
		}
		return err == nil
	})
	return err
}

// LongestText returns the length in bytes of the longest text of the record: a header
// key and its value together, a comment, an ending's comment or text. Writers of line
// formats use it to refuse what their readers' line limits would refuse.
func (r *Record) LongestText() int {
	longest := 0
	for _, f := range r.Header {
		longest = max(longest, len(f.Key)+len(f.Value))
	}
	r.eachNode(func(n *Node) bool {
		for _, c := range n.Comments {
			longest = max(longest, len(c))
		}
		if n.End != nil {
			longest = max(longest, len(n.End.Text))
			for _, c := range n.End.Comments {
				longest = max(longest, len(c))
			}
		}
		return true
	})
	return longest
}

// eachNode calls f on every node of the tree, the root included, until f returns false.
// It recurses only into variations, so a long line costs no stack.
func (r *Record) eachNode(f func(*Node) bool) {
	var walk func(n *Node) bool
	walk = func(n *Node) bool {
		for n != nil {
			if !f(n) {
				return false
			}
			if len(n.Children) == 0 {
				return true
			}
			for _, c := range n.Children[1:] {
				if !walk(c) {
					return false
				}
			}
			n = n.Children[0]
		}
		return true
	}
	walk(&r.Root)
}

// EndingKind is how a line of play ended in a record.
type EndingKind uint8

// Endings found in records (KIF's special moves, CSA's % codes). "The side to move" is
// the side to move after the line's last move.
const (
	EndNone            EndingKind = iota
	EndResign                     // 投了, %TORYO: the side to move resigned
	EndMate                       // 詰み, %TSUMI: the side to move is checkmated
	EndSennichite                 // 千日手, %SENNICHITE: repetition
	EndJishogi                    // 持将棋, %JISHOGI: impasse
	EndInterrupt                  // 中断, %CHUDAN
	EndTimeUp                     // 切れ負け / 時間切れ, %TIME_UP: the side to move lost on time
	EndIllegalWin                 // 反則勝ち, %+ILLEGAL_ACTION / %-ILLEGAL_ACTION: the previous move was a foul
	EndIllegalLoss                // 反則負け, %ILLEGAL_MOVE: the side to move loses by a foul
	EndEnteringKingWin            // 入玉勝ち, %KACHI: the side to move declared and won
	EndDefaultWin                 // 不戦勝: the side to move wins by default
	EndDefaultLoss                // 不戦敗: the side to move loses by default
	EndDraw                       // %HIKIWAKE: drawn by agreement
	EndNoMate                     // 不詰, %FUZUMI: a tsume problem has no mate
	EndMaxMoves                   // 最大手数, %MAX_MOVES: the move limit
	EndError                      // %ERROR: the game stopped on an error
	EndMatta                      // %MATTA: a move was taken back
	EndSealedMove                 // 封じ手: the game was adjourned with a sealed move
	// EndUnread is no ending of the game: a lenient read stopped the line at something
	// it could not read (a malformed line, an illegal move), and the record says nothing
	// of how the game went on. Its Result is always NoResult and its Text is the text
	// that was not read; writers write no special move, no result and no winner for it.
	EndUnread
)

var endingNames = [...]string{"none", "resign", "mate", "sennichite", "jishogi", "interrupt", "time up",
	"illegal win", "illegal loss", "entering king win", "default win", "default loss", "draw",
	"no mate", "max moves", "error", "matta", "sealed move", "unread"}

func (k EndingKind) String() string {
	if int(k) < len(endingNames) {
		return endingNames[k]
	}
	return "invalid"
}

// Ending is how a line of play stopped.
type Ending struct {
	Kind EndingKind
	// Result is who won, as the record says or as the kind implies; NoResult for an
	// interrupted game.
	Result Result
	// Time is the time taken before the ending (a resignation's thinking time, say);
	// HasTime says whether the record gives one, which may be zero.
	Time    MoveTime
	HasTime bool
	// Comments are the comments written after the ending.
	Comments []string
	// Text keeps the ending as written when it is not one of the standard words
	// (KIF special moves the library does not know, or an illegal move kept in a
	// lenient read).
	Text string
}

// ResultOf returns the result that an ending of kind k implies when side is to move
// after the last move; NoResult when k implies none (interrupt, error, …).
func ResultOf(k EndingKind, side Color) Result {
	switch k {
	case EndResign, EndMate, EndTimeUp, EndIllegalLoss, EndDefaultLoss:
		return WinFor(side.Opponent())
	case EndIllegalWin, EndEnteringKingWin, EndDefaultWin:
		return WinFor(side)
	case EndSennichite, EndJishogi, EndDraw, EndMaxMoves:
		return Draw
	}
	return NoResult
}

// EndingResult returns the result an ending of kind k implies where a line ends in
// p: [ResultOf](k, p.SideToMove()), except that a 千日手 reached by perpetual check
// (連続王手の千日手 by the rules at p, the fourth occurrence of the position with one
// side giving every check since the first) is lost by the side that gave the checks,
// whichever side made the last move. The readers use it for every format's 千日手
// (KIF's 千日手, CSA's %SENNICHITE, JKF's SENNICHITE), a claim that names no result:
// the rules decide it.
func (p *Position) EndingResult(k EndingKind) Result {
	if k == EndSennichite {
		if o := p.repetitionOutcome(); o.Reason == PerpetualCheck {
			return o.Result
		}
	}
	return ResultOf(k, p.side)
}

// Node is a position in a record's move tree, reached by Move from its parent. The root
// node has no move and holds the comments on the start position.
//
// How lines end: End, when not nil, ends the line through this node — the game stopped
// after this node's move. Children of such a node are variations that go on instead of
// stopping (a 変化 at the ply of the 投了, a JKF fork on a special entry). The other
// way round, an ending given as an alternative to a move (a variation that only says
// 投了) is a child whose Move is NoMove and whose End holds that ending; such a child
// is never Children[0], and has no children of its own.
type Node struct {
	Move     Move
	Time     MoveTime
	HasTime  bool
	Comments []string
	Bookmark string
	// Children are the moves played next: Children[0] continues the line (unless End
	// ends it here), the others are variations.
	Children []*Node
	// End, when not nil, says how the line stopped after this node.
	End *Ending
}

// IsEnding reports whether n is an ending given as an alternative to its siblings' moves
// (a child with no move; see [Node]).
func (n *Node) IsEnding() bool { return n.Move == NoMove && n.End != nil }

// next returns the node that continues the line through n, or nil where the line ends.
func (n *Node) next() *Node {
	if n.End != nil || len(n.Children) == 0 || n.Children[0].Move == NoMove {
		return nil
	}
	return n.Children[0]
}

// AddChild appends a child reached by m and returns it.
func (n *Node) AddChild(m Move) *Node {
	c := &Node{Move: m}
	n.Children = append(n.Children, c)
	return c
}

// Record is a game record.
type Record struct {
	Header Header
	// StartSFEN is the start position; it is never empty in records the readers return.
	StartSFEN string
	// Root holds the comments on the start position and the first moves.
	Root Node
}

// NewRecord returns an empty record starting from the even-game position.
func NewRecord() *Record { return &Record{StartSFEN: StartSFEN} }

// MainLine returns the nodes of the main line, the root excluded: from the root through
// each Children[0], up to the node whose End ends the line.
func (r *Record) MainLine() []*Node {
	count := 0
	for n := r.Root.next(); n != nil; n = n.next() {
		count++
	}
	if count == 0 {
		return nil
	}
	line := make([]*Node, 0, count) // one allocation: the line is counted first
	for n := r.Root.next(); n != nil; n = n.next() {
		line = append(line, n)
	}
	return line
}

// Moves returns the moves of the main line.
func (r *Record) Moves() []Move {
	line := r.MainLine()
	ms := make([]Move, len(line))
	for i, n := range line {
		ms[i] = n.Move
	}
	return ms
}

// Ending returns how the main line ended, or nil when the record does not say.
func (r *Record) Ending() *Ending {
	n := &r.Root
	for next := n.next(); next != nil; next = n.next() {
		n = next
	}
	return n.End
}

// StartPosition returns the record's start position. It may be a position that could
// not arise in a game (see [Setup.AllowUnreachable]); the moves from it obey the rules.
func (r *Record) StartPosition() (*Position, error) {
	sfen := r.StartSFEN
	if sfen == "" {
		sfen = StartSFEN
	}
	return ParseSFENUnreachable(sfen)
}

// Package readback holds what the read-back properties of the record package and of
// the command line share: random record trees with everything a record may hold, and
// the comparison of a record with what a format's reader gives back, which leaves out
// only what record.Losses reports as lost. A difference that no reported loss
// explains fails the comparison.
package readback

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"pgregory.net/rapid"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/handicap"
	"github.com/kifu-go/shogi/internal/headerform"
	"github.com/kifu-go/shogi/record"
)

// Tree draws a random record tree: variations at any node, ending-only alternatives,
// endings where lines stop (with variations going on past some of them), comments and
// whole-second times whose totals add up.
func Tree(t *rapid.T) *shogi.Record {
	h := rapid.SampledFrom(handicap.All).Draw(t, "start")
	p := h.Position()
	rec := &shogi.Record{StartSFEN: p.String()}
	budget := rapid.IntRange(0, 80).Draw(t, "nodes")
	var grow func(n *shogi.Node, depth int, totals [2]time.Duration)
	grow = func(n *shogi.Node, depth int, totals [2]time.Duration) {
		moves := p.LegalMoves()
		if budget <= 0 || len(moves) == 0 {
			if len(moves) == 0 {
				n.End = &shogi.Ending{Kind: shogi.EndMate, Result: shogi.ResultOf(shogi.EndMate, p.SideToMove())}
			} else if rapid.Bool().Draw(t, "resign") {
				n.End = &shogi.Ending{Kind: shogi.EndResign, Result: shogi.ResultOf(shogi.EndResign, p.SideToMove())}
			}
			return
		}
		branches := 1
		if rapid.IntRange(0, 4).Draw(t, "branch") == 0 {
			branches = rapid.IntRange(2, 3).Draw(t, "branches")
		}
		seen := map[shogi.Move]bool{}
		for b := 0; b < branches && budget > 0; b++ {
			m := moves[rapid.IntRange(0, len(moves)-1).Draw(t, "move")]
			if seen[m] {
				continue
			}
			seen[m] = true
			budget--
			child := n.AddChild(m)
			side := p.SideToMove()
			spent := time.Duration(rapid.IntRange(0, 7200).Draw(t, "seconds")) * time.Second
			if rapid.IntRange(0, 9).Draw(t, "long think") == 0 {
				// Up to the longest time a record may hold, in total.
				left := int64((shogi.MaxTime - totals[p.SideToMove()]) / time.Second)
				spent = time.Duration(rapid.Int64Range(max(left-2, 0), left).Draw(t, "long seconds")) * time.Second
			}
			spent = min(spent, shogi.MaxTime-totals[p.SideToMove()])
			next := totals
			next[side] += spent
			child.Time, child.HasTime = shogi.MoveTime{Spent: spent, Total: next[side]}, true
			if rapid.IntRange(0, 5).Draw(t, "comment") == 0 {
				child.Comments = []string{fmt.Sprintf("comment %d: 7六歩 is good", budget)}
				if rapid.Bool().Draw(t, "tricky comment") {
					// Text that looks like something else in some format.
					child.Comments = append(child.Comments, rapid.SampledFrom([]string{
						"変化：3手", "まで3手で先手の勝ち", "*a star", "'a quote", "#a hash", "  leading spaces",
						"   1 ７六歩(77)", "%TORYO", "&", "手数----指手---------消費時間--", "}{\"",
					}).Draw(t, "text"))
				}
			}
			p.PlayUnchecked(m)
			grow(child, depth+1, next)
			p.Undo()
		}
		if len(n.Children) > 0 && n != &rec.Root && rapid.IntRange(0, 8).Draw(t, "ending with variations") == 0 {
			// The line stops here (投了) and the children are variations played instead.
			n.End = &shogi.Ending{Kind: shogi.EndResign, Result: shogi.ResultOf(shogi.EndResign, p.SideToMove())}
		} else if len(n.Children) > 0 && rapid.IntRange(0, 6).Draw(t, "alternative ending") == 0 {
			n.Children = append(n.Children, &shogi.Node{End: &shogi.Ending{Kind: shogi.EndResign, Result: shogi.ResultOf(shogi.EndResign, p.SideToMove())}})
		}
	}
	grow(&rec.Root, 0, [2]time.Duration{})
	return rec
}

// headerPool lists header fields as real records give them, in KIF's and CSA's forms,
// mappable or not.
var headerPool = []shogi.HeaderField{
	{Key: shogi.HeaderEvent, Value: "第55期王位戦"},
	{Key: shogi.HeaderSite, Value: "東京・将棋会館"},
	{Key: shogi.HeaderOpening, Value: "矢倉"},
	{Key: shogi.HeaderStartTime, Value: "2014/09/13 14：59"},
	{Key: shogi.HeaderStartTime, Value: "1999/07/15(木) 19:07:12"},
	{Key: shogi.HeaderStartTime, Value: "2002/01/01 19:00:00"},
	{Key: shogi.HeaderStartTime, Value: "平成26年9月13日"},
	{Key: shogi.HeaderEndTime, Value: "2014/09/13 16：16"},
	{Key: shogi.HeaderTimeLimit, Value: "各10分"},
	{Key: shogi.HeaderTimeLimit, Value: "各１時間"},
	{Key: shogi.HeaderTimeLimit, Value: "00:25+30"},
	{Key: shogi.HeaderTimeLimit, Value: "60分 切れたら1分将棋"},
	{Key: "秒読み", Value: "30秒"},
	{Key: "消費時間", Value: "▲1時間2分△59分"},
	{Key: "表題", Value: "王位戦"},
	{Key: "$NOTE", Value: "a note"},
}

// Rich draws a Tree and adds what some formats cannot hold: header fields, bookmarks,
// endings without a CSA word (封じ手), lines that a lenient read stopped (with
// variations going on where they stop), fractions of a second, totals that are not the
// sum of the times, and a start position after move 1.
func Rich(t *rapid.T) *shogi.Record {
	rec := Tree(t)
	seen := map[string]bool{}
	for range rapid.IntRange(0, 5).Draw(t, "header fields") {
		f := rapid.SampledFrom(headerPool).Draw(t, "field")
		if !seen[f.Key] {
			seen[f.Key] = true
			rec.Header = append(rec.Header, f)
		}
	}
	if rapid.Bool().Draw(t, "players") {
		rec.Header = append(rec.Header, shogi.HeaderField{Key: shogi.HeaderBlack, Value: "羽生善治"}, shogi.HeaderField{Key: shogi.HeaderWhite, Value: "藤井聡太"})
	}
	var nodes []*shogi.Node
	var collect func(n *shogi.Node)
	collect = func(n *shogi.Node) {
		nodes = append(nodes, n)
		for _, c := range n.Children {
			collect(c)
		}
	}
	collect(&rec.Root)
	rich := rapid.IntRange(0, 3).Draw(t, "richness")
	// Fractions of a second are added only where they cannot take a side's times
	// past shogi.MaxTime in sum (which CSA's writer refuses: its reader adds them up).
	longest := time.Duration(0)
	for _, n := range nodes {
		longest = max(longest, n.Time.Total)
	}
	fractions := longest < shogi.MaxTime-time.Hour
	for _, n := range nodes {
		if n.IsEnding() || rich == 0 {
			continue
		}
		switch rapid.IntRange(0, 30).Draw(t, "decoration") {
		case 0:
			n.Bookmark = "bookmark"
		case 1:
			if n.HasTime && fractions {
				n.Time.Spent += 250 * time.Millisecond
				n.Time.Total += 250 * time.Millisecond
			}
		case 2:
			if n.HasTime && n.Time.Total > time.Second {
				n.Time.Total -= time.Second // a total that is not the sum of the times
			}
		case 3:
			if n.End == nil && len(n.Children) > 0 {
				// A lenient read stopped here, and variations go on.
				n.End = &shogi.Ending{Kind: shogi.EndUnread, Text: "  12 ７七歩打?"}
				if rapid.IntRange(0, 3).Draw(t, "empty ending") == 0 {
					n.End = &shogi.Ending{} // no kind, no text: the line stops
				}
			}
		case 4:
			if len(n.Children) > 0 {
				n.Children = append(n.Children, &shogi.Node{End: &shogi.Ending{Kind: shogi.EndUnread, Text: "??"}})
			}
		}
	}
	if rich > 1 {
		line := rec.MainLine()
		last := &rec.Root
		if len(line) > 0 {
			last = line[len(line)-1]
		}
		if last.End == nil || last.End.Kind != shogi.EndUnread {
			kind := rapid.SampledFrom([]shogi.EndingKind{shogi.EndSealedMove, shogi.EndInterrupt, shogi.EndDefaultWin}).Draw(t, "main ending")
			p, err := rec.Replay()
			if err != nil {
				t.Fatal(err)
			}
			end := &shogi.Ending{Kind: kind, Result: shogi.ResultOf(kind, p.SideToMove())}
			if rapid.Bool().Draw(t, "ending comment") {
				end.Comments = []string{"the game stopped"}
			}
			last.End = end
		}
	}
	if rich > 2 && rapid.Bool().Draw(t, "later start") {
		f := strings.Fields(rec.StartSFEN)
		f[3] = fmt.Sprint(rapid.IntRange(2, 200).Draw(t, "start move"))
		rec.StartSFEN = strings.Join(f, " ")
	}
	return rec
}

// Comparison compares a record with what a format's reader gives back of it, leaving
// out what the losses that record.Losses reported for the format name, and nothing
// else.
type Comparison struct {
	format record.Format
	lost   map[record.LossKind]record.Loss
	// lostKeys and lostEndings are the header keys and ending words the losses name.
	lostKeys, lostEndings map[string]bool
}

// NewComparison returns the comparison for records written in format f, which reported
// losses.
func NewComparison(f record.Format, losses []record.Loss) *Comparison {
	c := &Comparison{format: f, lost: map[record.LossKind]record.Loss{}, lostKeys: map[string]bool{}, lostEndings: map[string]bool{}}
	for _, l := range losses {
		c.lost[l.Kind] = l
	}
	for _, k := range strings.Split(c.lost[record.LostHeader].Detail, ", ") {
		c.lostKeys[k] = true
	}
	for _, k := range strings.Split(c.lost[record.LostEnding].Detail, ", ") {
		c.lostEndings[k] = true
	}
	return c
}

func (c *Comparison) has(k record.LossKind) bool {
	_, ok := c.lost[k]
	return ok
}

// Text returns the record as the comparison sees it: the start position, the header
// in its meaning (players by side, a time limit as its durations, dates as CSA writes
// them), and every node of the tree with its move, times, comments, bookmark and
// ending, leaving out what the losses name. orig is the record that was written: the
// places of the endings it lost are taken from it.
func (c *Comparison) Text(rec, orig *shogi.Record) string {
	var b strings.Builder
	start := rec.StartSFEN
	if c.has(record.LostMoves) {
		if p, err := rec.Replay(); err == nil {
			start = p.String()
		}
	}
	if f := strings.Fields(start); len(f) == 4 && c.has(record.LostMoveNumber) {
		start = strings.Join(f[:3], " ")
	}
	fmt.Fprintf(&b, "start %s\n", start)
	for _, l := range c.header(rec.Header) {
		fmt.Fprintf(&b, "header %s\n", l)
	}
	if c.has(record.LostMoves) {
		return b.String()
	}
	lostAt := map[string]bool{} // the paths of the nodes whose ending was lost
	var mark func(n *shogi.Node, path string)
	mark = func(n *shogi.Node, path string) {
		if n.End != nil && c.endingLost(n.End) {
			lostAt[path] = true
		}
		for i, ch := range n.Children {
			mark(ch, fmt.Sprintf("%s.%d", path, i))
		}
	}
	mark(&orig.Root, "")
	mainOnly := c.format == record.CSA || c.format == record.USI || c.format == record.SFEN
	var walk func(n *shogi.Node, path string, main bool)
	walk = func(n *shogi.Node, path string, main bool) {
		fmt.Fprintf(&b, "%s %v", path, n.Move)
		if n.HasTime && !c.has(record.LostTimes) {
			b.WriteString(c.times(n.Time))
		}
		if !lostAt[path] {
			c.comments(&b, n.Comments)
		}
		if n.Bookmark != "" && !c.has(record.LostBookmarks) {
			fmt.Fprintf(&b, " &%s", n.Bookmark)
		}
		stops := false
		if e := n.End; e != nil {
			switch {
			case e.Kind == shogi.EndUnread && c.has(record.LostUnread),
				e.Kind == shogi.EndNone && e.Text == "": // says nothing but that the line stops
				stops = true
			case lostAt[path]:
				stops = true
			default:
				fmt.Fprintf(&b, " end %s %s", e.Kind.Code(), e.Result.Code())
				if e.HasTime && !c.has(record.LostTimes) {
					b.WriteString(c.times(e.Time))
				}
				c.comments(&b, e.Comments)
			}
		}
		b.WriteString("\n")
		for i, ch := range n.Children {
			switch {
			case ch.IsEnding() && ch.End.Kind == shogi.EndUnread && c.has(record.LostUnread):
				continue
			case c.has(record.LostVariations) && (stops || mainOnly && (i > 0 || !main || n.End != nil || ch.IsEnding())):
				continue
			}
			walk(ch, fmt.Sprintf("%s.%d", path, i), main && i == 0)
		}
	}
	walk(&rec.Root, "", true)
	return b.String()
}

// endingLost reports whether the losses name e's word.
func (c *Comparison) endingLost(e *shogi.Ending) bool {
	if !c.has(record.LostEnding) || e.Kind == shogi.EndUnread {
		return false
	}
	word := e.Text
	if word == "" {
		word = e.Kind.Code()
	}
	return c.lostEndings[word]
}

func (c *Comparison) comments(b *strings.Builder, comments []string) {
	if c.has(record.LostComments) {
		return
	}
	for _, s := range comments {
		fmt.Fprintf(b, " *%s", s)
	}
}

func (c *Comparison) times(t shogi.MoveTime) string {
	if c.has(record.LostTimeFractions) {
		unit := time.Second
		if c.format == record.CSA {
			unit = time.Millisecond // V3.0; V2.2 writes whole seconds, which truncate further
		}
		t.Spent, t.Total = t.Spent.Truncate(unit), t.Total.Truncate(unit)
		if c.format == record.CSA {
			t.Spent, t.Total = t.Spent.Truncate(time.Second), t.Total.Truncate(time.Second)
		}
	}
	if c.has(record.LostTimeTotals) {
		return fmt.Sprintf(" %v", t.Spent)
	}
	return fmt.Sprintf(" %v/%v", t.Spent, t.Total)
}

// header returns the header's fields in their meaning, sorted, without the keys the
// losses name.
func (c *Comparison) header(h shogi.Header) []string {
	var out []string
	byoyomi, _ := h.Get("秒読み")
	byo, byoOK := headerform.ParseByoyomi(byoyomi)
	limit, hasLimit := h.Get(shogi.HeaderTimeLimit)
	tl, limitOK := headerform.ParseTimeLimit(limit)
	// 持ち時間 takes the byoyomi of 秒読み when it gives none of its own (or the same).
	absorbed := hasLimit && limitOK && byoOK && (tl.Byoyomi == 0 || tl.Byoyomi == byo) && !c.lostKeys[shogi.HeaderTimeLimit]
	_, hasStart := h.Get(shogi.HeaderStartTime)
	for _, f := range h {
		if c.lostKeys[f.Key] {
			continue
		}
		if f.Key == "対局日" && !hasStart {
			f.Key = shogi.HeaderStartTime // KIF allows it for 開始日時; CSA writes it so
		}
		switch f.Key {
		case shogi.HeaderHandicap:
			continue // the start position says it
		case shogi.HeaderBlack, shogi.HeaderShitate, "N+":
			out = append(out, "black="+f.Value)
		case shogi.HeaderWhite, shogi.HeaderUwate, "N-":
			out = append(out, "white="+f.Value)
		case shogi.HeaderStartTime, shogi.HeaderEndTime:
			v, ok := headerform.CSADateTime(f.Value)
			if !ok {
				v = f.Value
			}
			out = append(out, f.Key+"="+v)
		case shogi.HeaderTimeLimit:
			if !limitOK {
				out = append(out, f.Key+"="+f.Value)
				continue
			}
			t := tl
			if absorbed {
				t.Byoyomi = byo
			}
			out = append(out, fmt.Sprintf("time limit %v+%v", t.Main, t.Byoyomi))
		case "秒読み":
			switch {
			case absorbed:
			case !hasLimit && byoOK:
				out = append(out, fmt.Sprintf("time limit %v+%v", time.Duration(0), byo))
			default:
				out = append(out, f.Key+"="+f.Value)
			}
		default:
			out = append(out, f.Key+"="+f.Value)
		}
	}
	slices.Sort(out)
	return out
}

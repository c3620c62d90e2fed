package usi

import (
	"math"
	"strconv"
	"strings"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/notation"
)

// Evaluation is an engine's evaluation of a position as game records carry it in
// comments: the score from Black's point of view, the engine's line from the position,
// and, on the comment of a move, the engine's best move in the position before it and
// what the move lost against it.
//
// Two comment styles are written and read:
//
//   - ShogiHome's analysis comments in KIF (its research engine's "#" lines, or "*" for
//     a player's engine), one comment line each, the PV in KI2 notation:
//
//     互角
//     #評価値=158
//     #読み筋=▲７六歩△３四歩
//     #深さ=8
//     #ノード数=123456
//     #エンジン=Engine01
//
//     with "#詰み=先手勝ち:5手" for a mate, a first line "【悪手】" when the move lost
//     enough, and, written by this package, "#最善手=▲２六歩" and "#損失=230".
//
//   - floodgate's CSA comments "'** 30 -3334FU +2625FU" (the comment "* 30 -3334FU
//     +2625FU" once read), with a node count "#1234" at the end as CSA V3.0 allows; the
//     other facts follow as "#key=value" comments, the moves in CSA notation.
type Evaluation struct {
	// Score is from Black's point of view; Kind NoScore when the comment gives none.
	Score Score
	// PV is the engine's line from the position the comment is on (for a move's
	// comment, the position after the move), as far as its moves are legal.
	PV     []shogi.Move
	Depth  int
	Nodes  int64
	Engine string
	// BestMove is the engine's best move in the position before the move the comment
	// is on, when that is not the move played; Loss is what the move played lost against
	// it, in centipawns from the mover's point of view (0 for the best move); Label is
	// ShogiHome's word for the loss of winning chances ("緩手", "疑問手", "悪手",
	// "大悪手"; see [LossLabel]), "" when the loss is small.
	BestMove shogi.Move
	Loss     int
	HasLoss  bool
	Label    string
	// Alternatives are the engine's other lines (MultiPV), best first, from the same
	// position as PV, their scores from Black's point of view. They are written as
	// "#評価値2=…" and "#読み筋2=…" (3, 4, … for the next), which ShogiHome passes over.
	Alternatives []Line
}

// Line is one of an engine's lines: its score, from Black's point of view, and its
// moves.
type Line struct {
	Score Score
	PV    []shogi.Move
}

// situation returns ShogiHome's words for a score from Black's point of view.
func situation(cp int) string {
	switch {
	case cp >= 1500:
		return "先手勝勢"
	case cp >= 600:
		return "先手優勢"
	case cp >= 400:
		return "先手有利"
	case cp >= 200:
		return "先手有望"
	case cp >= -200:
		return "互角"
	case cp >= -400:
		return "後手有望"
	case cp >= -600:
		return "後手有利"
	case cp >= -1500:
		return "後手優勢"
	}
	return "後手勝勢"
}

// WinningChance returns the chance of winning, in percent, that a score in centipawns
// gives by the logistic curve ShogiHome uses (600 centipawns per unit).
func WinningChance(cp int) float64 {
	return 100 / (1 + math.Exp(-float64(cp)/600))
}

// LossLabel returns the word for a move whose score fell from before to after (both in
// centipawns from the mover's point of view), by the winning chance it lost: 50 points
// or more 大悪手 (blunder), 20 悪手 (mistake), 10 疑問手 (dubious), 5 緩手 (inaccuracy);
// "" below that.
func LossLabel(before, after int) string {
	loss := WinningChance(before) - WinningChance(after)
	switch {
	case loss >= 50:
		return "大悪手"
	case loss >= 20:
		return "悪手"
	case loss >= 10:
		return "疑問手"
	case loss >= 5:
		return "緩手"
	}
	return ""
}

// kifMove is how ShogiHome writes a move of a PV: KI2 with turn marks, 同 with an
// ideographic space.
var kifMove = notation.Japanese{Marks: notation.MarksTriangle, SameSpace: notation.SameSpaceAlways}

// appendKIFMoves appends moves played from p in ShogiHome's PV style, as far as they
// are legal; p is left as it was. As ShogiHome, it writes the first move without 同,
// which its reader could not resolve.
func appendKIFMoves(b []byte, p *shogi.Position, moves []shogi.Move) []byte {
	q, err := shogi.ParseSFENUnreachable(p.String()) // no history: no last move
	if err != nil {
		return b
	}
	for _, m := range moves {
		if q.CheckMove(m) != nil {
			break
		}
		b = kifMove.Append(b, q, m)
		q.PlayUnchecked(m)
	}
	return b
}

// appendCSAMoves appends moves played from p in CSA notation, separated by spaces.
func appendCSAMoves(b []byte, p *shogi.Position, moves []shogi.Move) []byte {
	q := p.Clone()
	for i, m := range moves {
		if q.CheckMove(m) != nil {
			break
		}
		if i > 0 {
			b = append(b, ' ')
		}
		b = notation.CSA.Append(b, q, m)
		q.PlayUnchecked(m)
	}
	return b
}

// mateLine returns "詰み=先手勝ち:5手" for a mate score from Black's point of view.
func mateLine(s Score) string {
	b := []byte("詰み=")
	if s.Value > 0 {
		b = append(b, "先手勝ち"...)
	} else {
		b = append(b, "後手勝ち"...)
	}
	if n := abs(s.Value); n < MateUnknown {
		b = append(b, ':')
		b = strconv.AppendInt(b, int64(n), 10)
		b = append(b, "手"...)
	}
	return string(b)
}

// KIFComments returns the evaluation as ShogiHome's analysis comment lines, for the
// node whose position is p (the position after its move; before is the one before
// that move, used for BestMove, and may be nil when BestMove is NoMove). prefix is
// "#" for an analysis (ShogiHome's research engine) or "*" for a player's engine.
func (ev Evaluation) KIFComments(p, before *shogi.Position, prefix string) []string {
	var lines []string
	if ev.Label != "" {
		lines = append(lines, "【"+ev.Label+"】")
	}
	switch ev.Score.Kind {
	case Mate:
		lines = append(lines, prefix+mateLine(ev.Score))
	case Centipawns:
		lines = append(lines, situation(ev.Score.Value), prefix+"評価値="+strconv.Itoa(ev.Score.Value))
	}
	if len(ev.PV) > 0 && p != nil {
		if b := appendKIFMoves([]byte(prefix+"読み筋="), p, ev.PV); len(b) > len(prefix)+len("読み筋=") {
			lines = append(lines, string(b))
		}
	}
	if ev.Depth > 0 {
		lines = append(lines, prefix+"深さ="+strconv.Itoa(ev.Depth))
	}
	if ev.Nodes > 0 {
		lines = append(lines, prefix+"ノード数="+strconv.FormatInt(ev.Nodes, 10))
	}
	if ev.Engine != "" && len(lines) > 0 {
		lines = append(lines, prefix+"エンジン="+oneLine(ev.Engine))
	}
	if ev.BestMove != shogi.NoMove && before != nil && before.CheckMove(ev.BestMove) == nil {
		lines = append(lines, prefix+"最善手="+kifMove.Encode(before, ev.BestMove))
	}
	if ev.HasLoss {
		lines = append(lines, prefix+"損失="+strconv.Itoa(ev.Loss))
	}
	for i, alt := range ev.Alternatives {
		rank := strconv.Itoa(i + 2)
		lines = append(lines, prefix+"評価値"+rank+"="+altScore(alt.Score))
		if p != nil && len(alt.PV) > 0 {
			lines = append(lines, string(appendKIFMoves([]byte(prefix+"読み筋"+rank+"="), p, alt.PV)))
		}
	}
	return lines
}

// altScore writes an alternative's score: centipawns, or "詰み=先手勝ち:5手" for a mate.
func altScore(s Score) string {
	if s.Kind == Mate {
		return mateLine(s)
	}
	return strconv.Itoa(s.Value)
}

// CSAComments returns the evaluation as CSA comments (without their "'*"): the label
// "【悪手】" when there is one, floodgate's "* score pv… #nodes" (a mate scores ±30000
// there), then "#詰み=…", "#深さ=…", "#エンジン=…", "#最善手=…" (in CSA notation) and
// "#損失=…" for what floodgate's line cannot say. p and before are as for [Evaluation.KIFComments].
func (ev Evaluation) CSAComments(p, before *shogi.Position) []string {
	var lines []string
	if ev.Label != "" {
		lines = append(lines, "【"+ev.Label+"】")
	}
	if ev.Score.Kind != NoScore {
		lines = append(lines, ev.FloodgateComment(p))
		if ev.Score.Kind == Mate {
			lines = append(lines, "#"+mateLine(ev.Score))
		}
	}
	if ev.Depth > 0 {
		lines = append(lines, "#深さ="+strconv.Itoa(ev.Depth))
	}
	if ev.Engine != "" && len(lines) > 0 {
		lines = append(lines, "#エンジン="+oneLine(ev.Engine))
	}
	if ev.BestMove != shogi.NoMove && before != nil && before.CheckMove(ev.BestMove) == nil {
		lines = append(lines, "#最善手="+notation.CSA.Encode(before, ev.BestMove))
	}
	if ev.HasLoss {
		lines = append(lines, "#損失="+strconv.Itoa(ev.Loss))
	}
	for i, alt := range ev.Alternatives {
		rank := strconv.Itoa(i + 2)
		lines = append(lines, "#評価値"+rank+"="+altScore(alt.Score))
		if p != nil && len(alt.PV) > 0 {
			lines = append(lines, string(appendCSAMoves([]byte("#読み筋"+rank+"="), p, alt.PV)))
		}
	}
	return lines
}

// FloodgateComment returns floodgate's evaluation comment (without its "'*"):
// "* 30 -3334FU +2625FU", the score from Black's point of view (±30000 for a mate),
// the PV in CSA notation from p as far as it is legal, and " #nodes" when Nodes is
// known. It is the comment a player's evaluation takes in a game record, in CSA and
// KIF alike (ShogiHome reads it in both).
func (ev Evaluation) FloodgateComment(p *shogi.Position) string {
	b := []byte("* ")
	cp := ev.Score.Value
	if ev.Score.Kind == Mate {
		cp = MateCentipawns
		if ev.Score.Value < 0 {
			cp = -MateCentipawns
		}
	}
	b = strconv.AppendInt(b, int64(cp), 10)
	if len(ev.PV) > 0 && p != nil {
		b = appendCSAMoves(append(b, ' '), p, ev.PV)
		b = []byte(strings.TrimRight(string(b), " "))
	}
	if ev.Nodes > 0 {
		b = strconv.AppendInt(append(b, " #"...), ev.Nodes, 10)
	}
	return string(b)
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// ParseEvaluationComment reads the evaluation that a comment gives, in either style
// (see [Evaluation]), and reports whether it gives one. comment may hold several lines
// (a node's comments joined with "\n"); lines that are no evaluation are passed over,
// and when a fact is given twice the last line wins. The score is the mate line's, else
// the 評価値 line's, else floodgate's (whose ±30000 for a mate says less). p is the position the comment is on (the position after the
// node's move), against which the PV is read as far as its moves are legal; with a nil
// p the PV is left out. before, the position before the move, is needed for BestMove
// (it may be nil).
func ParseEvaluationComment(p, before *shogi.Position, comment string) (Evaluation, bool) {
	var ev Evaluation
	var mate, value, floodgate Score
	found := false
	for line := range strings.SplitSeq(comment, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if label, ok := strings.CutPrefix(line, "【"); ok {
			if label, ok := strings.CutSuffix(label, "】"); ok && isLabel(label) {
				ev.Label, found = label, true
			}
			continue
		}
		if rest, ok := strings.CutPrefix(line, "*"); ok && floodgateLine(rest) {
			floodgate, found = parseFloodgate(p, rest, &ev), true
			continue
		}
		if line[0] != '#' && line[0] != '*' {
			continue
		}
		key, text, ok := strings.Cut(line[1:], "=")
		if !ok {
			continue
		}
		text = strings.TrimSpace(text)
		if base, rank, ok := rankedKey(key); ok {
			for len(ev.Alternatives) < rank-1 {
				ev.Alternatives = append(ev.Alternatives, Line{})
			}
			alt := &ev.Alternatives[rank-2]
			switch base {
			case "評価値":
				if n, err := strconv.Atoi(strings.TrimPrefix(text, "+")); err == nil {
					alt.Score, found = Score{Kind: Centipawns, Value: n}, true
				} else if m, ok := strings.CutPrefix(text, "詰み="); ok {
					if s, ok := parseMateLine(m); ok {
						alt.Score, found = s, true
					}
				}
			case "読み筋":
				if p != nil {
					alt.PV, found = parseAnyMoves(p, text), true
				}
			}
			continue
		}
		switch key {
		case "評価値":
			if n, err := strconv.Atoi(strings.TrimPrefix(text, "+")); err == nil {
				value, found = Score{Kind: Centipawns, Value: n}, true
			}
		case "詰み":
			if s, ok := parseMateLine(text); ok {
				mate, found = s, true
			}
		case "読み筋":
			if p != nil {
				ev.PV, found = parseKIFMoves(p, text), true
			}
		case "深さ":
			if n, err := strconv.Atoi(text); err == nil && n >= 0 {
				ev.Depth, found = n, true
			}
		case "ノード数":
			if n, err := strconv.ParseInt(text, 10, 64); err == nil && n >= 0 {
				ev.Nodes, found = n, true
			}
		case "エンジン":
			ev.Engine, found = text, true
		case "最善手":
			if before != nil {
				if m, ok := parseOneMove(before, text); ok {
					ev.BestMove, found = m, true
				}
			}
		case "損失":
			if n, err := strconv.Atoi(text); err == nil {
				ev.Loss, ev.HasLoss, found = n, true, true
			}
		}
	}
	switch {
	case mate.Kind != NoScore:
		ev.Score = mate
	case value.Kind != NoScore:
		ev.Score = value
	default:
		ev.Score = floodgate
	}
	return ev, found
}

func isLabel(s string) bool {
	switch s {
	case "緩手", "疑問手", "悪手", "大悪手":
		return true
	}
	return false
}

// floodgateLine reports whether s (a comment after its "*") is floodgate's evaluation:
// a number after optional spaces, then spaces or the end.
func floodgateLine(s string) bool {
	s = strings.TrimLeft(s, " ")
	word, _, _ := strings.Cut(s, " ")
	_, err := strconv.Atoi(strings.TrimPrefix(word, "+"))
	return err == nil
}

// parseFloodgate reads "score move… #nodes" (which floodgateLine accepted) into ev's PV
// and nodes, and returns the score.
func parseFloodgate(p *shogi.Position, s string, ev *Evaluation) Score {
	fields := strings.Fields(s)
	n, _ := strconv.Atoi(strings.TrimPrefix(fields[0], "+"))
	ev.PV = nil
	var q *shogi.Position
	if p != nil {
		q = p.Clone()
	}
	for i, f := range fields[1:] {
		if nodes, ok := strings.CutPrefix(f, "#"); ok && i == len(fields)-2 {
			if n, err := strconv.ParseInt(nodes, 10, 64); err == nil && n >= 0 {
				ev.Nodes = n
			}
			break
		}
		if q == nil {
			continue
		}
		m, err := notation.CSA.Decode(q, f)
		if err != nil {
			q = nil // the PV stops at its first move that is not legal
			continue
		}
		ev.PV = append(ev.PV, m)
		q.PlayUnchecked(m)
	}
	return Score{Kind: Centipawns, Value: n}
}

// parseMateLine reads "先手勝ち:5手", "後手勝ち" into a mate score from Black's view.
func parseMateLine(s string) (Score, bool) {
	side, dist, hasDist := strings.Cut(s, ":")
	sign := 1
	switch side {
	case "先手勝ち":
	case "後手勝ち":
		sign = -1
	default:
		return Score{}, false
	}
	if !hasDist {
		return Score{Kind: Mate, Value: sign * MateUnknown}, true
	}
	n, err := strconv.Atoi(strings.TrimSuffix(dist, "手"))
	if err != nil || n < 0 || n >= MateUnknown {
		return Score{}, false
	}
	return Score{Kind: Mate, Value: sign * n}, true
}

// parseKIFMoves reads ShogiHome's PV ("▲７六歩△３四歩…", with or without spaces) from
// p, as far as its moves are legal.
func parseKIFMoves(p *shogi.Position, s string) []shogi.Move {
	q := p.Clone()
	var moves []shogi.Move
	for _, text := range splitMarked(s) {
		m, err := notation.KI2.Decode(q, text)
		if err != nil {
			break
		}
		moves = append(moves, m)
		q.PlayUnchecked(m)
	}
	return moves
}

// splitMarked splits a run of Japanese moves before each turn mark.
func splitMarked(s string) []string {
	var parts []string
	start := 0
	for i, r := range s {
		if (r == '▲' || r == '△' || r == '☗' || r == '☖') && i > start {
			if part := strings.TrimSpace(s[start:i]); part != "" {
				parts = append(parts, part)
			}
			start = i
		}
	}
	if part := strings.TrimSpace(s[start:]); part != "" {
		parts = append(parts, part)
	}
	return parts
}

// maxAlternatives bounds the ranks of the alternatives a comment may give.
const maxAlternatives = 600

// rankedKey splits "評価値2" or "読み筋12" into its base and rank (2 or more).
func rankedKey(key string) (string, int, bool) {
	for _, base := range []string{"評価値", "読み筋"} {
		if digits, ok := strings.CutPrefix(key, base); ok && digits != "" {
			n, err := strconv.Atoi(digits)
			if err == nil && n >= 2 && n <= maxAlternatives && digits[0] != '+' && digits[0] != '-' {
				return base, n, true
			}
		}
	}
	return "", 0, false
}

// parseAnyMoves reads a PV in ShogiHome's style or in CSA notation.
func parseAnyMoves(p *shogi.Position, s string) []shogi.Move {
	if strings.HasPrefix(s, "+") || strings.HasPrefix(s, "-") {
		q := p.Clone()
		var moves []shogi.Move
		for _, f := range strings.Fields(s) {
			m, err := notation.CSA.Decode(q, f)
			if err != nil {
				break
			}
			moves = append(moves, m)
			q.PlayUnchecked(m)
		}
		return moves
	}
	return parseKIFMoves(p, s)
}

// parseOneMove reads one move in Japanese or CSA notation.
func parseOneMove(p *shogi.Position, s string) (shogi.Move, bool) {
	if m, err := notation.CSA.Decode(p, s); err == nil {
		return m, true
	}
	if m, err := notation.KI2.Decode(p, s); err == nil {
		return m, true
	}
	return shogi.NoMove, false
}

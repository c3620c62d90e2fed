package kif

import (
	"strconv"
	"strings"

	shogi "github.com/kifu-go/shogi"
)

// Special moves (formats.md §2.4) and the closing line "まで…" (§2.5). 引き分け, エラー and
// 待った are this package's words for CSA's %HIKIWAKE, %ERROR and %MATTA, which KIF has
// no word for.

var endingWords = [...]string{
	shogi.EndResign:          "投了",
	shogi.EndMate:            "詰み",
	shogi.EndSennichite:      "千日手",
	shogi.EndJishogi:         "持将棋",
	shogi.EndInterrupt:       "中断",
	shogi.EndTimeUp:          "切れ負け",
	shogi.EndIllegalWin:      "反則勝ち",
	shogi.EndIllegalLoss:     "反則負け",
	shogi.EndEnteringKingWin: "入玉勝ち",
	shogi.EndDefaultWin:      "不戦勝",
	shogi.EndDefaultLoss:     "不戦敗",
	shogi.EndDraw:            "引き分け",
	shogi.EndNoMate:          "不詰",
	shogi.EndMaxMoves:        "最大手数",
	shogi.EndError:           "エラー",
	shogi.EndMatta:           "待った",
	shogi.EndSealedMove:      "封じ手",
}

// endingPhrases are the words of the known endings, on special move lines and after
// "まで{N}手で".
var endingPhrases = func() []string {
	var list []string
	for _, w := range endingWords {
		if w != "" {
			list = append(list, w)
		}
	}
	for _, side := range []string{"先手", "後手", "上手", "下手"} {
		for _, what := range []string{"の勝ち", "の反則勝ち", "の反則負け", "の入玉勝ち", "の不戦勝", "の不戦敗"} {
			list = append(list, side+what)
		}
		list = append(list, "時間切れにより"+side+"の勝ち")
	}
	return append(list, "時間切れ")
}()

// endingLeads marks the first bytes of the words of endingKind.
var endingLeads = func() (leads [256]bool) {
	for _, w := range append(endingWords[:], "詰", "時間切れ") {
		if w != "" {
			leads[w[0]] = true
		}
	}
	return leads
}()

// maybeEnding reports whether word may be a word of endingKind, quickly: a move
// ("７六歩") starts with a byte that none of them starts with.
func maybeEnding(word string) bool { return word != "" && endingLeads[word[0]] }

// endingKind returns the kind of a special move word.
func endingKind(word string) (shogi.EndingKind, bool) {
	switch word {
	case "詰":
		return shogi.EndMate, true
	case "時間切れ":
		return shogi.EndTimeUp, true
	case "":
		return shogi.EndNone, false
	}
	for k, w := range endingWords {
		if w == word {
			return shogi.EndingKind(k), true
		}
	}
	return shogi.EndNone, false
}

// endingWord returns the word of an ending: its Text when it has one.
func endingWord(e *shogi.Ending) string {
	if e.Text != "" {
		return e.Text
	}
	if int(e.Kind) < len(endingWords) && endingWords[e.Kind] != "" {
		return endingWords[e.Kind]
	}
	return endingWords[shogi.EndInterrupt]
}

// closing is what a まで line says.
type closing struct {
	moves  int
	kind   shogi.EndingKind
	result shogi.Result // NoResult when the line names no winner
}

// parseClosing reads "まで{N}手で…" (the で may be missing: "まで7手詰"). It names a
// known ending or it is not read: a word the formats do not define ends nothing.
func parseClosing(s string) (closing, bool) {
	rest, ok := strings.CutPrefix(s, "まで")
	if !ok {
		return closing{}, false
	}
	i := 0
	for i < len(rest) && rest[i] >= '0' && rest[i] <= '9' {
		i++
	}
	n, err := strconv.Atoi(rest[:i])
	if err != nil {
		return closing{}, false
	}
	rest, ok = strings.CutPrefix(rest[i:], "手")
	if !ok {
		return closing{}, false
	}
	rest = strings.TrimPrefix(rest, "で")
	rest = strings.TrimRight(rest, " 　")
	c := closing{moves: n}
	if k, ok := endingKind(rest); ok {
		c.kind = k
		return c, true
	}
	timeUp := false
	if r, ok := strings.CutPrefix(rest, "時間切れにより"); ok {
		rest, timeUp = r, true
	}
	side, ok := parseSideName(rest)
	if !ok || !strings.HasPrefix(rest[6:], "の") {
		return c, false
	}
	win, lose := shogi.WinFor(side), shogi.WinFor(side.Opponent())
	switch what := rest[6+len("の"):]; {
	case what == "勝ち" && timeUp:
		c.kind, c.result = shogi.EndTimeUp, win
	case what == "勝ち":
		c.kind, c.result = shogi.EndResign, win
	case timeUp:
	case what == "反則勝ち":
		c.kind, c.result = shogi.EndIllegalWin, win
	case what == "反則負け":
		c.kind, c.result = shogi.EndIllegalLoss, lose
	case what == "入玉勝ち":
		c.kind, c.result = shogi.EndEnteringKingWin, win
	case what == "不戦勝":
		c.kind, c.result = shogi.EndDefaultWin, win
	case what == "不戦敗":
		c.kind, c.result = shogi.EndDefaultLoss, lose
	}
	return c, c.kind != shogi.EndNone
}

// appendClosing writes the まで line of an ending after n moves.
func appendClosing(dst []byte, e *shogi.Ending, n int, handicap bool) []byte {
	dst = append(dst, "まで"...)
	dst = strconv.AppendInt(dst, int64(n), 10)
	dst = append(dst, "手で"...)
	if out, ok := appendResultPhrase(dst, e, handicap); ok {
		return out
	}
	if _, hasWinner := e.Result.Winner(); e.Kind == shogi.EndNone || !hasWinner && e.Result != shogi.NoResult {
		return append(dst, endingWord(e)...)
	}
	if int(e.Kind) < len(endingWords) && endingWords[e.Kind] != "" {
		return append(dst, endingWords[e.Kind]...)
	}
	return append(dst, endingWord(e)...)
}

// appendResultPhrase appends the words that name e's kind with its winner
// ("後手の反則勝ち", "時間切れにより先手の勝ち"), and false when the kind has no such
// words or e names no winner.
func appendResultPhrase(dst []byte, e *shogi.Ending, handicap bool) ([]byte, bool) {
	winner, hasWinner := e.Result.Winner()
	if !hasWinner {
		return dst, false
	}
	side := func(c shogi.Color) []byte {
		return append(append(dst, sideName(c, handicap)...), "の"...)
	}
	switch e.Kind {
	case shogi.EndResign:
		return append(side(winner), "勝ち"...), true
	case shogi.EndTimeUp:
		dst = append(dst, "時間切れにより"...)
		return append(side(winner), "勝ち"...), true
	case shogi.EndIllegalWin:
		return append(side(winner), "反則勝ち"...), true
	case shogi.EndIllegalLoss:
		return append(side(winner.Opponent()), "反則負け"...), true
	case shogi.EndEnteringKingWin:
		return append(side(winner), "入玉勝ち"...), true
	case shogi.EndDefaultWin:
		return append(side(winner), "不戦勝"...), true
	case shogi.EndDefaultLoss:
		return append(side(winner.Opponent()), "不戦敗"...), true
	}
	return dst, false
}

// isEndingWord reports whether w is a word that ends a line in the move's place: a
// special move (formats.md §2.4) or the words of a まで line that name a known ending
// ("先手の勝ち"). Nothing else is: a word the formats do not define is no ending.
func isEndingWord(w string) bool {
	if _, ok := endingKind(w); ok {
		return true
	}
	_, ok := parseClosing("まで0手で" + w)
	return ok
}

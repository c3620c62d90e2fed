package notation

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// fastParseStyles are the Japanese styles whose parse fastParse must agree with.
var fastParseStyles = []Japanese{
	JapaneseStyle.(Japanese), KIF.(Japanese), KI2.(Japanese), Iroha.(Japanese),
}

// checkFastParse fails when fastParse takes text but some style's parse reads it
// otherwise, or not at all.
func checkFastParse(t interface{ Fatalf(string, ...any) }, text string) (taken bool) {
	var got japaneseMove
	if !fastParse(text, &got) {
		return false
	}
	for _, j := range fastParseStyles {
		want, err := j.parse(text)
		if err != nil {
			t.Fatalf("%s: fastParse(%q) = %+v, but parse fails: %v", j, text, got, err)
		}
		if diff := cmp.Diff(want, got, cmp.AllowUnexported(japaneseMove{})); diff != "" {
			t.Fatalf("%s: fastParse(%q) differs from parse (-parse +fastParse):\n%s", j, text, diff)
		}
	}
	return true
}

// fastParseTokens are the pieces that the texts of TestFastParseAgreesWithParse are
// made of: every character that fastParse or parse gives a meaning to, in every form,
// and characters that neither takes.
var fastParseTokens = []string{
	"▲", "△", "▼", "▽", "☗", "☖", "同", "　", " ", "\t", "\r\n",
	"1", "7", "9", "0", "１", "７", "９", "０", "一", "六", "九", "〇", "十",
	"歩", "香", "桂", "銀", "金", "角", "飛", "玉", "王", "と", "馬", "龍", "竜",
	"全", "圭", "今", "杏", "仝", "成", "成銀", "成桂", "成香",
	"右", "左", "直", "上", "行", "入", "引", "寄", "打", "不成", "不", "生",
	"(", "（", ")", "）", "(77)", "(07)", "(7７)", "（77）", "(77", "7g7f", "P*5e",
	".", "．", "…", "x", "す", "春", "い", "\xff", "\x80", "\xe2\x96", "\xe5\x90", "\xed\xa0\x80",
}

// fastParseSlots are the parts of a move in their order, each with its forms ("" for
// none), from which TestFastParseAgreesWithParse builds most of its texts.
var fastParseSlots = [][]string{
	{"", " ", "　", "\t"},
	{"", "▲", "△", "▼", "▽", "☗", "☖"},
	{"", "７六", "7六", "76", "７６", "7６", "七六", "七６", "七7", "１九", "九一", "1一", "同", "０六", "7〇"},
	{"", "同", "同　", "同 ", "同　 　"},
	{"歩", "香", "桂", "銀", "金", "角", "飛", "玉", "王", "と", "馬", "龍", "竜", "全", "圭", "今", "杏", "仝", "成銀", "成桂", "成香", "成"},
	{"", "右", "左", "直", "上", "行", "入", "引", "寄"},
	{"", "右", "左", "直", "上", "行", "入", "引", "寄"},
	{"", "打", "不成", "生", "成", "不"},
	{"", "(77)", "(19)", "(91)", "(70)", "（77）", "(７７)"},
	{"", " ", "　", "\r\n"},
}

// TestFastParseAgreesWithParse checks, on texts made of the characters of Japanese
// moves, that the fast path only takes texts that parse reads, and reads them the same.
func TestFastParseAgreesWithParse(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var b strings.Builder
		for i, slot := range fastParseSlots {
			// Mostly the forms of the slot, sometimes any token instead or as well.
			switch rapid.IntRange(0, 9).Draw(t, "how") {
			case 0:
				b.WriteString(rapid.SampledFrom(fastParseTokens).Draw(t, "token"))
			case 1:
				b.WriteString(rapid.SampledFrom(fastParseTokens).Draw(t, "token"))
				b.WriteString(rapid.SampledFrom(slot).Draw(t, "part"))
			default:
				b.WriteString(rapid.SampledFrom(slot).Draw(t, fmt.Sprint("part", i)))
			}
		}
		checkFastParse(t, b.String())
	})
}

// TestFastParseAgreesOnEveryForm checks every combination of the forms of the start of
// a move (before a piece), then of its end (from the piece on).
func TestFastParseAgreesOnEveryForm(t *testing.T) {
	combine := func(slots [][]string, prefix, suffix string) int {
		taken := 0
		var walk func(i int, text string)
		walk = func(i int, text string) {
			if i == len(slots) {
				if checkFastParse(t, prefix+text+suffix) {
					taken++
				}
				return
			}
			for _, part := range slots[i] {
				walk(i+1, text+part)
			}
		}
		walk(0, "")
		return taken
	}
	const pieceSlot = 4
	if n := combine(fastParseSlots[:pieceSlot], "", "歩"); n == 0 {
		t.Error("the fast path takes none of the starts of a move")
	}
	if n := combine(fastParseSlots[pieceSlot:], "７六", ""); n == 0 {
		t.Error("the fast path takes none of the ends of a move")
	}
}

// TestFastParseTakesEncodedMoves checks that the fast path reads every move that the
// record styles write, so that decoding a record never needs parse.
func TestFastParseTakesEncodedMoves(t *testing.T) {
	styles := []Japanese{JapaneseStyle.(Japanese), KIF.(Japanese), KI2.(Japanese),
		{Marks: MarksShogi, Squares: SquaresDigits, JSADragon: true, Ou: true, SameSpace: SameSpaceNever, Forward: ForwardGo},
		{Squares: SquaresMixed, SameSpace: SameSpaceAlways, Forward: ForwardEnter}}
	rapid.Check(t, func(t *rapid.T) {
		p := randomPosition(t)
		for _, j := range styles {
			for _, m := range p.LegalMoves() {
				if text := j.Encode(p, m); !checkFastParse(t, text) {
					t.Fatalf("%+v: fastParse(%q) does not take the text of %s", j, text, m)
				}
			}
		}
	})
}

// TestFastParseExamples checks texts at the edges of the fast path.
func TestFastParseExamples(t *testing.T) {
	tests := []struct {
		text  string
		taken bool
	}{
		{"▲７六歩", true},
		{"  △同　銀\r\n", true},
		{"７六同 歩", true},
		{"▲５八金右上", true},
		{"☗5八金直", true},
		{"七六歩", true},
		{"76歩(77)", true},
		{"同　成銀(47)", true},
		{"５五角打", true},
		{"２二角不成", true},
		{"７一銀生", true},
		{"８四龍行", true},
		{"８四馬入", true},
		{"▼７六歩", true},
		{"▽同　歩", true},
		{"七６歩", false},           // a kanji file needs a kanji rank
		{"▲ ７六歩", false},         // a space after the mark
		{"７六歩（７７）", false},       // full-width origin: parse reads it
		{"７六歩(07)", false},       // no square 0
		{"７六歩 (77)", false},      // a space inside the move
		{"５八金右左", false},         // two side words: parse says why
		{"５八金直引", false},         // 直 with 引
		{"５五角右打", false},         // a drop with a relative word
		{"５五角打(77)", false},      // a drop with an origin
		{"７六不歩", false},          // 不 without 成
		{"七6歩", false},           // a kanji file needs a kanji rank
		{"す歩", false},            // iroha: parse reads it
		{"31.☗5八金右", false},      // a move number
		{"７六歩\xff", false},       // invalid UTF-8
		{"\xe5\x90\x8c　歩", true}, // 同 spelt in bytes
		{"", false},
	}
	for _, tt := range tests {
		if got := checkFastParse(t, tt.text); got != tt.taken {
			t.Errorf("fastParse(%q) taken = %v, want %v", tt.text, got, tt.taken)
		}
	}
}

// FuzzJapaneseFastParse checks on any text that the fast path takes only texts that
// parse reads, and reads them as parse does.
func FuzzJapaneseFastParse(f *testing.F) {
	for _, s := range fastParseTokens {
		f.Add(s)
	}
	for _, s := range []string{"▲７六歩", "△同　銀", "▲５八金右上", "☗5八金直", "七六歩", "76歩(77)", "同　成銀(47)", "２二角不成", "▲ ７六歩", "７六歩（７７）", "５八金右左"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		checkFastParse(t, text)
	})
}

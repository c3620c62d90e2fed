package kif

import (
	"bytes"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	shogi "github.com/kifu-go/shogi"
	"golang.org/x/text/encoding/japanese"
	"pgregory.net/rapid"
)

// The readers' fast paths must give what the general code gives, for any text.

// fastPathRunes are the characters the fast paths look at, with their neighbours.
const fastPathRunes = " \t　0123456789:/()+７１９０一九十六歩成打同\u3000\u0085\u00a0\ufffdé𝄞"

// genFastPathText makes text of those characters, with now and then a raw byte that
// may break the UTF-8.
func genFastPathText(t *rapid.T) string {
	parts := rapid.SliceOfN(rapid.OneOf(
		rapid.Map(rapid.SampledFrom([]rune(fastPathRunes)), func(r rune) string { return string(r) }),
		rapid.Map(rapid.SampledFrom([]byte{0x80, 0xBF, 0xC2, 0xE0, 0xE3, 0xED, 0xEF, 0xF0, 0xFF}), func(b byte) string { return string([]byte{b}) }),
	), 0, 24).Draw(t, "parts")
	return strings.Join(parts, "")
}

func TestValidUTF8(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := genFastPathText(t)
		if got, want := validUTF8([]byte(s)), utf8.ValidString(s); got != want {
			t.Fatalf("validUTF8(%q) = %v, want %v", s, got, want)
		}
	})
}

func TestLeadRune(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := genFastPathText(t)
		r, n := leadRune(s)
		wr, wn := utf8.DecodeRuneInString(s)
		if r != wr || n != wn {
			t.Fatalf("leadRune(%q) = %q, %d; want %q, %d", s, r, n, wr, wn)
		}
	})
}

// generalSquare is parseSquare without its fast paths.
func generalSquare(s string) (shogi.Square, int) {
	f, n1 := utf8.DecodeRuneInString(s)
	r, n2 := utf8.DecodeRuneInString(s[n1:])
	file, rank := digitValue(f), digitValue(r)
	if file == 0 || rank == 0 || isKanjiDigit(f) {
		return shogi.NoSquare, 0
	}
	return shogi.NewSquare(file, rank), n1 + n2
}

func TestParseSquareFastPaths(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := genFastPathText(t)
		sq, n := parseSquare(s)
		wsq, wn := generalSquare(s)
		if sq != wsq || n != wn {
			t.Fatalf("parseSquare(%q) = %v, %d; want %v, %d", s, sq, n, wsq, wn)
		}
	})
}

func TestPlainTrailer(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := genFastPathText(t)
		if rapid.Bool().Draw(t, "plain") {
			// Mostly well-formed trailers, which the fast path reads.
			s = rapid.StringMatching(`[ ]{0,4}(\( {0,2}[0-9]{0,10}(:[0-9]{0,3}){0,3}( {0,2}/ {0,2}[0-9]{1,4}(:[0-9]{1,10}){0,3})? {0,2}\))?[ ]{0,3}\+?[ ]{0,2}`).Draw(t, "trailer") + s[:min(len(s), rapid.IntRange(0, 2).Draw(t, "tail"))]
		}
		tr, ok := plainTrailer(s)
		if want := readTrailer(s); ok && tr != want {
			t.Fatalf("plainTrailer(%q) = %+v, want %+v", s, tr, want)
		}
		if got, want := parseTrailer(s), readTrailer(s); got != want {
			t.Fatalf("parseTrailer(%q) = %+v, want %+v", s, got, want)
		}
	})
}

func TestTrimClockSpaces(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := genFastPathText(t)
		if got, want := trimClockSpaces(s), strings.TrimSpace(s); got != want {
			t.Fatalf("trimClockSpaces(%q) = %q, want %q", s, got, want)
		}
	})
}

func TestMaybeEnding(t *testing.T) {
	words := append(slices.Clone(endingPhrases), "詰", "時間切れ", "７六歩", "同　歩", "", "投", "エラー")
	for _, w := range words {
		if _, ok := endingKind(w); ok && !maybeEnding(w) {
			t.Errorf("maybeEnding(%q) = false for an ending word", w)
		}
	}
	for _, w := range []string{"７六歩", "１一角成", "５五角打"} {
		if maybeEnding(w) {
			t.Errorf("maybeEnding(%q) = true for a move", w)
		}
	}
}

func TestDecodeShiftJIS(t *testing.T) {
	// Every pair of bytes, in every context that matters (at the end, before ASCII).
	var all []byte
	for c0 := range 256 {
		for c1 := range 256 {
			all = append(all, byte(c0), byte(c1), 'a')
		}
	}
	all = append(all, 0x81)
	inputs := [][]byte{all, {0x81}, {0x82, 0xA0}, {0x88, 0x9F, 0xFD, 0x41}}
	for _, raw := range inputs {
		want, _ := japanese.ShiftJIS.NewDecoder().Bytes(raw)
		if got := decodeShiftJIS(nil, raw); !bytes.Equal(got, want) {
			t.Errorf("decodeShiftJIS(% x…) differs from the x/text decoder", raw[:min(len(raw), 8)])
		}
	}
	rapid.Check(t, func(t *rapid.T) {
		raw := rapid.SliceOfN(rapid.OneOf(rapid.Byte(), rapid.ByteRange(0x81, 0x9F), rapid.ByteRange(0xE0, 0xFC), rapid.SampledFrom([]byte{0x40, 0x7E, 0x7F, 0x80, 0xA0, 0xFC, 0xFD, '\n'})), 0, 16).Draw(t, "raw")
		want, _ := japanese.ShiftJIS.NewDecoder().Bytes(raw)
		if got := decodeShiftJIS([]byte("x"), raw); !bytes.Equal(got[1:], want) {
			t.Fatalf("decodeShiftJIS(% x) = %q, want %q", raw, got[1:], want)
		}
	})
}

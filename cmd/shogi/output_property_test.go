package main

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"pgregory.net/rapid"
)

// TestQuoteNameProperties: whatever the name, quoteName gives one line without control
// characters that Go's strconv.Unquote reads back as the name when it is quoted, and
// the name itself when it prints.
func TestQuoteNameProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var name string
		if rapid.Bool().Draw(t, "bytes") {
			name = string(rapid.SliceOf(rapid.Byte()).Draw(t, "raw"))
		} else {
			name = rapid.StringOf(rapid.OneOf(rapid.Rune(), rapid.RuneFrom([]rune("\n\r\t\x1b\u202e\u2028\u3000 \"\\羽生a")))).Draw(t, "text")
		}
		got := quoteName(name)
		if !utf8.ValidString(got) || strings.ContainsFunc(got, hidden) {
			t.Fatalf("quoteName(%q) = %q holds characters that do not print", name, got)
		}
		if printable(name) {
			if got != name {
				t.Fatalf("quoteName(%q) = %q, want it unchanged", name, got)
			}
			return
		}
		back, err := strconv.Unquote(got)
		if err != nil || back != name {
			t.Fatalf("strconv.Unquote(%q) = %q, %v; want %q", got, back, err, name)
		}
		if e := escapeText(name); strings.ContainsFunc(e, hidden) || !utf8.ValidString(e) {
			t.Fatalf("escapeText(%q) = %q", name, e)
		}
	})
}

// TestSizeFlagRoundTrip: a size formatted by formatSize parses back to itself.
func TestSizeFlagRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.Int64Range(1, 1<<40).Draw(t, "n")
		if rapid.Bool().Draw(t, "round") {
			n = rapid.Int64Range(1, 1<<20).Draw(t, "units") << (10 * rapid.IntRange(1, 2).Draw(t, "shift"))
		}
		got, err := parseSize(formatSize(n))
		if err != nil || got != n {
			t.Fatalf("parseSize(formatSize(%d) = %q) = %d, %v", n, formatSize(n), got, err)
		}
	})
}

package record

// Record formats by name and extension, and how Detect tells them apart by content:
// JSON is JKF; a first statement in CSA's shape is CSA; "position", "startpos", "sfen …
// moves" or "moves" starts a USI line; a line that reads as an SFEN is an SFEN; anything
// else is Kakinoki's family, KI2 when its moves are written with ▲/△ and no numbers,
// KIF otherwise. The file name's extension decides only what the content leaves open.

import (
	"bytes"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/text/encoding/japanese"
)

// Format is a record file format. The zero value, Unknown, asks a [Reader] to detect
// the format of its input.
type Format uint8

// Formats.
const (
	Unknown Format = iota
	KIF            // Kakinoki's KIF (move lines with numbers and origins); KI2 moves are read too
	KI2            // Kakinoki's KI2 (moves in Japanese notation after ▲/△)
	CSA            // CSA standard record files, V2.2 and V3.0, one or several records
	JKF            // JSON Kifu Format: one JSON object per record, JSON Lines for several
	USI            // USI position lines ("position startpos moves 7g7f …"), one record a line
	SFEN           // SFEN positions, one record (a start position without moves) a line
)

var formatNames = [...]string{"unknown", "kif", "ki2", "csa", "jkf", "usi", "sfen"}

// Formats lists the formats a Reader reads and a Writer writes, in the order of their
// names in usage texts.
var Formats = []Format{KIF, KI2, CSA, JKF, USI, SFEN}

// String returns the format's name as ParseFormat takes it: "kif", "ki2", "csa", "jkf",
// "usi", "sfen", or "unknown".
func (f Format) String() string {
	if int(f) < len(formatNames) {
		return formatNames[f]
	}
	return fmt.Sprintf("Format(%d)", uint8(f))
}

// ParseFormat returns the format named name (as String gives it, in any case, with or
// without a leading dot). "json" names JKF.
func ParseFormat(name string) (Format, error) {
	n := strings.ToLower(strings.TrimPrefix(strings.TrimSpace(name), "."))
	if n == "json" || n == "jsonl" {
		return JKF, nil
	}
	for i, s := range formatNames {
		if i != int(Unknown) && s == n {
			return Format(i), nil
		}
	}
	return Unknown, fmt.Errorf("record: unknown format %q (want %s)", name, formatList())
}

func formatList() string {
	names := make([]string, len(Formats))
	for i, f := range Formats {
		names[i] = f.String()
	}
	return strings.Join(names, ", ")
}

// MarshalText returns the format's name.
func (f Format) MarshalText() ([]byte, error) {
	if f == Unknown || int(f) >= len(formatNames) {
		return nil, fmt.Errorf("record: cannot marshal format %d", uint8(f))
	}
	return []byte(f.String()), nil
}

// UnmarshalText sets f to the format text names, as ParseFormat reads it.
func (f *Format) UnmarshalText(text []byte) error {
	g, err := ParseFormat(string(text))
	if err != nil {
		return err
	}
	*f = g
	return nil
}

// Extension returns the usual file extension of the format, with its dot: ".kif",
// ".ki2", ".csa", ".jkf", ".usi", ".sfen"; "" for Unknown.
func (f Format) Extension() string {
	if f == Unknown || int(f) >= len(formatNames) {
		return ""
	}
	return "." + formatNames[f]
}

// OneRecordPerFile reports whether a file of the format holds a single record: true
// for KIF and KI2, false for CSA (records separated by "/"), JKF (JSON Lines), USI and
// SFEN (a record a line).
func (f Format) OneRecordPerFile() bool { return f == KIF || f == KI2 }

// extensions maps the file extensions of record files to their formats.
var extensions = map[string]Format{
	".kif": KIF, ".kifu": KIF, ".ki2": KI2, ".ki2u": KI2, ".csa": CSA,
	".jkf": JKF, ".jsonl": JKF, ".usi": USI, ".sfen": SFEN,
}

// FormatOfName returns the format that the extension of a file name stands for, or
// Unknown. Extensions are ".kif", ".kifu", ".ki2", ".ki2u", ".csa", ".jkf", ".jsonl",
// ".usi" and ".sfen", in any case (".json" is not one: most JSON files hold no record),
// each also with ".gz" after it (a Reader decompresses gzip data).
func FormatOfName(name string) Format {
	return extensions[strings.ToLower(filepath.Ext(trimCompression(name)))]
}

// csaStatement matches the first statement of a CSA record.
var csaStatement = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(V[0-9]|N[+-]|\$[A-Z_]+:|PI|P[1-9]|P[+-]|[+-][0-9]{4}[A-Z]{2}|[+-]$|%[A-Z+-]|'CSA |'encoding=)`)
})

// kifMoveLine matches a numbered KIF move line ("   1 ７六歩(77)"); ki2MoveLine a line of
// KI2 moves ("▲７六歩    △３四歩").
var (
	kifMoveLine = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^\s*[0-9]+\s+\S`) })
	// sfenShape matches a line in the shape of an SFEN (ranks of piece letters and
	// digits, a side to move), valid or not.
	sfenShape = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^(sfen\s+)?[1-9+A-Za-z]*(/[1-9+A-Za-z]*)+\s+[bw](\s|$)`)
	})
	ki2MoveLine = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[▲△☗☖][^\s]`) })
)

// DetectLength is how much of the head of an input Detect needs to look at; a Reader
// gives it this much, or all of a shorter input.
const DetectLength = 64 << 10

// Detect names the format of an input from its head (its first DetectLength bytes, or
// all of it). name, when not empty, is the input's file name: its extension decides
// only what the content leaves open (KIF or KI2 before any move; input that is blank or
// holds only comments). Detect returns Unknown for such input without a telling name.
func Detect(head []byte, name string) Format {
	byName := FormatOfName(name)
	head = bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	text := headText(head)
	if t := bytes.TrimLeft(text, " \t\r\n"); len(t) > 0 && (t[0] == '{' || t[0] == '[') {
		return JKF
	}
	kifFamily := false
	for line := range bytes.Lines(text) {
		line = bytes.TrimSpace(line)
		if len(line) == 0 || line[0] == '#' {
			if bytes.HasPrefix(line, []byte("#KIF")) {
				kifFamily = true
			}
			continue
		}
		if !kifFamily {
			if f := detectFirstLine(line); f != Unknown {
				return f
			}
			kifFamily = true
		}
		switch {
		case kifMoveLine().Match(line):
			return KIF
		case ki2MoveLine().Match(line):
			return KI2
		}
	}
	switch {
	case kifFamily && byName == KI2:
		return KI2
	case kifFamily:
		return KIF
	}
	return byName
}

// detectFirstLine names the format that the first statement of an input is in, or
// Unknown when it is of Kakinoki's family (or of no format).
func detectFirstLine(line []byte) Format {
	if line[0] == 'P' && sfenShape().Match(line) {
		// An SFEN whose first rank starts with a black pawn ("P8/…", a composed start),
		// which the CSA pattern takes for a P1–P9 line: those hold no '/'.
		return SFEN
	}
	if line[0] == '\'' || csaStatement().Match(line) {
		return CSA // KIF never starts a line with '
	}
	first, _, _ := bytes.Cut(line, []byte(" "))
	switch string(first) {
	case "position", "startpos", "moves":
		return USI
	case "sfen":
		if bytes.Contains(line, []byte(" moves")) {
			return USI
		}
		return SFEN
	}
	if sfenShape().Match(line) {
		return SFEN
	}
	return Unknown
}

// headText returns the head as text for detection: as it is when it is UTF-8 (a
// character cut at its end dropped), else decoded from Shift_JIS.
func headText(head []byte) []byte {
	valid := head
	for i := 0; i < utf8.UTFMax && len(valid) > 0; i++ {
		if utf8.Valid(valid) {
			return valid
		}
		valid = valid[:len(valid)-1]
	}
	if utf8.Valid(valid) {
		return valid
	}
	decoded, err := japanese.ShiftJIS.NewDecoder().Bytes(head)
	if err != nil {
		return head
	}
	return decoded
}

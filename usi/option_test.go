package usi_test

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/kifu-go/shogi/usi"
)

func TestParseOption(t *testing.T) {
	tests := []struct {
		line string
		want usi.Option
	}{
		{"option name USI_Hash type spin default 256 min 1 max 4096",
			usi.Option{Name: "USI_Hash", Type: usi.Spin, Default: "256", HasDefault: true, Min: 1, Max: 4096}},
		{"option name Ponder type check default false",
			usi.Option{Name: "Ponder", Type: usi.Check, Default: "false", HasDefault: true}},
		{"option name Style type combo default Normal var Solid var Normal var Risky",
			usi.Option{Name: "Style", Type: usi.Combo, Default: "Normal", HasDefault: true, Vars: []string{"Solid", "Normal", "Risky"}}},
		{"option name Clear Hash type button",
			usi.Option{Name: "Clear Hash", Type: usi.Button}},
		// gpsusi writes <empty> for an empty string; Fairy-Stockfish writes nothing.
		{"option name CSAFile type string default <empty>",
			usi.Option{Name: "CSAFile", Type: usi.String, HasDefault: true}},
		{"option name Debug Log File type string default ",
			usi.Option{Name: "Debug Log File", Type: usi.String, HasDefault: true}},
		// A string's default runs to the end of the line, keywords and spaces included.
		{"option name BookFile type filename default book/my  var min.db",
			usi.Option{Name: "BookFile", Type: usi.Filename, Default: "book/my  var min.db", HasDefault: true}},
		{"option  name\tSkill Level type spin default -5 min -20 max 20",
			usi.Option{Name: "Skill Level", Type: usi.Spin, Default: "-5", HasDefault: true, Min: -20, Max: 20}},
		{"option name Threads type spin min 1 max 8",
			usi.Option{Name: "Threads", Type: usi.Spin, Min: 1, Max: 8}},
		{"option name Analysis Contempt type combo default Both var Both var Off var White var Black",
			usi.Option{Name: "Analysis Contempt", Type: usi.Combo, Default: "Both", HasDefault: true, Vars: []string{"Both", "Off", "White", "Black"}}},
	}
	for _, tt := range tests {
		got, err := usi.ParseOption(tt.line)
		if err != nil {
			t.Errorf("ParseOption(%q): %v", tt.line, err)
			continue
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("ParseOption(%q) (-want +got):\n%s", tt.line, diff)
		}
		// The line the option writes reads back to the same option.
		again, err := usi.ParseOption(got.String())
		if err != nil {
			t.Errorf("ParseOption(%q) of %q: %v", got.String(), tt.line, err)
		} else if diff := cmp.Diff(got, again); diff != "" {
			t.Errorf("%q does not read back (-want +got):\n%s", got.String(), diff)
		}
	}
}

func TestParseOptionErrors(t *testing.T) {
	tests := []struct {
		line   string
		column int
		msg    string
	}{
		{"", 1, `usi: column 1: an option line starts with "option"`},
		{"id name x", 1, `usi: column 1: an option line starts with "option"`},
		{"option", 7, `usi: column 7: expected "name" after "option"`},
		{"option name type spin", 12, "usi: column 12: the option has no name"},
		{"option name Hash", 17, `usi: column 17: expected "type" after the option's name`},
		{"option name Hash type", 22, "usi: column 22: expected the option's type after \"type\""},
		{"option name Hash type int", 23, `usi: column 23: unknown option type "int" (want check, spin, combo, button, string or filename)`},
		{"option name Hash type spin default 1 min x max 2", 42, `usi: column 42: min "x" is not an integer`},
		{"option name Hash type spin default 1 max 2", 43, "usi: column 43: a spin option needs min and max"},
		{"option name Hash type spin default 9 min 1 max 2", 36, "usi: column 36: default 9 is outside 1–2"},
		{"option name Hash type spin default 1 min 3 max 2", 38, "usi: column 38: min 3 is above max 2"},
		{"option name Hash type spin default y min 1 max 2", 36, `usi: column 36: a spin option's default "y" is not an integer`},
		{"option name P type check default yes", 34, `usi: column 34: a check option's default is true or false, not "yes"`},
		{"option name S type combo default a", 35, "usi: column 35: a combo option needs at least one var"},
		{"option name B type button default x", 35, "usi: column 35: a button has no default"},
		{"option name C type check default true min 1", 39, "usi: column 39: only a spin option has min and max"},
		{"option name C type check maximum 1", 26, `usi: column 26: unexpected "maximum" in an option line (want default, min, max or var)`},
		{"option name S type combo default a var", 39, "usi: column 39: a var without a value"},
		{"option name 名前 type spin default 1 min 0 max x", 46, `usi: column 46: max "x" is not an integer`},
	}
	for _, tt := range tests {
		_, err := usi.ParseOption(tt.line)
		var se *usi.SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("ParseOption(%q) = %v, want a *SyntaxError", tt.line, err)
			continue
		}
		if se.Column != tt.column || err.Error() != tt.msg {
			t.Errorf("ParseOption(%q) = %q (column %d), want %q (column %d)", tt.line, err, se.Column, tt.msg, tt.column)
		}
		if !errors.Is(err, usi.ErrMalformed) {
			t.Errorf("ParseOption(%q): %v does not wrap ErrMalformed", tt.line, err)
		}
	}
}

func TestOptionCheckValue(t *testing.T) {
	spin := usi.Option{Name: "Hash", Type: usi.Spin, Min: 1, Max: 16}
	check := usi.Option{Name: "Ponder", Type: usi.Check}
	combo := usi.Option{Name: "Style", Type: usi.Combo, Vars: []string{"A", "B"}}
	button := usi.Option{Name: "Clear", Type: usi.Button}
	str := usi.Option{Name: "File", Type: usi.String}
	tests := []struct {
		o     usi.Option
		value string
		msg   string // "" when the value is good
	}{
		{spin, "1", ""},
		{spin, "16", ""},
		{spin, "17", "usi: invalid option value: Hash: 17 is outside 1–16"},
		{spin, "0x10", `usi: invalid option value: Hash: "0x10" is not an integer`},
		{check, "true", ""},
		{check, "TRUE", `usi: invalid option value: Ponder: "TRUE" is not true or false`},
		{combo, "B", ""},
		{combo, "C", `usi: invalid option value: Style: "C" is not one of A, B`},
		{button, "", ""},
		{button, "x", "usi: invalid option value: Clear: a button takes no value"},
		{str, "a b c", ""},
		{str, "a\nb", "usi: invalid option value: File: the value holds a line break"},
	}
	for _, tt := range tests {
		err := tt.o.CheckValue(tt.value)
		switch {
		case tt.msg == "" && err != nil:
			t.Errorf("%s.CheckValue(%q) = %v", tt.o.Name, tt.value, err)
		case tt.msg != "" && (err == nil || err.Error() != tt.msg || !errors.Is(err, usi.ErrOptionValue)):
			t.Errorf("%s.CheckValue(%q) = %v, want %q wrapping ErrOptionValue", tt.o.Name, tt.value, err, tt.msg)
		}
	}
	if got := (usi.Option{Type: usi.Spin, Default: "42"}).DefaultInt(); got != 42 {
		t.Errorf("DefaultInt = %d, want 42", got)
	}
	if !(usi.Option{Type: usi.Check, Default: "true"}).DefaultBool() {
		t.Error("DefaultBool of default true is false")
	}
}

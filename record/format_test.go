package record_test

import (
	"testing"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/record"
	"golang.org/x/text/encoding/japanese"
)

func TestDetect(t *testing.T) {
	sjis := func(s string) string {
		b, err := japanese.ShiftJIS.NewEncoder().String(s)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	for _, tc := range []struct {
		text, name string
		want       record.Format
	}{
		{`{"header":{}}`, "", record.JKF},
		{"\n  {\"header\":{}}\n{\"header\":{}}\n", "x.jsonl", record.JKF},
		{"V2.2\nN+a\n", "", record.CSA},
		{"'comment\nPI\n+\n", "", record.CSA},
		{"+7776FU\n", "x.kif", record.CSA},
		{"'CSA encoding=Shift_JIS\nV3.0\n", "", record.CSA},
		{"position startpos moves 7g7f", "", record.USI},
		{"startpos", "", record.USI},
		{"moves 7g7f 3c3d", "", record.USI},
		{shogi.StartSFEN, "", record.SFEN},
		{"sfen " + shogi.StartSFEN, "", record.SFEN},
		{"sfen " + shogi.StartSFEN + " moves 7g7f", "", record.USI},
		{"P8/9/9/9/9/9/9/9/4K4 b - 1", "x.sfen", record.SFEN}, // it was CSA: "P8" a P line
		{"P1 *  *  *  *  *  *  *  * -OU\n", "", record.CSA},
		{"# comment\n手合割：平手\n", "", record.KIF},
		{"# comment\n手合割：平手\n", "a.ki2", record.KI2},
		{"手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:00/00:00:00)\n", "a.ki2", record.KIF},
		{"手合割：平手\n▲７六歩 △３四歩", "a.kif", record.KI2},
		{"\xef\xbb\xbf手合割：平手\n▲７六歩 △３四歩", "", record.KI2},
		{sjis("手合割：平手\n▲７六歩    △３四歩\n"), "", record.KI2},
		{sjis("先手：羽生\n手数----指手--\n1 ７六歩(77)\n"), "", record.KIF},
		{"#KIF version=2.0 encoding=UTF-8\n", "", record.KIF},
		{"", "", record.Unknown},
		{"\n\n", "games.csa", record.CSA},
		{"# nothing but a comment\n", "", record.Unknown},
		{"something else entirely", "", record.KIF},
	} {
		if got := record.Detect([]byte(tc.text), tc.name); got != tc.want {
			t.Errorf("Detect(%q, %q) = %v, want %v", tc.text, tc.name, got, tc.want)
		}
	}
}

func TestParseFormat(t *testing.T) {
	for _, f := range record.Formats {
		got, err := record.ParseFormat(f.String())
		if err != nil || got != f {
			t.Errorf("ParseFormat(%q) = %v, %v", f, got, err)
		}
		text, err := f.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var back record.Format
		if err := back.UnmarshalText(text); err != nil || back != f {
			t.Errorf("UnmarshalText(%q) = %v, %v", text, back, err)
		}
		if record.FormatOfName("game"+f.Extension()) != f {
			t.Errorf("FormatOfName of %s's extension %q", f, f.Extension())
		}
	}
	for name, want := range map[string]record.Format{"KIF": record.KIF, ".csa": record.CSA, "json": record.JKF, " usi ": record.USI} {
		if got, err := record.ParseFormat(name); err != nil || got != want {
			t.Errorf("ParseFormat(%q) = %v, %v; want %v", name, got, err, want)
		}
	}
	if _, err := record.ParseFormat("pgn"); err == nil {
		t.Error("ParseFormat(pgn) succeeded")
	}
	if _, err := record.Unknown.MarshalText(); err == nil {
		t.Error("Unknown.MarshalText succeeded")
	}
	for name, want := range map[string]record.Format{"a.KIFU": record.KIF, "b.ki2u": record.KI2, "c.json": record.Unknown, "README": record.Unknown, "d.jsonl": record.JKF} {
		if got := record.FormatOfName(name); got != want {
			t.Errorf("FormatOfName(%q) = %v, want %v", name, got, want)
		}
	}
}

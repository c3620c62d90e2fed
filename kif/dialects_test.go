package kif

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	shogi "github.com/kifu-go/shogi"
)

// warning is what a test expects of a warning (or of a strict read's error).
type warning struct {
	Line, Column int
	Err          error // a sentinel or foul that the warning wraps (compared with errors.Is)
	Says         string
}

// checkWarnings compares warnings with what is wanted: their places, and for each the
// error it wraps and the words it says.
func checkWarnings(t *testing.T, want []warning, got []*SyntaxError) {
	t.Helper()
	type place struct{ Line, Column int }
	var wantPlaces, gotPlaces []place
	for _, w := range want {
		wantPlaces = append(wantPlaces, place{w.Line, w.Column})
	}
	for _, g := range got {
		gotPlaces = append(gotPlaces, place{g.Line, g.Column})
	}
	if diff := cmp.Diff(wantPlaces, gotPlaces, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("warnings %v (-want +got places):\n%s", got, diff)
		return
	}
	for i, w := range want {
		if !errors.Is(got[i], w.Err) {
			t.Errorf("warning %v does not wrap %v", got[i], w.Err)
		}
		if !strings.Contains(got[i].Error(), w.Says) {
			t.Errorf("warning %q does not say %q", got[i], w.Says)
		}
	}
}

// dialect is what a test asserts of a file of testdata/dialects.
type dialect struct {
	file       string
	format     Dialect
	strictErr  *warning // nil: a strict read gives the same record as a lenient one
	moves      []string // the main line in USI
	end        *shogi.Ending
	warnings   []warning
	variations [][]string // every line of the tree, as flatten paths of its leaves
	times      map[int]shogi.MoveTime
	header     shogi.Header
	recordLine int
}

var dialects = []dialect{
	{file: "declared-utf8-body-sjis.kif",
		strictErr: &warning{1, 18, ErrEncoding, "the file declares encoding=UTF-8 but its text is Shift_JIS"},
		moves:     []string{"7g7f", "3c3d", "2g2f"},
		end:       &shogi.Ending{Kind: shogi.EndResign, Result: shogi.BlackWins, Time: sec(10, 13), HasTime: true},
		warnings:  []warning{{1, 18, ErrEncoding, "the file declares encoding=UTF-8 but its text is Shift_JIS"}},
		times:     map[int]shogi.MoveTime{0: sec(5, 5), 2: sec(2, 7)},
		header: shogi.Header{{Key: "開始日時", Value: "2024/05/06 10:00:00"}, {Key: "手合割", Value: "平手"},
			{Key: "先手", Value: "先手太郎"}, {Key: "後手", Value: "後手花子"}},
		recordLine: 3},
	{file: "declared-sjis-body-utf8.kifu",
		strictErr: &warning{1, 18, ErrEncoding, "the file declares encoding=Shift_JIS but its text is UTF-8"},
		moves:     []string{"7g7f", "3c3d", "2g2f"},
		end:       &shogi.Ending{Kind: shogi.EndResign, Result: shogi.BlackWins, Time: sec(10, 13), HasTime: true},
		warnings:  []warning{{1, 18, ErrEncoding, "the file declares encoding=Shift_JIS but its text is UTF-8"}},
		header: shogi.Header{{Key: "開始日時", Value: "2024/05/06 10:00:00"}, {Key: "手合割", Value: "平手"},
			{Key: "先手", Value: "先手太郎"}, {Key: "後手", Value: "後手花子"}},
		recordLine: 3},
	{file: "henka-temme.kifu",
		moves: []string{"7g7f", "3c3d", "2g2f", "8c8d"},
		end:   &shogi.Ending{Kind: shogi.EndInterrupt, Time: sec(0, 2), HasTime: true},
		variations: [][]string{
			{"7g7f", "3c3d", "2g2f", "8c8d", "interrupt"},
			{"7g7f", "3c3d", "|1", "6g6f", "8c8d"},
			{"7g7f", "|1", "8c8d"},
			{"|1", "2g2f", "8c8d"},
		},
		times:      map[int]shogi.MoveTime{0: sec(1, 1), 3: sec(1, 2)},
		recordLine: 2},
	{file: "henka-temme.ki2", format: KI2,
		moves: []string{"7g7f", "3c3d", "2g2f", "8c8d"},
		end:   &shogi.Ending{Kind: shogi.EndInterrupt},
		variations: [][]string{
			{"7g7f", "3c3d", "2g2f", "8c8d", "interrupt"},
			{"7g7f", "3c3d", "|1", "6g6f", "8c8d"},
			{"|1", "2g2f"},
		},
		recordLine: 1},
	{file: "is-shogi.kifu",
		moves:      []string{"7g7f", "8c8d", "2h6h", "8d8e", "8h7g"},
		end:        &shogi.Ending{Kind: shogi.EndResign, Result: shogi.BlackWins, Time: sec(5, 8), HasTime: true},
		times:      map[int]shogi.MoveTime{0: sec(1, 1), 2: sec(3, 4), 4: sec(2, 6)},
		recordLine: 2},
	{file: "header-spaces.kifu",
		moves: []string{"7g7f", "3c3d"},
		end:   &shogi.Ending{Kind: shogi.EndResign, Result: shogi.WhiteWins},
		header: shogi.Header{{Key: "開始日時", Value: "2016/09/21 09:00:00"}, {Key: "棋戦", Value: " 第64期王座戦"},
			{Key: "場所", Value: "  静岡県「浮月楼」"}, {Key: "手合割", Value: "平手"},
			{Key: "先手", Value: "  羽生善治"}, {Key: "後手", Value: "　糸谷哲郎"}},
		recordLine: 2},
	{file: "commented-board.kif",
		strictErr: &warning{19, 6, shogi.ErrNotInHand, "(the file's board diagram is commented out with #, line 2)"},
		end:       &shogi.Ending{Kind: shogi.EndUnread, Text: "1 ５二飛打     ( 0:31/00:00:31)"},
		warnings: []warning{{19, 6, shogi.ErrNotInHand,
			"illegal move R*5b at move 1: the dropped piece is not in hand (the file's board diagram is commented out with #, line 2)"}},
		header:     shogi.Header{{Key: "先手"}, {Key: "後手"}},
		recordLine: 16},
	{file: "commented-board.ki2", format: KI2,
		strictErr: &warning{16, 1, shogi.ErrNotInHand, "(the file's board diagram is commented out with #, line 1)"},
		end:       &shogi.Ending{Kind: shogi.EndUnread, Text: "▲５二飛打 △３二金打 ▲３一角打 △同　玉 ▲４二馬"},
		warnings: []warning{{16, 1, shogi.ErrNotInHand,
			"(the file's board diagram is commented out with #, line 1)"}},
		recordLine: 16},
}

// TestDialects reads the files of testdata/dialects, forms of KIF and KI2 that
// published records take, strictly and leniently.
func TestDialects(t *testing.T) {
	for _, d := range dialects {
		t.Run(d.file, func(t *testing.T) {
			data := readTestdata(t, "dialects/"+d.file)
			r := NewReader(bytes.NewReader(data))
			r.Format, r.Lenient = d.format, true
			rec, err := r.Read()
			if err != nil {
				t.Fatal(err)
			}
			checkDialect(t, d, rec)
			checkWarnings(t, d.warnings, r.Warnings())
			if r.RecordLine() != d.recordLine {
				t.Errorf("record line %d, want %d", r.RecordLine(), d.recordLine)
			}

			r = NewReader(bytes.NewReader(data))
			r.Format = d.format
			strict, err := r.Read()
			switch {
			case d.strictErr == nil && err != nil:
				t.Fatalf("strict: %v", err)
			case d.strictErr == nil:
				if diff := diffRecords(rec, strict); diff != "" {
					t.Errorf("strict read differs (-lenient +strict):\n%s", diff)
				}
			default:
				var se *SyntaxError
				if !errors.As(err, &se) {
					t.Fatalf("strict: got %v, want a *SyntaxError", err)
				}
				checkWarnings(t, []warning{*d.strictErr}, []*SyntaxError{se})
				if r.RecordLine() == 0 {
					t.Errorf("strict: no record line")
				}
			}
		})
	}
}

func checkDialect(t *testing.T, d dialect, rec *shogi.Record) {
	t.Helper()
	var moves []string
	for _, m := range rec.Moves() {
		moves = append(moves, m.String())
	}
	if diff := cmp.Diff(d.moves, moves, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("main line (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(d.end, rec.Ending(), cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("ending (-want +got):\n%s", diff)
	}
	if d.variations != nil {
		var lines [][]string
		for _, n := range flatten(rec).Nodes {
			if n.End != nil || strings.Count(n.Path, " ") > 0 && isLeaf(rec, n.Path) {
				line := strings.Fields(n.Path)
				if n.End != nil {
					line = append(line, n.End.Kind.String())
				}
				lines = append(lines, line)
			}
		}
		if diff := cmp.Diff(d.variations, lines); diff != "" {
			t.Errorf("lines (-want +got):\n%s", diff)
		}
	}
	line := rec.MainLine()
	for ply, want := range d.times {
		if !line[ply].HasTime || line[ply].Time != want {
			t.Errorf("time of move %d: %+v %v, want %+v", ply+1, line[ply].Time, line[ply].HasTime, want)
		}
	}
	if d.header != nil {
		if diff := cmp.Diff(d.header, rec.Header); diff != "" {
			t.Errorf("header (-want +got):\n%s", diff)
		}
	}
}

// isLeaf reports whether the node at a flatten path has no children.
func isLeaf(rec *shogi.Record, path string) bool {
	for _, n := range flatten(rec).Nodes {
		if strings.HasPrefix(n.Path, path+" ") {
			return false
		}
	}
	return true
}

// TestHeaderSpaces: header values keep their leading spaces, and the header lines of a
// record read, written and read again are the bytes of the file.
func TestHeaderSpaces(t *testing.T) {
	data := readTestdata(t, "dialects/header-spaces.kifu")
	rec, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	out, err := Format(rec)
	if err != nil {
		t.Fatal(err)
	}
	headerLines := func(b []byte) []string {
		var lines []string
		for l := range strings.SplitSeq(string(b), "\n") {
			if strings.HasPrefix(l, "手数--") {
				break
			}
			lines = append(lines, l)
		}
		return lines
	}
	if diff := cmp.Diff(headerLines(data), headerLines(out)); diff != "" {
		t.Errorf("header lines written (-read +written):\n%s", diff)
	}
	back, err := Parse(out)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(rec.Header, back.Header); diff != "" {
		t.Errorf("header read back (-first +second):\n%s", diff)
	}
	if again, _ := Format(back); !bytes.Equal(out, again) {
		t.Errorf("second write differs:\n%s", cmp.Diff(string(out), string(again)))
	}
}

// TestDeclaredEncoding: a "#KIF … encoding=" declaration is followed unless the
// declared encoding cannot decode the text while the other one can; then the text
// wins, with a warning (lenient) or an error (strict) on line 1 that names the
// declaration.
func TestDeclaredEncoding(t *testing.T) {
	const body = "手合割：平手\n先手：羽生\n   1 ７六歩(77)\n"
	decl := func(name string) []byte { return []byte("#KIF version=2.0 encoding=" + name + "\r\n") }
	tests := []struct {
		name  string
		in    []byte
		says  string // the warning; "" for none
		key   string // the key of the header's second field
		value string
	}{
		{"UTF-8 as declared", append(decl("UTF-8"), body...), "", "先手", "羽生"},
		{"Shift_JIS as declared", append(decl("Shift_JIS"), toShiftJIS(t, body)...), "", "先手", "羽生"},
		{"declared UTF-8, Shift_JIS text", append(decl("UTF-8"), toShiftJIS(t, body)...),
			"the file declares encoding=UTF-8 but its text is Shift_JIS", "先手", "羽生"},
		{"declared utf8, Shift_JIS text", append(decl("utf8"), toShiftJIS(t, body)...),
			"the file declares encoding=utf8 but its text is Shift_JIS", "先手", "羽生"},
		{"declared Shift_JIS, UTF-8 text", append(decl("Shift_JIS"), body...),
			"the file declares encoding=Shift_JIS but its text is UTF-8", "先手", "羽生"},
		{"declared sjis, UTF-8 text", append(decl("sjis"), body...),
			"the file declares encoding=sjis but its text is UTF-8", "先手", "羽生"},
		// ﾚ： in Shift_JIS (DA 81 46) is valid UTF-8 too: the declaration decides.
		{"declared Shift_JIS, text valid in both", append(decl("Shift_JIS"), "\xDA\x81\x46x\n"...), "", "ﾚ", "x"},
		{"declared UTF-8, text valid in both", append(decl("UTF-8"), "\xDA\x81\x46x\n"...), "", "ځFx", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := NewReader(bytes.NewReader(tt.in))
			r.Lenient = true
			rec, err := r.Read()
			if err != nil {
				t.Fatal(err)
			}
			var want []warning
			if tt.says != "" {
				want = []warning{{1, 18, ErrEncoding, tt.says}}
			}
			if tt.key == "ځFx" {
				// Read as UTF-8, "ځFx" is a line without a colon.
				want = []warning{{2, 1, ErrUnknownLine, ""}}
			} else if v, ok := rec.Header.Get(tt.key); !ok || v != tt.value {
				t.Errorf("header %q, want %s：%s", rec.Header, tt.key, tt.value)
			}
			checkWarnings(t, want, r.Warnings())
			_, err = Parse(tt.in)
			if tt.says == "" && tt.key != "ځFx" {
				if err != nil {
					t.Errorf("strict: %v", err)
				}
				return
			}
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("strict: %v", err)
			}
			checkWarnings(t, want, []*SyntaxError{se})
		})
	}
}

package jkf_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/internal/gametest"
	"github.com/kifu-go/shogi/jkf"
)

const fixture = "testdata/ryuou201409020101.jkf"

var equateEmpty = cmpopts.EquateEmpty()

// flatRecord is a record with its move tree listed node by node: cmp is slow on deep
// pointer chains.
type flatRecord struct {
	Header    shogi.Header
	StartSFEN string
	Nodes     []flatNode
}

type flatNode struct {
	Path     string // the variations taken from the root
	Ply      int
	Move     string
	Time     shogi.MoveTime
	HasTime  bool
	Comments []string
	Bookmark string
	End      *shogi.Ending
}

func flatten(rec *shogi.Record) flatRecord {
	f := flatRecord{Header: rec.Header, StartSFEN: rec.StartSFEN}
	var walk func(n *shogi.Node, path string, ply int)
	walk = func(n *shogi.Node, path string, ply int) {
		for {
			f.Nodes = append(f.Nodes, flatNode{path, ply, n.Move.String(), n.Time, n.HasTime, n.Comments, n.Bookmark, n.End})
			if len(n.Children) == 0 {
				return
			}
			for i, c := range n.Children[1:] {
				walk(c, fmt.Sprintf("%s/%d.%d", path, ply+1, i+1), ply+1)
			}
			n, ply = n.Children[0], ply+1
		}
	}
	walk(&rec.Root, "", 0)
	return f
}

func diffRecords(want, got *shogi.Record) string {
	if gametest.RecordsEqual(want, got) {
		return "" // the fast path: cmp.Diff takes most of a fuzz target's time
	}
	return cmp.Diff(flatten(want), flatten(got), equateEmpty)
}

func mustParse(t testing.TB, data []byte) *shogi.Record {
	t.Helper()
	rec, err := jkf.Parse(data)
	if err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	return rec
}

func mustFormat(t testing.TB, rec *shogi.Record) []byte {
	t.Helper()
	b, err := jkf.Format(rec)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestFixture(t *testing.T) {
	data, err := os.ReadFile(fixture)
	if err != nil {
		t.Fatal(err)
	}
	rec := mustParse(t, data)
	wantKeys := []string{"対局ID", "記録ID", "開始日時", "終了日時", "表題", "棋戦", "持ち時間", "消費時間", "場所", "図", "手合割", "先手", "後手"}
	var keys []string
	for _, f := range rec.Header {
		keys = append(keys, f.Key)
	}
	if diff := cmp.Diff(wantKeys, keys); diff != "" {
		t.Errorf("header keys (-want +got):\n%s", diff)
	}
	if v, _ := rec.Header.Get(shogi.HeaderBlack); v != "羽生善治" {
		t.Errorf("black %q", v)
	}
	if rec.StartSFEN != shogi.StartSFEN {
		t.Errorf("start %s", rec.StartSFEN)
	}
	line := rec.MainLine()
	if len(line) != 117 {
		t.Fatalf("%d moves, want 117", len(line))
	}
	moves := rec.Moves()
	for i, want := range map[int]string{0: "7g7f", 1: "3c3d", 5: "2b8h+", 6: "7i8h", 82: "G*7g", 116: "B*7c"} {
		if got := moves[i].String(); got != want {
			t.Errorf("move %d: %s, want %s", i+1, got, want)
		}
	}
	if n := len(rec.Root.Comments); n != 6 {
		t.Errorf("%d start comments, want 6", n)
	}
	if n := len(line[0].Comments); n != 5 || line[0].Comments[0] != "comment comment" {
		t.Errorf("move 1 comments %q", line[0].Comments)
	}
	for i, n := range line {
		if !n.HasTime {
			t.Errorf("move %d has no time", i+1)
		}
	}
	if diff := cmp.Diff(&shogi.Ending{Kind: shogi.EndResign, Result: shogi.BlackWins, HasTime: true}, rec.Ending()); diff != "" {
		t.Errorf("ending (-want +got):\n%s", diff)
	}
	if _, err := rec.Replay(); err != nil {
		t.Error(err)
	}
}

// TestFixtureMoveFields: the writer gives every move the same relative, same, capture
// and promotion as the fixture (which json-kifu-format wrote); the fixture leaves out
// "promote": false.
func TestFixtureMoveFields(t *testing.T) {
	data, err := os.ReadFile(fixture)
	if err != nil {
		t.Fatal(err)
	}
	type fields struct {
		Same     bool
		Capture  string
		Relative string
		Promote  bool
	}
	extract := func(b []byte) []fields {
		var doc struct {
			Moves []struct {
				Move *struct {
					Same     bool   `json:"same"`
					Capture  string `json:"capture"`
					Relative string `json:"relative"`
					Promote  *bool  `json:"promote"`
				} `json:"move"`
			} `json:"moves"`
		}
		if err := json.Unmarshal(b, &doc); err != nil {
			t.Fatal(err)
		}
		var out []fields
		for _, m := range doc.Moves {
			if m.Move != nil {
				out = append(out, fields{m.Move.Same, m.Move.Capture, m.Move.Relative, m.Move.Promote != nil && *m.Move.Promote})
			}
		}
		return out
	}
	want := extract(data)
	got := extract(mustFormat(t, mustParse(t, data)))
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("move fields (-fixture +written):\n%s", diff)
	}
}

// TestFixtureRoundTrip: JKF → JKF keeps the record, and the second write gives the
// same bytes as the first.
func TestFixtureRoundTrip(t *testing.T) {
	data, err := os.ReadFile(fixture)
	if err != nil {
		t.Fatal(err)
	}
	rec := mustParse(t, data)
	first := mustFormat(t, rec)
	rec2 := mustParse(t, first)
	if diff := diffRecords(rec, rec2); diff != "" {
		t.Errorf("record changed (-want +got):\n%s", diff)
	}
	if second := mustFormat(t, rec2); !bytes.Equal(first, second) {
		t.Errorf("second write differs")
	}
	var buf bytes.Buffer
	w := jkf.NewWriter(&buf)
	w.Indent = "  "
	if err := w.Write(rec); err != nil {
		t.Fatal(err)
	}
	w.Flush()
	if diff := diffRecords(rec, mustParse(t, buf.Bytes())); diff != "" {
		t.Errorf("indented: record changed (-want +got):\n%s", diff)
	}
}

// The example of the JKF README.
const readmeExample = `{"header":{"先手":"na2hiro","後手":"うひょ"},
 "moves":[{},
  {"move":{"from":{"x":7,"y":7},"to":{"x":7,"y":6},"color":0,"piece":"FU"}},
  {"move":{"from":{"x":3,"y":3},"to":{"x":3,"y":4},"color":1,"piece":"FU"}},
  {"move":{"from":{"x":8,"y":8},"to":{"x":2,"y":2},"color":0,"piece":"KA","capture":"KA","promote":false}},
  {"move":{"from":{"x":3,"y":1},"to":{"x":2,"y":2},"color":1,"piece":"GI","capture":"KA","same":true}},
  {"move":{"to":{"x":4,"y":5},"color":0,"piece":"KA"}},
  {"special":"CHUDAN"}]}`

func TestReadmeExample(t *testing.T) {
	rec := mustParse(t, []byte(readmeExample))
	var got []string
	for _, m := range rec.Moves() {
		got = append(got, m.String())
	}
	if diff := cmp.Diff([]string{"7g7f", "3c3d", "8h2b", "3a2b", "B*4e"}, got); diff != "" {
		t.Errorf("moves (-want +got):\n%s", diff)
	}
	if e := rec.Ending(); e == nil || e.Kind != shogi.EndInterrupt {
		t.Errorf("ending %+v", e)
	}
	want := `{"header":{"先手":"na2hiro","後手":"うひょ"},"initial":{"preset":"HIRATE"},"moves":[{},` +
		`{"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"}},` +
		`{"move":{"color":1,"from":{"x":3,"y":3},"to":{"x":3,"y":4},"piece":"FU"}},` +
		`{"move":{"color":0,"from":{"x":8,"y":8},"to":{"x":2,"y":2},"piece":"KA","promote":false,"capture":"KA"}},` +
		`{"move":{"color":1,"from":{"x":3,"y":1},"to":{"x":2,"y":2},"piece":"GI","same":true,"capture":"KA"}},` +
		`{"move":{"color":0,"to":{"x":4,"y":5},"piece":"KA"}},` +
		`{"special":"CHUDAN"}]}` + "\n"
	if got := string(mustFormat(t, rec)); got != want {
		t.Errorf("written:\n%s\nwant:\n%s", got, want)
	}
}

func TestForks(t *testing.T) {
	// 1.▲7六歩 (or 1.▲2六歩 △8四歩 投了, or 1.▲5六歩) △3四歩 ▲2二角成 (or ▲6六歩 中断)
	text := `{"header":{},"moves":[{"comments":["start"]},
	{"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"},"comments":["main"],
	 "forks":[[{"move":{"color":0,"from":{"x":2,"y":7},"to":{"x":2,"y":6},"piece":"FU"},"time":{"now":{"m":1,"s":2},"total":{"h":0,"m":1,"s":2}}},
	           {"move":{"color":1,"from":{"x":8,"y":3},"to":{"x":8,"y":4},"piece":"FU"}},
	           {"special":"TORYO"}],
	          [{"move":{"color":0,"from":{"x":5,"y":7},"to":{"x":5,"y":6},"piece":"FU"}}]]},
	{"move":{"color":1,"from":{"x":3,"y":3},"to":{"x":3,"y":4},"piece":"FU"}},
	{"move":{"color":0,"from":{"x":8,"y":8},"to":{"x":2,"y":2},"piece":"KA","promote":true,"capture":"KA"},
	 "forks":[[{"move":{"color":0,"from":{"x":6,"y":7},"to":{"x":6,"y":6},"piece":"FU"}},{"special":"CHUDAN"}]]}]}`
	rec := mustParse(t, []byte(text))
	root := &rec.Root
	if len(root.Children) != 3 {
		t.Fatalf("%d first moves, want 3", len(root.Children))
	}
	v1 := root.Children[1]
	if v1.Move.String() != "2g2f" || v1.Time.Spent.Seconds() != 62 || len(v1.Children) != 1 {
		t.Errorf("variation 1: %s %v", v1.Move, v1.Time)
	}
	if e := v1.Children[0].End; e == nil || e.Kind != shogi.EndResign || e.Result != shogi.WhiteWins {
		t.Errorf("variation 1 ending %+v", e)
	}
	if root.Children[2].Move.String() != "5g5f" {
		t.Errorf("variation 2: %s", root.Children[2].Move)
	}
	n := root.Children[0].Children[0]
	if len(n.Children) != 2 || n.Children[0].Move.String() != "8h2b+" || n.Children[1].Move.String() != "6g6f" {
		t.Fatalf("move 3 and its fork: %v", n.Children)
	}
	if e := n.Children[1].End; e == nil || e.Kind != shogi.EndInterrupt {
		t.Errorf("fork ending %+v", e)
	}
	again := mustParse(t, mustFormat(t, rec))
	if diff := diffRecords(rec, again); diff != "" {
		t.Errorf("round trip (-want +got):\n%s", diff)
	}
}

func TestInitial(t *testing.T) {
	tests := []struct{ initial, sfen string }{
		{`{"preset":"HIRATE"}`, shogi.StartSFEN},
		{`{"preset":"KY"}`, "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
		{`{"preset":"8"}`, "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
		{`{"preset":"5_L"}`, "1nsgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
		{`{"preset":"OTHER","data":{"color":1,"board":[[{"color":1,"kind":"OU"},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],` +
			`[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{"color":0,"kind":"OU"}],` +
			`[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}]],` +
			`"hands":[{"FU":1,"KY":0,"KE":0,"GI":0,"KI":2,"KA":0,"HI":0},{"FU":0,"KY":0,"KE":0,"GI":0,"KI":0,"KA":0,"HI":1}]}}`,
			"8k/9/9/9/9/9/9/9/4K4 w 2GPr 1"},
	}
	for _, tt := range tests {
		rec := mustParse(t, []byte(`{"header":{},"initial":`+tt.initial+`,"moves":[{}]}`))
		want, _ := shogi.ParseSFEN(tt.sfen)
		got, err := rec.StartPosition()
		if err != nil || !got.Equal(want) {
			t.Errorf("%s: start %v (%v), want %s", tt.initial, got, err, tt.sfen)
		}
		again := mustParse(t, mustFormat(t, rec))
		if again.StartSFEN != rec.StartSFEN {
			t.Errorf("%s: start after a round trip %s", tt.initial, again.StartSFEN)
		}
	}
}

func TestSpecials(t *testing.T) {
	// After 1.▲7六歩 White is to move.
	tests := []struct {
		special string
		kind    shogi.EndingKind
		result  shogi.Result
		text    string
	}{
		{"TORYO", shogi.EndResign, shogi.BlackWins, ""},
		{"TSUMI", shogi.EndMate, shogi.BlackWins, ""},
		{"+ILLEGAL_ACTION", shogi.EndIllegalWin, shogi.WhiteWins, ""},
		{"-ILLEGAL_ACTION", shogi.EndIllegalLoss, shogi.BlackWins, ""},
		{"OUTE_SENNICHITE", shogi.EndSennichite, shogi.WhiteWins, ""},
		{"SENNICHITE", shogi.EndSennichite, shogi.Draw, ""},
		{"KACHI", shogi.EndEnteringKingWin, shogi.WhiteWins, ""},
		{"不戦勝", shogi.EndDefaultWin, shogi.WhiteWins, ""},
		{"封じ手", shogi.EndSealedMove, shogi.NoResult, ""},
		{"SOMETHING_ELSE", shogi.EndNone, shogi.NoResult, "SOMETHING_ELSE"},
	}
	for _, tt := range tests {
		text := `{"header":{},"moves":[{},{"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"}},{"special":"` + tt.special + `"}]}`
		rec := mustParse(t, []byte(text))
		want := &shogi.Ending{Kind: tt.kind, Result: tt.result, Text: tt.text}
		if diff := cmp.Diff(want, rec.Ending()); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.special, diff)
		}
		back := mustParse(t, mustFormat(t, rec))
		if tt.special == "OUTE_SENNICHITE" {
			// Not a special of the format: written as SENNICHITE, which reads back with
			// the rules' result, here no perpetual check but a draw.
			rec.Ending().Result = shogi.Draw
		}
		if diff := diffRecords(rec, back); diff != "" {
			t.Errorf("%s: round trip (-want +got):\n%s", tt.special, diff)
		}
	}
}

// TestPresetWithData: a preset may carry its position as data too, when they agree.
func TestPresetWithData(t *testing.T) {
	pos := shogi.NewStartPosition()
	var board [9][9]map[string]any
	for x := range 9 {
		for y := range 9 {
			board[x][y] = map[string]any{}
			if pc := pos.PieceAt(shogi.NewSquare(x+1, y+1)); pc != shogi.NoPiece {
				code := map[shogi.PieceType]string{shogi.Pawn: "FU", shogi.Lance: "KY", shogi.Knight: "KE", shogi.Silver: "GI",
					shogi.Gold: "KI", shogi.Bishop: "KA", shogi.Rook: "HI", shogi.King: "OU"}[pc.Type()]
				board[x][y] = map[string]any{"color": int(pc.Color()), "kind": code}
			}
		}
	}
	data, err := json.Marshal(map[string]any{"header": map[string]string{}, "moves": []any{map[string]any{}},
		"initial": map[string]any{"preset": "HIRATE", "data": map[string]any{"color": 0, "board": board, "hands": []any{map[string]int{}, map[string]int{}}}}})
	if err != nil {
		t.Fatal(err)
	}
	if rec := mustParse(t, data); rec.StartSFEN != shogi.StartSFEN {
		t.Errorf("start %s", rec.StartSFEN)
	}
}

// TestLishogiSanmaiIsOther: lishogi's 三枚落ち removes the 9一 lance instead of the 1一
// one; it is no JKF preset and must come back as the same position.
func TestLishogiSanmaiIsOther(t *testing.T) {
	const sfen = "1nsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
	rec := &shogi.Record{StartSFEN: sfen}
	data, err := jkf.Format(rec)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(data), `"preset": "3"`) || strings.Contains(string(data), `"preset":"3"`) {
		t.Fatalf("written as preset 3:\n%s", data)
	}
	back, err := jkf.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if back.StartSFEN != sfen {
		t.Errorf("start %s, want %s", back.StartSFEN, sfen)
	}
}

// TestAlternativeEnding: a fork that is only a special entry is an ending given as an
// alternative to the move (a child without a move); the main line goes on.
func TestAlternativeEnding(t *testing.T) {
	const in = `{"header":{},"moves":[{},` +
		`{"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"}},` +
		`{"move":{"color":1,"from":{"x":3,"y":3},"to":{"x":3,"y":4},"piece":"FU"},"forks":[[{"special":"TORYO"}]]}]}`
	rec, err := jkf.Parse([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if n := len(rec.Moves()); n != 2 || rec.Ending() != nil {
		t.Fatalf("main line %v, ending %+v; want 2 moves and no ending", rec.Moves(), rec.Ending())
	}
	first := rec.MainLine()[0]
	if len(first.Children) != 2 || !first.Children[1].IsEnding() || first.Children[1].End.Kind != shogi.EndResign {
		t.Fatalf("children %+v, want the move and an alternative resignation", first.Children)
	}
	out, err := jkf.Format(rec)
	if err != nil {
		t.Fatal(err)
	}
	back, err := jkf.Parse(out)
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := jkf.Format(back); !bytes.Equal(out, again) {
		t.Errorf("not stable:\n%s\n%s", out, again)
	}
	if len(back.MainLine()[0].Children) != 2 || !back.MainLine()[0].Children[1].IsEnding() {
		t.Errorf("read back without the alternative ending:\n%s", out)
	}
}

// TestWriteUnread: the writer writes nothing for an unread line's ending (no special
// entry, no result); the record reads back as the same moves without an ending. An
// unread alternative ending is left out too.
func TestWriteUnread(t *testing.T) {
	rec := shogi.NewRecord()
	first := rec.Root.AddChild(shogi.NewMove(shogi.NewSquare(7, 7), shogi.NewSquare(7, 6), false))
	second := first.AddChild(shogi.NewMove(shogi.NewSquare(3, 3), shogi.NewSquare(3, 4), false))
	second.End = &shogi.Ending{Kind: shogi.EndUnread, Text: `{"color":0,"to":{"x":5,"y":5},"piece":"KA"}`}
	rec.Root.Children = append(rec.Root.Children, &shogi.Node{End: &shogi.Ending{Kind: shogi.EndUnread, Text: "UNREAD"}})
	out := mustFormat(t, rec)
	for _, word := range []string{"special", "KA", "UNREAD"} {
		if strings.Contains(string(out), word) {
			t.Errorf("written text holds %s:\n%s", word, out)
		}
	}
	back := mustParse(t, out)
	if diff := cmp.Diff(rec.Moves(), back.Moves()); diff != "" {
		t.Errorf("moves (-want +got):\n%s", diff)
	}
	if back.Ending() != nil || len(back.Root.Children) != 1 {
		t.Errorf("read back with ending %+v and %d first moves", back.Ending(), len(back.Root.Children))
	}
	// A line that stops unread where variations branch stops there: the variations
	// are left out, never promoted to the line's continuation (issue 18).
	second.AddChild(shogi.NewMove(shogi.NewSquare(2, 7), shogi.NewSquare(2, 6), false))
	second.AddChild(shogi.NewMove(shogi.NewSquare(5, 7), shogi.NewSquare(5, 6), false))
	back = mustParse(t, mustFormat(t, rec))
	if got := back.Moves(); len(got) != 2 || back.Ending() != nil || len(back.MainLine()[1].Children) != 0 {
		t.Errorf("read back %v, ending %+v; want the line to stop after 3c3d", got, back.Ending())
	}
}

// TestParseConcurrently: Parse calls at once, on records of several presets, share the
// pool of decoders and the parsed preset positions without a race (go test -race) and
// without one record's entries showing in another.
func TestParseConcurrently(t *testing.T) {
	var texts [][]byte
	var want []*shogi.Record
	for i, start := range []string{"HIRATE", "KY", "HI", "2", "HIRATE"} {
		rec := gametest.Long(30+10*i, uint64(i))
		text, err := jkf.Format(rec)
		if err != nil {
			t.Fatal(err)
		}
		if start != "HIRATE" {
			text = []byte(`{"header":{"n":"` + start + `"},"initial":{"preset":"` + start + `"},"moves":[{}]}`)
		}
		rec, err = jkf.Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		texts, want = append(texts, text), append(want, rec)
	}
	var wg sync.WaitGroup
	errs := make(chan string, 8*len(texts))
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range 50 {
				i := (g + k) % len(texts)
				got, err := jkf.Parse(texts[i])
				if err != nil {
					errs <- err.Error()
					return
				}
				if diff := diffRecords(want[i], got); diff != "" {
					errs <- diff
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

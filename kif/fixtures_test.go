package kif

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	shogi "github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/internal/gametest"
)

// fixture is what a test asserts of one record of testdata/.
type fixture struct {
	file       string
	moves      int
	first      []string // the first moves of the main line, in USI
	last       string   // the last move of the main line
	start      string   // the start SFEN; "" for the even game
	end        shogi.EndingKind
	result     shogi.Result
	variations int               // alternatives to a main continuation, in the whole tree
	header     map[string]string // spot checks
	headerLen  int
	root       []string // comments on the start position (a prefix)
	comments   map[int][]string
	times      map[int]shogi.MoveTime // by ply index of the main line
	noTimes    bool
	bookmarks  map[int]string // by ply index; -1 is the start position
}

func sec(spent, total int) shogi.MoveTime {
	return shogi.MoveTime{Spent: time.Duration(spent) * time.Second, Total: time.Duration(total) * time.Second}
}

var fixtures = []fixture{
	{file: "ki2/20091203.ki2", moves: 172, first: []string{"7g7f", "8c8d", "7i6h"}, last: "3d2e",
		end: shogi.EndResign, result: shogi.WhiteWins, headerLen: 5, noTimes: true,
		header: map[string]string{"後手": "西尾　明五段", "持ち時間": "15分＋30秒＋（考慮時間10分）"},
		root:   []string{"放送日：2010/02/13"}},
	{file: "ki2/8mai.ki2", moves: 25, first: []string{"6a7b", "7g7f"}, last: "4c3d",
		start: "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", end: shogi.EndInterrupt,
		headerLen: 5, noTimes: true, header: map[string]string{"手合割": "八枚落ち", "下手": "shitate", "上手": "uwate"}},
	{file: "ki2/chudan.ki2", moves: 3, first: []string{"7g7f", "3c3d", "8h2b+"}, last: "8h2b+",
		end: shogi.EndInterrupt, headerLen: 4, noTimes: true, header: map[string]string{"先手": "sente"}},
	{file: "ki2/fork.ki2", moves: 3, first: []string{"7g7f", "3c3d", "2g2f"}, last: "2g2f",
		end: shogi.EndResign, result: shogi.BlackWins, variations: 7, headerLen: 2, noTimes: true},
	{file: "ki2/illegal.ki2", moves: 2, first: []string{"7g7f", "3c3d"}, last: "3c3d",
		end: shogi.EndIllegalLoss, result: shogi.WhiteWins, variations: 1, headerLen: 2, noTimes: true},
	{file: "kif/20081220kyoochi.kif", moves: 142, first: []string{"3c3d", "2g2f", "2b3c"}, last: "N*9c",
		start: "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
		end:   shogi.EndResign, result: shogi.BlackWins, headerLen: 7, noTimes: true,
		header: map[string]string{"手合割": "香落ち", "上手": "深浦康市", "下手": "糸谷哲郎", "持ち時間": "60分 切れたら1分将棋"},
		root:   []string{"棋戦詳細：トップ棋士VS関西新鋭 指し込み2番勝負", "　「糸谷哲郎五段 」vs「深浦康市王位 」"}},
	{file: "kif/8mai.kif", moves: 25, first: []string{"6a7b", "7g7f"}, last: "4c3d",
		start: "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", end: shogi.EndInterrupt,
		headerLen: 5, times: map[int]shogi.MoveTime{0: sec(3, 3), 7: sec(14, 20), 24: sec(1, 48)}},
	{file: "kif/chudan.kif", moves: 3, first: []string{"7g7f", "3c3d", "8h2b+"}, last: "8h2b+",
		end: shogi.EndInterrupt, headerLen: 5, times: map[int]shogi.MoveTime{2: sec(6, 8)}},
	{file: "kif/fork.kif", moves: 3, first: []string{"7g7f", "3c3d", "2g2f"}, last: "2g2f",
		end: shogi.EndResign, result: shogi.BlackWins, variations: 7, headerLen: 5,
		header: map[string]string{"手合割": "平手", "先手": ""}, times: map[int]shogi.MoveTime{1: sec(1, 1)}},
	{file: "kif/habu-fujii-2006.kif", moves: 181, first: []string{"7g7f", "3c3d", "2g2f"}, last: "7a7b+",
		end: shogi.EndResign, result: shogi.BlackWins, headerLen: 9, noTimes: true,
		header: map[string]string{"戦型": "四間飛車", "場所": "東京「将棋会館」", "後手": "藤井猛"},
		root:   []string{"棋戦詳細：第65期順位戦A級06回戦"}},
	{file: "kif/henka.kif", moves: 12, first: []string{"7g7f", "8c8d", "2g2f"}, last: "7a6b",
		end: shogi.EndInterrupt, variations: 5, headerLen: 9,
		header:    map[string]string{"手合割": "平手", "消費時間": "26▲26△359", "持ち時間": "６時間"},
		root:      []string{"開始局面のコメント", "2 <B>ボールド</B>", `3 <font color="#ff0000">赤</FONT>`, "4", "5 http://homepage2.nifty.com/kakinoki_y/ "},
		comments:  map[int][]string{0: {"初手のコメント"}, 1: {"２手目のコメント"}},
		times:     map[int]shogi.MoveTime{0: sec(2, 2), 9: sec(1, 7), 11: sec(0, 7)},
		bookmarks: map[int]string{-1: "読み込み時表示"}},
	{file: "kif/illegal.kif", moves: 2, first: []string{"7g7f", "3c3d"}, last: "3c3d",
		end: shogi.EndIllegalLoss, result: shogi.WhiteWins, variations: 1, headerLen: 5, noTimes: true},
	{file: "kif/jt201409130101.kif", moves: 107, first: []string{"2g2f", "8c8d", "7g7f"}, last: "N*5e",
		end: shogi.EndResign, result: shogi.BlackWins, headerLen: 14,
		header:   map[string]string{"開始日時": "2014/09/13 14：59", "先手省略名": "渡辺明", "記録ID": ""},
		root:     []string{"コメント"},
		comments: map[int][]string{0: {"初手コメント"}, 1: {"なんたらかんたら", "あーだこーだ"}, 106: {"投了となった"}},
		times:    map[int]shogi.MoveTime{0: sec(0, 0)}},
	{file: "kif/kiou201403160101.kif", moves: 85, first: []string{"7g7f", "3c3d"}, last: "7b8c+",
		end: shogi.EndResign, result: shogi.BlackWins, headerLen: 13, noTimes: true,
		header: map[string]string{"図": "投了", "対局ID": "2674"}, root: []string{"comment comment"}},
	{file: "kif/last-fork.kifu", moves: 10, first: []string{"2g2f", "8c8d"}, last: "P*2c",
		end: shogi.EndInterrupt, variations: 1, headerLen: 5, times: map[int]shogi.MoveTime{9: sec(5, 7)}},
	{file: "kif/no_henka.kifu", moves: 11, first: []string{"7g7f", "8c8d"}, last: "8h7g",
		end: shogi.EndNone, headerLen: 9, root: []string{"Unicodeのコメント", "森雞二九段"},
		comments:  map[int][]string{0: {"初手のコメント", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"}},
		bookmarks: map[int]string{10: "読み込み時表示"}},
	{file: "kif/noeol.kif", moves: 3, first: []string{"7g7f", "3c3d", "8h2b+"}, last: "8h2b+",
		end: shogi.EndInterrupt, headerLen: 5, times: map[int]shogi.MoveTime{2: sec(6, 8)}},
	{file: "kif/ryuou201409020101.kif", moves: 117, first: []string{"7g7f", "3c3d"}, last: "B*7c",
		end: shogi.EndResign, result: shogi.BlackWins, headerLen: 13, header: map[string]string{"表題": "竜王戦"}},
	{file: "kif/shogidokoro.kifu", moves: 19, first: []string{"R*5b", "G*3b", "B*3a"}, last: "3b2b+",
		start: "4+B2n1/7k1/6pp1/7gp/4P3P/9/9/9/9 b RBSNr3g3s2n4l13p 1", end: shogi.EndNone, headerLen: 2,
		times: map[int]shogi.MoveTime{0: sec(31, 31), 2: sec(0, 31)}},
	{file: "kif/taichitsume.kif", moves: 7, first: []string{"S*1c", "2a1c", "G*1b"}, last: "3a3b",
		start: "6+Pnl/6Sk1/6sp1/9/8P/9/9/9/9 b GS2r2b3gs3n3l15p 1", end: shogi.EndMate, result: shogi.BlackWins,
		headerLen: 5, header: map[string]string{"手合割": "平手"}, times: map[int]shogi.MoveTime{6: sec(4, 10)}},
}

func readTestdata(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func countVariations(n *shogi.Node) int {
	c := max(len(n.Children)-1, 0)
	for _, ch := range n.Children {
		c += countVariations(ch)
	}
	return c
}

func TestFixturesCovered(t *testing.T) {
	files, _ := filepath.Glob("testdata/ki*/*")
	seen := map[string]bool{}
	for _, f := range fixtures {
		seen[f.file] = true
	}
	for _, f := range files {
		rel, _ := filepath.Rel("testdata", f)
		if !seen[filepath.ToSlash(rel)] {
			t.Errorf("%s has no fixture test", rel)
		}
	}
}

func TestFixtures(t *testing.T) {
	for _, f := range fixtures {
		t.Run(f.file, func(t *testing.T) {
			data := readTestdata(t, f.file)
			parse := Parse
			if strings.HasPrefix(f.file, "ki2/") {
				parse = ParseKI2
			}
			rec, err := parse(data)
			if err != nil {
				t.Fatal(err)
			}
			checkFixture(t, f, rec)
			// The record replays under the rules, and its ending agrees with them.
			if _, err := rec.Replay(); err != nil {
				t.Errorf("replay: %v", err)
			}
		})
	}
}

func checkFixture(t *testing.T, f fixture, rec *shogi.Record) {
	t.Helper()
	moves := rec.Moves()
	if len(moves) != f.moves {
		t.Errorf("moves: got %d, want %d", len(moves), f.moves)
	}
	for i, want := range f.first {
		if i >= len(moves) || moves[i].String() != want {
			t.Errorf("move %d: got %v, want %s", i+1, moves[:min(len(moves), len(f.first))], want)
			break
		}
	}
	if len(moves) > 0 && moves[len(moves)-1].String() != f.last {
		t.Errorf("last move: got %v, want %s", moves[len(moves)-1], f.last)
	}
	start := f.start
	if start == "" {
		start = shogi.StartSFEN
	}
	if rec.StartSFEN != start {
		t.Errorf("start: got %q, want %q", rec.StartSFEN, start)
	}
	end := rec.Ending()
	switch {
	case f.end == shogi.EndNone && end != nil:
		t.Errorf("ending: got %+v, want none", end)
	case f.end != shogi.EndNone && end == nil:
		t.Errorf("ending: got none, want %v", f.end)
	case end != nil && (end.Kind != f.end || end.Result != f.result || end.Text != ""):
		t.Errorf("ending: got %+v, want %v %v", end, f.end, f.result)
	}
	if got := countVariations(&rec.Root); got != f.variations {
		t.Errorf("variations: got %d, want %d", got, f.variations)
	}
	if len(rec.Header) != f.headerLen {
		t.Errorf("header: got %d fields %q, want %d", len(rec.Header), rec.Header, f.headerLen)
	}
	for k, want := range f.header {
		if got, ok := rec.Header.Get(k); !ok || got != want {
			t.Errorf("header %s: got %q, %v; want %q", k, got, ok, want)
		}
	}
	if len(rec.Root.Comments) < len(f.root) {
		t.Errorf("start comments: got %q, want a prefix %q", rec.Root.Comments, f.root)
	} else if diff := cmp.Diff(f.root, rec.Root.Comments[:len(f.root)], cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("start comments (-want +got):\n%s", diff)
	}
	line := rec.MainLine()
	for ply, want := range f.comments {
		if diff := cmp.Diff(want, line[ply].Comments); diff != "" {
			t.Errorf("comments of move %d (-want +got):\n%s", ply+1, diff)
		}
	}
	for ply, want := range f.times {
		if !line[ply].HasTime || line[ply].Time != want {
			t.Errorf("time of move %d: got %+v %v, want %+v", ply+1, line[ply].Time, line[ply].HasTime, want)
		}
	}
	if f.noTimes {
		for i, n := range line {
			if n.HasTime {
				t.Errorf("move %d has a time", i+1)
				break
			}
		}
	}
	for ply, want := range f.bookmarks {
		n := &rec.Root
		if ply >= 0 {
			n = line[ply]
		}
		if n.Bookmark != want {
			t.Errorf("bookmark at %d: got %q, want %q", ply+1, n.Bookmark, want)
		}
	}
}

// TestFixtureRoundTrip writes every fixture in both dialects and both encodings:
// the record survives, and writing what was read back gives the same bytes.
func TestFixtureRoundTrip(t *testing.T) {
	for _, f := range fixtures {
		rec, err := Parse(readTestdata(t, f.file))
		if err != nil {
			t.Fatalf("%s: %v", f.file, err)
		}
		for _, d := range []Dialect{KIF, KI2} {
			for _, enc := range []Encoding{UTF8, ShiftJIS} {
				name := f.file + "/" + d.String() + "/" + enc.String()
				if enc == ShiftJIS && f.file == "kif/no_henka.kifu" {
					// 雞 is not in Shift_JIS: writing it is an error (see TestWriteUnencodable).
					continue
				}
				first := write(t, rec, d, enc)
				rec2, err := readAs(first, d)
				if err != nil {
					t.Fatalf("%s: reading back: %v\n%s", name, err, first)
				}
				second := write(t, rec2, d, enc)
				if !bytes.Equal(first, second) {
					t.Errorf("%s: second write differs:\n%s", name, cmp.Diff(string(first), string(second)))
				}
				want := normalised(rec, d)
				if diff := diffRecords(want, rec2); diff != "" {
					t.Errorf("%s: record changed (-want +got):\n%s", name, diff)
				}
			}
		}
	}
}

// normalised is rec as a write normalises it: the 手合割 says what the start position
// is, and KI2 has no times.
func normalised(rec *shogi.Record, d Dialect) *shogi.Record {
	out := *rec
	out.Header = append(shogi.Header(nil), rec.Header...)
	name, named := handicapName(rec.StartSFEN)
	if _, ok := out.Header.Get(shogi.HeaderHandicap); ok {
		if !named {
			name = handicapOther
		}
		for i := range out.Header {
			if out.Header[i].Key == shogi.HeaderHandicap {
				out.Header[i].Value = name
			}
		}
	} else if named && name != "平手" {
		out.Header.Set(shogi.HeaderHandicap, name)
	}
	out.Root = *cloneNode(&rec.Root, d == KI2)
	return &out
}

func cloneNode(n *shogi.Node, dropTimes bool) *shogi.Node {
	c := *n
	if dropTimes {
		c.Time, c.HasTime = shogi.MoveTime{}, false
		if c.End != nil {
			e := *c.End
			e.Time, e.HasTime = shogi.MoveTime{}, false
			c.End = &e
		}
	}
	c.Children = nil
	for _, ch := range n.Children {
		c.Children = append(c.Children, cloneNode(ch, dropTimes))
	}
	return &c
}

// fataler is what the helpers need of *testing.T and *rapid.T.
type fataler interface {
	Helper()
	Fatal(args ...any)
}

func write(t fataler, rec *shogi.Record, d Dialect, enc Encoding) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := NewWriter(&buf)
	w.Format, w.Encoding = d, enc
	if err := w.Write(rec); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func readAs(data []byte, d Dialect) (*shogi.Record, error) {
	r := NewReader(bytes.NewReader(data))
	r.Format = d
	return r.Read()
}

// flatRecord lists a record one node per entry, for comparisons with readable diffs.
type flatRecord struct {
	Header shogi.Header
	Start  string
	Nodes  []flatNode
}

type flatNode struct {
	Path     string // the USI moves from the start, the variations' indices included
	Time     shogi.MoveTime
	HasTime  bool
	Comments []string
	Bookmark string
	End      *shogi.Ending
}

func flatten(rec *shogi.Record) flatRecord {
	f := flatRecord{Header: rec.Header, Start: rec.StartSFEN}
	var walk func(n *shogi.Node, path string)
	walk = func(n *shogi.Node, path string) {
		f.Nodes = append(f.Nodes, flatNode{path, n.Time, n.HasTime, n.Comments, n.Bookmark, n.End})
		for i, c := range n.Children {
			p := path + " " + c.Move.String()
			if i > 0 {
				p = path + " |" + strconv.Itoa(i) + " " + c.Move.String()
			}
			walk(c, p)
		}
	}
	walk(&rec.Root, "")
	return f
}

// diffRecords compares two records, treating nil and empty slices alike.
func diffRecords(want, got *shogi.Record) string {
	if gametest.RecordsEqual(want, got) {
		return "" // the fast path: cmp.Diff takes most of a fuzz target's time
	}
	return cmp.Diff(flatten(want), flatten(got), cmpopts.EquateEmpty())
}

package csa_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/csa"
	"github.com/kifu-go/shogi/internal/gametest"
)

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

func readFile(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func usiMoves(ms []shogi.Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.String()
	}
	return out
}

// fixture describes what a test file holds.
type fixture struct {
	file      string
	header    shogi.Header
	start     string
	moves     int
	first     []string // the first moves, USI
	last      string   // the last move, USI
	ending    *shogi.Ending
	rootNotes []string // comments on the start position
	times     []time.Duration
	comments  map[int][]string // comments by move index (1-based)
}

var fixtures = []fixture{
	{
		file: "8mai.csa",
		header: shogi.Header{
			{Key: shogi.HeaderShitate, Value: "shitate"}, {Key: shogi.HeaderUwate, Value: "uwate"},
			{Key: shogi.HeaderStartTime, Value: "2014/10/13 18:51:20"}, {Key: shogi.HeaderEndTime, Value: "2014/10/13 18:53:37"},
		},
		start:     "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
		moves:     25,
		first:     []string{"6a7b", "7g7f", "4a3b"},
		last:      "4c3d",
		ending:    &shogi.Ending{Kind: shogi.EndInterrupt, Time: shogi.MoveTime{Spent: 39 * time.Second, Total: 89 * time.Second}, HasTime: true},
		rootNotes: []string{"' ---- Kifu for Windows V7 V7.08 CSA形式棋譜ファイル ----"},
		times:     []time.Duration{3 * time.Second, 1 * time.Second, 2 * time.Second},
	},
	{
		file: "9fu.csa",
		header: shogi.Header{
			{Key: shogi.HeaderBlack, Value: "shitate"}, {Key: shogi.HeaderWhite, Value: "uwate"},
			{Key: shogi.HeaderStartTime, Value: "2014/10/14 01:15:29"}, {Key: shogi.HeaderEndTime, Value: "2014/10/14 01:19:14"},
		},
		start:     "7pk/7p1/7p1/7p1/7p1/7p1/7p1/7p1/7p1 b 2R4L4s4n 1",
		moves:     61,
		first:     []string{"L*1c", "N*1b", "1c1b+", "1a1b"},
		last:      "R*1d",
		ending:    &shogi.Ending{Kind: shogi.EndMate, Result: shogi.BlackWins, Time: shogi.MoveTime{Spent: 4 * time.Second, Total: 45 * time.Second}, HasTime: true},
		rootNotes: []string{"' ---- Kifu for Windows V7 V7.08 CSA形式棋譜ファイル ----"},
		times:     []time.Duration{2 * time.Second, 1 * time.Second, 1 * time.Second, 1 * time.Second},
	},
	{
		file: "chudan.csa",
		header: shogi.Header{
			{Key: shogi.HeaderBlack, Value: "sente"}, {Key: shogi.HeaderWhite, Value: "gote"},
			{Key: shogi.HeaderStartTime, Value: "2014/10/12 14:46:51"}, {Key: shogi.HeaderEndTime, Value: "2014/10/12 14:47:55"},
		},
		start:     shogi.StartSFEN,
		moves:     3,
		first:     []string{"7g7f", "3c3d", "8h2b+"},
		last:      "8h2b+",
		ending:    &shogi.Ending{Kind: shogi.EndInterrupt, Time: shogi.MoveTime{Spent: 51 * time.Second, Total: 56 * time.Second}, HasTime: true},
		rootNotes: []string{"' ---- Kifu for Windows V7 V7.08 CSA形式棋譜ファイル ----"},
		times:     []time.Duration{2 * time.Second, 5 * time.Second, 6 * time.Second},
	},
	{
		file: "example.csa",
		header: shogi.Header{
			{Key: shogi.HeaderBlack, Value: "NAKAHARA"}, {Key: shogi.HeaderWhite, Value: "YONENAGA"},
			{Key: shogi.HeaderEvent, Value: "13th World Computer Shogi Championship"},
			{Key: shogi.HeaderSite, Value: "KAZUSA ARC"},
			{Key: shogi.HeaderStartTime, Value: "2003/05/03 10:30:00"},
			{Key: shogi.HeaderEndTime, Value: "2003/05/03 11:11:05"},
			{Key: shogi.HeaderTimeLimit, Value: "00:25+00"},
			{Key: shogi.HeaderOpening, Value: "YAGURA"},
		},
		start:  shogi.StartSFEN,
		moves:  2,
		first:  []string{"2g2f", "3c3d"},
		last:   "3c3d",
		ending: &shogi.Ending{Kind: shogi.EndInterrupt, Comments: []string{"'---------------------------------------------------------"}},
		rootNotes: []string{`'----------棋譜ファイルの例"example.csa"-----------------`, "'バージョン", "'対局者名",
			"'棋譜情報", "'棋戦名", "'対局場所", "'開始日時", "'終了日時", "'持ち時間:25分、切れ負け", "'戦型:矢倉",
			"'平手の局面", "'先手番", "'指し手と消費時間"},
		times: []time.Duration{12 * time.Second, 6 * time.Second},
	},
	{
		file: "illegal_lose.csa",
		header: shogi.Header{
			{Key: shogi.HeaderBlack, Value: "sent0"}, {Key: shogi.HeaderWhite, Value: "gote"},
			{Key: shogi.HeaderStartTime, Value: "2014/10/22 12:36:56"}, {Key: shogi.HeaderEndTime, Value: "2014/10/22 12:37:03"},
		},
		start:     shogi.StartSFEN,
		moves:     2,
		first:     []string{"7g7f", "3c3d"},
		last:      "3c3d",
		ending:    &shogi.Ending{Kind: shogi.EndIllegalLoss, Result: shogi.WhiteWins, HasTime: true},
		rootNotes: []string{"' ---- Kifu for Windows V7 V7.08 CSA形式棋譜ファイル ----"},
		times:     []time.Duration{0, 0},
	},
	{
		file: "jt-eucjp.csa",
		header: shogi.Header{
			{Key: shogi.HeaderStartTime, Value: "2014/09/13 14：59"}, {Key: shogi.HeaderEndTime, Value: "2014/09/13 16：16"},
			{Key: shogi.HeaderEvent, Value: "第３５回将棋日本シリーズ　ＪＴプロ公式戦二回戦第三局　熊本大会"},
			{Key: shogi.HeaderTimeLimit, Value: "各10分"}, {Key: shogi.HeaderSite, Value: "熊本・グランメッセ熊本"},
			{Key: shogi.HeaderBlack, Value: "渡辺明"}, {Key: shogi.HeaderWhite, Value: "佐藤康光"},
		},
		start:     shogi.StartSFEN,
		moves:     107,
		first:     []string{"2g2f", "8c8d", "7g7f"},
		last:      "N*5e",
		ending:    &shogi.Ending{Kind: shogi.EndResign, Result: shogi.BlackWins, HasTime: true},
		rootNotes: []string{"コメント"},
		times:     []time.Duration{0, 0, 0},
		comments:  map[int][]string{1: {"初手コメント"}, 2: {"なんたらかんたら", "あーだこーだ"}, 107: {"投了となった"}},
	},
	{
		file: "jt-sjis.csa",
		header: shogi.Header{
			{Key: shogi.HeaderStartTime, Value: "2014/09/13 14：59"}, {Key: shogi.HeaderEndTime, Value: "2014/09/13 16：16"},
			{Key: shogi.HeaderEvent, Value: "第３５回将棋日本シリーズ　ＪＴプロ公式戦二回戦第三局　熊本大会"},
			{Key: shogi.HeaderTimeLimit, Value: "各10分"}, {Key: shogi.HeaderSite, Value: "熊本・グランメッセ熊本"},
			{Key: shogi.HeaderBlack, Value: "渡辺明"}, {Key: shogi.HeaderWhite, Value: "佐藤康光"},
		},
		start:     shogi.StartSFEN,
		moves:     107,
		first:     []string{"2g2f", "8c8d", "7g7f"},
		last:      "N*5e",
		ending:    &shogi.Ending{Kind: shogi.EndResign, Result: shogi.BlackWins, HasTime: true},
		rootNotes: []string{"コメント"},
		times:     []time.Duration{0, 0, 0},
		comments:  map[int][]string{1: {"初手コメント"}, 2: {"なんたらかんたら", "あーだこーだ"}, 107: {"投了となった"}},
	},
	{
		file: "v2.csa",
		header: shogi.Header{
			{Key: shogi.HeaderBlack, Value: "Titanda_L"}, {Key: shogi.HeaderWhite, Value: "HarrySan"},
			{Key: shogi.HeaderEvent, Value: "wdoor+floodgate-600-10F+Titanda_L+HarrySan+20160614033003"},
			{Key: shogi.HeaderStartTime, Value: "2016/06/14 03:30:03"},
		},
		start: shogi.StartSFEN,
		moves: 196,
		first: []string{"7g7f", "8c8d", "5g5f"},
		last:  "G*6h",
		ending: &shogi.Ending{Kind: shogi.EndResign, Result: shogi.WhiteWins, Comments: []string{
			"'P1-KY *  *  *  *  *  * -OU-KY", "'P2 *  *  *  *  *  *  *  *  * ",
			"'P3-FU *  * +TO-FU * -KI-FU-FU", "'P4 *  *  *  *  * -FU-FU *  * ",
			"'P5 *  *  *  * -GI-KE *  *  * ", "'P6+FU-NG *  * -KI * +FU+KI * ",
			"'P7 * -FU * -FU *  *  *  * +FU", "'P8 *  *  * -KI+OU+KA-UM+KE * ",
			"'P9-NG *  *  *  *  *  *  * +KY", "'P+00FU00HI",
			"'P-00FU00FU00FU00FU00FU00GI00HI00KE00KE00KY", "'+",
			"'summary:toryo:Titanda_L lose:HarrySan win", "'$END_TIME:2016/06/14 04:19:38",
		}},
		rootNotes: []string{"'Max_Moves:256", "'Least_Time_Per_Move:0", "'Increment:10",
			"'rating:Titanda_L+6b6e46d505f45eee12b22e90e0fd1e5d:HarrySan+c9f457ba94a46d05c651216233db6d00",
			"'black_rate:Titanda_L+6b6e46d505f45eee12b22e90e0fd1e5d:3345.0",
			"'white_rate:HarrySan+c9f457ba94a46d05c651216233db6d00:3453.0"},
		times: []time.Duration{0, 0, 0, 0, 0, 0, 85 * time.Second, 0, 67 * time.Second},
		comments: map[int][]string{
			1: {"* 104"},
			2: {"* 0"},
			7: {"* 50 -3334FU +7988GI -2277UM +8877GI -3122GI +6978KI -6152KI +4958KI -6364FU +6766FU -2233GI +5969OU -7374FU +5867KI -8173KE +3736FU -5142OU +4837GI -4232OU +3746GI -6465FU +6665FU -7365KE +7766GI -8586FU +8786FU -8286HI"},
		},
	},
}

func TestFixtures(t *testing.T) {
	for _, f := range fixtures {
		t.Run(f.file, func(t *testing.T) {
			rec, err := csa.Parse(readFile(t, f.file))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(f.header, rec.Header, equateEmpty); diff != "" {
				t.Errorf("header (-want +got):\n%s", diff)
			}
			if rec.StartSFEN != f.start {
				t.Errorf("start %q, want %q", rec.StartSFEN, f.start)
			}
			moves := usiMoves(rec.Moves())
			if len(moves) != f.moves {
				t.Fatalf("%d moves, want %d", len(moves), f.moves)
			}
			if diff := cmp.Diff(f.first, moves[:len(f.first)]); diff != "" {
				t.Errorf("first moves (-want +got):\n%s", diff)
			}
			if moves[len(moves)-1] != f.last {
				t.Errorf("last move %s, want %s", moves[len(moves)-1], f.last)
			}
			if diff := cmp.Diff(f.ending, rec.Ending()); diff != "" {
				t.Errorf("ending (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(f.rootNotes, rec.Root.Comments, equateEmpty); diff != "" {
				t.Errorf("start comments (-want +got):\n%s", diff)
			}
			line := rec.MainLine()
			var total [2]time.Duration
			for i, d := range f.times {
				n := line[i]
				total[i%2] += d
				want := shogi.MoveTime{Spent: d, Total: total[i%2]}
				if !n.HasTime || n.Time != want {
					t.Errorf("move %d: time %+v (has %v), want %+v", i+1, n.Time, n.HasTime, want)
				}
			}
			for i, want := range f.comments {
				if diff := cmp.Diff(want, line[i-1].Comments); diff != "" {
					t.Errorf("move %d comments (-want +got):\n%s", i, diff)
				}
			}
			if _, err := rec.Replay(); err != nil {
				t.Errorf("replay: %v", err)
			}
		})
	}
}

// TestFixtureNineFu: 9fu.csa (the 九歩 curiosity) starts with nine white pawns on one
// file, one of them on its last rank: a composed position, which records may start
// from (shogi.Setup.AllowUnreachable). Its 61 moves obey the rules and end in mate.
func TestFixtureNineFu(t *testing.T) {
	rec, err := csa.Parse(readFile(t, "9fu.csa"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := rec.StartSFEN, "7pk/7p1/7p1/7p1/7p1/7p1/7p1/7p1/7p1 b 2R4L4s4n 1"; got != want {
		t.Errorf("start %s, want %s", got, want)
	}
	p, err := rec.CheckEnding()
	if err != nil {
		t.Fatal(err)
	}
	if n := len(rec.Moves()); n != 61 {
		t.Errorf("%d moves, want 61", n)
	}
	if end := rec.Ending(); end == nil || end.Kind != shogi.EndMate || end.Result != shogi.BlackWins {
		t.Errorf("ending %+v, want mate won by black", end)
	}
	if !p.IsCheckmate() {
		t.Error("the final position is not mate")
	}
}

// TestFixtureRoundTrip: writing a fixture and reading it back gives the same record,
// and a second write gives the same bytes, in each version and encoding.
func TestFixtureRoundTrip(t *testing.T) {
	writers := map[string]func(*csa.Writer){
		"v2.2":      func(*csa.Writer) {},
		"v3.0":      func(w *csa.Writer) { w.Version = "3.0" },
		"v2.2-sjis": func(w *csa.Writer) { w.ShiftJIS = true },
		"v3.0-sjis": func(w *csa.Writer) { w.Version = "3.0"; w.ShiftJIS = true },
	}
	for _, f := range fixtures {
		for name, opt := range writers {
			t.Run(f.file+"/"+name, func(t *testing.T) {
				rec, err := csa.Parse(readFile(t, f.file))
				if err != nil {
					t.Fatal(err)
				}
				first := write(t, rec, opt)
				rec2, err := csa.Parse(first)
				if err != nil {
					t.Fatalf("reading the written record: %v\n%s", err, first)
				}
				if diff := diffRecords(inCSAForms(rec), rec2); diff != "" {
					t.Errorf("record changed (-read +written and read):\n%s", diff)
				}
				if second := write(t, rec2, opt); !bytes.Equal(first, second) {
					t.Errorf("second write differs:\n%s\n----\n%s", first, second)
				}
			})
		}
	}
}

func write(t testing.TB, rec *shogi.Record, opt func(*csa.Writer)) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := csa.NewWriter(&buf)
	opt(w)
	if err := w.Write(rec); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// inCSAForms returns rec with its header as a Writer writes it and a Reader reads it
// back: in CSA's forms (a fixture's "2014/09/13 14：59" is written "2014/09/13
// 14:59:00", a time limit HH:MM+SS, 秒読み within it), without the fields CSA cannot
// hold (csa.DroppedHeader) and 手合割.
func inCSAForms(rec *shogi.Record) *shogi.Record {
	out := *rec
	out.Header = nil
	fields, dropped := csa.InfoFields(rec.Header)
	_, hasLimit := rec.Header.Get(shogi.HeaderTimeLimit)
	for _, f := range rec.Header {
		switch {
		case f.Key == shogi.HeaderHandicap:
			continue
		case len(dropped) > 0 && dropped[0] == f:
			dropped = dropped[1:]
			continue
		case f.Key == "秒読み" && (hasLimit || len(fields) == 0 || fields[0].Key != "$TIME_LIMIT"):
			continue // written within 持ち時間's $TIME_LIMIT
		case f.Key == "秒読み":
			f.Key = shogi.HeaderTimeLimit
		}
		f.Value = fields[0].Value
		fields = fields[1:]
		out.Header = append(out.Header, f)
	}
	return &out
}

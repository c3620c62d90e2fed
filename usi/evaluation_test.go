package usi_test

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/csa"
	"github.com/kifu-go/shogi/kif"
	"github.com/kifu-go/shogi/usi"
)

// TestParseShogiHomeComment reads the comment of ShogiHome's own test of
// appendSearchComment: a player's evaluation ("*" lines) and an analysis ("#" lines)
// on one node; the later lines win.
func TestParseShogiHomeComment(t *testing.T) {
	comment := "先手有望\n*評価値=210\n*読み筋=▲２六歩△３四歩\n*深さ=10\n*ノード数=12345678\n\n互角\n#評価値=158\n#読み筋=▲７六歩△３四歩\n#深さ=8\n#ノード数=123456\n#エンジン=Engine01\n"
	got, ok := usi.ParseEvaluationComment(shogi.NewStartPosition(), nil, comment)
	want := usi.Evaluation{Score: usi.Score{Kind: usi.Centipawns, Value: 158}, PV: moves(t, "7g7f", "3c3d"),
		Depth: 8, Nodes: 123456, Engine: "Engine01"}
	if !ok {
		t.Fatal("no evaluation")
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	player, _ := usi.ParseEvaluationComment(shogi.NewStartPosition(), nil, "先手有望\n*評価値=210\n*読み筋=▲２六歩△３四歩")
	if player.Score.Value != 210 || len(player.PV) != 2 || player.PV[0] != mustMove(t, "2g2f") {
		t.Errorf("player's evaluation %+v", player)
	}
	if _, ok := usi.ParseEvaluationComment(nil, nil, "いい手だ\n*これは評価値ではない"); ok {
		t.Error("a plain comment read as an evaluation")
	}
}

// TestParseShogiHomeRecord reads a KIF with ShogiHome's analysis comments.
func TestParseShogiHomeRecord(t *testing.T) {
	data, err := os.ReadFile("testdata/shogihome-analysis.kif")
	if err != nil {
		t.Fatal(err)
	}
	rec, err := kif.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	type row struct {
		Score usi.Score
		PV    string
		Depth int
		Label string
	}
	var got []row
	p, _ := rec.StartPosition()
	var before *shogi.Position
	node := &rec.Root
	for i := 0; ; i++ {
		ev, ok := usi.ParseEvaluationComment(p, before, strings.Join(node.Comments, "\n"))
		if !ok {
			t.Fatalf("node %d: no evaluation in %q", i, node.Comments)
		}
		var pv []string
		for _, m := range ev.PV {
			pv = append(pv, m.String())
		}
		got = append(got, row{ev.Score, strings.Join(pv, " "), ev.Depth, ev.Label})
		if len(node.Children) == 0 || node.Children[0].Move == shogi.NoMove {
			break
		}
		node = node.Children[0]
		before = p.Clone()
		if err := p.Play(node.Move); err != nil {
			t.Fatal(err)
		}
	}
	cp := func(v int) usi.Score { return usi.Score{Kind: usi.Centipawns, Value: v} }
	want := []row{
		{cp(44), "7g7f 3c3d 2g2f", 20, ""},
		{cp(52), "3c3d 8h2b+ 3a2b 7i8h", 19, ""},
		{cp(61), "8h2b+ 3a2b 7i8h", 21, ""},
		{cp(-230), "2b8h+ 7i8h 3a2b", 18, "疑問手"},
		{usi.Score{Kind: usi.Mate, Value: -9}, "7i8h", 0, ""},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestParseFloodgateRecord reads the '** comments of a floodgate game: every score, and
// every PV in full (floodgate's PVs are legal).
func TestParseFloodgateRecord(t *testing.T) {
	data, err := os.ReadFile("testdata/floodgate-v2.csa")
	if err != nil {
		t.Fatal(err)
	}
	rec, err := csa.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := rec.StartPosition()
	evaluations, withPV := 0, 0
	for _, n := range rec.MainLine() {
		before := p.Clone()
		if err := p.Play(n.Move); err != nil {
			t.Fatal(err)
		}
		for _, c := range n.Comments {
			if !strings.HasPrefix(c, "* ") {
				continue
			}
			ev, ok := usi.ParseEvaluationComment(p, before, c)
			if !ok {
				t.Errorf("move %d: %q not read", p.Ply(), c)
				continue
			}
			evaluations++
			fields := strings.Fields(c)
			if want, _ := strconv.Atoi(fields[1]); ev.Score != (usi.Score{Kind: usi.Centipawns, Value: want}) {
				t.Errorf("move %d: %q: score %v", p.Ply(), c, ev.Score)
			}
			if len(ev.PV) != len(fields)-2 {
				t.Errorf("move %d: %q: PV %v", p.Ply(), c, ev.PV)
			}
			if len(ev.PV) > 0 {
				withPV++
			}
		}
	}
	if evaluations != 196 || withPV < 50 {
		t.Errorf("%d evaluations, %d with a PV; want 196, most with one", evaluations, withPV)
	}
}

// TestEvaluationCommentsRoundTrip writes evaluations in both styles into records, writes
// the records as KIF and CSA, reads them back, and reads the evaluations again.
func TestEvaluationCommentsRoundTrip(t *testing.T) {
	start := shogi.NewStartPosition()
	after := mustPosition(t, "position startpos moves 7g7f 3c3d 8h2b+")
	before := mustPosition(t, "position startpos moves 7g7f 3c3d")
	tests := []usi.Evaluation{
		{Score: usi.Score{Kind: usi.Centipawns, Value: 158}, PV: moves(t, "3a2b", "B*4e", "6c6d"), Depth: 8, Nodes: 123456,
			Engine: "Engine 01", BestMove: mustMove(t, "2g2f"), Loss: 230, HasLoss: true, Label: "悪手"},
		{Score: usi.Score{Kind: usi.Centipawns, Value: -1700}, PV: moves(t, "3a2b"), Alternatives: []usi.Line{
			{Score: usi.Score{Kind: usi.Centipawns, Value: -1900}, PV: moves(t, "4a3b")},
			{Score: usi.Score{Kind: usi.Mate, Value: 5}, PV: moves(t, "3a2b", "B*4e")},
		}},
		{Score: usi.Score{Kind: usi.Mate, Value: 7}, PV: moves(t, "3a2b", "B*4e"), Depth: 30},
		{Score: usi.Score{Kind: usi.Mate, Value: -usi.MateUnknown}},
		{Loss: 0, HasLoss: true},
	}
	for i, ev := range tests {
		for _, style := range []string{"kif", "csa"} {
			rec := shogi.NewRecord()
			n := &rec.Root
			for _, m := range after.Moves() {
				n = n.AddChild(m)
			}
			if style == "kif" {
				n.Comments = ev.KIFComments(after, before, "#")
			} else {
				n.Comments = ev.CSAComments(after, before)
			}
			var data []byte
			var err error
			if style == "kif" {
				data, err = kif.Format(rec)
			} else {
				data, err = csa.Format(rec)
			}
			if err != nil {
				t.Fatal(err)
			}
			var back *shogi.Record
			if style == "kif" {
				back, err = kif.Parse(data)
			} else {
				back, err = csa.Parse(data)
			}
			if err != nil {
				t.Fatalf("%s: %v\n%s", style, err, data)
			}
			line := back.MainLine()
			got, ok := usi.ParseEvaluationComment(after, before, strings.Join(line[len(line)-1].Comments, "\n"))
			if !ok {
				t.Errorf("%d %s: no evaluation in\n%s", i, style, data)
				continue
			}
			if diff := cmp.Diff(ev, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("%d %s (-want +got):\n%s\n%s", i, style, diff, data)
			}
		}
	}
	// The shapes other tools read.
	ev := tests[0]
	wantKIF := []string{"【悪手】", "互角", "#評価値=158", "#読み筋=△２二銀▲４五角△６四歩", "#深さ=8", "#ノード数=123456",
		"#エンジン=Engine 01", "#最善手=▲２六歩", "#損失=230"}
	if diff := cmp.Diff(wantKIF, ev.KIFComments(after, before, "#")); diff != "" {
		t.Errorf("KIF comments (-want +got):\n%s", diff)
	}
	wantCSA := []string{"【悪手】", "* 158 -3122GI +0045KA -6364FU #123456", "#深さ=8", "#エンジン=Engine 01", "#最善手=+2726FU", "#損失=230"}
	if diff := cmp.Diff(wantCSA, ev.CSAComments(after, before)); diff != "" {
		t.Errorf("CSA comments (-want +got):\n%s", diff)
	}
	if got := tests[2].FloodgateComment(after); got != "* 30000 -3122GI +0045KA" {
		t.Errorf("floodgate comment of a mate: %q", got)
	}
	if got := (usi.Evaluation{Score: usi.Score{Kind: usi.Mate, Value: -3}}).KIFComments(start, nil, "*"); !cmp.Equal(got, []string{"*詰み=後手勝ち:3手"}) {
		t.Errorf("mate line %q", got)
	}
}

func TestLossLabel(t *testing.T) {
	tests := []struct {
		before, after int
		want          string
	}{
		{0, -20, ""},      // 0.8 points of winning chance
		{0, -130, "緩手"},   // 5.4
		{0, -300, "疑問手"},  // 12.3
		{300, -300, "悪手"}, // 24.5
		{1500, -1500, "大悪手"},
		{-2000, -3000, ""}, // 2.8: a lost game stays lost
		{-300, 300, ""},    // a gain
	}
	for _, tt := range tests {
		if got := usi.LossLabel(tt.before, tt.after); got != tt.want {
			t.Errorf("LossLabel(%d, %d) = %q (%.1f → %.1f), want %q", tt.before, tt.after, got,
				usi.WinningChance(tt.before), usi.WinningChance(tt.after), tt.want)
		}
	}
}

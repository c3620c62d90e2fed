package usi_test

import (
	"context"
	"fmt"
	"log"
	"strings"
	"time"

	"github.com/kifu-go/shogi/internal/fakeengine"
	"github.com/kifu-go/shogi/kif"
	"github.com/kifu-go/shogi/sfen"
	"github.com/kifu-go/shogi/usi"
)

// The examples drive the package's fake engine, which plays what it is scripted to; a
// real engine is started the same way, from its path:
//
//	usi.Start(ctx, usi.Config{Path: "/usr/games/fairy-stockfish"})

func ExampleEngine_Search() {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	path, args := fakeengine.Command("-script", "7g7f 3c3d 2g2f")
	e, err := usi.Start(ctx, usi.Config{Path: path, Args: args})
	if err != nil {
		log.Fatal(err)
	}
	defer e.Close()
	if err := e.NewGame(ctx); err != nil {
		log.Fatal(err)
	}
	p, _ := sfen.ParsePosition("position startpos moves 7g7f 3c3d")
	res, err := e.Search(ctx, p, usi.Limits{Byoyomi: time.Second})
	if err != nil {
		log.Fatal(err)
	}
	best, _ := res.Best()
	fmt.Println("engine:", e.Name())
	fmt.Println("best move:", res.BestMove, "ponder:", res.Ponder)
	fmt.Println("score for Black:", best.BlackScore(), "PV:", best.PV)
	// Output:
	// engine: FakeEngine
	// best move: 2g2f ponder: 5a4b
	// score for Black: cp -28 PV: [2g2f 5a4b]
}

func ExampleParseInfo() {
	// White is to move: the engine's score is White's, BlackScore is Black's.
	p, _ := sfen.ParsePosition("position startpos moves 7g7f")
	info, err := usi.ParseInfo(p, "info depth 12 seldepth 19 score cp 146 lowerbound nodes 113074 time 422 pv 3c3d 2g2f 5a5b 1a1b")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(info.Depth, info.Score, info.BlackScore(), info.Time)
	fmt.Println(info.PV)
	fmt.Println(info.PVError)
	// Output:
	// 12 cp 146 lowerbound cp -146 upperbound 422ms
	// [3c3d 2g2f 5a5b]
	// usi: column 91: move 4 "1a1b": illegal move 1a1b at move 5: the piece belongs to the opponent
}

func ExampleParseOption() {
	o, err := usi.ParseOption("option name Skill Level type spin default 20 min -20 max 20")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(o.Name, o.Type, o.DefaultInt(), o.Min, o.Max)
	fmt.Println(o.CheckValue("21"))
	// Output:
	// Skill Level spin 20 -20 20
	// usi: invalid option value: Skill Level: 21 is outside -20–20
}

func ExampleParseEvaluationComment() {
	// A KIF node's comments, as ShogiHome's analysis writes them.
	comments := []string{"互角", "#評価値=158", "#読み筋=△３四歩▲２六歩", "#深さ=8", "#エンジン=Engine01"}
	after, _ := sfen.ParsePosition("position startpos moves 7g7f")
	ev, ok := usi.ParseEvaluationComment(after, nil, strings.Join(comments, "\n"))
	fmt.Println(ok, ev.Score, ev.PV, ev.Depth, ev.Engine)

	// A CSA move's comment, as floodgate writes it ("'** 50 -3334FU +7988GI").
	ev, ok = usi.ParseEvaluationComment(after, nil, "* 50 -3334FU +2726FU")
	fmt.Println(ok, ev.Score, ev.PV)
	// Output:
	// true cp 158 [3c3d 2g2f] 8 Engine01
	// true cp 50 [3c3d 2g2f]
}

func ExampleAnalyse() {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	path, args := fakeengine.Command()
	e, err := usi.Start(ctx, usi.Config{Path: path, Args: args})
	if err != nil {
		log.Fatal(err)
	}
	defer e.Close()
	rec, _ := kif.Parse([]byte("手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n"))
	if _, err := usi.Analyse(ctx, e, rec, usi.AnalyseOptions{Limits: usi.Limits{Depth: 10}, From: 2}); err != nil {
		log.Fatal(err)
	}
	for _, c := range rec.MainLine()[1].Comments {
		fmt.Println(c)
	}
	// Output:
	// 互角
	// #評価値=-28
	// #読み筋=▲２二角成△４二玉
	// #深さ=1
	// #ノード数=100
	// #エンジン=FakeEngine
	// #最善手=△１四歩
	// #損失=0
}

func ExamplePlayGame() {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	// Both sides shuffle their kings: the fourth occurrence of the start position is
	// 千日手, a draw.
	script := strings.Repeat("5i5h 5a5b 5h5i 5b5a ", 3)
	var engines [2]*usi.Engine
	for i := range engines {
		path, args := fakeengine.Command("-script", script)
		e, err := usi.Start(ctx, usi.Config{Path: path, Args: args})
		if err != nil {
			log.Fatal(err)
		}
		defer e.Close()
		engines[i] = e
	}
	g, err := usi.PlayGame(ctx, usi.GameConfig{Black: engines[0], White: engines[1],
		Time: usi.TimeControl{Byoyomi: time.Second}})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(g.Result, "by", g.Reason, "after", len(g.Record.MainLine()), "moves:", g.Ending)
	fmt.Println(g.Record.MainLine()[0].Comments)
	// Output:
	// draw by repetition after 12 moves: sennichite
	// [* 5 -5142OU #100]
}

func ExampleEloDifference() {
	diff, margin := usi.EloDifference(30, 10, 10)
	fmt.Printf("%+.1f ± %.1f\n", diff, margin)
	// Output: +147.2 ± 95.1
}

// The engines of a game with a byoyomi of 1 second are told 700 ms, with a margin of
// 300 ms; the game's clock gives each move the whole second.
func ExampleTimeControl_Told() {
	tc := usi.TimeControl{Main: 10 * time.Minute, Byoyomi: time.Second, Margin: 300 * time.Millisecond}
	told := tc.Told([2]time.Duration{5 * time.Minute, 0})
	fmt.Println(told.BlackTime, told.WhiteTime, told.Byoyomi)
	// Output: 5m0s 0s 700ms
}

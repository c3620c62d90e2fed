package tsume_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/tsume"
)

func TestVerify(t *testing.T) {
	tests := []struct {
		name, sfen, line string
		want             []string // the findings, as Finding.String
	}{
		{name: "taichitsume", sfen: "6+Pnl/6Sk1/6sp1/9/8P/9/9/9/9 b GS2r2b3gs3n3l15p 1",
			line: "S*1c 2a1c G*1b 2b1b 3b2a 1b2b 3a3b"},
		// The sample's 3-move line: △3一玉 (taking the bishop) lasts 4 plies from there, the
		// reply included: a mate in 5.
		{name: "longer defence", sfen: "6B2/5pk1b/7P1/5R3/9/9/9/9/9 b Gr3g4s4n4l16p 1",
			line: "G*3c 3b3c 3a2b+", want: []string{"ply 2: longer-defence 3b3a (4)"}},
		{name: "short mate", sfen: "9/1Bk6/9/3S5/9/6+P2/3B5/9/9 b S2r4g2s4n4l17p 1",
			line: "8b7c+ 7b6a 6g3d P*4c 3d4c+ 6a7a S*7b",
			// and ▲4三同角 need not promote (余詰), ▲8二銀 mates as well at the end, and
			// the pawn taken is left in hand (駒余り).
			want: []string{"ply 0: short-mate (5)", "ply 5: alternative-mate 3d4c (3)",
				"ply 7: alternative-last-move S*8b (1)", "ply 7: leftover"}},
		{name: "no check", sfen: "6+Pnl/6Sk1/6sp1/9/8P/9/9/9/9 b GS2r2b3gs3n3l15p 1",
			line: "1e1d", want: []string{"ply 1: no-check 1e1d"}},
		{name: "illegal", sfen: "6+Pnl/6Sk1/6sp1/9/8P/9/9/9/9 b GS2r2b3gs3n3l15p 1",
			line: "R*1c", want: []string{"ply 1: illegal-move R*1c"}},
		// The line ends with a reply: the other replies, which last 4 plies where the
		// recorded one lasts 6, are no longer defences of a line that does not end.
		{name: "not mate, leftover", sfen: "6+Pnl/6Sk1/6sp1/9/8P/9/9/9/9 b GS2r2b3gs3n3l15p 1",
			line: "S*1c 2a1c", want: []string{"ply 2: not-mate", "ply 2: leftover"}},
		{name: "not mate, escape", sfen: "9/4k4/9/4S4/9/9/9/9/9 b GS2r2b3g2s4n4l18p 1",
			line: "5d5c 5b4a", want: []string{"ply 2: escape 5b4c", "ply 2: escape 5b5c", "ply 2: escape 5b6c",
				"ply 2: not-mate", "ply 2: leftover"}},
		// Two replies to ▲5三金 last 5 plies: △4一玉 leaves the attacker nothing, △6一玉
		// the pawn ▲6二金 takes. The first is the solution (the defender's equal-length
		// replies: the one that leaves no piece, as tsume magazines rule), the second a
		// variation with 駒余り, which Verify finds only at its end.
		{name: "equal defences", sfen: "2l1l1l2/2gpk1g2/9/2N1P1N2/9/9/9/9/9 b GN2r2bg4snl16p 1",
			line: "G*5c 5b4a N*3c 3b3c 5c4b", want: []string{"ply 5: alternative-last-move 3d4b+ (1)"}},
		{name: "equal defences, leftover", sfen: "2l1l1l2/2gpk1g2/9/2N1P1N2/9/9/9/9/9 b GN2r2bg4snl16p 1",
			line: "G*5c 5b6a N*7c 7b7c 5c6b", want: []string{"ply 5: alternative-last-move 7d6b+ (1)", "ply 5: leftover"}},
		{name: "no mate", sfen: "5G1k1/9/8+R/9/9/9/9/9/9 b r2b3g4s4n4l18p 1",
			line: "1c2c 2a1a", want: []string{"ply 0: no-mate", "ply 2: escape P*2b", "ply 2: escape L*2b",
				"ply 2: escape N*2b", "ply 2: escape S*2b", "ply 2: escape G*2b", "ply 2: escape B*2b",
				"ply 2: escape R*2b", "ply 2: not-mate"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := parse(t, tt.sfen, false)
			v := tsume.NewSolver(tsume.Options{Nodes: 2_000_000, HashBytes: 8 << 20})
			ver, err := v.Verify(context.Background(), p, moves(t, strings.Fields(tt.line)...))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, f := range ver.Findings {
				got = append(got, f.String())
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("findings (-want +got):\n%s", diff)
			}
			correct := true // no finding but a tolerated alternative last move
			for _, f := range tt.want {
				correct = correct && strings.Contains(f, ": alternative-last-move ")
			}
			if ver.Correct() != correct {
				t.Errorf("Correct() = %v, want %v", ver.Correct(), correct)
			}
		})
	}
}

// TestVerifySolutions checks that every line the solver finds verifies as correct.
func TestVerifySolutions(t *testing.T) {
	for _, pr := range readProblems(t, "testdata/problems.tsv") {
		p := parse(t, pr.sfen, false)
		v := tsume.NewSolver(tsume.Options{Nodes: 2_000_000, HashBytes: 8 << 20})
		r, err := v.Solve(context.Background(), p)
		if err != nil || r.Line != tsume.LineTsume {
			t.Fatalf("%s: %v %v", pr.name, r, err)
		}
		ver, err := v.Verify(context.Background(), p, r.Moves)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range ver.Findings {
			switch f.Flaw {
			case tsume.FlawAltMate, tsume.FlawAltLastMove, tsume.FlawLeftover:
				t.Logf("%s: %v", pr.name, f) // 余詰 and 駒余り are the problem's, not the solver's
			default:
				t.Errorf("%s: %v", pr.name, f)
			}
		}
	}
}

// TestVerifyShortMateUnsettled: a tsume-line search stopped before it settled the
// length still finds the recorded line too long when a mate within fewer plies is
// proven (Result.MaxLength), and says how long at most.
func TestVerifyShortMateUnsettled(t *testing.T) {
	// A mate in 5 (see "longer defence" above), recorded as an 11-ply mate whose
	// replies are not the longest; the proof's length is 5 or 7, as the df-pn finds it.
	p := parse(t, "6B2/5pk1b/7P1/5R3/9/9/9/9/9 b Gr3g4s4n4l16p 1", false)
	v := tsume.NewSolver(tsume.Options{Nodes: 2_000_000, HashBytes: 8 << 20, LineNodes: 1})
	ver, err := v.Verify(context.Background(), p, moves(t, strings.Fields("G*2b 3b3c 2b3b 3c2c 3a1c+ 2c1c 4d4c+ G*3c 4c3c P*2c G*2d")...))
	if err != nil {
		t.Fatal(err)
	}
	if ver.Result.Line != tsume.LineProof {
		t.Fatalf("line %v, want the proof's (the line search given 1 node)", ver.Result.Line)
	}
	var got []string
	for _, f := range ver.Findings {
		if f.Flaw == tsume.FlawShortMate {
			got = append(got, f.String())
		}
	}
	want := []string{fmt.Sprintf("ply 0: short-mate (%d)", ver.Result.MaxLength)}
	if diff := cmp.Diff(want, got); diff != "" || ver.Result.MaxLength < 5 || ver.Result.MaxLength >= 11 {
		t.Errorf("MaxLength %d; short-mate findings (-want +got):\n%s", ver.Result.MaxLength, diff)
	}
}

// TestVerifyTimeLimit: the questions of a verification stay within Options.Time, counted
// from the start of the search, and the context, when the line was read from the proof
// (which lifts those limits from the search that reads it): the solve takes some 0.2 s
// of the 0.5 s, and the questions on the 29 plies stop at the limit as undecided, where
// they went on to Options.LineNodes (2.8 s in all).
func TestVerifyTimeLimit(t *testing.T) {
	// dlshogi-1218, recorded as the 29-ply line of its proof.
	p := parse(t, "lnS1r4/GGs5K/2k5p/pppp5/9/PLPP5/1P+n1PS2P/4G4/g1+r3+p2 b BS2N2L6Pb 1", false)
	line := moves(t, strings.Fields("S*6b 7c6c B*4e 6c5b 6b5a+ 5b5a L*5e B*5d 5e5d S*5c 5d5c 5a4b R*4a 4b4a L*4d "+
		"R*4b S*3b 4a3b 4e2c+ 3b3a 4d4b+ 3a4b R*4a 4b5c B*4d 5c6c 4a4c+ L*5c 4c5c")...)
	const limit = 500 * time.Millisecond
	for _, tt := range []struct {
		name string
		opt  tsume.Options
		ctx  func() (context.Context, context.CancelFunc)
	}{
		{"Options.Time", tsume.Options{Time: limit, AnyMate: true}, func() (context.Context, context.CancelFunc) {
			return context.WithCancel(context.Background())
		}},
		{"context deadline", tsume.Options{AnyMate: true}, func() (context.Context, context.CancelFunc) {
			return context.WithTimeout(context.Background(), limit)
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := tt.ctx()
			defer cancel()
			start := time.Now()
			ver, err := tsume.NewSolver(tt.opt).Verify(ctx, p, line)
			elapsed := time.Since(start)
			if err != nil {
				t.Fatal(err)
			}
			if ver.Result.Status != tsume.Mate {
				t.Skipf("the solve did not finish within %v on this machine: %v", limit, ver.Result)
			}
			if elapsed > limit+time.Second {
				t.Errorf("Verify took %v with a limit of %v", elapsed, limit)
			}
			if ver.Correct() {
				t.Errorf("the proof's line verifies correct: %v", ver.Findings)
			}
		})
	}
}

// TestVerificationJSON: a Verification marshals with the names of shogi tsume -json's
// verdicts ({"correct", "findings": [{"code", "ply", "move", "length"}], "result"}),
// where it wrote its Go field names and each move as a number, and a Verification, a
// Finding and a Result read back what they write (a Result met an error on its moves).
func TestVerificationJSON(t *testing.T) {
	p := parse(t, "6B2/5pk1b/7P1/5R3/9/9/9/9/9 b Gr3g4s4n4l16p 1", false)
	ver, err := tsume.NewSolver(tsume.Options{Nodes: 1_000_000}).Verify(context.Background(), p, moves(t, "G*3c", "3b3c", "3a2b+"))
	if err != nil {
		t.Fatal(err)
	}
	ver.Result.Time = 1500 * time.Millisecond // to the millisecond, as the JSON gives it
	b, err := json.Marshal(ver)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"correct":false,"findings":[{"code":"longer-defence","ply":2,"move":"3b3a","length":4}],` +
		`"result":{"result":"mate","stop":"none","length":5,"moves":["3a4b+","3b2c","G*3c","2c1c","4b3a"],"line":"tsume",` +
		`"min_length":5,"max_length":5,"left":"P","nodes":` + fmt.Sprint(ver.Result.Nodes) + `,"line_nodes":` +
		fmt.Sprint(ver.Result.LineNodes) + `,"time_ms":1500}}`
	if diff := cmp.Diff(want, string(b)); diff != "" {
		t.Errorf("JSON (-want +got):\n%s", diff)
	}
	var back tsume.Verification
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(ver, back); diff != "" {
		t.Errorf("read back (-want +got):\n%s", diff)
	}
	none, err := json.Marshal(tsume.Verification{})
	if err != nil || !strings.Contains(string(none), `"findings":[]`) || !strings.Contains(string(none), `"correct":true`) {
		t.Errorf("no finding: %s, %v", none, err)
	}
	// The other fields of shogi mate -json's object are passed over.
	var r tsume.Result
	if err := json.Unmarshal([]byte(`{"sfen":"…","result":"no-mate","stop":"none","length":0,"moves":[],"line":"none","left":"2PG","nodes":9,"line_nodes":0,"time_ms":3}`), &r); err != nil {
		t.Fatal(err)
	}
	wantR := tsume.Result{Status: tsume.NoMate, Left: shogi.Hand(0).WithCount(shogi.Pawn, 2).WithCount(shogi.Gold, 1), Nodes: 9, Time: 3 * time.Millisecond}
	if diff := cmp.Diff(wantR, r); diff != "" {
		t.Errorf("mate -json read back (-want +got):\n%s", diff)
	}
	for _, bad := range []string{
		`{"result":"mate","moves":["9z9a"],"left":"-"}`,
		`{"result":"mate","moves":[],"left":"3X"}`,
		`{"result":"mate","moves":[],"left":"64P"}`, // more than a Hand holds
		`{"result":"mate","moves":[],"left":"p"}`,
		`{"result":"maybe","left":"-"}`,
	} {
		if err := json.Unmarshal([]byte(bad), &r); err == nil {
			t.Errorf("%s read as %+v", bad, r)
		}
	}
	var f tsume.Finding
	if err := json.Unmarshal([]byte(`{"code":"short-mate","ply":0,"length":3}`), &f); err != nil || f != (tsume.Finding{Flaw: tsume.FlawShortMate, Length: 3}) {
		t.Errorf("finding without a move: %+v, %v", f, err)
	}
}

// TestFindingText: Text writes a finding as String does, its move in the notation given.
func TestFindingText(t *testing.T) {
	f := tsume.Finding{Flaw: tsume.FlawLongerDefence, Ply: 2, Move: moves(t, "3b3a")[0], Length: 4}
	for _, tt := range []struct{ got, want string }{
		{f.String(), "ply 2: longer-defence 3b3a (4)"},
		{f.Text("☖3一玉"), "ply 2: longer-defence ☖3一玉 (4)"},
		{tsume.Finding{Flaw: tsume.FlawNoMate}.Text(""), "ply 0: no-mate"},
	} {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}

// TestJSONNull: a JSON null leaves a Result, a Finding or a Verification as it was, as
// encoding/json leaves the values it reads itself (its convention for UnmarshalJSON):
// they were cleared, a Result to an unknown of no nodes.
func TestJSONNull(t *testing.T) {
	r := tsume.Result{Status: tsume.Mate, Moves: moves(t, "G*3c"), Line: tsume.LineTsume, MaxLength: 1, Nodes: 7}
	f := tsume.Finding{Flaw: tsume.FlawAltMate, Ply: 1, Move: moves(t, "G*3c")[0], Length: 1}
	v := tsume.Verification{Result: r, Findings: []tsume.Finding{f}}
	gotR, gotF, gotV := r, f, v
	for _, target := range []any{&gotR, &gotF, &gotV} {
		if err := json.Unmarshal([]byte("null"), target); err != nil {
			t.Errorf("%T: %v", target, err)
		}
	}
	if diff := cmp.Diff(r, gotR); diff != "" {
		t.Errorf("Result after null (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(f, gotF); diff != "" {
		t.Errorf("Finding after null (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(v, gotV); diff != "" {
		t.Errorf("Verification after null (-want +got):\n%s", diff)
	}
}

package record_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/kifu-go/shogi/record"
)

func TestVerdictReport(t *testing.T) {
	const start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL"
	for _, tc := range []struct {
		name    string
		text    string
		lenient bool
		want    []record.Report
	}{{
		name: "a resignation names the winner",
		text: "V2.2\nPI\n+\n+7776FU\n-3334FU\n%TORYO\n",
		want: []record.Report{{Path: "in", Record: 1, StartLine: 1, Format: "csa", OK: true, Moves: 2, Ending: "resign", Winner: "white",
			SFEN: "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3"}},
	}, {
		name: "a draw is a winner of its own",
		text: "V2.2\nPI\n+\n+7776FU\n%HIKIWAKE\n",
		want: []record.Report{{Path: "in", Record: 1, StartLine: 1, Format: "csa", OK: true, Moves: 1, Ending: "draw", Winner: "draw",
			SFEN: "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"}},
	}, {
		name: "a position without moves or ending",
		text: "sfen " + start + " b - 1\n",
		want: []record.Report{{Path: "in", Record: 1, StartLine: 1, Format: "sfen", OK: true, SFEN: start + " b - 1"}},
	}, {
		name: "the first error and its place; the line stops before it",
		text: "position startpos moves 7g7f\nposition startpos moves 7g7f 7g7f\n",
		want: []record.Report{
			{Path: "in", Record: 1, StartLine: 1, Format: "usi", OK: true, Moves: 1, SFEN: "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"},
			{Path: "in", Record: 2, StartLine: 2, Format: "usi", Error: "line 2, column 30: illegal move 7g7f at move 2: no piece on the origin square",
				Code: "no-piece", Line: 2, Column: 30, Ply: 2, Moves: 1, Ending: "unread", SFEN: "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"},
		},
	}, {
		name:    "leniently, the same problem is a warning",
		text:    "position startpos moves 7g7f 7g7f\n",
		lenient: true,
		want: []record.Report{{Path: "in", Record: 1, StartLine: 1, Format: "usi", OK: true, Moves: 1, Ending: "unread",
			SFEN: "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2",
			Warnings: []record.ReportProblem{{Severity: "warning", Code: "no-piece",
				Message: "line 1, column 30: illegal move 7g7f at move 2: no piece on the origin square", Line: 1, Column: 30, Ply: 2}}}},
	}, {
		name: "a false mate is an error of the rules, at a move, not a line",
		text: "V2.2\nPI\n+\n+7776FU\n%TSUMI\n",
		want: []record.Report{{Path: "in", Record: 1, StartLine: 1, Format: "csa", Moves: 1, Ending: "mate", Winner: "black",
			Error: "recorded mate at move 2: the side to move has legal moves: 5a4b, 5a5b, 5a6b, …", Code: "false-mate", Ply: 2,
			SFEN: "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"}},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			r := record.NewReader(strings.NewReader(tc.text))
			r.Lenient = tc.lenient
			var got []record.Report
			for v := range record.Validate(r) {
				got = append(got, v.Report("in"))
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("(-want +got)\n%s", diff)
			}
		})
	}
}

func TestReportsOfInputs(t *testing.T) {
	got := []record.Report{
		record.SkippedReport("a.txt", "no record extension"),
		record.SkippedReport("b.kif", record.ReasonNoRecord),
		record.InputErrorReport("c.csa", errors.New("open c.csa: permission denied")),
	}
	want := []record.Report{
		{Path: "a.txt", Skipped: "no record extension"},
		{Path: "b.kif", Skipped: "no record in it"},
		{Path: "c.csa", Error: "open c.csa: permission denied", Code: "io"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got)\n%s", diff)
	}
	for i, failed := range []bool{false, false, true} {
		if got[i].InputFailed() != failed {
			t.Errorf("%s: InputFailed() = %v, want %v", got[i].Path, !failed, failed)
		}
	}
}

func TestReportAppendJSON(t *testing.T) {
	for _, tc := range []struct {
		report record.Report
		want   string
	}{{
		record.SkippedReport("x.kif", record.ReasonNoRecord),
		`{"path":"x.kif","skipped":"no record in it","ok":false,"moves":0}`,
	}, {
		record.Report{Path: "<a&b>.kif", Record: 2, StartLine: 9, Format: "kif", OK: true, Moves: 3, Ending: "resign", Winner: "black", SFEN: "s",
			Warnings: []record.ReportProblem{{Severity: "warning", Code: "syntax", Message: "\"quoted\"\ttab", Line: 4}}},
		`{"path":"<a&b>.kif","record":2,"start_line":9,"format":"kif","ok":true,"moves":3,"ending":"resign","winner":"black","sfen":"s",` +
			`"warnings":[{"severity":"warning","code":"syntax","message":"\"quoted\"\ttab","line":4}]}`,
	}, {
		record.InputErrorReport("y.csa", errors.New("read y.csa: is a directory")),
		`{"path":"y.csa","ok":false,"error":"read y.csa: is a directory","code":"io","moves":0}`,
	}} {
		got := string(tc.report.AppendJSON([]byte("> ")))
		if diff := cmp.Diff("> "+tc.want, got); diff != "" {
			t.Errorf("(-want +got)\n%s", diff)
		}
	}
}

// TestReportJSONRoundTrip: whatever a Report holds, AppendJSON writes one line that
// decodes to the same Report, after what dst held.
func TestReportJSONRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		text := rapid.String()
		n := rapid.IntRange(0, 1<<20)
		r := record.Report{
			Path: text.Draw(t, "path"), Skipped: text.Draw(t, "skipped"), Record: n.Draw(t, "record"),
			StartLine: n.Draw(t, "start"), Format: text.Draw(t, "format"), OK: rapid.Bool().Draw(t, "ok"),
			Error: text.Draw(t, "error"), Code: text.Draw(t, "code"), Line: n.Draw(t, "line"), Column: n.Draw(t, "column"),
			Ply: n.Draw(t, "ply"), Moves: n.Draw(t, "moves"), Ending: text.Draw(t, "ending"), Winner: text.Draw(t, "winner"),
			SFEN: text.Draw(t, "sfen"),
		}
		for range rapid.IntRange(0, 3).Draw(t, "warnings") {
			r.Warnings = append(r.Warnings, record.ReportProblem{Severity: text.Draw(t, "severity"), Code: text.Draw(t, "wcode"),
				Message: text.Draw(t, "message"), Line: n.Draw(t, "wline"), Column: n.Draw(t, "wcolumn"), Ply: n.Draw(t, "wply")})
		}
		prefix := []byte(rapid.StringMatching(`[a-z]{0,3}`).Draw(t, "prefix"))
		out := r.AppendJSON(prefix)
		if string(out[:len(prefix)]) != string(prefix) {
			t.Fatalf("the prefix became %q", out[:len(prefix)])
		}
		line := out[len(prefix):]
		if strings.ContainsAny(string(line), "\n\r") {
			t.Fatalf("not one line: %q", line)
		}
		var back record.Report
		if err := json.Unmarshal(line, &back); err != nil {
			t.Fatalf("%v in %s", err, line)
		}
		// JSON holds valid UTF-8 only: compare with what encoding/json makes of the strings.
		var want record.Report
		if err := json.Unmarshal(mustMarshal(t, r), &want); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(want, back); diff != "" {
			t.Fatalf("(-want +got)\n%s", diff)
		}
	})
}

func mustMarshal(t *rapid.T, v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

package record_test

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/record"
)

// verdictRow is what a test compares of a verdict.
type verdictRow struct {
	Index, StartLine int
	Valid            bool
	Moves            int
	Ending           string
	Problems         []string // severity, code, line, column, ply of each problem
}

func rowOf(v *record.Verdict) verdictRow {
	row := verdictRow{Index: v.Source.Index, StartLine: v.Source.Line, Valid: v.Valid(), Moves: v.Moves}
	if v.Record != nil {
		if end := v.Record.Ending(); end != nil {
			row.Ending = end.Kind.Code()
		}
	}
	for _, p := range v.Problems {
		row.Problems = append(row.Problems, problemKey(p))
	}
	return row
}

func problemKey(p *record.Error) string {
	return strings.Join([]string{p.Severity.String(), p.Code(), itoa(p.Line), itoa(p.Column), itoa(p.Ply)}, " ")
}

func itoa(n int) string {
	if n == 0 {
		return "-"
	}
	return strconv.Itoa(n)
}

func validate(t *testing.T, text string, lenient bool) []verdictRow {
	t.Helper()
	r := record.NewReader(strings.NewReader(text))
	r.Lenient = lenient
	var rows []verdictRow
	for v := range record.Validate(r) {
		rows = append(rows, rowOf(v))
	}
	return rows
}

// A KIF whose fourth move is White's pawn moving Black's pawn: an illegal move on line 5.
const foulKIF = "手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ７五歩(76)\n   4 ７六歩(75)\n   5 ２六歩(27)\n"

func TestValidateStrictAndLenient(t *testing.T) {
	strict := validate(t, foulKIF, false)
	lenient := validate(t, foulKIF, true)
	if len(strict) != 1 || len(lenient) != 1 {
		t.Fatalf("%d and %d verdicts, want 1", len(strict), len(lenient))
	}
	s, l := strict[0], lenient[0]
	if s.Valid || s.Moves != 3 || len(s.Problems) != 1 || !strings.HasPrefix(s.Problems[0], "error ") || !strings.Contains(s.Problems[0], " 5 ") || !strings.HasSuffix(s.Problems[0], " 4") {
		t.Errorf("strict: %+v; want invalid after 3 moves, an error on line 5 at move 4", s)
	}
	if !l.Valid || l.Moves != 3 || l.Ending != "unread" || len(l.Problems) != 1 || !strings.HasPrefix(l.Problems[0], "warning ") {
		t.Errorf("lenient: %+v; want valid, 3 moves, an unread ending and one warning", l)
	}
	// The problem is the same, only its severity differs.
	if strings.TrimPrefix(s.Problems[0], "error") != strings.TrimPrefix(l.Problems[0], "warning") {
		t.Errorf("strict %q and lenient %q are not the same problem", s.Problems[0], l.Problems[0])
	}
}

// A multi-game CSA file with a broken game in the middle: every game gets its verdict.
const threeGamesCSA = `V2.2
PI
+
+7776FU
-3334FU
%TORYO
/
V2.2
PI
+
+7776FU
-3334FU
+7776FU
/
V2.2
PI
+
+2726FU
%CHUDAN
`

func TestValidateMultiGameCSA(t *testing.T) {
	got := validate(t, threeGamesCSA, false)
	want := []verdictRow{
		{Index: 1, StartLine: 1, Valid: true, Moves: 2, Ending: "resign"},
		{Index: 2, StartLine: 8, Valid: false, Moves: 2, Ending: "unread", Problems: []string{"error no-piece 13 1 3"}},
		{Index: 3, StartLine: 15, Valid: true, Moves: 1, Ending: "interrupt"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got)\n%s", diff)
	}
}

func TestCheckEndings(t *testing.T) {
	tsume := func(sfenText string, moves []string, end shogi.EndingKind) *shogi.Record {
		rec := &shogi.Record{StartSFEN: sfenText}
		node := &rec.Root
		for _, text := range moves {
			m, err := shogi.ParseUSIMove(text)
			if err != nil {
				t.Fatal(err)
			}
			node = node.AddChild(m)
		}
		if end != shogi.EndNone {
			node.End = &shogi.Ending{Kind: end}
		}
		return rec
	}
	for _, tc := range []struct {
		name string
		rec  *shogi.Record
		want []string
	}{
		// R*1i mates but for pawn drops between rook and king: tsume records leave those out.
		{"futile interpositions", tsume("8k/6G2/9/9/9/9/9/9/4K4 b Rp 1", []string{"R*1i"}, shogi.EndMate), []string{"warning futile-interpositions - - 2"}},
		// Without the gold, the king walks away: the recorded mate is false.
		{"false mate", tsume("8k/9/9/9/9/9/9/9/4K4 b Rp 1", []string{"R*1i"}, shogi.EndMate), []string{"error false-mate - - 2"}},
		{"unrecorded mate", tsume("8k/6G2/9/9/9/9/9/9/4K4 b R 1", []string{"R*1i"}, shogi.EndNone), []string{"warning unrecorded-mate - - 2"}},
		{"mate", tsume("8k/6G2/9/9/9/9/9/9/4K4 b R 1", []string{"R*1i"}, shogi.EndMate), nil},
		{"unread ending is not judged", tsume("8k/6G2/9/9/9/9/9/9/4K4 b R 1", []string{"R*1i"}, shogi.EndUnread), nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, problems := record.Check(tc.rec)
			var got []string
			for _, p := range problems {
				got = append(got, problemKey(p))
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("(-want +got)\n%s", diff)
			}
		})
	}
}

func TestFalseMateNamesMoves(t *testing.T) {
	rec := &shogi.Record{StartSFEN: "8k/9/9/9/9/9/9/9/4K4 b Rp 1"}
	m, _ := shogi.ParseUSIMove("R*1i")
	rec.Root.AddChild(m).End = &shogi.Ending{Kind: shogi.EndMate}
	_, problems := record.Check(rec)
	if len(problems) != 1 {
		t.Fatalf("problems %v", problems)
	}
	msg := problems[0].Error()
	if !strings.Contains(msg, "2a") && !strings.Contains(msg, "1a2a") && !strings.Contains(msg, "legal move") {
		t.Errorf("message %q names no legal move", msg)
	}
	if strings.Count(msg, "shogi:")+strings.Count(msg, "record:") != 1 {
		t.Errorf("message %q has more than one package prefix", msg)
	}
}

func TestReaderErrorsAndEOF(t *testing.T) {
	// Empty input: no record.
	r := record.NewReader(strings.NewReader(""))
	if rec, err := r.Read(); rec != nil || err != io.EOF {
		t.Errorf("empty input: %v, %v", rec, err)
	}
	if _, err := record.Parse(nil); !errors.Is(err, shogi.ErrNoRecord) {
		t.Errorf("Parse(nil): %v, want ErrNoRecord", err)
	}
	if _, err := record.Parse([]byte(threeGamesCSA)); !errors.Is(err, record.ErrMoreRecords) && err == nil {
		t.Errorf("Parse of three games: %v", err)
	}
	// A read error of the input ends the stream after one *Error.
	r = record.NewReader(io.MultiReader(strings.NewReader("V2.2\nPI\n+\n+7776FU\n"), errReader{}))
	var errs int
	for _, err := range r.All() {
		var re *record.Error
		if !errors.As(err, &re) {
			t.Fatalf("error %v is not an *Error", err)
		}
		if re.Code() != "io" {
			t.Errorf("code %q, want io", re.Code())
		}
		errs++
	}
	if errs != 1 {
		t.Errorf("%d errors, want 1", errs)
	}
}

type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errors.New("disk on fire") }

func TestShippedRecordsAreValid(t *testing.T) {
	paths, err := filepath.Glob("../testdata/records/*/*")
	if err != nil || len(paths) < 20 {
		t.Fatalf("%d shipped records: %v", len(paths), err)
	}
	for _, path := range paths {
		r, err := record.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		for v := range record.Validate(r) {
			if !v.Valid() {
				t.Errorf("%s: %v", path, v.Err())
			}
		}
		r.Close()
	}
	if _, err := os.Stat("../testdata/records/kif/fork.kif"); err != nil {
		t.Fatal(err)
	}
}

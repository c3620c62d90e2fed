package csa_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/csa"
	"github.com/kifu-go/shogi/kif"
)

// csaView is what CSA carries of a record: the start position without its move
// number, the game information by CSA key, and the main line with its comments,
// move times and ending.
type csaView struct {
	Start  string
	Info   []string
	Moves  []string
	Notes  [][]string
	Spent  []time.Duration
	Timed  []bool
	Ending string
}

func viewOf(rec *shogi.Record) csaView {
	var v csaView
	if f := strings.Fields(rec.StartSFEN); len(f) >= 3 {
		v.Start = strings.Join(f[:3], " ")
	}
	// The header as CSA writes it: its own keys and forms (a KIF 持ち時間 as
	// $TIME_LIMIT:HH:MM+SS, …), without the fields it cannot hold.
	info, _ := csa.InfoFields(rec.Header)
	for _, h := range info {
		v.Info = append(v.Info, h.Key+h.Value)
	}
	v.Notes = append(v.Notes, rec.Root.Comments)
	last := &rec.Root
	for _, n := range rec.MainLine() {
		v.Moves = append(v.Moves, n.Move.String())
		v.Notes = append(v.Notes, n.Comments)
		v.Spent = append(v.Spent, n.Time.Spent)
		v.Timed = append(v.Timed, n.HasTime)
		last = n
	}
	if e := last.End; e != nil {
		v.Ending = e.Kind.String() + " " + e.Result.String() + " " + e.Time.Spent.String()
	}
	return v
}

// TestKIFToCSAToKIF: a KIF record written as CSA and read back, then written as KIF
// and read back, keeps everything CSA can carry.
func TestKIFToCSAToKIF(t *testing.T) {
	files, _ := filepath.Glob("../kif/testdata/kif/*")
	if len(files) == 0 {
		t.Skip("no KIF fixtures")
	}
	tested := 0
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := kif.Parse(data)
		if err != nil {
			continue // the kif package's tests cover its failures
		}
		if e := rec.Ending(); e != nil && (e.Kind == shogi.EndDefaultWin || e.Kind == shogi.EndDefaultLoss ||
			e.Kind == shogi.EndSealedMove || e.Kind == shogi.EndNone) {
			continue // an ending CSA keeps only as a comment
		}
		tested++
		out := write(t, rec, func(w *csa.Writer) { w.Version = "3.0" })
		viaCSA, err := csa.Parse(out)
		if err != nil {
			t.Fatalf("%s: %v\n%s", name, err, out)
		}
		want := viewOf(rec)
		if diff := cmp.Diff(want, viewOf(viaCSA), equateEmpty); diff != "" {
			t.Errorf("%s: KIF → CSA (-KIF +CSA):\n%s", name, diff)
		}
		kifText, err := kif.Format(viaCSA)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		back, err := kif.Parse(kifText)
		if err != nil {
			t.Fatalf("%s: %v\n%s", name, err, kifText)
		}
		if diff := cmp.Diff(want, viewOf(back), equateEmpty); diff != "" {
			t.Errorf("%s: KIF → CSA → KIF (-KIF +back):\n%s", name, diff)
		}
	}
	if tested == 0 {
		t.Error("no KIF fixture read")
	}
	t.Logf("%d of %d KIF fixtures converted", tested, len(files))
}

// TestSameGamesAsKIF: two fixtures are the CSA of games whose KIF (written by the same
// program) the kif package has: both read to the same start, moves, times and ending.
func TestSameGamesAsKIF(t *testing.T) {
	for _, pair := range [][2]string{{"8mai.csa", "8mai.kif"}, {"chudan.csa", "chudan.kif"}} {
		k, err := os.ReadFile("../kif/testdata/kif/" + pair[1])
		if err != nil {
			t.Skip("no KIF fixture")
		}
		fromKIF, err := kif.Parse(k)
		if err != nil {
			t.Fatal(err)
		}
		fromCSA, err := csa.Parse(readFile(t, pair[0]))
		if err != nil {
			t.Fatal(err)
		}
		want, got := viewOf(fromKIF), viewOf(fromCSA)
		want.Info, want.Notes, got.Info, got.Notes = nil, nil, nil, nil // ordered differently; a banner comment
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s (-KIF +CSA):\n%s", pair[0], diff)
		}
	}
}

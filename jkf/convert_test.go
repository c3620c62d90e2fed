package jkf_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/csa"
	"github.com/kifu-go/shogi/jkf"
	"github.com/kifu-go/shogi/kif"
	"pgregory.net/rapid"
)

// TestFromCSA: every CSA fixture read and written as JKF reads back as the same
// record: JKF carries everything a CSA record holds.
func TestFromCSA(t *testing.T) {
	files, err := filepath.Glob("../csa/testdata/*.csa")
	if err != nil || len(files) == 0 {
		t.Skip("no CSA fixtures")
	}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := csa.Parse(data)
		if err != nil {
			continue // 9fu.csa: a start position the rules core refuses
		}
		got := mustParse(t, mustFormat(t, rec))
		if diff := diffRecords(rec, got); diff != "" {
			t.Errorf("%s: record changed (-CSA +JKF):\n%s", name, diff)
		}
	}
}

// TestRapidToCSAAndBack: converting a random record to CSA and back to JKF keeps its
// main line, start position and ending.
func TestRapidToCSAAndBack(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		rec := genRecord(t)
		for _, n := range rec.MainLine() {
			n.Comments = nil // CSA comments are single lines
		}
		rec.Root.Comments = nil
		if end := rec.Ending(); end != nil {
			end.Comments = nil
		}
		rec.Header = nil
		data, err := csa.Format(rec)
		if err != nil {
			t.Fatal(err)
		}
		viaCSA, err := csa.Parse(data)
		if err != nil {
			t.Fatalf("%v\n%s", err, data)
		}
		out, err := jkf.Format(viaCSA)
		if err != nil {
			t.Fatal(err)
		}
		back, err := jkf.Parse(out)
		if err != nil {
			t.Fatal(err)
		}
		if back.StartSFEN != rec.StartSFEN || !slices.Equal(back.Moves(), rec.Moves()) {
			t.Fatalf("main line changed: %s %v, want %s %v", back.StartSFEN, back.Moves(), rec.StartSFEN, rec.Moves())
		}
		want, got := rec.Ending(), back.Ending()
		switch {
		case want == nil || want.Kind == shogi.EndNone || want.Kind == shogi.EndDefaultWin ||
			want.Kind == shogi.EndDefaultLoss || want.Kind == shogi.EndSealedMove:
			// CSA has no code for these: they are kept as a comment.
		case got == nil || got.Kind != want.Kind || got.Result != want.Result || got.Time.Spent != want.Time.Spent:
			t.Fatalf("ending %+v, want %+v", got, want)
		}
	})
}

// TestFromKIF: KIF records, variations included, survive JKF; only bookmarks (which
// JKF lacks) are left out.
func TestFromKIF(t *testing.T) {
	files, _ := filepath.Glob("../kif/testdata/kif/*")
	tested := 0
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := kif.Parse(data)
		if err != nil {
			continue
		}
		tested++
		got := mustParse(t, mustFormat(t, rec))
		var clear func(n *shogi.Node)
		clear = func(n *shogi.Node) {
			n.Bookmark = ""
			for _, c := range n.Children {
				clear(c)
			}
		}
		clear(&rec.Root)
		if diff := diffRecords(rec, got); diff != "" {
			t.Errorf("%s: record changed (-KIF +JKF):\n%s", name, diff)
		}
	}
	if tested == 0 {
		t.Skip("no KIF fixtures")
	}
	t.Logf("%d KIF fixtures", tested)
}

// TestSameGameAsKIF: the fixture is the JKF of a game whose KIF the kif package has:
// both read to the same record (the KIF reader trims the 手合割 value's padding).
func TestSameGameAsKIF(t *testing.T) {
	k, err := os.ReadFile("../kif/testdata/kif/ryuou201409020101.kif")
	if err != nil {
		t.Skip("no KIF fixture")
	}
	fromKIF, err := kif.Parse(k)
	if err != nil {
		t.Fatal(err)
	}
	j, err := os.ReadFile(fixture)
	if err != nil {
		t.Fatal(err)
	}
	fromJKF := mustParse(t, j)
	fromJKF.Header.Set(shogi.HeaderHandicap, strings.TrimRight(mustGet(fromJKF.Header, shogi.HeaderHandicap), "\u3000"))
	if diff := diffRecords(fromKIF, fromJKF); diff != "" {
		t.Errorf("(-KIF +JKF):\n%s", diff)
	}
}

func mustGet(h shogi.Header, key string) string {
	v, _ := h.Get(key)
	return v
}

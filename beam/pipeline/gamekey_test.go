package pipeline

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/record"
)

const records = "../../testdata/records"

func parseFile(t *testing.T, path string) *shogi.Record {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(records, path))
	if err != nil {
		t.Fatal(err)
	}
	rec, err := record.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

func mustKey(t *testing.T, rec *shogi.Record) string {
	t.Helper()
	key, ok := GameKey(rec)
	if !ok {
		t.Fatalf("no key for %s", rec.StartSFEN)
	}
	return key
}

func TestGameKey(t *testing.T) {
	// The same game, written by different programs in three formats.
	kif := mustKey(t, parseFile(t, "kif/8mai.kif"))
	for _, path := range []string{"csa/8mai.csa", "ki2/8mai.ki2"} {
		if got := mustKey(t, parseFile(t, path)); got != kif {
			t.Errorf("%s: key %s, 8mai.kif's is %s", path, got, kif)
		}
	}
	if len(kif) != 32 {
		t.Errorf("key %q: want 32 hex digits", kif)
	}

	// Headers, comments, the ending and the start's move number do not count.
	rec := parseFile(t, "kif/jt201409130101.kif")
	key := mustKey(t, rec)
	other := *rec
	other.Header = nil
	other.Root.Comments = []string{"another comment"}
	if got := mustKey(t, &other); got != key {
		t.Errorf("without headers and with a comment: %s, want %s", got, key)
	}
	moves := rec.Moves()
	sameMoves := func(start string, ms []shogi.Move, end *shogi.Ending) *shogi.Record {
		r := &shogi.Record{StartSFEN: start}
		n := &r.Root
		for _, m := range ms {
			n = n.AddChild(m)
		}
		n.End = end
		return r
	}
	if got := mustKey(t, sameMoves(shogi.StartSFEN, moves, &shogi.Ending{Kind: shogi.EndInterrupt})); got != key {
		t.Errorf("with another ending: %s, want %s", got, key)
	}
	renumbered := "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 5"
	if got := mustKey(t, sameMoves(renumbered, moves, nil)); got != key {
		t.Errorf("starting at move 5: %s, want %s", got, key)
	}

	// One move less, or another start, is another game.
	for name, r := range map[string]*shogi.Record{
		"one move less":  sameMoves(shogi.StartSFEN, moves[:len(moves)-1], nil),
		"no moves":       sameMoves(shogi.StartSFEN, nil, nil),
		"another start":  sameMoves("lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", nil, nil),
		"another game":   parseFile(t, "kif/kiou201403160101.kif"),
		"white to start": sameMoves("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", nil, nil),
	} {
		if got := mustKey(t, r); got == key {
			t.Errorf("%s: the same key %s", name, got)
		}
	}
	if _, ok := GameKey(&shogi.Record{StartSFEN: "not an sfen"}); ok {
		t.Error("a key for a start position that cannot be set up")
	}
}

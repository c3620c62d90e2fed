package record_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	shogi "github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/record"
)

// TestComposedStartEveryFormat: a record whose start position no game reaches (seven
// pawns on a file, as composed problems and some real records start) is written and read
// back by every format alike; USI lines refused it before.
func TestComposedStartEveryFormat(t *testing.T) {
	const start = "4k4/9/P8/P8/P8/P8/P8/P8/P3K4 b 2P 1"
	for _, f := range record.Formats {
		rec := &shogi.Record{StartSFEN: start}
		if f != record.SFEN { // an SFEN line is a start position alone
			m, err := shogi.ParseUSIMove("9c9b+")
			if err != nil {
				t.Fatal(err)
			}
			rec.Root.AddChild(m)
		}
		data, err := record.Marshal(rec, f)
		if err != nil {
			t.Fatalf("%v: %v", f, err)
		}
		back, err := record.Parse(data)
		if err != nil {
			t.Fatalf("%v: %v\n%s", f, err, data)
		}
		if diff := cmp.Diff(start, back.StartSFEN); diff != "" {
			t.Errorf("%v: start (-want +got)\n%s", f, diff)
		}
		if diff := cmp.Diff(rec.Moves(), back.Moves()); diff != "" {
			t.Errorf("%v: moves (-want +got)\n%s", f, diff)
		}
	}
}

package book_test

import (
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/book"
	"github.com/kifu-go/shogi/record"
)

// buildFrom adds every record under paths that reads and plays to b, and returns how
// many records were refused.
func buildFrom(t testing.TB, b *book.Builder, paths ...string) (refused int) {
	t.Helper()
	for e := range record.Walk(paths...) {
		if e.Err != nil || e.Skipped != "" {
			continue
		}
		r, err := record.Open(e.Path)
		if err != nil {
			t.Fatal(err)
		}
		for rec, err := range r.All() {
			if err != nil {
				refused++
				continue
			}
			if err := b.Add(rec); err != nil {
				refused++
			}
		}
		r.Close()
	}
	return refused
}

type probe struct {
	Move                       string
	Count, Wins, Draws, Losses uint64
}

func probes(es []book.Entry, n int) []probe {
	var out []probe
	for i, e := range es {
		if i == n {
			break
		}
		out = append(out, probe{e.Move.String(), e.Count, e.Wins, e.Draws, e.Losses})
	}
	return out
}

// The records of the repository's testdata: 20 even games, 17 opening 7g7f (6 won by
// Black, 5 lost, the rest without a result) and 3 opening 2g2f.
func TestBuildRecords(t *testing.T) {
	var b book.Builder
	if refused := buildFrom(t, &b, "../testdata/records"); refused != 0 {
		t.Errorf("%d records refused", refused)
	}
	bk := b.Book(0)
	want := []probe{{"7g7f", 17, 6, 0, 5}, {"2g2f", 3, 1, 0, 0}}
	if diff := cmp.Diff(want, probes(bk.Lookup(shogi.NewStartPosition()), 5)); diff != "" {
		t.Errorf("start position (-want +got):\n%s", diff)
	}
	// The most common reply to 7g7f is the ponder of 7g7f.
	p := shogi.NewStartPosition()
	first := bk.Lookup(p)[0]
	p.PlayUnchecked(first.Move)
	if replies := bk.Lookup(p); len(replies) == 0 || replies[0].Move != first.Ponder {
		t.Errorf("ponder of %v is %v, the replies %v", first.Move, first.Ponder, replies)
	}
	// MaxPly 1 keeps the first moves only, of every start (even and handicap).
	one := book.Builder{MaxPly: 1}
	buildFrom(t, &one, "../testdata/records")
	if got := one.Book(0).Moves(); got >= bk.Moves() || got < 3 {
		t.Errorf("MaxPly 1 left %d moves of %d", got, bk.Moves())
	}
	// min-count 4 keeps only moves seen four times or more.
	bk.MinCount(4)
	for p, es := range bk.All() {
		for _, e := range es {
			if e.Count < 4 {
				t.Errorf("%v: %v kept with count %d", p, e.Move, e.Count)
			}
		}
	}
	if diff := cmp.Diff(want[:1], probes(bk.Lookup(shogi.NewStartPosition()), 5)); diff != "" {
		t.Errorf("start position after MinCount(4) (-want +got):\n%s", diff)
	}
}

// The 913 real records of the shared fixtures (outside the repository; skipped when
// absent): 2g2f and 7g7f are by far the most played first moves.
func TestBuildRealFixtures(t *testing.T) {
	const dir = "/work/shared/fixtures/real"
	if _, err := os.Stat(dir); err != nil {
		t.Skip("no shared fixtures")
	}
	if testing.Short() {
		t.Skip("short")
	}
	var b book.Builder
	buildFrom(t, &b, dir)
	bk := b.Book(0)
	// The counts move a little as the readers learn to read more of the fixtures
	// (measured: 2g2f 389, 7g7f 259, 7i6h 14): check the order and the sizes.
	es := bk.Lookup(shogi.NewStartPosition())
	if len(es) < 3 || es[0].Move.String() != "2g2f" || es[1].Move.String() != "7g7f" ||
		es[0].Count < 350 || es[1].Count < 230 || es[2].Count > 30 {
		t.Errorf("start position: %v", probes(es, 5))
	}
	for _, e := range es {
		if e.Wins+e.Draws+e.Losses > e.Count {
			t.Errorf("%v: more results than games: %+v", e.Move, e)
		}
	}
}

// The book does not depend on the order of the records.
func TestBuildOrder(t *testing.T) {
	var recs []*shogi.Record
	for e := range record.Walk("../testdata/records") {
		if e.Err != nil || e.Skipped != "" {
			continue
		}
		r := readRecordFile(t, e.Path)
		for rec, err := range r.All() {
			if err == nil {
				recs = append(recs, rec)
			}
		}
	}
	var fwd, back book.Builder
	for i := range recs {
		if err := fwd.Add(recs[i]); err != nil {
			t.Fatal(err)
		}
		if err := back.Add(recs[len(recs)-1-i]); err != nil {
			t.Fatal(err)
		}
	}
	if a, b := book.Format(fwd.Book(0)), book.Format(back.Book(0)); string(a) != string(b) {
		t.Error("the books of the records in two orders differ")
	}
}

func TestBuildIllegal(t *testing.T) {
	var b book.Builder
	p := shogi.NewStartPosition()
	m1, _ := shogi.ParseUSIMove("7g7f")
	bad, _ := shogi.ParseUSIMove("7f7e") // Black's pawn is not on 7f yet; it is White's move
	err := b.AddMoves(p, []shogi.Move{m1, bad}, shogi.BlackWins)
	var ime *shogi.IllegalMoveError
	if !errorAs(err, &ime) || ime.Ply != 2 {
		t.Fatalf("err = %v, want an illegal move at move 2", err)
	}
	if b.Book(0).Len() != 0 || b.Games() != 0 {
		t.Error("a refused line added something")
	}
	if p.Ply() != 0 || !p.Equal(shogi.NewStartPosition()) {
		t.Error("the start position was left changed")
	}
}

// WinnerOnly takes the winner's moves alone, as Apery's book maker does.
func TestBuildWinnerOnly(t *testing.T) {
	b := book.Builder{WinnerOnly: true}
	p := shogi.NewStartPosition()
	moves := usiMoves(t, "7g7f 3c3d 2g2f")
	if err := b.AddMoves(p, moves, shogi.WhiteWins); err != nil {
		t.Fatal(err)
	}
	if err := b.AddMoves(p, moves, shogi.Draw); err != nil {
		t.Fatal(err)
	}
	bk := b.Book(0)
	if bk.Moves() != 1 {
		t.Fatalf("%d moves, want White's 3c3d alone", bk.Moves())
	}
	p.PlayUnchecked(moves[0])
	if diff := cmp.Diff([]probe{{"3c3d", 1, 1, 0, 0}}, probes(bk.Lookup(p), 5)); diff != "" {
		t.Error(diff)
	}
}

package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/book"
	"github.com/kifu-go/shogi/record"
)

// buildBook runs book build over testdata/records and returns the book file.
func buildBook(t *testing.T, to string, extra ...string) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "book."+to)
	args := append([]string{"book", "build", "-to", to, "-o", out}, extra...)
	code, _, stderr := runCmd("", append(args, records)...)
	if code != 0 {
		t.Fatalf("build -to %s: exit %d\n%s", to, code, stderr)
	}
	return out
}

// The book built from testdata/records holds, at the even-game start, the first moves
// of its records that start there, counted; probe prints them in the engines' order.
func TestBookBuildProbe(t *testing.T) {
	// The first moves of the records of testdata/records, counted by hand.
	first := map[shogi.Move]uint64{}
	inputs := 0
	for e := range inputList([]string{records}, "", false, strings.NewReader("")) {
		if e.Err != nil || e.Skipped != "" {
			continue
		}
		r, closeInput, err := openEntry(input{Entry: e}, nil, readOptions{})
		if err != nil {
			t.Fatal(err)
		}
		for v := range record.Validate(r) {
			inputs++
			if !v.Valid() || v.Record.StartSFEN != shogi.StartSFEN || len(v.Record.Root.Children) == 0 {
				continue
			}
			if m := v.Record.Root.Children[0].Move; m != shogi.NoMove {
				first[m]++
			}
		}
		closeInput()
	}
	yane := buildBook(t, "yaneuraou")
	data, err := os.ReadFile(yane)
	if err != nil {
		t.Fatal(err)
	}
	b, err := book.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	got := map[shogi.Move]uint64{}
	for _, e := range b.Lookup(shogi.NewStartPosition()) {
		got[e.Move] = e.Count
	}
	if len(first) == 0 {
		t.Fatal("no record starts at the even-game start")
	}
	if diff := cmp.Diff(first, got); diff != "" {
		t.Errorf("start position's moves (-want +got):\n%s", diff)
	}
	for _, file := range []string{yane, buildBook(t, "apery")} {
		code, stdout, stderr := runCmd("", "book", "probe", "-json", file)
		if code != 0 {
			t.Fatalf("probe %s: exit %d\n%s", file, code, stderr)
		}
		var answer struct {
			SFEN  string
			Moves []probeMove
		}
		if err := json.Unmarshal([]byte(stdout), &answer); err != nil {
			t.Fatal(err)
		}
		if len(answer.Moves) != len(first) {
			t.Errorf("probe %s: %d moves, want %d", file, len(answer.Moves), len(first))
		}
		for i, m := range answer.Moves {
			mv, err := shogi.ParseUSIMove(m.Move)
			if err != nil || m.Count != first[mv] || i > 0 && m.Count > answer.Moves[i-1].Count {
				t.Errorf("probe %s: move %d %+v (want the count %d, most chosen first)", file, i, m, first[mv])
			}
		}
		// The text form, in the Japanese style.
		code, stdout, _ = runCmd("", "book", "probe", "-style", "japanese", file)
		if code != 0 || !strings.Contains(stdout, "☗7六歩") {
			t.Errorf("probe -style japanese %s: exit %d\n%s", file, code, stdout)
		}
	}
	// A position the book does not have: exit 1.
	if code, _, stderr := runCmd("", "book", "probe", "-sfen", "4k4/9/9/9/9/9/9/9/4K4 b R 1", yane); code != exitInvalid || !strings.Contains(stderr, "has no move") {
		t.Errorf("probe of a position not in the book: exit %d, %s", code, stderr)
	}
	// -min-count 2 keeps only the moves chosen twice or more.
	data, _ = os.ReadFile(buildBook(t, "yaneuraou", "-min-count", "2"))
	b2, err := book.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	for p, es := range b2.All() {
		for _, e := range es {
			if e.Count < 2 {
				t.Errorf("%s: %v chosen %d times, kept with -min-count 2", p, e.Move, e.Count)
			}
		}
	}
	// -max-ply 1 keeps only the records' start positions.
	data, _ = os.ReadFile(buildBook(t, "yaneuraou", "-max-ply", "1"))
	b1, err := book.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if b1.Moves() > inputs || b1.Lookup(shogi.NewStartPosition()) == nil {
		t.Errorf("-max-ply 1: %d moves from %d records", b1.Moves(), inputs)
	}
}

// convert turns the built YaneuraOu book into the Apery book that build writes, and
// that one back into a YaneuraOu book whose Apery form is the same bytes again (the
// walk reaches the entries of the records that start at a start position).
func TestBookConvert(t *testing.T) {
	yane := buildBook(t, "yaneuraou")
	apery := buildBook(t, "apery")
	dir := t.TempDir()
	converted := filepath.Join(dir, "converted.bin")
	if code, _, stderr := runCmd("", "book", "convert", "-to", "apery", "-o", converted, yane); code != 0 {
		t.Fatalf("convert -to apery: exit %d\n%s", code, stderr)
	}
	want, _ := os.ReadFile(apery)
	got, _ := os.ReadFile(converted)
	if !bytes.Equal(want, got) {
		t.Errorf("converted Apery book differs from the built one: %d and %d bytes", len(got), len(want))
	}
	back := filepath.Join(dir, "back.db")
	code, _, stderr := runCmd("", "book", "convert", "-to", "yaneuraou", "-o", back, converted)
	if code != 0 || !strings.Contains(stderr, "reached") {
		t.Fatalf("convert -to yaneuraou: exit %d\n%s", code, stderr)
	}
	// What the walk reached reads back equal: the YaneuraOu book made from the Apery
	// one, converted to Apery again, is the Apery book of the same positions.
	data, _ := os.ReadFile(back)
	yb, err := book.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	orig, _ := os.ReadFile(yane)
	ob, err := book.Parse(orig)
	if err != nil {
		t.Fatal(err)
	}
	for p, es := range yb.All() {
		want := ob.Lookup(p)
		if len(want) != len(es) {
			t.Errorf("%s: %d moves, the built book %d", p, len(es), len(want))
			continue
		}
		for i := range es {
			if es[i].Move != want[i].Move || es[i].Count != want[i].Count {
				t.Errorf("%s: move %d %v×%d, the built book %v×%d", p, i, es[i].Move, es[i].Count, want[i].Move, want[i].Count)
			}
		}
	}
	if yb.Lookup(shogi.NewStartPosition()) == nil {
		t.Error("the converted book has no move at the start")
	}
	// Apery → Apery and YaneuraOu → YaneuraOu are conversions too.
	again := filepath.Join(dir, "again.db")
	if code, _, stderr := runCmd("", "book", "convert", "-to", "yaneuraou", "-o", again, back); code != 0 {
		t.Fatalf("yaneuraou → yaneuraou: exit %d\n%s", code, stderr)
	}
	if a, _ := os.ReadFile(again); !bytes.Equal(a, data) {
		t.Error("yaneuraou → yaneuraou changed the book")
	}
	// -o never overwrites without -f.
	if code, _, stderr := runCmd("", "book", "convert", "-to", "apery", "-o", converted, yane); code != exitUsage || !strings.Contains(stderr, "not overwritten") {
		t.Errorf("without -f: exit %d, %s", code, stderr)
	}
	// A broken book is exit 1, with its line.
	broken := writeFile(t, dir, "broken.db", book.Header+"\nsfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\n7g7f 3c3d 0 0 1\n5e5d none 0 0 1\n")
	if code, _, stderr := runCmd("", "book", "convert", "-to", "apery", broken); code != exitInvalid || !strings.Contains(stderr, "4") {
		t.Errorf("broken book: exit %d, %s", code, stderr)
	}
}

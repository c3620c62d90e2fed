package csa_test

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/csa"
)

// readAllText reads every record of r and returns each written back as CSA, or its
// error, and the position Final gives after each, as an SFEN and a ply count.
func readAllText(t *testing.T, r *csa.Reader) []string {
	t.Helper()
	var out []string
	for {
		rec, err := r.Read()
		if err == io.EOF {
			if r.Final() != nil {
				t.Error("Final after io.EOF is not nil")
			}
			return out
		}
		if err != nil {
			if r.Final() != nil {
				t.Errorf("Final after the error %v is not nil", err)
			}
			out = append(out, "error: "+err.Error())
			continue
		}
		text, err := csa.Format(rec)
		if err != nil {
			t.Fatal(err)
		}
		// Final is the position the main line reaches, its history the line.
		p, err := rec.StartPosition()
		if err != nil {
			t.Fatal(err)
		}
		line := rec.MainLine()
		for _, n := range line {
			if !n.IsEnding() {
				if err := p.Play(n.Move); err != nil {
					t.Fatal(err)
				}
			}
		}
		final := r.Final()
		if final == nil || !final.Equal(p) || final.Ply() != p.Ply() || final.Hash() != p.Hash() {
			t.Errorf("Final %v after %d moves, want %v after %d", final, final.Ply(), p, p.Ply())
		}
		out = append(out, string(text))
	}
}

// A Reader Reset onto another input reads it as a new Reader does, whatever it read
// before: the records, the errors, the line numbers, the positions Final gives; and so
// does a Reader that builds each record in the memory of the one before
// (ReuseRecords), each record being written out before the next is read.
func TestReset(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.csa"))
	if err != nil || len(files) < 3 {
		t.Fatalf("%d files, %v", len(files), err)
	}
	inputs := [][]byte{[]byte(strings.Repeat("PI\n+\n+7776FU\n-3334FU\n%TORYO\n/\n", 3) + "P1 bad\n")}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, data)
	}
	for _, mode := range []struct{ lenient, reuse bool }{{false, false}, {true, false}, {false, true}, {true, true}} {
		lenient := mode.lenient
		reused := csa.NewReader(bytes.NewReader(nil))
		reused.ReuseRecords = mode.reuse
		for i, data := range inputs {
			fresh := csa.NewReader(bytes.NewReader(data))
			fresh.Lenient = lenient
			want := readAllText(t, fresh)
			reused.Reset(bytes.NewReader(data))
			reused.Lenient = lenient
			if diff := cmp.Diff(want, readAllText(t, reused)); diff != "" {
				t.Errorf("input %d, %+v, after Reset (-new reader +reset):\n%s", i, mode, diff)
			}
		}
	}
}

// Reading small inputs one after another with Reset allocates no line buffer each
// time.
func TestResetKeepsBuffer(t *testing.T) {
	data := []byte("PI\n+\n+7776FU\n-3334FU\n%TORYO\n")
	r := csa.NewReader(bytes.NewReader(data))
	var in bytes.Reader
	read := func() {
		in.Reset(data)
		r.Reset(&in)
		if _, err := r.Read(); err != nil {
			t.Fatal(err)
		}
	}
	read()
	fresh := testing.AllocsPerRun(20, func() {
		rd := csa.NewReader(bytes.NewReader(data))
		if _, err := rd.Read(); err != nil {
			t.Fatal(err)
		}
	})
	reset := testing.AllocsPerRun(20, read)
	if reset >= fresh {
		t.Errorf("%v allocations a read after Reset, %v with a new Reader", reset, fresh)
	}
}

// With ReuseRecords the next record is built in the memory of the one before: the
// first record's nodes are the second's.
func TestReuseRecords(t *testing.T) {
	text := "PI\n+\n+7776FU\n-3334FU\n'** 30\n%TORYO\n/\nPI\n+\n+2726FU\n-8384FU\n%TORYO\n"
	for _, reuse := range []bool{false, true} {
		r := csa.NewReader(strings.NewReader(text))
		r.ReuseRecords = reuse
		first, err := r.Read()
		if err != nil {
			t.Fatal(err)
		}
		node := first.Root.Children[0]
		second, err := r.Read()
		if err != nil {
			t.Fatal(err)
		}
		if got := second.Root.Children[0].Move.String(); got != "2g2f" {
			t.Errorf("reuse %v: the second record starts with %s", reuse, got)
		}
		if shared := second.Root.Children[0] == node; shared != reuse {
			t.Errorf("reuse %v: the records share their first node: %v", reuse, shared)
		}
		if !reuse && (node.Move.String() != "7g7f" || len(node.Children[0].Comments) != 1) {
			t.Errorf("without reuse the first record changed: %v %v", node.Move, node.Children[0].Comments)
		}
	}
}

// With ReuseRecords the slots of a record's comments are those of the record before:
// a record commented move by move costs no allocation for them once the first records
// have been read, and the comment strings taken from a record stay as they were.
func TestReuseRecordsCommentSlots(t *testing.T) {
	moves := []string{"+7776FU", "-3334FU", "+2726FU", "-8384FU", "+2625FU", "-8485FU"}
	var plain, commented strings.Builder
	plain.WriteString("PI\n+\n")
	commented.WriteString("PI\n+\n")
	for i := range 60 {
		m := moves[i%len(moves)]
		if i >= len(moves) { // back and forth: the rooks' moves, then again
			m = []string{"+2838HI", "-8272HI", "+3828HI", "-7282HI"}[(i-len(moves))%4]
		}
		plain.WriteString(m + "\n")
		fmt.Fprintf(&commented, "%s\n'** %d\n", m, i)
	}
	plain.WriteString("%CHUDAN\n")
	commented.WriteString("%CHUDAN\n")
	withComments, r := reusedReadAllocs(t, commented.String(), false, 50)
	without, _ := reusedReadAllocs(t, plain.String(), false, 50)
	if withComments-without >= 1 {
		t.Errorf("%.2f allocations a record with 60 comments, %.2f without", withComments, without)
	}
	var in strings.Reader
	in.Reset(commented.String())
	r.Reset(&in)
	first, err := r.Read()
	if err != nil {
		t.Fatal(err)
	}
	kept := first.Root.Children[0].Comments[0]
	in.Reset(strings.ReplaceAll(commented.String(), "'** ", "'** 1"))
	r.Reset(&in)
	second, err := r.Read()
	if err != nil {
		t.Fatal(err)
	}
	if kept != "* 0" {
		t.Errorf("a comment taken from the first record became %q", kept)
	}
	if got := second.Root.Children[0].Comments; len(got) != 1 || got[0] != "* 10" {
		t.Errorf("the second record's first comments are %q", got)
	}
}

// commentsOf returns the comments of rec's start and main line, and of its ending,
// copied.
func commentsOf(rec *shogi.Record) []string {
	var out []string
	add := func(cs []string) {
		for _, c := range cs {
			out = append(out, strings.Clone(c))
		}
	}
	add(rec.Root.Comments)
	for _, n := range rec.MainLine() {
		add(n.Comments)
		if n.End != nil {
			add(n.End.Comments)
		}
	}
	return out
}

// With ReuseComments too the text of a record's comments is written where the last
// record's was: each record's comments, while it is the last read, are those a Reader
// that reuses nothing reads, in inputs of several records and after Reset; and a
// record commented move by move costs no allocation for their text.
func TestReuseComments(t *testing.T) {
	moves := []string{"+7776FU", "-3334FU", "+2726FU", "-8384FU", "+2625FU", "-8485FU"}
	game := func(g, n int) string {
		var b strings.Builder
		fmt.Fprintf(&b, "'black_rate:player%d:%d.0\nPI\n+\n", g, 3000+g)
		for i := range n {
			m := moves[i%len(moves)]
			if i >= len(moves) {
				m = []string{"+2838HI", "-8272HI", "+3828HI", "-7282HI"}[(i-len(moves))%4]
			}
			fmt.Fprintf(&b, "%s\n'** %d 7g7f 3c3d 2g2f comment of game %d, move %d\n", m, 10*i-g, g, i)
			if i%7 == 3 {
				fmt.Fprintf(&b, "'a second comment on move %d of game %d\n", i, g)
			}
		}
		fmt.Fprintf(&b, "%%CHUDAN\n'after the end of game %d\n", g)
		return b.String()
	}
	inputs := []string{
		game(1, 200) + "/\n" + game(2, 3) + "/\n" + game(3, 120),
		game(4, 0),
		game(5, 250) + "/\n" + game(6, 250),
	}
	reused := csa.NewReader(nil)
	reused.ReuseRecords, reused.ReuseComments = true, true
	for i, text := range inputs {
		fresh := csa.NewReader(strings.NewReader(text))
		reused.Reset(strings.NewReader(text))
		for k := 0; ; k++ {
			want, wantErr := fresh.Read()
			got, err := reused.Read()
			if (err == nil) != (wantErr == nil) {
				t.Fatalf("input %d, record %d: error %v, want %v", i, k, err, wantErr)
			}
			if err != nil {
				break
			}
			if diff := cmp.Diff(commentsOf(want), commentsOf(got)); diff != "" {
				t.Errorf("input %d, record %d: comments (-fresh +reused):\n%s", i, k, diff)
			}
		}
	}

	text := game(7, 400)
	// The text of 450 comments of some 50 bytes fills five blocks of 4 KiB.
	with, _ := reusedReadAllocs(t, text, true, 20)
	if without, _ := reusedReadAllocs(t, text, false, 20); with > without-4 {
		t.Errorf("%.2f allocations a record with ReuseComments, %.2f without", with, without)
	}
}

// reusedReadAllocs reads text again and again with one Reader that reuses its records
// (and, with reuseComments, their comments' text), and returns the allocations a read
// once warmed up, and the reader.
func reusedReadAllocs(t *testing.T, text string, reuseComments bool, runs int) (float64, *csa.Reader) {
	t.Helper()
	r := csa.NewReader(nil)
	r.ReuseRecords, r.ReuseComments = true, reuseComments
	var in strings.Reader
	read := func() {
		in.Reset(text)
		r.Reset(&in)
		if _, err := r.Read(); err != nil {
			t.Fatal(err)
		}
	}
	for range 3 {
		read()
	}
	return testing.AllocsPerRun(runs, read), r
}

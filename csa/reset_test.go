package csa_test

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
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

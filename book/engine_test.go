package book_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/book"
)

// TestYaneuraOuPlaysBook runs a YaneuraOu binary (built from its public repository,
// outside this one; SHOGI_YANEURAOU names it, and the test is skipped without it) on
// the books this package writes from the repository's records: the text book as
// user_book1.db, read into memory and on the fly (a binary search of the file, which
// needs YaneuraOu's order), and the Apery book as book.bin (which needs Apery's keys).
// In positions of the book the engine must answer with a book move and say so: an
// info line with "nodes 0" whose pv starts with that move (YaneuraOu's report of a book
// hit; a search reports the nodes it searched).
func TestYaneuraOuPlaysBook(t *testing.T) {
	bin := os.Getenv("SHOGI_YANEURAOU")
	if bin == "" {
		t.Skip("SHOGI_YANEURAOU is not set")
	}
	var b book.Builder
	buildFrom(t, &b, "../testdata/records")
	bk := b.Book(0)
	dir := t.TempDir()
	f, err := os.Create(filepath.Join(dir, "user_book1.db"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := bk.WriteTo(f); err != nil {
		t.Fatal(err)
	}
	f.Close()
	ab, _, err := bk.Apery()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "book.bin"), ab.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	// Positions spread over the book (and so over the file).
	var probes []*shogi.Position
	i := 0
	for p := range bk.All() {
		if i%97 == 0 {
			probes = append(probes, p)
		}
		i++
	}
	probes = append(probes, shogi.NewStartPosition())
	for _, cfg := range []struct{ file, onTheFly string }{
		{"user_book1.db", "false"}, {"user_book1.db", "true"}, {"book.bin", "false"},
	} {
		t.Run(cfg.file+"/onthefly="+cfg.onTheFly, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, bin)
			cmd.Dir = dir
			in, _ := cmd.StdinPipe()
			outPipe, _ := cmd.StdoutPipe()
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			defer cmd.Wait()
			defer in.Close()
			out := bufio.NewScanner(outPipe)
			send := func(s string) { fmt.Fprintln(in, s) }
			until := func(prefix string) []string {
				var lines []string
				for out.Scan() {
					lines = append(lines, out.Text())
					if strings.HasPrefix(out.Text(), prefix) {
						return lines
					}
				}
				t.Fatalf("no %q from the engine; it said:\n%s", prefix, strings.Join(lines, "\n"))
				return nil
			}
			send("usi")
			until("usiok")
			for _, o := range []string{"Threads value 1", "USI_Hash value 16", "BookDir value " + dir,
				"BookFile value " + cfg.file, "BookOnTheFly value " + cfg.onTheFly, "BookMoves value 1000",
				"BookDepthLimit value 0", "BookDepthBlackLimit value 0", "BookDepthWhiteLimit value 0",
				"BookEvalBlackLimit value -99999", "BookEvalWhiteLimit value -99999", "IgnoreBookPly value true"} {
				send("setoption name " + o)
			}
			send("isready")
			until("readyok")
			for _, p := range probes {
				send("usinewgame")
				send("position sfen " + p.String())
				send("go btime 0 wtime 0 byoyomi 1000")
				lines := until("bestmove")
				best := strings.Fields(lines[len(lines)-1])[1]
				var moves []string
				for _, e := range bk.Lookup(p) {
					moves = append(moves, e.Move.String())
				}
				hit := slices.ContainsFunc(lines, func(l string) bool {
					f := strings.Fields(l)
					k := slices.Index(f, "pv")
					return strings.Contains(l, " nodes 0 ") && k >= 0 && k+1 < len(f) && f[k+1] == best
				})
				if !slices.Contains(moves, best) || !hit {
					t.Errorf("%v: bestmove %s, book moves %v, book hit reported %v; the engine said:\n%s", p, best, moves, hit, strings.Join(lines, "\n"))
				}
			}
			send("quit")
			io.Copy(io.Discard, outPipe)
		})
	}
}

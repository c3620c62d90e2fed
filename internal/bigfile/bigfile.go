// Package bigfile writes large multi-game CSA files for the memory benchmarks and tests
// of the streaming readers: games of random legal moves with a floodgate-style
// evaluation comment on every move, repeated until the file has the size asked for.
package bigfile

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/kifu-go/shogi/csa"
	"github.com/kifu-go/shogi/internal/gametest"
)

// distinctGames is how many different games a file cycles through.
const distinctGames = 32

// Games returns the CSA text of n distinct random games of moves moves each, every move
// with a comment of about commentBytes bytes.
func Games(n, moves, commentBytes int) ([][]byte, error) {
	var games [][]byte
	for i := range n {
		rec := gametest.Long(moves, uint64(i)+1)
		for j, node := range rec.MainLine() {
			node.Comments = []string{comment(j, commentBytes)}
		}
		data, err := csa.Format(rec)
		if err != nil {
			return nil, err
		}
		games = append(games, data)
	}
	return games, nil
}

// comment returns an evaluation comment of about size bytes, as floodgate writes them:
// the comment "* score move move …", which CSA writes as the line "'** score move move …".
func comment(ply, size int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "* %d", (ply*37)%2000-1000)
	for b.Len() < size {
		fmt.Fprintf(&b, " %+d%d%d%dFU", 1-2*(ply%2), 1+ply%9, 1+(ply/9)%9, 1+(ply/81)%9)
		ply++
	}
	return b.String()
}

// Write writes games records to w, separated by "/" lines, cycling through distinct
// games of moves moves with comments of commentBytes bytes a move; it returns the bytes
// written.
func Write(w io.Writer, games, moves, commentBytes int) (int64, error) {
	texts, err := Games(min(games, distinctGames), moves, commentBytes)
	if err != nil {
		return 0, err
	}
	bw := bufio.NewWriterSize(w, 1<<20)
	var n int64
	for i := range games {
		if i > 0 {
			k, err := bw.WriteString("/\n")
			n += int64(k)
			if err != nil {
				return n, err
			}
		}
		k, err := bw.Write(texts[i%len(texts)])
		n += int64(k)
		if err != nil {
			return n, err
		}
	}
	return n, bw.Flush()
}

// WriteFile writes a file of games records at path (see Write) and returns its size.
func WriteFile(path string, games, moves, commentBytes int) (int64, error) {
	f, err := os.Create(path)
	if err != nil {
		return 0, err
	}
	n, err := Write(f, games, moves, commentBytes)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return n, err
}

// GameSize returns the size in bytes of one game of moves moves with comments of
// commentBytes bytes, to choose the number of games for a file size.
func GameSize(moves, commentBytes int) (int, error) {
	games, err := Games(1, moves, commentBytes)
	if err != nil {
		return 0, err
	}
	return len(games[0]) + 2, nil
}

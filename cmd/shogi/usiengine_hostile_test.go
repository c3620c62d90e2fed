package main

import (
	"fmt"
	"io"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/kifu-go/shogi"
)

// hardSFEN is a position whose search runs for seconds without an answer: the
// searches that quit, stop or the end of the input interrupt.
const hardSFEN = "l3k3l/9/p1p1p1p1p/9/9/9/9/9/4K4 b RBGSNrb3g3s3n2l13p 1"

// engineAnswers returns the lines the engine wrote, without the lines of figures it
// measured (info time …, info string mate in …).
func engineAnswers(out string) []string {
	var got []string
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if l == "" || strings.HasPrefix(l, "info time ") || strings.HasPrefix(l, "info string mate in") {
			continue
		}
		got = append(got, l)
	}
	return got
}

// countAnswers counts the answers to go in out.
func countAnswers(out string) int {
	n := 0
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "checkmate ") || strings.HasPrefix(l, "bestmove ") {
			n++
		}
	}
	return n
}

// runEngineScript writes script to the engine and returns its output once it has
// answered every go of the script (the end of its input would stop a search), or after
// ten seconds.
func runEngineScript(t *testing.T, script string) string {
	t.Helper()
	gos := 0
	for _, l := range strings.Split(script, "\n") {
		if strings.HasPrefix(l, "go ") {
			gos++
		}
	}
	pr, pw := io.Pipe()
	w := &syncBuffer{}
	output := w.String
	var errOut strings.Builder
	ended := make(chan int, 1)
	go func() {
		ended <- run([]string{"usi"}, pr, w, &errOut)
		pr.Close()
	}()
	written := make(chan struct{})
	go func() {
		io.WriteString(pw, script)
		close(written)
	}()
	for deadline := time.Now().Add(10 * time.Second); countAnswers(output()) < gos; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Errorf("%d go commands, answers %q", gos, output())
			break
		}
	}
	select {
	case <-written:
	case <-time.After(10 * time.Second):
		t.Error("the engine did not read its input")
	}
	pw.Close()
	if code := engineExit(t, ended); code != 0 || errOut.Len() > 0 {
		t.Errorf("exit %d, stderr %q", code, errOut.String())
	}
	return output()
}

// engineExit returns the exit status of the engine that runs on its own goroutine and
// sends it on ended, once it ends; the test fails if it has not within 10 s.
func engineExit(t *testing.T, ended <-chan int) int {
	t.Helper()
	select {
	case code := <-ended:
		return code
	case <-time.After(10 * time.Second):
		t.Fatal("the engine did not end")
		return 0
	}
}

// TestMateEngineHostile feeds the engine scripts a careless or hostile GUI could send:
// every go is answered once, with checkmate timeout (never nomate) when it could not
// search; bad lines are answered with an info string and the engine goes on.
func TestMateEngineHostile(t *testing.T) {
	repeat := func(s string, n int) string { return strings.TrimSpace(strings.Repeat(s+" ", n)) }
	bound := memoryLimit()
	physical := bound.bytes
	tests := []struct {
		name   string
		script string
		want   []string // nil: only the count of answers is checked
		mates  int      // checkmate lines wanted when want is nil
	}{
		{
			name:   "go mate before position searches the start position",
			script: "go mate 1000\n",
			want:   []string{"checkmate nomate"}, // no check at all
		},
		{
			name:   "go mate with a time it cannot read", // (no time at all: go mate infinite, TestMateEngineProtocol)
			script: "position sfen " + mate3SFEN + "\ngo mate -5\ngo mate x\ngo mate 99999999999999999999\n",
			want: []string{
				`info string go: mate: "-5" is no number of milliseconds`, "checkmate timeout",
				`info string go: mate: "x" is no number of milliseconds`, "checkmate timeout",
				`info string go: mate: "99999999999999999999" is no number of milliseconds`, "checkmate timeout",
			},
		},
		{
			name:   "go mate 0 answers once",
			script: "position sfen " + mate3SFEN + "\ngo mate 0\n",
			mates:  1,
		},
		{
			name:   "an illegal move in position",
			script: "position startpos moves 7g7f 3c3d 1a1b\ngo mate 100\n",
			want: []string{
				"info string position refused: column 26: illegal move 1a1b at move 3: the piece belongs to the opponent",
				"info string no position to search: column 26: illegal move 1a1b at move 3: the piece belongs to the opponent",
				"checkmate timeout",
			},
		},
		{
			name:   "a malformed move in position",
			script: "position sfen " + mate3SFEN + " moves S*5c zz9\ngo mate 100\n",
			want: []string{
				`info string position refused: column 61: invalid USI move "zz9"`,
				`info string no position to search: column 61: invalid USI move "zz9"`,
				"checkmate timeout",
			},
		},
		{
			name:   "a truncated SFEN",
			script: "position sfen 9/4k4/9/4S\ngo mate 100\n",
			want: []string{
				"info string position refused: column 16: an SFEN has a board, a side to move, hands and an optional move number",
				"info string no position to search: column 16: an SFEN has a board, a side to move, hands and an optional move number",
				"checkmate timeout",
			},
		},
		{
			name:   "the side not to move in check",
			script: "position sfen 4k4/4G4/9/9/9/9/9/9/9 b 2r2b3g4s4n4l18p 1\ngo mate 100\n",
			want:   []string{"info string the defender (the side not to move) is already in check", "checkmate nomate"},
		},
		{
			name:   "a long move list",
			script: "position startpos moves " + repeat("5i4h 5a4b 4h5i 4b5a", 30_000) + "\ngo mate 100\n",
			mates:  1,
		},
		{
			name:   "a line of several MB is passed over",
			script: "position startpos moves " + repeat("5i4h 5a4b 4h5i 4b5a", 200_000) + "\nposition sfen " + mate3SFEN + "\ngo mate 10000\n",
			want:   []string{"info string the line is longer than 1048576 bytes: passed over", "checkmate S*5c 5b4a G*4b"},
		},
		{
			name:   "invalid UTF-8",
			script: "position sfen \xff\xfe\ngo\xff mate 10\nsetoption name \xff value 1\n",
			want: []string{
				"info string position refused: column 8: an SFEN has a board, a side to move, hands and an optional move number",
				`info string unknown command "go\\xff"`,
				`info string setoption: no option "\\xff"`,
			},
		},
		{
			name:   "CRLF line ends",
			script: "usinewgame\r\nposition sfen " + mate3SFEN + "\r\ngo mate 10000\r\n",
			want:   []string{"checkmate S*5c 5b4a G*4b"},
		},
		{
			name:   "stop with no search, stop twice",
			script: "stop\nposition sfen " + hardSFEN + "\ngo mate infinite\nstop\nstop\n",
			want:   []string{"checkmate timeout"},
		},
		{
			name:   "a second go during a search",
			script: "position sfen " + hardSFEN + "\ngo mate infinite\ngo mate 100\n",
			want:   []string{"checkmate timeout", "checkmate timeout"},
		},
		{
			name: "setoption with unknown names and bad values",
			script: "setoption name NoSuch value 3\nsetoption NoName\nsetoption name USI_Hash value 0\n" +
				"setoption name USI_Hash value -1\nsetoption name USI_Hash value 1e9\n" +
				"setoption name USI_Hash value 65537\nsetoption name TsumeLine\nsetoption name Futile value all\n" +
				"setoption name Leftover value none\n" +
				"setoption name USI_Hash value 1\nisready\n",
			want: []string{
				`info string setoption: no option "NoSuch"`,
				"info string setoption: expected name",
				fmt.Sprintf("info string setoption: USI_Hash: 0 MB; want 1 to %d", hashLimitMB(physical, 1)),
				fmt.Sprintf("info string setoption: USI_Hash: -1 MB; want 1 to %d", hashLimitMB(physical, 1)),
				`info string setoption: USI_Hash: invalid value "1e9"`,
				fmt.Sprintf("info string setoption: USI_Hash: 65537 MB; want 1 to %d", hashLimitMB(physical, 1)),
				`info string setoption: TsumeLine: invalid value ""`,
				`info string setoption: Futile: invalid value "all"`,
				`info string setoption: Leftover: invalid value "none"`,
				"readyok",
			},
		},
	}
	if physical != 0 && physical < maxHashMB<<20 {
		// A table larger than the memory at hand is refused, and the engine goes on
		// with the one it had (before, the table's allocation was a fatal error).
		mb := hashLimitMB(physical, 1) + 1
		tests = append(tests, struct {
			name   string
			script string
			want   []string
			mates  int
		}{
			name:   "USI_Hash beyond the memory at hand",
			script: fmt.Sprintf("setoption name USI_Hash value %d\nisready\nposition sfen %s\ngo mate 10000\n", mb, mate3SFEN),
			want: []string{
				fmt.Sprintf("info string setoption: USI_Hash: %d MB is more than %s (%d MB); want 1 to %d", mb, bound, physical>>20, mb-1),
				"readyok",
				"checkmate S*5c 5b4a G*4b",
			},
		})
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := engineAnswers(runEngineScript(t, tt.script))
			if tt.want != nil {
				if diff := cmp.Diff(tt.want, got); diff != "" {
					t.Errorf("answers (-want +got):\n%s", diff)
				}
				return
			}
			mates := 0
			for _, l := range got {
				if strings.HasPrefix(l, "checkmate ") {
					mates++
				} else {
					t.Errorf("line %q", l)
				}
			}
			if mates != tt.mates {
				t.Errorf("%d checkmate lines, want %d: %q", mates, tt.mates, got)
			}
		})
	}
}

// TestMateEngineEndsDuringSearch: quit, or the end of the input, while a search runs
// ends the engine at once, the search answered once.
func TestMateEngineEndsDuringSearch(t *testing.T) {
	for _, end := range []string{"quit", "end of input"} {
		t.Run(end, func(t *testing.T) {
			pr, pw := io.Pipe()
			w := &syncBuffer{}
			ended := make(chan int, 1)
			go func() { ended <- run([]string{"usi"}, pr, w, io.Discard) }()
			io.WriteString(pw, "position sfen "+hardSFEN+"\ngo mate infinite\n")
			time.Sleep(200 * time.Millisecond) // the search is running
			if end == "quit" {
				io.WriteString(pw, "quit\n")
			} else {
				pw.Close()
			}
			if code := engineExit(t, ended); code != 0 {
				t.Errorf("exit %d", code)
			}
			pw.Close()
			if diff := cmp.Diff([]string{"checkmate timeout"}, engineAnswers(w.String())); diff != "" {
				t.Errorf("answers (-want +got):\n%s", diff)
			}
		})
	}
}

// TestParseGo: the limits each go asks for; go nodes alone has no time limit (it had
// one millisecond, which the table's making took: go nodes 100000 answered resign on a
// mate in 3).
func TestParseGo(t *testing.T) {
	tests := []struct {
		args string
		want goLimits
		err  string
	}{
		{"mate 1000", goLimits{mate: true, limit: time.Second}, ""},
		{"mate 0", goLimits{mate: true, limit: time.Millisecond}, ""},
		{"mate infinite", goLimits{mate: true, infinite: true}, ""},
		{"mate -5", goLimits{}, `mate: "-5" is no number of milliseconds`},
		{"mate", goLimits{mate: true, infinite: true}, ""}, // no time: until an answer or stop
		{"mate nodes 1000", goLimits{mate: true, infinite: true, nodes: 1000}, ""},
		{"mate x", goLimits{}, `mate: "x" is no number of milliseconds`},
		{"nodes 100000", goLimits{nodes: 100000}, ""},
		{"nodes 100000 movetime 500", goLimits{nodes: 100000, limit: 500 * time.Millisecond}, ""},
		{"nodes", goLimits{}, "nodes: expected a number"},
		{"nodes x", goLimits{}, `strconv.ParseUint: parsing "x": invalid syntax`},
		{"", goLimits{limit: time.Second}, ""},
		{"btime 0 wtime 0 byoyomi 1000", goLimits{limit: 900 * time.Millisecond}, ""},
		{"btime 0 wtime 0 byoyomi 0", goLimits{limit: time.Second}, ""},
		{"infinite", goLimits{infinite: true}, ""},
		{"ponder btime 1000", goLimits{infinite: true, ponder: true, ponderLimit: 45 * time.Millisecond}, ""}, // from ponderhit
		{"ponder", goLimits{infinite: true, ponder: true, ponderLimit: time.Second}, ""},
	}
	for _, tt := range tests {
		got, err := parseGo(strings.Fields(tt.args), shogi.Black)
		gotErr := ""
		if err != nil {
			gotErr = err.Error()
		}
		if gotErr != tt.err || (err == nil && got != tt.want) {
			t.Errorf("go %s: %+v, %q; want %+v, %q", tt.args, got, gotErr, tt.want, tt.err)
		}
	}
}

// TestGoLineNodes: a go mate with a time limit gives the tsume-line search that time, no
// node bound (it stopped at tsume.DefaultLineNodes, about a second and a half, however
// long go mate allowed); go mate infinite and a game's go keep the bound, so that they
// answer without waiting for stop.
func TestGoLineNodes(t *testing.T) {
	tests := []struct {
		args string
		want uint64
	}{
		{"mate 1000", math.MaxUint64},
		{"mate 0", math.MaxUint64},
		{"mate infinite", 0},
		{"mate", 0},
		{"", 0},
		{"infinite", 0},
		{"nodes 100000", 0},
		{"btime 0 wtime 0 byoyomi 1000", 0},
	}
	for _, tt := range tests {
		g, err := parseGo(strings.Fields(tt.args), shogi.Black)
		if err != nil {
			t.Fatalf("go %s: %v", tt.args, err)
		}
		if got := g.lineNodes(); got != tt.want {
			t.Errorf("go %s: line nodes %d, want %d", tt.args, got, tt.want)
		}
	}
}

// TestMateEngineGameoverDuringSearch: gameover while a search runs (a go mate, a game's
// go ponder) stops it without an answer or an info line, which the GUI does not wait for
// and could read as the answer to the next game's go; the engine then answers the next
// go as ever, and isready at once.
func TestMateEngineGameoverDuringSearch(t *testing.T) {
	for _, goLine := range []string{"go mate infinite", "go ponder btime 0 wtime 0 byoyomi 1000"} {
		t.Run(goLine, func(t *testing.T) {
			pr, pw := io.Pipe()
			w := &syncBuffer{}
			ended := make(chan int, 1)
			go func() { ended <- run([]string{"usi"}, pr, w, io.Discard) }()
			io.WriteString(pw, "position sfen "+hardSFEN+"\n"+goLine+"\n")
			time.Sleep(1500 * time.Millisecond) // the search is running, its info lines sent
			io.WriteString(pw, "gameover lose\nisready\n")
			for deadline := time.Now().Add(10 * time.Second); !strings.Contains(w.String(), "readyok\n"); time.Sleep(5 * time.Millisecond) {
				if time.Now().After(deadline) {
					t.Fatalf("no readyok after gameover:\n%s", w.String())
				}
			}
			afterGameover := len(w.String())
			time.Sleep(100 * time.Millisecond)
			io.WriteString(pw, "position sfen "+mate3SFEN+"\ngo mate 5000\n")
			for deadline := time.Now().Add(10 * time.Second); countAnswers(w.String()) == 0; time.Sleep(5 * time.Millisecond) {
				if time.Now().After(deadline) {
					t.Fatalf("no answer to the go after gameover:\n%s", w.String())
				}
			}
			pw.Close()
			<-ended
			out := w.String()
			if !strings.Contains(out[:afterGameover], "info time ") {
				t.Errorf("no info line while the search ran (the search did not run?):\n%s", out)
			}
			if diff := cmp.Diff([]string{"checkmate S*5c 5b4a G*4b"}, answersIn(out)); diff != "" {
				t.Errorf("answers (-want +got), the first search's none:\n%s", diff)
			}
			// After readyok, nothing of the stopped search: the next go's lines only.
			for _, l := range strings.Split(strings.TrimSuffix(out[afterGameover:], "\n"), "\n") {
				if strings.HasPrefix(l, "info string tsume length") || strings.HasPrefix(l, "info time ") && strings.Contains(l, "hashfull") {
					t.Errorf("line %q after gameover and readyok, before the next go's answer:\n%s", l, out)
				}
			}
		})
	}
}

// answersIn returns the answers to go in out, in order.
func answersIn(out string) []string {
	var got []string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "checkmate ") || strings.HasPrefix(l, "bestmove ") {
			got = append(got, l)
		}
	}
	return got
}

package csaserver

import (
	"testing"
	"time"
)

func BenchmarkParseCommand(b *testing.B) {
	lines := []string{"+7776FU", "-3334FU,'* 30 +2726FU -8384FU", "%TORYO", "AGREE", "", "%%GAME floodgate-600-10F"}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := ParseCommand(lines[i%len(lines)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// BenchmarkGame12: one game on 127.0.0.1 between two x1 clients: %%GAME and
// %%CHALLENGE, the summaries, AGREE, and 12 moves (the kings' shuffle, 千日手), each
// checked, charged, echoed to both and read back; the metric is the time of a move.
func BenchmarkGame12(b *testing.B) {
	_, addr := startServer(b, Config{})
	a, w := dialRaw(b, addr, "A"), dialRaw(b, addr, "B")
	a.send("LOGIN alice pw x1")
	a.expect("LOGIN:alice OK", "##[LOGIN] +OK x1")
	w.send("LOGIN bob pw x1")
	w.expect("LOGIN:bob OK", "##[LOGIN] +OK x1")
	cycle := []string{"+5958OU", "-5152OU", "+5859OU", "-5251OU"}
	moves := 0
	start := time.Now()
	for b.Loop() {
		a.send("%%GAME bench-600-0 +", "%%VERSION") // the answer to %%VERSION: the %%GAME is done
		a.expect("##[VERSION] {}", "##[VERSION] +OK")
		w.send("%%CHALLENGE bench-600-0 -")
		a.skipUntil("END Game_Summary")
		w.skipUntil("END Game_Summary")
		a.send("AGREE")
		w.send("AGREE")
		a.expect("START:{}")
		w.expect("START:{}")
		for ply := range 12 {
			m := cycle[ply%4]
			mover, other := a, w
			if ply%2 == 1 {
				mover, other = w, a
			}
			mover.send(m)
			mover.expect(m + ",T{}")
			other.expect(m + ",T{}")
			moves++
		}
		a.expect("#SENNICHITE", "#DRAW")
		w.expect("#SENNICHITE", "#DRAW")
	}
	b.ReportMetric(float64(time.Since(start).Nanoseconds())/float64(moves), "ns/move")
}

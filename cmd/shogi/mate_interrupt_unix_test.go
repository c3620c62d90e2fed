//go:build unix

package main

import (
	"os"
	"os/signal"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestMateInterrupted: an interruption (SIGINT) is exit status 2, even when it stops the
// tsume-line search, which leaves a mate (the proof's line) and no Stop; the mate found
// is printed all the same.
func TestMateInterrupted(t *testing.T) {
	// Without a handler of its own, a SIGINT the search no longer listens for would
	// end the test binary.
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt)
	defer signal.Stop(sig)
	// dlshogi-1218: df-pn proves it in some 0.2 s, and -shortest leaves the line search
	// no limit but -time.
	const sfen1218 = "lnS1r4/GGs5K/2k5p/pppp5/9/PLPP5/1P+n1PS2P/4G4/g1+r3+p2 b BS2N2L6Pb 1"
	go func() {
		time.Sleep(time.Second)
		syscall.Kill(os.Getpid(), syscall.SIGINT)
	}()
	code, out, errOut := runCmd("", "mate", "-shortest", "-time", "60s", "-style", "usi", "-sfen", sfen1218)
	if code != 2 || !strings.Contains(errOut, "shogi mate: interrupted") {
		t.Errorf("exit %d, stderr %q; want 2 and interrupted", code, errOut)
	}
	if !strings.HasPrefix(out, "mate in ") && !strings.HasPrefix(out, "unknown (canceled)") {
		t.Errorf("stdout %q, want the mate found, or unknown when the proof was not yet found", out)
	}
}

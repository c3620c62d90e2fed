package main

import (
	"fmt"
	"os"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"unsafe"
)

// openPTY returns the two ends of a new pseudo-terminal (posix_openpt, unlockpt,
// ptsname), for tests of what the commands draw on a terminal only; an error where
// the system gives none (a container without devpts).
func openPTY() (master, terminal *os.File, err error) {
	master, err = os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		return nil, nil, err
	}
	ioctl := func(req uintptr, arg unsafe.Pointer) error {
		if _, _, errno := syscall.Syscall(syscall.SYS_IOCTL, master.Fd(), req, uintptr(arg)); errno != 0 {
			return errno
		}
		return nil
	}
	var unlock int32
	var n uint32
	if err = ioctl(syscall.TIOCSPTLCK, unsafe.Pointer(&unlock)); err == nil {
		err = ioctl(syscall.TIOCGPTN, unsafe.Pointer(&n))
	}
	if err == nil {
		terminal, err = os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	}
	if err != nil {
		master.Close()
		return nil, nil, err
	}
	return master, terminal, nil
}

// onTerminal runs the command args with stderr on a pseudo-terminal, and returns its
// exit status, its stdout and what it drew on the terminal; the test is skipped where
// the system gives no pseudo-terminal.
func onTerminal(t *testing.T, args ...string) (code int, stdout, drawn string) {
	t.Helper()
	master, terminal, err := openPTY()
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	defer master.Close()
	read := make(chan string, 1)
	go func() {
		var b strings.Builder
		buf := make([]byte, 4096)
		for {
			n, err := master.Read(buf)
			b.Write(buf[:n])
			if err != nil { // EIO once the terminal's end is closed
				read <- b.String()
				return
			}
		}
	}()
	var out strings.Builder
	code = run(args, nil, &out, terminal)
	terminal.Close()
	return code, out.String(), <-read
}

// TestMateStatusOnTerminal: on a terminal, shogi mate keeps its status line while the
// search runs, -json or not, and clears it before the answer and the summary.
func TestMateStatusOnTerminal(t *testing.T) {
	code, out, got := onTerminal(t, "mate", "-time", "1500ms", "-any", "-json", "-sfen", zukou1SFEN)
	if code != 1 || !strings.Contains(out, `"result":"unknown"`) {
		t.Errorf("exit %d, stdout %q; want 1, unknown", code, out)
	}
	// The line redrawn over itself, then cleared, then the summary (the terminal ends
	// its lines with \r\n).
	status := regexp.MustCompile(`^(\r\d+ nodes, 0 line nodes, \d+ nodes/s, \d+\.\ds\x1b\[K)+\r\x1b\[K\d+ nodes, 0 line nodes, \d+\.\d\ds\r\n$`)
	if !status.MatchString(got) {
		t.Errorf("on the terminal: %q", got)
	}
}

// TestTsumeSearchesOnTerminal: on a terminal, shogi tsume's progress line says how a
// long problem's search goes; off one, nothing (TestMateStatusNotOnFile's check, by
// the summary alone).
func TestTsumeSearchesOnTerminal(t *testing.T) {
	path := writeFile(t, t.TempDir(), "zukou1.usi", "sfen "+zukou1SFEN+"\n")
	code, _, got := onTerminal(t, "tsume", "-q", "-time", "1500ms", path)
	if code != 1 {
		t.Errorf("exit %d, want 1 (undecided)", code)
	}
	if !regexp.MustCompile(`\r0 records, 0 invalid, 0 records/s, \d+\.\ds; searching 1 problem, [1-9]\d* nodes\x1b\[K`).MatchString(got) {
		t.Errorf("no search under way on the progress line: %q", got)
	}
	if i := strings.LastIndex(got, "\r\x1b[K"); i < 0 || strings.Contains(got[i:], "searching") {
		t.Errorf("the progress line is not cleared before the summary: %q", got)
	}
}

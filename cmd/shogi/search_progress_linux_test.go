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

// TestMateStatusOnTerminal: on a terminal, shogi mate keeps its status line while the
// search runs, -json or not, and clears it before the answer and the summary.
func TestMateStatusOnTerminal(t *testing.T) {
	master, terminal, err := openPTY()
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	defer master.Close()
	drawn := make(chan string, 1)
	go func() {
		var b strings.Builder
		buf := make([]byte, 4096)
		for {
			n, err := master.Read(buf)
			b.Write(buf[:n])
			if err != nil { // EIO once the terminal's end is closed
				drawn <- b.String()
				return
			}
		}
	}()
	var out strings.Builder
	code := run([]string{"mate", "-time", "1500ms", "-any", "-json", "-sfen", zukou1SFEN}, nil, &out, terminal)
	terminal.Close()
	got := <-drawn
	if code != 1 || !strings.Contains(out.String(), `"result":"unknown"`) {
		t.Errorf("exit %d, stdout %q; want 1, unknown", code, out.String())
	}
	// The line redrawn over itself, then cleared, then the summary (the terminal ends
	// its lines with \r\n).
	status := regexp.MustCompile(`^(\r\d+ nodes, 0 line nodes, \d+ nodes/s, \d+\.\ds\x1b\[K)+\r\x1b\[K\d+ nodes, 0 line nodes, \d+\.\d\ds\r\n$`)
	if !status.MatchString(got) {
		t.Errorf("on the terminal: %q", got)
	}
}

package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The exit statuses that main.go's package doc, the README and every command's help
// give.
const (
	exitOK      = 0
	exitInvalid = 1
	exitUsage   = 2 // and inputs or outputs that cannot be read or written
	exitNothing = exitNothingChecked
)

// failingWriter fails every write, as a closed pipe or a full disk does.
type failingWriter struct{ writes int }

var errWriteFailed = errors.New("no space left on device")

func (w *failingWriter) Write(p []byte) (int, error) {
	w.writes++
	return 0, errWriteFailed
}

// exitFixtures writes the inputs of the exit-status table into dir.
type exitFixtures struct {
	good, bad, binary, utf16NoBOM, zip, empty, dir, missing, openings, badOpenings string
}

func newExitFixtures(t *testing.T) exitFixtures {
	t.Helper()
	dir := t.TempDir()
	good, err := os.ReadFile(ryuou)
	if err != nil {
		t.Fatal(err)
	}
	f := exitFixtures{
		good:        writeFile(t, dir, "good.kif", string(good)),
		bad:         writeFile(t, dir, "bad.kif", "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ５五角打\n"),
		binary:      writeFile(t, dir, "a.out.kif", "\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00"),
		utf16NoBOM:  writeFile(t, dir, "utf16.kif", "p\x00o\x00s\x00i\x00t\x00i\x00o\x00n\x00 \x00s\x00t\x00a\x00r\x00t\x00p\x00o\x00s\x00"),
		zip:         writeFile(t, dir, "games.kif", "PK\x03\x04\x14\x00\x00\x00\x08\x00"),
		empty:       writeFile(t, dir, "empty.kif", ""),
		dir:         filepath.Join(dir, "a-directory"),
		missing:     filepath.Join(dir, "missing.kif"),
		openings:    writeFile(t, dir, "openings.usi", "position startpos moves 7g7f 3c3d\n"),
		badOpenings: writeFile(t, dir, "bad-openings.usi", "position startpos moves 7g7f 7g7f\n"),
	}
	if err := os.Mkdir(f.dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return f
}

// TestExitStatusTable runs every command with a good input, a bad record, a bad flag
// value, a missing file, unreadable inputs and an output that cannot be written, and
// compares the exit status with the documented one.
func TestExitStatusTable(t *testing.T) {
	f := newExitFixtures(t)
	out := t.TempDir()
	engine := fakeEngineFlags("")
	engines := cat(fakeEngineFlags("1"), fakeEngineFlags("2"))
	// connect's rows that play reach a scripted server, a game each (connect_test.go).
	csaAddr, _ := scriptedCSAServer(t, 3)
	connect := func() []string {
		return []string{"-server", csaAddr, "-user", "alice", "-password", "quick-10-2,pw"}
	}
	type row struct {
		command, situation string
		args               []string
		stdin              string
		failOutput         bool // standard output fails
		want               int
	}
	rows := []row{
		{"validate", "good input", []string{f.good}, "", false, exitOK},
		{"validate", "good standard input", []string{"-"}, "position startpos moves 7g7f\n", false, exitOK},
		{"validate", "bad record", []string{f.bad}, "", false, exitInvalid},
		{"validate", "bad flag value -from", []string{"-from", "klingon", f.good}, "", false, exitUsage},
		{"validate", "bad flag value -j", []string{"-j", "0", f.good}, "", false, exitUsage},
		{"validate", "bad flag value -max-record-size", []string{"-max-record-size", "lots", f.good}, "", false, exitUsage},
		{"validate", "unknown flag", []string{"-frobnicate", f.good}, "", false, exitUsage},
		{"validate", "missing file", []string{f.missing}, "", false, exitUsage},
		{"validate", "binary file", []string{f.binary}, "", false, exitUsage},
		{"validate", "UTF-16 without a byte order mark", []string{f.utf16NoBOM}, "", false, exitUsage},
		{"validate", "zip archive", []string{f.zip}, "", false, exitUsage},
		{"validate", "missing -files-from list", []string{"-files-from", f.missing}, "", false, exitUsage},
		{"validate", "empty file", []string{f.empty}, "", false, exitNothing},
		{"validate", "empty standard input", []string{"-"}, "", false, exitNothing},
		{"validate", "empty directory", []string{f.dir}, "", false, exitNothing},
		{"validate", "record past -max-record-size", []string{"-max-record-size", "1K", f.good}, "", false, exitInvalid},
		{"validate", "output fails", []string{f.good}, "", true, exitUsage},

		{"convert", "good input", []string{"-to", "csa", f.good}, "", false, exitOK},
		{"convert", "bad record", []string{"-to", "csa", f.bad}, "", false, exitInvalid},
		{"convert", "bad flag value -to", []string{"-to", "klingon", f.good}, "", false, exitUsage},
		{"convert", "bad flag value -encoding", []string{"-to", "csa", "-encoding", "ebcdic", f.good}, "", false, exitUsage},
		{"convert", "missing file", []string{"-to", "csa", f.missing}, "", false, exitUsage},
		{"convert", "binary file", []string{"-to", "csa", f.binary}, "", false, exitUsage},
		{"convert", "empty file", []string{"-to", "csa", f.empty}, "", false, exitNothing},
		{"convert", "output directory is a file", []string{"-to", "csa", "-o", f.good, f.good}, "", false, exitUsage},
		{"convert", "output fails", []string{"-to", "csa", f.good}, "", true, exitUsage},

		{"notate", "good moves", []string{"7g7f", "3c3d"}, "", false, exitOK},
		{"notate", "good standard input", nil, "7g7f 3c3d", false, exitOK},
		{"notate", "good position line", nil, "position startpos moves 7g7f 3c3d\n", false, exitOK},
		{"notate", "good record", []string{"-record", f.good, "-ply", "4"}, "", false, exitOK},
		{"notate", "bad move", []string{"7g7f", "7g7f"}, "", false, exitInvalid},
		{"notate", "bad record", []string{"-record", f.bad}, "", false, exitInvalid},
		{"notate", "bad flag value -sfen", []string{"-sfen", "nonsense", "7g7f"}, "", false, exitUsage},
		{"notate", "bad flag value -handicap", []string{"-handicap", "queen", "7g7f"}, "", false, exitUsage},
		{"notate", "bad flag value -style", []string{"-style", "klingon", "7g7f"}, "", false, exitUsage},
		{"notate", "bad flag value -ply", []string{"-record", f.good, "-ply", "1000"}, "", false, exitUsage},
		{"notate", "missing file", []string{"-record", f.missing}, "", false, exitUsage},
		{"notate", "binary file", []string{"-record", f.binary}, "", false, exitUsage},
		{"notate", "a directory", []string{"-record", f.dir}, "", false, exitUsage},
		{"notate", "empty record file", []string{"-record", f.empty}, "", false, exitNothing},
		{"notate", "standard input past -max-record-size", []string{"-max-record-size", "8"}, "7g7f 3c3d 2g2f", false, exitInvalid},
		{"notate", "output fails", []string{"7g7f"}, "", true, exitUsage},

		{"perft", "good position", []string{"-depth", "1"}, "", false, exitOK},
		{"perft", "bad flag value -sfen", []string{"-sfen", "nonsense"}, "", false, exitUsage},
		{"perft", "bad flag value -handicap", []string{"-handicap", "queen"}, "", false, exitUsage},
		{"perft", "bad flag value -depth", []string{"-depth", "-1"}, "", false, exitUsage},
		{"perft", "an argument", []string{"game.kif"}, "", false, exitUsage},
		{"perft", "output fails", []string{"-depth", "1"}, "", true, exitUsage},

		{"board", "good record", []string{f.good}, "", false, exitOK},
		{"board", "good -sfen", []string{"-sfen", "9/9/9/9/4k4/9/9/9/4K4 b - 1"}, "", false, exitOK},
		{"board", "bad record", []string{f.bad}, "", false, exitInvalid},
		{"board", "bad flag value -sfen", []string{"-sfen", "nonsense"}, "", false, exitUsage},
		{"board", "bad flag value -handicap", []string{"-handicap", "queen"}, "", false, exitUsage},
		{"board", "bad flag value -ply", []string{"-ply", "1000", f.good}, "", false, exitUsage},
		{"board", "bad flag value -record", []string{"-record", "2", f.good}, "", false, exitUsage},
		{"board", "missing file", []string{f.missing}, "", false, exitUsage},
		{"board", "binary file", []string{f.binary}, "", false, exitUsage},
		{"board", "a directory", []string{f.dir}, "", false, exitUsage},
		{"board", "empty file", []string{f.empty}, "", false, exitNothing},
		{"board", "output fails", []string{f.good}, "", true, exitUsage},

		{"analyse", "good record", cat(engine, []string{"-depth", "1", f.good}), "", false, exitOK},
		{"analyse", "bad record", cat(engine, []string{"-depth", "1", f.bad}), "", false, exitInvalid},
		{"analyse", "bad flag value -multipv", cat(engine, []string{"-multipv", "0", f.good}), "", false, exitUsage},
		{"analyse", "bad flag value -plies", cat(engine, []string{"-plies", "x", f.good}), "", false, exitUsage},
		{"analyse", "missing file", cat(engine, []string{"-depth", "1", f.missing}), "", false, exitUsage},
		{"analyse", "missing engine", []string{"-engine", f.missing, "-depth", "1", f.good}, "", false, exitUsage},
		{"analyse", "binary file", cat(engine, []string{"-depth", "1", f.binary}), "", false, exitUsage},
		{"analyse", "empty file", cat(engine, []string{"-depth", "1", f.empty}), "", false, exitNothing},
		{"analyse", "output fails", cat(engine, []string{"-depth", "1", "-to", "csa", f.good}), "", true, exitUsage},

		{"match", "good games", cat(engines, []string{"-games", "1", "-depth", "1", "-max-moves", "4", "-o", filepath.Join(out, "m1")}), "", false, exitOK},
		{"match", "good openings", cat(engines, []string{"-games", "1", "-depth", "1", "-max-moves", "4", "-openings", f.openings, "-o", filepath.Join(out, "m2")}), "", false, exitOK},
		{"match", "bad record in -openings", cat(engines, []string{"-games", "1", "-depth", "1", "-openings", f.badOpenings, "-o", filepath.Join(out, "m3")}), "", false, exitUsage},
		{"match", "bad flag value -sfen", cat(engines, []string{"-sfen", "nonsense", "-o", filepath.Join(out, "m4")}), "", false, exitUsage},
		{"match", "bad flag value -games", cat(engines, []string{"-games", "0", "-o", filepath.Join(out, "m5")}), "", false, exitUsage},
		{"match", "bad flag value -control", cat(engines, []string{"-control", "ten minutes", "-o", filepath.Join(out, "m9")}), "", false, exitUsage},
		{"match", "missing -openings file", cat(engines, []string{"-openings", f.missing, "-o", filepath.Join(out, "m6")}), "", false, exitUsage},
		{"match", "binary -openings file", cat(engines, []string{"-openings", f.binary, "-o", filepath.Join(out, "m7")}), "", false, exitUsage},
		{"match", "output directory is a file", cat(engines, []string{"-games", "1", "-depth", "1", "-o", f.good}), "", false, exitUsage},
		{"match", "output fails", cat(engines, []string{"-games", "1", "-depth", "1", "-max-moves", "4", "-o", filepath.Join(out, "m8")}), "", true, exitUsage},

		{"mate", "a mate", []string{"-sfen", mate3SFEN}, "", false, exitOK},
		{"mate", "a mate in a record", []string{filepath.Join(tsumeData, "taichitsume.kif")}, "", false, exitOK},
		{"mate", "no mate", []string{"-sfen", perpetualSFEN}, "", false, exitInvalid},
		{"mate", "a limit hit", []string{"-nodes", "1000", "-sfen", longSFEN}, "", false, exitInvalid},
		{"mate", "no problem", []string{"-sfen", "9/9/9/9/4k4/9/9/9/4K4 w - 1"}, "", false, exitInvalid},
		{"mate", "bad record", []string{f.bad}, "", false, exitInvalid},
		{"mate", "bad flag value -sfen", []string{"-sfen", "nonsense"}, "", false, exitUsage},
		{"mate", "bad flag value -handicap", []string{"-handicap", "queen"}, "", false, exitUsage},
		{"mate", "bad flag value -ply", []string{"-ply", "1000", f.good}, "", false, exitUsage},
		{"mate", "bad flag value -record", []string{"-record", "2", f.good}, "", false, exitUsage},
		{"mate", "bad flag value -hash", []string{"-hash", "0", "-sfen", mate3SFEN}, "", false, exitUsage},
		{"mate", "missing file", []string{f.missing}, "", false, exitUsage},
		{"mate", "binary file", []string{f.binary}, "", false, exitUsage},
		{"mate", "a directory", []string{f.dir}, "", false, exitUsage},
		{"mate", "empty file", []string{f.empty}, "", false, exitNothing},
		{"mate", "output fails", []string{"-sfen", mate3SFEN}, "", true, exitUsage},

		{"tsume", "good problems", []string{filepath.Join(tsumeData, "taichitsume.kif"), filepath.Join(tsumeData, "tsumeshogi.csa")}, "", false, exitOK},
		{"tsume", "a wrong problem", []string{filepath.Join(tsumeData, "problems.usi")}, "", false, exitInvalid},
		{"tsume", "a game record", []string{f.good}, "", false, exitInvalid},
		{"tsume", "bad record", []string{f.bad}, "", false, exitInvalid},
		{"tsume", "bad flag value -time", []string{"-time", "-1s", f.good}, "", false, exitUsage},
		{"tsume", "bad flag value -futile", []string{"-futile", "some", f.good}, "", false, exitUsage},
		{"tsume", "bad flag value -leftover", []string{"-leftover", "some", f.good}, "", false, exitUsage},
		{"tsume", "missing file", []string{f.missing}, "", false, exitUsage},
		{"tsume", "binary file", []string{f.binary}, "", false, exitUsage},
		{"tsume", "empty file", []string{f.empty}, "", false, exitNothing},
		{"tsume", "output fails", []string{filepath.Join(tsumeData, "tsumeshogi.csa")}, "", true, exitUsage},

		{"usi", "good", nil, "usi\nisready\nposition sfen " + mate3SFEN + "\ngo mate 1000\nquit\n", false, exitOK},
		{"usi", "an argument", []string{"x"}, "", false, exitUsage},
		{"usi", "output fails", nil, "usi\nquit\n", true, exitUsage},

		{"positions", "good input", []string{"-to", "hcpe", f.good}, "", false, exitOK},
		{"positions", "good standard input", []string{"-to", "usi", "-"}, "position startpos moves 7g7f\n", false, exitOK},
		{"positions", "bad record", []string{"-to", "hcpe", f.bad}, "", false, exitInvalid},
		{"positions", "bad flag value -to", []string{"-to", "klingon", f.good}, "", false, exitUsage},
		{"positions", "bad flag value -endings", []string{"-to", "hcpe", "-endings", "klingon", f.good}, "", false, exitUsage},
		{"positions", "missing file", []string{"-to", "hcpe", f.missing}, "", false, exitUsage},
		{"positions", "binary file", []string{"-to", "hcpe", f.binary}, "", false, exitUsage},
		{"positions", "empty file", []string{"-to", "hcpe", f.empty}, "", false, exitNothing},
		{"positions", "output file exists", []string{"-to", "hcpe", "-o", f.good, f.good}, "", false, exitUsage},
		{"positions", "output fails", []string{"-to", "hcpe", f.good}, "", true, exitUsage},

		{"book", "build, good input", []string{"build", "-to", "yaneuraou", f.good}, "", false, exitOK},
		{"book", "build, bad record", []string{"build", "-to", "apery", "-o", filepath.Join(out, "bad.bin"), f.bad}, "", false, exitInvalid},
		{"book", "build, empty file", []string{"build", "-to", "yaneuraou", f.empty}, "", false, exitNothing},
		{"book", "build, missing file", []string{"build", "-to", "yaneuraou", f.missing}, "", false, exitUsage},
		{"book", "build, output file exists", []string{"build", "-to", "yaneuraou", "-o", f.good, f.good}, "", false, exitUsage},
		{"book", "build, output fails", []string{"build", "-to", "yaneuraou", f.good}, "", true, exitUsage},
		{"book", "no subcommand", nil, "", false, exitUsage},
		{"book", "unknown subcommand", []string{"klingon"}, "", false, exitUsage},
		{"book", "probe, bad flag value -style", []string{"probe", "-style", "klingon", f.good}, "", false, exitUsage},
		{"book", "probe, not a book", []string{"probe", f.good}, "", false, exitInvalid},
		{"book", "probe, missing file", []string{"probe", f.missing}, "", false, exitUsage},
		{"book", "convert, bad flag value -to", []string{"convert", "-to", "klingon", f.good}, "", false, exitUsage},
		{"book", "convert, not a book", []string{"convert", "-to", "yaneuraou", f.good}, "", false, exitInvalid},

		{"connect", "good", cat(connect(), fakeEngineFlags("", "-script", "7g7f 3c3d resign"), []string{"-o", filepath.Join(out, "c1")}), "", false, exitOK},
		{"connect", "engine's illegal move resigned", cat(connect(), fakeEngineFlags("", "-mode", "illegal"), []string{"-o", filepath.Join(out, "c2")}), "", false, exitInvalid},
		{"connect", "an argument", cat(connect(), engine, []string{"x"}), "", false, exitUsage},
		{"connect", "bad flag value -games", cat(connect(), engine, []string{"-games", "-1"}), "", false, exitUsage},
		{"connect", "server unreachable", []string{"-server", "127.0.0.1:1", "-user", "alice", "-password", "quick-10-2,pw", "-engine", "/nonexistent"}, "", false, exitUsage},
		{"connect", "output directory is a file", cat(connect(), engine, []string{"-o", f.good}), "", false, exitUsage},
		{"connect", "output fails", cat(connect(), fakeEngineFlags("", "-script", "7g7f 3c3d resign")), "", true, exitUsage},
		{"server", "good", []string{"-addr", "127.0.0.1:0", "-stop-after", "100ms", "-o", filepath.Join(out, "s1")}, "", false, exitOK},
		{"server", "an argument", []string{"x"}, "", false, exitUsage},
		{"server", "bad flag value -declaration", []string{"-declaration", "30"}, "", false, exitUsage},
		{"server", "bad flag value -sfen", []string{"-sfen", "nonsense"}, "", false, exitUsage},
		{"server", "bad flag value -floodgate-games", []string{"-floodgate-games", "x"}, "", false, exitUsage},
		{"server", "bad flag value -addr", []string{"-addr", "127.0.0.1:99999", "-stop-after", "100ms"}, "", false, exitUsage},
		{"server", "output directory is a file", []string{"-addr", "127.0.0.1:0", "-stop-after", "100ms", "-o", f.good}, "", false, exitUsage},
		{"server", "output fails", []string{"-addr", "127.0.0.1:0", "-json", "-stop-after", "100ms"}, "", true, exitUsage},

		{"version", "good", nil, "", false, exitOK},
		{"version", "an argument", []string{"x"}, "", false, exitUsage},
		{"version", "output fails", nil, "", true, exitUsage},

		{"help", "good", nil, "", false, exitOK},
		{"help", "a command", []string{"validate"}, "", false, exitOK},
		{"help", "unknown command", []string{"klingon"}, "", false, exitUsage},
		{"help", "output fails", nil, "", true, exitUsage},
		{"help", "a command, output fails", []string{"convert"}, "", true, exitUsage},
	}
	seen := map[string]bool{}
	for _, r := range rows {
		seen[r.command] = true
	}
	for name := range commands {
		if !seen[name] {
			t.Errorf("command %s has no row in the table", name)
		}
	}
	for _, r := range rows {
		var stdout interface{ Write([]byte) (int, error) } = &bytes.Buffer{}
		if r.failOutput {
			stdout = &failingWriter{}
		}
		var stderr bytes.Buffer
		code := run(append([]string{r.command}, r.args...), strings.NewReader(r.stdin), stdout, &stderr)
		if code != r.want {
			t.Errorf("%s, %s: exit %d, want %d\n%s", r.command, r.situation, code, r.want, stderr.String())
		}
		if code != exitOK && stderr.Len() == 0 {
			t.Errorf("%s, %s: exit %d and nothing said on stderr", r.command, r.situation, code)
		}
	}
}

// TestDocumentedExitStatuses: the package doc, the README and every command's help
// give the same statuses the table tests.
func TestDocumentedExitStatuses(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	main, err := os.ReadFile("main.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"**0**", "**1**", "**2**", "**3**", "nothing checked"} {
		if !bytes.Contains(readme, []byte(want)) {
			t.Errorf("README does not give the exit status %s", want)
		}
	}
	for code := range 4 {
		if !bytes.Contains(main, []byte(fmt.Sprintf("//\t%d  ", code))) {
			t.Errorf("main.go's doc does not give the exit status %d", code)
		}
	}
	for name := range commands {
		var out, errOut bytes.Buffer
		if code := run([]string{"help", name}, strings.NewReader(""), &out, &errOut); code != 0 {
			t.Errorf("help %s: exit %d", name, code)
		}
		if !strings.Contains(out.String(), exitStatusHelp) && !strings.Contains(out.String(), "Exit status of "+name+": ") {
			t.Errorf("help %s does not give the exit statuses:\n%s", name, out.String())
		}
	}
}

// TestMaxRecordSizeFlag: every command that reads records takes -max-record-size, with
// the library's default, and a bad value is a usage error.
func TestMaxRecordSizeFlag(t *testing.T) {
	for _, name := range []string{"validate", "convert", "notate", "board", "analyse", "match", "mate", "tsume", "positions"} {
		var out, errOut bytes.Buffer
		run([]string{"help", name}, strings.NewReader(""), &out, &errOut)
		if !strings.Contains(out.String(), "-max-record-size") || !strings.Contains(out.String(), "(default 64MiB)") {
			t.Errorf("%s has no -max-record-size of 64MiB:\n%s", name, out.String())
		}
	}
	for text, want := range map[string]int64{"64MiB": 64 << 20, "500k": 500 << 10, "1G": 1 << 30, "1000": 1000, " 2 MB ": 2 << 20} {
		if got, err := parseSize(text); err != nil || got != want {
			t.Errorf("parseSize(%q) = %d, %v; want %d", text, got, err, want)
		}
	}
	for _, text := range []string{"", "0", "-1", "lots", "1T", "9999999999G"} {
		if _, err := parseSize(text); err == nil {
			t.Errorf("parseSize(%q): no error", text)
		}
	}
}

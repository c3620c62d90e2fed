package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAnalyseOutputDirLinks: analyse -o DIR writes through an os.Root, as convert does
// (TestOutputDirLinks): a link inside DIR to a directory outside it, or to a file, is
// never written through, -f or not; a link to a directory inside DIR is a directory
// like another. (It made the subdirectories with os.MkdirAll and wrote to joined paths.)
func TestAnalyseOutputDirLinks(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "src")
	writeFile(t, src, "sub/a.kif", analyseKIF)
	writeFile(t, src, "b.kif", analyseKIF)
	outside := filepath.Join(dir, "outside")
	victim := writeFile(t, outside, "b.kif", "precious\n")
	out := filepath.Join(dir, "out")
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(out, "sub")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(victim, filepath.Join(out, "b.kif")); err != nil {
		t.Fatal(err)
	}
	for _, force := range []bool{false, true} {
		args := cat([]string{"analyse"}, fakeEngineFlags(""), []string{"-depth", "1", "-o", out, src})
		if force {
			args = cat(args[:len(args)-1], []string{"-f", src})
		}
		code, _, errOut := runCmd("", args...)
		if code != exitUsage || !strings.Contains(errOut, "leads outside") {
			t.Errorf("-f %v: exit %d, %q; want exit 2 and the link named", force, code, errOut)
		}
		if force && !strings.Contains(errOut, "b.kif is not a regular file (a symbolic link)") {
			t.Errorf("-f: %q; want the link to a file refused", errOut)
		}
		entries, _ := os.ReadDir(outside)
		if len(entries) != 1 || readFile(t, victim) != "precious\n" {
			t.Errorf("-f %v: outside holds %d files, b.kif %q: written through a link", force, len(entries), readFile(t, victim))
		}
	}
	// A link inside DIR to a directory inside DIR is a directory like another.
	if err := os.Remove(filepath.Join(out, "sub")); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(out, "real"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("real", filepath.Join(out, "sub")); err != nil {
		t.Fatal(err)
	}
	args := cat([]string{"analyse"}, fakeEngineFlags(""), []string{"-depth", "1", "-o", out, src})
	if code, _, errOut := runCmd("", args...); code != exitUsage || strings.Contains(errOut, "leads outside") {
		t.Errorf("a link inside DIR: exit %d, %s; want b.kif (the link to a file) refused, and no more", code, errOut)
	}
	if data, err := os.ReadFile(filepath.Join(out, "real", "a.kif")); err != nil || !strings.Contains(string(data), "*#評価値=") {
		t.Errorf("a link inside DIR: %v\n%s", err, data)
	}
}

// TestEngineLogFile: -log FILE of analyse and match keeps the CLI's contract: an existing
// file is not overwritten without -f (exit 2 before any engine starts), a regular one is
// with -f, and a symbolic link is never written through, -f or not. (It was opened with
// os.Create: overwritten without -f, and through a link.)
func TestEngineLogFile(t *testing.T) {
	dir := t.TempDir()
	kifPath := writeTemp(t, dir, "game.kif", analyseKIF)
	commands := map[string][]string{
		"analyse": cat([]string{"analyse"}, fakeEngineFlags(""), []string{"-depth", "1"}),
		"match":   cat([]string{"match", "-games", "1", "-depth", "1", "-max-moves", "4"}, fakeEngineFlags("1")),
	}
	for name, flags := range commands {
		t.Run(name, func(t *testing.T) {
			cmd := func(more ...string) []string { // the input (of analyse) after the flags
				if name == "analyse" {
					more = append(more, kifPath)
				}
				return cat(flags, more)
			}
			sub := t.TempDir()
			log := writeFile(t, sub, "engines.log", "old log\n")
			code, _, stderr := runCmd("", cmd("-log", log)...)
			if code != exitUsage || !strings.Contains(stderr, "engines.log exists; not overwritten (use -f)") || readFile(t, log) != "old log\n" {
				t.Errorf("an existing log: exit %d, %q; the file holds %q", code, stderr, readFile(t, log))
			}
			if code, _, stderr := runCmd("", cmd("-log", log, "-f")...); code != 0 || !strings.Contains(readFile(t, log), "> usi\n") {
				t.Errorf("an existing log with -f: exit %d, %q; the file holds %q", code, stderr, readFile(t, log))
			}
			victim := writeFile(t, sub, "precious.txt", "precious\n")
			link := filepath.Join(sub, "link.log")
			if err := os.Symlink(victim, link); err != nil {
				t.Fatal(err)
			}
			for _, force := range []bool{false, true} {
				a := cmd("-log", link)
				if force {
					a = cmd("-log", link, "-f")
				}
				code, _, stderr := runCmd("", a...)
				if code != exitUsage || !strings.Contains(stderr, "link.log is not a regular file (a symbolic link)") || readFile(t, victim) != "precious\n" {
					t.Errorf("-log LINK, -f %v: exit %d, %q; the target holds %q", force, code, stderr, readFile(t, victim))
				}
			}
			// A new file is made as before.
			fresh := filepath.Join(sub, "new.log")
			if code, _, stderr := runCmd("", cmd("-log", fresh)...); code != 0 || !strings.Contains(readFile(t, fresh), "> usi\n") {
				t.Errorf("a new log: exit %d, %q", code, stderr)
			}
		})
	}
}

package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/kifu-go/shogi/record"
)

// corpus holds good and bad records of every format (see its README).
var corpus = []string{"../../record/testdata/corpus", "../../testdata/records"}

// TestSameVerdictEverywhere: the library's documented path (record.Validate), this
// example and the shogi command give every record of the corpus the same verdict.
func TestSameVerdictEverywhere(t *testing.T) {
	library := map[string]bool{}
	for e := range record.Walk(corpus...) {
		if e.Skipped != "" {
			continue
		}
		if e.Err != nil {
			t.Fatal(e.Err)
		}
		r, err := record.Open(e.Path)
		if err != nil {
			t.Fatal(err)
		}
		for v := range record.Validate(r) {
			library[fmt.Sprintf("%s#%d", e.Path, v.Source.Index)] = v.Valid()
		}
		r.Close()
	}
	invalid := 0
	for _, ok := range library {
		if !ok {
			invalid++
		}
	}
	if len(library) < 30 || invalid < 5 {
		t.Fatalf("%d records, %d invalid: the corpus should hold both kinds", len(library), invalid)
	}

	var out, errOut bytes.Buffer
	if code := run(corpus, &out, &errOut); code != 1 {
		t.Errorf("validatedir: exit %d, want 1\n%s", code, errOut.String())
	}
	example := map[string]bool{}
	line := regexp.MustCompile(`^(.*#[0-9]+): (OK|INVALID)`)
	for _, l := range strings.Split(out.String(), "\n") {
		if m := line.FindStringSubmatch(l); m != nil {
			example[m[1]] = m[2] == "OK"
		}
	}
	if diff := cmp.Diff(library, example); diff != "" {
		t.Errorf("examples/validatedir disagrees with record.Validate (-library +example)\n%s", diff)
	}

	bin := filepath.Join(t.TempDir(), "shogi")
	if b, err := exec.Command("go", "build", "-o", bin, "../../cmd/shogi").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, b)
	}
	cmd := exec.Command(bin, append([]string{"validate", "-json"}, corpus...)...)
	stdout, err := cmd.Output()
	if exit, ok := err.(*exec.ExitError); !ok || exit.ExitCode() != 1 {
		t.Errorf("shogi validate: %v, want exit status 1", err)
	}
	cli := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(stdout))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var v struct {
			Path    string `json:"path"`
			Record  int    `json:"record"`
			OK      bool   `json:"ok"`
			Skipped string `json:"skipped"`
		}
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatal(err)
		}
		if v.Skipped == "" {
			cli[fmt.Sprintf("%s#%d", v.Path, v.Record)] = v.OK
		}
	}
	if diff := cmp.Diff(library, cli); diff != "" {
		t.Errorf("shogi validate disagrees with record.Validate (-library +cli)\n%s", diff)
	}
}

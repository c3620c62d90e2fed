package main

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// readme is the README's text, by lines.
func readme(t *testing.T) []string {
	t.Helper()
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(string(data), "\n")
}

// shellBlock is a ```sh block of the README: its commands, each a line with the lines it
// continues (ending in "\") joined to it, and the heading of its section.
type shellBlock struct {
	section string
	lines   []string
}

// shellBlocks returns the README's ```sh blocks.
func shellBlocks(lines []string) []shellBlock {
	var blocks []shellBlock
	var section string
	var in *shellBlock
	var pending string
	for _, line := range lines {
		switch {
		case in == nil && strings.HasPrefix(line, "## "):
			section = strings.TrimPrefix(line, "## ")
		case in == nil && line == "```sh":
			in = &shellBlock{section: section}
		case in != nil && line == "```":
			blocks = append(blocks, *in)
			in = nil
		case in != nil && strings.HasSuffix(line, `\`):
			pending += strings.TrimSuffix(line, `\`)
		case in != nil:
			in.lines = append(in.lines, pending+line)
			pending = ""
		}
	}
	return blocks
}

// shellComment is the comment that ends a line of a shell block.
var shellComment = regexp.MustCompile(`(?:^|\s)#\s.*$`)

// readmeInvocations returns the shogi commands of a line of a shell block: its comment
// taken off, split at the pipes that are not inside brackets or quotes; "go run
// ./cmd/shogi" counts as shogi.
func readmeInvocations(line string) []invocation {
	line = shellComment.ReplaceAllString(line, "")
	var parts []string
	depth, start := 0, 0
	var quote byte
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '[':
			depth++
		case c == ']':
			depth--
		case c == '|' && depth == 0 && i > 0 && line[i-1] == ' ' && i+1 < len(line) && line[i+1] == ' ':
			parts = append(parts, line[start:i])
			start = i + 1
		}
	}
	parts = append(parts, line[start:])
	var out []invocation
	for _, part := range parts {
		part = strings.TrimSpace(part)
		part = strings.Replace(part, "go run ./cmd/shogi ", "shogi ", 1)
		if strings.HasPrefix(part, "shogi ") || part == "shogi" {
			out = append(out, invocation{key: invocationKey(part), text: part})
		}
	}
	return out
}

// summaryBlock returns the README's summary of the commands: the block of the "Command
// line" section all of whose lines are shogi commands.
func summaryBlock(t *testing.T, blocks []shellBlock) (int, shellBlock) {
	t.Helper()
	for i, b := range blocks {
		if b.section != "Command line" || len(b.lines) == 0 {
			continue
		}
		all := true
		for _, line := range b.lines {
			all = all && strings.HasPrefix(line, "shogi ")
		}
		if all {
			return i, b
		}
	}
	t.Fatal(`README: no block of "shogi …" lines in "## Command line"`)
	return 0, shellBlock{}
}

// TestReadmeSummaryNamesEveryFlag holds the README's summary of the commands to the
// commands main.go dispatches and to their flags, and every example of the README to the
// flags of its command.
func TestReadmeSummaryNamesEveryFlag(t *testing.T) {
	blocks := shellBlocks(readme(t))
	at, summary := summaryBlock(t, blocks)
	keys := commandKeys()
	defined := map[string]map[string]bool{}
	for _, key := range keys {
		defined[key], _ = definedFlags(t, key)
	}
	named := map[string]map[string]bool{}
	for _, line := range summary.lines {
		for _, inv := range readmeInvocations(line) {
			if inv.key == "help" {
				continue // dispatch's own
			}
			if defined[inv.key] == nil {
				t.Errorf("README: the summary names a command %q that main.go does not dispatch: %s", inv.key, inv.text)
				continue
			}
			if named[inv.key] == nil {
				named[inv.key] = map[string]bool{}
			}
			for name := range namedFlags(inv.text) {
				named[inv.key][name] = true
			}
		}
	}
	for _, key := range keys {
		if named[key] == nil {
			t.Errorf("README: the summary has no line for shogi %s", key)
			continue
		}
		compareFlags(t, "README: the summary of shogi "+key, defined[key], named[key])
	}
	for i, b := range blocks {
		if i == at {
			continue
		}
		for _, line := range b.lines {
			for _, inv := range readmeInvocations(line) {
				if defined[inv.key] == nil {
					t.Errorf("README (%s): an example of a command main.go does not dispatch: %s", b.section, inv.text)
					continue
				}
				for name := range namedFlags(inv.text) {
					if !defined[inv.key][name] {
						t.Errorf("README (%s): an example names -%s, which shogi %s does not define: %s", b.section, name, inv.key, inv.text)
					}
				}
			}
		}
	}
}

// TestCommandListsNameEveryCommand holds the two lists of the commands, the package doc's
// and the README's table of packages, to the commands main.go dispatches.
func TestCommandListsNameEveryCommand(t *testing.T) {
	src, err := os.ReadFile("main.go")
	if err != nil {
		t.Fatal(err)
	}
	var doc string
	for _, para := range strings.Split(string(src), "\n//\n") {
		if strings.HasPrefix(para, "// Commands:") {
			doc = para
		}
	}
	var row string
	for _, line := range readme(t) {
		if strings.HasPrefix(line, "| `cmd/shogi` |") {
			row = line
		}
	}
	if doc == "" || row == "" {
		t.Fatalf("no list of the commands: package doc %q, README row %q", doc, row)
	}
	docWords := map[string]bool{}
	for _, w := range regexp.MustCompile(`[a-z]+`).FindAllString(doc, -1) {
		docWords[w] = true
	}
	for name := range commands {
		if !docWords[name] {
			t.Errorf("the package doc's list of commands leaves out %s", name)
		}
		if name != "version" && !strings.Contains(row, "`"+name+"`") {
			t.Errorf("README: the row of cmd/shogi leaves out `%s`", name)
		}
	}
}

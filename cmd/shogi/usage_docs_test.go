package main

import (
	"bytes"
	"flag"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
)

// The command line is documented three times: each command's usage line ("shogi help CMD",
// the commands' usage fields), the README's summary of the commands (the block of
// "shogi CMD …" lines in "## Command line") and the examples of the README's other
// sections. The tests below hold them to the flags the commands define, read from the flag
// sets the commands build (seeFlags), so that a flag added, renamed or removed without its
// documentation fails them. The rule:
//
//   - a command's usage line (for book, each subcommand's line of it) names every flag of
//     the command and no other;
//   - the README's summary names every flag of every command (the flags of all its lines
//     for the command, when an example line follows the syntax, as notate's do) and no
//     other: no flag is left out, since the summary is where a reader learns that a flag
//     exists (none is internal, as a -cpuprofile would be);
//   - every command main.go dispatches (the commands table) has a line in the summary, a
//     "shogi help CMD" that prints its usage, and its name in the package doc's and the
//     README's lists of commands (version aside in the README's table of packages); the
//     summary names no command that does not exist;
//   - an example anywhere in the README names only flags its command has.
//
// A line of the README ending in "\" goes on on the next, as in a shell. A command's
// subcommands are the words its usage names after it (book's build, probe and convert),
// each run with -h to read its flags: a subcommand the usage does not name goes unseen.
// A flag is a word that begins with "-" and a letter or digit after a space, "[", "(" or
// "|" ("-max-record-size SIZE", "[-numbers=false]", "[-q | -only-invalid]"; not the "-" of
// standard input nor "utf-8"), outside quotes.

// flagName matches the flags a usage or an example names (its first group).
var flagName = regexp.MustCompile(`(?:^|[\s\[(|])-([A-Za-z0-9][A-Za-z0-9-]*)`)

// namedFlags returns the flags a usage text or an example names, quoted text left out.
func namedFlags(text string) map[string]bool {
	names := map[string]bool{}
	for _, m := range flagName.FindAllStringSubmatch(unquoted(text), -1) {
		names[m[1]] = true
	}
	return names
}

// unquoted returns text with what is in single or double quotes blanked out, as a shell
// passes it as a value ("-sfen '9/4k4/… b - 1'").
func unquoted(text string) string {
	var b strings.Builder
	var quote rune
	for _, r := range text {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			r = ' '
		case r == '\'' || r == '"':
			quote = r
		}
		b.WriteRune(r)
	}
	return b.String()
}

// invocation is one "shogi CMD [SUB] …" of a usage text or of the README: key is "CMD" or
// "CMD SUB".
type invocation struct {
	key, text string
}

// subcommandWord is what a subcommand looks like, as book's build, probe and convert.
var subcommandWord = regexp.MustCompile(`^[a-z]+$`)

// invocationKey returns the key of the command line text (which begins "shogi CMD"):
// "CMD SUB" when CMD's usage names SUB as a subcommand, else "CMD".
func invocationKey(text string) string {
	fields := strings.Fields(text)
	if len(fields) < 2 {
		return ""
	}
	if len(fields) > 2 && slices.Contains(subcommands(fields[1]), fields[2]) {
		return fields[1] + " " + fields[2]
	}
	return fields[1]
}

// subcommands returns the subcommands the usage of the command name names: the words
// after "shogi NAME" of its lines that start so (book's build, probe and convert).
func subcommands(name string) []string {
	var subs []string
	for _, line := range strings.Split(commands[name].usage, "\n") {
		fields := strings.Fields(line)
		if len(fields) > 2 && fields[0] == "shogi" && fields[1] == name && subcommandWord.MatchString(fields[2]) {
			subs = append(subs, fields[2])
		}
	}
	return subs
}

// usageInvocations splits the usage text of a command into its invocations: a line that
// starts with "shogi" starts one, the others continue it.
func usageInvocations(usage string) []invocation {
	var out []invocation
	for _, line := range strings.Split(usage, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "shogi ") || strings.TrimSpace(line) == "shogi" {
			out = append(out, invocation{text: strings.TrimSpace(line)})
			continue
		}
		if len(out) > 0 {
			out[len(out)-1].text += " " + strings.TrimSpace(line)
		}
	}
	for i := range out {
		out[i].key = invocationKey(out[i].text)
	}
	return out
}

// commandKeys returns the key of every command and subcommand main.go dispatches: "CMD",
// or "CMD SUB" for each subcommand of a command that has some.
func commandKeys() []string {
	var keys []string
	for name := range commands {
		subs := subcommands(name)
		if len(subs) == 0 {
			keys = append(keys, name)
		}
		for _, sub := range subs {
			keys = append(keys, name+" "+sub)
		}
	}
	sort.Strings(keys)
	return keys
}

// definedFlags runs the command or subcommand key with -h, as "shogi help CMD" and
// "shogi book build -h" do, and returns the flags its flag set defines and what it printed.
func definedFlags(t *testing.T, key string) (map[string]bool, string) {
	t.Helper()
	words := strings.Fields(key)
	var seen *flag.FlagSet
	seeFlags = func(fs *flag.FlagSet) { seen = fs }
	defer func() { seeFlags = nil }()
	var stdout, stderr bytes.Buffer
	code := commands[words[0]].run(append(words[1:], "-h"), strings.NewReader(""), &stdout, &stderr)
	if code != 0 || seen == nil {
		t.Fatalf("shogi %s -h: exit %d, flag set seen %v; stderr:\n%s", key, code, seen != nil, stderr.String())
	}
	names := map[string]bool{}
	seen.VisitAll(func(f *flag.Flag) { names[f.Name] = true })
	return names, stdout.String()
}

// compareFlags reports the flags of want that named leaves out and those it names that
// want does not have.
func compareFlags(t *testing.T, what string, want, named map[string]bool) {
	t.Helper()
	var missing, unknown []string
	for name := range want {
		if !named[name] {
			missing = append(missing, "-"+name)
		}
	}
	for name := range named {
		if !want[name] {
			unknown = append(unknown, "-"+name)
		}
	}
	sort.Strings(missing)
	sort.Strings(unknown)
	if len(missing) > 0 {
		t.Errorf("%s leaves out %s", what, strings.Join(missing, " "))
	}
	if len(unknown) > 0 {
		t.Errorf("%s names %s, which the command does not define", what, strings.Join(unknown, " "))
	}
}

// TestUsageNamesEveryFlag holds each command's usage line, which "shogi help CMD" and a
// usage error print, to the flags the command defines.
func TestUsageNamesEveryFlag(t *testing.T) {
	for _, key := range commandKeys() {
		defined, help := definedFlags(t, key)
		name := strings.Fields(key)[0]
		if want := "usage: " + commands[name].usage + "\n"; !strings.HasPrefix(help, want) {
			t.Errorf("shogi %s -h does not begin with its usage:\n%s", key, help)
		}
		var found bool
		for _, inv := range usageInvocations(commands[name].usage) {
			if inv.key == key {
				found = true
				compareFlags(t, "the usage line of "+key, defined, namedFlags(inv.text))
			}
		}
		if !found {
			t.Errorf("the usage of %s has no line for %q", name, key)
		}
	}
}

// TestHelpEveryCommand runs "shogi help CMD" for every command: it prints the usage and
// exits 0.
func TestHelpEveryCommand(t *testing.T) {
	for name, cmd := range commands {
		var stdout, stderr bytes.Buffer
		code := run([]string{"help", name}, strings.NewReader(""), &stdout, &stderr)
		if code != 0 || !strings.HasPrefix(stdout.String(), "usage: "+cmd.usage+"\n") {
			t.Errorf("shogi help %s: exit %d, output:\n%s\nstderr:\n%s", name, code, stdout.String(), stderr.String())
		}
	}
}

// TestUsagePathsOptional: every command that reads PATHs writes them [PATH…] in its
// usage, as the README does; the commands that need an input say so and refuse none
// (a usage error), convert and analyse read standard input when given none, and their
// help says so.
func TestUsagePathsOptional(t *testing.T) {
	for _, args := range [][]string{{"validate"}, {"tsume"}, {"positions", "-to", "sfen"}, {"book", "build", "-to", "yaneuraou"}} {
		code, _, errOut := runCmd("", args...)
		if code != 2 || !strings.Contains(errOut, "no input: name files or directories, - for standard input, or -files-from FILE") {
			t.Errorf("%v without a PATH: exit %d, %q; want 2 and no input", args, code, errOut)
		}
		usage := commands[args[0]].usage
		if args[0] == "book" {
			usage, _, _ = strings.Cut(usage, "\n       shogi book probe")
		}
		if !strings.HasSuffix(usage, " [PATH…]") {
			t.Errorf("usage of %s: %q; want it to end in [PATH…]", args[0], usage)
		}
	}
	const line = "position sfen 4k4/9/9/9/9/9/9/9/4K4 b - 1 moves 5i5h\n"
	if code, out, errOut := runCmd(line, "convert", "-to", "usi"); code != 0 || !strings.Contains(out, "5i5h") {
		t.Errorf("convert without a PATH: exit %d, %q, %q; want standard input read", code, out, errOut)
	}
	if code, out, errOut := runCmd(line, cat([]string{"analyse"}, fakeEngineFlags(""), []string{"-depth", "1", "-to", "csa"})...); code != 0 || !strings.Contains(out, "+5958OU") {
		t.Errorf("analyse without a PATH: exit %d, %q, %q; want standard input read", code, out, errOut)
	}
	// Their help says so, in one phrase (analyse's said nothing of it).
	for name, phrase := range map[string]string{"convert": "with neither, convert reads standard input", "analyse": "with none, analyse reads standard input"} {
		if _, out, _ := runCmd("", "help", name); !strings.Contains(out, phrase) {
			t.Errorf("shogi help %s does not say %q:\n%s", name, phrase, out)
		}
	}
}

package csaserver

import "strings"

// match reports whether line matches pattern, in which "{}" matches any text (the
// shortest that lets the rest match) and every other character itself: the
// conformance transcripts' rule.
func match(pattern, line string) bool {
	before, after, found := strings.Cut(pattern, "{}")
	if !found {
		return pattern == line
	}
	if !strings.HasPrefix(line, before) {
		return false
	}
	rest := line[len(before):]
	for i := 0; i <= len(rest); i++ {
		if match(after, rest[i:]) {
			return true
		}
	}
	return false
}

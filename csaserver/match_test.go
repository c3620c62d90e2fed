package csaserver

import "strings"

// match reports whether line matches pattern: "{}" matches any text, the shortest
// that lets the rest match; "{=NAME}" matches any text too and captures it in vars;
// "{NAME}" matches the text captured before; every other character matches itself.
// This is the conformance transcripts' rule.
func match(pattern, line string) bool { return matchVars(pattern, line, nil) }

func matchVars(pattern, line string, vars map[string]string) bool {
	i := strings.IndexByte(pattern, '{')
	j := strings.IndexByte(pattern[max(i, 0):], '}')
	if i < 0 || j < 0 {
		return pattern == line
	}
	j += i
	before, token, after := pattern[:i], pattern[i+1:j], pattern[j+1:]
	if !strings.HasPrefix(line, before) {
		return false
	}
	rest := line[len(before):]
	switch {
	case token == "" || strings.HasPrefix(token, "="):
		for k := 0; k <= len(rest); k++ {
			if matchVars(after, rest[k:], vars) {
				if token != "" && vars != nil {
					vars[token[1:]] = rest[:k]
				}
				return true
			}
		}
		return false
	default:
		v, ok := vars[token]
		if !ok {
			return false
		}
		return strings.HasPrefix(rest, v) && matchVars(after, rest[len(v):], vars)
	}
}

// substitute replaces each "{NAME}" of a line to send by its captured text.
func substitute(line string, vars map[string]string) string {
	for k, v := range vars {
		line = strings.ReplaceAll(line, "{"+k+"}", v)
	}
	return line
}

// Package english holds the few rules of English the programs' summaries need, so that
// shogi's commands and the Beam pipeline's shogi-beam (a module of its own, which cannot
// share the command's package) say a count alike.
package english

import "strconv"

// Count returns n and the noun, plural unless n is 1: "1 record", "0 records",
// "2 inputs". The noun is a regular one, plural with "s".
func Count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

package main

import "fmt"

// tsumeLength says what a search has proven of the tsume length (tsume.Progress's and
// tsume.Result's MaxLength and MinLength), in the words of every command that says it:
// usi's info string, mate's status line and notes, tsume's verdicts. "tsume length at
// most 23", "tsume length between 17 and 23", "tsume length at least 17", "tsume length
// 23" when the two meet; "" when nothing is proven.
func tsumeLength(maxLength, minLength int) string {
	switch {
	case maxLength > 0 && minLength >= maxLength:
		return fmt.Sprint("tsume length ", maxLength)
	case maxLength > 0 && minLength > 0:
		return fmt.Sprintf("tsume length between %d and %d", minLength, maxLength)
	case maxLength > 0:
		return fmt.Sprintf("tsume length at most %d", maxLength)
	case minLength > 0:
		return fmt.Sprintf("tsume length at least %d", minLength)
	}
	return ""
}

package kif

import (
	"slices"

	"github.com/kifu-go/shogi/handicap"
)

// handicaps lists the start positions of Kakinoki's 手合割 list (formats.md §9.1), the
// even game first. The handicap package holds their names and positions.
var handicaps = kakinokiList()

func kakinokiList() []*handicap.Handicap {
	var list []*handicap.Handicap
	for i := range handicap.All {
		if h := &handicap.All[i]; h.KIF != "" {
			list = append(list, h)
		}
	}
	return list
}

// handicapOther is the 手合割 value for a start position given by a board diagram.
const handicapOther = "その他"

// handicapSFEN returns the start position of a 手合割 value: a name of Kakinoki's list,
// or the Japanese name of another handicap the handicap package knows (両香落ち, 裸玉,
// トンボ, …), which other programs write.
func handicapSFEN(name string) (string, bool) {
	for _, h := range handicaps {
		if h.KIF == name {
			return h.SFEN, true
		}
	}
	if h, ok := handicap.Lookup(name); ok && (h.Japanese == name || slices.Contains(h.Aliases, name)) {
		return h.SFEN, true
	}
	return "", false
}

// handicapName returns the 手合割 name of a canonical SFEN (as Position.String gives it)
// when Kakinoki's list has that exact position.
func handicapName(sfen string) (string, bool) {
	for _, h := range handicaps {
		if h.SFEN == sfen {
			return h.KIF, true
		}
	}
	return "", false
}

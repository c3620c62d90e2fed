package csa

import "github.com/kifu-go/shogi/handicap"

// isHandicap reports whether an SFEN is the start of a handicap game of Kakinoki's list
// (formats.md §9.1), whose players CSA's N+ and N- name as 下手 and 上手.
func isHandicap(sfen string) bool {
	h, ok := handicap.IdentifySFEN(sfen)
	return ok && h.KIF != "" && h.KIF != "平手"
}

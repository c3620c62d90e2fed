package csa

import "strings"

// The board and side fields of the handicap start positions of the Kakinoki list
// (formats.md §9.1), for telling a handicap game from an even one. The handicap
// package will own this table; the csa package keeps its own small copy meanwhile.
var handicapBoards = map[string]bool{
	"lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w": true, // 香落ち
	"1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w": true, // 右香落ち
	"lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w":   true, // 角落ち
	"lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w":   true, // 飛車落ち
	"lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w":   true, // 飛香落ち
	"lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w":     true, // 二枚落ち
	"lnsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w":     true, // 三枚落ち
	"1nsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w":     true, // 三枚落ち (lishogi)
	"1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w":     true, // 四枚落ち
	"2sgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w":      true, // 五枚落ち
	"1nsgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w":      true, // 左五枚落ち
	"2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w":       true, // 六枚落ち
	"2sgkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w":        true, // 左七枚落ち
	"3gkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w":        true, // 右七枚落ち
	"3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w":         true, // 八枚落ち
	"4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w":           true, // 十枚落ち
}

// isHandicap reports whether an SFEN is the start of a handicap game of the list.
func isHandicap(sfen string) bool {
	fields := strings.Fields(sfen)
	if len(fields) < 3 || fields[2] != "-" {
		return false
	}
	return handicapBoards[fields[0]+" "+fields[1]]
}

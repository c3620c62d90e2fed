package jkf

import (
	"strings"
)

// The presets of JKF's initial position: the even game and the handicaps of the
// Kakinoki list (formats.md §9.1), as SFEN without the move number. The handicap
// package will own this table; the jkf package keeps its own small copy meanwhile.
var presets = []struct{ name, sfen string }{
	{"HIRATE", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -"},
	{"KY", "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w -"},
	{"KY_R", "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w -"},
	{"KA", "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w -"},
	{"HI", "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w -"},
	{"HIKY", "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w -"},
	{"2", "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w -"},
	{"3", "lnsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w -"},
	{"4", "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w -"},
	{"5", "2sgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w -"},
	{"5_L", "1nsgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w -"},
	{"6", "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w -"},
	{"7_L", "2sgkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w -"},
	{"7_R", "3gkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w -"},
	{"8", "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w -"},
	{"10", "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w -"},
}

// presetSFEN returns the start SFEN of a preset name.
func presetSFEN(name string) (string, bool) {
	for _, p := range presets {
		if p.name == name {
			return p.sfen + " 1", true
		}
	}
	return "", false
}

// presetName returns the preset of a start position, ignoring its move number.
func presetName(sfen string) (string, bool) {
	fields := strings.Fields(sfen)
	if len(fields) < 3 {
		return "", false
	}
	key := strings.Join(fields[:3], " ")
	for _, p := range presets {
		if p.sfen == key {
			return p.name, true
		}
	}
	return "", false
}

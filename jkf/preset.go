package jkf

import (
	"strings"
	"sync"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/handicap"
)

// JKF's initial-position presets are the even game and the handicaps of Kakinoki's list
// (formats.md §9.1); the handicap package holds their names and positions.

// presetSFEN returns the start SFEN of a preset name.
func presetSFEN(name string) (string, bool) {
	h, ok := handicap.ByJKF(name)
	if !ok {
		return "", false
	}
	return h.SFEN, true
}

// presetStarts holds the start position of each preset a record has named, parsed
// once: a record starts from a clone of it.
var presetStarts sync.Map // preset name → *presetStart

type presetStart struct {
	pos  *shogi.Position // never played on
	sfen string          // pos.String()
}

// presetPosition returns a new start position of a preset name and its SFEN; false if
// there is no such preset.
func presetPosition(name string) (*shogi.Position, string, bool, error) {
	if p, ok := presetStarts.Load(name); ok {
		ps := p.(*presetStart)
		return ps.pos.Clone(), ps.sfen, true, nil
	}
	sfen, ok := presetSFEN(name)
	if !ok {
		return nil, "", false, nil
	}
	pos, err := shogi.ParseSFEN(sfen)
	if err != nil {
		return nil, "", true, err
	}
	ps := &presetStart{pos: pos, sfen: pos.String()}
	presetStarts.Store(name, ps)
	return ps.pos.Clone(), ps.sfen, true, nil
}

// presetName returns the preset of a start position, ignoring its move number. The
// position must be the preset's exactly: lishogi's 三枚落ち, which handicap.IdentifySFEN
// also calls 三枚落ち, removes another lance and is written as OTHER.
func presetName(sfen string) (string, bool) {
	h, ok := handicap.IdentifySFEN(sfen)
	if !ok || h.JKF == "" || positionFields(h.SFEN) != positionFields(sfen) {
		return "", false
	}
	return h.JKF, true
}

// positionFields keeps the board, side and hands of an SFEN.
func positionFields(sfen string) string {
	f := strings.Fields(sfen)
	return strings.Join(f[:min(3, len(f))], " ")
}

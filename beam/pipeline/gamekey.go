package pipeline

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"

	"github.com/kifu-go/shogi"
)

// GameKey returns the key of a game for finding the same game under several paths: the
// first 128 bits, in hex, of the SHA-256 of its start position (board, side to move and
// hands, without the move number) and the moves of its main line in USI. Headers,
// comments, times, variations and the ending do not count, nor the format or encoding of
// the file: a game written as KIF and as CSA has one key. It returns false when the
// record's start position cannot be set up.
func GameKey(rec *shogi.Record) (string, bool) {
	start, err := rec.StartPosition()
	if err != nil {
		return "", false
	}
	return gameKey(start, rec), true
}

// gameKey is GameKey of rec, whose start position is start.
func gameKey(start *shogi.Position, rec *shogi.Record) string {
	h := sha256.New()
	h.Write([]byte(positionKey(start.String())))
	var buf []byte
	for _, n := range rec.MainLine() {
		buf = append(buf[:0], ' ')
		buf = n.Move.AppendText(buf)
		h.Write(buf)
	}
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// positionKey keeps the board, side to move and hands of an SFEN.
func positionKey(sfen string) string {
	fields := strings.Fields(sfen)
	if len(fields) > 3 {
		fields = fields[:3]
	}
	return strings.Join(fields, " ")
}

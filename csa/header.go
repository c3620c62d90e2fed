package csa

import "github.com/kifu-go/shogi"

// Game information: N+ and N- name the players, $KEY:value lines carry the rest. The
// keys with a counterpart among the root package's Japanese header keys are mapped to
// them; every other $ key is kept as "$KEY", in order. A second N+ (or a second
// $EVENT, …) is kept under its CSA name ("N+", "$EVENT") so that nothing is lost.

var infoKeys = map[string]string{
	"N+":          shogi.HeaderBlack,
	"N-":          shogi.HeaderWhite,
	"$EVENT":      shogi.HeaderEvent,
	"$SITE":       shogi.HeaderSite,
	"$START_TIME": shogi.HeaderStartTime,
	"$END_TIME":   shogi.HeaderEndTime,
	"$TIME_LIMIT": shogi.HeaderTimeLimit,
	"$OPENING":    shogi.HeaderOpening,
}

// csaKeys maps the neutral keys back; 下手 and 上手 (handicap games) are N+ and N-.
var csaKeys = map[string]string{
	shogi.HeaderBlack:     "N+",
	shogi.HeaderShitate:   "N+",
	shogi.HeaderWhite:     "N-",
	shogi.HeaderUwate:     "N-",
	shogi.HeaderEvent:     "$EVENT",
	shogi.HeaderSite:      "$SITE",
	shogi.HeaderStartTime: "$START_TIME",
	shogi.HeaderEndTime:   "$END_TIME",
	shogi.HeaderTimeLimit: "$TIME_LIMIT",
	shogi.HeaderOpening:   "$OPENING",
}

// addInfo appends a game information field under its neutral key, or under its CSA
// key when the neutral key is taken.
func addInfo(h *shogi.Header, csaKey, value string) {
	key := csaKey
	if k, ok := infoKeys[csaKey]; ok {
		if _, taken := h.Get(k); !taken {
			key = k
		}
	}
	*h = append(*h, shogi.HeaderField{Key: key, Value: value})
}

// renameForHandicap turns 先手/後手 into 下手/上手 for a handicap start, as KIF writes
// handicap games.
func renameForHandicap(h shogi.Header) {
	for from, to := range map[string]string{shogi.HeaderBlack: shogi.HeaderShitate, shogi.HeaderWhite: shogi.HeaderUwate} {
		if _, taken := h.Get(to); taken {
			continue
		}
		for i := range h {
			if h[i].Key == from {
				h[i].Key = to
				break
			}
		}
	}
}

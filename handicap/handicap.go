package handicap

import (
	"strings"
	"unicode"

	"github.com/kifu-go/shogi"
)

// Handicap is one start position with its names and format codes.
type Handicap struct {
	Japanese string   // 香落ち
	Romaji   string   // kyō-ochi
	English  string   // Lance
	Aliases  []string // other names found in records and programs
	SFEN     string
	// KIF is the 手合割 value of Kakinoki's KIF list, or "" when the handicap is not in
	// it (KIF then writes a board diagram).
	KIF string
	// JKF is the preset name of JSON Kifu Format, or "" (JKF then writes OTHER).
	JKF string
	// CSA is the PI line of a CSA record ("PI11KY"), or "" when the position needs
	// P1…P9 lines (a piece in hand).
	CSA string
	// Removed lists the squares of the giver's pieces taken off the even-game board.
	Removed []shogi.Square
}

func sq(file, rank int) shogi.Square { return shogi.NewSquare(file, rank) }

var (
	leftLance, rightLance   = sq(1, 1), sq(9, 1)
	leftKnight, rightKnight = sq(2, 1), sq(8, 1)
	leftSilver, rightSilver = sq(3, 1), sq(7, 1)
	leftGold, rightGold     = sq(4, 1), sq(6, 1)
	bishop, rook            = sq(2, 2), sq(8, 2)
	pawns                   = []shogi.Square{sq(1, 3), sq(2, 3), sq(3, 3), sq(4, 3), sq(5, 3), sq(6, 3), sq(7, 3), sq(8, 3), sq(9, 3)}
)

func squares(groups ...any) []shogi.Square {
	var out []shogi.Square
	for _, g := range groups {
		switch g := g.(type) {
		case shogi.Square:
			out = append(out, g)
		case []shogi.Square:
			out = append(out, g...)
		}
	}
	return out
}

var (
	six   = squares(rook, bishop, leftLance, rightLance, leftKnight, rightKnight)
	eight = squares(six, leftSilver, rightSilver)
	ten   = squares(eight, leftGold, rightGold)
)

// All lists every handicap, the even game first.
var All = build([]Handicap{
	{Japanese: "平手", Romaji: "hirate", English: "Even", KIF: "平手", JKF: "HIRATE", Aliases: []string{"even game"}},
	{Japanese: "香落ち", Romaji: "kyō-ochi", English: "Lance", KIF: "香落ち", JKF: "KY", Removed: squares(leftLance), Aliases: []string{"左香落ち"}},
	{Japanese: "右香落ち", Romaji: "migi-kyō-ochi", English: "Right Lance", KIF: "右香落ち", JKF: "KY_R", Removed: squares(rightLance)},
	{Japanese: "両香落ち", Romaji: "ryō-kyō-ochi", English: "Both Lances", Removed: squares(leftLance, rightLance)},
	{Japanese: "角落ち", Romaji: "kaku-ochi", English: "Bishop", KIF: "角落ち", JKF: "KA", Removed: squares(bishop)},
	{Japanese: "飛車落ち", Romaji: "hisha-ochi", English: "Rook", KIF: "飛車落ち", JKF: "HI", Removed: squares(rook), Aliases: []string{"飛落ち"}},
	{Japanese: "飛香落ち", Romaji: "hikyō-ochi", English: "Rook-Lance", KIF: "飛香落ち", JKF: "HIKY", Removed: squares(rook, leftLance)},
	{Japanese: "飛両香落ち", Romaji: "hi-ryōkyō-ochi", English: "Rook and Both Lances", Removed: squares(rook, leftLance, rightLance)},
	{Japanese: "二枚落ち", Romaji: "nimai-ochi", English: "2-Piece", KIF: "二枚落ち", JKF: "2", Removed: squares(rook, bishop)},
	{Japanese: "三枚落ち", Romaji: "sanmai-ochi", English: "3-Piece", KIF: "三枚落ち", JKF: "3", Removed: squares(rook, bishop, leftLance)},
	{Japanese: "四枚落ち", Romaji: "yonmai-ochi", English: "4-Piece", KIF: "四枚落ち", JKF: "4", Removed: squares(rook, bishop, leftLance, rightLance)},
	{Japanese: "五枚落ち", Romaji: "gomai-ochi", English: "5-Piece", KIF: "五枚落ち", JKF: "5", Removed: squares(rook, bishop, leftLance, rightLance, rightKnight), Aliases: []string{"右五枚落ち"}},
	{Japanese: "左五枚落ち", Romaji: "hidari-gomai-ochi", English: "Left 5-Piece", KIF: "左五枚落ち", JKF: "5_L", Removed: squares(rook, bishop, leftLance, rightLance, leftKnight)},
	{Japanese: "六枚落ち", Romaji: "rokumai-ochi", English: "6-Piece", KIF: "六枚落ち", JKF: "6", Removed: six},
	{Japanese: "左七枚落ち", Romaji: "hidari-nanamai-ochi", English: "Left 7-Piece", KIF: "左七枚落ち", JKF: "7_L", Removed: squares(six, leftSilver)},
	{Japanese: "右七枚落ち", Romaji: "migi-nanamai-ochi", English: "Right 7-Piece", KIF: "右七枚落ち", JKF: "7_R", Removed: squares(six, rightSilver), Aliases: []string{"七枚落ち", "nanamai-ochi", "7-Piece"}},
	{Japanese: "八枚落ち", Romaji: "hachimai-ochi", English: "8-Piece", KIF: "八枚落ち", JKF: "8", Removed: eight},
	{Japanese: "九枚落ち", Romaji: "kyūmai-ochi", English: "9-Piece", Removed: squares(eight, rightGold)},
	{Japanese: "十枚落ち", Romaji: "jūmai-ochi", English: "10-Piece", KIF: "十枚落ち", JKF: "10", Removed: ten},
	{Japanese: "裸玉", Romaji: "hadaka-gyoku", English: "Naked King", Removed: squares(ten, pawns), Aliases: []string{"十九枚落ち", "hadakagyoku"}},
	{Japanese: "トンボ", Romaji: "tonbo", English: "Dragonfly", Removed: squares(leftLance, rightLance, leftKnight, rightKnight, leftSilver, rightSilver, leftGold, rightGold), Aliases: []string{"蜻蛉", "とんぼ", "tombo"}},
	{Japanese: "歩三兵", Romaji: "fu-sanbyō", English: "Three Pawns", Removed: squares(ten, pawns), Aliases: []string{"fusanbyo"}},
	{Japanese: "銀落ち", Romaji: "gin-ochi", English: "Silver", Removed: squares(leftSilver), Aliases: []string{"左銀落ち"}},
	{Japanese: "右銀落ち", Romaji: "migi-gin-ochi", English: "Right Silver", Removed: squares(rightSilver)},
	{Japanese: "飛銀落ち", Romaji: "higin-ochi", English: "Rook-Silver", Removed: squares(rook, leftSilver)},
	{Japanese: "太閤落ち", Romaji: "taikō-ochi", English: "Taiko", Removed: squares(sq(8, 3)), Aliases: []string{"太閤将棋", "taiko"}},
	{Japanese: "角香落ち", Romaji: "kakukyō-ochi", English: "Bishop-Lance", Removed: squares(bishop, leftLance)},
	{Japanese: "定先", Romaji: "jōsen", English: "Fixed Black", Aliases: []string{"jousen"}},
})

// handsOf gives the white hand of handicaps that hold pieces in hand.
var handsOf = map[string]string{"歩三兵": "3p"}

var csaPieces = map[shogi.PieceType]string{shogi.Pawn: "FU", shogi.Lance: "KY", shogi.Knight: "KE", shogi.Silver: "GI",
	shogi.Gold: "KI", shogi.Bishop: "KA", shogi.Rook: "HI", shogi.King: "OU"}

func build(list []Handicap) []Handicap {
	even := shogi.NewStartPosition()
	for i := range list {
		h := &list[i]
		if h.Japanese == "平手" || h.Japanese == "定先" {
			h.SFEN = shogi.StartSFEN
			h.CSA = "PI"
			continue
		}
		s := even.Setup()
		csa := "PI"
		for _, r := range h.Removed {
			csa += string([]byte{byte('0' + r.File()), byte('0' + r.Rank())}) + csaPieces[s.At(r).Type()]
			s.Put(r, shogi.NoPiece)
		}
		s.SideToMove = shogi.White
		hand := "-"
		if hh, ok := handsOf[h.Japanese]; ok {
			hand = hh
		} else {
			h.CSA = csa
		}
		p, err := shogi.NewPosition(s)
		if err != nil {
			panic("handicap: " + h.Japanese + ": " + err.Error())
		}
		h.SFEN = p.String()
		if hand != "-" {
			h.SFEN = strings.Replace(h.SFEN, " w - 1", " w "+hand+" 1", 1)
		}
	}
	return list
}

// Position returns the handicap's start position.
func (h *Handicap) Position() *shogi.Position {
	p, err := shogi.ParseSFEN(h.SFEN)
	if err != nil {
		panic("handicap: invalid SFEN for " + h.Japanese) // unreachable: checked by the tests
	}
	return p
}

// String returns the Japanese name.
func (h *Handicap) String() string { return h.Japanese }

// Lookup finds a handicap by its Japanese name, romaji, English name, KIF name, JKF
// preset or an alias. Latin names match without regard to case, macrons, hyphens or
// spaces ("kyo-ochi", "Kyoochi" and "kyō ochi" all find 香落ち).
func Lookup(name string) (*Handicap, bool) {
	key := fold(name)
	if key == "" {
		return nil, false
	}
	for i := range All {
		h := &All[i]
		names := append([]string{h.Japanese, h.Romaji, h.English, h.KIF, h.JKF}, h.Aliases...)
		for _, n := range names {
			if n != "" && fold(n) == key {
				return h, true
			}
		}
	}
	return nil, false
}

// macrons maps the long vowels of Hepburn romaji to plain ones.
var macrons = strings.NewReplacer("ā", "a", "ī", "i", "ū", "u", "ē", "e", "ō", "o", "â", "a", "î", "i", "û", "u", "ê", "e", "ô", "o")

// fold lower-cases, strips macrons, drops separators (hyphens, spaces, underscores,
// ideographic spaces) and reads "ou"/"oo"/"uu" as the long vowels they spell, so that
// kyō-ochi, kyo-ochi, kyou ochi and Kyoochi all fold to the same key.
func fold(s string) string {
	var b strings.Builder
	for _, r := range macrons.Replace(strings.ToLower(s)) {
		switch {
		case r == '-', r == '_', r == '\u3000', unicode.IsSpace(r):
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// lishogiSanmai is lishogi's 三枚落ち, which removes the 9一 lance.
const lishogiSanmai = "1nsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w -"

// Identify returns the handicap whose start position p is (board, hands and side to move;
// the move number is ignored), or false. The even-game position identifies as 平手.
func Identify(p *shogi.Position) (*Handicap, bool) {
	return IdentifySFEN(p.String())
}

// IdentifySFEN is [Identify] for a position given as a canonical SFEN, as
// [shogi.Position.String] writes it (a record's StartSFEN, for instance). The move
// number may be left out.
func IdentifySFEN(sfen string) (*Handicap, bool) {
	key := positionKey(sfen)
	if key == lishogiSanmai {
		return Lookup("三枚落ち")
	}
	for i := range All {
		if positionKey(All[i].SFEN) == key {
			return &All[i], true
		}
	}
	return nil, false
}

// ByJKF returns the handicap of a JKF preset name ("HIRATE", "KY", …), matched exactly.
func ByJKF(preset string) (*Handicap, bool) {
	for i := range All {
		if preset != "" && All[i].JKF == preset {
			return &All[i], true
		}
	}
	return nil, false
}

// positionKey keeps the board, side and hands fields of an SFEN.
func positionKey(sfen string) string {
	fields := strings.Fields(sfen)
	if len(fields) > 3 {
		fields = fields[:3]
	}
	return strings.Join(fields, " ")
}

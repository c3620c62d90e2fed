// Package piececode reads the two-letter piece codes that CSA and JKF share: FU, KY, KE,
// GI, KI, KA, HI, OU and the promoted TO, NY, NK, NG, UM, RY.
package piececode

import "github.com/kifu-go/shogi"

// Codes gives the code of each piece type ("" for NoPieceType).
var Codes = [shogi.NumPieceTypes]string{
	shogi.Pawn: "FU", shogi.Lance: "KY", shogi.Knight: "KE", shogi.Silver: "GI",
	shogi.Gold: "KI", shogi.Bishop: "KA", shogi.Rook: "HI", shogi.King: "OU",
	shogi.ProPawn: "TO", shogi.ProLance: "NY", shogi.ProKnight: "NK", shogi.ProSilver: "NG",
	shogi.Horse: "UM", shogi.Dragon: "RY",
}

// Parse returns the piece type of the two-letter code a b ("FU", "RY", …), or
// NoPieceType. A switch on the two bytes as one number: a few comparisons a move.
func Parse(a, b byte) shogi.PieceType {
	switch uint16(a)<<8 | uint16(b) {
	case 'F'<<8 | 'U':
		return shogi.Pawn
	case 'K'<<8 | 'Y':
		return shogi.Lance
	case 'K'<<8 | 'E':
		return shogi.Knight
	case 'G'<<8 | 'I':
		return shogi.Silver
	case 'K'<<8 | 'I':
		return shogi.Gold
	case 'K'<<8 | 'A':
		return shogi.Bishop
	case 'H'<<8 | 'I':
		return shogi.Rook
	case 'O'<<8 | 'U':
		return shogi.King
	case 'T'<<8 | 'O':
		return shogi.ProPawn
	case 'N'<<8 | 'Y':
		return shogi.ProLance
	case 'N'<<8 | 'K':
		return shogi.ProKnight
	case 'N'<<8 | 'G':
		return shogi.ProSilver
	case 'U'<<8 | 'M':
		return shogi.Horse
	case 'R'<<8 | 'Y':
		return shogi.Dragon
	}
	return shogi.NoPieceType
}

package jkf

import "github.com/kifu-go/shogi"

// Special moves: JKF's "special" takes CSA's % codes without the %. Most are relative
// to the side to move after the last move; +ILLEGAL_ACTION and -ILLEGAL_ACTION name
// the side that committed the foul. SENNICHITE is the claim of KIF's 千日手 and CSA's
// %SENNICHITE, and the rules decide who won: a draw, or on a line of perpetual check a
// loss for the side that gave every check. OUTE_SENNICHITE, which the format does not
// define (this package wrote it once), is read as a perpetual check; the writer writes
// SENNICHITE whoever won. Endings CSA has no code for are written with their KIF words
// (不戦勝, 不戦敗, 封じ手), and any other word is kept as the ending's Text.

var specialKinds = map[string]shogi.EndingKind{
	"TORYO":           shogi.EndResign,
	"CHUDAN":          shogi.EndInterrupt,
	"SENNICHITE":      shogi.EndSennichite,
	"OUTE_SENNICHITE": shogi.EndSennichite,
	"TIME_UP":         shogi.EndTimeUp,
	"ILLEGAL_MOVE":    shogi.EndIllegalLoss,
	"+ILLEGAL_ACTION": shogi.EndIllegalLoss,
	"-ILLEGAL_ACTION": shogi.EndIllegalLoss,
	"JISHOGI":         shogi.EndJishogi,
	"KACHI":           shogi.EndEnteringKingWin,
	"HIKIWAKE":        shogi.EndDraw,
	"MATTA":           shogi.EndMatta,
	"TSUMI":           shogi.EndMate,
	"FUZUMI":          shogi.EndNoMate,
	"ERROR":           shogi.EndError,
	"MAX_MOVES":       shogi.EndMaxMoves,
	"不戦勝":             shogi.EndDefaultWin,
	"不戦敗":             shogi.EndDefaultLoss,
	"封じ手":             shogi.EndSealedMove,
}

// parseSpecial returns the ending a special stands for at p, where the line ends.
// OUTE_SENNICHITE is lost by the side the rules name at p (the fourth repetition may
// come after the defender's move), else by the side that just moved.
func parseSpecial(word string, p *shogi.Position) shogi.Ending {
	side := p.SideToMove()
	kind, ok := specialKinds[word]
	if !ok {
		return shogi.Ending{Text: word}
	}
	switch word {
	case "+ILLEGAL_ACTION", "-ILLEGAL_ACTION":
		fouler := shogi.Black
		if word[0] == '-' {
			fouler = shogi.White
		}
		if fouler != side {
			kind = shogi.EndIllegalWin
		}
		return shogi.Ending{Kind: kind, Result: shogi.WinFor(fouler.Opponent())}
	case "OUTE_SENNICHITE":
		result := p.EndingResult(kind)
		if _, won := result.Winner(); !won {
			result = shogi.WinFor(side)
		}
		return shogi.Ending{Kind: kind, Result: result}
	}
	return shogi.Ending{Kind: kind, Result: p.EndingResult(kind)}
}

// specialWord returns the special of an ending with side to move.
func specialWord(e *shogi.Ending, side shogi.Color) string {
	switch e.Kind {
	case shogi.EndNone:
		return e.Text
	case shogi.EndIllegalWin:
		if side == shogi.White {
			return "+ILLEGAL_ACTION"
		}
		return "-ILLEGAL_ACTION"
	}
	for _, word := range specialOrder {
		if specialKinds[word] == e.Kind {
			return word
		}
	}
	return e.Text
}

// specialOrder lists the words in the order the writer prefers them.
var specialOrder = []string{"TORYO", "CHUDAN", "SENNICHITE", "TIME_UP", "ILLEGAL_MOVE", "JISHOGI", "KACHI",
	"HIKIWAKE", "MATTA", "TSUMI", "FUZUMI", "ERROR", "MAX_MOVES", "不戦勝", "不戦敗", "封じ手"}

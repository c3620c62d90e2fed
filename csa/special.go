package csa

import "github.com/kifu-go/shogi"

// Special moves (% statements) and the record endings they stand for.
//
// Most codes are relative to the side to move after the last move: %TORYO means the
// side to move resigned. Two are not: %+ILLEGAL_ACTION and %-ILLEGAL_ACTION name the
// side that committed the foul. %SENNICHITE is the claim of KIF's 千日手 and JKF's
// SENNICHITE, and the rules decide who won: a draw, or on a line of perpetual check
// (連続王手の千日手) a loss for the side that gave every check, whichever side made the
// last move. %OUTE_SENNICHITE, which no version of the format defines (CSA servers send
// it, and this package wrote it once), is read as a perpetual check: lost by the side
// the rules name, else by the side that just moved. The writer writes only the codes
// the format defines: a 千日手 is %SENNICHITE whoever won, and reads back with the same
// result when the result is the one the rules give.

var specialKinds = map[string]shogi.EndingKind{
	"%TORYO":           shogi.EndResign,
	"%CHUDAN":          shogi.EndInterrupt,
	"%SENNICHITE":      shogi.EndSennichite,
	"%OUTE_SENNICHITE": shogi.EndSennichite,
	"%TIME_UP":         shogi.EndTimeUp,
	"%ILLEGAL_MOVE":    shogi.EndIllegalLoss,
	"%+ILLEGAL_ACTION": shogi.EndIllegalLoss, // or EndIllegalWin, by the side to move
	"%-ILLEGAL_ACTION": shogi.EndIllegalLoss,
	"%JISHOGI":         shogi.EndJishogi,
	"%KACHI":           shogi.EndEnteringKingWin,
	"%HIKIWAKE":        shogi.EndDraw,
	"%MATTA":           shogi.EndMatta,
	"%TSUMI":           shogi.EndMate,
	"%FUZUMI":          shogi.EndNoMate,
	"%ERROR":           shogi.EndError,
	"%MAX_MOVES":       shogi.EndMaxMoves,
}

// parseSpecial returns the ending of a % statement at p, the position after the last
// move, and false for an unknown code.
func parseSpecial(code string, p *shogi.Position) (shogi.Ending, bool) {
	side := p.SideToMove()
	kind, ok := specialKinds[code]
	if !ok {
		return shogi.Ending{}, false
	}
	switch code {
	case "%+ILLEGAL_ACTION", "%-ILLEGAL_ACTION":
		fouler := shogi.Black
		if code[1] == '-' {
			fouler = shogi.White
		}
		if fouler != side {
			kind = shogi.EndIllegalWin
		}
		return shogi.Ending{Kind: kind, Result: shogi.WinFor(fouler.Opponent())}, true
	case "%OUTE_SENNICHITE":
		result := p.EndingResult(kind)
		if _, won := result.Winner(); !won {
			result = shogi.WinFor(side)
		}
		return shogi.Ending{Kind: kind, Result: result}, true
	}
	return shogi.Ending{Kind: kind, Result: p.EndingResult(kind)}, true
}

// specialCode returns the % code for an ending with side to move after the last move,
// or "" when CSA has none (不戦勝, 不戦敗, 封じ手, unknown KIF words).
func specialCode(e *shogi.Ending, side shogi.Color) string {
	switch e.Kind {
	case shogi.EndResign:
		return "%TORYO"
	case shogi.EndMate:
		return "%TSUMI"
	case shogi.EndSennichite:
		return "%SENNICHITE" // the rules give the result, a perpetual check's loser too
	case shogi.EndJishogi:
		return "%JISHOGI"
	case shogi.EndInterrupt:
		return "%CHUDAN"
	case shogi.EndTimeUp:
		return "%TIME_UP"
	case shogi.EndIllegalWin:
		// The side not to move committed the foul.
		if side == shogi.White {
			return "%+ILLEGAL_ACTION"
		}
		return "%-ILLEGAL_ACTION"
	case shogi.EndIllegalLoss:
		return "%ILLEGAL_MOVE"
	case shogi.EndEnteringKingWin:
		return "%KACHI"
	case shogi.EndDraw:
		return "%HIKIWAKE"
	case shogi.EndNoMate:
		return "%FUZUMI"
	case shogi.EndMaxMoves:
		return "%MAX_MOVES"
	case shogi.EndError:
		return "%ERROR"
	case shogi.EndMatta:
		return "%MATTA"
	}
	return ""
}

// endingWords names the endings CSA cannot write; the writer keeps them as a comment.
var endingWords = map[shogi.EndingKind]string{
	shogi.EndDefaultWin:  "不戦勝",
	shogi.EndDefaultLoss: "不戦敗",
	shogi.EndSealedMove:  "封じ手",
}

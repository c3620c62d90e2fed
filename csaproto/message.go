package csaproto

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/kifu-go/shogi/notation"
)

// Kind says what a server's line is.
type Kind uint8

// Kinds of the server's lines.
const (
	KindEmpty           Kind = iota + 1 // an empty line (the server's keep-alive)
	KindLoginOK                         // LOGIN:<user> OK
	KindLoginIncorrect                  // LOGIN:incorrect
	KindLogoutCompleted                 // LOGOUT:completed
	KindSummary                         // BEGIN Game_Summary (the block follows)
	KindStart                           // START:<game id>
	KindReject                          // REJECT:<game id> by <user>
	KindMove                            // +7776FU,T12 (with a PV comment in extended mode)
	KindSpecial                         // %TORYO,T3 or %KACHI: a player's declaration, echoed
	KindReason                          // #RESIGN, #TIME_UP, …: why the game ended
	KindResult                          // #WIN, #LOSE, #DRAW, #CENSORED, #CHUDAN
	KindExtended                        // ##[…]: an answer to an extended-mode command
)

// Reason says why a game ended.
type Reason uint8

// The reasons a server states before the result.
const (
	NoReason Reason = iota
	Resign
	TimeUp
	IllegalMove
	Sennichite
	OuteSennichite
	Jishogi
	MaxMoves
)

var reasonNames = [...]string{Resign: "#RESIGN", TimeUp: "#TIME_UP", IllegalMove: "#ILLEGAL_MOVE",
	Sennichite: "#SENNICHITE", OuteSennichite: "#OUTE_SENNICHITE", Jishogi: "#JISHOGI", MaxMoves: "#MAX_MOVES"}

func (r Reason) String() string {
	if r > NoReason && int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return ""
}

// Outcome is a game's result for the client.
type Outcome uint8

// The results a server sends.
const (
	NoOutcome Outcome = iota
	Win
	Lose
	Draw
	Censored // the game reached the limit of moves (#CENSORED)
	Chudan   // the game was interrupted (#CHUDAN)
)

var outcomeNames = [...]string{Win: "#WIN", Lose: "#LOSE", Draw: "#DRAW", Censored: "#CENSORED", Chudan: "#CHUDAN"}

func (o Outcome) String() string {
	if o > NoOutcome && int(o) < len(outcomeNames) {
		return outcomeNames[o]
	}
	return ""
}

// Message is one line from the server, read by [ParseMessage].
type Message struct {
	Kind   Kind
	Text   string // the line
	User   string // LOGIN:<user> OK; the rejecting user of REJECT
	GameID string // START and REJECT

	// A move or a special: the move ("+7776FU") or the special ("%TORYO"), and the
	// time the server charged (T) if it said, in the Time_Unit, read as seconds.
	Move    string
	Time    time.Duration
	HasTime bool
	Comment *Comment // a floodgate PV comment after the move

	Reason  Reason  // KindReason
	Outcome Outcome // KindResult
}

// MaxLine bounds a server's line; a longer one is an [ErrLineTooLong].
const MaxLine = 64 << 10

// ParseMessage reads one line of the server outside a Game_Summary (without its
// line break). A line it cannot read is an [*Error] with line 1 (a [Client]
// numbers the lines of its connection).
func ParseMessage(line string) (Message, error) {
	m, err := parseMessage(line)
	if err != nil {
		return Message{}, &Error{Line: 1, Text: line, Err: err}
	}
	return m, nil
}

func parseMessage(line string) (Message, error) {
	m := Message{Text: line}
	if len(line) > MaxLine {
		return m, ErrLineTooLong
	}
	switch {
	case line == "":
		m.Kind = KindEmpty
	case line == "LOGIN:incorrect":
		m.Kind = KindLoginIncorrect
	case strings.HasPrefix(line, "LOGIN:") && strings.HasSuffix(line, " OK"):
		m.Kind, m.User = KindLoginOK, line[len("LOGIN:"):len(line)-len(" OK")]
		if m.User == "" || strings.ContainsRune(m.User, ' ') {
			return m, fmt.Errorf("%w: LOGIN:<user> OK with a user name", ErrSyntax)
		}
	case line == "LOGOUT:completed":
		m.Kind = KindLogoutCompleted
	case line == "BEGIN Game_Summary":
		m.Kind = KindSummary
	case strings.HasPrefix(line, "START:"):
		m.Kind, m.GameID = KindStart, line[len("START:"):]
		if m.GameID == "" {
			return m, fmt.Errorf("%w: START without a game id", ErrSyntax)
		}
	case strings.HasPrefix(line, "REJECT:"):
		m.Kind = KindReject
		id, user, _ := strings.Cut(line[len("REJECT:"):], " by ")
		m.GameID, m.User = id, user
		if id == "" {
			return m, fmt.Errorf("%w: REJECT without a game id", ErrSyntax)
		}
	case strings.HasPrefix(line, "##["):
		m.Kind = KindExtended
	case line[0] == '#':
		for r, name := range reasonNames {
			if name != "" && line == name {
				m.Kind, m.Reason = KindReason, Reason(r)
				return m, nil
			}
		}
		for o, name := range outcomeNames {
			if name != "" && line == name {
				m.Kind, m.Outcome = KindResult, Outcome(o)
				return m, nil
			}
		}
		return m, fmt.Errorf("%w: unknown result or reason", ErrSyntax)
	case line[0] == '+' || line[0] == '-' || line[0] == '%':
		return m, parseMove(&m, line)
	default:
		return m, fmt.Errorf("%w: unknown message", ErrSyntax)
	}
	return m, nil
}

// specials are the declarations a server echoes.
var specials = map[string]bool{"%TORYO": true, "%KACHI": true, "%CHUDAN": true}

// parseMove reads "+7776FU,T12,'* 30 -3334FU" or "%TORYO,T3".
func parseMove(m *Message, line string) error {
	head, rest, _ := strings.Cut(line, ",")
	if head[0] == '%' {
		if !specials[head] {
			return fmt.Errorf("%w: unknown special %s", ErrSyntax, head)
		}
		m.Kind = KindSpecial
	} else {
		if !notation.IsCSAMove(head) {
			return fmt.Errorf("%w: %q is not a CSA move", ErrSyntax, head)
		}
		m.Kind = KindMove
	}
	m.Move = head
	for rest != "" {
		var field string
		if strings.HasPrefix(rest, "'") {
			field, rest = rest, ""
		} else {
			field, rest, _ = strings.Cut(rest, ",")
		}
		switch {
		case strings.HasPrefix(field, "T") && !m.HasTime && m.Comment == nil:
			d, err := parseSeconds(field[1:])
			if err != nil {
				return fmt.Errorf("%w %q: %w", ErrTime, field, err)
			}
			m.Time, m.HasTime = d, true
		case strings.HasPrefix(field, "'*") && m.Comment == nil && m.Kind == KindMove:
			c, err := ParseComment(field)
			if err != nil {
				return err
			}
			m.Comment = &c
		case strings.HasPrefix(field, "'"):
			// another comment: the protocol lets it pass
			return nil
		default:
			return fmt.Errorf("%w: unknown field %q after the move", ErrSyntax, field)
		}
	}
	return nil
}

// maxSeconds keeps a time within time.Duration.
const maxSeconds = 1 << 32

// parseSeconds reads whole seconds or seconds with up to three decimals (V3).
func parseSeconds(s string) (time.Duration, error) {
	whole, frac, dotted := strings.Cut(s, ".")
	if whole == "" || !digits(whole) || (dotted && (frac == "" || len(frac) > 3 || !digits(frac))) {
		return 0, fmt.Errorf("want seconds, with at most three decimals")
	}
	if len(whole) > 10 {
		return 0, fmt.Errorf("too long")
	}
	n, _ := strconv.ParseInt(whole, 10, 64)
	if n > maxSeconds {
		return 0, fmt.Errorf("too long")
	}
	d := time.Duration(n) * time.Second
	if dotted {
		ms, _ := strconv.Atoi((frac + "00")[:3])
		d += time.Duration(ms) * time.Millisecond
	}
	return d, nil
}

func digits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

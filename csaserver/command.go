package csaserver

// The lines a client sends, read by ParseCommand: the CSA protocol's LOGIN, AGREE,
// REJECT, moves, %TORYO %KACHI %CHUDAN and LOGOUT, an empty line (keep-alive), and
// shogi-server's extended commands (%%GAME, %%CHALLENGE, %%LIST, %%WHO, %%SHOW,
// %%MONITORON/OFF, %%MONITOR2ON/OFF, %%CHAT, %%VERSION, %%HELP; "%%%…" is ignored).

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"unicode"

	"github.com/kifu-go/shogi/notation"
)

// CommandKind says what a client's line is.
type CommandKind uint8

// Kinds of the clients' lines.
const (
	CmdKeepAlive CommandKind = iota + 1 // an empty line
	CmdLogin                            // LOGIN <user> <password> [x1]
	CmdLogout                           // LOGOUT
	CmdAgree                            // AGREE [<game id>]
	CmdReject                           // REJECT [<game id>]
	CmdMove                             // +7776FU[,'* 30 -3334FU …]
	CmdSpecial                          // %TORYO, %KACHI or %CHUDAN
	CmdExtended                         // %%NAME [arguments]
	CmdVoid                             // %%%…: ignored, as shogi-server does
	CmdChallenge                        // CHALLENGE (the old form, answered CHALLENGE ACCEPTED)
)

// Command is one line of a client, read by [ParseCommand].
type Command struct {
	Kind CommandKind
	Text string // the line as sent (the password of a LOGIN shown as "*": see [Command.String])

	User     string // LOGIN
	Password string // LOGIN, without " x1"
	X1       bool   // LOGIN … x1: extended mode

	GameID string // AGREE and REJECT, when given

	Move    string // CmdMove: "+7776FU"; CmdSpecial: "%TORYO"
	Comment string // CmdMove: the comment after the move, "'* 30 -3334FU", if any

	Name string   // CmdExtended: "GAME", "CHALLENGE", "LIST", …
	Args []string // CmdExtended: the arguments; %%CHAT has its message as one argument
}

// String returns the line with a LOGIN's password replaced by "*", for logs.
func (c Command) String() string {
	if c.Kind == CmdLogin {
		s := "LOGIN " + c.User + " *"
		if c.X1 {
			s += " x1"
		}
		return s
	}
	return c.Text
}

// Errors of [ParseCommand], each wrapped in a [*CommandError].
var (
	ErrUnknownCommand = errors.New("csaserver: unknown command")
	ErrBadLogin       = errors.New("csaserver: malformed LOGIN")
	ErrBadMove        = errors.New("csaserver: malformed move")
	ErrBadGameName    = errors.New("csaserver: bad game name")
)

// CommandError is a client's line ParseCommand cannot read. Its Error never shows a
// LOGIN line's password.
type CommandError struct {
	Text string // the line, with a LOGIN's password hidden
	Err  error
}

func (e *CommandError) Error() string {
	return fmt.Sprintf("%s: %q", e.Err.Error(), shorten(e.Text))
}

func (e *CommandError) Unwrap() error { return e.Err }

func shorten(s string) string {
	if len(s) > 80 {
		return s[:80] + "…"
	}
	return s
}

// MaxIdentifier is the longest user name or game name prefix, as shogi-server's
// Max_Identifier_Length.
const MaxIdentifier = 32

var identifier = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\A[\w@\-.]{1,32}\z`) })

// ValidIdentifier reports whether s may be a user name or the name part of a game
// name: 1 to 32 letters, digits, "_", "@", "-" or ".", as shogi-server allows.
func ValidIdentifier(s string) bool { return identifier().MatchString(s) }

var gameNameForm = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\A(.+)-[0-9]{1,9}-[0-9]{1,9}F?\z`) })

// ValidGameName reports whether s is a game name, NAME-TOTAL-BYOYOMI or
// NAME-TOTAL-INCREMENTF, with NAME an identifier ([ValidIdentifier]).
func ValidGameName(s string) bool {
	m := gameNameForm().FindStringSubmatch(s)
	return m != nil && ValidIdentifier(m[1])
}

// ParseCommand reads one line of a client, without its line break. A line it
// cannot read is a [*CommandError].
func ParseCommand(line string) (Command, error) {
	c := Command{Text: line}
	bad := func(err error, format string, args ...any) (Command, error) {
		text := line
		// Also a LOGIN after spaces ("\fLOGIN user pw"), which is no command.
		if c.Kind == CmdLogin || strings.HasPrefix(strings.TrimLeftFunc(line, unicode.IsSpace), "LOGIN") {
			text = hideLogin(line)
		}
		return Command{}, &CommandError{Text: text, Err: fmt.Errorf("%w: "+format, append([]any{err}, args...)...)}
	}
	switch {
	case strings.TrimSpace(line) == "":
		c.Kind = CmdKeepAlive
	case strings.HasPrefix(line, "LOGIN "):
		c.Kind = CmdLogin
		f := strings.Fields(line)
		if len(f) != 3 && !(len(f) == 4 && f[3] == "x1") {
			return bad(ErrBadLogin, "want LOGIN <user> <password> [x1]")
		}
		if !ValidIdentifier(f[1]) {
			return bad(ErrBadLogin, "a user name of 1 to %d letters, digits, _ @ - or .", MaxIdentifier)
		}
		c.User, c.Password, c.X1 = f[1], f[2], len(f) == 4
	case line == "LOGOUT":
		c.Kind = CmdLogout
	case line == "AGREE" || strings.HasPrefix(line, "AGREE "):
		c.Kind, c.GameID = CmdAgree, strings.TrimSpace(line[len("AGREE"):])
	case line == "REJECT" || strings.HasPrefix(line, "REJECT "):
		c.Kind, c.GameID = CmdReject, strings.TrimSpace(line[len("REJECT"):])
	case line == "CHALLENGE":
		c.Kind = CmdChallenge
	case strings.HasPrefix(line, "%%%"):
		c.Kind = CmdVoid
	case strings.HasPrefix(line, "%%"):
		c.Kind = CmdExtended
		name, rest, _ := strings.Cut(line[2:], " ")
		c.Name = name
		switch name {
		case "CHAT":
			if strings.TrimSpace(rest) == "" {
				return bad(ErrUnknownCommand, "%%%%CHAT with no message")
			}
			c.Args = []string{rest}
		case "GAME", "CHALLENGE", "LIST", "WHO", "SHOW", "MONITORON", "MONITOROFF", "MONITOR2ON",
			"MONITOR2OFF", "VERSION", "HELP":
			c.Args = strings.Fields(rest)
		default:
			return bad(ErrUnknownCommand, "%%%%%s", shorten(name))
		}
		if err := c.checkExtended(); err != nil {
			return bad(err, "%s", c.Name)
		}
	case line[0] == '%':
		switch line {
		case "%TORYO", "%KACHI", "%CHUDAN":
			c.Kind, c.Move = CmdSpecial, line
		default:
			head, _, _ := strings.Cut(line, ",")
			switch head {
			case "%TORYO", "%KACHI", "%CHUDAN": // a time or comment after it is passed over
				c.Kind, c.Move = CmdSpecial, head
			default:
				return bad(ErrUnknownCommand, "unknown special")
			}
		}
	case line[0] == '+' || line[0] == '-':
		c.Kind = CmdMove
		head, rest, _ := strings.Cut(line, ",")
		if !notation.IsCSAMove(head) {
			return bad(ErrBadMove, "want a CSA move such as +7776FU")
		}
		c.Move = head
		if rest != "" {
			if !strings.HasPrefix(rest, "'") {
				return bad(ErrBadMove, "after the move, only a comment (',') may follow")
			}
			c.Comment = rest
		}
	default:
		return bad(ErrUnknownCommand, "not a CSA command")
	}
	return c, nil
}

// checkExtended checks the arguments of an extended command.
func (c Command) checkExtended() error {
	n := len(c.Args)
	switch c.Name {
	case "GAME", "CHALLENGE":
		if c.Name == "CHALLENGE" && n == 0 || n > 2 {
			return fmt.Errorf("%w: want %%%%%s <game name> [+|-|*]", ErrUnknownCommand, c.Name)
		}
		if n >= 1 && !ValidGameName(c.Args[0]) {
			return fmt.Errorf("%w: %q: a game name is NAME-TOTAL-BYOYOMI or NAME-TOTAL-INCREMENTF", ErrBadGameName, shorten(c.Args[0]))
		}
		if n == 2 && c.Args[1] != "+" && c.Args[1] != "-" && c.Args[1] != "*" {
			return fmt.Errorf("%w: the side is +, - or *", ErrUnknownCommand)
		}
	case "SHOW", "MONITORON", "MONITOROFF", "MONITOR2ON", "MONITOR2OFF":
		if n != 1 {
			return fmt.Errorf("%w: want %%%%%s <game id>", ErrUnknownCommand, c.Name)
		}
	}
	return nil
}

// hideLogin replaces the password of a LOGIN line by "*".
func hideLogin(line string) string {
	f := strings.Fields(line)
	if len(f) >= 3 {
		f[2] = "*"
	}
	return strings.Join(f, " ")
}

// ParseLoginPassword reads the password of a plain-mode (CSA) LOGIN as shogi-server
// does: "GAMENAME" (no password), "GAMENAME,PASSWORD", "GAMENAME-B" or "GAMENAME-W"
// for a side (also with ",PASSWORD"), or a bare password, which asks for
// defaultGame. It returns the game name, the side asked for ('+', '-' or '*') and the
// password.
func ParseLoginPassword(password, defaultGame string) (game string, turn byte, pass string) {
	game, pass, _ = strings.Cut(password, ",")
	turn = '*'
	if !ValidGameName(game) {
		if n := len(game); n > 2 && game[n-2] == '-' && ValidGameName(game[:n-2]) {
			switch game[n-1] {
			case 'b', 'B':
				game, turn = game[:n-2], '+'
			case 'w', 'W':
				game, turn = game[:n-2], '-'
			}
		}
	}
	if !ValidGameName(game) {
		if !strings.Contains(password, ",") {
			pass = password
		}
		game, turn = defaultGame, '*'
	}
	return game, turn, pass
}

package csaserver

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/kifu-go/shogi/notation"
)

// FuzzParseCommand: a client's line never panics the parser; a line read is what was
// sent and of a known kind; a line refused is a *CommandError; neither shows a LOGIN's
// password.
func FuzzParseCommand(f *testing.F) {
	for _, s := range []string{"", "LOGIN alice pw", "LOGIN alice floodgate-600-10F,pw x1", "AGREE", "AGREE g1",
		"REJECT", "+7776FU", "-3334FU,'* 30 +2726FU", "%TORYO", "%KACHI", "%CHUDAN", "%%GAME test-60-10 +",
		"%%CHALLENGE x-1-0F -", "%%CHAT hi", "%%MONITOR2ON g", "%%%x", "LOGOUT", "+77", "LOGIN a/b pw"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		c, err := ParseCommand(line)
		// The password counts as shown only where the rest of the line cannot show it,
		// also as an error quotes it: "\x00"+"00" quotes to \x0000 (a crasher of the
		// target, which the error did not leak).
		var password string
		if f := strings.Fields(line); len(f) >= 3 && f[0] == "LOGIN" && len(f[2]) >= 4 {
			rest := strings.Replace(line, f[2], "", 1)
			if !strings.Contains(rest, f[2]) && !strings.Contains(strconv.Quote(rest), f[2]) &&
				!strings.Contains("LOGIN csaserver malformed want user password x1 a name of letters digits", f[2]) {
				password = f[2]
			}
		}
		if err != nil {
			var ce *CommandError
			if !errors.As(err, &ce) {
				t.Fatalf("%q: error %T %v", line, err, err)
			}
			if password != "" && strings.Contains(err.Error(), password) {
				t.Fatalf("%q: the error shows the password: %v", line, err)
			}
			return
		}
		if c.Text != line || c.Kind < CmdKeepAlive || c.Kind > CmdChallenge {
			t.Fatalf("%q: %+v", line, c)
		}
		if c.Kind == CmdMove && !notation.IsCSAMove(c.Move) {
			t.Fatalf("%q: move %q", line, c.Move)
		}
		if c.Kind == CmdLogin {
			if !ValidIdentifier(c.User) || c.Password == "" {
				t.Fatalf("%q: %+v", line, c)
			}
			if password != "" && strings.Contains(c.String(), password) {
				t.Fatalf("%q: String shows the password: %q", line, c.String())
			}
		}
	})
}

// FuzzParseLoginPassword: whatever the password, the game asked for is a valid game
// name and the side one of + - *.
func FuzzParseLoginPassword(f *testing.F) {
	for _, s := range []string{"", "pw", "floodgate-600-10F", "floodgate-600-10F,pw", "test-60-0-B,x,y", "test-60-0-w", "a-1-2-3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, password string) {
		game, turn, _ := ParseLoginPassword(password, "default-1500-0")
		if !ValidGameName(game) || (turn != '+' && turn != '-' && turn != '*') {
			t.Fatalf("%q: game %q turn %c", password, game, turn)
		}
	})
}

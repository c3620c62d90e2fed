package csaproto

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/clock"
	"github.com/kifu-go/shogi/csa"
	"github.com/kifu-go/shogi/notation"
	"pgregory.net/rapid"
)

func TestParseMessage(t *testing.T) {
	tests := []struct {
		line string
		want Message
	}{
		{"", Message{Kind: KindEmpty}},
		{"LOGIN:alice OK", Message{Kind: KindLoginOK, User: "alice"}},
		{"LOGIN:incorrect", Message{Kind: KindLoginIncorrect}},
		{"LOGOUT:completed", Message{Kind: KindLogoutCompleted}},
		{"BEGIN Game_Summary", Message{Kind: KindSummary}},
		{"START:20150505-CSA25-3-5-7", Message{Kind: KindStart, GameID: "20150505-CSA25-3-5-7"}},
		{"REJECT:g1 by bob", Message{Kind: KindReject, GameID: "g1", User: "bob"}},
		{"##[LOGIN] +OK x1", Message{Kind: KindExtended}},
		{"+7776FU,T12", Message{Kind: KindMove, Move: "+7776FU", Time: 12 * time.Second, HasTime: true}},
		{"-3334FU,T1.234", Message{Kind: KindMove, Move: "-3334FU", Time: 1234 * time.Millisecond, HasTime: true}},
		{"-3334FU,T0.5", Message{Kind: KindMove, Move: "-3334FU", Time: 500 * time.Millisecond, HasTime: true}},
		{"+0055KA", Message{Kind: KindMove, Move: "+0055KA"}},
		{"+7776FU,T3,'* 30 -3334FU +2726FU", Message{Kind: KindMove, Move: "+7776FU", Time: 3 * time.Second, HasTime: true,
			Comment: &Comment{Score: 30, PV: []string{"-3334FU", "+2726FU"}}}},
		{"-8384FU,T0,'* -120", Message{Kind: KindMove, Move: "-8384FU", HasTime: true, Comment: &Comment{Score: -120}}},
		{"%TORYO,T3", Message{Kind: KindSpecial, Move: "%TORYO", Time: 3 * time.Second, HasTime: true}},
		{"%KACHI", Message{Kind: KindSpecial, Move: "%KACHI"}},
		{"#RESIGN", Message{Kind: KindReason, Reason: Resign}},
		{"#TIME_UP", Message{Kind: KindReason, Reason: TimeUp}},
		{"#ILLEGAL_MOVE", Message{Kind: KindReason, Reason: IllegalMove}},
		{"#SENNICHITE", Message{Kind: KindReason, Reason: Sennichite}},
		{"#OUTE_SENNICHITE", Message{Kind: KindReason, Reason: OuteSennichite}},
		{"#JISHOGI", Message{Kind: KindReason, Reason: Jishogi}},
		{"#MAX_MOVES", Message{Kind: KindReason, Reason: MaxMoves}},
		{"#WIN", Message{Kind: KindResult, Outcome: Win}},
		{"#LOSE", Message{Kind: KindResult, Outcome: Lose}},
		{"#DRAW", Message{Kind: KindResult, Outcome: Draw}},
		{"#CENSORED", Message{Kind: KindResult, Outcome: Censored}},
		{"#CHUDAN", Message{Kind: KindResult, Outcome: Chudan}},
	}
	for _, tt := range tests {
		got, err := ParseMessage(tt.line)
		if err != nil {
			t.Errorf("ParseMessage(%q): %v", tt.line, err)
			continue
		}
		tt.want.Text = tt.line
		if d := cmp.Diff(tt.want, got); d != "" {
			t.Errorf("ParseMessage(%q) (-want +got):\n%s", tt.line, d)
		}
	}
}

func TestParseMessageErrors(t *testing.T) {
	tests := []struct {
		line string
		want error
	}{
		{"HELLO", ErrSyntax},
		{"#WON", ErrSyntax},
		{"+7776F", ErrSyntax},
		{"+7706FU", ErrSyntax},
		{"+7776XX", ErrSyntax},
		{"%RESIGN", ErrSyntax},
		{"+7776FU,T", ErrTime},
		{"+7776FU,T1.2345", ErrTime},
		{"+7776FU,T-1", ErrTime},
		{"+7776FU,Tx", ErrTime},
		{"+7776FU,X3", ErrSyntax},
		{"+7776FU,T3,'* x", ErrComment},
		{"+7776FU,T3,'* 3 +77", ErrComment},
		{"START:", ErrSyntax},
		{"LOGIN: OK", ErrSyntax},
		{strings.Repeat("+", MaxLine+1), ErrLineTooLong},
	}
	for _, tt := range tests {
		_, err := ParseMessage(tt.line)
		var e *Error
		if !errors.As(err, &e) || e.Line != 1 || e.Text != tt.line || !errors.Is(err, tt.want) {
			t.Errorf("ParseMessage(%.40q) = %v, want an *Error at line 1 wrapping %v", tt.line, err, tt.want)
		}
	}
	if c := Code(&Error{Line: 3, Err: ErrTime}); c != "time" {
		t.Errorf("Code = %q", c)
	}
}

func TestParseSummary(t *testing.T) {
	s, err := ParseSummary(summaryLines())
	if err != nil {
		t.Fatal(err)
	}
	start, err := shogi.ParseSFEN("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1")
	if err != nil {
		t.Fatal(err)
	}
	want := &Summary{
		ProtocolVersion: "1.2", ProtocolMode: "Server", Format: "Shogi 1.0", Declaration: "Jishogi 1.1",
		GameID: "wdoor+floodgate-300-10F+alice+bob+20261126120000", Names: [2]string{"alice", "bob"},
		YourTurn: shogi.Black, ToMove: shogi.Black, MaxMoves: 256,
		Time:  clock.Same(clock.Allowance{Unit: time.Second, Main: 300 * time.Second, Increment: 10 * time.Second}),
		Start: start, Position: start,
	}
	if d := cmp.Diff(want, s, cmp.Comparer(func(a, b *shogi.Position) bool { return a.Equal(b) })); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

func TestParseSummaryMoves(t *testing.T) {
	l := summaryLines()
	i := len(l) - 2 // END Position
	l = append(l[:i:i], append([]string{"+2726FU,T12", "-3334FU,T6", "+7776FU"}, l[i:]...)...)
	l = withTurn(l, "-")
	s, err := ParseSummary(l)
	if err != nil {
		t.Fatal(err)
	}
	if got := len(s.Moves); got != 3 {
		t.Fatalf("moves = %d", got)
	}
	if d := cmp.Diff([]time.Duration{12 * time.Second, 6 * time.Second, 0}, s.Times); d != "" {
		t.Error(d)
	}
	if s.Position.SideToMove() != shogi.White || s.Start.SideToMove() != shogi.Black {
		t.Error("side to move")
	}
}

func withTurn(l []string, turn string) []string {
	for i, s := range l {
		if s == "Your_Turn:+" {
			l[i] = "Your_Turn:" + turn
		}
	}
	return l
}

func TestParseSummaryErrors(t *testing.T) {
	lines := summaryLines()
	find := func(prefix string) int {
		for i, l := range lines {
			if strings.HasPrefix(l, prefix) {
				return i
			}
		}
		t.Fatalf("no %s", prefix)
		return 0
	}
	endPos := find("END Position")
	tests := []struct {
		name  string
		lines []string
		line  int // 1-based
		want  error
	}{
		{"no key:value", withLine(find("Format"), "Format"), find("Format") + 1, ErrSummary},
		{"bad Your_Turn", withLine(find("Your_Turn"), "Your_Turn:x"), find("Your_Turn") + 1, ErrSummary},
		{"bad Max_Moves", withLine(find("Max_Moves"), "Max_Moves:many"), find("Max_Moves") + 1, ErrSummary},
		{"bad Rematch", withLine(find("Rematch"), "Rematch_On_Draw:maybe"), find("Rematch") + 1, ErrSummary},
		{"no Game_ID", withLine(find("Game_ID"), "\x00"), len(lines) - 1, ErrSummary},
		{"bad time", withLine(find("Total_Time"), "Total_Time:ten"), find("Total_Time") + 1, clock.ErrSyntax},
		{"bad board", withLine(find("P5"), "P5 *  *  *  * +ZZ *  *  *  * "), find("P5") + 1, csa.ErrPiece},
		{"illegal move", append(append(append([]string{}, lines[:endPos]...), "+7775FU"), lines[endPos:]...), endPos + 1, nil},
		{"no END", lines[:len(lines)-1], len(lines) - 1, ErrSummary},
		{"no BEGIN", lines[1:], 1, ErrSummary},
	}
	for _, tt := range tests {
		_, err := ParseSummary(tt.lines)
		var e *Error
		var ill *shogi.IllegalMoveError
		if !errors.As(err, &e) || e.Line != tt.line || (tt.want != nil && !errors.Is(err, tt.want)) || (tt.want == nil && !errors.As(err, &ill)) {
			t.Errorf("%s: %v, want an *Error at line %d wrapping %v", tt.name, err, tt.line, tt.want)
			continue
		}
		if e.Line <= len(tt.lines) && e.Text != strings.TrimRight(tt.lines[e.Line-1], "\r") {
			t.Errorf("%s: text %q, line %d is %q", tt.name, e.Text, e.Line, tt.lines[e.Line-1])
		}
	}
}

func TestCommentRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		pieces := []string{"FU", "KY", "KE", "GI", "KI", "KA", "HI", "OU", "TO", "NY", "NK", "NG", "UM", "RY"}
		move := rapid.Custom(func(t *rapid.T) string {
			sign := rapid.SampledFrom([]string{"+", "-"}).Draw(t, "sign")
			from := "00"
			if rapid.Bool().Draw(t, "board") {
				from = string(rune('1'+rapid.IntRange(0, 8).Draw(t, "ff"))) + string(rune('1'+rapid.IntRange(0, 8).Draw(t, "fr")))
			}
			to := string(rune('1'+rapid.IntRange(0, 8).Draw(t, "tf"))) + string(rune('1'+rapid.IntRange(0, 8).Draw(t, "tr")))
			return sign + from + to + rapid.SampledFrom(pieces).Draw(t, "piece")
		})
		c := Comment{Score: rapid.IntRange(-1_000_000, 1_000_000).Draw(t, "score"), PV: rapid.SliceOfN(move, 0, 20).Draw(t, "pv")}
		if len(c.PV) == 0 {
			c.PV = nil
		}
		s, err := FormatComment(c)
		if err != nil {
			t.Fatal(err)
		}
		got, err := ParseComment(s)
		if err != nil {
			t.Fatalf("ParseComment(%q): %v", s, err)
		}
		if d := cmp.Diff(c, got); d != "" {
			t.Fatalf("round trip of %q (-want +got):\n%s", s, d)
		}
		m, err := ParseMessage("+7776FU,T1," + s)
		if err != nil || m.Comment == nil || cmp.Diff(c, *m.Comment) != "" {
			t.Fatalf("in a move: %v %+v", err, m.Comment)
		}
	})
}

func FuzzParseMessage(f *testing.F) {
	for _, s := range []string{"", "LOGIN:a OK", "START:g", "REJECT:g by b", "+7776FU,T12", "-3334FU,T1.234,'* 30 +2726FU",
		"%TORYO,T3", "#WIN", "#RESIGN", "##[LOGIN] +OK x1", "+0055KA,'* -3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		m, err := ParseMessage(line)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Line != 1 || e.Text != line || Code(err) == "" {
				t.Fatalf("error %v is not a coded *Error at line 1", err)
			}
			return
		}
		if m.Kind == 0 || m.Text != line {
			t.Fatalf("message %+v", m)
		}
		if m.Kind == KindMove && !notation.IsCSAMove(m.Move) {
			t.Fatalf("move %q", m.Move)
		}
		if m.Comment != nil {
			s, err := FormatComment(*m.Comment)
			if err != nil {
				t.Fatal(err)
			}
			if c, err := ParseComment(s); err != nil || cmp.Diff(*m.Comment, c) != "" {
				t.Fatalf("comment round trip %q: %v", s, err)
			}
		}
	})
}

func FuzzParseSummary(f *testing.F) {
	f.Add(summaryText)
	f.Add(strings.Replace(summaryText, "+\nEND Position", "+\n+2726FU,T12\n-3334FU,T1.5\nEND Position", 1))
	f.Add(strings.Replace(summaryText, "BEGIN Time\n", "BEGIN Time+\nTotal_Time:60\nEND Time+\nBEGIN Time\n", 1))
	f.Fuzz(func(t *testing.T, text string) {
		lines := strings.Split(text, "\n")
		s, err := ParseSummary(lines)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Line < 1 || e.Line > len(lines) {
				t.Fatalf("error %v does not name a line of %d", err, len(lines))
			}
			return
		}
		if s.GameID == "" || s.Start == nil || s.Position == nil || len(s.Moves) != len(s.Times) {
			t.Fatalf("summary %+v", s)
		}
	})
}

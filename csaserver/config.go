package csaserver

import (
	"time"

	"github.com/kifu-go/shogi"
)

// Config holds a [Server]'s options. The zero Config is usable: its zero fields take
// the defaults named beside them.
type Config struct {
	// Event is the first field of every Game_ID (shogi-server's event name);
	// "local" when empty. It must be an identifier ([ValidIdentifier]).
	Event string
	// MaxMoves is the move limit stated in the Game_Summary: the game is drawn
	// (#MAX_MOVES, #CENSORED) when the move that reaches it ends nothing else. 0 is
	// shogi-server's default of 256, a negative value no limit.
	MaxMoves int
	// LeastTimePerMove is the least time a move is charged (Least_Time_Per_Move),
	// in whole seconds; 0 by default, as floodgate.
	LeastTimePerMove time.Duration
	// TimeRoundup charges each move's time rounded up to the second instead of down
	// (Time_Roundup:YES).
	TimeRoundup bool
	// Declaration is the rule %KACHI is judged by: shogi.Rule27 (CSA's Jishogi 1.1,
	// the default) or shogi.Rule24.
	Declaration shogi.DeclarationRule
	// RematchOnDraw replays a game drawn by 千日手 or 持将棋 (a declaration that
	// draws under the 24-point rule) at once, with the colours reversed and each side
	// keeping the time it had left (Rematch_On_Draw:YES).
	RematchOnDraw bool

	// StartPosition, when not empty, is the SFEN of the position every game starts
	// from (a handicap, an opening, a composed position for tests); the even-game
	// start position when empty.
	StartPosition string

	// FloodgateGames are game names (NAME-TOTAL-BYOYOMI[F]) whose players are paired
	// on a schedule, every FloodgateEvery (30 minutes when zero), at random, instead
	// of as soon as two players ask for the same game.
	FloodgateGames []string
	FloodgateEvery time.Duration

	// RecordDir is where each game's CSA record (GAME_ID.csa) and the results log
	// (results.ndjson) are written; nothing is written when empty. Files are created
	// through an os.Root: nothing a client sends can make the server write outside it.
	RecordDir string

	// Log, when not nil, receives the server's events (never a password). It is
	// called from many goroutines, one event at a time.
	Log func(Event)

	// Limits. Zero takes the default beside each.
	MaxConnections int           // connections at once (1000); more are closed at once
	MaxGames       int           // games at once (500); more players wait
	MaxLine        int           // bytes in one line (csaproto.MaxLine, 64 KiB); a longer line drops the connection
	LoginTimeout   time.Duration // time to send LOGIN after connecting (30 s)
	IdleTimeout    time.Duration // silence allowed outside a game (15 min); the keep-alive line resets it
	LineTimeout    time.Duration // time a line may take once its first byte arrived (30 s): no slow loris
	WriteTimeout   time.Duration // time a write may block (30 s); a client that does not read is dropped
	AgreeTimeout   time.Duration // time both players have to AGREE (120 s, as shogi-server)
	LogoutGrace    time.Duration // time a plain-mode player may send LOGOUT after its game (10 s)
}

func (c Config) withDefaults() Config {
	def := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	if c.Event == "" {
		c.Event = "local"
	}
	switch {
	case c.MaxMoves == 0:
		c.MaxMoves = 256
	case c.MaxMoves < 0:
		c.MaxMoves = 0
	}
	if c.Declaration == 0 {
		c.Declaration = shogi.Rule27
	}
	def(&c.FloodgateEvery, 30*time.Minute)
	if c.MaxConnections <= 0 {
		c.MaxConnections = 1000
	}
	if c.MaxGames <= 0 {
		c.MaxGames = 500
	}
	if c.MaxLine <= 0 {
		c.MaxLine = 64 << 10
	}
	def(&c.LoginTimeout, 30*time.Second)
	def(&c.IdleTimeout, 15*time.Minute)
	def(&c.LineTimeout, 30*time.Second)
	def(&c.WriteTimeout, 30*time.Second)
	def(&c.AgreeTimeout, 120*time.Second)
	def(&c.LogoutGrace, 10*time.Second)
	return c
}

// Event is something that happened on the server, for its log.
type Event struct {
	Time   time.Time `json:"time"`
	Kind   string    `json:"event"` // listen, connect, login, wait, drop, logout, game, start, move, reject, end, error, stop
	Conn   string    `json:"conn,omitempty"`
	User   string    `json:"user,omitempty"`
	GameID string    `json:"game_id,omitempty"`
	// Detail says more: the reason of a drop, the result of a game, an error.
	Detail string `json:"detail,omitempty"`
	// A move event: the line echoed to the players ("+7776FU,T3") and the real time the
	// move took, from the echo of the move before it to the end of its line.
	Move    string        `json:"move,omitempty"`
	Elapsed time.Duration `json:"elapsed_ns,omitempty"`
}

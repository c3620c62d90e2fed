package tsume

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/kifu-go/shogi"
)

// Status is the answer of a search: mate, no mate, or unknown. Its machine code
// ("mate", "no-mate", "unknown") never changes; MarshalText writes it.
type Status uint8

const (
	Unknown Status = iota // unknown: a limit stopped the search before it decided
	Mate                  // mate: the attacker mates with a sequence of checks
	NoMate                // no-mate: proven, the attacker has no mate
)

var statusCodes = []string{Unknown: "unknown", Mate: "mate", NoMate: "no-mate"}

// Code returns the machine code of s: "mate", "no-mate" or "unknown"; "" for a value
// that is no status.
func (s Status) Code() string { return code(statusCodes, int(s)) }

// String returns the code of s, or "invalid".
func (s Status) String() string { return orInvalid(s.Code()) }

// MarshalText returns the code of s.
func (s Status) MarshalText() ([]byte, error) { return marshal(statusCodes, int(s), "status") }

// UnmarshalText sets s to the status whose code is text.
func (s *Status) UnmarshalText(text []byte) error {
	i, err := unmarshal(statusCodes, text, "status")
	if err == nil {
		*s = Status(i)
	}
	return err
}

// Stop says why a search stopped with [Unknown].
type Stop uint8

const (
	StopNone     Stop = iota // none: the search decided
	StopNodes                // node-limit: Options.Nodes was reached
	StopTime                 // time-limit: Options.Time ran out
	StopCanceled             // canceled: the context was canceled or its deadline passed
)

var stopCodes = []string{StopNone: "none", StopNodes: "node-limit", StopTime: "time-limit", StopCanceled: "canceled"}

// Code returns the machine code of s, such as "node-limit".
func (s Stop) Code() string { return code(stopCodes, int(s)) }

// String returns the code of s, or "invalid".
func (s Stop) String() string { return orInvalid(s.Code()) }

// MarshalText returns the code of s.
func (s Stop) MarshalText() ([]byte, error) { return marshal(stopCodes, int(s), "stop") }

// UnmarshalText sets s to the stop reason whose code is text.
func (s *Stop) UnmarshalText(text []byte) error {
	i, err := unmarshal(stopCodes, text, "stop")
	if err == nil {
		*s = Stop(i)
	}
	return err
}

// LineKind says what the line of a [Mate] result is worth.
type LineKind uint8

const (
	// LineNone: no line (the status is not Mate).
	LineNone LineKind = iota // none
	// LineTsume: the tsume line under the options' conventions, exact: the attacker's
	// shortest mate against the defender's longest resistance (see the package doc).
	LineTsume // tsume
	// LineProof: a mate, read from the proof the df-pn search found, when the tsume
	// line was not asked for (Options.AnyMate) or its search hit a limit first
	// (Options.LineNodes, Options.Time, or the context).
	// Every attacker move checks and every defender reply is answered, but the line
	// need not be the shortest mate nor the longest defence. After a tsume-line
	// search it is no longer than MaxLength (read from the proofs of that search,
	// it may end where the only replies are futile interpositions), unless the table
	// lost those proofs and they cost more to search again than the line is given
	// (see the package doc).
	LineProof // proof
	// LineLength: a line of the tsume length, exact, read with the depth-bounded df-pn
	// when it settled the length before the full-width tsume-line search did (which
	// hands over to it once a bound costs many nodes, or its share of Options.LineNodes
	// or of the time is spent): the attacker
	// mates as fast as he can and the defender resists as long as he can at every
	// ply, futile interpositions not counted, but ties of length are not broken by the
	// pieces left in hand (駒余り): the tie-break that follows (PreferNoLeftover) did
	// not finish within the limits, or was not asked for (IgnoreLeftover). When it
	// finishes, the line is LineTsume.
	LineLength // length
)

var lineCodes = []string{LineNone: "none", LineTsume: "tsume", LineProof: "proof", LineLength: "length"}

// Code returns the machine code of k: "none", "tsume", "proof" or "length".
func (k LineKind) Code() string { return code(lineCodes, int(k)) }

// String returns the code of k, or "invalid".
func (k LineKind) String() string { return orInvalid(k.Code()) }

// MarshalText returns the code of k.
func (k LineKind) MarshalText() ([]byte, error) { return marshal(lineCodes, int(k), "line kind") }

// UnmarshalText sets k to the line kind whose code is text.
func (k *LineKind) UnmarshalText(text []byte) error {
	i, err := unmarshal(lineCodes, text, "line kind")
	if err == nil {
		*k = LineKind(i)
	}
	return err
}

// Result is the answer of [Solver.Solve].
type Result struct {
	Status Status
	// Stop says which limit stopped an Unknown search; StopNone otherwise.
	Stop Stop
	// Moves is the mating line when Status is Mate, attacker's move first, in USI
	// when marshalled. Its length is the tsume length when Line is LineTsume or
	// LineLength. It is empty (LineNone) only when reading the line back from a table
	// too small to keep the proof, child by child, takes more than twice the nodes of
	// the search.
	Moves []shogi.Move
	// Line says what Moves is worth.
	Line LineKind
	// Undecided counts the interpositions the tsume-line search could not decide to be
	// futile or not within its budget (20 000 nodes each; 700 at the nodes of the
	// bounded df-pn with one or two plies left); it counted them as replies, so
	// when Undecided is not 0 the line may be longer than the tsume line: not when
	// MinLength is its length (the tests the bounds below it rest on were all decided,
	// and the others bear only on the choice between lines of that length). Tests of the
	// same position count once for each budget, those of the full-width search and of
	// the bounded df-pn alike (the second starts from the bounds the first found to
	// hold no mate). They are counted as well when the search stopped before it read a
	// line (LineProof): MinLength is then 0, as the bounds it proved to hold no mate
	// rest on replies that may be futile.
	Undecided int
	// MinLength and MaxLength bound the tsume length (the length of the tsume line,
	// under the options' conventions) as far as the searches proved it: the problem
	// has no mate shorter than MinLength and one within MaxLength plies; 0 when they
	// proved no bound. With LineTsume or LineLength, MaxLength is the line's length,
	// and so is MinLength unless a futility test was left undecided before the bounds
	// below it were proven to hold no mate. With LineProof,
	// MaxLength is the least bound within which the tsume-line search proved a mate,
	// or the length of the df-pn's proof with every reply counted, which bounds the
	// tsume length under every convention; MinLength is set when the tsume-line
	// search proved bounds to hold no mate, every futility test decided. So a
	// recorded solution longer than MaxLength mates too late (早詰) even when the
	// tsume length is not settled.
	MinLength, MaxLength int
	// Left is what the attacker holds in hand when the line ends (駒余り when not empty).
	Left shogi.Hand
	// Nodes counts the positions the df-pn search visited; LineNodes those of the
	// tsume-line search.
	Nodes     uint64
	LineNodes uint64
	// Time is how long the search took, the tsume line's and the reading of the line
	// included.
	Time time.Duration
}

// resultJSON is the JSON form of a Result, which shogi mate -json and shogi tsume -json
// write too.
type resultJSON struct {
	Status    Status   `json:"result"`
	Stop      Stop     `json:"stop"`
	Length    int      `json:"length"`
	Moves     []string `json:"moves"`
	Line      LineKind `json:"line"`
	Undecided int      `json:"undecided,omitempty"`
	MinLength int      `json:"min_length,omitempty"`
	MaxLength int      `json:"max_length,omitempty"`
	Left      string   `json:"left"`
	Nodes     uint64   `json:"nodes"`
	LineNodes uint64   `json:"line_nodes"`
	TimeMS    int64    `json:"time_ms"`
}

// MarshalJSON writes r as one object: {"result": "mate", "stop": "none", "length": 7,
// "moves": ["USI", …], "line": "tsume", "min_length": 7, "max_length": 7, "left": "-",
// "nodes": N, "line_nodes": N, "time_ms": N}; left is the attacker's hand at the end in
// SFEN style; undecided, min_length and max_length are left out when 0.
func (r Result) MarshalJSON() ([]byte, error) {
	moves := make([]string, len(r.Moves))
	for i, m := range r.Moves {
		moves[i] = m.String()
	}
	return json.Marshal(resultJSON{r.Status, r.Stop, len(r.Moves), moves, r.Line, r.Undecided, r.MinLength, r.MaxLength, r.Left.String(), r.Nodes, r.LineNodes, r.Time.Milliseconds()})
}

// UnmarshalJSON reads the object MarshalJSON writes, as shogi mate -json prints it
// (whose other fields it passes over) and as the "result" of shogi tsume -json's
// verdicts: a program reads either back into a Result. Time is read to the
// millisecond; length, which the moves give, is not read. A JSON null leaves r as it
// is, as encoding/json leaves a value. The object mate -json prints when no search ran
// ("result": "invalid", "io-error" or "skipped", a status no search answers) is an
// error: it holds no Result.
func (r *Result) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		return nil
	}
	var j resultJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return err
	}
	var moves []shogi.Move
	if len(j.Moves) > 0 {
		moves = make([]shogi.Move, len(j.Moves))
	}
	for i, text := range j.Moves {
		m, err := shogi.ParseUSIMove(text)
		if err != nil {
			return fmt.Errorf("tsume: move %d of the result: %w", i+1, err)
		}
		moves[i] = m
	}
	var left shogi.Hand
	if j.Left != "" { // an object without "left": an empty hand
		var err error
		if left, err = shogi.ParseHand(j.Left); err != nil {
			return fmt.Errorf("tsume: left of the result: %w", err)
		}
	}
	*r = Result{Status: j.Status, Stop: j.Stop, Moves: moves, Line: j.Line, Undecided: j.Undecided,
		MinLength: j.MinLength, MaxLength: j.MaxLength, Left: left, Nodes: j.Nodes, LineNodes: j.LineNodes,
		Time: time.Duration(j.TimeMS) * time.Millisecond}
	return nil
}

// Length returns the number of plies of the line.
func (r Result) Length() int { return len(r.Moves) }

// String sums r up: "mate in 7: 2c1b+ 1a1b …", "no mate", "unknown (node-limit)";
// a mate whose line was lost (LineNone) is "mate, no line" or, when its length is
// bounded, "mate, tsume length at most 21, no line" (it read "mate in 0:"), in the words
// shogi's commands give the bounds of the length in.
func (r Result) String() string {
	switch {
	case r.Status == Mate && len(r.Moves) == 0 && r.MaxLength > 0:
		return fmt.Sprintf("mate, tsume length at most %d, no line", r.MaxLength)
	case r.Status == Mate && len(r.Moves) == 0:
		return "mate, no line"
	}
	switch r.Status {
	case Mate:
		b := fmt.Appendf(nil, "mate in %d:", len(r.Moves))
		for _, m := range r.Moves {
			b = append(b, ' ')
			b = m.AppendText(b)
		}
		return string(b)
	case NoMate:
		return "no mate"
	}
	return "unknown (" + r.Stop.Code() + ")"
}

func code(codes []string, i int) string {
	if i >= 0 && i < len(codes) {
		return codes[i]
	}
	return ""
}

func orInvalid(c string) string {
	if c == "" {
		return "invalid"
	}
	return c
}

func marshal(codes []string, i int, what string) ([]byte, error) {
	if i < 0 || i >= len(codes) {
		return nil, fmt.Errorf("tsume: invalid %s %d", what, i)
	}
	return []byte(codes[i]), nil
}

func unmarshal(codes []string, text []byte, what string) (int, error) {
	for i, c := range codes {
		if c == string(text) {
			return i, nil
		}
	}
	return 0, fmt.Errorf("tsume: unknown %s code %q", what, text)
}

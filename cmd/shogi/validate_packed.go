package main

// shogi validate on files of packed training entries (package packed): HCP, HCPE,
// PackedSfen and PSV, told by their extension (.hcp, .hcpe, .psfen, .psv; found in a
// directory too) or by -from. A file is judged as one record: it is valid when every
// entry decodes to a legal position, its move (HCPE, PSV; 0 is no move) is legal there
// and its fields are in range, and when the results agree within each game the file
// shows:
//   - PSV: consecutive entries whose gamePly goes up by one and whose side to move
//     changes are one game; their results (from the side to move's view) must be the
//     same game's result, so each is the other's negation (0 stays 0). A file written
//     with gaps (positions filtered out or de-duplicated) is checked where it has none.
//   - HCPE: no game boundaries and no ply; consecutive entries where the second
//     position is the first after its move are one game, and their results (from
//     Black's view: 0, 1, 2) must be equal.
//   - HCP and PackedSfen hold positions alone: nothing to compare.
// An empty file is passed over, as an input without a record. The verdict's moves
// count the entries (a truncated one too); a bad entry is named by its index and byte
// offset, with its position when it decodes, and the verdict says how many more are
// bad.

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/packed"
	"github.com/kifu-go/shogi/record"
)

// packedFormats are the packed formats by their names, which are also their extensions.
var packedFormats = map[string]packed.Format{
	"hcp": packed.FormatHCP, "hcpe": packed.FormatHCPE, "psfen": packed.FormatPackedSfen, "psv": packed.FormatPSV,
}

// packedFromFlag takes a packed format out of -from, where the record formats'
// parser would refuse it, and returns it; 0 when -from names none.
func packedFromFlag(rf *readFlags) packed.Format {
	f := packedFormats[*rf.from]
	if f != 0 {
		*rf.from = ""
	}
	return f
}

// packedInput returns the packed format of the input e: from when -from named one
// (every input is then read as it), else its extension's; 0 for a record input. An
// input that cannot be reached, or is passed over for another reason than its
// extension, is left to the record path.
func packedInput(e record.Entry, from packed.Format) packed.Format {
	if e.Err != nil || e.Skipped != "" && e.Skipped != "no record extension" {
		return 0
	}
	if from != 0 {
		return from
	}
	return packedFormats[strings.TrimPrefix(strings.ToLower(filepath.Ext(e.Path)), ".")]
}

// errInconsistentResult is the cause of an entry whose result disagrees with the
// entry before it, of the same game.
var errInconsistentResult = errors.New("inconsistent result")

// maxBadListed bounds the bad entries a verdict counts past the first.
const maxBadListed = 1 << 20

// validatePacked judges the packed file of the input e, read as format f, and emits its
// verdict.
func validatePacked(e record.Entry, stdin io.Reader, f packed.Format, emit func(validation)) {
	var in io.Reader
	switch {
	case e.Open != nil:
		rc, err := e.Open()
		if err != nil {
			emit(validationOf(record.InputErrorReport(e.Path, err)))
			return
		}
		defer rc.Close()
		in = rc
	case e.Path == "-":
		if stdin == nil {
			emit(validationOf(record.InputErrorReport(e.Path, errors.New("no standard input"))))
			return
		}
		in = stdin
	default:
		file, err := os.Open(e.Path)
		if err == nil {
			if info, serr := file.Stat(); serr == nil && info.IsDir() {
				file.Close()
				err = &os.PathError{Op: "read", Path: e.Path, Err: errors.New("is a directory")}
			}
		}
		if err != nil {
			emit(validationOf(record.InputErrorReport(e.Path, err)))
			return
		}
		defer file.Close()
		in = file
	}
	var j packedJudge
	switch f {
	case packed.FormatHCP:
		judgePacked[packed.HCP](&j, in, nil)
	case packed.FormatPackedSfen:
		judgePacked[packed.PackedSfen](&j, in, nil)
	case packed.FormatHCPE:
		judgePacked(&j, in, hcpeSameGame)
	case packed.FormatPSV:
		judgePacked(&j, in, psvSameGame)
	}
	emit(j.verdict(e.Path, f))
}

// packedJudge is what the check of a file found.
type packedJudge struct {
	entries int64
	first   error  // the first bad entry, an *packed.Error
	sfen    string // its position, when it decodes
	more    int64  // the bad entries after it
	ioErr   error  // a read error that ended the file
}

// bad notes a bad entry.
func (j *packedJudge) bad(err error, pos *shogi.Position) {
	if j.first != nil {
		j.more = min(j.more+1, maxBadListed)
		return
	}
	j.first = err
	if pos != nil {
		j.sfen = pos.String()
	}
}

// judgePacked reads every entry of in into one position (packed.Reader.ReusePosition);
// sameGame, when not nil, checks an entry's result against the entry before it (both
// valid), returning a message when they disagree.
func judgePacked[E packed.Entry](j *packedJudge, in io.Reader, sameGame func(prev, cur *E, before gameLink, curPos *shogi.Position) string) {
	r := packed.NewReader[E](in)
	r.ReusePosition = true
	var prev E
	var before gameLink // of prev; prev is valid when before.ok
	format := packed.FormatOf[E]()
	size := int64(format.Size())
	for index := int64(0); ; index++ {
		e, err := r.Read()
		if err == io.EOF {
			return
		}
		j.entries++
		if err != nil {
			var pe *packed.Error
			if errors.As(err, &pe) && packed.Code(pe.Err) == "io" {
				j.entries--
				j.ioErr = err
				return
			}
			j.bad(err, nil)
			before = gameLink{}
			continue
		}
		pos, move := r.Position(), r.Move()
		if sameGame != nil && before.ok {
			if msg := sameGame(&prev, &e, before, pos); msg != "" {
				j.bad(&packed.Error{Format: format, Index: index, Offset: index * size, Err: fmt.Errorf("%w: %s", errInconsistentResult, msg)}, pos)
			}
		}
		// The reader overwrites pos with the next entry: keep what the check needs.
		prev, before = e, gameLink{ok: true, side: pos.SideToMove()}
		if move != shogi.NoMove && format == packed.FormatHCPE {
			pos.PlayUnchecked(move) // the reader checked it legal there
			before.next, before.hasNext = pos.Hash(), true
			pos.Undo()
		}
	}
}

// gameLink is what the check of an entry's result keeps of the valid entry before it.
type gameLink struct {
	ok      bool        // there is such an entry
	side    shogi.Color // the side to move in its position
	next    uint64      // HCPE: the hash of its position after its move, when hasNext
	hasNext bool
}

// psvSameGame: consecutive plies of one game (gamePly up by one, the side to move
// changed) have results that are each other's negation.
func psvSameGame(prev, cur *packed.PSV, before gameLink, curPos *shogi.Position) string {
	if cur.GamePly != prev.GamePly+1 || curPos.SideToMove() == before.side {
		return ""
	}
	if cur.Result != -prev.Result {
		return fmt.Sprintf("result %d at gamePly %d after %d at gamePly %d of the same game (from the other side's view, so want %d)",
			cur.Result, cur.GamePly, prev.Result, prev.GamePly, -prev.Result)
	}
	return ""
}

// hcpeSameGame: an entry whose position is the one before it after its move is of the
// same game, and has the same result.
func hcpeSameGame(prev, cur *packed.HCPE, before gameLink, curPos *shogi.Position) string {
	if !before.hasNext || prev.Result == cur.Result || before.next != curPos.Hash() {
		return ""
	}
	return fmt.Sprintf("result %d after %d: the position follows the entry before by its move, in the same game", cur.Result, prev.Result)
}

// verdict returns the verdict on the file at path.
func (j *packedJudge) verdict(path string, f packed.Format) validation {
	if j.ioErr != nil {
		return validationOf(record.InputErrorReport(path, j.ioErr))
	}
	if j.entries == 0 { // as an empty record file: nothing checked
		return validationOf(record.SkippedReport(path, "no entry in it"))
	}
	v := validation{record.Report{Path: path, Format: f.String(), OK: j.first == nil, Moves: int(j.entries), SFEN: j.sfen}}
	if j.first != nil {
		v.Error = j.first.Error()
		v.Code = packed.Code(j.first)
		if errors.Is(j.first, errInconsistentResult) {
			v.Code = "inconsistent-result"
		}
		if j.more > 0 {
			v.Error += fmt.Sprintf(" (and %d more bad %s)", j.more, entryNoun(j.more))
		}
	}
	return v
}

// counted is a verdict's count with what it counts, in number: entries of a packed file
// ("1 entry", "40 entries"), else moves ("1 move", "25 moves"), as the summaries say them.
func counted(n int, format string) string {
	if packedFormats[format] == 0 {
		return plural(n, "move")
	}
	return strconv.Itoa(n) + " " + entryNoun(int64(n))
}

// entryNoun is "entry" or "entries", as n says (plural adds an s).
func entryNoun(n int64) string {
	if n == 1 {
		return "entry"
	}
	return "entries"
}

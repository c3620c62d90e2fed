// Package archive writes a test archive of shogi game records, made from real records,
// for the pipeline's tests and for measuring it: thousands of games in KIF, KI2, CSA,
// JKF, USI and SFEN, in UTF-8 (some with a BOM) and Shift_JIS, one record per file or
// many (multi-game CSA files, JSON Lines of JKF, files of USI lines and of SFENs), some
// broken on purpose, some written more than once, and a few empty files. A Manifest
// says what it wrote, so that a test can check the counts of a run.
//
// The games are the source records, copied byte for byte, and games derived from them:
// a source game's first moves followed by random legal moves, with an ending the rules
// allow. The same Options give the same archive.
package archive

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/text/encoding/japanese"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/handicap"
	"github.com/kifu-go/shogi/record"
)

// Options say what to write.
type Options struct {
	// Records is the number of records to write, at least; 0 means 10 000.
	Records int
	// Seed chooses the games; the same seed gives the same archive.
	Seed uint64
	// Sources is a directory of record files (walked as shogi validate walks it): the
	// repository's testdata/records.
	Sources string
}

// Ref is one record of the archive: its file's path and its 1-based index in it.
type Ref struct {
	Path   string
	Record int
}

// Manifest says what Generate wrote.
type Manifest struct {
	// Files is the number of files, Records the number of records in them.
	Files   int
	Records int
	// Invalid is the number of records broken on purpose, Codes the code of the error
	// each of them gets ("syntax", "no-piece", "false-mate").
	Invalid int
	Codes   map[string]int
	// Empty is the number of files that hold no record.
	Empty int
	// Warnings counts the warnings of the valid records by code: "unrecorded-mate" for a
	// game that ends in a mate it does not state (USI and SFEN never state one).
	Warnings map[string]int
	// Handicaps counts the valid records by start position: a handicap's Japanese name,
	// or "other".
	Handicaps map[string]int
	// Duplicates lists the games written more than once, each as the sorted places of
	// its records, the groups sorted by their first place.
	Duplicates [][]Ref
	// Formats counts the records by format; ShiftJIS and BOM count the files written
	// in Shift_JIS and the UTF-8 files that start with a byte order mark; MultiRecord
	// counts the files of several records.
	Formats     map[string]int
	ShiftJIS    int
	BOM         int
	MultiRecord int
}

// Generate writes an archive into dir, which should be empty, in subdirectories two
// levels deep: every file matches the pattern dir/*/*/*.
func Generate(dir string, o Options) (*Manifest, error) {
	if o.Records == 0 {
		o.Records = 10000
	}
	g := &generator{
		dir: dir, rng: rand.New(rand.NewPCG(o.Seed, o.Seed^0x9e3779b97f4a7c15)),
		seen: map[string]bool{}, games: map[string][]Ref{},
		m: &Manifest{Codes: map[string]int{}, Warnings: map[string]int{}, Handicaps: map[string]int{}, Formats: map[string]int{}},
	}
	if err := g.loadSources(o.Sources); err != nil {
		return nil, err
	}
	if err := g.writeVerbatim(); err != nil {
		return nil, err
	}
	if err := g.writeEmpty(); err != nil {
		return nil, err
	}
	if err := g.writeMultiRecordFiles(o.Records); err != nil {
		return nil, err
	}
	for i := 0; g.m.Records < o.Records; i++ {
		if err := g.writeSingle(i); err != nil {
			return nil, err
		}
	}
	for _, refs := range g.games {
		if len(refs) > 1 {
			slices.SortFunc(refs, compareRefs)
			g.m.Duplicates = append(g.m.Duplicates, refs)
		}
	}
	slices.SortFunc(g.m.Duplicates, func(a, b []Ref) int { return compareRefs(a[0], b[0]) })
	return g.m, nil
}

func compareRefs(a, b Ref) int {
	if c := strings.Compare(a.Path, b.Path); c != 0 {
		return c
	}
	return a.Record - b.Record
}

type generator struct {
	dir     string
	rng     *rand.Rand
	sources []source
	seen    map[string]bool  // the games written, by identity
	games   map[string][]Ref // the valid records of each game, by identity
	m       *Manifest
}

// source is a file of the sources whose records are all valid.
type source struct {
	path    string
	data    []byte
	format  record.Format
	records []*shogi.Record
}

func (g *generator) loadSources(dir string) error {
	for e := range record.Walk(dir) {
		if e.Err != nil {
			return e.Err
		}
		if e.Skipped != "" {
			continue
		}
		data, err := os.ReadFile(e.Path)
		if err != nil {
			return err
		}
		r := record.NewReader(bytes.NewReader(data))
		r.Name = e.Path
		src := source{path: e.Path, data: data}
		valid := true
		for v := range record.Validate(r) {
			valid = valid && v.Valid() && len(v.Warnings()) == 0
			src.records = append(src.records, v.Record)
			src.format = v.Source.Format
		}
		if valid && len(src.records) > 0 {
			g.sources = append(g.sources, src)
		}
	}
	if len(g.sources) == 0 {
		return fmt.Errorf("archive: no valid record in %s", dir)
	}
	return nil
}

// identity is what makes two records the same game: the start position (without the
// move number) and the main line's moves.
func identity(rec *shogi.Record) string {
	var b strings.Builder
	start, err := rec.StartPosition()
	if err != nil {
		return "invalid start " + rec.StartSFEN
	}
	fields := strings.Fields(start.String())
	b.WriteString(strings.Join(fields[:3], " "))
	for _, m := range rec.Moves() {
		b.WriteByte(' ')
		b.WriteString(m.String())
	}
	return b.String()
}

// unrecordedMate reports whether rec, written in format, ends in a mate it does not
// state.
func unrecordedMate(rec *shogi.Record, format record.Format) bool {
	if rec.Ending() != nil && format != record.USI && format != record.SFEN {
		return false
	}
	p, err := rec.StartPosition()
	if err != nil {
		return false
	}
	for _, m := range rec.Moves() {
		p.PlayUnchecked(m)
	}
	return !p.HasLegalMove()
}

func handicapOf(rec *shogi.Record) string {
	if start, err := rec.StartPosition(); err == nil {
		if h, ok := handicap.Identify(start); ok {
			return h.String()
		}
	}
	return "other"
}

// valid notes a valid record written at ref.
func (g *generator) valid(rec *shogi.Record, ref Ref, format record.Format) {
	g.m.Records++
	g.m.Formats[format.String()]++
	g.m.Handicaps[handicapOf(rec)]++
	if unrecordedMate(rec, format) {
		g.m.Warnings["unrecorded-mate"]++
	}
	id := identity(rec)
	g.seen[id] = true
	g.games[id] = append(g.games[id], ref)
}

// invalid notes a record broken on purpose, with the code of its error.
func (g *generator) invalid(code string, format record.Format) {
	g.m.Records++
	g.m.Invalid++
	g.m.Codes[code]++
	g.m.Formats[format.String()]++
}

func (g *generator) writeFile(rel string, data []byte) (string, error) {
	path := filepath.Join(g.dir, rel)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return "", err
	}
	if _, err := os.Stat(path); err == nil {
		return "", fmt.Errorf("archive: %s written twice", path)
	}
	g.m.Files++
	return path, os.WriteFile(path, data, 0o644)
}

// writeVerbatim copies every source file, byte for byte, to two places.
func (g *generator) writeVerbatim() error {
	for _, copyDir := range []string{"verbatim/a", "verbatim/b"} {
		for i, src := range g.sources {
			path, err := g.writeFile(filepath.Join(copyDir, fmt.Sprintf("%02d-%s", i, filepath.Base(src.path))), src.data)
			if err != nil {
				return err
			}
			if len(src.records) > 1 {
				g.m.MultiRecord++
			}
			for j, rec := range src.records {
				g.valid(rec, Ref{path, j + 1}, src.format)
			}
		}
	}
	return nil
}

// writeEmpty writes two files that hold no record.
func (g *generator) writeEmpty() error {
	for name, text := range map[string]string{"empty/x/blank.kif": "\n\n", "empty/x/comments.csa": "' nothing but a comment\n"} {
		if _, err := g.writeFile(name, []byte(text)); err != nil {
			return err
		}
		g.m.Empty++
	}
	return nil
}

// writeMultiRecordFiles writes files of many records: CSA, JSON Lines of JKF, USI
// lines and SFENs, about a fifth of the records in all, some broken.
func (g *generator) writeMultiRecordFiles(total int) error {
	per := max(total/50, 4) // records per file
	plan := []struct {
		format record.Format
		files  int
	}{{record.CSA, 6}, {record.JKF, 2}, {record.USI, 2}, {record.SFEN, 1}}
	for _, p := range plan {
		for i := range p.files {
			if err := g.writeMulti(p.format, i, per); err != nil {
				return err
			}
		}
	}
	return nil
}

func (g *generator) writeMulti(format record.Format, n, count int) error {
	shiftJIS := format == record.CSA && n%2 == 1
	rel := fmt.Sprintf("multi/%s/games-%d%s", format, n, format.Extension())
	path := filepath.Join(g.dir, rel)
	var buf bytes.Buffer
	type pending struct {
		rec  *shogi.Record
		code string // "" for a valid record
	}
	var written []pending
	for len(written) < count {
		rec, end := g.derive()
		if rec == nil {
			continue
		}
		if (format == record.USI || format == record.SFEN) && !strictlyValid(rec.StartSFEN, end) {
			continue // the USI and SFEN readers take only positions that can arise in a game
		}
		if format == record.SFEN {
			// An SFEN record is a position without moves: the one the game reached.
			rec = &shogi.Record{StartSFEN: end.String()}
			if g.seen[identity(rec)] {
				continue
			}
		}
		code := ""
		if format != record.SFEN && len(written)%23 == 7 && len(rec.Moves()) > 0 {
			code = "no-piece"
		}
		var text []byte
		var err error
		if code != "" {
			text, err = g.breakWithIllegalMove(rec, format, shiftJIS)
		} else {
			text, err = marshal(rec, format, shiftJIS)
		}
		if err != nil {
			continue // a header the format cannot hold: derive another game
		}
		if format == record.CSA && len(written) > 0 {
			buf.WriteString("/\n")
		}
		buf.Write(text)
		if code == "" {
			g.seen[identity(rec)] = true
		}
		written = append(written, pending{rec, code})
	}
	if _, err := g.writeFile(rel, buf.Bytes()); err != nil {
		return err
	}
	g.m.MultiRecord++
	if shiftJIS {
		g.m.ShiftJIS++
	}
	for i, w := range written {
		if w.code != "" {
			g.invalid(w.code, format)
		} else {
			g.valid(w.rec, Ref{path, i + 1}, format)
		}
	}
	return nil
}

// writeSingle writes the i-th file of one record: a derived game in KIF, KI2, CSA or
// JKF, in UTF-8 or Shift_JIS, valid or broken, and now and then the same game again
// under another path.
func (g *generator) writeSingle(i int) error {
	rec, end := g.derive()
	if rec == nil {
		return nil
	}
	formats := []record.Format{record.KIF, record.KIF, record.KIF, record.KI2, record.KI2, record.CSA, record.CSA, record.JKF}
	format := formats[g.rng.IntN(len(formats))]
	shiftJIS := format != record.JKF && g.rng.IntN(2) == 0
	bom := !shiftJIS && format != record.JKF && g.rng.IntN(8) == 0
	dirOf := func(f record.Format, n int) string {
		return fmt.Sprintf("single/%s-%03d/g%05d%s", f, n/500, n, f.Extension())
	}
	rel := dirOf(format, i)

	broken := ""
	switch r := g.rng.IntN(100); {
	case r < 2 && len(rec.Moves()) > 0 && !end.InCheck() && end.HasLegalMove():
		broken = "false-mate"
	case r < 5 && len(rec.Moves()) >= 2 && format != record.JKF:
		broken = "syntax"
	case r < 5 && format == record.JKF:
		broken = "syntax"
	}
	var text []byte
	var err error
	switch broken {
	case "false-mate":
		setEnding(rec, &shogi.Ending{Kind: shogi.EndMate, Result: shogi.ResultOf(shogi.EndMate, end.SideToMove())})
		text, err = marshal(rec, format, shiftJIS)
	case "syntax":
		text, err = g.breakSyntax(rec, format, shiftJIS)
	default:
		text, err = marshal(rec, format, shiftJIS)
	}
	if err != nil {
		return nil // a header the format cannot hold: the next file derives another game
	}
	if bom {
		text = append([]byte("\ufeff"), text...)
		g.m.BOM++
	}
	path, err := g.writeFile(rel, text)
	if err != nil {
		return err
	}
	if shiftJIS {
		g.m.ShiftJIS++
	}
	if broken != "" {
		g.invalid(broken, format)
		return nil
	}
	g.valid(rec, Ref{path, 1}, format)

	// One game in thirty is written again, byte for byte elsewhere or in another format;
	// one in three of those a third time.
	for copies, chance := 0, 30; copies < 2 && g.rng.IntN(chance) == 0; copies, chance = copies+1, 3 {
		again := formats[g.rng.IntN(len(formats))]
		data := text
		if again != format {
			if data, err = marshal(rec, again, false); err != nil {
				break
			}
		}
		path, err := g.writeFile(fmt.Sprintf("copies/%d/g%05d%s", copies, i, again.Extension()), data)
		if err != nil {
			return err
		}
		switch {
		case again == format && shiftJIS:
			g.m.ShiftJIS++
		case again == format && bom:
			g.m.BOM++
		}
		g.valid(rec, Ref{path, 1}, again)
	}
	return nil
}

// derive makes a game that was not written yet: the first moves of a source game, then
// random legal moves, then an ending the rules allow. It returns the record and the
// position it reaches, or nil when it found only games written already.
func (g *generator) derive() (*shogi.Record, *shogi.Position) {
	for range 20 {
		src := g.sources[g.rng.IntN(len(g.sources))]
		base := src.records[g.rng.IntN(len(src.records))]
		p, err := base.StartPosition()
		if err != nil {
			continue
		}
		moves := base.Moves()
		moves = slices.Clone(moves[:g.rng.IntN(len(moves)+1)])
		for _, m := range moves {
			p.PlayUnchecked(m)
		}
		for range g.rng.IntN(40) {
			legal := p.LegalMoves()
			if len(legal) == 0 || p.RepetitionCount() > 1 {
				break
			}
			m := legal[g.rng.IntN(len(legal))]
			p.PlayUnchecked(m)
			moves = append(moves, m)
		}
		rec := &shogi.Record{Header: slices.Clone(base.Header), StartSFEN: base.StartSFEN}
		n := &rec.Root
		for _, m := range moves {
			n = n.AddChild(m)
		}
		if g.seen[identity(rec)] {
			continue
		}
		var end *shogi.Ending
		switch k := g.rng.IntN(4); {
		case !p.HasLegalMove() && k == 0:
			// The mate goes unrecorded: a warning, "unrecorded-mate".
		case !p.HasLegalMove():
			end = &shogi.Ending{Kind: shogi.EndMate}
		case k == 0:
			end = &shogi.Ending{Kind: shogi.EndResign}
		case k == 1:
			end = &shogi.Ending{Kind: shogi.EndInterrupt}
		case k == 2:
			end = &shogi.Ending{Kind: shogi.EndTimeUp}
		}
		if end != nil && len(moves) > 0 {
			end.Result = shogi.ResultOf(end.Kind, p.SideToMove())
			setEnding(rec, end)
		}
		return rec, p
	}
	return nil, nil
}

// strictlyValid reports whether the start position and the end position are positions
// that can arise in a game (a tsume problem's may not: nine pawns on a file, say).
func strictlyValid(start string, end *shogi.Position) bool {
	if _, err := shogi.ParseSFEN(start); err != nil {
		return false
	}
	_, err := shogi.ParseSFEN(end.String())
	return err == nil
}

// setEnding ends the main line of rec with end.
func setEnding(rec *shogi.Record, end *shogi.Ending) {
	n := &rec.Root
	for len(n.Children) > 0 {
		n = n.Children[0]
	}
	if n != &rec.Root {
		n.End = end
	}
}

func marshal(rec *shogi.Record, format record.Format, shiftJIS bool) ([]byte, error) {
	var buf bytes.Buffer
	w := record.NewWriter(&buf, format)
	w.ShiftJIS = shiftJIS
	if err := w.Write(rec); err != nil {
		return nil, err
	}
	if err := w.Flush(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// kifMoveLine matches the move lines of KIF as the writer writes them: "  12 ７六歩(77)".
var kifMoveLine = regexp.MustCompile(`^(\s*)([0-9]+)(\s+)(\S+)`)

// breakSyntax writes rec with a move that cannot be read in the middle of its main
// line (KIF, KI2, CSA), or as JSON cut short (JKF): an error of code "syntax".
func (g *generator) breakSyntax(rec *shogi.Record, format record.Format, shiftJIS bool) ([]byte, error) {
	text, err := marshal(rec, format, shiftJIS)
	if err != nil {
		return nil, err
	}
	if format == record.JKF {
		return text[:len(text)/2], nil
	}
	if shiftJIS {
		if text, err = japanese.ShiftJIS.NewDecoder().Bytes(text); err != nil {
			return nil, err
		}
	}
	moves := len(rec.Moves())
	ply := 1 + g.rng.IntN(max(moves-1, 1)) // a move before the last: another follows it
	var b strings.Builder
	done := false
	switch format {
	case record.KIF:
		// "  12 ７六歩(77) …" becomes "  12 ＸＸＸ".
		for line := range strings.Lines(string(text)) {
			if sub := kifMoveLine.FindStringSubmatch(line); !done && sub != nil && sub[2] == strconv.Itoa(ply) {
				line, done = sub[1]+sub[2]+sub[3]+"ＸＸＸ\n", true
			}
			b.WriteString(line)
		}
	case record.KI2:
		// The ply-th move, "△３四歩", becomes "△ＸＸＸ": on the lines of moves, which
		// start with a mark (a header may hold marks too: 消費時間：120▲329△329).
		seen := 0
		for line := range strings.Lines(string(text)) {
			if !strings.HasPrefix(line, "▲") && !strings.HasPrefix(line, "△") {
				b.WriteString(line)
				continue
			}
			skipping := false
			for _, r := range line {
				switch {
				case r == '▲' || r == '△':
					seen++
					skipping = false
					if seen == ply {
						b.WriteRune(r)
						b.WriteString("ＸＸＸ")
						skipping, done = true, true
						continue
					}
				case skipping && (r == ' ' || r == '　' || r == '\n' || r == '\r'):
					skipping = false
				case skipping:
					continue
				}
				b.WriteRune(r)
			}
		}
	case record.CSA:
		// A line "+XXXX" after the ply-th move.
		seen := 0
		for line := range strings.Lines(string(text)) {
			b.WriteString(line)
			if len(line) > 5 && (line[0] == '+' || line[0] == '-') && line[1] >= '0' && line[1] <= '9' {
				if seen++; seen == ply {
					b.WriteString(line[:1] + "XXXX\n")
					done = true
				}
			}
		}
	}
	if !done {
		return nil, fmt.Errorf("archive: no move %d to break in %s", ply, format)
	}
	if shiftJIS {
		return japanese.ShiftJIS.NewEncoder().Bytes([]byte(b.String()))
	}
	return []byte(b.String()), nil
}

// breakWithIllegalMove writes rec (CSA, JKF or USI) with one more move, from an empty
// square: an error of code "no-piece". CSA is written in Shift_JIS when shiftJIS is set.
func (g *generator) breakWithIllegalMove(rec *shogi.Record, format record.Format, shiftJIS bool) ([]byte, error) {
	p, err := rec.StartPosition()
	if err != nil {
		return nil, err
	}
	for _, m := range rec.Moves() {
		p.PlayUnchecked(m)
	}
	var from, to shogi.Square
	for s := shogi.Square(1); s <= shogi.NumSquares; s++ {
		if p.PieceAt(s) == shogi.NoPiece && s.Rank() > 1 && s.Rank() < 9 {
			from, to = s, shogi.NewSquare(s.File(), s.Rank()-1)
			break
		}
	}
	bad := shogi.NewMove(from, to, false)
	broken := &shogi.Record{Header: rec.Header, StartSFEN: rec.StartSFEN}
	n := &broken.Root
	for _, m := range rec.Moves() {
		n = n.AddChild(m)
	}
	switch format {
	case record.USI:
		text, err := marshal(broken, format, false)
		if err != nil {
			return nil, err
		}
		line := strings.TrimSuffix(string(text), "\n")
		if !strings.Contains(line, " moves") {
			line += " moves"
		}
		return []byte(line + " " + bad.String() + "\n"), nil
	case record.CSA:
		text, err := marshal(broken, format, shiftJIS)
		if err != nil {
			return nil, err
		}
		sign := "+"
		if p.SideToMove() == shogi.White {
			sign = "-"
		}
		return fmt.Appendf(text, "%s%d%d%d%dFU\n", sign, from.File(), from.Rank(), to.File(), to.Rank()), nil
	case record.JKF:
		// JKF moves name their piece: a pawn that is not on its square is the error.
		text, err := marshal(broken, format, false)
		if err != nil {
			return nil, err
		}
		color := 0
		if p.SideToMove() == shogi.White {
			color = 1
		}
		entry := fmt.Sprintf(`{"move":{"color":%d,"from":{"x":%d,"y":%d},"to":{"x":%d,"y":%d},"piece":"FU"}}`,
			color, from.File(), from.Rank(), to.File(), to.Rank())
		s := strings.TrimRight(string(text), "\n")
		i := strings.LastIndex(s, "]")
		if i < 0 {
			return nil, errors.New("archive: no moves array")
		}
		return []byte(s[:i] + "," + entry + s[i:] + "\n"), nil
	}
	return nil, fmt.Errorf("archive: cannot break %s with an illegal move", format)
}

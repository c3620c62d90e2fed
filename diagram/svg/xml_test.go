package svg

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/kifu-go/shogi"
	"pgregory.net/rapid"
)

// tb is what the checks need of a *testing.T or a *rapid.T.
type tb interface {
	Helper()
	Fatal(args ...any)
	Fatalf(format string, args ...any)
}

const svgNS = "http://www.w3.org/2000/svg"

// svgAttributes are the attributes each element the package writes may have, all of
// them SVG 1.1 presentation or geometry attributes.
var svgAttributes = map[string]map[string]bool{
	"svg":     set("xmlns", "version", "width", "height", "viewBox"),
	"title":   set(),
	"rect":    set("x", "y", "width", "height", "rx", "fill", "fill-opacity", "stroke", "stroke-width"),
	"g":       set("font-family", "text-anchor", "fill", "font-size", "transform"),
	"path":    set("d", "fill", "stroke", "stroke-width", "stroke-linejoin"),
	"circle":  set("cx", "cy", "r", "fill"),
	"text":    set("x", "y", "font-size", "font-weight", "fill"),
	"polygon": set("points", "fill", "fill-opacity", "stroke-linejoin"),
}

// numeric are the attributes whose values are plain numbers.
var numeric = set("width", "height", "x", "y", "rx", "cx", "cy", "r", "stroke-width", "font-size", "fill-opacity")

func set(names ...string) map[string]bool {
	m := make(map[string]bool)
	for _, n := range names {
		m[n] = true
	}
	return m
}

// element is a parsed element of a picture.
type element struct {
	name     string
	attrs    map[string]string
	text     string
	children []*element
}

// parseSVG parses a picture with encoding/xml and checks the structure every picture
// must have: one <svg> root in the SVG namespace, version 1.1, its size and viewBox,
// only the elements and attributes of svgAttributes, numbers where numbers belong,
// inside the picture, and nothing that refers outside it (unless callerText: then
// colours and fonts are text from the caller, whatever it says).
func parseSVG(t tb, data []byte, callerText bool) *element {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.Strict = true
	var stack []*element
	var root *element
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not XML: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			if tok.Name.Space != svgNS {
				t.Fatalf("element %s in namespace %q, want %s", tok.Name.Local, tok.Name.Space, svgNS)
			}
			allowed, ok := svgAttributes[tok.Name.Local]
			if !ok {
				t.Fatalf("element <%s> is not one the package writes", tok.Name.Local)
			}
			e := &element{name: tok.Name.Local, attrs: make(map[string]string)}
			for _, a := range tok.Attr {
				name := a.Name.Local
				if a.Name.Space == "xmlns" || a.Name.Space != "" && a.Name.Space != svgNS {
					t.Fatalf("<%s> has the attribute %s:%s", e.name, a.Name.Space, name)
				}
				if !allowed[name] {
					t.Fatalf("<%s> has the attribute %s", e.name, name)
				}
				if !callerText && (strings.Contains(a.Value, "url(") || name != "xmlns" && strings.Contains(a.Value, "//")) {
					t.Fatalf("<%s %s=%q> refers outside the picture", e.name, name, a.Value)
				}
				e.attrs[name] = a.Value
			}
			if root == nil {
				root = e
			} else if len(stack) == 0 {
				t.Fatal("a second root element")
			} else {
				parent := stack[len(stack)-1]
				parent.children = append(parent.children, e)
			}
			stack = append(stack, e)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) > 0 {
				stack[len(stack)-1].text += string(tok)
			} else if strings.TrimSpace(string(tok)) != "" {
				t.Fatalf("text outside the root: %q", tok)
			}
		case xml.ProcInst, xml.Directive, xml.Comment:
			t.Fatalf("unexpected %T", tok)
		}
	}
	if root == nil || root.name != "svg" {
		t.Fatal("no <svg> root")
	}
	if root.attrs["version"] != "1.1" || root.attrs["xmlns"] != svgNS {
		t.Fatalf("root attributes %v", root.attrs)
	}
	w, h := number(t, root.attrs["width"]), number(t, root.attrs["height"])
	if want := fmt.Sprintf("0 0 %s %s", root.attrs["width"], root.attrs["height"]); root.attrs["viewBox"] != want {
		t.Fatalf("viewBox %q, want %q", root.attrs["viewBox"], want)
	}
	// Numbers are in the picture, but for those inside a piece's group, which are
	// relative to the piece's centre.
	var walk func(e *element, relative bool)
	walk = func(e *element, relative bool) {
		_, transformed := e.attrs["transform"]
		relative = relative || transformed
		for name, v := range e.attrs {
			if !numeric[name] || e.name == "svg" {
				continue
			}
			n := number(t, v)
			if !relative && n < 0 || n > math.Max(w, h) {
				t.Fatalf("<%s %s=%q> outside the picture", e.name, name, v)
			}
		}
		if e.name != "text" && e.name != "title" && strings.TrimSpace(e.text) != "" {
			t.Fatalf("<%s> holds text %q", e.name, e.text)
		}
		for _, c := range e.children {
			walk(c, relative)
		}
	}
	walk(root, false)
	return root
}

func number(t tb, s string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		t.Fatalf("%q is not a number", s)
	}
	return v
}

var translate = regexp.MustCompile(`^translate\(([-0-9.]+),([-0-9.]+)\)( rotate\(180\))?$`)

// drawnPiece is a piece group of a picture: where it stands, whether upside down,
// and its name.
type drawnPiece struct {
	x, y   float64
	turned bool
	name   string
}

// drawnPieces returns the piece groups (a transformed <g> with a path and texts) of
// a picture, in order.
func drawnPieces(t tb, e *element) []drawnPiece {
	var out []drawnPiece
	var walk func(e *element)
	walk = func(e *element) {
		if tr, ok := e.attrs["transform"]; ok && e.name == "g" {
			m := translate.FindStringSubmatch(tr)
			if m == nil {
				t.Fatalf("transform %q", tr)
			}
			var name strings.Builder
			for _, c := range e.children {
				if c.name == "text" {
					name.WriteString(c.text)
				}
			}
			out = append(out, drawnPiece{number(t, m[1]), number(t, m[2]), m[3] != "", name.String()})
			return
		}
		for _, c := range e.children {
			walk(c)
		}
	}
	walk(e)
	return out
}

// pieceName is the name a piece style gives a piece type.
func pieceName(style PieceStyle, pt shogi.PieceType) string {
	switch style {
	case Kanji2:
		return twoKanji[pt][0] + twoKanji[pt][1]
	case Letters:
		return pt.Letter()
	}
	return oneKanji[pt]
}

// checkPieces checks that a picture draws every piece of p where it stands, upside
// down when it is not the viewer's, with its name; then the two sides' marks and the
// kinds of pieces in each hand, and nothing else.
func checkPieces(t tb, root *element, p *shogi.Position, o *Options) {
	t.Helper()
	if o == nil {
		o = &Options{}
	}
	d := &drawing{p: p, o: o, u: DefaultSquareSize}
	if o.SquareSize != 0 {
		d.u = float64(min(max(o.SquareSize, 8), 1000))
	}
	if o.Flip {
		d.viewer = shogi.White
	}
	var want []drawnPiece
	for i := range shogi.NumSquares {
		s := shogi.SquareAt(i)
		pc := p.PieceAt(s)
		if pc == shogi.NoPiece {
			continue
		}
		x, y := d.squareXY(s)
		want = append(want, drawnPiece{(x + 0.5) * d.u, (y + 0.5) * d.u, pc.Color() != d.viewer, pieceName(o.Pieces, pc.Type())})
	}
	for _, c := range []shogi.Color{shogi.Black, shogi.White} {
		left, _ := d.handColumn(c)
		want = append(want, drawnPiece{(left + handWidth/2) * d.u, (d.headTop(c) + 0.38) * d.u, c != d.viewer, ""})
		for _, pt := range shogi.HandTypes {
			if x, y, ok := d.handSlot(c, pt); ok {
				want = append(want, drawnPiece{x * d.u, y * d.u, c != d.viewer, pieceName(o.Pieces, pt)})
			}
		}
	}
	got := drawnPieces(t, root)
	if len(got) != len(want) {
		t.Fatalf("%d pieces and marks drawn, want %d", len(got), len(want))
	}
	for i := range want {
		g, w := got[i], want[i]
		if math.Abs(g.x-w.x) > 0.01 || math.Abs(g.y-w.y) > 0.01 || g.turned != w.turned || g.name != w.name {
			t.Fatalf("piece %d drawn as %+v, want %+v", i, g, w)
		}
	}
}

// TestXMLStructure parses each golden picture with encoding/xml and checks its
// structure, its pieces, its title and its counts.
func TestXMLStructure(t *testing.T) {
	for _, tc := range goldenCases(t) {
		t.Run(tc.name, func(t *testing.T) {
			data := Append(nil, tc.p, tc.o)
			root := parseSVG(t, data, false)
			checkPieces(t, root, tc.p, tc.o)
			title := root.children[0]
			if title.name != "title" {
				t.Fatalf("first element <%s>, want <title>", title.name)
			}
			if tc.o != nil && tc.o.Title != "" {
				if title.text != tc.o.Title {
					t.Errorf("title %q, want %q", title.text, tc.o.Title)
				}
			} else if title.text != tc.p.String() {
				t.Errorf("title %q, want the SFEN %q", title.text, tc.p.String())
			}
		})
	}
}

// TestXMLProperties draws random positions with random options, and random text
// where the caller gives text, and checks that every picture is well-formed SVG of
// the right structure that draws every piece.
func TestXMLProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := shogi.NewStartPosition()
		var list shogi.MoveList
		for range rapid.IntRange(0, 200).Draw(t, "plies") {
			p.GenerateMoves(&list)
			if list.Len() == 0 {
				break
			}
			p.PlayUnchecked(list.At(rapid.IntRange(0, list.Len()-1).Draw(t, "move")))
		}
		text := rapid.String()
		square := rapid.Custom(func(t *rapid.T) shogi.Square {
			return shogi.Square(rapid.IntRange(0, shogi.NumSquares+2).Draw(t, "square"))
		})
		o := &Options{
			SquareSize:  rapid.IntRange(-5, 1200).Draw(t, "size"),
			Pieces:      PieceStyle(rapid.IntRange(0, 3).Draw(t, "pieces")),
			Coordinates: Coordinates(rapid.IntRange(-1, 4).Draw(t, "coordinates")),
			Flip:        rapid.Bool().Draw(t, "flip"),
			Handicap:    rapid.Bool().Draw(t, "handicap"),
			NoLastMove:  rapid.Bool().Draw(t, "no last move"),
			NoCheck:     rapid.Bool().Draw(t, "no check"),
			Title:       text.Draw(t, "title"),
			FontFamily:  text.Draw(t, "font"),
			Colors:      &Colors{Board: text.Draw(t, "board colour"), Arrow: text.Draw(t, "arrow colour")},
		}
		for range rapid.IntRange(0, 3).Draw(t, "marks") {
			o.Marks = append(o.Marks, Mark{Square: square.Draw(t, "mark"), Color: text.Draw(t, "mark colour")})
		}
		for range rapid.IntRange(0, 3).Draw(t, "arrows") {
			m := shogi.NewMove(square.Draw(t, "from"), square.Draw(t, "to"), false)
			if rapid.Bool().Draw(t, "drop") {
				m = shogi.NewDrop(shogi.HandTypes[rapid.IntRange(0, 6).Draw(t, "type")], square.Draw(t, "to"))
			}
			o.Arrows = append(o.Arrows, Arrow{Move: m})
		}
		if o.Pieces > Letters {
			o.Pieces = Kanji // an unknown style is drawn as Kanji; checkPieces names it so
		}
		root := parseSVG(t, Append(nil, p, o), true)
		checkPieces(t, root, p, o)
		// The title is kept, but for what XML cannot hold: each such character, and
		// each byte that is not UTF-8, becomes U+FFFD.
		want := p.String()
		if o.Title != "" {
			want = strings.Map(func(r rune) rune {
				if notXML(r) {
					return '\uFFFD'
				}
				return r
			}, o.Title)
		}
		if title := root.children[0]; title.text != want {
			t.Fatalf("title %q, want %q", title.text, want)
		}
	})
}

// notXML reports whether XML 1.0 cannot hold r as it is.
func notXML(r rune) bool {
	return r < 0x20 && r != '\t' && r != '\n' && r != '\r' || r == 0xFFFE || r == 0xFFFF
}

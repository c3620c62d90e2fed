package svg

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/kifu-go/shogi"
)

// TestBrowser renders each golden picture in a real browser, headless Chromium, and
// checks the screenshot: it is the picture's size and not blank; every piece on the
// board has dark strokes (its name) at its square's centre and stands the right way
// up (its pentagon narrow at the top when it is the viewer's, at the bottom
// otherwise); an empty square has no dark pixels; each kind of piece in hand has its
// name and, for two or more, its count on a dark disc; the coordinates are there.
// It runs when the chromium command is on PATH (Debian's chromium package), and is
// skipped with a message otherwise. SHOGI_SVG_SCREENSHOTS=DIR keeps the PNGs.
func TestBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the pictures are not rendered in a browser")
	}
	chromium, err := exec.LookPath("chromium")
	if err != nil {
		t.Skip("chromium is not on PATH (Debian: apt-get install chromium): the pictures are not rendered in a browser")
	}
	keep := os.Getenv("SHOGI_SVG_SCREENSHOTS")
	for _, tc := range goldenCases(t) {
		t.Run(tc.name, func(t *testing.T) {
			o := tc.o
			if o == nil {
				o = &Options{}
			}
			data := Append(nil, tc.p, o)
			img := screenshot(t, chromium, data, tc.name)
			if keep != "" {
				var buf bytes.Buffer
				if err := png.Encode(&buf, img); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(keep, tc.name+".png"), buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			checkScreenshot(t, img, tc.p, o)
		})
	}
}

// screenshot renders an SVG document with headless Chromium and returns the PNG
// screenshot, a window of the picture's size.
func screenshot(t *testing.T, chromium string, data []byte, name string) image.Image {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, name+".svg")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	root := parseSVG(t, data, false)
	w, h := number(t, root.attrs["width"]), number(t, root.attrs["height"])
	out := filepath.Join(dir, name+".png")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, chromium,
		"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir="+filepath.Join(dir, "profile"),
		"--screenshot="+out,
		"--window-size="+strconv.Itoa(int(math.Ceil(w)))+","+strconv.Itoa(int(math.Ceil(h))),
		"file://"+path)
	output, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("chromium: %v\n%s", err, output)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatalf("no screenshot: %v\n%s", err, output)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != int(math.Ceil(w)) || b.Dy() != int(math.Ceil(h)) {
		t.Fatalf("screenshot %v, want %vx%v", b, w, h)
	}
	return img
}

func luminance(c color.Color) float64 {
	r, g, b, _ := c.RGBA()
	return (0.299*float64(r) + 0.587*float64(g) + 0.114*float64(b)) / 257
}

// parseColor reads a colour "#rrggbb".
func parseColor(t *testing.T, s string) color.RGBA {
	var c color.RGBA
	if _, err := fmt.Sscanf(s, "#%02x%02x%02x", &c.R, &c.G, &c.B); err != nil {
		t.Fatalf("colour %q: %v", s, err)
	}
	c.A = 255
	return c
}

func near(a color.Color, b color.RGBA, tolerance int) bool {
	r, g, bl, _ := a.RGBA()
	d := func(x uint32, y uint8) bool { return int(math.Abs(float64(int(x>>8)-int(y)))) <= tolerance }
	return d(r, b.R) && d(g, b.G) && d(bl, b.B)
}

// count counts the pixels of a box (in pixels, centre and half sides) that match.
func count(img image.Image, cx, cy, hw, hh float64, match func(color.Color) bool) int {
	n := 0
	for y := int(cy - hh); y <= int(cy+hh); y++ {
		for x := int(cx - hw); x <= int(cx+hw); x++ {
			if match(img.At(x, y)) {
				n++
			}
		}
	}
	return n
}

func dark(c color.Color) bool { return luminance(c) < 110 }

func checkScreenshot(t *testing.T, img image.Image, p *shogi.Position, o *Options) {
	d := &drawing{p: p, o: o, u: DefaultSquareSize}
	if o.SquareSize != 0 {
		d.u = float64(o.SquareSize)
	}
	if o.Flip {
		d.viewer = shogi.White
	}
	d.c = DefaultColors
	if o.Colors != nil && o.Colors.Piece != "" {
		d.c.Piece = o.Colors.Piece
	}
	u := d.u

	// Not blank: many colours, and dark pixels in a good share of the picture.
	colors := make(map[color.RGBA]bool)
	b := img.Bounds()
	darkPixels := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, a := img.At(x, y).RGBA()
			colors[color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(bl >> 8), uint8(a >> 8)}] = true
			if dark(img.At(x, y)) {
				darkPixels++
			}
		}
	}
	if len(colors) < 50 || darkPixels < b.Dx()*b.Dy()/100 {
		t.Fatalf("the screenshot looks blank: %d colours, %d dark pixels", len(colors), darkPixels)
	}

	face := parseColor(t, d.c.Piece)
	for i := range shogi.NumSquares {
		s := shogi.SquareAt(i)
		x, y := d.squareXY(s)
		cx, cy := (x+0.5)*u, (y+0.5)*u
		pc := p.PieceAt(s)
		if pc == shogi.NoPiece {
			if len(o.Arrows) == 0 {
				if n := count(img, cx, cy, 0.3*u, 0.3*u, dark); n > 0 {
					t.Errorf("%v is empty but has %d dark pixels", s, n)
				}
			}
			continue
		}
		// The name: around the middle of its one kanji or letter, or of the first of
		// its two kanji (the name's middle falls between them), upside down for a
		// turned piece.
		k := pieceScale[pc.Type()] * u
		turned := pc.Color() != d.viewer
		ny := cy
		if o.Pieces == Kanji2 {
			ny = cy - 0.15*k
			if turned {
				ny = cy + 0.15*k
			}
		}
		if n := count(img, cx, ny, 0.2*u, 0.2*u, dark); n < 8 {
			t.Errorf("the %v on %v has %d dark pixels in its name: no name drawn", pc.Type(), s, n)
		}
		if len(o.Arrows) > 0 {
			continue // an arrow may cross the piece's outline
		}
		// The pentagon is narrow near its point and wide near its base.
		isFace := func(c color.Color) bool { return near(c, face, 12) }
		top := count(img, cx, cy-0.36*k, 0.45*u, 0, isFace)
		bottom := count(img, cx, cy+0.36*k, 0.45*u, 0, isFace)
		if turned != (top > bottom) {
			t.Errorf("the %v %v on %v: %d face pixels across its top, %d across its bottom; want it turned %v",
				pc.Color(), pc.Type(), s, top, bottom, turned)
		}
	}

	for _, c := range []shogi.Color{shogi.Black, shogi.White} {
		for _, pt := range shogi.HandTypes {
			x, y, ok := d.handSlot(c, pt)
			if !ok {
				continue
			}
			if n := count(img, x*u, y*u, 0.2*u, 0.2*u, dark); n < 8 {
				t.Errorf("%v's %v in hand has %d dark pixels: no name drawn", c, pt, n)
			}
			if p.Hand(c).Count(pt) < 2 {
				continue
			}
			disc := count(img, (x+0.42)*u, (y+0.25)*u, 0.12*u, 0.12*u, dark)
			digits := count(img, (x+0.42)*u, (y+0.25)*u, 0.1*u, 0.1*u, func(c color.Color) bool { return luminance(c) > 180 })
			if disc < 10 || digits < 2 {
				t.Errorf("%v's %d %vs in hand: %d dark disc pixels and %d light digit pixels", c, p.Hand(c).Count(pt), pt, disc, digits)
			}
		}
	}

	if o.Coordinates != NoCoordinates {
		// The labels are small and thin: their anti-aliased strokes are darker than
		// the paper, not black.
		ink := func(c color.Color) bool { return luminance(c) < 200 }
		for i := range 9 {
			if n := count(img, (boardX+float64(i)+0.5)*u, (boardY-0.25)*u, 0.15*u, 0.15*u, ink); n < 3 {
				t.Errorf("file label %d has %d inked pixels", i+1, n)
			}
			if n := count(img, (boardX+9+bandRight/2)*u, (boardY+float64(i)+0.5)*u, 0.2*u, 0.2*u, ink); n < 3 {
				t.Errorf("rank label %d has %d inked pixels", i+1, n)
			}
		}
	}
}

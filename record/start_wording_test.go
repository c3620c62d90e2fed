package record_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/csa"
	"github.com/kifu-go/shogi/jkf"
	"github.com/kifu-go/shogi/kif"
	"github.com/kifu-go/shogi/record"
)

// twoKings is a start with two black kings (5h and 5i) and nothing else, which no
// format's reader may take (shogi.ErrTooManyKings), in each of the six formats.
var twoKings = []struct{ name, text string }{
	{"kings.kif", "後手の持駒：なし\n" + twoKingsBoard + "先手の持駒：なし\n手数----指手---------消費時間--\n"},
	{"kings.ki2", "後手の持駒：なし\n" + twoKingsBoard + "先手の持駒：なし\n"},
	{"kings.csa", "V2.2\n" + strings.Repeat("P_ *  *  *  *  *  *  *  *  * \n", 7) +
		"P_ *  *  *  * +OU *  *  *  * \nP_ *  *  *  * +OU *  *  *  * \n+\n"},
	{"kings.jkf", `{"header":{},"initial":{"preset":"OTHER","data":{"color":0,"board":[` +
		strings.Repeat(`[{},{},{},{},{},{},{},{},{}],`, 4) +
		`[{},{},{},{},{},{},{},{"color":0,"kind":"OU"},{"color":0,"kind":"OU"}],` +
		strings.Repeat(`[{},{},{},{},{},{},{},{},{}],`, 3) + `[{},{},{},{},{},{},{},{},{}]],` +
		`"hands":[{},{}]}},"moves":[{}]}` + "\n"},
	{"kings.usi", "position sfen 9/9/9/9/9/9/9/4K4/4K4 b - 1\n"},
	{"kings.sfen", "9/9/9/9/9/9/9/4K4/4K4 b - 1\n"},
}

var twoKingsBoard = "  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n" +
	strings.Repeat("| ・ ・ ・ ・ ・ ・ ・ ・ ・|_\n", 7) +
	"| ・ ・ ・ ・ 玉 ・ ・ ・ ・|_\n| ・ ・ ・ ・ 玉 ・ ・ ・ ・|_\n+---------------------------+\n"

func init() {
	// The rank numbers of the boards above, written "_" for brevity.
	for i := range twoKings {
		t := twoKings[i].text
		for _, rank := range []string{"一", "二", "三", "四", "五", "六", "七", "八", "九"} {
			t = strings.Replace(t, "|_\n", "|"+rank+"\n", 1)
		}
		for _, rank := range "123456789" {
			t = strings.Replace(t, "P_", "P"+string(rank), 1)
		}
		twoKings[i].text = t
	}
}

// TestStartRefusedWording: a start position refused, by the root package's limits or
// by Reader.AdjustStart, is one message in the six formats ("invalid start position:
// …", without a second package prefix; KIF said "impossible start position", USI and
// SFEN the cause alone) and one code, "syntax"; errors.Is finds the format's sentinel
// (kif.ErrPosition, csa.ErrSetup, jkf.ErrSetup, record.ErrSetup) and the cause.
func TestStartRefusedWording(t *testing.T) {
	sentinel := map[string]error{"kif": kif.ErrPosition, "ki2": kif.ErrPosition, "csa": csa.ErrSetup,
		"jkf": jkf.ErrSetup, "usi": record.ErrSetup, "sfen": record.ErrSetup}
	refused := errors.New("not this one")
	rests := append([]struct{ name, text string }{}, restProblems...)
	rests = append(rests, struct{ name, text string }{"rest.sfen", "3G2S1k/9/9/4B3P/9/9/9/9/9 b NL 1\n"})
	cases := []struct {
		what   string
		inputs []struct{ name, text string }
		adjust func(*shogi.Position) (*shogi.Position, error)
		cause  error
		want   string
	}{
		{"two kings", twoKings, nil, shogi.ErrTooManyKings, "invalid start position: more than one king of a side on 5i"},
		{"AdjustStart", rests, func(*shogi.Position) (*shogi.Position, error) { return nil, refused }, refused,
			"invalid start position: Reader.AdjustStart: not this one"},
	}
	for _, c := range cases {
		if len(c.inputs) != 6 {
			t.Fatalf("%s: %d formats, want 6", c.what, len(c.inputs))
		}
		for _, in := range c.inputs {
			r := record.NewReader(strings.NewReader(in.text))
			r.Name, r.AdjustStart = in.name, c.adjust
			_, err := r.Read()
			var re *record.Error
			if !errors.As(err, &re) {
				t.Errorf("%s, %s: %v; want a *record.Error", c.what, in.name, err)
				continue
			}
			ext := in.name[strings.LastIndexByte(in.name, '.')+1:]
			if re.Message() != c.want || re.Code() != "syntax" || !errors.Is(err, sentinel[ext]) || !errors.Is(err, c.cause) {
				t.Errorf("%s, %s: %q, code %s, sentinel %v, cause %v; want %q, syntax, both", c.what, in.name, re.Message(), re.Code(),
					errors.Is(err, sentinel[ext]), errors.Is(err, c.cause), c.want)
			}
		}
	}
}

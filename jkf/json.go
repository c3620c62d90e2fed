package jkf

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/internal/piececode"
)

// The JSON shapes of JKF (formats.md §5), field by field.

type kifu struct {
	Header  header       `json:"header"`
	Initial *initial     `json:"initial,omitempty"`
	Moves   []moveFormat `json:"moves"`
}

type initial struct {
	Preset string     `json:"preset"`
	Data   *stateData `json:"data,omitempty"`
}

type stateData struct {
	Color int            `json:"color"`
	Board [][]boardPiece `json:"board"`
	Hands []hand         `json:"hands"`
}

// boardPiece is a square of initial.data.board: {} when empty.
type boardPiece struct {
	Color *int   `json:"color,omitempty"`
	Kind  string `json:"kind,omitempty"`
}

type hand struct {
	FU int `json:"FU"`
	KY int `json:"KY"`
	KE int `json:"KE"`
	GI int `json:"GI"`
	KI int `json:"KI"`
	KA int `json:"KA"`
	HI int `json:"HI"`
}

func (h *hand) counts() [8]*int {
	return [8]*int{shogi.Pawn: &h.FU, shogi.Lance: &h.KY, shogi.Knight: &h.KE, shogi.Silver: &h.GI,
		shogi.Gold: &h.KI, shogi.Bishop: &h.KA, shogi.Rook: &h.HI}
}

type moveFormat struct {
	Comments []string       `json:"comments,omitempty"`
	Move     *move          `json:"move,omitempty"`
	Time     *timePair      `json:"time,omitempty"`
	Special  string         `json:"special,omitempty"`
	Forks    [][]moveFormat `json:"forks,omitempty"`
}

type move struct {
	Color    *int   `json:"color"`
	From     *place `json:"from,omitempty"`
	To       *place `json:"to,omitempty"`
	Piece    string `json:"piece"`
	Same     bool   `json:"same,omitempty"`
	Promote  *bool  `json:"promote,omitempty"`
	Capture  string `json:"capture,omitempty"`
	Relative string `json:"relative,omitempty"`
}

type place struct {
	X int `json:"x"`
	Y int `json:"y"`
}

type timePair struct {
	Now   clock `json:"now"`
	Total total `json:"total"`
}

// clock is the time of one move, written {"m":…, "s":…} (with "h" from an hour on).
type clock struct {
	H int `json:"h,omitempty"`
	M int `json:"m"`
	S int `json:"s"`
}

// total is a running total, written {"h":…, "m":…, "s":…}.
type total struct {
	H int `json:"h"`
	M int `json:"m"`
	S int `json:"s"`
}

// header keeps the order of the header object's keys (and repeated keys).
type header shogi.Header

func (h *header) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*h = nil
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return errors.New("the header is an object of strings")
	}
	out := header{}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return err
		}
		key := t.(string)
		var value string
		if err := dec.Decode(&value); err != nil {
			return fmt.Errorf("header %q: the value must be a string", key)
		}
		out = append(out, shogi.HeaderField{Key: key, Value: value})
	}
	*h = out
	return nil
}

func (h header) MarshalJSON() ([]byte, error) {
	b := []byte{'{'}
	for i, f := range h {
		if i > 0 {
			b = append(b, ',')
		}
		k, err := marshal(f.Key)
		if err != nil {
			return nil, err
		}
		v, err := marshal(f.Value)
		if err != nil {
			return nil, err
		}
		b = append(append(append(b, k...), ':'), v...)
	}
	return append(b, '}'), nil
}

// marshal encodes a value without escaping HTML characters.
func marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte{'\n'}), nil
}

var pieceCodes = piececode.Codes

func parsePiece(code string) shogi.PieceType {
	if len(code) != 2 {
		return shogi.NoPieceType
	}
	return piececode.Parse(code[0], code[1])
}

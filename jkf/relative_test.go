package jkf_test

import (
	"encoding/json"
	"testing"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/jkf"
)

// TestRelative: the writer's relative letters for the worked examples of JSA
// notation (formats.md §6.4).
func TestRelative(t *testing.T) {
	tests := []struct {
		sfen, usi, want string // want: the KI2 words, as letters
	}{
		{shogi.StartSFEN, "4i5h", "R"},                   // ５八金右
		{shogi.StartSFEN, "6i5h", "L"},                   // ５八金左
		{shogi.StartSFEN, "7g7f", ""},                    // ７六歩
		{"k7K/9/9/9/9/9/2G6/3G5/2G6 b - 1", "7g7h", "D"}, // ７八金引
		{"k7K/9/9/9/9/9/2G6/3G5/2G6 b - 1", "6h7h", "M"}, // ７八金寄
		{"k7K/9/9/9/9/9/2G6/3G5/2G6 b - 1", "7i7h", "U"}, // ７八金上
		{"3k1K3/9/9/5B3/9/9/9/1B7/9 b - 1", "4d6f", "D"}, // ６六角引
		{"3k1K3/9/9/3S1S3/9/3S1S3/9/9/9 b - 1", "4d5e", "RD"},
		{"3k1K3/9/9/3S1S3/9/3S1S3/9/9/9 b - 1", "6f5e", "LU"},
		{"3k1K3/9/9/9/9/3GGG3/9/9/9 b - 1", "5f5e", "C"},
		{"3k1K3/9/9/9/9/3ggg3/9/9/9 w - 1", "4f5g", "L"}, // ５七金左 (White's left is file 1)
		{"3k1K3/9/9/9/9/9/3+B+B4/9/9 b - 1", "6g5f", "L"},
		{"k7K/9/9/9/9/9/S8/8g/9 b SPg 1", "S*9f", "H"}, // ９六銀打
		{"k7K/9/9/9/9/9/S8/8g/9 b SPg 1", "S*5e", ""},  // ５五銀
	}
	for _, tt := range tests {
		m, err := shogi.ParseUSIMove(tt.usi)
		if err != nil {
			t.Fatal(err)
		}
		rec := &shogi.Record{StartSFEN: tt.sfen}
		rec.Root.AddChild(m)
		out, err := jkf.Format(rec)
		if err != nil {
			t.Fatalf("%s %s: %v", tt.sfen, tt.usi, err)
		}
		var doc struct {
			Moves []struct {
				Move *struct {
					Relative string `json:"relative"`
				} `json:"move"`
			} `json:"moves"`
		}
		if err := json.Unmarshal(out, &doc); err != nil {
			t.Fatal(err)
		}
		if got := doc.Moves[1].Move.Relative; got != tt.want {
			t.Errorf("%s %s: relative %q, want %q", tt.sfen, tt.usi, got, tt.want)
		}
	}
}

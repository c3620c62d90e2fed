package csa

import (
	"testing"

	"golang.org/x/text/encoding/japanese"
)

// recordText is text as it stands in the lines of real records (player names,
// events, sites, comments), taken from the fixtures of this project.
var recordText = []string{
	"N+羽生善治", "N-藤井猛", "N+渡辺明", "N-佐藤康光", "N-三浦弘行", "N+糸谷哲郎", "N-深浦康市", "N+谷川",
	"N+羽生", "N-森内", "N+中原", "N-米長",
	"$EVENT:第３５回将棋日本シリーズ　ＪＴプロ公式戦二回戦第三局　熊本大会",
	"$EVENT:第３９期棋王戦五番勝負　第３局", "$EVENT:第２７期竜王戦挑戦者決定三番勝負　第２局", "$EVENT:順位戦",
	"$SITE:熊本・グランメッセ熊本", "$SITE:東京・将棋会館", "$SITE:富山県黒部市・宇奈月国際会館セレネ",
	"$SITE:東京「将棋会館」", "$START_TIME:2014/09/13 14：59", "$TIME_LIMIT:各10分", "$OPENING:四間飛車",
	"'* 棋戦詳細：第65期順位戦A級06回戦", "'*「羽生善治王将」vs「藤井　猛九段」", "'*初手コメント",
	"'*なんたらかんたら", "'*あーだこーだ", "'*投了となった", "'持ち時間:25分、切れ負け", "'戦型:矢倉",
	"'平手の局面", "'先手番", "'指し手と消費時間", "'バージョン", "'対局者名", "'棋譜情報",
	"' ---- Kifu for Windows V7 V7.08 CSA形式棋譜ファイル ----", "'*▲７六歩 △３四歩 ▲２六歩",
	"'*龍", "'*馬", "'*と金", "'*千日手", "'*持将棋", "'*詰み", "'*中断", "'*①②③",
}

// TestSniffLegacy: text of real records encoded in Shift_JIS or in EUC-JP is read
// in the encoding it is in.
func TestSniffLegacy(t *testing.T) {
	for _, text := range recordText {
		for _, enc := range []textEncoding{encShiftJIS, encEUCJP} {
			e := japanese.ShiftJIS.NewEncoder()
			if enc == encEUCJP {
				e = japanese.EUCJP.NewEncoder()
			}
			raw, err := e.Bytes([]byte(text))
			if err != nil {
				t.Fatalf("%s in %s: %v", text, enc, err)
			}
			if got := sniffLegacy(raw); got != enc {
				sj, euc := scanLegacy(raw, encShiftJIS), scanLegacy(raw, encEUCJP)
				t.Errorf("%s in %s taken for %s (Shift_JIS %+v, EUC-JP %+v)", text, enc, got, sj, euc)
			}
		}
	}
}

// TestSniffLegacyTies: text both encodings read equally well is taken for Shift_JIS,
// the encoding of most CSA files; text only one reads goes to that one.
func TestSniffLegacyTies(t *testing.T) {
	tests := []struct {
		raw  string
		want textEncoding
	}{
		{"\xe7\xb3", encShiftJIS},         // a level-2 kanji in both
		{"\xbe\xdd\xc3", encShiftJIS},     // ｾﾝﾃ: an odd number of bytes in 0xA1–0xDF
		{"\x82\xa0", encShiftJIS},         // あ in Shift_JIS: 0x82 is no EUC-JP lead byte
		{"\xa4\xa2", encEUCJP},            // あ in EUC-JP: two half-width katakana in Shift_JIS
		{"\xfe\xfe", encEUCJP},            // 0xFE is no Shift_JIS byte
		{"\xff", encShiftJIS},             // invalid in both: Shift_JIS, whose error names it
		{"\x8e\xb1\x8e\xb2", encShiftJIS}, // ｱｲ in EUC-JP (0x8E prefix) reads as two level-1 kanji in Shift_JIS: a known miss
	}
	for _, tt := range tests {
		if got := sniffLegacy([]byte(tt.raw)); got != tt.want {
			t.Errorf("%q: %s, want %s", tt.raw, got, tt.want)
		}
	}
}

func TestEncodingNamed(t *testing.T) {
	for name, want := range map[string]textEncoding{
		"UTF-8": encUTF8, "utf8": encUTF8, "SHIFT_JIS": encShiftJIS, "Shift_JIS": encShiftJIS, "cp932": encShiftJIS,
		"EUC-JP": encEUCJP, "euc-jp": encEUCJP, "EUCJP": encEUCJP, " EUC_JP ": encEUCJP, "x-euc-jp": encEUCJP,
	} {
		if got, ok := encodingNamed(name); !ok || got != want {
			t.Errorf("%q: %s %v, want %s", name, got, ok, want)
		}
	}
	if _, ok := encodingNamed("ISO-2022-JP"); ok {
		t.Error("ISO-2022-JP named")
	}
}

package handicap_test

import (
	"fmt"

	"github.com/kifu-go/shogi/handicap"
)

func ExampleLookup() {
	h, _ := handicap.Lookup("kyo-ochi")
	fmt.Println(h.Japanese, h.English, h.CSA)
	fmt.Println(h.SFEN)
	// Output:
	// 香落ち Lance PI11KY
	// lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1
}

func ExampleIdentify() {
	h, _ := handicap.Lookup("二枚落ち")
	p := h.Position()
	found, ok := handicap.Identify(p)
	fmt.Println(found.Japanese, found.KIF, found.JKF, ok)
	// Output:
	// 二枚落ち 二枚落ち 2 true
}

package headerform

import "testing"

// FuzzHeaderForms: any text is read without a panic; a time limit that reads writes
// forms that read back as the same limit, and a date that reads is in CSA's form and
// reads back as itself.
func FuzzHeaderForms(f *testing.F) {
	for _, s := range []string{"各10分", "1時間30分", "各10分（秒読み30秒）", "00:10+30", "10分切れ負け", "30秒",
		"2014/09/13 14：59", "1999/07/15(木) 19:07:12", "２０１４／０９／１３"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if tl, ok := ParseTimeLimit(s); ok {
			if csa, ok := tl.CSA(); ok {
				if back, ok := ParseTimeLimit(csa); !ok || back != tl {
					t.Fatalf("%q: CSA form %q reads back as %+v, %v", s, csa, back, ok)
				}
			}
			main, byo := tl.KIF()
			back, ok := ParseTimeLimit(main)
			if byo != "" {
				b, bok := ParseByoyomi(byo)
				if !bok {
					t.Fatalf("%q: 秒読み %q does not read", s, byo)
				}
				back.Byoyomi = b
			}
			if !ok || back != tl {
				t.Fatalf("%q: KIF form %q+%q reads back as %+v, %v", s, main, byo, back, ok)
			}
		}
		ParseByoyomi(s)
		if d, ok := CSADateTime(s); ok {
			if again, ok := CSADateTime(d); !ok || again != d {
				t.Fatalf("%q: %q reads back as %q, %v", s, d, again, ok)
			}
		}
	})
}

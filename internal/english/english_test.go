package english

import "testing"

func TestCount(t *testing.T) {
	for n, want := range map[int]string{0: "0 records", 1: "1 record", 2: "2 records", -1: "-1 records", 20000: "20000 records"} {
		if got := Count(n, "record"); got != want {
			t.Errorf("Count(%d): %q, want %q", n, got, want)
		}
	}
}

package gametest

import (
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Golden compares got with the golden file at path, after writing got there when
// update is set (a test's -update flag).
func Golden(t testing.TB, path string, got []byte, update bool) {
	t.Helper()
	if update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("%s (-want +got)\n%s", path, diff)
	}
}

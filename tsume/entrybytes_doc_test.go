package tsume_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
	"strconv"
	"testing"

	"github.com/kifu-go/shogi/tsume"
)

// TestEntryBytesDoc: the doc of EntryBytes says its value, which go doc cannot show (the
// constant is an expression); the number there is the constant's, so that it cannot
// drift when an entry changes.
func TestEntryBytesDoc(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "table.go", nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	var doc string
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, spec := range g.Specs {
			for _, name := range spec.(*ast.ValueSpec).Names {
				if name.Name == "EntryBytes" {
					doc = g.Doc.Text()
				}
			}
		}
	}
	m := regexp.MustCompile(`(\d+) bytes`).FindStringSubmatch(doc)
	if m == nil {
		t.Fatalf("the doc of EntryBytes says no size in bytes: %q", doc)
	}
	if n, _ := strconv.Atoi(m[1]); n != tsume.EntryBytes {
		t.Errorf("the doc of EntryBytes says %d bytes; EntryBytes is %d", n, tsume.EntryBytes)
	}
	if m := regexp.MustCompile(`HashBytes/(\d+)`).FindStringSubmatch(doc); m == nil || m[1] != strconv.Itoa(tsume.EntryBytes) {
		t.Errorf("the doc of EntryBytes divides HashBytes by %v; EntryBytes is %d", m, tsume.EntryBytes)
	}
}

package csa_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/csa"
)

// readAlone reads text, the text of one record, with a reader of its own.
func readAlone(text string, lenient bool) (*shogi.Record, string, []string) {
	r := csa.NewReader(strings.NewReader(text))
	r.Lenient = lenient
	rec, err := r.Read()
	return rec, errorText(err), warningTexts(r.Warnings())
}

// errorText is an error without its line, which depends on the records before it.
func errorText(err error) string {
	var se *csa.SyntaxError
	if errors.As(err, &se) {
		return fmt.Sprintf("column %d: %v", se.Column, se.Err)
	}
	return fmt.Sprint(err)
}

func warningTexts(ws []*csa.SyntaxError) []string {
	var out []string
	for _, w := range ws {
		out = append(out, errorText(w))
	}
	return out
}

// TestReaderRecordsIndependent: a Reader shares its node blocks and start position
// between the records of a file (and Parse its start position with the Parse before);
// each record still reads as it reads alone, whatever came before it (the same start,
// another one, a record that failed half-way), and changing one record's nodes leaves
// the others as they were.
func TestReaderRecordsIndependent(t *testing.T) {
	records := []string{
		"PI\n+\n+7776FU,T3\n-3334FU,T1\n%TORYO\n",
		"PI82HI\n-\n-3334FU\n+7776FU\n-2288UM\n",
		"PI\n+\n+2726FU\n-8384FU\n+2625FU\n-8485FU\n%CHUDAN\n",
		"PI\n+\n+7776FU\n-3334FU\n+7776FU\n-8384FU\n", // the second 7776FU is illegal
		"PI\n+\n+5756FU\n-5354FU\n",
		"P-11OU\nP+59OU55KI00KI00FU\nP-00AL\n-\n-1112OU\n+5554KI\n",
		evenBoard + "+\n+7776FU\n-3334FU\n+8822UM\n-3122GI\n",
		"PI82HI\n-\n-5142OU\n%TORYO\n",
		"PI\n+\n",
		"P-11OU\nP+59OU55KI00KI00FU\nP-00AL\n-\n-1121OU\n",
	}
	text := strings.Join(records, "/\n")
	for _, lenient := range []bool{false, true} {
		r := csa.NewReader(strings.NewReader(text))
		r.Lenient = lenient
		var got []*shogi.Record
		for i, rt := range records {
			rec, err := r.Read()
			want, wantErr, wantWarnings := readAlone(rt, lenient)
			if errorText(err) != wantErr {
				t.Errorf("lenient %v, record %d: error %v, alone %s", lenient, i, err, wantErr)
			}
			if diff := cmp.Diff(wantWarnings, warningTexts(r.Warnings())); diff != "" {
				t.Errorf("lenient %v, record %d: warnings (-alone +got):\n%s", lenient, i, diff)
			}
			if !lenient { // Parse too takes back the start position of the Parse before
				prec, perr := csa.Parse([]byte(rt))
				if errorText(perr) != wantErr || (prec == nil) != (want == nil) ||
					(prec != nil && diffRecords(want, prec) != "") {
					t.Errorf("record %d: Parse gives %v, %v; alone %s", i, prec, perr, wantErr)
				}
			}
			if rec == nil || want == nil {
				if rec != want {
					t.Errorf("lenient %v, record %d: %v, alone %v", lenient, i, rec, want)
				}
				continue
			}
			if diff := diffRecords(want, rec); diff != "" {
				t.Errorf("lenient %v, record %d (-alone +got):\n%s", lenient, i, diff)
			}
			got = append(got, rec)
		}
		// Change every node of every record but the last, then compare them all again.
		extra := shogi.NewMove(shogi.NewSquare(1, 7), shogi.NewSquare(1, 6), false)
		for _, rec := range got[:len(got)-1] {
			for _, n := range append(rec.MainLine(), &rec.Root) {
				n.AddChild(extra)
				n.Comments = append(n.Comments, "changed")
			}
		}
		last := got[len(got)-1]
		want, _, _ := readAlone(records[len(records)-1], lenient)
		if diff := diffRecords(want, last); diff != "" {
			t.Errorf("lenient %v: changing the records before changed the last (-want +got):\n%s", lenient, diff)
		}
	}
}

// TestCommentsIndependent: the Comments of a record's nodes come from one block; a
// comment added to one node leaves the comments of the others as they were.
func TestCommentsIndependent(t *testing.T) {
	rec := mustParse(t, "PI\n+\n'*start\n+7776FU\n'*a\n-3334FU\n'*b\n'*c\n+2726FU\n'*d\n")
	line := rec.MainLine()
	rec.Root.Comments = append(rec.Root.Comments, "x")
	line[0].Comments = append(line[0].Comments, "y")
	line[1].Comments = append(line[1].Comments, "z")
	got := [][]string{rec.Root.Comments, line[0].Comments, line[1].Comments, line[2].Comments}
	want := [][]string{{"start", "x"}, {"a", "y"}, {"b", "c", "z"}, {"d"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("comments (-want +got):\n%s", diff)
	}
}

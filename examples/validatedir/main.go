// Command validatedir checks every KIF, KI2 and CSA record below a directory and prints
// the illegal ones with the line, column, move number and foul.
//
//	go run ./examples/validatedir testdata/records
package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/csa"
	"github.com/kifu-go/shogi/kif"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: validatedir DIR")
		os.Exit(2)
	}
	bad := 0
	err := filepath.WalkDir(os.Args[1], func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		var parse func([]byte) (*shogi.Record, error)
		switch strings.ToLower(filepath.Ext(path)) {
		case ".kif", ".kifu", ".ki2", ".ki2u":
			parse = kif.Parse
		case ".csa":
			parse = csa.Parse
		default:
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rec, err := parse(data)
		if err == nil {
			_, err = rec.CheckEnding()
		}
		if err != nil {
			bad++
			fmt.Printf("%s: %v\n", path, err)
			var ime *shogi.IllegalMoveError
			if errors.As(err, &ime) {
				fmt.Printf("\tmove %d %s: %v\n", ime.Ply, ime.Move, ime.Reason)
			}
			return nil
		}
		fmt.Printf("%s: OK, %d moves\n", path, len(rec.MainLine()))
		return nil
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	if bad > 0 {
		os.Exit(1)
	}
}

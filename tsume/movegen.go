package tsume

// The move generators the search stands on. They are the one place that names the root
// package's generators, so that faster ones are a change of this file only.

import "github.com/kifu-go/shogi"

// generateChecks fills list with every legal move of the side to move that gives check.
func generateChecks(p *shogi.Position, list *shogi.MoveList) {
	var all shogi.MoveList
	p.GenerateMoves(&all)
	list.Reset()
	for _, m := range all.Moves() {
		p.PlayUnchecked(m)
		if p.InCheck() {
			list.Add(m)
		}
		p.Undo()
	}
}

// generateEvasions fills list with every legal move of the side to move, which is in
// check.
func generateEvasions(p *shogi.Position, list *shogi.MoveList) {
	p.GenerateMoves(list)
}

package shogi

// Perft counts the leaf nodes of the legal move tree of the given depth from p: the
// number of distinct lines of depth moves. Perft(0) is 1. p is left as it was.
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	if depth > perftStackDepth {
		// The upper levels get a list each; the lowest perftStackDepth share one stack.
		var list MoveList
		p.GenerateMoves(&list)
		var nodes uint64
		for _, m := range list.Moves() {
			p.PlayUnchecked(m)
			nodes += p.Perft(depth - 1)
			p.Undo()
		}
		return nodes
	}
	var lists [perftStackDepth]MoveList // zeroed once here, not at every node
	return p.perft(depth, lists[:depth])
}

// perftStackDepth is how many levels of the perft tree share one array of move lists.
const perftStackDepth = 8

// perft counts the leaves below p at depth ≥ 1, with lists[depth-1] free for this level
// and the lists below it for the levels below.
func (p *Position) perft(depth int, lists []MoveList) uint64 {
	list := &lists[depth-1]
	p.GenerateMoves(list)
	if depth == 1 {
		return uint64(list.Len())
	}
	var nodes uint64
	for _, m := range list.Moves() {
		p.PlayUnchecked(m)
		nodes += p.perft(depth-1, lists)
		p.Undo()
	}
	return nodes
}

// DivideEntry is the perft count below one root move.
type DivideEntry struct {
	Move  Move
	Nodes uint64
}

// Divide returns, for each legal move of p in generation order, the perft count of
// depth-1 below it. The counts add up to Perft(depth). It returns nil for depth < 1.
func (p *Position) Divide(depth int) []DivideEntry {
	if depth < 1 {
		return nil
	}
	var list MoveList
	p.GenerateMoves(&list)
	entries := make([]DivideEntry, list.Len())
	for i, m := range list.Moves() {
		p.PlayUnchecked(m)
		entries[i] = DivideEntry{m, p.Perft(depth - 1)}
		p.Undo()
	}
	return entries
}

package tsume

// The move generators the search stands on, the one place that names the root
// package's generators. The tests judge the solver with the slow reference (every legal
// move, played and kept when it checks).

import "github.com/kifu-go/shogi"

// generateChecks fills list with every legal move of the side to move that gives check.
func generateChecks(p *shogi.Position, list *shogi.MoveList) { p.GenerateChecks(list) }

// generateEvasions fills list with every legal move of the side to move, which is in
// check.
func generateEvasions(p *shogi.Position, list *shogi.MoveList) { p.GenerateEvasions(list) }

// generateEvasionMoves fills list with generateEvasions' moves that are no drop, in
// its order (it lists the drops last).
func generateEvasionMoves(p *shogi.Position, list *shogi.MoveList) { p.GenerateEvasionMoves(list) }

// hasReplyMove reports whether the side to move, in check, has a legal move that is no
// drop: whether generateEvasionMoves would list one.
func hasReplyMove(p *shogi.Position) bool { return p.HasEvasionMove() }

// countEvasions returns the number of legal moves of the side to move, which is in
// check, that are not drops, and the number of squares it may drop a piece on.
func countEvasions(p *shogi.Position) (moves, dropSquares int) { return p.CountEvasions() }

// countReplies returns the number of legal moves of the side to move, which is in check:
// the length of generateEvasions' list, counted without generating it.
func countReplies(p *shogi.Position) int { return p.NumEvasions() }

package tsume

// Proof lengths. A proof of the unbounded search records the depth of the mate it
// proved: the plies to mate when the attacker plays the checks of the proof and the
// defender any legal reply, the longest (every reply counts, futile interpositions
// too). That bounds the tsume length from above under every futility convention: a
// convention that does not count some replies only takes choices from the defender,
// and a position whose only replies are futile ends the line sooner. So the
// depth-bounded df-pn (bounded.go) takes a proof of length at most r as a mate within
// r plies, and the line search starts below the root's (line.go).
//
// The length is stored as a code in the entry's repDep, which a proof does not use
// otherwise: 0 when unknown, else the length plus one. A mate is length 0; an OR node
// proven is one more than the shortest of its proven checks whose length is known; an
// AND node one more than the longest of its replies, unknown when one is. Each length
// rests on lengths recorded before it, so it holds even when those entries are gone
// from the table, and hand domination keeps it (the same moves mate a position whose
// attacker holds more and whose defender holds less). A proof of the bounded search
// may leave futile interpositions out: its length is no such bound, and counts as
// unknown here.

// maxProofCode is the largest length code; a longer proof's length is unknown.
const maxProofCode = noRep - 1

// mateCode is the length code of a mate: no reply, length 0.
const mateCode = 1

// longerCode returns the code of a node one ply above a proof of code c.
func longerCode(c uint16) uint16 {
	if c == 0 || c >= maxProofCode {
		return 0
	}
	return c + 1
}

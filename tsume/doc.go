// Package tsume solves tsume shogi (詰将棋) problems: it searches for a mate in which
// every move of the attacker gives check, and finds the problem's solution line.
//
//	p, _ := shogi.ParseSFENUnreachable("6+Pnl/6Sk1/6sp1/9/8P/9/9/9/9 b GS2r2b3gs3n3l15p 1")
//	r, err := tsume.Solve(ctx, p, tsume.Options{Time: 10 * time.Second})
//	fmt.Println(r) // mate in 7: S*1c 2a1c G*1b 2b1b 3b2a 1b2b 3a3b
//
// The attacker is the side to move; the defender is the other side and holds the
// pieces of its hand in the position. Problems usually list only the attacker's hand,
// the defender holding every other piece: [DefenderHoldsRest] sets that up. The
// attacker's king may stand on the board (双玉): then the defender may check it, and
// the attacker must still check with every move and may not leave his king in check.
//
// # Answers
//
// [Solver.Solve] returns a [Result]: Mate with a line, NoMate (proven: the attacker
// has no mate), or Unknown when a limit stopped the search (Options.Nodes,
// Options.Time, or the context). Status, Stop and LineKind have machine codes
// ("mate", "no-mate", "unknown"; "node-limit", …) that their MarshalText writes, and
// Result marshals to one JSON object with the moves in USI, the object shogi mate -json
// prints; a Verification to {"correct", "findings", "result"}, the names of shogi tsume
// -json's verdicts. Both read back what they write, from the commands' output too.
// Options.Progress reports a search under way about once a second (its nodes, time,
// and what it has proven of the length so far), as a GUI or a long batch shows it.
//
// # The search
//
// Mate is decided by df-pn (depth-first proof-number search, Nagai 2002) with the
// 1+ε threshold of Pawlewicz and Lew (2007), initial proof numbers from a one-ply
// look-ahead (a check's proof number is the number of the defender's replies) and, for
// the defender's replies, from the kind of reply (df-pn+ as in GPS shogi and
// KomoringHeights) and, once a reply is chosen, from the number of the attacker's
// checks after it (none disproves it at once). Ties between children are broken by the
// other number. With Options.AnyMate, the attacker's drops of a lance, of a bishop and
// of a rook count in the disproof number by each type's largest rather than summed.
// Drop interpositions on one square, and those on squares the defender does not guard
// (with Options.AnyMate, from the king outward), are expanded one at a time (as
// KomoringHeights does).
// OR nodes are the attacker's, whose children are the legal checks; AND nodes the
// defender's, whose children are the legal replies to check. The rules are the
// game's: a pawn drop that mates is illegal (打ち歩詰め), a pawn moved may mate.
//
// The transposition table is a fixed array sized from Options.HashBytes when the
// Solver is made and never grown (see table.go for the replacement policy: cheapest
// search effort first, proofs and disproofs kept over unresolved entries). It is keyed
// by the board; proofs and disproofs are shared between positions by hand domination: a
// position is proven when one of the same board was proven with no more pieces in the
// attacker's hand and no fewer in the defender's, and disproven conversely. A disproof
// is stored with the widest hands it holds for (disproof pieces: the pieces of a type
// the attacker lacks count only when one dropped could give check), so that it covers
// more positions. A reply that looks like one proven (another drop on a square where a
// drop was proven, or a reply after an interposition the checker took) is first proven
// by simulation, following the proof found (Kawano 1996, as in OSL). Unresolved
// entries are shared so too, as lower bounds: a position is at least as hard to prove
// as one of the same board whose attacker holds more, and to disprove as one whose
// attacker holds less.
//
// Repetition: a position that repeats one earlier on the line is a failure for the
// attacker (perpetual check loses; a mate never needs to repeat). Such a disproof holds
// on that line only, so it is stored under a key of the whole line from the root unless
// it rests only on the node itself, and never shared with other lines — the simple and
// sound treatment of the graph-history interaction (compare Kishimoto and Müller 2004,
// which shares more). Proofs never depend on the line. The solver reports no false
// mate and no false no-mate on account of history.
//
// # The tsume line
//
// A mate found by df-pn need not be the problem's solution. The solution (作意 as
// solvers define it) follows the conventions of tsume magazines such as 詰将棋パラダイス
// and of solvers such as KomoringHeights and 脊尾詰, as stated in Wikipedia's article
// 合駒 (無駄合) and in the articles of つみき書店 ("詰将棋のルール論争 (7) 無駄合") and
// YaneuraOu's blog ("詰将棋の無駄合の定義について", 2023):
//
//   - the attacker mates as quickly as he can (最短手順), the defender resists as long
//     as he can (最長手順);
//   - futile interpositions (無駄合) do not count as replies. Wikipedia's 合駒 states
//     the rule of tsume literature: an interposition is futile when it is taken for
//     free (ただで取られ) and the attacker mates without the piece as if it had not
//     been played; the wiki 無駄合 (w.atwiki.jp/mudaai, "自明無駄合") and the problem
//     composers' debate it cites (三輪勝昭's "その合駒を王手駒で取られた時… 2手伸びる
//     以外に…") narrow it to a capture by the checker that only lengthens the line by
//     the two plies. FutileFree, the default, implements that: a piece dropped onto
//     a square between the king and a lone ranging checker at a distance is futile
//     when the checker can take it with check, no piece of the defender (the king
//     included) can take the checker there, and the position with the checker there
//     and the hands as before the drop is a mate. FutileMoves applies the same test
//     to a piece moved to interpose (移動合, futile as well by the same rule; the
//     defender keeps the piece taken in hand); its tests are many and costly.
//     FutileDrops is the wider test of KomoringHeights' post-search (its issues
//     #5 and #7: "王手駒で合駒をすぐに取って、その局面で取った駒を受方に返したとしても
//     詰む場合は無駄合", "definition 1" of YaneuraOu's article): drops only, and the
//     defender may take the checker back. The two differ on KomoringHeights #7, where
//     a gold takes the rook back: 3 moves under FutileDrops (what KomoringHeights
//     answers once its capture without promotion is allowed, as the issue found),
//     13 under FutileFree (its futility tests not all decided); the 21 that version
//     0.5 answered is longer than the 15 of FutileNone, so no convention gives it.
//     FutileNone counts every reply, as in a game. A position whose only
//     replies are futile ends the line as a mate does (透かし詰). The variants for a
//     recapture by another piece than the checker and for 原型復帰 (馬鋸: an
//     interposition that lengthens the line by more than two plies) are not
//     implemented; they count as replies. Publishers differ here too: the JSA's
//     problem of 2021-11-16 (in the tests) counts two drops these definitions find
//     futile, and is 7 moves with FutileNone, 5 with FutileFree;
//   - between lines of equal length (駒余り): the defender chooses the reply whose line
//     leaves the attacker fewer pieces in hand at the end (the one that makes him spend
//     them), the attacker the check whose line leaves him more (rules ⑥ and ⑨ of the
//     rules of tsume shogi at suzukou.org; the defender's rule at jukujukuc.net; the
//     order of KomoringHeights' mate lengths). Options.Leftover: PreferNoLeftover, the
//     default, or IgnoreLeftover.
//
// The line is found by an exact bounded minimax after df-pn has proven mate: for bounds
// of 1, 3, 5, … plies, the attacker's every check and the defender's every counted
// reply are searched (checks df-pn disproved are skipped) until the first bound that
// holds a mate. Its length is then exact under the conventions above (LineTsume). The
// replies are ordered by what the earlier bounds learnt of them. A futility test is a
// df-pn search of at most 20 000 nodes of the position after the capture, whose verdict
// serves every test of that position within the search (every piece dropped on the
// square included: the test does not depend on the piece), answered without a search
// when the df-pn table holds a proof or disproof of it; one that does not finish counts
// the drop as a reply, for the whole search, and is counted in Result.Undecided (the
// line may then be longer, unless every such test came after the bounds below the
// length were proven to hold no mate: Result.MinLength is then the length, and the
// tests bear only on the choice between lines of that length). A test that the line
// search's own limits stop before its
// budget (its nodes, or the time of the search or of a part of it) gives no verdict:
// the search stops there, and the test runs again when a later part asks for it. The
// tests run within the bounded df-pn count against its nodes.
//
// A depth-bounded df-pn helps it (mate within N plies: the plies left are part of the
// search, and its table entries carry them: a proof its length, a disproof its bound).
// Once a bound has cost the full-width search 20 000 nodes or more, the bounded df-pn
// searches the next bounds instead (and a bound the full-width search cannot settle
// within 100 000 nodes), one after the other: a proof there is the tsume length (no
// mate is within the bounds below it), a disproof passes the bound over. It answers a
// node with one or two plies left by a mate in one, and, every reply counted, one with
// three or four by a mate in one after each reply to a check. Each proof of df-pn
// records the length of the mate it proved (the attacker's checks of the proof, the
// defender's longest reply, every reply counted): an upper bound of the tsume length
// under every convention, as a convention that does not count a reply only takes a
// choice from the defender. The bounded df-pn takes such a proof as a mate within its
// length.
//
// Once the bounds have used a quarter of Options.LineNodes (or of the time left), the
// bounded df-pn goes on from lo, the largest bound known to hold no mate: it proves
// mate within lo+2 plies, or failing that within 2(lo+2)+1, … up to the root's proof
// length (each bound with half of what is left; after a disproof, the bound two plies
// longer first, with no more nodes than the disproof cost), then halves the bounds
// between lo and the length proven (the bound halfway with half of what is left, the
// one two plies below the length with all of it) until the length is lo+2: the last
// length proven is the tsume length (the attacker's shortest mate from above, as
// KomoringHeights shortens its mates).
//
// It then reads a line of that length, each node of which has its exact length: the
// attacker plays a check after which the defender is mated within the plies left, the
// defender a reply (not futile) after which no mate is two plies shorter. What the two
// searches already know of a move answers first, and the one move left when the others
// are known not to do is taken without a search.
//
// With PreferNoLeftover, the ties of that length are then broken (駒余り) with what is
// left of the nodes and time, and no more than eight times the nodes the length took
// (plus a million): a minimax over the lines of that exact length (the attacker's
// checks after which the defender is mated within the plies left, the defender's
// counted replies after which no mate is two plies shorter, each length answered by the
// bounded df-pn) of the pieces left in the attacker's hand at the end, most for the
// attacker, fewest for the defender. Once a move has given a node its best, the bounded
// df-pn asks of the others only whether they beat it: a mate within the plies left
// whose lines ending at the bound leave more pieces than the best (fewer, at the
// defender's node), a search that fails early wherever the attacker's captures in
// the moves he has left cannot bring his hand to what is asked. When it finishes, the
// line is the tsume line (LineTsume, the same as the full-width search's when no
// futility test was left undecided); when a limit stops it, the line read before is
// kept (LineLength: its length is exact and each of its moves keeps to that length,
// but between lines of equal length it is the first found, not the one the tie-break
// would choose).
//
// Futile interpositions are tested only when they would refute a node, and by the
// bounded df-pn only once the node's replies that look cheaper to disprove have not
// refuted it; at its nodes with one or two plies left (a check whose every reply may be
// a futile drop), with a budget of 700 nodes, a verdict it leaves undecided counted in
// Result.Undecided and kept apart from the full test's. Such a drop counts as a reply
// there, and so in the length; where the full test finds it futile later, and a
// defender's node of the tie-break is left with no counted reply that keeps to the
// length, the tie-break counts the drops found futile there, as the length did. Where
// such a drop lies deeper, under a disproof of the bounded df-pn's table that the
// proofs the tie-break reads now contradict, a defender's node every reply of which is
// mated sooner lies on no line of the length: the reply before it is no move of those
// lines, and a check to it makes its node mated sooner in turn.
//
// Both searches are bounded by Options.LineNodes and the time limit; past them the
// result keeps a line read from the df-pn proof (LineProof), a correct mate that need
// be neither the shortest nor the longest defence: it follows the proof lengths the
// table still holds (the attacker's check of the shortest, the defender's reply of the
// longest), so that where the table kept them it is as long as the root's proof.
// Options.AnyMate asks for the proof's line only. What the searches proved of the
// length is kept all the same:
// Result.MaxLength, the least bound proven to hold a mate (the root's proof length
// when no shorter one was), and Result.MinLength, two plies past the largest bound
// proven to hold none when every futility test was decided, so that a recorded
// solution longer than MaxLength is 早詰 without the exact length. When the proof's
// line is longer than MaxLength, a line within it is read from the depth-bounded
// df-pn's proofs instead, in the same way (the check the table knows to mate
// soonest, the counted reply it knows to be mated latest, each within the plies its
// node was proven to mate in); it ends where the defender has no reply but futile
// interpositions, as the tsume line may. The proofs the table lost are searched again
// with a 16th of the line nodes spent (and 20 000), past the time limit as the proof's
// line is read; when that is not enough, the proof's line is kept.
//
// # Verification
//
// [Solver.Verify] judges a recorded solution of a problem and lists its flaws as
// [Finding]s with machine codes ([Flaw]): an illegal move, a move that does not
// check, a line that does not end in mate, no mate at all, 早詰 (a shorter mate), 変長
// (a defender's reply that lasts longer, with its length) or an escape, 駒余り (pieces
// left in the attacker's hand), and 余詰 (another check that mates within the plies
// left, with its length; at the last move reported apart, as the conventions tolerate
// it). Its questions are answered by the tsume-line search, under the same options
// and limits; a question a limit stopped is an "undecided" finding.
//
// The line search needs memory as well: a quarter of Options.HashBytes is its cache,
// three quarters the df-pn table, so a Solver never holds more than HashBytes of tables
// (and 64 KiB besides, where the table notes the buckets a search wrote, so that the
// next search clears only those).
package tsume

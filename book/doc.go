// Package book reads, writes, builds and converts opening books: YaneuraOu's standard
// text book ("#YANEURAOU-DB2016 1.00") and Apery's book.bin.
//
// A [Book] holds positions — board, hands and side to move, never the move number —
// each with its moves as [Entry] values: the move, the expected reply (Ponder), the
// value after the move from the mover's view, the search depth, how often the move was
// chosen, and, for books built from games, how many of those games the mover won, drew
// and lost. [Book.Lookup] gives a position's moves in the order the engines use: most
// chosen first, then best value, ties in the order the moves were first added
// (YaneuraOu's stable sort).
//
// # YaneuraOu's text book
//
//	#YANEURAOU-DB2016 1.00
//	sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1
//	7g7f 3c3d 0 0 17
//	2g2f 8c8d 0 0 3
//
// [Read] and [Parse] read a whole book, a [Reader] one position at a time; [Book.WriteTo]
// and [Format] write one as YaneuraOu does: positions sorted by their SFEN (YaneuraOu's
// on-the-fly reader binary-searches the file), each once, with the smallest move number
// it was added with, and each position's moves in the engines' order. The move number
// is the position's ply: YaneuraOu compares it unless its IgnoreBookPly option is set;
// this package ignores it when it matches positions, so a position given at two plies is
// one position, its moves merged as YaneuraOu merges them (a repeated move sums its
// counts). Lines starting with '#' or "//" are comments, and value, depth and count may
// be left out (0, 0, 1).
//
// # Apery's book.bin
//
// 16-byte little-endian entries (key uint64, move uint16, count uint16, score int32)
// sorted by key. The key is Apery's own hash of a position ([AperyKey]), drawn from a
// default-seeded std::mt19937_64, and it leaves out the hand of the side not to move;
// the move is in Apery's 16-bit layout ([packed.AperyMove16]; cshogi's HCPE move16, not
// YaneuraOu's Move16). [ReadApery] and an [AperyReader] read such a file into an
// [AperyBook], which [AperyBook.Lookup] probes by position. [Book.Apery] converts a
// book to Apery's format (counts past 65535 written as 65535, as Apery counts).
// Since the file holds hashes and no positions, [FromApery] converts it back by walking
// legal moves from start positions ([Starts]: the even game and every handicap) and
// matching keys; its [FromAperyStats] say how many of the entries the walk reached.
// Apery's book maker keeps the winners' moves alone, so a walk along the book's moves
// stops where the loser moved: [WalkOptions.Bridge] crosses those positions by trying
// every legal move (on the book Apery made of 550 real games, 816 of 20 629 entries
// are reached without it and all of them with Bridge 1).
//
// # Checks
//
// Every move read from a book is checked against its position, and a ponder move
// against the position after the move: an illegal one is an [*Error] with the line of
// a text book, or the index and byte offset of an Apery entry, whose cause errors.Is
// matches with [ErrMove] and with the root package's foul (shogi.ErrNifu, …). Every
// problem is an *Error; [Code] gives the stable machine code of its cause.
//
// # Building
//
// A [Builder] counts the moves of game records' main lines, up to a number of moves
// from each record's start, with the result of each game for the side that moved (or
// only the winner's moves, as Apery's book maker does), and makes a book of the moves
// chosen at least a given number of times. The book does not depend on the order of the
// records. [Builder.Counts] gives the moves a record counts without adding them, and
// [Builder.AddCount] adds counts per position, so that a pipeline counts records on
// many machines, combines the counts per position, and makes the same book (the Beam
// pipeline in beam/ does).
package book

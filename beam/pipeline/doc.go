// Package pipeline validates, converts and summarises archives of shogi game records on
// Apache Beam, so that the work spreads over a cluster (Dataflow, Flink, Spark) or runs
// locally on the Prism runner, with the verdicts that shogi validate gives.
//
// Build adds the transforms to a Beam pipeline:
//
//  1. the input file patterns are matched in any filesystem Beam knows (local paths,
//     gs://, s3://) and the files spread over the workers;
//  2. each file is read with record.Reader, which detects its format (KIF, KI2, CSA,
//     JKF, USI, SFEN) and encoding, and every record of it is judged with
//     record.Validate, the library's one verdict policy;
//  3. each verdict is written as a line of JSON, record.Report's form, the very line
//     shogi validate -json prints for it (but for the error of a record past 64 MiB,
//     which the command words by its flag, -max-record-size, and the pipeline by the
//     library), into shards "verdicts-00000-of-00004.jsonl";
//  4. valid records are optionally converted to another format (Options.To), and their
//     main lines written in a notation (Options.Notation);
//  5. a summary (summary.json, see Summary) counts the records, valid and invalid, the
//     errors by code, the endings, results and handicaps, and the game lengths;
//  6. valid records are keyed by their game (GameKey: the start position and the moves)
//     and every game found more than once is a line of duplicates.jsonl (Duplicate);
//  7. optionally (Options.Training) the training entries of valid records, the ones
//     shogi positions writes, with its filters (packed.Filter) into shards
//     "training-00000-of-00004.hcpe", each in the order of the inputs whatever the
//     runner; with Options.Dedup a combine keeps each position's entry met first, the
//     one shogi positions -dedup keeps (positions travel in batches by their hash's top
//     bits: DedupBatch);
//  8. optionally (Options.Book) an opening book, the one shogi book build writes: each
//     record's moves counted (book.Builder.Counts), combined per position (in batches:
//     BookBatch), added up in
//     one book.Builder and written as book.db (YaneuraOu) or book.bin (Apery).
//
// A file is the unit of work: the records of one file are read in order by one worker,
// as a file of CSA or JSON Lines records can only be read from its start. An archive of
// many files spreads well; one huge file of millions of records does not (split it).
// Files that cannot be read are verdict lines with code "io", not failures of the run.
//
// The command shogi-beam (in cmd/shogi-beam) runs the pipeline with Beam's flags.
package pipeline

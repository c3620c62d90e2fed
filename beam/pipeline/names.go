package pipeline

// The names of the output files, below the output prefix: shards of lines named
// "verdicts-00003-of-00008.jsonl", and the files of records converted to KIF or KI2, one
// per record, named after their input's path below the fixed part of the input patterns.

import (
	"fmt"
	"hash/fnv"
	"os"
	"path"
	"strings"
)

// Names of the outputs below the output prefix.
const (
	summaryName    = "summary.json"
	duplicatesName = "duplicates.jsonl"
	verdictsStem   = "verdicts"
	linesStem      = "lines"
	convertedDir   = "converted/"
)

// shardName returns the name of shard i of n of the files stem…ext:
// "verdicts-00003-of-00008.jsonl".
func shardName(stem string, i, n int, ext string) string {
	return fmt.Sprintf("%s-%05d-of-%05d%s", stem, i, n, ext)
}

// shardOf returns the shard, of n, of the record at index of the input at path: spread
// evenly, and the same in every run.
func shardOf(path string, index, n int) int {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s#%d", path, index)
	return int(h.Sum64() % uint64(n))
}

// joinOutput returns the name below the output prefix: prefix is a directory, local or
// in a remote filesystem ("gs://bucket/out"), with or without its final slash.
func joinOutput(prefix, name string) string {
	if prefix == "" || strings.HasSuffix(prefix, "/") {
		return prefix + name
	}
	return prefix + "/" + name
}

// fixedPrefix returns the part of a file pattern before the directory in which its first
// wildcard is, with its final slash: "gs://b/records/" for "gs://b/records/*/*.kif". A
// pattern without wildcards names a file, whose directory is returned, or a local
// directory, which is returned with a slash.
func fixedPrefix(pattern string) string {
	if i := strings.IndexAny(pattern, "*?[{"); i >= 0 {
		pattern = pattern[:i]
	} else if info, err := os.Stat(pattern); err == nil && info.IsDir() && isLocal(pattern) {
		return strings.TrimSuffix(pattern, "/") + "/"
	}
	return pattern[:strings.LastIndex(pattern, "/")+1]
}

// commonBase returns the longest directory prefix (ending in a slash) that the fixed
// prefixes of all the patterns share; "" when they share none.
func commonBase(patterns []string) string {
	if len(patterns) == 0 {
		return ""
	}
	base := fixedPrefix(patterns[0])
	for _, p := range patterns[1:] {
		q := fixedPrefix(p)
		n := 0
		for n < len(base) && n < len(q) && base[n] == q[n] {
			n++
		}
		base = base[:strings.LastIndex(base[:n], "/")+1]
	}
	return base
}

// recordFileName is the name, below the directory of converted records, of the file of
// one record converted to a format of one record per file: the input's path below base
// without its extension, "-N" added for the N-th record of an input that holds several,
// and the format's extension. A path outside base keeps all of itself but its scheme.
func recordFileName(base, inputPath string, index int, several bool, ext string) string {
	name, ok := strings.CutPrefix(inputPath, base)
	if !ok || base == "" {
		if _, rest, found := strings.Cut(inputPath, "://"); found {
			name = rest
		}
		name = strings.TrimLeft(name, "/")
	}
	name = strings.TrimSuffix(name, ".gz")
	name = strings.TrimSuffix(name, path.Ext(name))
	if several {
		name = fmt.Sprintf("%s-%d", name, index)
	}
	return convertedDir + name + ext
}

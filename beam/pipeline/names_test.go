package pipeline

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

func TestOutputNames(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ got, want string }{
		{shardName("verdicts", 3, 8, ".jsonl"), "verdicts-00003-of-00008.jsonl"},
		{joinOutput("gs://b/out", "summary.json"), "gs://b/out/summary.json"},
		{joinOutput("gs://b/out/", "summary.json"), "gs://b/out/summary.json"},
		{joinOutput("/tmp/out", "converted/a.kif"), "/tmp/out/converted/a.kif"},
		{fixedPrefix("gs://b/records/*/*.kif"), "gs://b/records/"},
		{fixedPrefix("gs://b/rec?rds/x.kif"), "gs://b/"},
		{fixedPrefix("/data/games.csa"), "/data/"},
		{fixedPrefix("*.kif"), ""},
		{fixedPrefix(dir), dir + "/"},
		{fixedPrefix(dir + "/"), dir + "/"},
		{commonBase([]string{dir, dir + "/x/*.kif"}), dir + "/"},
		{commonBase([]string{"/a/b/c/*.kif", "/a/b/d/*/*.csa"}), "/a/b/"},
		{commonBase([]string{"/a/bc/*.kif", "/a/bd/*.kif"}), "/a/"},
		{commonBase([]string{"gs://b/x/*", "s3://b/x/*"}), ""},
		{commonBase([]string{"/a/b/*.kif"}), "/a/b/"},
		{commonBase(nil), ""},
		{recordFileName("/a/", "/a/kif/x.kif", 1, false, ".kif"), "converted/kif/x.kif"},
		{recordFileName("/a/", "/a/multi/games.csa", 3, true, ".ki2"), "converted/multi/games-3.ki2"},
		{recordFileName("/a/", "/a/g.csa.gz", 1, false, ".kif"), "converted/g.kif"},
		{recordFileName("", "gs://bucket/r/g.csa", 2, true, ".kif"), "converted/bucket/r/g-2.kif"},
		{recordFileName("/a/", "/elsewhere/g.jkf", 1, false, ".kif"), "converted/elsewhere/g.kif"},
		{recordFileName("", "rel/g.usi", 7, true, ".kif"), "converted/rel/g-7.kif"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}

// TestShardOf: shards are in range, the same for the same record, and spread.
func TestShardOf(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		path := rapid.String().Draw(t, "path")
		index := rapid.IntRange(1, 1<<20).Draw(t, "index")
		n := rapid.IntRange(1, 64).Draw(t, "n")
		s := shardOf(path, index, n)
		if s < 0 || s >= n || s != shardOf(path, index, n) {
			t.Fatalf("shardOf(%q, %d, %d) = %d", path, index, n, s)
		}
	})
	counts := make([]int, 4)
	for i := range 4000 {
		counts[shardOf("/archive/games.csa", i+1, 4)]++
	}
	for s, c := range counts {
		if c < 800 || c > 1200 {
			t.Errorf("shard %d has %d of 4000 records: %v", s, c, counts)
		}
	}
	if diff := cmp.Diff(shardOf("a", 1, 1), 0); diff != "" {
		t.Error(diff)
	}
}

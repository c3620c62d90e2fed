//go:build !amd64

package tsume

// prefetchBucket reads the first word of b, so that the loads of the buckets of a
// node's children are issued together and their cache misses overlap; the caller sums
// the words so that the loads are not dropped.
func prefetchBucket(b *bucket) uint64 { return b.keys[0] }

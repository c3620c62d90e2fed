package tsume

import "testing"

// TestTableClear stores into a table, a few times (cleared bucket by bucket) and more
// than table.stored holds (cleared whole), with stores of each kind, and wants every
// bucket empty after clear, as a new table's.
func TestTableClear(t *testing.T) {
	tt := newTable(1 << 20)
	g, r := hand(), hand(1, 2, 3)
	for _, n := range []int{0, 1, 100, storedMax / 2, storedMax + 1, 4 * len(tt.buckets)} {
		state := uint64(n) + 1
		for i := range n {
			var key uint64
			state, key = splitmix(state)
			switch i % 3 {
			case 0:
				tt.storeNew(key, g, r, 2, 1)
			case 1:
				tt.storeRange(key, g, r, g, r, 0, 0, infinity, mateCode, uint64(i), 0)
			default:
				tt.bstore(key, g, r, 5, 3, 2, 0, uint64(i))
			}
		}
		if n > 0 && tt.nStored == 0 {
			t.Fatalf("%d stores: none recorded", n)
		}
		tt.clear()
		for i := range tt.buckets {
			if tt.buckets[i] != (bucket{}) {
				t.Fatalf("%d stores (%d stores counted): bucket %d not cleared", n, tt.nStored, i)
			}
		}
		if tt.nStored != 0 {
			t.Fatalf("%d stores: %d stores still counted after clear", n, tt.nStored)
		}
	}
}

package book

// mt64 is the 64-bit Mersenne Twister MT19937-64 (Matsumoto and Nishimura, 2000), the
// generator of C++'s std::mt19937_64. Apery draws its book key table from one with the
// standard's default seed, 5489.
type mt64 struct {
	mt [312]uint64
	i  int
}

const (
	mtN        = 312
	mtM        = 156
	mtMatrixA  = 0xB5026F5AA96619E9
	mtUpper    = 0xFFFFFFFF80000000
	mtLower    = 0x7FFFFFFF
	mtInitMult = 6364136223846793005
)

func newMT64(seed uint64) *mt64 {
	g := &mt64{i: mtN}
	g.mt[0] = seed
	for i := 1; i < mtN; i++ {
		g.mt[i] = mtInitMult*(g.mt[i-1]^g.mt[i-1]>>62) + uint64(i)
	}
	return g
}

func (g *mt64) next() uint64 {
	if g.i >= mtN {
		for k := range mtN {
			x := g.mt[k]&mtUpper | g.mt[(k+1)%mtN]&mtLower
			y := x >> 1
			if x&1 != 0 {
				y ^= mtMatrixA
			}
			g.mt[k] = g.mt[(k+mtM)%mtN] ^ y
		}
		g.i = 0
	}
	x := g.mt[g.i]
	g.i++
	x ^= x >> 29 & 0x5555555555555555
	x ^= x << 17 & 0x71D67FFFEDA60000
	x ^= x << 37 & 0xFFF7EEE000000000
	x ^= x >> 43
	return x
}

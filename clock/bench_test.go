package clock_test

import (
	"testing"
	"time"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/clock"
)

// BenchmarkCharge charges a move on a clock (a server charges every move so).
func BenchmarkCharge(b *testing.B) {
	k := clock.New(clock.NHKCup(), nil)
	b.ReportAllocs()
	for b.Loop() {
		k.SetState(shogi.Black, clock.NHKCup().Black.Start())
		k.Charge(shogi.Black, 10*time.Minute+90*time.Second)
	}
}

// BenchmarkGo builds the go arguments for a move.
func BenchmarkGo(b *testing.B) {
	k := clock.New(clock.Fischer(5*time.Minute, 10*time.Second), nil)
	b.ReportAllocs()
	for b.Loop() {
		_ = k.Go(shogi.White)
	}
}

func TestChargeAllocatesNothing(t *testing.T) {
	k := clock.New(clock.NHKCup(), nil)
	if n := testing.AllocsPerRun(100, func() {
		k.Charge(shogi.Black, 90*time.Second)
		k.Go(shogi.White)
	}); n != 0 {
		t.Errorf("Charge and Go allocate %v times", n)
	}
}

package usi

import "math"

// EloDifference returns the Elo rating difference that a score of wins, losses and
// draws over a match gives the side that scored it, and the margin of its 95%
// confidence interval (the half-width, in Elo, of the interval of the score that the
// games' spread allows, as cutechess-cli computes it). A score of 0% or 100% gives an
// infinite difference; no games give 0 and an infinite margin.
func EloDifference(wins, losses, draws int) (diff, margin float64) {
	n := float64(wins + losses + draws)
	if n == 0 {
		return 0, math.Inf(1)
	}
	w, l, d := float64(wins)/n, float64(losses)/n, float64(draws)/n
	score := w + d/2
	variance := w*(1-score)*(1-score) + d*(0.5-score)*(0.5-score) + l*score*score
	dev := 1.959963984540054 * math.Sqrt(variance/n)
	diff = elo(score)
	margin = (elo(score+dev) - elo(score-dev)) / 2
	if math.IsNaN(margin) {
		margin = math.Inf(1)
	}
	return diff, margin
}

// elo returns the rating difference that an expected score s gives.
func elo(s float64) float64 {
	switch {
	case s <= 0:
		return math.Inf(-1)
	case s >= 1:
		return math.Inf(1)
	}
	return 0 - 400*math.Log10(1/s-1) // 0 - x: an even score is 0, not -0
}

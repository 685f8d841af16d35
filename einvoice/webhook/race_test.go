//go:build race

package webhook

// The race detector makes sync.Pool drop entries at random, so
// allocation counts mean nothing under it.
func init() { raceEnabled = true }

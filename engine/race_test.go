//go:build race

package engine

// raceEnabled is set when the tests run under the race detector, whose
// sync.Pool drops a share of what is put back, so that counts of
// allocations vary from run to run.
func init() { raceEnabled = true }

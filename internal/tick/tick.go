// Package tick runs a piece of periodic work, such as a poll of a shared
// store, with a time bound on each run: a run that meets a store which
// does not answer (a database connection that hangs without failing)
// gives up, and the next tick tries again, rather than waiting for good
// and stalling every later tick.
package tick

import (
	"context"
	"math"
	"time"
)

// Bound is how many intervals one run may take before its context ends.
const Bound = 10

// Every calls run every interval until ctx ends, and once at the start
// too when first is true. Each call gets a context that ends Bound
// intervals after the call begins, or with ctx; run is expected to
// return soon after its context ends. Calls never overlap: a tick that
// comes while run is running is dropped. Every returns when ctx ends, or
// at once when interval is not positive.
func Every(ctx context.Context, interval time.Duration, first bool, run func(context.Context)) {
	if interval <= 0 {
		return
	}
	limit := time.Duration(math.MaxInt64)
	if interval <= limit/Bound {
		limit = Bound * interval
	}
	call := func() {
		rctx, cancel := context.WithTimeout(ctx, limit)
		defer cancel()
		run(rctx)
	}
	if first && ctx.Err() == nil {
		call()
	}
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		call()
	}
}

package profile

import (
	"context"
	"testing"
	"time"

	"github.com/levytax/levy"
)

// TestCacheNotMade checks that a nil Cache, a zero one and one over a nil
// Store refuse every load as invalid and that Follow returns, where each
// used to panic.
func TestCacheNotMade(t *testing.T) {
	ctx := context.Background()
	caches := map[string]*Cache{"nil": nil, "zero": {}, "nil store": NewCache(nil, nil)}
	for name, c := range caches {
		t.Run(name, func(t *testing.T) {
			if _, err := c.Snapshot(ctx, "acme"); levy.ErrorCode(err) != levy.EInvalid {
				t.Errorf("Snapshot: %v, want %s", err, levy.EInvalid)
			}
			if err := c.Invalidate(ctx, "acme"); levy.ErrorCode(err) != levy.EInvalid {
				t.Errorf("Invalidate: %v, want %s", err, levy.EInvalid)
			}
			if n, err := c.Refresh(ctx); n != 0 || levy.ErrorCode(err) != levy.EInvalid {
				t.Errorf("Refresh: %d, %v, want 0, %s", n, err, levy.EInvalid)
			}
			done := make(chan struct{})
			go func() {
				c.Follow(ctx, time.Millisecond)
				close(done)
			}()
			<-done // a Follow that did not return would hang the test
		})
	}
}

package engine_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/engine"
)

// countingValidator says every number is registered and counts the
// questions.
type countingValidator struct {
	mu    sync.Mutex
	asked int
}

func (*countingValidator) Name() string { return "counting" }

func (v *countingValidator) Validate(context.Context, string, string) (bool, error) {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.asked++
	return true, nil
}

// TestCachingValidatorKeepsTenantsApart: acme checks a VAT number, then
// beta checks the same number. Beta's answer must not come from acme's
// check: before, it said cached with acme's time, which told beta that
// another tenant had checked that number and when. Each tenant's own
// repeat still comes from the cache (its purpose), with the time of its
// own first check, and the service is asked once per tenant.
func TestCachingValidatorKeepsTenantsApart(t *testing.T) {
	t0 := time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC)
	now := t0
	inner := &countingValidator{}
	v := &engine.CachingValidator{NumberValidator: inner, TTL: 24 * time.Hour, Now: func() time.Time { return now }}
	acme := levy.WithTenant(context.Background(), "acme")
	beta := levy.WithTenant(context.Background(), "beta")
	look := func(ctx context.Context, wantCached bool, wantAt time.Time) {
		t.Helper()
		valid, cached, at, err := v.Lookup(ctx, "DE", "136695976")
		if err != nil || !valid || cached != wantCached || !at.Equal(wantAt) {
			t.Fatalf("tenant %s at %v: valid %v, cached %v at %v, %v; want cached %v at %v",
				levy.Tenant(ctx), now, valid, cached, at, err, wantCached, wantAt)
		}
	}
	look(acme, false, t0)
	now = t0.Add(time.Hour)
	look(beta, false, now) // not acme's answer
	now = t0.Add(2 * time.Hour)
	look(acme, true, t0)
	look(beta, true, t0.Add(time.Hour))
	look(context.Background(), false, now) // the default tenant, its own too
	if inner.asked != 3 {
		t.Fatalf("the service was asked %d times, want 3 (once per tenant)", inner.asked)
	}
}

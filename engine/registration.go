package engine

import (
	"context"
	"sync"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/wire"
)

// NumberValidator asks an external service whether a tax registration
// number is registered. Levy ships none; a host plugs one in with
// WithNumberValidator. Implementations must be safe for concurrent use and
// should honour the context's deadline.
type NumberValidator interface {
	// Name identifies the service in results (taxNumberService).
	Name() string
	// Validate reports whether the normalised number is registered in
	// country. An error means the service could not answer.
	Validate(ctx context.Context, country, number string) (bool, error)
}

// CachingValidator wraps a NumberValidator with a cache of its answers, so
// that a number is asked about at most once per TTL by each tenant. It is
// safe for concurrent use.
//
// The cache is kept per tenant (levy.Tenant of the context): whether an
// answer came from the cache, and when it was obtained, are part of the
// answer (cached, cacheTimestamp), so a cache shared by the tenants would
// tell one tenant that another had checked the same number, and when.
// Each tenant's answers are its own; the same number checked by two
// tenants is asked about twice.
type CachingValidator struct {
	NumberValidator
	TTL time.Duration
	Now func() time.Time // time.Now when nil

	mu    sync.Mutex
	cache map[cacheKey]cachedAnswer
}

// cacheKey is what an answer is cached under: the tenant that asked and
// the number asked about.
type cacheKey struct {
	tenant, country, number string
}

type cachedAnswer struct {
	valid bool
	at    time.Time
}

// maxCached bounds the cache; when full it is emptied.
const maxCached = 100_000

// Lookup returns the answer cached for the tenant of ctx (levy.Tenant) or
// asks the wrapped validator, and says whether the answer came from the
// cache and when it was obtained. Another tenant's answers are never
// used.
func (v *CachingValidator) Lookup(ctx context.Context, country, number string) (valid, cached bool, at time.Time, err error) {
	now := time.Now
	if v.Now != nil {
		now = v.Now
	}
	key := cacheKey{levy.Tenant(ctx), country, number}
	v.mu.Lock()
	a, ok := v.cache[key]
	v.mu.Unlock()
	if ok && now().Sub(a.at) < v.TTL {
		return a.valid, true, a.at, nil
	}
	valid, err = v.NumberValidator.Validate(ctx, country, number)
	if err != nil {
		return false, false, time.Time{}, err
	}
	at = now()
	v.mu.Lock()
	if v.cache == nil || len(v.cache) >= maxCached {
		v.cache = map[cacheKey]cachedAnswer{}
	}
	v.cache[key] = cachedAnswer{valid, at}
	v.mu.Unlock()
	return valid, false, at, nil
}

// numberCheck wraps a NumberValidator for the engine: every validator is
// cached for a day unless it is a CachingValidator already.
type numberCheck struct {
	c *CachingValidator
}

func newNumberCheck(v NumberValidator) *numberCheck {
	if v == nil {
		return nil
	}
	if c, ok := v.(*CachingValidator); ok {
		return &numberCheck{c}
	}
	return &numberCheck{&CachingValidator{NumberValidator: v, TTL: 24 * time.Hour}}
}

// check fills vr with the external service's answer.
func (v *numberCheck) check(ctx context.Context, country, number string, vr *wire.ValidationResult) {
	vr.TaxNumberService = v.c.Name()
	valid, cached, at, err := v.c.Lookup(ctx, country, number)
	if err != nil {
		vr.ValidationInfo = wire.ValidationInfoServiceTemporarilyUnavailable
		return
	}
	vr.IsValid = &valid
	vr.Cached = cached
	vr.CacheTimestamp = at.UTC().Format(time.RFC3339)
	if valid {
		vr.ValidationInfo = wire.ValidationInfoValidExternally
	} else {
		vr.ValidationInfo = wire.ValidationInfoInvalidExternally
	}
}

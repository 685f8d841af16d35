package auth

import (
	"context"
	"errors"
	"fmt"
	"net/netip"
	"sync"
	"sync/atomic"
	"time"
)

// Defaults of the throttling of failed client authentication.
const (
	defaultClientFailures = 10 // per client ID per minute
	defaultSourceFailures = 30 // per source address per minute
	defaultHashQueue      = 32 // token requests waiting for a hash, per lane
	// maxBuckets bounds the memory of a failure limiter: beyond it, a
	// key met for the first time is not limited (the hash queue still
	// bounds the work).
	maxBuckets = 100_000
)

// failureLimiter limits failed authentications per key (a client ID or a
// source address) with a token bucket: a key may fail burst times in a
// row, and once more each 1/rate seconds after that. An attempt takes a
// token before it is hashed, and gives it back when it succeeds, so that
// concurrent attempts cannot overshoot the limit.
//
// failureLimiter is safe for concurrent use.
type failureLimiter struct {
	burst float64
	rate  float64 // tokens per second

	mu      sync.Mutex
	buckets map[string]bucket
}

// bucket is a key's tokens at a time, and whether an attempt was refused
// since the last one that was not.
type bucket struct {
	tokens  float64
	at      time.Time
	refused bool
}

// newFailureLimiter returns a limiter of perMinute failures per minute
// with a burst of as many, or nil (no limit) when perMinute is not
// positive.
func newFailureLimiter(perMinute int) *failureLimiter {
	if perMinute <= 0 {
		return nil
	}
	return &failureLimiter{burst: float64(perMinute), rate: float64(perMinute) / 60, buckets: map[string]bucket{}}
}

// fill returns b refilled at now.
func (l *failureLimiter) fill(b bucket, now time.Time) bucket {
	if d := now.Sub(b.at); d > 0 {
		b.tokens = min(l.burst, b.tokens+d.Seconds()*l.rate)
		b.at = now
	}
	return b
}

// take takes a token of key at now. When there is none, it returns false,
// how long until there is one, and whether this is the first refusal
// since an attempt was allowed (to be logged).
func (l *failureLimiter) take(key string, now time.Time) (ok bool, wait time.Duration, first bool) {
	if l == nil {
		return true, 0, false
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	b, ok := l.buckets[key]
	if !ok {
		b = bucket{tokens: l.burst, at: now}
	}
	b = l.fill(b, now)
	if b.tokens < 1 {
		first = !b.refused
		b.refused = true
		l.buckets[key] = b
		return false, time.Duration((1 - b.tokens) / l.rate * float64(time.Second)), first
	}
	b.tokens--
	b.refused = false
	if !ok && len(l.buckets) >= maxBuckets {
		l.sweep(now)
		if len(l.buckets) >= maxBuckets {
			return true, 0, false
		}
	}
	l.buckets[key] = b
	return true, 0, false
}

// give gives back the token of key taken at an attempt that succeeded.
func (l *failureLimiter) give(key string, now time.Time) {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	b, ok := l.buckets[key]
	if !ok {
		return
	}
	b = l.fill(b, now)
	b.tokens = min(l.burst, b.tokens+1)
	if b.tokens >= l.burst {
		delete(l.buckets, key) // a full bucket is as good as none
		return
	}
	l.buckets[key] = b
}

// sweep drops the buckets that have refilled by now.
func (l *failureLimiter) sweep(now time.Time) {
	for k, b := range l.buckets {
		if l.fill(b, now).tokens >= l.burst {
			delete(l.buckets, k)
		}
	}
}

// sourceKey is the key of a source address in the limiter: an IPv4
// address, or the /64 prefix of an IPv6 address (what one subscriber
// usually has); "" for no address.
func sourceKey(a netip.Addr) string {
	a = a.Unmap()
	switch {
	case !a.IsValid():
		return ""
	case a.Is6():
		p, _ := a.Prefix(64)
		return p.String()
	}
	return a.String()
}

// throttled returns the error of a request refused before hashing
// because its client ID or its source address has failed too often. It
// does not say which, so that it does not tell whether a client ID
// exists.
func throttled(wait time.Duration) *Error {
	wait = max((wait + time.Second - 1).Truncate(time.Second), time.Second)
	return &Error{
		Code:        CodeThrottled,
		Description: fmt.Sprintf("too many failed authentications; retry after %d seconds", int64(wait/time.Second)),
		RetryAfter:  wait,
	}
}

// busy returns the error of a request refused because too many others
// wait for their secrets to be hashed.
func busy() *Error {
	return &Error{
		Code:        CodeTemporarilyUnavailable,
		Description: "too many token requests are waiting; retry after 1 second",
		RetryAfter:  time.Second,
	}
}

// Lanes of the hash gate: the secrets presented for known clients, and
// those for unknown client IDs, hashed only so that the answer takes as
// long.
const (
	laneKnown = iota
	laneUnknown
)

// errBusy is the error of a hash refused because its lane's queue is
// full.
var errBusy = errors.New("too many secrets wait to be hashed")

// unknownIdle is how many times as long as its last hash the unknown
// lane stays idle after it: its hashes take at most a quarter of one
// core.
const unknownIdle = 3

// hashGate bounds the hashes that run at once (each holds the memory of
// its parameters) and the requests that wait for one. The hashes for
// unknown client IDs, which only make the answer take as long as for a
// known client, run one at a time and then leave the lane idle three
// times as long as they took, so that a flood of random client IDs takes
// at most a quarter of a core and leaves the other slots to the known
// clients. Each lane has its own queue, so that one lane's flood does not
// fill the other's.
//
// hashGate is safe for concurrent use.
type hashGate struct {
	slots   chan struct{} // a slot per hash running
	unknown chan struct{} // the unknown lane's one slot, held through its idle time
	queue   int64         // the most requests waiting per lane
	waiting [2]atomic.Int64
}

func newHashGate(slots, queue int) *hashGate {
	return &hashGate{
		slots:   make(chan struct{}, slots),
		unknown: make(chan struct{}, 1),
		queue:   int64(queue),
	}
}

// enter waits for a slot in lane and returns the function that frees
// it. With capped, it fails with errBusy at once when the lane's queue is
// full; without, it waits (the changes of credentials).
func (g *hashGate) enter(ctx context.Context, lane int, capped bool) (func(), error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("wait to hash a secret: %w", err)
	}
	w := &g.waiting[lane]
	if n := w.Add(1); capped && n > g.queue {
		w.Add(-1)
		return nil, errBusy
	}
	defer w.Add(-1)
	if lane == laneUnknown {
		select {
		case g.unknown <- struct{}{}:
		case <-ctx.Done():
			return nil, fmt.Errorf("wait to hash a secret: %w", ctx.Err())
		}
	}
	select {
	case g.slots <- struct{}{}:
	case <-ctx.Done():
		if lane == laneUnknown {
			<-g.unknown
		}
		return nil, fmt.Errorf("wait to hash a secret: %w", ctx.Err())
	}
	if lane == laneKnown {
		return func() { <-g.slots }, nil
	}
	start := time.Now()
	return func() {
		<-g.slots
		time.AfterFunc(unknownIdle*time.Since(start), func() { <-g.unknown })
	}, nil
}

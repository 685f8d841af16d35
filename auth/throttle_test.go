package auth

import (
	"context"
	"errors"
	"net/netip"
	"testing"
	"time"
)

func TestFailureLimiter(t *testing.T) {
	l := newFailureLimiter(3) // 3 per minute: one each 20 s
	now := time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)
	for n := range 3 {
		if ok, _, _ := l.take("a", now); !ok {
			t.Fatalf("failure %d refused", n+1)
		}
	}
	ok, wait, first := l.take("a", now)
	if ok || wait != 20*time.Second || !first {
		t.Fatalf("fourth: %v %v %v", ok, wait, first)
	}
	if ok, _, first := l.take("a", now.Add(time.Second)); ok || first {
		t.Fatalf("fifth: %v, first %v", ok, first)
	}
	if ok, _, _ := l.take("b", now); !ok {
		t.Fatal("another key refused")
	}
	l.give("a", now) // an attempt that succeeded
	if ok, _, _ := l.take("a", now); !ok {
		t.Fatal("refused after a success gave a token back")
	}
	if ok, _, _ := l.take("a", now.Add(20*time.Second)); !ok {
		t.Fatal("refused after 20 seconds")
	}
	l.give("b", now)
	if _, ok := l.buckets["b"]; ok {
		t.Error("a full bucket is kept")
	}
	if newFailureLimiter(0) != nil || newFailureLimiter(-1) != nil {
		t.Error("a limiter of no failures")
	}

	for addr, key := range map[string]string{
		"192.0.2.7": "192.0.2.7", "::ffff:192.0.2.7": "192.0.2.7",
		"2001:db8:1:2:3:4:5:6": "2001:db8:1:2::/64", "2001:db8:1:2:ffff::1": "2001:db8:1:2::/64",
	} {
		if got := sourceKey(netip.MustParseAddr(addr)); got != key {
			t.Errorf("sourceKey(%s) = %q, want %q", addr, got, key)
		}
	}
	if sourceKey(netip.Addr{}) != "" {
		t.Error("a key for no address")
	}
}

// TestHashGate fills the lanes of a gate of two slots and queues of one:
// the unknown lane runs one hash at a time, a full queue refuses at once,
// and the known lane keeps a slot whatever the unknown lane does.
func TestHashGate(t *testing.T) {
	ctx := context.Background()
	g := newHashGate(2, 1)
	var leave [2]func()
	var queued [2]chan error
	for _, lane := range []int{laneUnknown, laneKnown} {
		// One runs, one waits, a third is refused: the unknown lane has
		// one slot, and the known lane has the other.
		var err error
		if leave[lane], err = g.enter(ctx, lane, true); err != nil {
			t.Fatal(err)
		}
		queued[lane] = waitIn(g, lane)
		if _, err := g.enter(ctx, lane, true); !errors.Is(err, errBusy) {
			t.Fatalf("lane %d, a third: %v, want errBusy", lane, err)
		}
	}
	// Uncapped (a credential's change), it waits, here until its
	// context ends.
	tctx, cancel := context.WithTimeout(ctx, 10*time.Millisecond)
	defer cancel()
	if _, err := g.enter(tctx, laneKnown, false); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("uncapped: %v", err)
	}
	for _, lane := range []int{laneKnown, laneUnknown} {
		leave[lane]()
		if err := <-queued[lane]; err != nil {
			t.Fatal(err)
		}
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := g.enter(cctx, laneUnknown, true); !errors.Is(err, context.Canceled) {
		t.Fatalf("an ended context: %v", err)
	}
}

// waitIn enters lane of g in a goroutine, leaves at once, and sends the
// error of enter on the channel it returns once the request waits in the
// lane's queue.
func waitIn(g *hashGate, lane int) chan error {
	done := make(chan error, 1)
	go func() {
		leave, err := g.enter(context.Background(), lane, true)
		if err == nil {
			leave()
		}
		done <- err
	}()
	for g.waiting[lane].Load() != 1 {
		time.Sleep(time.Millisecond)
	}
	return done
}

package engine

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"

	"github.com/levytax/levy/rules"
)

// TestReloadConcurrent checks that two Reloads called at once each keep
// the options of the other: the host rules given to each are both in the
// engine's options afterwards, whichever ran first.
func TestReloadConcurrent(t *testing.T) {
	ctx := context.Background()
	e, err := New(ctx)
	if err != nil {
		t.Fatal(err)
	}
	ids := []string{"reload-a", "reload-b"}
	var wg sync.WaitGroup
	errs := make([]error, len(ids))
	for i, id := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = e.Reload(ctx, WithRules([]rules.Rule{{ID: id, ProductClass: "GADGET-" + id, Outcome: rules.Exempt, Reason: "test"}}, nil))
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("Reload %s: %v", ids[i], err)
		}
	}
	e.reload <- struct{}{} // the engine's options, read in a reload's turn
	var got []string
	for _, r := range e.config.rules {
		got = append(got, r.ID)
	}
	<-e.reload
	for _, id := range ids {
		if !slices.Contains(got, id) {
			t.Errorf("after both Reloads the rules are %v: %s was lost", got, id)
		}
	}
}

// TestReloadWaitEndsWithContext checks that a Reload waiting for another
// returns the error of its context when it ends, having changed nothing.
func TestReloadWaitEndsWithContext(t *testing.T) {
	e, err := New(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	e.reload <- struct{}{} // another Reload's turn
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err = e.Reload(ctx, WithRules([]rules.Rule{{ID: "late", ProductClass: "LATE", Outcome: rules.Exempt, Reason: "test"}}, nil))
	<-e.reload
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Reload waiting with an ended context: got %v, want context.Canceled", err)
	}
	for _, r := range e.config.rules {
		if r.ID == "late" {
			t.Errorf("the Reload that did not get its turn changed the options")
		}
	}
}

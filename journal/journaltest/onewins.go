package journaltest

import (
	"strings"
	"sync"
	"testing"

	"github.com/levytax/levy"
)

// oneWins runs try for writers goroutines at once (w is 0 to writers-1)
// and checks that exactly one of them succeeded and that every other was
// refused as a conflict whose message names the one that did. try
// answers the ID it wrote under and its error; what names the operation
// in failures ("reversal", "rollback"). oneWins returns the winner's ID.
func oneWins(t *testing.T, writers int, what string, try func(w int) (string, error)) string {
	t.Helper()
	var wg sync.WaitGroup
	won := make(chan string, writers)
	errs := make(chan error, writers)
	for w := range writers {
		wg.Go(func() {
			id, err := try(w)
			if err != nil {
				errs <- err
				return
			}
			won <- id
		})
	}
	wg.Wait()
	close(won)
	close(errs)
	var winners []string
	for id := range won {
		winners = append(winners, id)
	}
	if len(winners) != 1 {
		t.Fatalf("%d concurrent %ss succeeded (%v), want 1", len(winners), what, winners)
	}
	for err := range errs {
		wantCode(t, "a concurrent second "+what, err, levy.EConflict)
		if !strings.Contains(err.Error(), winners[0]) {
			t.Fatalf("a concurrent second %s: %v, want it to name %s", what, err, winners[0])
		}
	}
	return winners[0]
}

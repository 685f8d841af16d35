package einvoice_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	. "github.com/levytax/levy/einvoice"
)

// TestGoneBuriedAtOnce: a target that answers 410 Gone (its receiver
// says the URL takes no events any more, for good) gets the event once,
// which goes to the dead-letter list at once, rather than after every
// attempt of the schedule: its last error and the log say that the
// target answered Gone. Another 4xx (a 404 of a receiver being
// deployed) is retried as before.
func TestGoneBuriedAtOnce(t *testing.T) {
	gone := newTarget(t, func(int, delivery) (int, http.Header) { return http.StatusGone, nil })
	later := newTarget(t, func(n int, _ delivery) (int, http.Header) {
		if n == 0 {
			return http.StatusNotFound, nil
		}
		return http.StatusNoContent, nil
	})
	s, logs := open(t, t.TempDir(), Config{MaxAttempts: 4})
	pending := Events{Statuses: []string{"Pending"}}
	connect(t, s, "acme", gone, pending, false)
	connect(t, s, "beta", later, pending, false)
	for _, tenant := range []string{"acme", "beta"} {
		if _, _, err := s.Submit(tenantCtx(tenant), validInvoice(t), ""); err != nil {
			t.Fatal(err)
		}
	}
	var list []DeadLetter
	eventually(t, "the dead letter", func() bool {
		var err error
		list, err = s.DeadLetters(tenantCtx("acme"), "acme")
		return err == nil && len(list) > 0
	})
	if list[0].Attempts != 1 {
		t.Errorf("the dead letter after %d attempts, want 1", list[0].Attempts)
	}
	for _, want := range []string{"410 Gone", "gone for good", "without retries"} {
		if !strings.Contains(list[0].LastError, want) {
			t.Errorf("the dead letter's last error %q does not say %q", list[0].LastError, want)
		}
	}
	eventually(t, "the 404's retry to be delivered", func() bool { return len(later.deliveries()) == 2 })
	time.Sleep(100 * time.Millisecond) // more than the backoff of a retry, were there one
	if got := len(gone.deliveries()); got != 1 {
		t.Errorf("the target that answered Gone got the event %d times, want once", got)
	}
	if !strings.Contains(logs.String(), "410 Gone") {
		t.Errorf("the log does not say the target answered Gone:\n%s", logs.String())
	}
	if l, err := s.DeadLetters(tenantCtx("beta"), "beta"); err != nil || len(l) != 0 {
		t.Errorf("beta's dead letters: %v, %v; want none, its 404 retried and delivered", l, err)
	}
}

package einvoice_test

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	. "github.com/levytax/levy/einvoice"
)

// TestUnrecordedAttemptsKeepTheirBackoff: the store's directory goes
// while the first attempt of an event is on its way to a target that
// refuses it, so the store still reads its outbox but writes nothing.
// Before, every attempt's outcome was lost with its write: the lane sent
// the event again at once, without backoff, each attempt counted as the
// first, for as long as the writes failed (hundreds of requests a
// second), and the event never reached its last attempt. Now the lane
// keeps the outcome the store did not take: the target gets the event
// MaxAttempts times, with backoff, and then no more while the lane
// tries to write the dead letter.
func TestUnrecordedAttemptsKeepTheirBackoff(t *testing.T) {
	ctx := tenantCtx("acme")
	dir := filepath.Join(t.TempDir(), "einvoice")
	arrived, release := make(chan struct{}), make(chan struct{})
	tg := newTarget(t, func(n int, _ delivery) (int, http.Header) {
		if n == 0 {
			close(arrived)
			<-release
		}
		return http.StatusServiceUnavailable, nil
	})
	// A failure before the release lets the held request go, so that the
	// target's server closes and the failure is reported, not a hang.
	var releaseOnce sync.Once
	letGo := func() { releaseOnce.Do(func() { close(release) }) }
	t.Cleanup(letGo)
	s, logs := open(t, dir, Config{MaxAttempts: 3})
	connect(t, s, "acme", tg, Events{Statuses: []string{"Pending"}}, false)
	if _, _, err := s.Submit(ctx, validInvoice(t), ""); err != nil {
		t.Fatal(err)
	}
	<-arrived
	// The store may write a file while the directory goes: remove again
	// until the directory is gone.
	eventually(t, "the store's directory to go", func() bool { return os.RemoveAll(dir) == nil })
	letGo()
	eventually(t, "the lane to try to write the dead letter", func() bool {
		return strings.Contains(logs.String(), "move an event to the dead-letter list")
	})
	if got := len(tg.deliveries()); got != 3 {
		t.Errorf("the target got the event %d times, want 3 (MaxAttempts)", got)
	}
	// The lane writes the outcome again, and sends nothing more.
	eventually(t, "the lane to write the dead letter again", func() bool {
		return strings.Contains(logs.String(), "record the outcome of an event's last attempt again")
	})
	if got := len(tg.deliveries()); got != 3 {
		t.Errorf("after its last attempt the target got the event %d times, want 3", got)
	}
}

// TestEventMadeByAClockAheadIsSentAtOnce: a document is submitted by a
// Service whose clock is an hour ahead of the one that sends its events,
// as `levy einvoice render --submit` or `levy webhook dead-letters
// replay` run on a machine whose clock is ahead of the server's. Before,
// the sender took the event's first attempt as due an hour later, by
// its own clock, and held the event, and every later one of the
// connection, for that hour. An event never attempted is due when it is
// made, whoever's clock wrote that time.
func TestEventMadeByAClockAheadIsSentAtOnce(t *testing.T) {
	dir := t.TempDir()
	tg := newTarget(t, nil)
	d := submitAhead(t, dir, tg, time.Hour)
	s, _ := open(t, dir, Config{})
	waitFinal(t, s, "acme", d.DocumentID)
	eventually(t, "the document's three events", func() bool { return len(tg.statuses(d.DocumentID)) == 3 })
	if got, want := strings.Join(tg.statuses(d.DocumentID), ", "), "Pending, In Progress, Completed"; got != want {
		t.Errorf("the target got %s, want %s", got, want)
	}
}

// submitAhead submits a valid invoice of tenant acme through a passive
// Service over dir whose clock is ahead by ahead, with a connection to
// tg, and closes that Service: the events it made wait in dir's outbox.
func submitAhead(t *testing.T, dir string, tg *target, ahead time.Duration) *Document {
	t.Helper()
	s, _ := open(t, dir, Config{Passive: true, Now: func() time.Time { return time.Now().Add(ahead) }})
	connect(t, s, "acme", tg, AllEvents, false)
	d, _, err := s.Submit(tenantCtx("acme"), validInvoice(t), "")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	return d
}

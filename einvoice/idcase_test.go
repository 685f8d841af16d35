package einvoice_test

import (
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	. "github.com/levytax/levy/einvoice"
)

// TestIDsInEitherCase: a GUID's hexadecimal digits are case-insensitive
// on input (RFC 9562, as RFC 4122 before it), and IsGUID takes either
// case, yet a document, connection or dead letter named with upper-case
// digits (as a receiver that keeps the documentId of an event as a GUID
// type may print it) was not found. Each is found under either case, and
// answered under the ID Levy gave it.
func TestIDsInEitherCase(t *testing.T) {
	var up atomic.Bool
	var accepted atomic.Int32
	tg := newTarget(t, func(int, delivery) (int, http.Header) {
		if up.Load() {
			accepted.Add(1)
			return http.StatusNoContent, nil
		}
		return http.StatusServiceUnavailable, nil
	})
	s, _ := open(t, t.TempDir(), Config{MaxAttempts: 1})
	ctx := tenantCtx("acme")
	c := connect(t, s, "acme", tg, AllEvents, false)
	d, _, err := s.Submit(ctx, validInvoice(t), "")
	if err != nil {
		t.Fatal(err)
	}
	waitFinal(t, s, "acme", d.DocumentID)
	upper := strings.ToUpper

	if got, err := s.Get(ctx, upper(d.DocumentID)); err != nil || got.DocumentID != d.DocumentID {
		t.Errorf("Get %s: %v %v", upper(d.DocumentID), got, err)
	}
	if b, err := s.Content(ctx, upper(d.DocumentID)); err != nil || len(b) == 0 {
		t.Errorf("Content %s: %v", upper(d.DocumentID), err)
	}
	if got, err := s.Connection(ctx, upper(c.WebhookID)); err != nil || got.WebhookID != c.WebhookID {
		t.Errorf("Connection %s: %v %v", upper(c.WebhookID), got, err)
	}
	if got, err := s.ReplaceSecret(ctx, upper(c.WebhookID), testSecret); err != nil || got.WebhookID != c.WebhookID {
		t.Errorf("ReplaceSecret %s: %v %v", upper(c.WebhookID), got, err)
	}

	var letters []DeadLetter
	eventually(t, "the dead letters", func() bool {
		letters, err = s.DeadLetters(ctx, "acme")
		return err == nil && len(letters) == 3
	})
	up.Store(true)
	for _, l := range letters {
		got, err := s.Replay(ctx, "acme", upper(l.EventID))
		if err != nil || got.EventID != l.EventID {
			t.Errorf("Replay %s: %v %v", upper(l.EventID), got, err)
		}
	}
	eventually(t, "the replayed events", func() bool { return accepted.Load() == 3 })

	if got, err := s.DeleteConnection(ctx, upper(c.WebhookID)); err != nil || got.WebhookID != c.WebhookID {
		t.Errorf("DeleteConnection %s: %v %v", upper(c.WebhookID), got, err)
	}
	if list, err := s.Connections(ctx); err != nil || len(list) != 0 {
		t.Errorf("after the delete: %v %v", list, err)
	}
}

package einvoice_test

import (
	"net/http"
	"strings"
	"testing"

	. "github.com/levytax/levy/einvoice"
)

// TestRedirectNamedInDeadLetter: a target that answers with a redirect
// (a receiver whose framework adds a trailing slash, or moves http to
// https) is not followed, and the event goes to the dead-letter list.
// Its last error says so, and where the redirect pointed, by scheme and
// host only; before, it said "the target answered 308 Permanent
// Redirect" alone, and the operator had no word of what to change.
func TestRedirectNamedInDeadLetter(t *testing.T) {
	tg := newTarget(t, func(int, delivery) (int, http.Header) {
		return http.StatusPermanentRedirect, http.Header{"Location": {"https://hooks.example.net/levy/token-123/"}}
	})
	s, _ := open(t, t.TempDir(), Config{MaxAttempts: 1})
	connect(t, s, "acme", tg, AllEvents, false)
	if _, _, err := s.Submit(tenantCtx("acme"), validInvoice(t), ""); err != nil {
		t.Fatal(err)
	}
	var list []DeadLetter
	eventually(t, "the dead letter", func() bool {
		var err error
		list, err = s.DeadLetters(tenantCtx("acme"), "acme")
		return err == nil && len(list) > 0
	})
	msg := list[0].LastError
	for _, want := range []string{"308", "redirect to https://hooks.example.net", "does not follow", "URL the target redirects to"} {
		if !strings.Contains(msg, want) {
			t.Errorf("the dead letter's last error %q does not say %q", msg, want)
		}
	}
	if strings.Contains(msg, "token-123") {
		t.Errorf("the last error names the redirect's path: %q", msg)
	}
}

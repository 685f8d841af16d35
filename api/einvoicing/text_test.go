package einvoicing

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/levytax/levy/einvoice"
)

// TestEventsItemsNamed: an item of the events list that is not a string
// (a number, null, a list, an object, a boolean) was answered 400 "the
// request body does not fit" naming no member; each is named by its
// index in the list as sent, "all" counted, beside the other faults of
// the body.
func TestEventsItemsNamed(t *testing.T) {
	h := newHarness(t, einvoice.Config{})
	for _, tc := range []struct {
		events string
		want   []string // the targets, in order
	}{
		{`[7]`, []string{"events[0]"}},
		{`["Pending", 7]`, []string{"events[1]"}},
		{`["all", null]`, []string{"events[1]"}},
		{`[["Pending"]]`, []string{"events[0]"}},
		{`[{"status":"Pending"}]`, []string{"events[0]"}},
		{`[true, "Completed", "Sent"]`, []string{"events[0]", "events[2]"}},
		{`["all", 1, "Completed", "Sent"]`, []string{"events[1]", "events[3]"}},
	} {
		t.Run(tc.events, func(t *testing.T) {
			body := `{"targetUrl":"https://a.example/x","secretKey":"` + secret + `","events":` + tc.events + `}`
			a := h.do("POST", "/einvoicing/v1/webhooks", "acme", []byte(body), "Content-Type", "application/json")
			var got []string
			for _, e := range errorsOf(t, a) {
				got = append(got, e.Target)
			}
			if a.status != http.StatusBadRequest || strings.Join(got, " ") != strings.Join(tc.want, " ") {
				t.Fatalf("%d %s, want 400 naming %v", a.status, a.body, tc.want)
			}
		})
	}
}

// errorsOf decodes the errors of an answer.
func errorsOf(t *testing.T, a answer) []struct{ Target, Message string } {
	t.Helper()
	var env struct {
		Errors []struct{ Target, Message string }
	}
	if err := json.Unmarshal(a.body, &env); err != nil {
		t.Fatalf("%v: %s", err, a.body)
	}
	return env.Errors
}

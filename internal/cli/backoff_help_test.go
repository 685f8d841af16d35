package cli

import (
	"strings"
	"testing"
)

// TestServeBackoffHelpStatesTheSchedule holds the help of levy serve's
// backoff flags to the schedule the e-invoicing outbox keeps: each wait
// is cut at random to between half and all of its doubled delay, so a
// first retry may come after half of --webhook-min-backoff, and a
// target's Retry-After may hold an event longer than
// --webhook-max-backoff. A help that promised the whole delay, or a
// longest delay, would have an operator who reads it expect retries
// later, or sooner, than they come.
func TestServeBackoffHelpStatesTheSchedule(t *testing.T) {
	fs := serveFlags(&serveConfig{})
	for _, c := range []struct {
		flag string
		want []string
	}{
		{"webhook-min-backoff", []string{"twice as long", "between half and all"}},
		{"webhook-max-backoff", []string{"between half and all", "Retry-After", "24h"}},
	} {
		f := fs.Lookup(c.flag)
		if f == nil {
			t.Fatalf("levy serve has no --%s", c.flag)
		}
		for _, w := range c.want {
			if !strings.Contains(f.Usage, w) {
				t.Errorf("--%s: the help %q does not say %q", c.flag, f.Usage, w)
			}
		}
	}
}

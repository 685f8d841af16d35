package stress

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestExcess finds limit+1 tokens granted within less than a window, and
// only then.
func TestExcess(t *testing.T) {
	ms := func(sent, answered int64) span { return span{sent * 1e6, answered * 1e6} }
	for _, c := range []struct {
		grants []span
		want   int
	}{
		// Three tokens a second apart: at most two within any second.
		{[]span{ms(0, 5), ms(1000, 1005), ms(2000, 2005)}, 0},
		// The third within the second of the first.
		{[]span{ms(0, 5), ms(500, 505), ms(990, 995)}, 3},
		// Out of order, the same.
		{[]span{ms(990, 995), ms(0, 5), ms(500, 505)}, 3},
		// Latency may hide it: sent and answered over more than a second.
		{[]span{ms(0, 5), ms(500, 505), ms(900, 1005)}, 0},
		// A slow early request does not hide a later excess.
		{[]span{ms(0, 3000), ms(2000, 2005), ms(2100, 2105), ms(2200, 2205)}, 3},
	} {
		if n, _ := excess(c.grants, 2, time.Second); n != c.want {
			t.Errorf("excess(%v) = %d, want %d", c.grants, n, c.want)
		}
	}
}

// TestOrderProblems reports events out of the order of their document's
// history, a Pending event that overtook that of a document queued
// before it, an event accepted under two keys and overlapping deliveries.
func TestOrderProblems(t *testing.T) {
	h := []string{"Pending", "In Progress", "Completed"}
	sent := map[string]span{"a": {0, 10}, "b": {20, 30}, "c": {25, 40}}
	check := func(arrived []arrival, twice []string, overlaps int64) []string {
		c := &sinkConn{arrived: arrived, twice: twice}
		c.overlaps.Store(overlaps)
		var got []string
		(&Sink{conns: []*sinkConn{c}}).orderProblems(map[string][]string{"a": h, "b": h, "c": h},
			func(id string) (span, bool) { s, ok := sent[id]; return s, ok },
			func(f string, args ...any) { got = append(got, fmt.Sprintf(f, args...)) })
		return got
	}
	all := func(order ...string) []arrival {
		var out []arrival
		for _, o := range order {
			id, st, _ := strings.Cut(o, " ")
			out = append(out, arrival{id, st})
		}
		return out
	}
	// c was sent before b was answered: either order is right.
	good := all("a Pending", "c Pending", "b Pending", "a In Progress", "b In Progress", "c In Progress", "a Completed", "c Completed")
	if p := check(good, nil, 0); len(p) > 0 {
		t.Errorf("in order: %q", p)
	}
	for name, c := range map[string]struct {
		arrived  []arrival
		twice    []string
		overlaps int64
		want     string
	}{
		"history":  {all("a Pending", "a Completed", "a In Progress"), nil, 0, "arrived as [Pending Completed In Progress]"},
		"overtook": {all("b Pending", "a Pending"), nil, 0, "Pending event of b arrived before that of a"},
		"twice":    {good, []string{"a Pending (keys x and y)"}, 0, "accepted twice under different Idempotency-Keys"},
		"overlap":  {good, nil, 2, "2 deliveries began while another was in flight"},
	} {
		p := check(c.arrived, c.twice, c.overlaps)
		if len(p) != 1 || !strings.Contains(p[0], c.want) {
			t.Errorf("%s: %q, want one problem with %q", name, p, c.want)
		}
	}
}

package jsonbody

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestClip: a name of 64 bytes or fewer comes back whole; a longer one is
// cut to at most 64 bytes at a rune's start, then an ellipsis.
func TestClip(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"lineItems", "lineItems"},
		{strings.Repeat("a", 64), strings.Repeat("a", 64)},
		{strings.Repeat("a", 65), strings.Repeat("a", 64) + "…"},
		{strings.Repeat("a", 63) + "é" + "b", strings.Repeat("a", 63) + "…"},
	} {
		got := Clip(c.in)
		if got != c.want || !utf8.ValidString(got) {
			t.Errorf("Clip(%d bytes) = %q, want %q", len(c.in), got, c.want)
		}
	}
}

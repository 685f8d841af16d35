package clip

import "testing"

func TestTo(t *testing.T) {
	for _, c := range []struct {
		in   string
		most int
		want string
	}{
		{"", 4, ""},
		{"abcd", 4, "abcd"},
		{"abcde", 4, "abcd…"},
		{"ab€de", 3, "ab…"}, // € is three bytes: not split
		{"ab€de", 5, "ab€…"},
		{"abc", 0, "…"},
		{"abc", -1, "…"},
	} {
		if got := To(c.in, c.most); got != c.want {
			t.Errorf("To(%q, %d) = %q, want %q", c.in, c.most, got, c.want)
		}
	}
}

package content

import (
	"slices"
	"strings"
	"testing"
)

// TestSplitCommaAndTrimField checks splitComma against strings.Split and
// trimField against strings.TrimSpace, on the cases of an SST line:
// empty fields, commas at either end, ASCII and Unicode white space,
// control characters and bytes that are not UTF-8.
func TestSplitCommaAndTrimField(t *testing.T) {
	for _, s := range []string{"", ",", ",,", "a", "a,", ",a", "a,,b", " 27 ,\t053\t, ,\u00a0x\u00a0,\u0085,x\u2003,\x7f,\x00,\xff, \xff ",
		"4,20170101,29991231,,,,,,,,,,,,,,,55401,0000,55401,0099,,27,27,053,43000,,,,ST,80004,63,,", "é,ü ,\u3000"} {
		got := splitComma(nil, s)
		if want := strings.Split(s, ","); !slices.Equal(got, want) {
			t.Errorf("splitComma(%q) = %q, want %q", s, got, want)
		}
		for _, f := range got {
			if g, w := trimField(f), strings.TrimSpace(f); g != w {
				t.Errorf("trimField(%q) = %q, want %q", f, g, w)
			}
		}
	}
}

// FuzzSplitCommaAndTrimField checks the same on any text.
func FuzzSplitCommaAndTrimField(f *testing.F) {
	f.Add(" 27 ,\t053\t,,\u00a0x")
	f.Fuzz(func(t *testing.T, s string) {
		got := splitComma(nil, s)
		if want := strings.Split(s, ","); !slices.Equal(got, want) {
			t.Fatalf("splitComma(%q) = %q, want %q", s, got, want)
		}
		for _, x := range got {
			if g, w := trimField(x), strings.TrimSpace(x); g != w {
				t.Fatalf("trimField(%q) = %q, want %q", x, g, w)
			}
		}
	})
}

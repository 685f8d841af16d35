package wire

import (
	"strings"
	"testing"

	"github.com/levytax/levy"
)

// TestCheckText checks the rule of free text: a tab everywhere, line
// breaks only in text of several lines, no other C0 control character,
// valid UTF-8, each refusal saying where.
func TestCheckText(t *testing.T) {
	for _, c := range []struct {
		s            string
		lines        bool
		want         string // "" when the text is fit
		alsoInOneRow bool   // one-line text refuses it too
	}{
		{"Zoë Åström", false, "", false},
		{"a\tb", false, "", false},
		{"a\x7fb", false, "", false},
		{"line 1\r\nline 2\n", true, "", false},
		{"a\nb", false, "U+000A at byte 1", false},
		{"a\rb", false, "U+000D at byte 1", false},
		{"a\x00b", true, "U+0000 at byte 1", true},
		{"é\x1bb", true, "U+001B at byte 2", true},
		{"ab\x0c", true, "U+000C at byte 2", true},
		{"ok \xe2\x82", true, "valid UTF-8, and is not at byte 3", true},
		{"\xffab", false, "valid UTF-8, and is not at byte 0", false},
	} {
		err := CheckText("customer.customerName", c.s, c.lines)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%q (lines %t): %v", c.s, c.lines, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want) || levy.ErrorCode(err) != levy.EInvalid):
			t.Errorf("%q (lines %t): %v; want an EInvalid error saying %q", c.s, c.lines, err, c.want)
		}
		if c.alsoInOneRow && CheckText("x", c.s, false) == nil {
			t.Errorf("%q is refused in text of several lines but not in text of one", c.s)
		}
	}
}

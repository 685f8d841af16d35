package clip

import "unicode/utf8"

// Ellipsis ends a text that To cut.
const Ellipsis = "…"

// To returns s when it has at most most bytes, and otherwise its first
// most bytes or fewer, cut at the start of a character so that no
// character is split, followed by Ellipsis.
func To(s string, most int) string {
	if len(s) <= most {
		return s
	}
	n := max(most, 0)
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + Ellipsis
}

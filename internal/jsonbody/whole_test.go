package jsonbody

import "testing"

// TestWholeText checks the plain digits of numbers written with a
// fraction or an exponent, and the numbers that have none.
func TestWholeText(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"2.0", "2"}, {"8.4e2", "840"}, {"1e0", "1"}, {"-0.0", "0"}, {"0e5", "0"}, {"-2.50e1", "-25"},
		{"120e-1", "12"}, {"1E+2", "100"}, {"0.001e3", "1"}, {"00.5e1", "5"}, {"0.0e999999999999", "0"},
		{"1.8446744073709551615e19", "18446744073709551615"}, {"9.9999999999999999999e19", "99999999999999999999"},
		{"2.5", ""}, {"1e-1", ""}, {"12.30e-1", ""}, {"1e400", ""}, {"1e20", ""}, {"1.0000000000000000000001", ""},
		{"1e99999999999999999999", ""}, {"5e-99999999999999999999", ""}, {"", ""}, {"e1", ""}, {"1e", ""},
	} {
		var buf [maxWholeDigits + 1]byte
		got, ok := wholeText(&buf, []byte(c.in))
		if ok != (c.want != "") || string(got) != c.want {
			t.Errorf("wholeText(%q) = %q, %v, want %q", c.in, got, ok, c.want)
		}
	}
}

package fuzzcheck

import "testing"

// TestHasNull checks the walk on nested objects and arrays.
func TestHasNull(t *testing.T) {
	for b, want := range map[string]bool{`{"a":[1,{"b":null}]}`: true, `{"a":[1,{"b":2}]}`: false, `null`: true, `[]`: false} {
		if got := HasNull(t, []byte(b)); got != want {
			t.Errorf("HasNull(%s) = %v, want %v", b, got, want)
		}
	}
}

package jsonbody

import (
	"reflect"
	"testing"
)

// TestWantedNamesTheValue checks the JSON value that the refusal of an
// empty body names for each kind of Go value a body decodes into, and
// that a nil type (Decode given a nil value) names a JSON value rather
// than panicking.
func TestWantedNamesTheValue(t *testing.T) {
	for _, c := range []struct {
		t    reflect.Type
		want string
	}{
		{reflect.TypeFor[*[]int](), "a JSON array"},
		{reflect.TypeFor[**[2]string](), "a JSON array"},
		{reflect.TypeFor[*struct{ A int }](), "a JSON object"},
		{reflect.TypeFor[*map[string]int](), "a JSON object"},
		{reflect.TypeFor[*string](), "a JSON value"},
		{nil, "a JSON value"},
	} {
		if got := wanted(c.t); got != c.want {
			t.Errorf("wanted(%v) = %q, want %q", c.t, got, c.want)
		}
	}
}

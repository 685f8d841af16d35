// Package fuzzcheck holds the checks that Levy's fuzz tests make of what
// they get back: an error is one of Levy's, and an answer encodes without
// null. It is for tests only.
package fuzzcheck

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/levytax/levy"
)

// LevyError fails tb unless err is a *levy.Error or levy.Errors whose
// every entry has a code and a message.
func LevyError(tb testing.TB, err error) {
	tb.Helper()
	var es levy.Errors
	if errors.As(err, &es) {
		if len(es) == 0 {
			tb.Fatal("empty levy.Errors")
		}
		for _, e := range es {
			if e == nil || e.Code == "" || e.Message == "" {
				tb.Fatalf("bad entry %#v in %v", e, err)
			}
		}
		return
	}
	var e *levy.Error
	if !errors.As(err, &e) || e.Code == "" || e.Message == "" {
		tb.Fatalf("error %T %v is not a levy error with a message", err, err)
	}
}

// HasNull reports whether the JSON document b holds a null anywhere; it
// fails tb when b is not JSON.
func HasNull(tb testing.TB, b []byte) bool {
	tb.Helper()
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		tb.Fatalf("the encoding does not decode: %v", err)
	}
	return holdsNull(v)
}

// holdsNull reports whether a decoded JSON value holds a null.
func holdsNull(v any) bool {
	switch v := v.(type) {
	case nil:
		return true
	case map[string]any:
		for _, e := range v {
			if holdsNull(e) {
				return true
			}
		}
	case []any:
		for _, e := range v {
			if holdsNull(e) {
				return true
			}
		}
	}
	return false
}

package api

import (
	"errors"
	"net/url"
	"testing"

	"github.com/levytax/levy"
)

// TestCheckQuery sends a parameter the route does not take and one given
// twice: each is a fault of its own, named, in name order.
func TestCheckQuery(t *testing.T) {
	if err := CheckQuery(url.Values{"from": {"2026-01-01"}}, "from", "to"); err != nil {
		t.Fatalf("a good query: %v", err)
	}
	err := CheckQuery(url.Values{"to": {"a", "b"}, "tenant": {"beta"}}, "from", "to")
	var list levy.Errors
	if !errors.As(err, &list) || len(list) != 2 || list[0].Field != "tenant" || list[1].Field != "to" {
		t.Fatalf("got %v, want faults of tenant and to", err)
	}
}

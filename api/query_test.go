package api

import (
	"errors"
	"net/url"
	"strings"
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

// TestCheckQueryNoParameters: on a route that takes no query parameter,
// an unknown one is refused with a message that says so. Before, it said
// "its parameters are " and an empty list.
func TestCheckQueryNoParameters(t *testing.T) {
	if err := CheckQuery(url.Values{}); err != nil {
		t.Fatalf("no query: %v", err)
	}
	err := CheckQuery(url.Values{"tenant": {"beta"}})
	var list levy.Errors
	if !errors.As(err, &list) || len(list) != 1 || list[0].Field != "tenant" {
		t.Fatalf("got %v, want a fault of tenant", err)
	}
	if msg := list[0].Message; !strings.Contains(msg, "this route takes no query parameter") || strings.Contains(msg, "its parameters are") {
		t.Fatalf("message %q, want one that says the route takes no query parameter", msg)
	}
}

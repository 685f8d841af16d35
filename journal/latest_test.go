package journal

import (
	"context"
	"maps"
	"testing"

	"github.com/levytax/levy/civil"
)

// onlyStore hides every method of a Store but those of the interface,
// so that LatestVersions reads it through Versions.
type onlyStore struct{ Store }

// TestLatestVersions reads the number of the latest version of a
// transaction posted twice, of a deleted one (which keeps its number)
// and of an unknown ID, in one read of a store of NewStore and through
// Versions of a Store that is no LatestVersioner: both agree.
func TestLatestVersions(t *testing.T) {
	ctx := context.Background()
	s := NewMemory()
	defer s.Close()
	tx := func(id string) *Transaction {
		return &Transaction{TransactionID: id, Perspective: "SELLER", MessageType: "INVOICE", DocumentDate: civil.MustParse("2026-03-14")}
	}
	for _, id := range []string{"INV-1", "INV-1", "INV-2"} {
		if _, err := s.Post(ctx, "acme", tx(id)); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Delete(ctx, "acme", "INV-2"); err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"INV-1": 2, "INV-2": 1, "INV-3": 0}
	if _, ok := s.(LatestVersioner); !ok {
		t.Fatal("the memory store is no LatestVersioner")
	}
	for name, st := range map[string]Store{"one read": s, "through Versions": onlyStore{s}} {
		got, err := LatestVersions(ctx, st, "acme", []string{"INV-1", "INV-2", "INV-3"})
		if err != nil || !maps.Equal(got, want) {
			t.Errorf("%s: %v, %v; want %v", name, got, err, want)
		}
	}
	if _, err := LatestVersions(ctx, s, "acme", []string{""}); err == nil {
		t.Error("an empty transaction ID was read")
	}
}

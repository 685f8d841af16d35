package profile_test

import (
	"context"
	"fmt"
	"runtime"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/profile"
)

// scanStore is a profile store whose every document is a scan of
// profile.MaxDocumentSize bytes, made when it is read and kept nowhere,
// and which notes the most memory in use, after a collection, at any of
// those reads.
type scanStore struct {
	profile.Store
	peak uint64
}

func (s *scanStore) Document(ctx context.Context, tenant, digest string) ([]byte, error) {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	s.peak = max(s.peak, m.HeapAlloc)
	b := make([]byte, profile.MaxDocumentSize)
	copy(b, "%PDF-1.7\n")
	return b, nil
}

// TestCheckDocumentsKeepsNoContent: a change of many certificates, each
// with its own scan (an import that extends the expiration dates of a
// tenant's certificates, whose scans the rows keep), checks each
// certificate's document without keeping the content of those checked
// before: the contents of every document were held until the change
// was stored, 4 MiB each, so that one admin's import of 10,000 such
// certificates could hold 40 GiB and end the server.
func TestCheckDocumentsKeepsNoContent(t *testing.T) {
	const n = 40
	store := &scanStore{Store: profile.NewMemory()}
	svc := profile.NewService(store, profile.Config{})
	cs := profile.ChangeSet{Customers: []profile.Customer{{Code: "C-1"}}}
	for i := range n {
		cs.Certificates = append(cs.Certificates, profile.Certificate{Number: fmt.Sprintf("TX-%d", i), CustomerCode: "C-1",
			Jurisdictions: []string{"TX"}, ReasonCode: "G", EffectiveDate: civil.MustParse("2026-01-01"),
			Document: &profile.DocumentRef{SHA256: fmt.Sprintf("%064x", i), MediaType: "application/pdf", Size: profile.MaxDocumentSize}})
	}
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	if _, err := svc.Apply(context.Background(), "acme", "test", cs); err != nil {
		t.Fatal(err)
	}
	// One or two scans at a time, not n of them.
	if grew := int64(store.peak) - int64(before.HeapAlloc); grew > 8*profile.MaxDocumentSize {
		t.Errorf("checking %d certificates' documents held %d MiB at once", n, grew>>20)
	}
}

package journal

import (
	"context"
	"testing"

	"github.com/levytax/levy/civil"
)

// TestStaleReversalLink: a reversed transaction posted again before the
// journal dropped the reversal's link on a new version has a head that
// still names the reversal. The reversal took back an earlier version
// and does not stand over the latest: the transaction may be reversed.
func TestStaleReversalLink(t *testing.T) {
	ctx := context.Background()
	s := NewMemory()
	defer s.Close()
	v1 := &Transaction{TransactionID: "INV-1", Perspective: "SELLER", MessageType: "INVOICE", DocumentDate: civil.MustParse("2026-03-14")}
	if _, err := s.Post(ctx, "acme", v1); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Reverse(ctx, "acme", "INV-1", Reversal{TransactionID: "REV-1"}); err != nil {
		t.Fatal(err)
	}
	// Version 2 written as Post wrote it then: the head keeps ReversedBy.
	err := s.(operations).be.Update(ctx, "acme", []string{"INV-1"}, func(st State) error {
		h, found, err := st.Head("INV-1")
		if err != nil {
			return err
		}
		v2 := clone(v1)
		v2.Version, v2.PostingDate = 2, v1.DocumentDate
		if err := st.PutVersion(v2); err != nil {
			return err
		}
		nh := h
		nh.Latest = 2
		return st.PutHead("INV-1", h, found, nh)
	})
	if err != nil {
		t.Fatal(err)
	}
	rev, err := s.Reverse(ctx, "acme", "INV-1", Reversal{TransactionID: "REV-2"})
	if err != nil {
		t.Fatalf("reversing version 2 under a link to the reversal of version 1: %v", err)
	}
	if rev.ReversalOfVersion != 2 {
		t.Errorf("the reversal takes back version %d, want 2", rev.ReversalOfVersion)
	}
}

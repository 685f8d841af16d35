package badger

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/levytax/levy/nexus"
	"github.com/levytax/levy/nexus/senttest"
)

// TestNexusSentConformance runs the conformance suite of
// nexus.SentStore over the e-invoicing store, reopened from its
// directory as a process that restarts, and checks that every key it
// wrote is of the documented layout.
func TestNexusSentConformance(t *testing.T) {
	senttest.Run(t, func(t *testing.T) (nexus.SentStore, func() nexus.SentStore) {
		dir := t.TempDir()
		open := func() *EInvoiceStore {
			s, err := OpenEInvoice(context.Background(), dir, WithSyncWrites(false))
			if err != nil {
				t.Fatal(err)
			}
			return s
		}
		s := open()
		t.Cleanup(func() {
			if err := s.Close(); err != nil {
				t.Error(err)
			}
			checkKeyLayout(t, "einvoice", filepath.Join(dir, "db"))
		})
		return s.NexusSent(), func() nexus.SentStore {
			if err := s.Close(); err != nil {
				t.Fatal(err)
			}
			s = open()
			return s.NexusSent()
		}
	})
}

package badger

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/levytax/levy/nexus/lastsent"
	"github.com/levytax/levy/nexus/lastsent/lastsenttest"
)

// TestNexusSentConformance runs the conformance suite of
// lastsent.Store over the e-invoicing store, reopened from its
// directory as a process that restarts, and checks that every key it
// wrote is of the documented layout.
func TestNexusSentConformance(t *testing.T) {
	lastsenttest.Run(t, func(t *testing.T) (lastsent.Store, func() lastsent.Store) {
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
		return s.NexusSent(), func() lastsent.Store {
			if err := s.Close(); err != nil {
				t.Fatal(err)
			}
			s = open()
			return s.NexusSent()
		}
	})
}

package badger

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/profile"
)

// TestStoresRefuseReadsWithoutMemTable: each store with a Probe (the
// auth store, the e-invoicing store, the journal, the profile store) answers its reads
// with the Probe's error once its database lost its memory table
// (Probe.Readable), where Badger would panic; the loss itself is
// TestReadOfAStoreThatLostItsMemTable's, here it is marked on the Probe
// of a sound database. Before, the reads went to Badger.
func TestStoresRefuseReadsWithoutMemTable(t *testing.T) {
	ctx := context.Background()
	lost := &levy.Error{Code: levy.EUnavailable, Message: "the store could not make a new file in its directory and cannot be used until the server restarts"}
	refused := func(t *testing.T, what string, err error) {
		t.Helper()
		if levy.ErrorCode(err) != levy.EUnavailable || !errors.Is(err, lost) {
			t.Errorf("%s of a store that lost its memory table: %v, want the probe's error", what, err)
		}
	}
	mark := func(t *testing.T, p *Probe) {
		p.mu.Lock()
		p.broken = lost
		p.mu.Unlock()
		t.Cleanup(func() {
			p.mu.Lock()
			p.broken = nil
			p.mu.Unlock()
		})
	}

	t.Run("auth", func(t *testing.T) {
		s, err := OpenAuth(ctx, t.TempDir(), WithSyncWrites(false))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = s.Close() })
		mark(t, s.probe)
		_, err = s.Get(ctx, "c1")
		refused(t, "Get", err)
		_, err = s.List(ctx, "")
		refused(t, "List", err)
	})

	t.Run("einvoice", func(t *testing.T) {
		s, err := OpenEInvoice(ctx, t.TempDir(), WithSyncWrites(false))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = s.Close() })
		mark(t, s.probe)
		_, err = s.Document(ctx, "acme", "d1")
		refused(t, "Document", err)
		_, err = s.Content(ctx, "acme", "d1")
		refused(t, "Content", err)
		_, err = s.Reseal(ctx, func(*einvoice.ConnectionRecord) (bool, error) { return false, nil })
		refused(t, "Reseal", err)
	})

	t.Run("journal", func(t *testing.T) {
		s, err := OpenJournal(ctx, t.TempDir(), WithSyncWrites(false))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = s.Close() })
		mark(t, s.be.probe)
		_, err = s.Get(ctx, "acme", "t1")
		refused(t, "Get", err)
		err = s.be.Scan(ctx, "acme", civil.Date{}, civil.Date{}, func(*journal.Transaction) error { return nil })
		refused(t, "Scan", err)
		err = s.be.Figures(ctx, "acme", journal.FigureQuery{}, func(journal.Figure) error { return nil })
		refused(t, "Figures", err)
		_, err = s.be.AreaSums(ctx, "acme", "c", "DE", nil)
		refused(t, "AreaSums", err)
		err = s.be.ReplaceFigures(ctx, "acme", nil)
		refused(t, "ReplaceFigures", err)
		err = s.be.View(ctx, "acme", func(journal.State) error { return nil })
		refused(t, "View", err)
	})
	t.Run("profile", func(t *testing.T) {
		s, err := OpenProfile(ctx, t.TempDir(), WithSyncWrites(false))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = s.Close() })
		commit := profile.Commit{By: "test", Entries: []profile.Entry{{Key: profile.CustomerKey("c1"), Data: []byte(`{"code":"c1"}`)}}}
		if _, err := s.Apply(ctx, "acme", commit); err != nil {
			t.Fatal(err)
		}
		if err := s.PutDocument(ctx, "acme", "d1", []byte("pdf")); err != nil {
			t.Fatal(err)
		}
		mark(t, s.probe)
		_, err = s.Records(ctx, "acme", time.Time{})
		refused(t, "Records", err)
		_, err = s.History(ctx, "acme", profile.CustomerKey("c1"))
		refused(t, "History", err)
		_, err = s.Version(ctx, "acme")
		refused(t, "Version", err)
		_, err = s.Tenants(ctx)
		refused(t, "Tenants", err)
		_, err = s.Document(ctx, "acme", "d1")
		refused(t, "Document", err)
		commit.Check = func(*profile.Records) error { return nil }
		_, err = s.Apply(ctx, "acme", commit)
		refused(t, "Apply", err)
	})
}

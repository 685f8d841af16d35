package badger

import (
	"context"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
)

// The methods of journal.Store on a JournalStore: each calls the
// operations over the store's backend, or, on a nil or zero JournalStore
// that OpenJournal did not make, returns the error of unopened (Close
// returns nil), where the embedded nil journal.Store panicked.

// ops returns the journal's operations, or nil when the store was never
// opened.
func (s *JournalStore) ops() journal.Store {
	if s == nil || s.be == nil {
		return nil
	}
	return s.Store
}

// notOpened is the error of op on a JournalStore never opened.
func notOpened(op string) error { return unopened("journal", op, "OpenJournal") }

// Post implements journal.Store.
func (s *JournalStore) Post(ctx context.Context, tenant string, tx *journal.Transaction) (*journal.Transaction, error) {
	if o := s.ops(); o != nil {
		return o.Post(ctx, tenant, tx)
	}
	return nil, notOpened("post")
}

// PostAll implements journal.Store.
func (s *JournalStore) PostAll(ctx context.Context, tenant string, txs []*journal.Transaction) ([]*journal.Transaction, error) {
	if o := s.ops(); o != nil {
		return o.PostAll(ctx, tenant, txs)
	}
	return nil, notOpened("post")
}

// Get implements journal.Store.
func (s *JournalStore) Get(ctx context.Context, tenant, id string) (*journal.Transaction, error) {
	if o := s.ops(); o != nil {
		return o.Get(ctx, tenant, id)
	}
	return nil, notOpened("get")
}

// Versions implements journal.Store.
func (s *JournalStore) Versions(ctx context.Context, tenant, id string) ([]*journal.Transaction, error) {
	if o := s.ops(); o != nil {
		return o.Versions(ctx, tenant, id)
	}
	return nil, notOpened("versions")
}

// History implements journal.Store.
func (s *JournalStore) History(ctx context.Context, tenant, id string) (*journal.History, error) {
	if o := s.ops(); o != nil {
		return o.History(ctx, tenant, id)
	}
	return nil, notOpened("history")
}

// Exists implements journal.Store.
func (s *JournalStore) Exists(ctx context.Context, tenant, id string) (bool, error) {
	if o := s.ops(); o != nil {
		return o.Exists(ctx, tenant, id)
	}
	return false, notOpened("exists")
}

// Delete implements journal.Store.
func (s *JournalStore) Delete(ctx context.Context, tenant, id string) error {
	if o := s.ops(); o != nil {
		return o.Delete(ctx, tenant, id)
	}
	return notOpened("delete")
}

// Reverse implements journal.Store.
func (s *JournalStore) Reverse(ctx context.Context, tenant, id string, r journal.Reversal) (*journal.Transaction, error) {
	if o := s.ops(); o != nil {
		return o.Reverse(ctx, tenant, id, r)
	}
	return nil, notOpened("reverse")
}

// Rollback implements journal.Store.
func (s *JournalStore) Rollback(ctx context.Context, tenant, id string) (*journal.Transaction, error) {
	if o := s.ops(); o != nil {
		return o.Rollback(ctx, tenant, id)
	}
	return nil, notOpened("rollback")
}

// Scan implements journal.Store.
func (s *JournalStore) Scan(ctx context.Context, tenant string, from, to civil.Date, fn func(*journal.Transaction) error) error {
	if o := s.ops(); o != nil {
		return o.Scan(ctx, tenant, from, to, fn)
	}
	return notOpened("scan")
}

// Figures implements journal.Store.
func (s *JournalStore) Figures(ctx context.Context, tenant string, from, to civil.Date) ([]journal.Figure, error) {
	if o := s.ops(); o != nil {
		return o.Figures(ctx, tenant, from, to)
	}
	return nil, notOpened("figures")
}

// EachFigure implements journal.Store.
func (s *JournalStore) EachFigure(ctx context.Context, tenant string, from, to civil.Date, fn func(journal.Figure) error) error {
	if o := s.ops(); o != nil {
		return o.EachFigure(ctx, tenant, from, to, fn)
	}
	return notOpened("figures")
}

// CompanyFigures implements journal.Store.
func (s *JournalStore) CompanyFigures(ctx context.Context, tenant, company string, from, to civil.Date, fn func(journal.Figure) error) error {
	if o := s.ops(); o != nil {
		return o.CompanyFigures(ctx, tenant, company, from, to, fn)
	}
	return notOpened("figures")
}

// AreaFigures implements journal.Store.
func (s *JournalStore) AreaFigures(ctx context.Context, tenant, company, area string, from, to civil.Date, fn func(journal.Figure) error) error {
	if o := s.ops(); o != nil {
		return o.AreaFigures(ctx, tenant, company, area, from, to, fn)
	}
	return notOpened("figures")
}

// AreaSums implements journal.Store.
func (s *JournalStore) AreaSums(ctx context.Context, tenant, company, area string, spans []journal.Span) ([]journal.Sum, error) {
	if o := s.ops(); o != nil {
		return o.AreaSums(ctx, tenant, company, area, spans)
	}
	return nil, notOpened("sums")
}

// ReplaceFigures implements journal.Store.
func (s *JournalStore) ReplaceFigures(ctx context.Context, tenant string, figs []journal.Figure) error {
	if o := s.ops(); o != nil {
		return o.ReplaceFigures(ctx, tenant, figs)
	}
	return notOpened("replace figures")
}

// Close implements journal.Store: it waits for the calls in progress,
// stops the garbage collection and closes the database. A nil or zero
// JournalStore (OpenJournal failed) has nothing to close: Close returns
// nil, so that a host may defer it before it checks Open's error.
func (s *JournalStore) Close() error {
	if o := s.ops(); o != nil {
		return o.Close()
	}
	return nil
}

// A JournalStore reads many latest version numbers in one read.
var _ journal.LatestVersioner = (*JournalStore)(nil)

// LatestVersions implements journal.LatestVersioner.
func (s *JournalStore) LatestVersions(ctx context.Context, tenant string, ids []string) (map[string]int, error) {
	if o := s.ops(); o != nil {
		return journal.LatestVersions(ctx, o, tenant, ids)
	}
	return nil, notOpened("latest versions")
}

package journal_test

import (
	"context"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
)

// TestNewStoreNil: the Store of NewStore(nil) refuses every operation as
// invalid instead of panicking, and closes with nil.
func TestNewStoreNil(t *testing.T) {
	ctx := context.Background()
	s := journal.NewStore(nil)
	from, to := civil.MustParse("2026-01-01"), civil.MustParse("2026-12-31")
	invalid := func(op string, err error) {
		t.Helper()
		if levy.ErrorCode(err) != levy.EInvalid {
			t.Errorf("%s: %v, want levy.EInvalid", op, err)
		}
	}
	_, err := s.Get(ctx, "acme", "INV-1")
	invalid("Get", err)
	_, err = s.Exists(ctx, "acme", "INV-1")
	invalid("Exists", err)
	invalid("Delete", s.Delete(ctx, "acme", "INV-1"))
	invalid("Scan", s.Scan(ctx, "acme", from, to, func(*journal.Transaction) error { return nil }))
	_, err = s.Figures(ctx, "acme", from, to)
	invalid("Figures", err)
	invalid("ReplaceFigures", s.ReplaceFigures(ctx, "acme", nil))
	if err := s.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
}

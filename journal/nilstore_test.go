package journal_test

import (
	"context"
	"errors"
	"io"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
)

// TestNilStoreRefused: the functions over a journal refuse a nil store as
// invalid naming s, where each panicked at its first read, and Export
// refuses an unknown format as invalid naming format, where its error
// had no code.
func TestNilStoreRefused(t *testing.T) {
	ctx := context.Background()
	from, to := civil.MustParse("2026-01-01"), civil.MustParse("2026-12-31")
	calls := map[string]func() error{
		"Count":        func() error { _, err := journal.Count(ctx, nil, "acme", from, to); return err },
		"CountCompany": func() error { _, err := journal.CountCompany(ctx, nil, "acme", "", from, to); return err },
		"Export": func() error {
			_, err := journal.Export(ctx, nil, "acme", from, to, journal.JSONLines, io.Discard, nil)
			return err
		},
		"ExportCompany": func() error {
			_, err := journal.ExportCompany(ctx, nil, "acme", "", from, to, journal.CSV, io.Discard, nil)
			return err
		},
		"Summarize":        func() error { _, err := journal.Summarize(ctx, nil, "acme", from, to); return err },
		"SummarizeCompany": func() error { _, err := journal.SummarizeCompany(ctx, nil, "acme", "", from, to); return err },
		"Intrastat": func() error {
			_, err := journal.Intrastat(ctx, nil, "acme", journal.IntrastatQuery{}, nil)
			return err
		},
		"Recompute":      func() error { _, err := journal.Recompute(ctx, nil, "acme"); return err },
		"LatestVersions": func() error { _, err := journal.LatestVersions(ctx, nil, "acme", []string{"INV-1"}); return err },
		"Original": func() error {
			_, err := journal.Original(ctx, nil, "acme", &journal.Transaction{TransactionID: "R", ReversalOf: "INV-1"})
			return err
		},
	}
	for name, call := range calls {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s panics: %v", name, r)
				}
			}()
			if err := call(); !invalidNaming(err, "s") {
				t.Errorf("%s: %v, want levy.EInvalid naming s", name, err)
			}
		}()
	}
	_, err := journal.Export(ctx, journal.NewMemory(), "acme", from, to, "xlsx", io.Discard, nil)
	if !invalidNaming(err, "format") {
		t.Errorf("Export in xlsx: %v, want levy.EInvalid naming format", err)
	}
}

// invalidNaming reports whether err is a *levy.Error of code EInvalid
// naming field.
func invalidNaming(err error, field string) bool {
	var le *levy.Error
	return errors.As(err, &le) && le.Code == levy.EInvalid && le.Field == field
}

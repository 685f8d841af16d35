package journal_test

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/journal"
)

// TestFilingViewNamesEveryImposition posts Brazilian invoices, whose
// section has jurisdictions of several taxes (the Union's PIS, COFINS and
// IPI, São Paulo's ICMS and IBS) and states with one tax (Paraná's ICMS):
// in the text every row of the section names its imposition, Paraná's
// ICMS as São Paulo's is, so that no row is left to guess which tax it is.
func TestFilingViewNamesEveryImposition(t *testing.T) {
	ctx := levy.WithTenant(context.Background(), "acme")
	store := journal.NewMemory()
	e, err := engine.New(ctx, engine.WithJournal(store), engine.WithLogger(slog.New(slog.DiscardHandler)))
	if err != nil {
		t.Fatal(err)
	}
	postGolden(t, ctx, e, "sale-br-sp-reseller-to-rj-and-ba-contributors", "INV-SP-1", civil.Date{})
	postGolden(t, ctx, e, "sale-br-pr-to-mg-non-contributor-difal-fcp", "INV-PR-1", civil.Date{})
	rep, err := journal.Summarize(ctx, store, "acme", civil.Date{}, civil.Date{})
	if err != nil {
		t.Fatal(err)
	}
	f := rep.FilingView()
	var out bytes.Buffer
	if err := f.WriteText(&out); err != nil {
		t.Fatal(err)
	}
	rows := 0
	for _, st := range f.Currencies[0].States {
		for _, r := range st.Rows {
			rows++
			want := r.JurisdictionName + ", " + r.Imposition
			if r.Imposition == "" || !hasLine(out.String(), r.JurisdictionID, want) {
				t.Errorf("no row of %s reads %q:\n%s", r.JurisdictionID, want, out.String())
			}
		}
	}
	if rows < 6 {
		t.Fatalf("%d rows:\n%s", rows, out.String())
	}
	if !hasLine(out.String(), "BR-PR", "Paraná, ICMS") {
		t.Errorf("Paraná's row does not name the ICMS:\n%s", out.String())
	}
}

// hasLine reports whether text has a row of jurisdiction id whose name
// column is name.
func hasLine(text, id, name string) bool {
	for _, line := range strings.Split(text, "\n") {
		f := strings.Fields(line)
		if len(f) > 1 && f[0] == id && strings.HasPrefix(strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), id)), name+" ") {
			return true
		}
	}
	return false
}

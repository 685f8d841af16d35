package engine

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/wire"
)

// TestIntrastatCodeOfTheLineYear: the dataset holds the Combined
// Nomenclature of 2026, and a stored invoice of December 2025 declares its
// goods under the codes of 2025. Its code, 84713099 (which CN 2026 does
// not hold, as a code dropped in 2026 would not be), is stored as sent:
// the invoice is no longer refused for it, and a declaration of December
// 2025 is refused instead, naming the period, since the codes of 2025 are
// not at hand to check it. The same code on an invoice of January 2026 is
// still refused, and one of December 2025 that is not eight digits too.
// Levy refused the December invoice, its tax and all, for a code of the
// wrong year.
func TestIntrastatCodeOfTheLineYear(t *testing.T) {
	store := journal.NewMemory()
	ctx := levy.WithTenant(context.Background(), "acme-de")
	e, err := New(context.Background(), WithJournal(store))
	if err != nil {
		t.Fatal(err)
	}
	stored := func(req *wire.SaleRequest) *wire.SaleRequest {
		req.PostToJournal = new(bool)
		*req.PostToJournal = true
		return req
	}
	if _, err := e.Sale(ctx, stored(euDispatch("DEC-25", "2025-12-30", "FR", goods("1", "400.00", "84713099", 11, 3, 2, "", "", "CHN")))); err != nil {
		t.Fatalf("an invoice of December 2025 with a code CN 2026 lacks: %v, want it stored", err)
	}
	got, err := store.Get(ctx, "acme-de", "DEC-25")
	if err != nil {
		t.Fatal(err)
	}
	if x := got.Lines[0].Intrastat; x == nil || x.CommodityCode != "84713099" {
		t.Errorf("stored Intrastat %+v, want the code as sent", x)
	}
	for _, c := range []struct {
		name, date, code, want string
	}{
		{"January 2026", "2026-01-02", "84713099", "Combined Nomenclature 2026"},
		{"not eight digits", "2025-12-30", "8471309", "eight-digit"},
	} {
		_, err := e.Sale(ctx, stored(euDispatch("BAD", c.date, "FR", goods("1", "400.00", c.code, 11, 3, 2, "", "", "CHN"))))
		var errs levy.Errors
		if !errors.As(err, &errs) || len(errs) != 1 || errs[0].Field != "lineItems[0].intrastatCommodityCode" || !strings.Contains(errs[0].Message, c.want) {
			t.Errorf("%s: %v, want lineItems[0].intrastatCommodityCode refused, saying %q", c.name, err, c.want)
		}
	}
	_, err = journal.Intrastat(ctx, store, "acme-de", journal.IntrastatQuery{From: civil.MustParse("2025-12-01"), To: civil.MustParse("2025-12-31"),
		MemberState: "DE", Flow: journal.Dispatches}, e.IntrastatCodes())
	var errs levy.Errors
	if !errors.As(err, &errs) || len(errs) == 0 || errs[0].Field != "from" || !strings.Contains(errs[0].Message, "Combined Nomenclature of 2026") {
		t.Errorf("the declaration of December 2025: %v, want from refused, naming the Combined Nomenclature of 2026", err)
	}
}

// TestIntrastatStatisticalValueBelowZero: a stored line's statistical
// value below zero is refused, naming statisticalValue.amount. Levy
// stored it, and the declaration then refused the line as a credit note.
func TestIntrastatStatisticalValueBelowZero(t *testing.T) {
	e := testEngine(t)
	ctx := levy.WithTenant(context.Background(), "acme-de")
	l := goods("1", "100.00", "94036010", 11, 3, 5, "", "", "DEU")
	l.StatisticalValue = &wire.CurrencyAmount{Amount: amt("-40.00")}
	req := euDispatch("NEG-SV", "2026-03-04", "FR", l)
	req.PostToJournal = new(bool)
	*req.PostToJournal = true
	_, err := e.Sale(ctx, req)
	var errs levy.Errors
	if !errors.As(err, &errs) || len(errs) != 1 || errs[0].Field != "lineItems[0].statisticalValue.amount" || !strings.Contains(errs[0].Message, "below zero") {
		t.Errorf("a statistical value of -40.00: %v, want lineItems[0].statisticalValue.amount refused", err)
	}
}

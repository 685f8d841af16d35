package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/civil"
)

// TestNilOptionValues: an option given a nil value (a nil dataset,
// journal, logger, profile store or cache, distance-sales source, number
// validator or clock) is the same as leaving the option out: New accepts
// it and the engine calculates, a document without a date included, which
// the engine dates by its own clock when WithToday's is nil.
func TestNilOptionValues(t *testing.T) {
	ctx := context.Background()
	for name, opt := range map[string]Option{
		"WithDataset(nil)":         WithDataset(nil),
		"WithJournal(nil)":         WithJournal(nil),
		"WithLogger(nil)":          WithLogger(nil),
		"WithProfileStore(nil)":    WithProfileStore(nil),
		"WithProfiles(nil)":        WithProfiles(nil),
		"WithDistanceSales(nil)":   WithDistanceSales(nil),
		"WithNumberValidator(nil)": WithNumberValidator(nil),
		"WithToday(nil)":           WithToday(nil),
		"WithRules(nil, nil)":      WithRules(nil, nil),
		"WithRates()":              WithRates(),
		"WithWithholdings()":       WithWithholdings(),
	} {
		t.Run(name, func(t *testing.T) {
			e, err := New(ctx, opt)
			if err != nil {
				t.Fatal(err)
			}
			q := embedInvoice("")
			q.SaleMessageType = "QUOTATION"
			q.DocumentDate = civil.Date{}
			resp, err := e.Sale(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			if len(resp.LineItems) != 1 || resp.TotalTax.IsZero() {
				t.Errorf("the sale of a lamp from WA to MA gave %d lines and tax %v", len(resp.LineItems), resp.TotalTax)
			}
		})
	}
}

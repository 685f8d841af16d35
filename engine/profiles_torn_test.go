package engine

import (
	"context"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
)

// changingDistance is a DistanceSales source that reads the tenant's
// profile as it is when it is asked, as a source over the profile cache
// does, and that stores a new version of the tenant's policy just
// before: the change a calculation meets when an admin changes the
// policy while it runs.
type changingDistance struct {
	t      *testing.T
	svc    *profile.Service
	cache  func() *profile.Cache
	change profile.Policy
	asked  int
}

func (d *changingDistance) EUDistanceSales(ctx context.Context, tenant, company string, _ civil.Date) (DistanceFigures, error) {
	d.asked++
	if _, err := d.svc.Apply(context.Background(), tenant, "test", profile.ChangeSet{Policy: &d.change}); err != nil {
		d.t.Fatal(err)
	}
	if err := d.cache().Invalidate(ctx, tenant); err != nil {
		d.t.Fatal(err)
	}
	snap, err := d.cache().Snapshot(ctx, tenant)
	if err != nil {
		return DistanceFigures{}, err
	}
	if p := snap.Policy(); p != nil {
		if v, ok := p.EUDistanceSales[company]; ok {
			return DistanceFigures{Current: v, Previous: v, Source: "the tenant's policy"}, nil
		}
	}
	return DistanceFigures{Source: "the journal"}, nil
}

// TestProfileChangeDuringCalculation: a calculation applies one version
// of the tenant's profile throughout. Its policy puts the seller's EU
// distance sales at EUR 8,000 (within the threshold: the Austrian VAT,
// rounded down as the same policy says); the policy is changed to EUR
// 200,000 while the calculation runs, by the time the distance sales
// are asked for. The calculation still charges the Austrian VAT of the
// version it began with, rather than the German VAT of the next version
// beside the rounding of the first.
func TestProfileChangeDuringCalculation(t *testing.T) {
	store := profile.NewMemory()
	svc := profile.NewService(store, profile.Config{})
	first := profile.Policy{EUDistanceSales: map[string]decimal.Decimal{"TINY": decimal.NewFromInt(8000)},
		Rounding: map[string]money.RoundingMode{"AT": money.Down}}
	if _, err := svc.Apply(context.Background(), "acme", "test", profile.ChangeSet{Policy: &first}); err != nil {
		t.Fatal(err)
	}
	src := &changingDistance{t: t, svc: svc,
		change: profile.Policy{EUDistanceSales: map[string]decimal.Decimal{"TINY": decimal.NewFromInt(200000)}}}
	e, _ := profileEngine(t, store, WithDistanceSales(src))
	src.cache = e.Profiles
	req := &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale, DocumentDate: civil.MustParse("2026-06-01"),
		Currency:  &wire.Currency{ISOCurrencyCodeAlpha: "EUR"},
		Seller:    &wire.Seller{Company: "TINY", PhysicalOrigin: &wire.Location{City: "Wien", PostalCode: "1010", Country: "AT"}},
		Customer:  &wire.Customer{Destination: &wire.Location{City: "Berlin", PostalCode: "10115", Country: "DE"}},
		LineItems: []wire.SaleLineItem{{Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt("100.99")}}}
	r, err := e.Sale(levy.WithTenant(context.Background(), "acme"), req)
	if err != nil {
		t.Fatal(err)
	}
	// 20% of 100.99 is 20.198: rounded down to 20.19 by the first policy.
	if tx := r.LineItems[0].Taxes[0]; tx.Jurisdiction.JurisdictionID != "AT" || tx.CalculatedTax.String() != "20.19" {
		t.Errorf("the calculation begun under the first policy: %s %s (the source was asked %d times)",
			tx.Jurisdiction.JurisdictionID, tx.CalculatedTax, src.asked)
	}
}

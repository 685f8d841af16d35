package client_test

import (
	"context"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/api/client"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestClientNotMade: a Client that New did not make, nil (what a failed
// New returns) or zero, answers every call with levy.EInvalid, as an
// Engine that engine.New did not make does, instead of panicking.
func TestClientNotMade(t *testing.T) {
	ctx := context.Background()
	from := civil.MustParse("2026-01-01")
	for name, c := range map[string]*client.Client{"nil": nil, "zero": {}} {
		t.Run(name, func(t *testing.T) {
			calls := map[string]func() error{
				"Sale":     func() error { _, err := c.Sale(ctx, &wire.SaleRequest{}); return err },
				"Purchase": func() error { _, err := c.Purchase(ctx, &wire.PurchaseRequest{}); return err },
				"Owner":    func() error { _, err := c.Owner(ctx, &wire.OwnerRequest{}); return err },
				"ExplainSale": func() error {
					_, _, err := c.ExplainSale(ctx, &wire.SaleRequest{})
					return err
				},
				"ExplainPurchase": func() error {
					_, _, err := c.ExplainPurchase(ctx, &wire.PurchaseRequest{})
					return err
				},
				"ExplainOwner": func() error {
					_, _, err := c.ExplainOwner(ctx, &wire.OwnerRequest{})
					return err
				},
				"Find":              func() error { _, err := c.Find(ctx, nil); return err },
				"LookupAddress":     func() error { _, err := c.LookupAddress(ctx, wire.AddressLookupRequest{}); return err },
				"LookupCoordinates": func() error { _, err := c.LookupCoordinates(ctx, wire.CoordinatesLookupRequest{}); return err },
				"LookupExternal":    func() error { _, err := c.LookupExternal(ctx, wire.ExternalJurisdictionLookupRequest{}); return err },
				"LookupTaxAreaID":   func() error { _, err := c.LookupTaxAreaID(ctx, wire.TaxAreaIDLookupRequest{}); return err },
				"ChangedTaxAreas":   func() error { _, err := c.ChangedTaxAreas(ctx, from, from); return err },
				"TaxAreaChanged":    func() error { _, err := c.TaxAreaChanged(ctx, "123", from, from); return err },
				"TransactionExists": func() error { _, err := c.TransactionExists(ctx, "INV-1"); return err },
				"DeleteTransaction": func() error { return c.DeleteTransaction(ctx, "INV-1") },
				"RollbackTransaction": func() error {
					_, err := c.RollbackTransaction(ctx, "INV-1")
					return err
				},
				"ReverseTransaction": func() error {
					_, err := c.ReverseTransaction(ctx, "INV-1", wire.ReversalRequest{})
					return err
				},
			}
			for call, f := range calls {
				if err := f(); levy.ErrorCode(err) != levy.EInvalid {
					t.Errorf("%s: %v, want levy.EInvalid", call, err)
				}
			}
		})
	}
}

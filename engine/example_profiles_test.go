package engine_test

import (
	"context"
	"fmt"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
)

// A host keeps its tenants' tax profiles and calculates with them: a
// profile.Service changes a tenant's profile (here a customer, its
// exemption certificate for Massachusetts and a SKU of the tenant's own),
// and the engine applies it, through the profile.Cache the Service
// keeps current, to the sales of that tenant (the tenant of the
// context). A host whose store other processes change also runs the
// cache's Follow.
func ExampleWithProfiles() {
	ctx := context.Background()
	store := profile.NewMemory() // badger.OpenProfile(ctx, dir) on disk
	cache := profile.NewCache(store, nil)
	profiles := profile.NewService(store, profile.Config{Cache: cache})
	_, err := profiles.Apply(ctx, "acme", "setup", profile.ChangeSet{
		Customers: []profile.Customer{{Code: "SCHOOL-7", Name: "Boston school"}},
		Certificates: []profile.Certificate{{Number: "MA-EX-1", CustomerCode: "SCHOOL-7", Jurisdictions: []string{"US-MA"},
			ReasonCode: "E", EffectiveDate: civil.MustParse("2026-01-01")}},
		Products: []profile.Product{{Code: "COAT-42", Class: "CLOTHING"}},
	})
	if err != nil {
		panic(err) // an EInvalid *levy.Error naming the field, "certificates[0].reasonCode"
	}
	e, err := engine.New(ctx, engine.WithProfiles(cache))
	if err != nil {
		panic(err)
	}

	sale := func(customer string) *wire.SaleRequest {
		q := engine.Quotation("2026-06-01",
			engine.SellerAt(engine.USAddress("", "Seattle", "WA", "98101")),
			engine.CustomerAt(engine.USAddress("", "Boston", "MA", "02108")),
			engine.Line("coat", "", "200.00"))
		q.Customer.CustomerCode = &wire.CustomerCode{Value: customer}
		q.LineItems[0].Product = &wire.Product{Value: "COAT-42"} // the tenant's SKU, no class
		return q
	}
	acme := levy.WithTenant(ctx, "acme")
	for _, customer := range []string{"WALK-IN", "SCHOOL-7"} {
		resp, err := e.Sale(acme, sale(customer))
		if err != nil {
			panic(err)
		}
		line := resp.LineItems[0]
		fmt.Println(customer, "class", line.Product.ProductClass, "tax", resp.TotalTax)
		for _, tax := range line.Taxes {
			if tax.CertificateNumber != nil {
				fmt.Println("  exempt by certificate", tax.CertificateNumber.Value, "reason", tax.ReasonCode)
			}
		}
	}
	// Output:
	// WALK-IN class CLOTHING tax 1.56
	// SCHOOL-7 class CLOTHING tax 0.00
	//   exempt by certificate MA-EX-1 reason E
}

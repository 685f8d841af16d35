package profile_test

import (
	"context"
	"fmt"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
)

// A tenant tells Levy once of a customer and the resale certificate it
// gave. A change set is checked whole: one with a fault stores nothing
// and names every faulty field; a good one becomes the tenant's next
// version, whose certificate then answers whether it covers a tax.
func ExampleService_Apply() {
	ctx := context.Background()
	svc := profile.NewService(profile.NewMemory(), profile.Config{})
	cert := profile.Certificate{Number: "TX-1001", CustomerCode: "C-1", Jurisdictions: []string{"TX"},
		ReasonCode: "G", EffectiveDate: civil.MustParse("2026-01-01")}

	_, err := svc.Apply(ctx, "acme", "cli", profile.ChangeSet{Certificates: []profile.Certificate{cert}})
	fmt.Println(err)

	v, err := svc.Apply(ctx, "acme", "cli", profile.ChangeSet{
		Customers:    []profile.Customer{{Code: "C-1", Name: "Lone Star Resale", IsBusiness: true}},
		Certificates: []profile.Certificate{cert},
	})
	if err != nil {
		panic(err)
	}
	recs, err := svc.Records(ctx, "acme", time.Time{})
	if err != nil {
		panic(err)
	}
	snap := profile.Compile(recs)
	fmt.Println("version", v)
	for _, c := range snap.CertificatesOf("C-1") {
		day := civil.MustParse("2026-06-01")
		fmt.Println(c.Number, c.Jurisdictions, profile.ReasonText(c.ReasonCode))
		fmt.Printf("Houston %q\n", c.Check(profile.Use{Date: day, Jurisdiction: "US-4835000", Class: "GENERAL"}))
		fmt.Printf("Oklahoma %q\n", c.Check(profile.Use{Date: day, Jurisdiction: "US-OK", Class: "GENERAL"}))
	}
	// Output:
	// invalid: certificates[0].customerCode: there is no customer "C-1": store the customer first, or in the same change
	// version 1
	// TX-1001 [US-TX] Resale
	// Houston ""
	// Oklahoma "certificate-other-jurisdiction"
}

// The engine reads the tenants' profiles through a Cache: once the
// certificate is stored, a sale to its customer in Texas is exempt.
func ExampleNewCache() {
	store := profile.NewMemory()
	cache := profile.NewCache(store, nil)
	svc := profile.NewService(store, profile.Config{Cache: cache})
	ctx := levy.WithTenant(context.Background(), "acme")
	if _, err := svc.Apply(ctx, "acme", "cli", profile.ChangeSet{
		Customers: []profile.Customer{{Code: "C-1", IsBusiness: true}},
		Certificates: []profile.Certificate{{Number: "TX-1001", CustomerCode: "C-1", Jurisdictions: []string{"TX"},
			ReasonCode: "G", EffectiveDate: civil.MustParse("2026-01-01")}},
	}); err != nil {
		panic(err)
	}
	e, err := engine.New(ctx, engine.WithProfiles(cache))
	if err != nil {
		panic(err)
	}
	for _, code := range []string{"C-1", "C-2"} {
		req := engine.Quotation("2026-06-01",
			engine.SellerAt(engine.USAddress("", "Houston", "TX", "77002")),
			engine.CustomerAt(engine.USAddress("", "Houston", "TX", "77002")),
			engine.Line("shelf", "GENERAL", "100.00"))
		req.Customer.CustomerCode = &wire.CustomerCode{Value: code}
		resp, err := e.Sale(ctx, req)
		if err != nil {
			panic(err)
		}
		fmt.Println(code, "total tax", resp.TotalTax)
	}
	// Output:
	// C-1 total tax 0.00
	// C-2 total tax 8.25
}

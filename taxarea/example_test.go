package taxarea_test

import (
	"context"
	"fmt"

	"github.com/levytax/levy/data"
	"github.com/levytax/levy/taxarea"
)

func ExampleResolver_Locate() {
	r, err := taxarea.New(context.Background(), data.Default())
	if err != nil {
		panic(err)
	}
	p := r.Locate(40.748817, -73.985428) // the Empire State Building
	fmt.Println(p.Country, p.Division, p.County)
	// Output: US US-NY US-36061
}

func ExampleResolver_LookupAddress() {
	r, err := taxarea.New(context.Background(), data.Default())
	if err != nil {
		panic(err)
	}
	resp, err := r.LookupAddress(context.Background(), taxarea.AddressLookupRequest{
		PostalAddress: taxarea.PostalAddress{City: "cupertino", MainDivision: "california", PostalCode: "95014"},
	})
	if err != nil {
		panic(err)
	}
	res := resp.LookupResults[0]
	for _, j := range res.Jurisdictions {
		fmt.Println(j.JurisdictionType, j.JurisdictionID, j.Value)
	}
	a := res.PostalAddresses[0]
	fmt.Println(a.City, a.MainDivision, a.PostalCode, a.Country)
	// Output:
	// COUNTRY US United States of America
	// STATE US-CA California
	// COUNTY US-06085 Santa Clara
	// CITY US-0617610 Cupertino
	// Cupertino CA 95014 USA
}

func ExampleAreaID() {
	fmt.Println(taxarea.AreaID([]string{"US", "US-NY", "US-36061"}))
	// Output: 2116881840936218
}

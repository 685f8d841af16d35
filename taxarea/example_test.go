package taxarea_test

import (
	"context"
	"fmt"

	"github.com/levytax/levy/data"
	"github.com/levytax/levy/taxarea"
	"github.com/levytax/levy/wire"
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
	resp, err := r.LookupAddress(context.Background(), wire.AddressLookupRequest{
		PostalAddress: wire.PostalAddress{City: "bakersfield", MainDivision: "california", PostalCode: "93301"},
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
	// COUNTY US-06029 Kern
	// CITY US-0603526 Bakersfield
	// DISTRICT US-CA-D-CITY_OF_BAKERSFIELD City of Bakersfield transactions and use taxes
	// Bakersfield CA 93301 USA
}

func ExampleAreaID() {
	fmt.Println(taxarea.AreaID([]string{"US", "US-NY", "US-36061"}))
	// Output: 2116881840936218
}

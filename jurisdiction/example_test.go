package jurisdiction_test

import (
	"fmt"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/jurisdiction"
)

// An address names its state or province as people write it; the
// subdivision found gives the jurisdiction ID that rates and rules use.
func ExampleSubdivisionOf() {
	for _, in := range [][2]string{{"US", "new york"}, {"US", "D.C."}, {"CA", "Ontario"}, {"BR", "SP"}} {
		s, ok := jurisdiction.SubdivisionOf(in[0], in[1])
		fmt.Printf("%q -> %v %s %s FIPS %q\n", in[1], ok, s.ID(), s.Name, s.FIPS)
	}
	// Output:
	// "new york" -> true US-NY New York FIPS "36"
	// "D.C." -> true US-DC District of Columbia FIPS "11"
	// "Ontario" -> true CA-ON Ontario FIPS ""
	// "SP" -> true BR-SP São Paulo FIPS ""
}

// The tax of a county, a city or a district is filed with its state: a
// host groups a calculation's taxes by FilingArea for its returns.
func ExampleFilingArea() {
	for _, id := range []string{"US-CA", "US-06037", "US-0644000", "CA-ON", "DE", "BR-3550308"} {
		fmt.Println(id, "->", jurisdiction.FilingArea(id))
	}
	// Output:
	// US-CA -> US-CA
	// US-06037 -> US-CA
	// US-0644000 -> US-CA
	// CA-ON -> CA-ON
	// DE -> DE
	// BR-3550308 -> BR-3550308
}

// Membership of the EU's VAT area is dated: the United Kingdom left it
// at the end of 2020. The union-wide threshold of cross-border sales to
// consumers began in 2019, with electronic services.
func ExampleEUMember() {
	for _, d := range []string{"2018-12-31", "2020-12-31", "2021-01-01"} {
		day := civil.MustParse(d)
		limit, ok := jurisdiction.EUDistanceThreshold(day)
		fmt.Println(d, "GB", jurisdiction.EUMember("GB", day), "FR", jurisdiction.EUMember("FR", day),
			"threshold", limit, ok)
	}
	// Output:
	// 2018-12-31 GB true FR true threshold 0 false
	// 2020-12-31 GB true FR true threshold 10000 true
	// 2021-01-01 GB false FR true threshold 10000 true
}

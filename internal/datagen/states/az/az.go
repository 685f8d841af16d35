// Package az is Arizona's part of the generator of Levy's dataset:
// the builder of its local content, beside its note az.md and its
// curated tables.
package az

import (
	"embed"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/datagen"
)

// files are the files of the folder that the generator reads.
//
//go:embed az.md *.csv
var files embed.FS

// New returns Arizona's part of the generator. Its builder reads the
// local content (see az.md) from TaxLocus and OpenSalesTax.
//
// Arizona's transaction privilege tax has three levels on a retail
// sale: the state's 5.6%, the county's excise tax (countywide, in the
// cities too) and the city's or town's own rate. TaxLocus's county rows
// are the counties' rates and its city rows the cities' own rates; its
// rows named for special districts are ADOR reporting codes whose rate
// is the combined state and county rate, or a city's own rate, and are
// represented by those (az-taxlocus.csv). Where OpenSalesTax, read from
// the ADOR's May 2026 rate table, disagrees with TaxLocus, the ADOR's
// own city profile settles it (azOST).
func New() datagen.StateDef {
	return datagen.StateDef{Code: "AZ", Files: files, Build: build}
}

// build reads TaxLocus and OpenSalesTax the common way (azOST settles
// their differences), then makes the rates of azRateChanges start on
// their changes; az.csv gives the rates before.
func build(s *datagen.State, in *datagen.Inputs) error {
	if err := datagen.TaxlocusBuilder(datagen.TaxlocusOptions{}, azOST)(s, in); err != nil {
		return err
	}
	for _, c := range azRateChanges {
		if err := s.StartRatesOn(c.id, c.from); err != nil {
			return err
		}
	}
	return nil
}

// azRateChanges are the rate changes of Arizona cities whose new rate is
// TaxLocus's (2026-08-18), with the day each began: that rate starts on
// it, and az.csv gives the city's rates before it with their
// publications.
var azRateChanges = []struct {
	id   string
	from civil.Date
}{
	{"US-0471510", civil.New(2024, 10, 1)}, // Surprise, retail 2.2% to 2.8% (Ordinance 2024-09)
}

// azOST says what becomes of the OpenSalesTax rows of Arizona that
// disagree with TaxLocus or name no city: keyed by the row's table and
// name.
var azOST = map[string]datagen.OSTOverride{
	"AZ_COUNTY_RATE_PCT/Cochise County": {Win: "the Cochise County Jail District's 0.5% ended on 2025-08-01 (Jail District Resolution 25-02, " +
		"relayed by the City of Douglas), leaving the county's 0.5%: the ADOR May 2026 rate table as OpenSalesTax read it"},
	"AZ_CITIES/Florence":      {Win: "ADOR city profile of Florence (code FL): retail sales 2.00%"},
	"AZ_CITIES/Huachuca City": {Win: "ADOR city profile of Huachuca City (code HC): 1.90% since 2018-12-01 (Ordinance 2018-18)"},
	"AZ_CITIES/Sun City": {Refuse: "Sun City is an unincorporated community (a census-designated place of Maricopa County) with no city " +
		"transaction privilege tax; OpenSalesTax took the 3% from a commercial rate site; the county's area rate applies (6.3% combined)"},
	"AZ_CITIES/Vail": {Refuse: "Vail is an unincorporated community (a census-designated place of Pima County) with no town " +
		"transaction privilege tax; OpenSalesTax took the 2.6% from a commercial rate site; the county's area rate applies (6.1% combined)"},
	"AZ_CITIES/Sahuarita": {Refuse: "Sahuarita's retail rate (business code 017) is 2.00% (ADOR city profile of Sahuarita, code SA; " +
		"4% is its construction contracting and utilities rate); TaxLocus's 2% wins over OpenSalesTax's 5%, taken from a commercial rate site"},
	"AZ_CITIES/Paradise Valley": {Refuse: "Paradise Valley's retail rate is 2.50% since 2011-07-31 (ADOR city profile of Paradise Valley, " +
		"code PV); TaxLocus's 2.5% wins over OpenSalesTax's 2.8%, taken from a commercial rate site"},
	"AZ_CITIES/Tolleson": {Refuse: "Tolleson's retail rate is 2.50% since 2007-10-01, 2.00% on the part of a single item over $5,000 " +
		"(ADOR city profile of Tolleson, code TN); TaxLocus's 2.5% wins over OpenSalesTax's 2.8%, taken from a commercial rate site"},
	"AZ_CITIES/Litchfield Park": {Refuse: "Litchfield Park's retail rate is 2.80% since 2008-10-01 (ADOR city profile of Litchfield Park, " +
		"code LP; the city's own tax page: 9.1% combined); TaxLocus's 2.8% wins over OpenSalesTax's 3%, taken from a commercial rate site"},
	"AZ_CITIES/Parker": {Refuse: "the Town of Parker's own tax is 2% (the town's letter to its businesses of 2020-09-22, as the " +
		"Parker Pioneer printed it); TaxLocus's 2% wins over OpenSalesTax's 4%, taken from a commercial rate site; no ADOR publication " +
		"of a later increase was found"},
}

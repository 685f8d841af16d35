package engine

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data/content"
	"github.com/levytax/levy/wire"
)

// TestServerFranchiseFeeOfItsCurrency: a fee per line of the server's
// franchise table (levy serve --content franchise:FILE) that names its
// currency is in that currency, wherever its area, as a tenant's fee
// that names one (TestProfileFranchiseFeeOfItsCurrency): EUR 1.25 a line
// on two lines in Chicago is, on a document in US dollars, USD 1.36 a
// line at a conversion factor of 0.92 from USD to EUR (1.3587), 2.72; on
// one in euros, EUR 2.50 as it is. A fee of the table without a currency
// stays in US dollars in the US: USD 0.85 a line, 1.70. Before, the table
// had no currency column and refused one: the server could not state
// a fee in euros in its own table.
func TestServerFranchiseFeeOfItsCurrency(t *testing.T) {
	table := filepath.Join(t.TempDir(), "franchise.csv")
	if err := os.WriteFile(table, []byte("franchise_area_id,name,jurisdiction,basis,rate,amount,currency,effective,expiration,source\n"+
		"CHI-TEL-1,Telecom Franchise Fee,,per-line,,1.25,eur,2026-01-01,,a franchise agreement in euros (example)\n"+
		"CHI-TEL-2,Telecom Franchise Fee,,per-line,,0.85,,2026-01-01,,a franchise agreement in dollars (example)\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	e, err := New(context.Background(), WithContent(content.Options{AsOf: civil.MustParse("2026-06-01")}, content.Source{Path: table, Format: content.FormatFranchise}))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		extraCurrencyCase
		area  string
		toEUR string // a currencyConversionFactors entry from the document's currency to EUR
	}{
		{extraCurrencyCase{"USD at a conversion factor of 0.92", "USD", "50.00", "", "", "2.72", ThresholdConvertedRule,
			[]string{"Franchise Fee Telecom Franchise Fee of rule franchise-fee-CHI-TEL-1 is EUR 1.25 per line, charged as USD 1.36 at the conversion factor 0.92"}},
			"CHI-TEL-1", "0.92"},
		{extraCurrencyCase{"EUR: the fee's own currency", "EUR", "50.00", "", "", "2.50", "", nil}, "CHI-TEL-1", ""},
		{extraCurrencyCase{"USD, a fee without a currency", "USD", "50.00", "", "", "1.70", "", nil}, "CHI-TEL-2", ""},
	} {
		req := &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale,
			DocumentDate: civil.MustParse("2026-06-01"), Currency: CurrencyCode(c.currency),
			Seller:   &wire.Seller{PhysicalOrigin: &wire.Location{City: "Chicago", MainDivision: "IL", PostalCode: "60601", Country: "US"}},
			Customer: &wire.Customer{Destination: &wire.Location{City: "Chicago", MainDivision: "IL", PostalCode: "60601", Country: "US"}},
			LineItems: []wire.SaleLineItem{{LineItemID: "tel", Product: &wire.Product{ProductClass: "SERVICES"}, ExtendedPrice: amt(c.price),
				LineDetails: wire.LineDetails{FranchiseAreaID: c.area, LineTypes: []wire.LineTypeSet{{Value: "CABLE", Count: amt("2")}}}}}}
		if c.toEUR != "" {
			req.CurrencyConversionFactors = []wire.CurrencyConversionFactor{{ConversionFactor: amt(c.toEUR),
				SourceCurrency: CurrencyCode(c.currency), TargetCurrency: CurrencyCode("EUR")}}
		}
		r, err := e.Sale(context.Background(), req)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		checkExtraCurrency(t, c.extraCurrencyCase, r, franchiseImpositionType)
	}
}

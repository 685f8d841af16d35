package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/wire"
)

// TestCanadaImportedServicesOfARegisteredBuyer: a buyer in Canada
// registered for the GST/HST (a registration of CA that names no
// imposition type) accrues SAAS of 100.00 bought from a New York vendor.
// An imported taxable supply is self-assessed under the Excise Tax Act,
// Part IX, Division IV (s. 217 and s. 218; s. 218.1 for a participating
// province's part) only when it is not for consumption, use or supply
// exclusively in commercial activities, which a registrant's business
// use is: Levy books the GST/HST, and Quebec's QST, which likewise allows
// an input tax refund, as a reverse charge (INPUT_OUTPUT, REVERSE_CHARGE,
// rule b2b-services-abroad), output tax the buyer deducts, as it does a
// British business's services from abroad. British Columbia's and
// Saskatchewan's PST on software bought from abroad is a cost with no
// credit (Provincial Sales Tax Act of British Columbia; The
// Provincial Sales Tax Act of Saskatchewan): a plain use tax, INPUT, rule
// use-at-destination. By hand: GST 5% of 100.00, 5.00; Ontario's part of
// the HST 8%, 8.00; QST 9.975%, 9.975, 9.98 half up; BC PST 7%, 7.00;
// Saskatchewan PST 6%, 6.00. A buyer registered nowhere accrues all as
// use tax, as before. Levy used to accrue the GST/HST and the QST of a
// registered buyer as plain use tax (INPUT), as for a consumer.
func TestCanadaImportedServicesOfARegisteredBuyer(t *testing.T) {
	e := testEngine(t)
	const regina = `{"city":"Regina","mainDivision":"SK","postalCode":"S4P 3Y2","country":"CA"}`
	const gstReg = `,"taxRegistrations":[{"isoCountryCode":"CA","taxRegistrationNumber":"123456789RT0001"}]`
	type want struct {
		juris, tax, rule string
		io               wire.InputOutputType
		reverse          bool
	}
	rc := func(j, tax string) want {
		return want{j, tax, "b2b-services-abroad", wire.InputOutputTypeInputOutput, true}
	}
	use := func(j, tax string) want { return want{j, tax, "use-at-destination", wire.InputOutputTypeInput, false} }
	for _, c := range []struct {
		name, buyer string
		want        []want
	}{
		{"a registered buyer in Toronto", caToronto + gstReg, []want{rc("CA", "5.00"), rc("CA-ON", "8.00")}},
		{"a registered buyer in Montreal", caMontreal + gstReg, []want{rc("CA", "5.00"), rc("CA-QC", "9.98")}},
		{"a registered buyer in Vancouver", caVancouver + gstReg, []want{rc("CA", "5.00"), use("CA-BC", "7.00")}},
		{"a registered buyer in Regina", regina + gstReg, []want{rc("CA", "5.00"), use("CA-SK", "6.00")}},
		{"a buyer registered nowhere in Toronto, as before", caToronto, []want{use("CA", "5.00"), use("CA-ON", "8.00")}},
	} {
		req := caPurchase(t, "ACCRUAL", usNewYork, "", c.buyer, "", "")
		req.LineItems[0].Purchase.PurchaseClass = "SAAS"
		r, err := e.Purchase(context.Background(), req)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		for _, w := range c.want {
			tx := taxOf(t, r.LineItems[0].Taxes, w.juris)
			got := want{juris: w.juris, tax: tx.CalculatedTax.String(), io: tx.InputOutputType, reverse: tx.ReasonCode == "REVERSE_CHARGE"}
			if tx.CalculationRuleID != nil {
				got.rule = tx.CalculationRuleID.Value
			}
			if got != w {
				t.Errorf("%s: got %+v, want %+v", c.name, got, w)
			}
		}
	}
}

package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// telecomLine is a month of one postpaid wireless line for 100.00 sold
// to a customer at dest on 2026-02-15, of class (none when "").
func telecomLine(dest *wire.Location, class string) *wire.SaleRequest {
	li := wire.SaleLineItem{LineItemID: "1", ExtendedPrice: amt("100.00"),
		LineDetails: wire.LineDetails{LineTypes: []wire.LineTypeSet{{Value: "WIRELESS", Count: amt("1")}}}}
	if class != "" {
		li.Product = &wire.Product{ProductClass: class}
	}
	return &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale,
		DocumentDate: civil.MustParse("2026-02-15"),
		Seller:       &wire.Seller{PhysicalOrigin: dest},
		Customer:     &wire.Customer{Destination: dest},
		LineItems:    []wire.SaleLineItem{li}}
}

// salesTaxOf sums a line's sales tax records, and returns the state's
// own record (the jurisdiction "US-" and the postal code).
func salesTaxOf(l wire.SaleResponseLineItem, state string) (decimal.Decimal, *wire.Tax) {
	sum := decimal.Zero
	var own *wire.Tax
	for i, t := range l.Taxes {
		if t.Imposition == nil || t.Imposition.Value != string(jurisdiction.SalesTax) {
			continue
		}
		sum = sum.Add(t.CalculatedTax.Decimal())
		if t.Jurisdiction.JurisdictionID == "US-"+state {
			own = &l.Taxes[i]
		}
	}
	return sum, own
}

// paramNamed returns the assisted parameter of l with ruleName rule
// that names its product class (the 911 fees Levy lacks name the line
// type instead).
func paramNamed(l wire.SaleResponseLineItem, rule string) *wire.AssistedParameter {
	for i, p := range l.AssistedParameters {
		if p.RuleName == rule && p.ParamName == "productClass" {
			return &l.AssistedParameters[i]
		}
	}
	return nil
}

// TestTelecomLineClass checks the class of a line that sends a line
// type in Austin, Texas, whose treatment of the class is recorded:
// TELECOMMUNICATIONS when it sends no class, which the response line's
// product shows, or SERVICES, which an assisted parameter says too; any
// other class it sends, GENERAL included, is kept and nothing is said.
func TestTelecomLineClass(t *testing.T) {
	e := testEngine(t)
	austin := &wire.Location{City: "Austin", MainDivision: "TX", PostalCode: "78701", Country: "US"}
	for _, c := range []struct {
		sent, want, original string
		said                 bool
	}{
		{"", "TELECOMMUNICATIONS", "", false},
		{"SERVICES", "TELECOMMUNICATIONS", "SERVICES", true},
		{"TELECOMMUNICATIONS", "TELECOMMUNICATIONS", "", false},
		{"GENERAL", "GENERAL", "", false},
	} {
		resp, err := e.Sale(context.Background(), telecomLine(austin, c.sent))
		if err != nil {
			t.Fatalf("%q: %v", c.sent, err)
		}
		l := resp.LineItems[0]
		if l.Product == nil || l.Product.ProductClass != c.want {
			t.Errorf("sent %q: product %+v, want class %s", c.sent, l.Product, c.want)
		}
		p := paramNamed(l, LineTypeClassRule)
		switch {
		case c.said && (p == nil || p.ParamName != "productClass" || p.OriginalValue != c.original || p.Value != "TELECOMMUNICATIONS"):
			t.Errorf("sent %q: %s parameter %+v, want productClass %q -> TELECOMMUNICATIONS", c.sent, LineTypeClassRule, p, c.original)
		case !c.said && p != nil:
			t.Errorf("sent %q: says %+v", c.sent, p)
		}
	}
}

// TestTelecomSalesTax checks the sales tax on a wireless line of 100.00
// sent with no class, state by state: Texas's 6.25% without the local
// taxes (exempt unless a jurisdiction repealed the exemption); none in
// California, whose sales tax reaches goods alone; none in Florida and
// Illinois, whose communications services tax and telecommunications
// excise tax replace it and are named as not computed; New York's and
// Washington's state and local rates; North Carolina's combined
// general rate of 7% as a state tax alone; Pennsylvania's 6%; and in Georgia, which Levy's
// content does not decide, the general treatment, flagged.
func TestTelecomSalesTax(t *testing.T) {
	e := testEngine(t)
	for _, c := range []struct {
		name, state string
		at          *wire.Location
		total       string // the line's sales tax
		stateTax    string // the state's record's tax; "" for no record
		lacking     string // the tax named as not computed; "" for none
		unconfirmed bool
	}{
		{"Austin", "TX", &wire.Location{City: "Austin", MainDivision: "TX", PostalCode: "78701", Country: "US"}, "6.25", "6.25", "", false},
		{"Los Angeles", "CA", &wire.Location{City: "Los Angeles", MainDivision: "CA", PostalCode: "90012", Country: "US"}, "0", "0", "", false},
		{"Miami", "FL", &wire.Location{City: "Miami", MainDivision: "FL", PostalCode: "33130", Country: "US"}, "0", "0", "US-FL Florida taxes TELECOMMUNICATIONS by its communications services tax", false},
		{"Springfield", "IL", &wire.Location{City: "Springfield", MainDivision: "IL", PostalCode: "62701", Country: "US"}, "0", "0", "US-IL Illinois taxes TELECOMMUNICATIONS originated or received in the state by its Telecommunications Excise Tax of 7%", false},
		{"Albany", "NY", &wire.Location{City: "Albany", MainDivision: "NY", PostalCode: "12207", Country: "US"}, "8", "4", "", false},
		{"Seattle", "WA", &wire.Location{City: "Seattle", MainDivision: "WA", PostalCode: "98104", Country: "US"}, "10.55", "6.5", "", false},
		{"Charlotte", "NC", &wire.Location{City: "Charlotte", MainDivision: "NC", PostalCode: "28202", Country: "US"}, "7", "7", "", false},
		{"Harrisburg", "PA", &wire.Location{City: "Harrisburg", MainDivision: "PA", PostalCode: "17101", Country: "US"}, "6", "6", "", false},
		{"Atlanta", "GA", &wire.Location{City: "Atlanta", MainDivision: "GA", PostalCode: "30303", Country: "US"}, "", "4", "", true},
	} {
		resp, err := e.Sale(context.Background(), telecomLine(c.at, ""))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		l := resp.LineItems[0]
		total, own := salesTaxOf(l, c.state)
		if c.total != "" && !total.Equal(decimal.RequireFromString(c.total)) {
			t.Errorf("%s: sales tax %s, want %s (%+v)", c.name, total, c.total, l.Taxes)
		}
		if own == nil || !own.CalculatedTax.Decimal().Equal(decimal.RequireFromString(c.stateTax)) {
			t.Errorf("%s: state record %+v, want %s", c.name, own, c.stateTax)
		}
		lacking := paramNamed(l, TaxNotComputedRule)
		switch {
		case c.lacking != "" && (lacking == nil || !strings.HasPrefix(lacking.Value, c.lacking)):
			t.Errorf("%s: not-computed %+v, want %q", c.name, lacking, c.lacking)
		case c.lacking == "" && lacking != nil:
			t.Errorf("%s: says %+v", c.name, lacking)
		}
		u := paramNamed(l, UnconfirmedTaxabilityRule)
		switch {
		case c.unconfirmed && (u == nil || u.OriginalValue != "TELECOMMUNICATIONS" || !strings.HasPrefix(u.Value, "US-"+c.state+": ")):
			t.Errorf("%s: %s parameter %+v, want one naming US-%s", c.name, UnconfirmedTaxabilityRule, u, c.state)
		case !c.unconfirmed && u != nil:
			t.Errorf("%s: says %+v", c.name, u)
		}
	}
}

// TestTelecomServicesUnconfirmed checks a wireless line sent as SERVICES
// in Atlanta, Georgia, whose treatment of TELECOMMUNICATIONS Levy's
// content does not record: it keeps SERVICES and bears the sales tax a
// SERVICES line without a line type bears, and says that Georgia's
// treatment is not confirmed and that it was taxed as SERVICES.
func TestTelecomServicesUnconfirmed(t *testing.T) {
	e := testEngine(t)
	atlanta := &wire.Location{City: "Atlanta", MainDivision: "GA", PostalCode: "30303", Country: "US"}
	resp, err := e.Sale(context.Background(), telecomLine(atlanta, "SERVICES"))
	if err != nil {
		t.Fatal(err)
	}
	l := resp.LineItems[0]
	plain := telecomLine(atlanta, "SERVICES")
	plain.LineItems[0].LineDetails = wire.LineDetails{}
	want, err := e.Sale(context.Background(), plain)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := salesTaxOf(l, "GA")
	services, _ := salesTaxOf(want.LineItems[0], "GA")
	if !got.Equal(services) {
		t.Errorf("sales tax %s, want %s as on a SERVICES line", got, services)
	}
	if l.Product == nil || l.Product.ProductClass != "SERVICES" {
		t.Errorf("product %+v, want SERVICES kept", l.Product)
	}
	if p := paramNamed(l, LineTypeClassRule); p != nil {
		t.Errorf("says %+v", p)
	}
	u := paramNamed(l, UnconfirmedTaxabilityRule)
	if u == nil || u.OriginalValue != "SERVICES" || !strings.HasPrefix(u.Value, "US-GA: ") || !strings.Contains(u.Value, "taxed as SERVICES is there") {
		t.Errorf("%s parameter %+v, want one naming US-GA and SERVICES", UnconfirmedTaxabilityRule, u)
	}
}

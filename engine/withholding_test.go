package engine

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/rules"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// withholdingExample is the example rule file that ships with Levy.
const withholdingExample = "../rules/examples/withholding-kenya-services-from-abroad.json"

// kenyaPurchase is a Kenyan business buying consulting from a German
// firm: the buyer withholds 20% under the example rule file.
func kenyaPurchase(class string) *wire.PurchaseRequest {
	return &wire.PurchaseRequest{PurchaseMessageType: wire.PurchaseAccrual, TransactionType: wire.TransactionTypePurchase,
		TransactionID: "KE-WHT-1", DocumentDate: civil.MustParse("2026-06-01"), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "KES"},
		Vendor: &wire.Vendor{PhysicalOrigin: &wire.Location{City: "Berlin", PostalCode: "10115", Country: "DE"}},
		Buyer:  &wire.Buyer{Destination: &wire.Location{City: "Nairobi", Country: "KE"}},
		LineItems: []wire.PurchaseLineItem{
			{LineItemID: "1", Purchase: &wire.Purchase{PurchaseClass: class}, ExtendedPrice: amt("100000.00")},
		}}
}

// withheldOf returns the withheld taxes of a list.
func withheldOf(taxes []wire.Tax) []wire.Tax {
	var out []wire.Tax
	for _, t := range taxes {
		if t.ImpositionType != nil && t.ImpositionType.WithholdingType != "" {
			out = append(out, t)
		}
	}
	return out
}

// TestWithholdingRuleFile reads the example rule file and checks that a
// purchase it reaches marks the tax withheld in the response and in the
// journal: collected from the buyer, outside the totals.
func TestWithholdingRuleFile(t *testing.T) {
	ctx := levy.WithTenant(context.Background(), "acme-ke")
	store := journal.NewMemory()
	e, err := New(context.Background(), WithRuleFiles(withholdingExample), WithJournal(store),
		WithToday(func() civil.Date { return civil.MustParse("2026-06-01") }))
	if err != nil {
		t.Fatal(err)
	}
	resp, err := e.Purchase(ctx, kenyaPurchase("PROFESSIONAL_SERVICES"))
	if err != nil {
		t.Fatal(err)
	}
	l := resp.LineItems[0]
	w := withheldOf(l.Taxes)
	if len(w) != 1 {
		t.Fatalf("withheld taxes %+v, want one", l.Taxes)
	}
	got := w[0]
	if got.ImpositionType.WithholdingType != "NON_RESIDENT_PROFESSIONAL_FEES" || got.Imposition.Value != "Withholding Tax" ||
		got.TaxCollectedFromParty != wire.TaxCollectedFromBuyer || got.Jurisdiction.JurisdictionID != "KE" ||
		got.CalculatedTax.String() != "20000.00" || got.CalculationRuleID.Value != "ke-wht-professional-fees-non-resident" {
		t.Errorf("withheld tax %+v", got)
	}
	sum := decimal.Zero
	for _, x := range l.Taxes {
		if x.ImpositionType == nil || x.ImpositionType.WithholdingType == "" {
			sum = sum.Add(x.CalculatedTax.Decimal())
		}
	}
	if !l.TotalTax.Decimal().Equal(sum) || !resp.TotalTax.Decimal().Equal(sum) {
		t.Errorf("totalTax %s (document %s), want the taxes that are not withheld, %s", l.TotalTax, resp.TotalTax, sum)
	}

	tx, err := store.Get(ctx, "acme-ke", "KE-WHT-1")
	if err != nil {
		t.Fatal(err)
	}
	var stored *journal.Tax
	for i := range tx.Lines[0].Taxes {
		if tx.Lines[0].Taxes[i].Withheld {
			stored = &tx.Lines[0].Taxes[i]
		}
	}
	if stored == nil || stored.WithholdingType != "NON_RESIDENT_PROFESSIONAL_FEES" || stored.CollectedFrom != "BUYER" || stored.Tax.String() != "20000.00" {
		t.Fatalf("the journal keeps %+v, want the withheld tax", tx.Lines[0].Taxes)
	}
	rep, err := journal.Summarize(ctx, store, "acme-ke", civil.Date{}, civil.Date{})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, r := range rep.Currencies[0].Rows {
		if r.Imposition == "Withholding Tax" {
			found = r.Withheld == journal.WithheldByTenant && r.Tax.String() == "20000.00"
		}
	}
	if !found {
		t.Errorf("the report has no row of the tax withheld by the tenant: %+v", rep.Currencies[0].Rows)
	}

	// A class the rule file does not name, a seller at home, and an
	// override that names the withholding type: nothing is withheld.
	for name, req := range map[string]*wire.PurchaseRequest{
		"other class": kenyaPurchase("GENERAL"),
		"seller at home": func() *wire.PurchaseRequest {
			r := kenyaPurchase("PROFESSIONAL_SERVICES")
			r.Vendor.PhysicalOrigin = &wire.Location{City: "Mombasa", Country: "KE"}
			return r
		}(),
	} {
		req.PostToJournal = new(bool)
		resp, err := e.Purchase(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		if w := withheldOf(resp.LineItems[0].Taxes); len(w) != 0 {
			t.Errorf("%s: withheld %+v", name, w)
		}
	}
	req := kenyaPurchase("PROFESSIONAL_SERVICES")
	req.PostToJournal = new(bool)
	req.LineItems[0].ExemptOverrides = []wire.Override{{ImpositionType: &wire.ImpositionType{WithholdingType: "NON_RESIDENT_PROFESSIONAL_FEES"}, ReasonCode: "TREATY"}}
	resp, err = e.Purchase(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range resp.LineItems[0].Taxes {
		w := x.ImpositionType != nil && x.ImpositionType.WithholdingType != ""
		if w != (x.TaxResult == wire.TaxResultExempt) {
			t.Errorf("an override naming the withholding type: %s %s is %s", x.Jurisdiction.JurisdictionID, x.Imposition.Value, x.TaxResult)
		}
	}
}

// kenyanWithholdingSale returns an engine with the withholding example
// over a journal of its own, that journal, the tenant's context, and an
// INVOICE of a German seller's professional services of 1,000.00 to a
// Kenyan business, which withholds on them.
func kenyanWithholdingSale(t *testing.T) (context.Context, journal.Store, *Engine, *wire.SaleRequest) {
	t.Helper()
	store := journal.NewMemory()
	e, err := New(context.Background(), WithRuleFiles(withholdingExample), WithJournal(store))
	if err != nil {
		t.Fatal(err)
	}
	req := &wire.SaleRequest{SaleMessageType: wire.SaleInvoice, TransactionType: wire.TransactionTypeSale, TransactionID: "DE-KE-1",
		DocumentDate: civil.MustParse("2026-06-01"), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"},
		Seller:    &wire.Seller{PhysicalOrigin: &wire.Location{City: "Berlin", PostalCode: "10115", Country: "DE"}},
		Customer:  &wire.Customer{Destination: &wire.Location{City: "Nairobi", Country: "KE"}, CustomerCode: &wire.CustomerCode{IsBusinessIndicator: true}},
		LineItems: []wire.SaleLineItem{{Product: &wire.Product{ProductClass: "PROFESSIONAL_SERVICES"}, ExtendedPrice: amt("1000.00")}}}
	return levy.WithTenant(context.Background(), "acme-de"), store, e, req
}

// TestWithholdingOnSale checks the seller's view: the customer withholds,
// and the seller's journal report leaves it out of the total.
func TestWithholdingOnSale(t *testing.T) {
	ctx, store, e, req := kenyanWithholdingSale(t)
	resp, err := e.Sale(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	w := withheldOf(resp.LineItems[0].Taxes)
	if len(w) != 1 || w[0].CalculatedTax.String() != "200.00" || w[0].TaxCollectedFromParty != wire.TaxCollectedFromBuyer {
		t.Fatalf("withheld %+v", resp.LineItems[0].Taxes)
	}
	rep, err := journal.Summarize(ctx, store, "acme-de", civil.Date{}, civil.Date{})
	if err != nil {
		t.Fatal(err)
	}
	sec := rep.Currencies[0]
	for _, r := range sec.Rows {
		if r.Imposition == "Withholding Tax" && r.Withheld != journal.WithheldByCustomer {
			t.Errorf("row %+v, want withheld by the customer", r)
		}
	}
	if !sec.Total.Tax.Decimal().Equal(resp.TotalTax.Decimal()) {
		t.Errorf("report total %s, want the sale's own tax %s", sec.Total.Tax, resp.TotalTax)
	}
	if fv := rep.FilingView(); strings.Contains(strings.Join(filingImpositions(fv), ","), "Withholding Tax") {
		t.Errorf("the filing view has the withheld tax: %v", filingImpositions(fv))
	}
}

func filingImpositions(f *journal.FilingView) []string {
	var out []string
	for _, c := range f.Currencies {
		for _, s := range c.States {
			for _, r := range s.Rows {
				out = append(out, r.Imposition)
			}
		}
	}
	return out
}

// TestWithholdingBadRules refuses withholdings that could not be applied,
// naming them.
func TestWithholdingBadRules(t *testing.T) {
	for _, c := range []struct {
		w    rules.Withholding
		want string
	}{
		{rules.Withholding{ID: "a", Jurisdiction: "KE", Tax: "WHT", WithholdingType: "X", Rate: decimal.RequireFromString("1.5")}, "rate"},
		{rules.Withholding{ID: "b", Jurisdiction: "KE", Tax: "WHT", Rate: decimal.RequireFromString("0.1")}, "withholdingType"},
		{rules.Withholding{ID: "c", Jurisdiction: "XX-NOWHERE", Tax: "WHT", WithholdingType: "X", Rate: decimal.RequireFromString("0.1")}, "not in the dataset"},
		{rules.Withholding{ID: "d", Jurisdiction: "KE", Tax: "WHT", WithholdingType: "X", Rate: decimal.RequireFromString("0.1"), When: "productClass =="}, "condition"},
	} {
		_, err := New(context.Background(), WithWithholdings(c.w))
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), c.w.ID) {
			t.Errorf("%s: %v, want an error naming it and %q", c.w.ID, err, c.want)
		}
	}
}

// TestWithholdingOnCredit checks a credit note of withheld services: it
// takes back what its invoice withheld, every amount negative, so that
// the seller's journal nets the withheld row to zero. Before, a credit
// was called exempt from the withholding at 0.00 (its negative amount
// was taken as more than exempt of itself), and one that overrides the
// withholding as both exempt and non-taxable withheld a positive 200.00.
func TestWithholdingOnCredit(t *testing.T) {
	ctx, store, e, req := kenyanWithholdingSale(t)
	if _, err := e.Sale(ctx, req); err != nil {
		t.Fatal(err)
	}
	req.TransactionID = "DE-KE-1-CREDIT"
	req.LineItems[0].ExtendedPrice = amt("-1000.00")
	resp, err := e.Sale(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	w := withheldOf(resp.LineItems[0].Taxes)
	if len(w) != 1 || w[0].TaxResult != wire.TaxResultTaxable || w[0].CalculatedTax.String() != "-200.00" ||
		w[0].Taxable.String() != "-1000.00" || w[0].Exempt.Sign() != 0 {
		t.Fatalf("the credit withholds %+v, want -200.00 taxable on -1000.00", w)
	}
	rep, err := journal.Summarize(ctx, store, "acme-de", civil.Date{}, civil.Date{})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rep.Currencies[0].Rows {
		if r.Imposition == "Withholding Tax" && (r.Tax.Sign() != 0 || r.Taxable.Sign() != 0) {
			t.Errorf("the invoice and its credit leave a withheld row of %s on %s, want none", r.Tax, r.Taxable)
		}
	}

	// Exempt and non-taxable overrides of the withholding on a credit
	// leave nothing withheld, and no part positive.
	req.TransactionID = "DE-KE-1-CREDIT-2"
	wt := &wire.ImpositionType{WithholdingType: "NON_RESIDENT_PROFESSIONAL_FEES"}
	req.LineItems[0].ExemptOverrides = []wire.Override{{ImpositionType: wt}}
	req.LineItems[0].NonTaxableOverrides = []wire.Override{{ImpositionType: wt}}
	resp, err = e.Sale(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	w = withheldOf(resp.LineItems[0].Taxes)
	if len(w) != 1 || w[0].CalculatedTax.Sign() != 0 || w[0].Taxable.Sign() != 0 || w[0].Exempt.String() != "-1000.00" || w[0].NonTaxable.Sign() != 0 {
		t.Errorf("an overridden credit withholds %+v, want all of -1000.00 exempt", w)
	}
}

// TestWithholdingOnBrazilianLine checks a Brazilian buyer's withholdings
// on services: a host's withholding on Brazil reaches a line whose
// parties are in Brazil, as any other, taken on the price (which holds
// Brazil's taxes calculated on it), and a line from abroad bears the one
// limited to sellers abroad. Before, a Brazilian line (brazilLine) never
// bore a withholding, and said nothing of it. The rates are made up.
func TestWithholdingOnBrazilianLine(t *testing.T) {
	e, err := New(context.Background(), WithWithholdings(
		rules.Withholding{ID: "br-abroad", Jurisdiction: "BR", Tax: "IRRF", WithholdingType: "IRRF_SERVICES_ABROAD", FromAbroad: true,
			Rate: decimal.RequireFromString("0.15"), Reason: "a test withholding on services from abroad"},
		rules.Withholding{ID: "br-professional", Jurisdiction: "BR", Tax: "IRRF", WithholdingType: "IRRF_PROFESSIONAL", ProductClass: "PROFESSIONAL_SERVICES",
			Rate: decimal.RequireFromString("0.015"), Reason: "a test withholding on professional services"},
	))
	if err != nil {
		t.Fatal(err)
	}
	none := testEngine(t)
	for _, c := range []struct {
		name   string
		vendor *wire.Location
		want   map[string]string // withholding type: tax
	}{
		{"domestic", brTo("Rio de Janeiro", "RJ"), map[string]string{"IRRF_PROFESSIONAL": "15.00"}},
		{"abroad", &wire.Location{City: "Berlin", PostalCode: "10115", Country: "DE"}, map[string]string{"IRRF_PROFESSIONAL": "15.00", "IRRF_SERVICES_ABROAD": "150.00"}},
	} {
		req := &wire.PurchaseRequest{PurchaseMessageType: wire.PurchaseAccrual, TransactionType: wire.TransactionTypePurchase,
			DocumentDate: civil.MustParse("2026-09-01"), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "BRL"},
			Vendor: &wire.Vendor{PhysicalOrigin: c.vendor}, Buyer: &wire.Buyer{Destination: brTo("São Paulo", "SP")},
			LineItems: []wire.PurchaseLineItem{{LineItemID: "1", Purchase: &wire.Purchase{PurchaseClass: "PROFESSIONAL_SERVICES"},
				CommodityCode: &wire.CommodityCode{CommodityCodeType: "LC116", Value: "17.01"}, ExtendedPrice: amt("1000.00"),
				LineDetails: wire.LineDetails{NatureOfFiscalOperation: wire.OperationPrestacaoServico}}}}
		resp, err := e.Purchase(context.Background(), req)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		l := resp.LineItems[0]
		got := map[string]string{}
		for _, x := range l.Taxes {
			if x.ImpositionType != nil && x.ImpositionType.WithholdingType != "" {
				if x.Jurisdiction.JurisdictionID != "BR" || x.TaxCollectedFromParty != wire.TaxCollectedFromBuyer || x.Taxable.String() != "1000.00" {
					t.Errorf("%s: withheld %+v", c.name, x)
				}
				got[x.ImpositionType.WithholdingType] = x.CalculatedTax.String()
			}
		}
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%s: withheld %v, want %v", c.name, got, c.want)
		}
		// The withholdings leave the line's and the document's amounts as
		// they are without them.
		plain, err := none.Purchase(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		if p := plain.LineItems[0]; !l.TotalTax.Decimal().Equal(p.TotalTax.Decimal()) || !resp.Total.Decimal().Equal(plain.Total.Decimal()) ||
			len(l.Taxes) != len(p.Taxes)+len(c.want) {
			t.Errorf("%s: totalTax %s, total %s, %d taxes; without withholdings %s, %s, %d", c.name, l.TotalTax, resp.Total, len(l.Taxes),
				p.TotalTax, plain.Total, len(p.Taxes))
		}
	}
}

// TestWithholdingInTextReport checks the remittance report as `levy
// journal report` prints it: a row of tax the tenant's customer withheld
// on a sale, and one of tax the tenant withheld on a purchase, are marked
// as such and explained below the table, as a vendor's tax is. Before,
// both read "BUYER" like a reverse charge, and the sale's section had a
// row of 200.00 that its total left out without a word.
func TestWithholdingInTextReport(t *testing.T) {
	ctx, store, e, req := kenyanWithholdingSale(t)
	if _, err := e.Sale(ctx, req); err != nil {
		t.Fatal(err)
	}
	p := kenyaPurchase("PROFESSIONAL_SERVICES")
	p.DocumentDate = req.DocumentDate
	if _, err := e.Purchase(ctx, p); err != nil {
		t.Fatal(err)
	}
	rep, err := journal.Summarize(ctx, store, "acme-de", civil.Date{}, civil.Date{})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := rep.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	for _, want := range []string{"BUYER (withheld by customer)", "BUYER (withheld)",
		"BUYER (withheld by customer): tax the tenant's customers withheld", "BUYER (withheld): tax the tenant withheld"} {
		if !strings.Contains(text, want) {
			t.Errorf("the text report lacks %q:\n%s", want, text)
		}
	}
}

// TestWithholdingPartialOverrideOnCredit checks a credit of an invoice
// whose withholding a treaty exempts in part: an exemptOverrides of
// 300.00 of 1,000.00 withholds 20% of 700.00 on the invoice, and its
// credit takes back the same, -140.00 on -700.00 with -300.00 exempt.
// Before, the credit was exempt in full (300.00 is more than -1,000.00,
// so the override took all of it) and took back nothing.
func TestWithholdingPartialOverrideOnCredit(t *testing.T) {
	ctx, _, e, req := kenyanWithholdingSale(t)
	req.LineItems[0].ExemptOverrides = []wire.Override{{ImpositionType: &wire.ImpositionType{WithholdingType: "NON_RESIDENT_PROFESSIONAL_FEES"},
		Amount: amt("300.00"), ReasonCode: "TREATY"}}
	for _, c := range []struct{ price, taxable, exempt, tax string }{
		{"1000.00", "700.00", "300.00", "140.00"},
		{"-1000.00", "-700.00", "-300.00", "-140.00"},
		{"-200.00", "0.00", "-200.00", "0.00"},
	} {
		req.TransactionID = "DE-KE-TREATY" + c.price
		req.LineItems[0].ExtendedPrice = amt(c.price)
		resp, err := e.Sale(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		w := withheldOf(resp.LineItems[0].Taxes)
		if len(w) != 1 || w[0].Taxable.String() != c.taxable || w[0].Exempt.String() != c.exempt || w[0].CalculatedTax.String() != c.tax {
			t.Errorf("%s: withheld %+v, want %s on %s taxable, %s exempt", c.price, w, c.tax, c.taxable, c.exempt)
		}
	}
}

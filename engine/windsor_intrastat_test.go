package engine

import (
	"context"
	"errors"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/wire"
)

// windsorInvoice is a stored invoice of goods lines from a seller at from
// (registrations sellerRegs) to a business at to (registrations
// customerRegs), in currency.
func windsorInvoice(id, date, currency string, from, to *wire.Location, sellerRegs, customerRegs []wire.TaxRegistration, lines ...wire.SaleLineItem) *wire.SaleRequest {
	return &wire.SaleRequest{SaleMessageType: wire.SaleInvoice, TransactionType: wire.TransactionTypeSale, TransactionID: id,
		DocumentDate: civil.MustParse(date), Currency: &wire.Currency{ISOCurrencyCodeAlpha: currency},
		Seller:   &wire.Seller{PhysicalOrigin: from, TaxRegistrations: sellerRegs},
		Customer: &wire.Customer{Destination: to, TaxRegistrations: customerRegs}, LineItems: lines}
}

// TestWindsorFrameworkIntrastat: goods moved between Northern Ireland and
// a member state are declared to Intrastat from 2021, Northern Ireland
// under the code XI. A German seller's dispatches to a business in
// Belfast are declared among Germany's with the partner XI and the
// customer's XI number (the member states' partner code for Northern
// Ireland); a Northern Irish seller's dispatches to France are declared
// under memberState XI, its declaration to HMRC (Notice 60), here in
// pounds. Goods between Great Britain and Northern Ireland are declared
// nowhere, and no declaration of XI is taken for 2020. Before, the German
// dispatch was an export to GB and left out, and memberState XI was
// refused as no member state.
func TestWindsorFrameworkIntrastat(t *testing.T) {
	store := journal.NewMemory()
	e := windsorEngine(t, WithJournal(store))
	ctx := levy.WithTenant(context.Background(), "acme")
	xi := []wire.TaxRegistration{xiNumber}
	for _, req := range []*wire.SaleRequest{
		windsorInvoice("DE-XI", "2026-03-02", "EUR", vaMunich, wfBelfast, wfDESeller, xi,
			goods("1", "500.00", "84713000", 11, 3, 2, "PST", "1", "CHN")),
		windsorInvoice("XI-FR", "2026-03-03", "GBP", wfBelfast, euParis, wfXISeller, []wire.TaxRegistration{frNumber},
			goods("1", "700.00", "84713000", 11, 3, 3, "PST", "2", "CHN")),
		windsorInvoice("XI-GB", "2026-03-04", "GBP", wfBelfast, vaLondon, wfXISeller, []wire.TaxRegistration{gbNumber},
			goods("1", "900.00", "84713000", 11, 3, 4, "PST", "3", "CHN")),
		windsorInvoice("GB-XI", "2026-03-05", "GBP", vaLondon, wfBelfast, wfGBSeller, xi,
			goods("1", "300.00", "84713000", 11, 3, 1, "PST", "1", "CHN")),
	} {
		if _, err := e.Sale(ctx, req); err != nil {
			t.Fatalf("%s: %v", req.TransactionID, err)
		}
	}
	march := func(state, currency string) *journal.IntrastatDeclaration {
		t.Helper()
		d, err := journal.Intrastat(ctx, store, "acme", journal.IntrastatQuery{From: civil.MustParse("2026-03-01"), To: civil.MustParse("2026-03-31"),
			MemberState: state, Flow: journal.Dispatches, Currency: currency}, e.IntrastatCodes())
		if err != nil {
			t.Fatalf("%s: %v", state, err)
		}
		return d
	}
	de := march("DE", "EUR")
	if len(de.Items) != 1 || de.Items[0].PartnerCountry != "XI" || de.Items[0].PartnerVAT != "XI000472631" || de.Items[0].InvoicedValue.String() != "500.00" {
		t.Errorf("Germany's dispatches: items %+v refused %+v, want the 500.00 to XI, partner XI000472631", de.Items, de.Refused)
	}
	ni := march("XI", "GBP")
	if len(ni.Items) != 1 || ni.Items[0].PartnerCountry != "FR" || ni.Items[0].PartnerVAT != "FR40303265045" || ni.Items[0].InvoicedValue.String() != "700.00" {
		t.Errorf("Northern Ireland's dispatches: items %+v refused %+v, want the 700.00 to FR alone", ni.Items, ni.Refused)
	}
	if len(ni.Refused) != 0 {
		t.Errorf("Northern Ireland's dispatches refuse %+v: the goods to and from Great Britain are not declared at all", ni.Refused)
	}
	_, err := journal.Intrastat(ctx, store, "acme", journal.IntrastatQuery{From: civil.MustParse("2020-03-01"), To: civil.MustParse("2020-03-31"),
		MemberState: "XI", Flow: journal.Dispatches}, e.IntrastatCodes())
	var errs levy.Errors
	if !errors.As(err, &errs) || len(errs) != 1 || errs[0].Field != "memberState" {
		t.Errorf("a declaration of XI for March 2020: %v, want memberState refused", err)
	}
}

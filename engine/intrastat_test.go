package engine

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
)

// euDispatch is an invoice of a German seller to a business in France or
// Italy, with the Intrastat members of its lines.
func euDispatch(id, date, to string, lines ...wire.SaleLineItem) *wire.SaleRequest {
	dest := map[string]*wire.Customer{
		"FR": {Destination: &wire.Location{City: "Paris", PostalCode: "75001", Country: "FR"},
			TaxRegistrations: []wire.TaxRegistration{{ISOCountryCode: "FR", TaxRegistrationNumber: "FR40303265045"}}},
		"IT": {Destination: &wire.Location{City: "Milano", PostalCode: "20121", Country: "IT"},
			TaxRegistrations: []wire.TaxRegistration{{ISOCountryCode: "IT", TaxRegistrationNumber: "IT00743110157"}}},
	}[to]
	return &wire.SaleRequest{SaleMessageType: wire.SaleInvoice, TransactionType: wire.TransactionTypeSale, TransactionID: id,
		DocumentDate: civil.MustParse(date), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"},
		Seller: &wire.Seller{PhysicalOrigin: &wire.Location{City: "Berlin", PostalCode: "10115", Country: "DE"},
			TaxRegistrations: []wire.TaxRegistration{{ISOCountryCode: "DE", TaxRegistrationNumber: "DE136695976"}}},
		Customer: dest, LineItems: lines}
}

// goods is a line of goods with its Intrastat members.
func goods(id, price, cn8 string, nature, mode, mass int32, unit, qty, origin string) wire.SaleLineItem {
	l := wire.SaleLineItem{LineItemID: id, Product: &wire.Product{ProductClass: "ELECTRONICS"}, ExtendedPrice: amt(price),
		LineDetails: wire.LineDetails{IntrastatCommodityCode: cn8, NatureOfTransaction: &nature, ModeOfTransport: &mode,
			NetMassKilograms: &mass, CountryOfOriginISOCode: origin}}
	if unit != "" {
		l.SupplementaryUnit = &wire.SupplementaryUnit{UnitType: unit, Value: amt(qty)}
	}
	return l
}

// TestIntrastatChecked refuses a stored invoice whose Intrastat members
// are wrong, naming each member, and lets an estimate through.
func TestIntrastatChecked(t *testing.T) {
	e := testEngine(t)
	ctx := levy.WithTenant(context.Background(), "acme-de")
	bad := euDispatch("BAD-1", "2026-03-10", "FR",
		goods("1", "100.00", "84713099", 11, 3, 2, "PST", "1", "CHN"), // not a CN8 code
		goods("2", "100.00", "84713000", 11, 3, 2, "", "", "CHN"),     // PST required, none given
		goods("3", "100.00", "84713000", 11, 3, 2, "L", "1", "CHN"),   // litres for a code counted in items
		goods("4", "100.00", "94036010", 1, 6, 2, "PST", "1", "ZZZ"),  // no unit; nature 1, mode 6 and origin ZZZ are not codes
		func() wire.SaleLineItem { // a statistical value in a currency that is none
			l := goods("5", "100.00", "84713000", 11, 3, 2, "PST", "1", "CHN")
			l.StatisticalValue = &wire.CurrencyAmount{Amount: amt("110.00"), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "XYZ"}}
			return l
		}(),
	)
	bad.PostToJournal = new(bool)
	*bad.PostToJournal = true
	_, err := e.Sale(ctx, bad)
	var errs levy.Errors
	if !errors.As(err, &errs) {
		t.Fatalf("error %v, want the faults of the members", err)
	}
	fields := map[string]string{}
	for _, x := range errs {
		fields[x.Field] = x.Message
	}
	for field, want := range map[string]string{
		"lineItems[0].intrastatCommodityCode":                         "Combined Nomenclature 2026",
		"lineItems[1].supplementaryUnit":                              "requires the supplementary unit p/st",
		"lineItems[2].supplementaryUnit.unitType":                     "not L",
		"lineItems[3].supplementaryUnit":                              "has no supplementary unit",
		"lineItems[3].natureOfTransaction":                            "2022",
		"lineItems[3].modeOfTransport":                                "1, 2, 3, 4, 5, 7, 8, 9",
		"lineItems[3].countryOfOriginISOCode":                         "ZZZ",
		"lineItems[4].statisticalValue.currency.isoCurrencyCodeAlpha": "not an ISO 4217 currency",
	} {
		if !strings.Contains(fields[field], want) {
			t.Errorf("%s: %q, want it to say %q (all: %v)", field, fields[field], want, err)
		}
	}
	// A quotation is not stored: its members are not checked.
	bad.SaleMessageType = wire.SaleQuotation
	if _, err := e.Sale(ctx, bad); err != nil {
		t.Errorf("a quotation is refused: %v", err)
	}
}

// TestIntrastatDeclaration stores a month of dispatches from Germany to
// France and Italy through the engine, and declares them: lines that
// share a CN8 code, partner country, origin, nature of transaction and
// mode of transport are added up; a line without a CN8 code, one with a
// code not in the Combined Nomenclature and one with a unit the code
// does not use are refused, each named.
func TestIntrastatDeclaration(t *testing.T) {
	store := journal.NewMemory()
	ctx := levy.WithTenant(context.Background(), "acme-de")
	e, err := New(context.Background(), WithJournal(store))
	if err != nil {
		t.Fatal(err)
	}
	for _, req := range []*wire.SaleRequest{
		euDispatch("INV-1", "2026-03-02", "FR",
			goods("1", "1200.00", "84713000", 11, 3, 4, "PST", "2", "CHN"),
			goods("2", "300.00", "85171300", 11, 3, 1, "p/st", "3", "KOR")),
		euDispatch("INV-2", "2026-03-15", "FR",
			goods("1", "600.00", "84713000", 11, 3, 2, "PST", "1", "CHN"), // adds to INV-1's first line
			goods("2", "50.00", "84713000", 11, 4, 1, "PST", "1", "CHN")), // by air: a line of its own
		euDispatch("INV-3", "2026-03-20", "IT",
			goods("1", "900.00", "84713000", 11, 3, 3, "PST", "2", "CHN"),
			func() wire.SaleLineItem { // no CN8: refused in the declaration
				l := goods("2", "80.00", "", 11, 3, 1, "", "", "DEU")
				return l
			}()),
		euDispatch("INV-4", "2026-04-01", "IT", goods("1", "999.00", "84713000", 11, 3, 3, "PST", "2", "CHN")), // April
	} {
		if _, err := e.Sale(ctx, req); err != nil {
			t.Fatalf("%s: %v", req.TransactionID, err)
		}
	}
	// Two lines stored by a path that does not check them (an older
	// version, an import): a code that is not in the CN, and a unit the
	// code does not use.
	for _, tx := range []*journal.Transaction{
		storedDispatch("OLD-1", "99999999", "PST"),
		storedDispatch("OLD-2", "84713000", "L"),
	} {
		if _, err := store.Post(ctx, "acme-de", tx); err != nil {
			t.Fatal(err)
		}
	}
	codes := e.IntrastatCodes()
	d, err := journal.Intrastat(ctx, store, "acme-de", journal.IntrastatQuery{From: civil.MustParse("2026-03-01"), To: civil.MustParse("2026-03-31"),
		MemberState: "DE", Flow: journal.Dispatches}, codes)
	if err != nil {
		t.Fatal(err)
	}
	type want struct {
		cn8, partner, origin string
		mode                 int
		mass                 int64
		qty, invoiced        string
		vat                  string
		lines                int
	}
	wants := []want{
		{"84713000", "FR", "CN", 3, 6, "3", "1800.00", "FR40303265045", 2},
		{"84713000", "FR", "CN", 4, 1, "1", "50.00", "FR40303265045", 1},
		{"84713000", "IT", "CN", 3, 3, "2", "900.00", "IT00743110157", 1},
		{"85171300", "FR", "KR", 3, 1, "3", "300.00", "FR40303265045", 1},
	}
	if len(d.Items) != len(wants) {
		t.Fatalf("%d items, want %d: %+v", len(d.Items), len(wants), d.Items)
	}
	for i, w := range wants {
		it := d.Items[i]
		if it.CommodityCode != w.cn8 || it.PartnerCountry != w.partner || it.CountryOfOrigin != w.origin || it.ModeOfTransport != w.mode ||
			it.NatureOfTransaction != 11 || it.NetMass != w.mass || it.SupplementaryUnit != "PST" || it.SupplementaryQuantity.String() != w.qty ||
			it.InvoicedValue.String() != w.invoiced || it.StatisticalValue.String() != w.invoiced || it.PartnerVAT != w.vat || it.Lines != w.lines {
			t.Errorf("item %d: %+v, want %+v", i, it, w)
		}
	}
	refused := map[string]string{}
	for _, r := range d.Refused {
		refused[r.TransactionID+"/"+r.LineItemID] = r.Reason
	}
	for k, want := range map[string]string{
		"INV-3/2": "without intrastatCommodityCode",
		"OLD-1/1": "99999999 is not a code of the Combined Nomenclature 2026",
		"OLD-2/1": "requires the supplementary unit PST, not L",
	} {
		if !strings.Contains(refused[k], want) {
			t.Errorf("%s: refused %q, want %q (all: %+v)", k, refused[k], want, d.Refused)
		}
	}
	if len(d.Refused) != 3 {
		t.Errorf("refused %+v, want 3", d.Refused)
	}
	// Arrivals in France in the same month: none of the tenant's. Its
	// sales arrive at its French customers, who declare them.
	a, err := journal.Intrastat(ctx, store, "acme-de", journal.IntrastatQuery{From: civil.MustParse("2026-03-01"), To: civil.MustParse("2026-03-31"),
		MemberState: "FR", Flow: journal.Arrivals}, codes)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Items) != 0 || len(a.Refused) != 0 {
		t.Errorf("arrivals in France %+v %+v, want none: a seller declares its dispatches", a.Items, a.Refused)
	}
	// A reversal takes the goods back out of the declaration.
	if _, err := store.Reverse(ctx, "acme-de", "INV-2", journal.Reversal{TransactionID: "INV-2-R", PostingDate: civil.MustParse("2026-03-31")}); err != nil {
		t.Fatal(err)
	}
	d, err = journal.Intrastat(ctx, store, "acme-de", journal.IntrastatQuery{From: civil.MustParse("2026-03-01"), To: civil.MustParse("2026-03-31"),
		MemberState: "DE", Flow: journal.Dispatches}, codes)
	if err != nil {
		t.Fatal(err)
	}
	if it := d.Items[0]; it.NetMass != 4 || it.InvoicedValue.String() != "1200.00" || it.SupplementaryQuantity.String() != "2" {
		t.Errorf("after the reversal of INV-2: %+v", it)
	}
}

// storedDispatch is a transaction stored without the engine: one line
// from Germany to France with the code and unit given.
func storedDispatch(id, cn8, unit string) *journal.Transaction {
	return &journal.Transaction{TransactionID: id, Perspective: "SELLER", MessageType: "INVOICE", Currency: "EUR",
		DocumentDate: civil.MustParse("2026-03-05"), PostingDate: civil.MustParse("2026-03-05"),
		Lines: []journal.Line{{LineItemID: "1", Amount: money.MustParse("10.00"), Intrastat: &journal.IntrastatLine{
			Dispatch: "DE", Arrival: "FR", PartnerVAT: "FR40303265045", CommodityCode: cn8, CountryOfOrigin: "CN",
			NatureOfTransaction: 11, ModeOfTransport: 3, NetMass: 1, SupplementaryUnit: unit, SupplementaryQuantity: money.MustParse("1")}}}}
}

// TestIntrastatBuyerReturnStored: a Berlin buyer's credit for furniture
// sent back to its vendor in Paris (nature of transaction 21, below zero)
// is stored with the vendor's French VAT number, and Germany's dispatches
// declare the return to France with it; a purchase from a vendor that
// sends no French number is refused there naming the vendor's
// taxRegistrations. The journal kept no number of the vendor's, so a
// buyer's return could not be declared.
func TestIntrastatBuyerReturnStored(t *testing.T) {
	store := journal.NewMemory()
	ctx := levy.WithTenant(context.Background(), "acme-de")
	e, err := New(context.Background(), WithJournal(store))
	if err != nil {
		t.Fatal(err)
	}
	purchase := func(id, price string, nature, mass int32, vendorRegs []wire.TaxRegistration) *wire.PurchaseRequest {
		mode := int32(3)
		return &wire.PurchaseRequest{PurchaseMessageType: wire.PurchaseAccrual, TransactionType: wire.TransactionTypePurchase, TransactionID: id,
			DocumentDate: civil.MustParse("2026-04-14"), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"},
			Vendor: &wire.Vendor{PhysicalOrigin: &wire.Location{City: "Paris", PostalCode: "75001", Country: "FR"}, TaxRegistrations: vendorRegs},
			Buyer: &wire.Buyer{Destination: &wire.Location{City: "Berlin", PostalCode: "10115", Country: "DE"},
				TaxRegistrations: []wire.TaxRegistration{{ISOCountryCode: "DE", TaxRegistrationNumber: "DE136695976"}}},
			LineItems: []wire.PurchaseLineItem{{LineItemID: "1", Purchase: &wire.Purchase{PurchaseClass: "GENERAL"}, ExtendedPrice: amt(price),
				LineDetails: wire.LineDetails{IntrastatCommodityCode: "94036010", NatureOfTransaction: &nature, ModeOfTransport: &mode,
					NetMassKilograms: &mass, CountryOfOriginISOCode: "POL"}}}}
	}
	fr := []wire.TaxRegistration{{ISOCountryCode: "FR", TaxRegistrationNumber: "FR40303265045"}}
	for _, req := range []*wire.PurchaseRequest{purchase("RET-1", "-200.00", 21, 12, fr), purchase("RET-2", "-80.00", 21, 5, nil)} {
		if _, err := e.Purchase(ctx, req); err != nil {
			t.Fatalf("%s: %v", req.TransactionID, err)
		}
	}
	d, err := journal.Intrastat(ctx, store, "acme-de", journal.IntrastatQuery{From: civil.MustParse("2026-04-01"), To: civil.MustParse("2026-04-30"),
		MemberState: "DE", Flow: journal.Dispatches}, e.IntrastatCodes())
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Items) != 1 || d.Items[0].PartnerCountry != "FR" || d.Items[0].PartnerVAT != "FR40303265045" || d.Items[0].NatureOfTransaction != 21 ||
		d.Items[0].NetMass != 12 || !d.Items[0].InvoicedValue.Equal(money.MustParse("200.00")) {
		t.Errorf("April dispatches of DE: %+v, want the return of RET-1 to France, 12 kg, 200.00, with the vendor's VAT number", d.Items)
	}
	if len(d.Refused) != 1 || d.Refused[0].TransactionID != "RET-2" || !strings.Contains(d.Refused[0].Reason, "vendor's taxRegistrations") {
		t.Errorf("refused %+v, want RET-2 refused naming the vendor's taxRegistrations", d.Refused)
	}
}

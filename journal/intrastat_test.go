package journal_test

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
)

// codes are a small stand-in for the Combined Nomenclature.
type codes struct{}

func (codes) CN8(c string) (string, bool) {
	switch c {
	case "61091000":
		return "PST", true
	case "94036010":
		return "", true
	}
	return "", false
}
func (codes) NatureOfTransaction(c int) (string, bool) {
	return "", c == 11 || c == 12 || c == 21 || c == 31
}
func (codes) TransportMode(c int) (string, bool) { return "", c >= 1 && c <= 9 && c != 6 }
func (codes) Year() int                          { return 2026 }

// codesOf are the stand-in codes as the Combined Nomenclature of year.
type codesOf struct {
	codes
	year int
}

func (c codesOf) Year() int { return c.year }

// TestIntrastatCSV declares a month and writes it as CSV.
func TestIntrastatCSV(t *testing.T) {
	ctx := context.Background()
	s := journal.NewMemory()
	line := func(id, amount, cn8, unit, qty string, mass int64, vat string) journal.Line {
		l := journal.Line{LineItemID: id, Amount: money.MustParse(amount), Intrastat: &journal.IntrastatLine{Dispatch: "DE", Arrival: "IT",
			PartnerVAT: vat, CommodityCode: cn8, CountryOfOrigin: "BD", NatureOfTransaction: 11, ModeOfTransport: 3, NetMass: mass, SupplementaryUnit: unit}}
		if qty != "" {
			l.Intrastat.SupplementaryQuantity = money.MustParse(qty)
		}
		return l
	}
	tx := &journal.Transaction{TransactionID: "T1", Perspective: "SELLER", MessageType: "INVOICE", Currency: "EUR",
		DocumentDate: civil.MustParse("2026-05-04"), PostingDate: civil.MustParse("2026-05-04"), Lines: []journal.Line{
			line("a", "100.00", "61091000", "PST", "40", 8, "IT00743110157"),
			line("b", "60.00", "61091000", "PST", "20", 4, "IT00743110157"),
			line("c", "500.00", "94036010", "", "", 30, "IT00743110157"),
			line("d", "10.00", "94036010", "", "", 1, ""), // a dispatch without the partner's VAT number
			{LineItemID: "e", Amount: money.MustParse("5.00"), Intrastat: &journal.IntrastatLine{Dispatch: "DE", Arrival: "IT", Services: true}},
			{LineItemID: "f", Amount: money.MustParse("5.00"), Intrastat: &journal.IntrastatLine{Dispatch: "DE", Arrival: "CH", CommodityCode: "61091000"}},
		}}
	if _, err := s.Post(ctx, "t", tx); err != nil {
		t.Fatal(err)
	}
	d, err := journal.Intrastat(ctx, s, "t", journal.IntrastatQuery{From: civil.MustParse("2026-05-01"), To: civil.MustParse("2026-05-31"),
		MemberState: "de", Flow: "Dispatch"}, codes{})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := d.WriteCSV(&b); err != nil {
		t.Fatal(err)
	}
	want := "commodity_code,partner_country,country_of_origin,nature_of_transaction,mode_of_transport,partner_vat_number,net_mass_kg,supplementary_unit,supplementary_quantity,invoiced_value,statistical_value,lines\n" +
		"61091000,IT,BD,11,3,IT00743110157,12,PST,60,160.00,160.00,2\n" +
		"94036010,IT,BD,11,3,IT00743110157,30,,,500.00,500.00,1\n"
	if b.String() != want {
		t.Errorf("CSV:\n%s\nwant:\n%s", b.String(), want)
	}
	if len(d.Refused) != 1 || d.Refused[0].LineItemID != "d" || d.Refused[0].Line != 4 || !strings.Contains(d.Refused[0].Reason, "VAT number") {
		t.Errorf("refused %+v, want line d without the partner's VAT number (services and Switzerland left out)", d.Refused)
	}
}

// TestIntrastatQuery refuses a query that names no month, no member
// state or no flow, naming each parameter.
func TestIntrastatQuery(t *testing.T) {
	_, err := journal.Intrastat(context.Background(), journal.NewMemory(), "t", journal.IntrastatQuery{MemberState: "CH", Flow: "exports", Currency: "euro"}, codes{})
	var errs levy.Errors
	if !errors.As(err, &errs) {
		t.Fatalf("error %v", err)
	}
	got := map[string]bool{}
	for _, e := range errs {
		got[e.Field] = true
	}
	for _, f := range []string{"from", "to", "memberState", "flow", "currency"} {
		if !got[f] {
			t.Errorf("no fault of %s: %v", f, err)
		}
	}
}

// TestIntrastatReversals reverses two dispatches of May, one in May and
// one in June. May's declaration nets the first out: its item leaves
// nothing, so it is left out, and the second stays declared. June's
// declaration refuses the reversal of a May transaction, naming it,
// rather than declare negative goods. Levy declared in May an item of
// nothing (0 kg, 0.00, 2 lines) and in June one of -5 kg and -50.00.
func TestIntrastatReversals(t *testing.T) {
	ctx := context.Background()
	s := journal.NewMemory()
	dispatch := func(id, date, amount, cn8 string, mass int64) {
		t.Helper()
		tx := &journal.Transaction{TransactionID: id, Perspective: "SELLER", MessageType: "INVOICE", Currency: "EUR",
			DocumentDate: civil.MustParse(date), Lines: []journal.Line{{LineItemID: "a", Amount: money.MustParse(amount),
				Intrastat: &journal.IntrastatLine{Dispatch: "DE", Arrival: "IT", PartnerVAT: "IT00743110157", CommodityCode: cn8,
					SupplementaryUnit: map[string]string{"61091000": "PST"}[cn8], SupplementaryQuantity: money.FromInt(mass),
					CountryOfOrigin: "BD", NatureOfTransaction: 11, ModeOfTransport: 3, NetMass: mass}}}}
		if _, err := s.Post(ctx, "t", tx); err != nil {
			t.Fatal(err)
		}
	}
	reverse := func(id, date string) {
		t.Helper()
		if _, err := s.Reverse(ctx, "t", id, journal.Reversal{TransactionID: id + "-R", PostingDate: civil.MustParse(date)}); err != nil {
			t.Fatal(err)
		}
	}
	dispatch("T1", "2026-05-04", "100.00", "61091000", 10)
	dispatch("T2", "2026-05-05", "50.00", "94036010", 5)
	dispatch("T3", "2026-06-10", "70.00", "94036010", 7)
	reverse("T1", "2026-05-20")
	reverse("T2", "2026-06-03")
	declare := func(from, to string) (string, []journal.IntrastatRefusal) {
		t.Helper()
		d, err := journal.Intrastat(ctx, s, "t", journal.IntrastatQuery{From: civil.MustParse(from), To: civil.MustParse(to),
			MemberState: "DE", Flow: journal.Dispatches}, codes{})
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := d.WriteCSV(&b); err != nil {
			t.Fatal(err)
		}
		_, rows, _ := strings.Cut(b.String(), "\n")
		return rows, d.Refused
	}
	rows, refused := declare("2026-05-01", "2026-05-31")
	if want := "94036010,IT,BD,11,3,IT00743110157,5,,,50.00,50.00,1\n"; rows != want || len(refused) != 0 {
		t.Errorf("May: %q %+v, want %q and nothing refused", rows, refused, want)
	}
	rows, refused = declare("2026-06-01", "2026-06-30")
	if want := "94036010,IT,BD,11,3,IT00743110157,7,,,70.00,70.00,1\n"; rows != want {
		t.Errorf("June: %q, want %q (no negative line)", rows, want)
	}
	if len(refused) != 1 || refused[0].TransactionID != "T2-R" || refused[0].Line != 1 || !strings.Contains(refused[0].Reason, `"T2"`) {
		t.Errorf("June refused %+v, want the reversal of T2 naming it", refused)
	}
	// Both months at once: T2 and its reversal net out too.
	if rows, refused = declare("2026-05-01", "2026-06-30"); rows != "94036010,IT,BD,11,3,IT00743110157,7,,,70.00,70.00,1\n" || len(refused) != 0 {
		t.Errorf("May and June: %q %+v", rows, refused)
	}
	// A deleted original: its reversal is refused.
	dispatch("T4", "2026-07-01", "30.00", "94036010", 3)
	reverse("T4", "2026-07-02")
	if err := s.Delete(ctx, "t", "T4"); err != nil {
		t.Fatal(err)
	}
	if rows, refused = declare("2026-07-01", "2026-07-31"); rows != "" || len(refused) != 1 || refused[0].TransactionID != "T4-R" {
		t.Errorf("July: %q %+v, want the reversal of the deleted T4 refused", rows, refused)
	}
}

// TestIntrastatDocumentWithoutCurrency: a request that names no currency
// is calculated in US dollars, so its stored transaction (Currency "")
// is not declared in a declaration in euros as if its amounts were
// euros: it is refused, the currency named, and declared in one in US
// dollars.
func TestIntrastatDocumentWithoutCurrency(t *testing.T) {
	ctx := context.Background()
	s := journal.NewMemory()
	tx := &journal.Transaction{TransactionID: "U1", Perspective: "SELLER", MessageType: "INVOICE",
		DocumentDate: civil.MustParse("2026-05-04"), PostingDate: civil.MustParse("2026-05-04"), Lines: []journal.Line{{
			LineItemID: "a", Amount: money.MustParse("250.00"), Intrastat: &journal.IntrastatLine{Dispatch: "DE", Arrival: "FR",
				PartnerVAT: "FR40303265045", CommodityCode: "94036010", CountryOfOrigin: "DE", NatureOfTransaction: 11, ModeOfTransport: 3, NetMass: 20}}}}
	if _, err := s.Post(ctx, "t", tx); err != nil {
		t.Fatal(err)
	}
	q := journal.IntrastatQuery{From: civil.MustParse("2026-05-01"), To: civil.MustParse("2026-05-31"), MemberState: "DE", Flow: journal.Dispatches}
	d, err := journal.Intrastat(ctx, s, "t", q, codes{})
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Items) != 0 || len(d.Refused) != 1 || !strings.Contains(d.Refused[0].Reason, "USD") {
		t.Errorf("a document in US dollars (no currency sent) in a declaration in euros: items %+v, refused %+v; want it refused, naming USD", d.Items, d.Refused)
	}
	q.Currency = "USD"
	d, err = journal.Intrastat(ctx, s, "t", q, codes{})
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Items) != 1 || len(d.Refused) != 0 || d.Items[0].InvoicedValue.String() != "250.00" {
		t.Errorf("the same in a declaration in US dollars: items %+v, refused %+v; want it declared", d.Items, d.Refused)
	}
}

// TestIntrastatNegativeLines: a credit note stored as a transaction of
// its own (a line below zero that reverses nothing) is no line of a
// dispatch declaration, which holds no negative line: it is refused,
// naming the return, and leaves the month's dispatches as they are
// (returned goods are declared by the member state they reach, among its
// arrivals). A reversal still nets out its transaction.
func TestIntrastatNegativeLines(t *testing.T) {
	ctx := context.Background()
	s := journal.NewMemory()
	post := func(id, amount string, mass int64) {
		t.Helper()
		tx := &journal.Transaction{TransactionID: id, Perspective: "SELLER", MessageType: "INVOICE", Currency: "EUR",
			DocumentDate: civil.MustParse("2026-05-04"), Lines: []journal.Line{{LineItemID: "a", Amount: money.MustParse(amount),
				Intrastat: &journal.IntrastatLine{Dispatch: "DE", Arrival: "IT", PartnerVAT: "IT00743110157", CommodityCode: "94036010",
					CountryOfOrigin: "DE", NatureOfTransaction: 11, ModeOfTransport: 3, NetMass: mass}}}}
		if _, err := s.Post(ctx, "t", tx); err != nil {
			t.Fatal(err)
		}
	}
	post("SALE", "500.00", 30)
	post("CREDIT", "-200.00", -12)
	d, err := journal.Intrastat(ctx, s, "t", journal.IntrastatQuery{From: civil.MustParse("2026-05-01"), To: civil.MustParse("2026-05-31"),
		MemberState: "DE", Flow: journal.Dispatches}, codes{})
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Items) != 1 || d.Items[0].NetMass != 30 || d.Items[0].InvoicedValue.String() != "500.00" || d.Items[0].Lines != 1 {
		t.Errorf("items %+v, want the sale alone (30 kg, 500.00, 1 line)", d.Items)
	}
	if len(d.Refused) != 1 || d.Refused[0].TransactionID != "CREDIT" || !strings.Contains(d.Refused[0].Reason, "below zero") {
		t.Errorf("refused %+v, want the credit note, its line below zero", d.Refused)
	}
	// The sale reversed, and the reversal reversed: the sale is declared
	// again, as one line.
	if err := s.Delete(ctx, "t", "CREDIT"); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"SALE", "SALE-R"} {
		if _, err := s.Reverse(ctx, "t", id, journal.Reversal{TransactionID: id + "-R", PostingDate: civil.MustParse("2026-05-20")}); err != nil {
			t.Fatal(err)
		}
	}
	d, err = journal.Intrastat(ctx, s, "t", journal.IntrastatQuery{From: civil.MustParse("2026-05-01"), To: civil.MustParse("2026-05-31"),
		MemberState: "DE", Flow: journal.Dispatches}, codes{})
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Items) != 1 || d.Items[0].NetMass != 30 || d.Items[0].Lines != 1 || len(d.Refused) != 0 {
		t.Errorf("a sale, its reversal and the reversal's: items %+v, refused %+v; want the sale's item of 30 kg in 1 line", d.Items, d.Refused)
	}
}

// TestIntrastatReversalOfAnotherVersion: a transaction reversed and then
// posted again under its ID with other goods (to France, not Italy) is
// declared with its new goods, and its reversal, which takes back the
// old ones that the period no longer declares, is refused rather than
// declared as a negative line of Italy.
func TestIntrastatReversalOfAnotherVersion(t *testing.T) {
	ctx := context.Background()
	s := journal.NewMemory()
	post := func(date, arrival, vat, amount string, mass int64) {
		t.Helper()
		tx := &journal.Transaction{TransactionID: "X", Perspective: "SELLER", MessageType: "INVOICE", Currency: "EUR",
			DocumentDate: civil.MustParse(date), Lines: []journal.Line{{LineItemID: "a", Amount: money.MustParse(amount),
				Intrastat: &journal.IntrastatLine{Dispatch: "DE", Arrival: arrival, PartnerVAT: vat, CommodityCode: "94036010",
					CountryOfOrigin: "DE", NatureOfTransaction: 11, ModeOfTransport: 3, NetMass: mass}}}}
		if _, err := s.Post(ctx, "t", tx); err != nil {
			t.Fatal(err)
		}
	}
	post("2026-05-04", "IT", "IT00743110157", "100.00", 10)
	if _, err := s.Reverse(ctx, "t", "X", journal.Reversal{TransactionID: "X-R", PostingDate: civil.MustParse("2026-05-10")}); err != nil {
		t.Fatal(err)
	}
	post("2026-05-12", "FR", "FR40303265045", "200.00", 20)
	d, err := journal.Intrastat(ctx, s, "t", journal.IntrastatQuery{From: civil.MustParse("2026-05-01"), To: civil.MustParse("2026-05-31"),
		MemberState: "DE", Flow: journal.Dispatches}, codes{})
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Items) != 1 || d.Items[0].PartnerCountry != "FR" || d.Items[0].NetMass != 20 || d.Items[0].Lines != 1 {
		t.Errorf("items %+v, want France's 20 kg alone and no negative line", d.Items)
	}
	if len(d.Refused) != 1 || d.Refused[0].TransactionID != "X-R" || !strings.Contains(d.Refused[0].Reason, `"X"`) {
		t.Errorf("refused %+v, want the reversal X-R, naming X", d.Refused)
	}
}

// intrastatDE is a German seller's transaction of May 2026 with one line
// of furniture (94036010, no supplementary unit) dispatched to arrival,
// partner VAT number vat, nature of transaction nature.
func intrastatDE(id, date, amount string, mass int64, arrival, vat string, nature int) *journal.Transaction {
	return &journal.Transaction{TransactionID: id, Perspective: "SELLER", MessageType: "INVOICE", Currency: "EUR",
		DocumentDate: civil.MustParse(date), PostingDate: civil.MustParse(date), Lines: []journal.Line{{LineItemID: "a",
			Amount: money.MustParse(amount), Intrastat: &journal.IntrastatLine{Dispatch: "DE", Arrival: arrival, PartnerVAT: vat,
				CommodityCode: "94036010", CountryOfOrigin: "DE", NatureOfTransaction: nature, ModeOfTransport: 3, NetMass: mass}}}}
}

// mayDispatches declares Germany's dispatches of May 2026.
func mayDispatches(t *testing.T, s journal.Store) *journal.IntrastatDeclaration {
	t.Helper()
	d, err := journal.Intrastat(context.Background(), s, "t", journal.IntrastatQuery{From: civil.MustParse("2026-05-01"),
		To: civil.MustParse("2026-05-31"), MemberState: "DE", Flow: journal.Dispatches}, codes{})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestIntrastatFreeOfChargeReversedTwice: goods replaced free of charge
// (nature 21, an invoiced value of 0.00) are declared as one line; the
// transaction reversed and the reversal reversed, they are declared again
// as one line. Levy counted a line by its amount, so the reversal of the
// reversal (0.00, not above zero) took a line away again: the item was
// declared with -1 lines.
func TestIntrastatFreeOfChargeReversedTwice(t *testing.T) {
	ctx := context.Background()
	s := journal.NewMemory()
	if _, err := s.Post(ctx, "t", intrastatDE("FOC", "2026-05-06", "0.00", 5, "IT", "IT00743110157", 21)); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"FOC", "FOC-R"} {
		if _, err := s.Reverse(ctx, "t", id, journal.Reversal{TransactionID: id + "-R", PostingDate: civil.MustParse("2026-05-20")}); err != nil {
			t.Fatal(err)
		}
	}
	d := mayDispatches(t, s)
	if len(d.Items) != 1 || d.Items[0].NetMass != 5 || d.Items[0].Lines != 1 || len(d.Refused) != 0 {
		t.Errorf("goods free of charge, reversed and restored: items %+v refused %+v; want 5 kg in 1 line", d.Items, d.Refused)
	}
}

// TestIntrastatValuesRoundedToTheCent: a declaration's values are in
// whole cents, rounded once the item's lines are added up. Levy declared
// the amounts as calculated, 66.6666 and 80.01 with three places.
func TestIntrastatValuesRoundedToTheCent(t *testing.T) {
	ctx := context.Background()
	s := journal.NewMemory()
	for _, id := range []string{"R1", "R2"} {
		tx := intrastatDE(id, "2026-05-06", "33.3333", 2, "IT", "IT00743110157", 11)
		tx.Lines[0].Intrastat.StatisticalValue, tx.Lines[0].Intrastat.HasStatistical = money.MustParse("40.0025"), true
		if _, err := s.Post(ctx, "t", tx); err != nil {
			t.Fatal(err)
		}
	}
	d := mayDispatches(t, s)
	if len(d.Items) != 1 || d.Items[0].InvoicedValue.String() != "66.67" || d.Items[0].StatisticalValue.String() != "80.01" {
		t.Errorf("items %+v, want the invoiced value 66.67 and the statistical value 80.01", d.Items)
	}
}

// TestIntrastatCombinedNomenclatureOfThePeriod: the code lists hold the
// Combined Nomenclature of 2026, so December 2025 (filed in January 2026)
// can not be declared with them: a code of 2025 that 2026 dropped would
// be refused, one that 2026 added passed. The query is refused, naming
// from and to and both years; with the code lists of 2025 it is
// declared. Levy checked December 2025 against the codes of 2026.
func TestIntrastatCombinedNomenclatureOfThePeriod(t *testing.T) {
	ctx := context.Background()
	s := journal.NewMemory()
	if _, err := s.Post(ctx, "t", intrastatDE("D1", "2025-12-30", "100.00", 5, "IT", "IT00743110157", 11)); err != nil {
		t.Fatal(err)
	}
	q := journal.IntrastatQuery{From: civil.MustParse("2025-12-01"), To: civil.MustParse("2025-12-31"), MemberState: "DE", Flow: journal.Dispatches}
	_, err := journal.Intrastat(ctx, s, "t", q, codes{})
	var errs levy.Errors
	if !errors.As(err, &errs) || len(errs) != 2 || errs[0].Field != "from" || errs[1].Field != "to" ||
		!strings.Contains(errs[0].Message, "2025") || !strings.Contains(errs[0].Message, "Combined Nomenclature of 2026") {
		t.Fatalf("December 2025 against the codes of 2026: %v, want from and to refused, naming both years", err)
	}
	d, err := journal.Intrastat(ctx, s, "t", q, codesOf{year: 2025})
	if err != nil || len(d.Items) != 1 || d.CNYear != 2025 {
		t.Fatalf("December 2025 against the codes of 2025: %+v %v, want its item", d, err)
	}
	// A period across the turn of the year is checked against neither.
	q.To = civil.MustParse("2026-01-31")
	if _, err := journal.Intrastat(ctx, s, "t", q, codes{}); !errors.As(err, &errs) || len(errs) != 1 || errs[0].Field != "from" {
		t.Errorf("December 2025 to January 2026: %v, want from refused", err)
	}
}

// TestIntrastatConsumerWithoutVATNumber: goods sold to a consumer in
// France (nature 12, a distance sale) are declared without a partner VAT
// number, which a consumer does not have; a business's goods (nature 11)
// without one are still refused. Levy refused every sale to a consumer,
// so a month with a distance sale could never be declared in full.
func TestIntrastatConsumerWithoutVATNumber(t *testing.T) {
	ctx := context.Background()
	s := journal.NewMemory()
	for _, tx := range []*journal.Transaction{
		intrastatDE("B2C", "2026-05-06", "80.00", 3, "FR", "", 12),
		intrastatDE("B2B", "2026-05-07", "90.00", 4, "FR", "", 11),
	} {
		if _, err := s.Post(ctx, "t", tx); err != nil {
			t.Fatal(err)
		}
	}
	d := mayDispatches(t, s)
	if len(d.Items) != 1 || d.Items[0].NatureOfTransaction != 12 || d.Items[0].PartnerVAT != "" || d.Items[0].InvoicedValue.String() != "80.00" {
		t.Errorf("items %+v, want the sale to a consumer, without a partner VAT number", d.Items)
	}
	if len(d.Refused) != 1 || d.Refused[0].TransactionID != "B2B" || !strings.Contains(d.Refused[0].Reason, "VAT number") {
		t.Errorf("refused %+v, want the business's goods without its VAT number", d.Refused)
	}
}

// TestIntrastatDeclarationCurrency: a declaration that names no currency
// is in its member state's: a Polish company's dispatches of May 2026 in
// zloty (its invoice in euros refused, as Levy does not convert), a
// Croatian one's of 2022 in kuna, a Lithuanian one's of 2014 in litas, a
// Bulgarian one's in lev until 2025 and in euros from 2026. A member
// state before the euro whose former currency Levy does not hold (Estonia
// in 2010) has the currency asked for. Levy declared
// every member state in euros, and the CSV, which names no currency, gave
// a Polish declaration the euro amounts of the invoice in euros.
func TestIntrastatDeclarationCurrency(t *testing.T) {
	ctx := context.Background()
	s := journal.NewMemory()
	post := func(id, date, from, to, vat, currency string) {
		t.Helper()
		tx := &journal.Transaction{TransactionID: id, Perspective: "SELLER", MessageType: "INVOICE", Currency: currency,
			DocumentDate: civil.MustParse(date), PostingDate: civil.MustParse(date), Lines: []journal.Line{{LineItemID: "a",
				Amount: money.MustParse("100.00"), Intrastat: &journal.IntrastatLine{Dispatch: from, Arrival: to, PartnerVAT: vat,
					CommodityCode: "94036010", CountryOfOrigin: from, NatureOfTransaction: 11, ModeOfTransport: 3, NetMass: 5}}}}
		if _, err := s.Post(ctx, "t", tx); err != nil {
			t.Fatal(err)
		}
	}
	post("PL-PLN", "2026-05-06", "PL", "DE", "DE136695976", "PLN")
	post("PL-EUR", "2026-05-07", "PL", "DE", "DE136695976", "EUR")
	post("HR-HRK", "2022-05-06", "HR", "SI", "SI12345678", "HRK")
	post("LT-LTL", "2014-05-06", "LT", "PL", "PL1234567890", "LTL")
	post("BG-BGN", "2025-05-06", "BG", "RO", "RO1234567", "BGN")
	post("BG-EUR", "2026-05-06", "BG", "RO", "RO1234567", "EUR")
	for _, c := range []struct {
		state, month, currency, declared, refused string
	}{
		{"PL", "2026-05", "PLN", "PL-PLN", "PL-EUR"},
		{"HR", "2022-05", "HRK", "HR-HRK", ""},
		{"LT", "2014-05", "LTL", "LT-LTL", ""},
		{"BG", "2025-05", "BGN", "BG-BGN", ""},
		{"BG", "2026-05", "EUR", "BG-EUR", ""},
	} {
		from := civil.MustParse(c.month + "-01")
		d, err := journal.Intrastat(ctx, s, "t", journal.IntrastatQuery{From: from, To: civil.MustParse(c.month + "-28"),
			MemberState: c.state, Flow: journal.Dispatches}, codesOf{year: from.Year})
		if err != nil {
			t.Fatalf("%s %s: %v", c.state, c.month, err)
		}
		refused := ""
		for _, r := range d.Refused {
			refused += r.TransactionID
		}
		if d.Currency != c.currency || len(d.Items) != 1 || d.Items[0].InvoicedValue.String() != "100.00" || refused != c.refused {
			t.Errorf("%s %s: currency %s, items %+v, refused %+v; want %s, %s declared, refused %q", c.state, c.month, d.Currency, d.Items, d.Refused,
				c.currency, c.declared, c.refused)
		}
	}
	_, err := journal.Intrastat(ctx, s, "t", journal.IntrastatQuery{From: civil.MustParse("2010-05-01"), To: civil.MustParse("2010-05-31"),
		MemberState: "EE", Flow: journal.Dispatches}, codesOf{year: 2010})
	var errs levy.Errors
	if !errors.As(err, &errs) || len(errs) != 1 || errs[0].Field != "currency" || !strings.Contains(errs[0].Message, "EE") {
		t.Errorf("Estonia in 2010, before its euro: %v, want the currency asked for", err)
	}
}

// TestIntrastatReversalTakesBackItsOwnGoods: a reversal nets out only
// the goods its own transaction declared in the period. A credit note
// and then its reversal (which net to nothing), and a sale of April
// reversed in May (refused there) whose reversal is reversed in May, leave
// the May sale of the same goods as it is, and the April sale's reversals
// are refused naming the transaction they reverse. Levy netted a reversal against
// whatever item shared its goods' code and partner: the credit note's
// reversal (12 kg, 200.00) and the restored April sale (8 kg, 80.00) were
// added to the May sale's item, declared as 50 kg, 780.00 in 3 lines.
func TestIntrastatReversalTakesBackItsOwnGoods(t *testing.T) {
	ctx := context.Background()
	s := journal.NewMemory()
	for _, tx := range []*journal.Transaction{
		intrastatDE("APRIL", "2026-04-28", "80.00", 8, "IT", "IT00743110157", 11),
		intrastatDE("SALE", "2026-05-04", "500.00", 30, "IT", "IT00743110157", 11),
		intrastatDE("CREDIT", "2026-05-06", "-200.00", -12, "IT", "IT00743110157", 11),
	} {
		if _, err := s.Post(ctx, "t", tx); err != nil {
			t.Fatal(err)
		}
	}
	for _, id := range []string{"CREDIT", "APRIL", "APRIL-R"} {
		if _, err := s.Reverse(ctx, "t", id, journal.Reversal{TransactionID: id + "-R", PostingDate: civil.MustParse("2026-05-20")}); err != nil {
			t.Fatal(err)
		}
	}
	d := mayDispatches(t, s)
	if len(d.Items) != 1 || d.Items[0].NetMass != 30 || d.Items[0].InvoicedValue.String() != "500.00" || d.Items[0].Lines != 1 {
		t.Errorf("items %+v, want the May sale alone (30 kg, 500.00, 1 line)", d.Items)
	}
	refused := map[string]string{}
	for _, r := range d.Refused {
		refused[r.TransactionID] = r.Reason
	}
	if len(d.Refused) != 2 || !strings.Contains(refused["APRIL-R"], `"APRIL"`) || !strings.Contains(refused["APRIL-R-R"], `"APRIL-R"`) {
		t.Errorf("refused %+v, want the April sale's reversal and the reversal's, each naming what it reverses (the credit note and its reversal net out)", d.Refused)
	}
}

// TestIntrastatOneCompany: a tenant with two companies (company codes
// DE01 and DE02, each registered for VAT on its own) that both dispatch
// from Germany in May declares each company's goods on its own: a query
// that names no company is refused, naming company and both codes, and
// one that names DE01 declares DE01's goods alone. Levy added both
// companies' goods into one declaration (45 kg, 250.00 in 2 lines), which
// neither company could file.
func TestIntrastatOneCompany(t *testing.T) {
	ctx := context.Background()
	s := journal.NewMemory()
	for _, c := range []struct {
		id, company, amount string
		mass                int64
	}{{"A1", "DE01", "100.00", 20}, {"B1", "DE02", "150.00", 25}} {
		tx := intrastatDE(c.id, "2026-05-06", c.amount, c.mass, "IT", "IT00743110157", 11)
		tx.Company = c.company
		if _, err := s.Post(ctx, "t", tx); err != nil {
			t.Fatal(err)
		}
	}
	q := journal.IntrastatQuery{From: civil.MustParse("2026-05-01"), To: civil.MustParse("2026-05-31"), MemberState: "DE", Flow: journal.Dispatches}
	d, err := journal.Intrastat(ctx, s, "t", q, codes{})
	var e *levy.Error
	if !errors.As(err, &e) || e.Field != "company" || !strings.Contains(e.Message, `"DE01"`) || !strings.Contains(e.Message, `"DE02"`) {
		t.Fatalf("two companies' dispatches, no company named: %+v %v, want the query refused naming company, DE01 and DE02", d, err)
	}
	q.Company, q.CompanyGiven = "DE01", true
	d, err = journal.Intrastat(ctx, s, "t", q, codes{})
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Items) != 1 || d.Items[0].NetMass != 20 || d.Items[0].InvoicedValue.String() != "100.00" || d.Company == nil || *d.Company != "DE01" {
		t.Errorf("DE01's declaration: company %v, items %+v; want DE01's 20 kg, 100.00 alone", d.Company, d.Items)
	}
	q.Company = strings.Repeat("C", journal.MaxCompanyLength+1)
	if _, err := journal.Intrastat(ctx, s, "t", q, codes{}); !errors.As(err, &e) || e.Field != "company" {
		t.Errorf("a company code no request could store: %v, want it refused naming company", err)
	}
}

// TestIntrastatCreditNoteReversedInTheMonth: a credit note (a line below
// zero that reverses nothing) and its reversal posted in the same month
// net to nothing: neither is declared nor refused, and the month's sale
// is declared as it is. Reversed again in the month, the credit note
// stands and the reversal that restores it is refused, naming it. Levy
// refused both the credit note and its reversal, so a month whose goods
// all netted out could not be declared (levy journal intrastat ended
// with status 1).
func TestIntrastatCreditNoteReversedInTheMonth(t *testing.T) {
	ctx := context.Background()
	s := journal.NewMemory()
	for _, tx := range []*journal.Transaction{
		intrastatDE("SALE", "2026-05-04", "500.00", 30, "IT", "IT00743110157", 11),
		intrastatDE("CREDIT", "2026-05-06", "-200.00", -12, "IT", "IT00743110157", 11),
	} {
		if _, err := s.Post(ctx, "t", tx); err != nil {
			t.Fatal(err)
		}
	}
	reverse := func(id string) {
		t.Helper()
		if _, err := s.Reverse(ctx, "t", id, journal.Reversal{TransactionID: id + "-R", PostingDate: civil.MustParse("2026-05-20")}); err != nil {
			t.Fatal(err)
		}
	}
	reverse("CREDIT")
	d := mayDispatches(t, s)
	if len(d.Items) != 1 || d.Items[0].NetMass != 30 || d.Items[0].InvoicedValue.String() != "500.00" || d.Items[0].Lines != 1 || len(d.Refused) != 0 {
		t.Errorf("a credit note and its reversal: items %+v, refused %+v; want the sale alone (30 kg, 500.00, 1 line) and nothing refused", d.Items, d.Refused)
	}
	reverse("CREDIT-R")
	d = mayDispatches(t, s)
	if len(d.Items) != 1 || d.Items[0].NetMass != 30 || d.Items[0].Lines != 1 {
		t.Errorf("the credit note restored: items %+v, want the sale alone", d.Items)
	}
	if len(d.Refused) != 1 || d.Refused[0].TransactionID != "CREDIT-R-R" || !strings.Contains(d.Refused[0].Reason, `"CREDIT-R"`) ||
		!strings.Contains(d.Refused[0].Reason, "below zero") {
		t.Errorf("the credit note restored: refused %+v, want the reversal that restores it, below zero, naming what it reverses", d.Refused)
	}
}

// storedBefore is a store whose Scan yields transactions as they were
// stored before the journal checked them.
type storedBefore struct {
	journal.Store
	txs []*journal.Transaction
}

func (s storedBefore) Scan(_ context.Context, _ string, _, _ civil.Date, fn func(*journal.Transaction) error) error {
	for _, tx := range s.txs {
		if err := fn(tx); err != nil {
			return err
		}
	}
	return nil
}

// TestIntrastatZeroSupplementaryQuantity: a line that gives a
// supplementary unit with a quantity of zero is refused when it is
// stored, with an error naming the line's supplementaryQuantity (the
// engine refuses it in the request; this is the journal's own check, for
// the transactions a program posts), and a line stored so before is
// refused by the declaration, naming the unit. Levy stored the line and
// declared its item with a supplementary quantity of 0.
func TestIntrastatZeroSupplementaryQuantity(t *testing.T) {
	ctx := context.Background()
	tx := intrastatDE("Q0", "2026-05-06", "100.00", 2, "IT", "IT00743110157", 11)
	tx.Lines = append(tx.Lines, tx.Lines[0])
	x := *tx.Lines[1].Intrastat
	x.CommodityCode, x.SupplementaryUnit = "61091000", "PST"
	tx.Lines[1].Intrastat = &x
	_, err := journal.NewMemory().Post(ctx, "t", tx)
	var e *levy.Error
	if !errors.As(err, &e) || e.Code != levy.EInvalid || e.Field != "lines[1].intrastat.supplementaryQuantity" || !strings.Contains(e.Message, "PST") {
		t.Fatalf("a supplementary quantity of 0: %v, want it refused naming lines[1].intrastat.supplementaryQuantity and the unit", err)
	}
	d, err := journal.Intrastat(ctx, storedBefore{journal.NewMemory(), []*journal.Transaction{tx}}, "t", journal.IntrastatQuery{
		From: civil.MustParse("2026-05-01"), To: civil.MustParse("2026-05-31"), MemberState: "DE", Flow: journal.Dispatches}, codes{})
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Items) != 1 || d.Items[0].CommodityCode != "94036010" || len(d.Refused) != 1 || d.Refused[0].Line != 2 ||
		!strings.Contains(d.Refused[0].Reason, "PST") {
		t.Errorf("a line stored before with a supplementary quantity of 0: items %+v, refused %+v; want it refused naming PST", d.Items, d.Refused)
	}
}

// TestIntrastatWholeEuros: asked for whole euros, as Germany's and
// Malta's portals take them, each item's values are rounded half up to
// whole units once its lines are added up (66.6666 to 67, two lines of
// 40.0025 to 80, 0.50 to 1), and the declaration says so; without it
// they stay in cents.
func TestIntrastatWholeEuros(t *testing.T) {
	ctx := context.Background()
	s := journal.NewMemory()
	for _, id := range []string{"R1", "R2"} {
		tx := intrastatDE(id, "2026-05-06", "33.3333", 2, "IT", "IT00743110157", 11)
		tx.Lines[0].Intrastat.StatisticalValue, tx.Lines[0].Intrastat.HasStatistical = money.MustParse("40.0025"), true
		if _, err := s.Post(ctx, "t", tx); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.Post(ctx, "t", intrastatDE("H", "2026-05-07", "0.50", 1, "FR", "FR40303265045", 11)); err != nil {
		t.Fatal(err)
	}
	q := journal.IntrastatQuery{From: civil.MustParse("2026-05-01"), To: civil.MustParse("2026-05-31"), MemberState: "DE", Flow: journal.Dispatches,
		WholeEuros: true}
	d, err := journal.Intrastat(ctx, s, "t", q, codes{})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := d.WriteCSV(&b); err != nil {
		t.Fatal(err)
	}
	_, rows, _ := strings.Cut(b.String(), "\n")
	if want := "94036010,FR,DE,11,3,FR40303265045,1,,,1,1,1\n94036010,IT,DE,11,3,IT00743110157,4,,,67,80,2\n"; rows != want || !d.WholeEuros {
		t.Errorf("whole euros: %q (wholeEuros %v), want %q", rows, d.WholeEuros, want)
	}
	q.WholeEuros = false
	if d, err = journal.Intrastat(ctx, s, "t", q, codes{}); err != nil {
		t.Fatal(err)
	}
	if len(d.Items) != 2 || d.Items[0].InvoicedValue.String() != "0.50" || d.Items[1].StatisticalValue.String() != "80.01" || d.WholeEuros {
		t.Errorf("in cents: %+v, want 0.50 and 80.01", d.Items)
	}
}

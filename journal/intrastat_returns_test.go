package journal_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
)

// berlinToParis is a Berlin seller's transaction with one line of
// furniture (94036010) sent to a business in Paris: amount and mass as a
// calculation stores them (a credit note's amount below zero, its mass as
// sent, above zero), nature of transaction nature.
func berlinToParis(id, date, amount string, mass int64, nature int) *journal.Transaction {
	tx := intrastatDE(id, date, amount, mass, "FR", "FR40303265045", nature)
	tx.Lines[0].Intrastat.CountryOfOrigin = "PL"
	return tx
}

// declareDE declares Germany's flow of a month for tenant.
func declareDE(t *testing.T, s journal.Store, tenant, flow, month string) *journal.IntrastatDeclaration {
	t.Helper()
	from := civil.MustParse(month + "-01")
	d, err := journal.Intrastat(context.Background(), s, tenant, journal.IntrastatQuery{From: from, To: from.AddDays(29),
		MemberState: "DE", Flow: flow}, codes{})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// csvRows are the rows of a declaration's CSV, without its header.
func csvRows(t *testing.T, d *journal.IntrastatDeclaration) string {
	t.Helper()
	var b bytes.Buffer
	if err := d.WriteCSV(&b); err != nil {
		t.Fatal(err)
	}
	_, rows, _ := strings.Cut(b.String(), "\n")
	return rows
}

// TestIntrastatSellerReturnIsAnArrival: a Berlin seller dispatches
// furniture to Paris in March and takes 12 kg of it back in April on a
// credit note of nature of transaction 21 (return of goods). Germany's
// arrivals of April hold the return, from France, with the goods' value
// and mass above zero and nature 21, and no partner VAT number; April's
// dispatches hold nothing and refuse nothing, March's still hold the
// sale. Another tenant's return is its own. Levy left the return out of
// the arrivals (a sale's goods were never an arrival of the tenant's)
// and refused it from the dispatches, saying it was declared among the
// arrivals, so the user had to add it by hand.
func TestIntrastatSellerReturnIsAnArrival(t *testing.T) {
	ctx := context.Background()
	s := journal.NewMemory()
	for _, c := range []struct {
		tenant string
		tx     *journal.Transaction
	}{
		{"t", berlinToParis("INV-1", "2026-03-10", "500.00", 30, 11)},
		{"t", berlinToParis("CN-1", "2026-04-14", "-200.00", 12, 21)},
		{"u", berlinToParis("CN-U", "2026-04-15", "-70.00", 4, 21)},
	} {
		if _, err := s.Post(ctx, c.tenant, c.tx); err != nil {
			t.Fatal(err)
		}
	}
	d := declareDE(t, s, "t", journal.Arrivals, "2026-04")
	if want := "94036010,FR,PL,21,3,,12,,,200.00,200.00,1\n"; csvRows(t, d) != want || len(d.Refused) != 0 {
		t.Errorf("April arrivals of DE: %q refused %+v, want %q (the return from France)", csvRows(t, d), d.Refused, want)
	}
	if d = declareDE(t, s, "t", journal.Dispatches, "2026-04"); len(d.Items) != 0 || len(d.Refused) != 0 {
		t.Errorf("April dispatches of DE: items %+v refused %+v, want none (the return is an arrival)", d.Items, d.Refused)
	}
	if d = declareDE(t, s, "t", journal.Dispatches, "2026-03"); csvRows(t, d) != "94036010,FR,PL,11,3,FR40303265045,30,,,500.00,500.00,1\n" {
		t.Errorf("March dispatches of DE: %q, want the sale", csvRows(t, d))
	}
	if d = declareDE(t, s, "u", journal.Arrivals, "2026-04"); csvRows(t, d) != "94036010,FR,PL,21,3,,4,,,70.00,70.00,1\n" {
		t.Errorf("tenant u's April arrivals: %q, want its own return alone", csvRows(t, d))
	}
	// France's arrivals are the customer's to declare, and the return is
	// no dispatch of France's for the seller.
	from := civil.MustParse("2026-04-01")
	for _, flow := range []string{journal.Arrivals, journal.Dispatches} {
		fr, err := journal.Intrastat(ctx, s, "t", journal.IntrastatQuery{From: from, To: from.AddDays(29), MemberState: "FR", Flow: flow}, codes{})
		if err != nil || len(fr.Items) != 0 || len(fr.Refused) != 0 {
			t.Errorf("France's %s: %+v %v, want none", flow, fr, err)
		}
	}
}

// TestIntrastatSellerReturnWithUnitsAndStatisticalValue: a return of
// shirts (61091000, pieces) stored by a program with every value below
// zero is declared with its quantity, mass, invoiced and statistical
// value above zero, added up with the month's other return of the same
// goods.
func TestIntrastatSellerReturnWithUnitsAndStatisticalValue(t *testing.T) {
	ctx := context.Background()
	s := journal.NewMemory()
	for _, c := range []struct {
		id, amount, qty, stat string
		mass                  int64
	}{{"CN-1", "-100.00", "-10", "-110.00", -2}, {"CN-2", "-40.005", "4", "50.00", 1}} {
		tx := berlinToParis(c.id, "2026-04-14", c.amount, c.mass, 21)
		x := tx.Lines[0].Intrastat
		x.CommodityCode, x.SupplementaryUnit, x.SupplementaryQuantity = "61091000", "PST", money.MustParse(c.qty)
		x.StatisticalValue, x.HasStatistical = money.MustParse(c.stat), true
		if _, err := s.Post(ctx, "t", tx); err != nil {
			t.Fatal(err)
		}
	}
	d := declareDE(t, s, "t", journal.Arrivals, "2026-04")
	if want := "61091000,FR,PL,21,3,,3,PST,14,140.01,160.00,2\n"; csvRows(t, d) != want || len(d.Refused) != 0 {
		t.Errorf("returns of shirts: %q refused %+v, want %q", csvRows(t, d), d.Refused, want)
	}
}

// TestIntrastatSellerReturnReversed: a return reversed in its month
// leaves nothing in the arrivals; reversed again, it is declared again
// as one line. A return reversed in the next month is refused there,
// naming it, as a declaration holds no negative line, and stays in its
// own month's arrivals. The reversals are no dispatches either.
func TestIntrastatSellerReturnReversed(t *testing.T) {
	ctx := context.Background()
	s := journal.NewMemory()
	for _, tx := range []*journal.Transaction{
		berlinToParis("CN-1", "2026-04-14", "-200.00", 12, 21),
		berlinToParis("CN-2", "2026-04-16", "-90.00", 5, 21),
	} {
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
	reverse("CN-1", "2026-04-20")
	reverse("CN-2", "2026-05-04")
	d := declareDE(t, s, "t", journal.Arrivals, "2026-04")
	if want := "94036010,FR,PL,21,3,,5,,,90.00,90.00,1\n"; csvRows(t, d) != want || len(d.Refused) != 0 {
		t.Errorf("April arrivals: %q refused %+v, want CN-2 alone (CN-1 reversed in April)", csvRows(t, d), d.Refused)
	}
	d = declareDE(t, s, "t", journal.Arrivals, "2026-05")
	if len(d.Items) != 0 || len(d.Refused) != 1 || d.Refused[0].TransactionID != "CN-2-R" || !strings.Contains(d.Refused[0].Reason, `"CN-2"`) {
		t.Errorf("May arrivals: items %+v refused %+v, want the reversal of CN-2 refused, naming it", d.Items, d.Refused)
	}
	for _, month := range []string{"2026-04", "2026-05"} {
		if d = declareDE(t, s, "t", journal.Dispatches, month); len(d.Items) != 0 || len(d.Refused) != 0 {
			t.Errorf("%s dispatches: items %+v refused %+v, want none", month, d.Items, d.Refused)
		}
	}
	reverse("CN-1-R", "2026-04-25")
	d = declareDE(t, s, "t", journal.Arrivals, "2026-04")
	if want := "94036010,FR,PL,21,3,,17,,,290.00,290.00,2\n"; csvRows(t, d) != want || len(d.Refused) != 0 {
		t.Errorf("April arrivals, CN-1 restored: %q refused %+v, want %q", csvRows(t, d), d.Refused, want)
	}
}

// TestIntrastatCreditNoteNotAReturn: a seller's credit note of nature
// of transaction 11 (a price reduction, or goods sent back under the
// sale's code) is no arrival, and the dispatches refuse it saying how a
// return is declared: nature 21, among Germany's arrivals, from France.
func TestIntrastatCreditNoteNotAReturn(t *testing.T) {
	ctx := context.Background()
	s := journal.NewMemory()
	if _, err := s.Post(ctx, "t", berlinToParis("CN-11", "2026-04-14", "-200.00", 12, 11)); err != nil {
		t.Fatal(err)
	}
	if d := declareDE(t, s, "t", journal.Arrivals, "2026-04"); len(d.Items) != 0 || len(d.Refused) != 0 {
		t.Errorf("arrivals: items %+v refused %+v, want none", d.Items, d.Refused)
	}
	d := declareDE(t, s, "t", journal.Dispatches, "2026-04")
	if len(d.Items) != 0 || len(d.Refused) != 1 || d.Refused[0].TransactionID != "CN-11" {
		t.Fatalf("dispatches: items %+v refused %+v, want the credit note refused", d.Items, d.Refused)
	}
	for _, s := range []string{"nature of transaction 11", "arrivals of DE, from FR", "natureOfTransaction 21"} {
		if !strings.Contains(d.Refused[0].Reason, s) {
			t.Errorf("reason %q does not say %q", d.Refused[0].Reason, s)
		}
	}
}

// TestIntrastatBuyerCreditNoteAdvice: a buyer's line below zero of
// nature of transaction 11 (a price reduction, or goods sent back to its
// vendor in France under the purchase's code) is refused from Germany's
// arrivals, saying that goods that go back to the vendor are declared
// among Germany's dispatches, to France, on a credit of nature 21 with
// the vendor's VAT number (TestIntrastatBuyerReturnIsADispatch).
func TestIntrastatBuyerCreditNoteAdvice(t *testing.T) {
	s := journal.NewMemory()
	tx := intrastatDE("DN-1", "2026-04-14", "-200.00", 12, "DE", "", 11)
	tx.Perspective = "BUYER"
	tx.Lines[0].Intrastat.Dispatch = "FR"
	if _, err := s.Post(context.Background(), "t", tx); err != nil {
		t.Fatal(err)
	}
	d := declareDE(t, s, "t", journal.Arrivals, "2026-04")
	if len(d.Items) != 0 || len(d.Refused) != 1 {
		t.Fatalf("a buyer's credit of nature 11: items %+v refused %+v, want it refused", d.Items, d.Refused)
	}
	for _, want := range []string{"dispatches of DE, to FR", "natureOfTransaction 21", "vendor's taxRegistrations"} {
		if !strings.Contains(d.Refused[0].Reason, want) {
			t.Errorf("reason %q does not say %q", d.Refused[0].Reason, want)
		}
	}
}

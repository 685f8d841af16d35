package journal_test

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
)

// parisToBerlin is a Berlin buyer's purchase from a vendor in Paris: one
// line of furniture (94036010) from France to Germany, amount and mass as
// a calculation stores them, nature of transaction nature, and the
// vendor's French VAT number (vendorVAT, "" for none).
func parisToBerlin(id, date, amount string, mass int64, nature int, vendorVAT string) *journal.Transaction {
	return &journal.Transaction{TransactionID: id, Perspective: "BUYER", MessageType: "ACCRUAL", Currency: "EUR",
		DocumentDate: civil.MustParse(date), PostingDate: civil.MustParse(date), Lines: []journal.Line{{LineItemID: "a",
			Amount: money.MustParse(amount), Intrastat: &journal.IntrastatLine{Dispatch: "FR", Arrival: "DE", PartnerVAT: "DE136695976",
				DispatcherVAT: vendorVAT, CommodityCode: "94036010", CountryOfOrigin: "PL", NatureOfTransaction: nature, ModeOfTransport: 3,
				NetMass: mass}}}}
}

// TestIntrastatBuyerReturnIsADispatch: a Berlin buyer receives furniture
// from Paris in March and sends 12 kg of it back to the vendor in April,
// on its purchase credit of nature of transaction 21 (return of goods).
// The goods leave Germany for France: Germany's dispatches of April hold
// the return, to France, with the vendor's French VAT number (a dispatch
// declares the number of the partner the goods go to, Regulation (EU)
// 2019/2152, from 2022), nature 21
// and its values above zero; April's arrivals hold nothing and refuse
// nothing, and March's arrivals still hold the purchase. A return whose
// vendor sent no VAT number of France is refused among the dispatches,
// naming the vendor's taxRegistrations. Levy refused the return among the
// arrivals, telling the user to declare it by hand, and Germany's
// dispatches never held it.
func TestIntrastatBuyerReturnIsADispatch(t *testing.T) {
	ctx := context.Background()
	s := journal.NewMemory()
	for _, tx := range []*journal.Transaction{
		parisToBerlin("PO-1", "2026-03-10", "500.00", 30, 11, "FR40303265045"),
		parisToBerlin("RET-1", "2026-04-14", "-200.00", 12, 21, "FR40303265045"),
	} {
		if _, err := s.Post(ctx, "t", tx); err != nil {
			t.Fatal(err)
		}
	}
	d := declareDE(t, s, "t", journal.Dispatches, "2026-04")
	if want := "94036010,FR,PL,21,3,FR40303265045,12,,,200.00,200.00,1\n"; csvRows(t, d) != want || len(d.Refused) != 0 {
		t.Errorf("April dispatches of DE: %q refused %+v, want %q (the return to France)", csvRows(t, d), d.Refused, want)
	}
	if d = declareDE(t, s, "t", journal.Arrivals, "2026-04"); len(d.Items) != 0 || len(d.Refused) != 0 {
		t.Errorf("April arrivals of DE: items %+v refused %+v, want none (the return is a dispatch)", d.Items, d.Refused)
	}
	if d = declareDE(t, s, "t", journal.Arrivals, "2026-03"); csvRows(t, d) != "94036010,FR,PL,11,3,,30,,,500.00,500.00,1\n" {
		t.Errorf("March arrivals of DE: %q, want the purchase", csvRows(t, d))
	}
	if d = declareDE(t, s, "t", journal.Dispatches, "2026-03"); len(d.Items) != 0 || len(d.Refused) != 0 {
		t.Errorf("March dispatches of DE: items %+v refused %+v, want none (a purchase's dispatch is its vendor's)", d.Items, d.Refused)
	}

	// Reversed in its month, the return leaves nothing.
	if _, err := s.Reverse(ctx, "t", "RET-1", journal.Reversal{TransactionID: "RET-1-R", PostingDate: civil.MustParse("2026-04-20")}); err != nil {
		t.Fatal(err)
	}
	if d = declareDE(t, s, "t", journal.Dispatches, "2026-04"); len(d.Items) != 0 || len(d.Refused) != 0 {
		t.Errorf("April dispatches of DE after the reversal: items %+v refused %+v, want none", d.Items, d.Refused)
	}

	// No VAT number of the vendor in France: refused, naming it.
	if _, err := s.Post(ctx, "t", parisToBerlin("RET-2", "2026-05-12", "-80.00", 5, 21, "")); err != nil {
		t.Fatal(err)
	}
	d = declareDE(t, s, "t", journal.Dispatches, "2026-05")
	if len(d.Items) != 0 || len(d.Refused) != 1 || !strings.Contains(d.Refused[0].Reason, "vendor's taxRegistrations") ||
		!strings.Contains(d.Refused[0].Reason, "FR") {
		t.Errorf("a return without the vendor's VAT number: items %+v refused %+v, want it refused naming the vendor's taxRegistrations in FR", d.Items, d.Refused)
	}
}

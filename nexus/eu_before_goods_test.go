package nexus_test

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/nexus"
)

// TestEURowBeforeGoodsReached checks the EU row of a report dated
// before 2021-07-01, when the union-wide EUR 10,000 (Article 58(2),
// from 2019) reached electronic services only and distance sales of
// goods had the threshold of each member state of arrival (Article 34).
// Before, a report of 2020-06-01 weighed a seller's goods sold to French
// consumers against the EUR 10,000 and cited Article 59c, not yet in
// force, and one of 2018-06-01 said only that no threshold was in
// force; both now say how goods were weighed then, and cite it. A
// report of 2021-07-01 is as it was.
func TestEURowBeforeGoodsReached(t *testing.T) {
	ctx := context.Background()
	j, err := badger.OpenJournal(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = j.Close() })
	for id, date := range map[string]string{"G2018": "2018-03-02", "G2020": "2020-03-02"} {
		a := money.MustParse("12000.00")
		tx := &journal.Transaction{TransactionID: id, Perspective: "SELLER", MessageType: "INVOICE", Company: "NL-GOODS",
			DocumentDate: civil.MustParse(date), Currency: "EUR", SubTotal: a, Total: a,
			Lines: []journal.Line{{LineItemID: "1", Destination: "FR", Amount: a, EUDistanceSale: true}}}
		if _, err := j.Post(ctx, "acme", tx); err != nil {
			t.Fatal(err)
		}
	}
	eu := func(asOf string) nexus.Row {
		t.Helper()
		rep, err := nexus.Build(ctx, j, rules(t), "acme", nexus.Options{AsOf: civil.MustParse(asOf), Company: "NL-GOODS", CompanySet: true})
		if err != nil {
			t.Fatal(err)
		}
		return row(t, rep, "NL-GOODS", nexus.AreaEU)
	}
	for _, asOf := range []string{"2018-06-01", "2020-06-01", "2021-06-30"} {
		r := eu(asOf)
		if !strings.Contains(r.Explanation, "member state of arrival (Article 34") || strings.Contains(r.Explanation, "Article 59c") ||
			strings.Contains(r.Citation, "59c") || !strings.Contains(r.Citation, "Article") {
			t.Errorf("the EU row on %s: status %s, citation %q, explanation %q; want it to say goods had each arrival state's threshold (Article 34), and no Article 59c",
				asOf, r.Status, r.Citation, r.Explanation)
		}
		if asOf != "2018-06-01" && !strings.Contains(r.Explanation, "reached those services only") {
			t.Errorf("the EU row on %s: %q; want it to say the EUR 10,000 reached electronic services only", asOf, r.Explanation)
		}
	}
	if r := eu("2021-07-01"); strings.Contains(r.Explanation, "Article 34") || !strings.Contains(r.Explanation, "Article 59c") || r.Status != nexus.StatusExceeded {
		t.Errorf("the EU row on 2021-07-01: status %s, %q; want exceeded under Article 59c alone", r.Status, r.Explanation)
	}
}

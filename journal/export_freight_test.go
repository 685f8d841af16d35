package journal_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"slices"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
)

// TestExportCSVFreight: the CSV export carries each line's freight in
// the column after ruleId, as the JSON lines export carries it (the line's
// freight, or on a line stored before the journal kept that, its
// item's) and as the document's subTotal counts it: the rows of a
// transaction, one per line, add up to its subTotal with lineAmount
// and freight. Before, the CSV had no freight, and its lines fell
// short of the subTotal by the freight.
func TestExportCSVFreight(t *testing.T) {
	ctx := context.Background()
	s := journal.NewMemory()
	amt := func(v string) money.Amount {
		a, err := money.Parse(v)
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	tax := func(id, taxable, tx string) journal.Tax {
		return journal.Tax{JurisdictionID: id, Imposition: "Sales Tax", CollectedFrom: "SELLER", Taxable: amt(taxable),
			Exempt: amt("0"), NonTaxable: amt("0"), Tax: amt(tx), Rate: amt("0.05")}
	}
	day := civil.MustParse("2026-03-14")
	tx := &journal.Transaction{TransactionID: "INV-F", Perspective: "SELLER", MessageType: "INVOICE", DocumentDate: day, PostingDate: day,
		Currency: "USD", SubTotal: amt("153.00"), TotalTax: amt("9.65"), Total: amt("162.65"),
		Lines: []journal.Line{
			{LineItemID: "L1", Amount: amt("100.00"), Freight: amt("5.00"), TotalTax: amt("7.65"),
				Taxes: []journal.Tax{tax("US-TX", "105.00", "5.25"), tax("US-TX-HOUSTON", "105.00", "2.40")}},
			// A line stored before the journal kept Line.Freight: its
			// item holds it.
			{LineItemID: "L2", Amount: amt("40.00"), TotalTax: amt("2.00"), Item: &journal.Item{Freight: amt("3.00")},
				Taxes: []journal.Tax{tax("US-TX", "43.00", "2.00")}},
			{LineItemID: "L3", Amount: amt("5.00"), TotalTax: amt("0")},
		}}
	if _, err := s.Post(ctx, "acme", tx); err != nil {
		t.Fatal(err)
	}

	var out bytes.Buffer
	if _, err := journal.Export(ctx, s, "acme", day, day, journal.CSV, &out, nil); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&out).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	freight := slices.Index(rows[0], "freight")
	if freight < 1 || rows[0][freight-1] != "ruleId" {
		t.Fatalf("CSV header %v: want freight after ruleId", rows[0])
	}
	line, amount := slices.Index(rows[0], "lineItemId"), slices.Index(rows[0], "lineAmount")
	type cell struct{ line, freight string }
	var got []cell
	sum, seen := amt("0"), map[string]bool{}
	for _, r := range rows[1:] {
		got = append(got, cell{r[line], r[freight]})
		if !seen[r[line]] {
			seen[r[line]] = true
			sum = sum.Add(amt(r[amount])).Add(amt(r[freight]))
		}
	}
	if want := []cell{{"L1", "5.00"}, {"L1", "5.00"}, {"L2", "3.00"}, {"L3", "0"}}; !slices.Equal(got, want) {
		t.Errorf("lineItemId and freight of the rows %v, want %v", got, want)
	}
	if !sum.Equal(tx.SubTotal) {
		t.Errorf("the lines' lineAmount and freight add up to %s, the subTotal is %s", sum, tx.SubTotal)
	}

	// The JSON lines export holds the same freight for each line.
	out.Reset()
	if _, err := journal.Export(ctx, s, "acme", day, day, journal.JSONLines, &out, nil); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(&out)
	if !sc.Scan() {
		t.Fatal("the JSON lines export is empty")
	}
	var back journal.Transaction
	if err := json.Unmarshal(sc.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	for _, l := range back.Lines {
		f := l.Subtotal().Sub(l.Amount)
		for _, c := range got {
			if c.line == l.LineItemID && !amt(c.freight).Equal(f) {
				t.Errorf("line %s: the CSV's freight %s, the JSON's %s", l.LineItemID, c.freight, f)
			}
		}
	}
}

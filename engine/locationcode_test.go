package engine

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"slices"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/wire"
)

// TestJournalKeepsLocationCode stores sales and a purchase that send
// locationCode (the code of a retail location, for jurisdictions whose
// returns are filed per location) on lines, on the document and on the
// tenant's own location, and checks the code each stored line keeps and
// the CSV export's locationCode column: the line's own, else its
// enclosing line's, else the document's, else the seller's physical
// origin's (the buyer's destination's on a purchase); a line's own seller
// gives its own origin's.
func TestJournalKeepsLocationCode(t *testing.T) {
	e, j := journalEngine(t)
	ctx := levy.WithTenant(context.Background(), "acme")
	const dest = `"destination":{"city":"Los Angeles","mainDivision":"CA","postalCode":"90012","country":"US"}`
	sale := func(body string) {
		t.Helper()
		var req wire.SaleRequest
		if err := json.Unmarshal([]byte(body), &req); err != nil {
			t.Fatal(err)
		}
		if _, err := e.Sale(ctx, &req); err != nil {
			t.Fatal(err)
		}
	}
	sale(`{"saleMessageType":"INVOICE","transactionType":"SALE","documentDate":"2026-06-01","transactionId":"S-1","locationCode":"STORE-9",
 "seller":{"physicalOrigin":{"city":"Seattle","mainDivision":"WA","postalCode":"98101","country":"US","locationCode":"ORIG-1"}},
 "customer":{` + dest + `},
 "lineItems":[
  {"lineItemId":"own","locationCode":"LINE-A","product":{"productClass":"GENERAL"},"extendedPrice":100},
  {"lineItemId":"doc","product":{"productClass":"GENERAL"},"extendedPrice":100},
  {"lineItemId":"kit","locationCode":"KIT","lineItems":[
    {"lineItemId":"kit-1","product":{"productClass":"GENERAL"},"extendedPrice":60},
    {"lineItemId":"kit-2","locationCode":"KIT-2","product":{"productClass":"GENERAL"},"extendedPrice":40}]}]}`)
	sale(`{"saleMessageType":"INVOICE","transactionType":"SALE","documentDate":"2026-06-01","transactionId":"S-2",
 "seller":{"physicalOrigin":{"city":"Seattle","mainDivision":"WA","postalCode":"98101","country":"US","locationCode":"ORIG-1"}},
 "customer":{` + dest + `},
 "lineItems":[
  {"lineItemId":"origin","product":{"productClass":"GENERAL"},"extendedPrice":100},
  {"lineItemId":"line-seller","seller":{"physicalOrigin":{"city":"Portland","mainDivision":"OR","postalCode":"97201","country":"US","locationCode":"ORIG-2"}},
   "product":{"productClass":"GENERAL"},"extendedPrice":100}]}`)
	sale(`{"saleMessageType":"INVOICE","transactionType":"SALE","documentDate":"2026-06-01","transactionId":"S-3",
 "seller":{"physicalOrigin":{"city":"Seattle","mainDivision":"WA","postalCode":"98101","country":"US"}},
 "customer":{` + dest + `},
 "lineItems":[{"lineItemId":"none","product":{"productClass":"GENERAL"},"extendedPrice":100}]}`)

	var preq wire.PurchaseRequest
	if err := json.Unmarshal([]byte(`{"purchaseMessageType":"ACCRUAL","transactionType":"PURCHASE","documentDate":"2026-06-01","transactionId":"P-1",
 "vendor":{"physicalOrigin":{"city":"Portland","mainDivision":"OR","postalCode":"97201","country":"US"}},
 "buyer":{"destination":{"city":"Seattle","mainDivision":"WA","postalCode":"98101","country":"US","locationCode":"WH-3"}},
 "lineItems":[{"lineItemId":"bought","purchase":{"purchaseClass":"GENERAL"},"extendedPrice":100}]}`), &preq); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Purchase(ctx, &preq); err != nil {
		t.Fatal(err)
	}

	want := map[string]string{
		"S-1/own": "LINE-A", "S-1/doc": "STORE-9", "S-1/kit-1": "KIT", "S-1/kit-2": "KIT-2",
		"S-2/origin": "ORIG-1", "S-2/line-seller": "ORIG-2",
		"S-3/none":   "",
		"P-1/bought": "WH-3",
	}
	for _, id := range []string{"S-1", "S-2", "S-3", "P-1"} {
		tx, err := j.Get(ctx, "acme", id)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range tx.Lines {
			key := id + "/" + l.LineItemID
			w, ok := want[key]
			if !ok {
				t.Errorf("%s: a stored line not expected", key)
				continue
			}
			if l.LocationCode != w {
				t.Errorf("%s: stored locationCode %q, want %q", key, l.LocationCode, w)
			}
		}
	}

	var buf bytes.Buffer
	day := civil.MustParse("2026-06-01")
	if _, err := journal.Export(ctx, j, "acme", day, day, journal.CSV, &buf, nil); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	head := recs[0]
	col, idCol, lineCol := slices.Index(head, "locationCode"), slices.Index(head, "transactionId"), slices.Index(head, "lineItemId")
	if col != len(head)-1 {
		t.Fatalf("locationCode is column %d of %d: %v", col, len(head), head)
	}
	seen := map[string]bool{}
	for _, r := range recs[1:] {
		key := r[idCol] + "/" + r[lineCol]
		seen[key] = true
		if r[col] != want[key] {
			t.Errorf("CSV row of %s: locationCode %q, want %q", key, r[col], want[key])
		}
	}
	if len(seen) != len(want) {
		t.Errorf("CSV rows of %d lines, want %d: %v", len(seen), len(want), seen)
	}
}

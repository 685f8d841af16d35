package journal

import (
	"encoding/json"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/money"
)

func amt(t *testing.T, s string) money.Amount {
	t.Helper()
	a, err := money.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func js(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestReconcileNil(t *testing.T) {
	in := &Transaction{TransactionID: "A", Total: amt(t, "9"), Lines: []Line{
		{LineItemID: "1", SyncType: "ADD", Amount: amt(t, "5")},
		{LineItemID: "2", SyncType: "DELETE", Amount: amt(t, "4")},
	}}
	want := js(t, in)
	out := Reconcile(nil, in)
	if js(t, in) != want {
		t.Fatal("Reconcile modified incoming")
	}
	if len(out.Lines) != 2 || out.Lines[0].SyncType != "" || out.Lines[1].SyncType != "" || out.Total.String() != "9" {
		t.Fatalf("Reconcile(nil, in) = %s", js(t, out))
	}
	out.Lines[0].Amount = amt(t, "1")
	if in.Lines[0].Amount.String() != "5" {
		t.Fatal("Reconcile's result aliases incoming")
	}
	if Reconcile(nil, nil) != nil {
		t.Fatal("Reconcile(nil, nil) is not nil")
	}
	stored := &Transaction{TransactionID: "A", Version: 3}
	if got := Reconcile(stored, nil); got == stored || got.Version != 3 {
		t.Fatalf("Reconcile(stored, nil) = %+v, want a copy of stored", got)
	}
}

func TestReconcileLines(t *testing.T) {
	l := func(id, sync, a, tax string) Line {
		return Line{LineItemID: id, SyncType: sync, Amount: amt(t, a), TotalTax: amt(t, tax),
			Taxes: []Tax{{JurisdictionID: "J", Tax: amt(t, tax), Filing: &Filing{Tax: amt(t, tax)}}}}
	}
	stored := &Transaction{
		TransactionID: "A", Version: 4, MessageType: "INVOICE", Currency: "USD",
		DocumentDate: civil.MustParse("2026-01-01"),
		Lines:        []Line{l("1", "", "10", "1"), l("2", "", "20", "2"), l("2", "", "99", "9"), l("", "", "5", "0.5")},
	}
	incoming := &Transaction{
		TransactionID: "A", MessageType: "ARBILLING_SYNC", Sync: true, Currency: "EUR",
		DocumentDate: civil.MustParse("2026-02-01"), DocumentNumber: "N",
		Lines: []Line{
			l("2", "delete", "0", "0"), // case does not matter; removes the first "2"
			l("3", "ADD", "30", "3"),
			l("3", "UPDATE", "33", "3.3"), // replaces the line just added
			l("1", "", "11", "1.1"),       // no sync type: replaces
			l("9", "DELETE", "0", "0"),    // unknown: ignored
			l("", "DELETE", "0", "0"),     // no ID: ignored
			l("", "", "7", "0.7"),         // no ID: appended
			l("2", "UPDATE", "22", "2.2"), // the second stored "2" is not indexed: appended
		},
	}
	sw, iw := js(t, stored), js(t, incoming)
	out := Reconcile(stored, incoming)
	if js(t, stored) != sw || js(t, incoming) != iw {
		t.Fatal("Reconcile modified its arguments")
	}
	var got []string
	for _, x := range out.Lines {
		if x.SyncType != "" {
			t.Fatalf("line %q keeps sync type %q", x.LineItemID, x.SyncType)
		}
		got = append(got, x.LineItemID+"="+x.Amount.String())
	}
	if g, w := js(t, got), `["1=11","2=99","=5","3=33","=7","2=22"]`; g != w {
		t.Fatalf("lines %s, want %s", g, w)
	}
	if out.SubTotal.String() != "177" || out.TotalTax.String() != "16.8" || out.Total.String() != "193.8" {
		t.Fatalf("totals %s %s %s", out.SubTotal, out.TotalTax, out.Total)
	}
	if out.Currency != "EUR" || out.MessageType != "ARBILLING_SYNC" || out.DocumentNumber != "N" ||
		out.DocumentDate != civil.MustParse("2026-02-01") || !out.Sync || out.Version != 0 {
		t.Fatalf("header not taken from incoming: %+v", out)
	}
	out.Lines[1].Taxes[0].Filing.Tax = amt(t, "1000")
	out.Lines[0].Taxes[0].Tax = amt(t, "1000")
	if js(t, stored) != sw || js(t, incoming) != iw {
		t.Fatal("Reconcile's result aliases its arguments")
	}
}

func TestNegated(t *testing.T) {
	if Negated(nil) != nil {
		t.Fatal("Negated(nil) is not nil")
	}
	tx := &Transaction{
		SubTotal: amt(t, "10.00"), TotalTax: amt(t, "-0.50"), Total: amt(t, "9.50"),
		Lines: []Line{{Amount: amt(t, "10.00"), TotalTax: amt(t, "0"), Taxes: []Tax{{
			Taxable: amt(t, "1"), Exempt: amt(t, "2"), NonTaxable: amt(t, "3"), Tax: amt(t, "4"), Rate: amt(t, "0.0825"),
			Filing: &Filing{Currency: "CAD", Taxable: amt(t, "5"), Exempt: amt(t, "6"), Tax: amt(t, "7.70")},
		}}}},
	}
	was := js(t, tx)
	n := Negated(tx)
	if js(t, tx) != was {
		t.Fatal("Negated modified its argument")
	}
	want := `{"transactionId":"","version":0,"perspective":"","messageType":"","documentDate":"","postingDate":"","postedAt":"0001-01-01T00:00:00Z",` +
		`"subTotal":-10.00,"totalTax":0.50,"total":-9.50,"lines":[{"amount":-10.00,"totalTax":0,"taxes":[{"jurisdictionId":"",` +
		`"taxable":-1,"exempt":-2,"nonTaxable":-3,"tax":-4,"rate":0.0825,"filing":{"currency":"CAD","taxable":-5,"exempt":-6,"tax":-7.70}}]}]}`
	if got := js(t, n); got != want {
		t.Fatalf("Negated:\n got %s\nwant %s", got, want)
	}
	if got := js(t, Negated(n)); got != was {
		t.Fatalf("negating twice:\n got %s\nwant %s", got, was)
	}
}

func TestCheckID(t *testing.T) {
	for id, ok := range map[string]bool{
		"A": true, "": false, "\xff": false,
		"0123456789012345678901234567890123456789":  true,
		"01234567890123456789012345678901234567890": false,
		"€€€€€€€€€€€€€€€€€€€€€€€€€€€€€€€€€€€€€€€€": true, // 40 characters, 120 bytes
	} {
		if err := checkID(FieldTransactionID, id); (err == nil) != ok {
			t.Errorf("checkID(%q) = %v", id, err)
		}
	}
	if id := newID(); len(id) != 32 || checkID(FieldTransactionID, id) != nil || id == newID() {
		t.Errorf("newID = %q", id)
	}
}

// TestReconcileFirstSyncLeavesDeletesOut: the first version of a sync
// (nothing stored) leaves out the lines it DELETEs, which name no stored
// line, as a later sync ignores a DELETE that matches none, and its
// totals are the kept lines'. A transaction that is not a sync keeps
// every line it sends, as sent.
func TestReconcileFirstSyncLeavesDeletesOut(t *testing.T) {
	in := &Transaction{TransactionID: "A", Sync: true, SubTotal: amt(t, "9"), TotalTax: amt(t, "0.9"), Total: amt(t, "9.9"), Lines: []Line{
		{LineItemID: "1", SyncType: "ADD", Amount: amt(t, "5"), TotalTax: amt(t, "0.5")},
		{LineItemID: "2", SyncType: "delete", Amount: amt(t, "4"), TotalTax: amt(t, "0.4")},
	}}
	want := js(t, in)
	out := Reconcile(nil, in)
	if js(t, in) != want {
		t.Fatal("Reconcile modified incoming")
	}
	if len(out.Lines) != 1 || out.Lines[0].LineItemID != "1" || out.Lines[0].SyncType != "" ||
		out.SubTotal.String() != "5" || out.TotalTax.String() != "0.5" || out.Total.String() != "5.5" {
		t.Errorf("Reconcile(nil, first sync) = %s, want line 1 alone, totals 5, 0.5 and 5.5", js(t, out))
	}
	in.Sync = false
	if out := Reconcile(nil, in); len(out.Lines) != 2 || out.Total.String() != "9.9" {
		t.Errorf("Reconcile(nil, not a sync) = %s, want both lines and the totals as sent", js(t, out))
	}
}

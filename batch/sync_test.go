package batch_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/batch"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/wire"
)

// TestCSVPurchaseSyncByLineID runs a CSV file of purchase syncs
// (ACCRUAL_SYNC, APINVOICE_SYNC) twice into a Badger journal. Their lines
// name their IDs in the line_id column, which the syncs match the stored
// lines by: the second run replaces each line, and each transaction keeps
// its two lines and its tax. A sync document without line_id is an
// error naming the column, and stores nothing. Before, the CSV input had
// no column for a line's ID: a sync's lines, without one, were added
// again at every run of the file (the engine now refuses such a line,
// which made every CSV sync an error without the column).
func TestCSVPurchaseSyncByLineID(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	j := openJournal(t, filepath.Join(dir, "journal"))
	defer j.Close()
	e := newEngine(t)
	in := filepath.Join(dir, "in.csv")
	const head = "document_number,document_date,message_type,transaction_id,origin_city,origin_region,origin_postal_code,origin_country," +
		"dest_city,dest_region,dest_postal_code,dest_country,line_id,product_class,extended_price\n"
	const atlanta = "Atlanta,GA,30303,US,Atlanta,GA,30303,US"
	body := head +
		"A-1,2026-06-01,ACCRUAL_SYNC,SYNC-A," + atlanta + ",a,GENERAL,1000.00\n" +
		"A-1,2026-06-01,ACCRUAL_SYNC,SYNC-A," + atlanta + ",b,GENERAL,500.00\n" +
		"P-1,2026-06-01,APINVOICE_SYNC,SYNC-P," + atlanta + ",a,GENERAL,1000.00\n" +
		"P-1,2026-06-01,APINVOICE_SYNC,SYNC-P," + atlanta + ",b,GENERAL,500.00\n" +
		"N-1,2026-06-01,ACCRUAL_SYNC,SYNC-N," + atlanta + ",,GENERAL,100.00\n"
	if err := os.WriteFile(in, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	var out []byte
	for run := range 2 {
		src, err := os.Open(in)
		if err != nil {
			t.Fatal(err)
		}
		outPath := filepath.Join(dir, "out.csv")
		f, err := batch.OpenFile(ctx, batch.Config{Engine: e, Perspective: batch.Purchase, Format: batch.CSV, Journal: j}, outPath, false)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.Run(ctx, src); err != nil {
			t.Fatalf("run %d: %v", run+1, err)
		}
		src.Close()
		if out, err = os.ReadFile(outPath); err != nil {
			t.Fatal(err)
		}
		os.Remove(outPath)
	}
	// 1500.00 in Atlanta at 8.9%: 89.00 and 44.50.
	for _, id := range []string{"SYNC-A", "SYNC-P"} {
		tx, err := j.Get(ctx, levy.DefaultTenant, id)
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		if len(tx.Lines) != 2 || tx.Lines[0].LineItemID != "a" || tx.Lines[1].LineItemID != "b" || tx.TotalTax.String() != "133.50" {
			t.Errorf("%s after two runs: %d lines, tax %s; want lines a and b, 133.50", id, len(tx.Lines), tx.TotalTax)
		}
	}
	if ok, err := j.Exists(ctx, levy.DefaultTenant, "SYNC-N"); err != nil || ok {
		t.Errorf("the sync without line_id was stored (%v)", err)
	}
	errs := errorRecords(t, out)
	for _, r := range errs {
		if r["document_number"] != "N-1" || r["column"] != "line_id" || r["row"] != "6" {
			t.Errorf("error row %v, want document N-1, row 6, column line_id", r)
		}
	}
	if len(errs) == 0 {
		t.Errorf("no error row for the sync without line_id in\n%s", out)
	}
}

// TestBatchPurchaseUnderASaleID runs a journaled CSV file of accruals
// into a Badger journal that holds a sale under the transaction ID of
// one of them. That document is an error naming its transaction_id, as
// the API refuses it (409), the others are stored, and the sale stays.
// Without the check, the journal refused the group that held it when the
// group was stored, and the whole run failed.
func TestBatchPurchaseUnderASaleID(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	j := openJournal(t, filepath.Join(dir, "journal"))
	defer j.Close()
	date := civil.MustParse("2026-06-01")
	if _, err := j.Post(ctx, levy.DefaultTenant, &journal.Transaction{TransactionID: "INV-9", Perspective: "SELLER", MessageType: "INVOICE",
		DocumentDate: date}); err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(dir, "in.csv")
	const atlanta = "Atlanta,GA,30303,US,Atlanta,GA,30303,US"
	body := "document_number,document_date,message_type,transaction_id,origin_city,origin_region,origin_postal_code,origin_country," +
		"dest_city,dest_region,dest_postal_code,dest_country,product_class,extended_price\n" +
		"A-1,2026-06-01,ACCRUAL,ACC-1," + atlanta + ",GENERAL,1000.00\n" +
		"A-2,2026-06-01,ACCRUAL,INV-9," + atlanta + ",GENERAL,500.00\n" +
		"A-3,2026-06-01,ACCRUAL,ACC-3," + atlanta + ",GENERAL,100.00\n"
	if err := os.WriteFile(in, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	src, err := os.Open(in)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	outPath := filepath.Join(dir, "out.csv")
	f, err := batch.OpenFile(ctx, batch.Config{Engine: newEngine(t), Perspective: batch.Purchase, Format: batch.CSV, Journal: j}, outPath, false)
	if err != nil {
		t.Fatal(err)
	}
	sum, err := f.Run(ctx, src)
	if err != nil {
		t.Fatalf("the run failed: %v", err)
	}
	if sum.Documents != 3 || sum.Failed != 1 {
		t.Errorf("%d documents, %d failed; want 3 and 1", sum.Documents, sum.Failed)
	}
	for _, id := range []string{"ACC-1", "ACC-3"} {
		if tx, err := j.Get(ctx, levy.DefaultTenant, id); err != nil || tx.Perspective != "BUYER" {
			t.Errorf("%s: %+v, %v; want the stored accrual", id, tx, err)
		}
	}
	if tx, err := j.Get(ctx, levy.DefaultTenant, "INV-9"); err != nil || tx.Perspective != "SELLER" || tx.Version != 1 {
		t.Errorf("INV-9: %+v, %v; want the sale, version 1", tx, err)
	}
	out, err := os.ReadFile(outPath)
	if err != nil {
		t.Fatal(err)
	}
	errs := errorRecords(t, out)
	for _, r := range errs {
		if r["document_number"] != "A-2" || r["column"] != "transaction_id" || r["code"] != "conflict" {
			t.Errorf("error row %v, want document A-2, column transaction_id, code conflict", r)
		}
	}
	if len(errs) == 0 {
		t.Errorf("no error row for A-2 in\n%s", out)
	}
}

// errorRecords returns the error records of a CSV output, each by its
// columns' names.
func errorRecords(t *testing.T, out []byte) []map[string]string {
	t.Helper()
	rows, err := csv.NewReader(bytes.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var errs []map[string]string
	for _, r := range rows[1:] {
		rec := map[string]string{}
		for i, name := range rows[0] {
			rec[name] = r[i]
		}
		if rec["record"] == "error" {
			errs = append(errs, rec)
		}
	}
	return errs
}

// TestBatchPurchaseUnderASaleIDLinesAndIterator is
// TestBatchPurchaseUnderASaleID for a JSON lines run and for the
// Purchases iterator: the accrual under the stored sale's ID is that
// document's error alone (code conflict, target transactionId), the
// others are stored, and the sale stays as it was.
func TestBatchPurchaseUnderASaleIDLinesAndIterator(t *testing.T) {
	ctx := context.Background()
	e := newEngine(t)
	accrual := func(id, price string) string {
		return `{"purchaseMessageType": "ACCRUAL", "transactionType": "PURCHASE", "transactionId": "` + id + `", "documentDate": "2026-06-01",` +
			`"vendor": {"physicalOrigin": {"city": "Atlanta", "mainDivision": "GA", "postalCode": "30303", "country": "US"}},` +
			`"buyer": {"destination": {"city": "Atlanta", "mainDivision": "GA", "postalCode": "30303", "country": "US"}},` +
			`"lineItems": [{"lineItemId": "1", "purchase": {"purchaseClass": "GENERAL"}, "extendedPrice": ` + price + `}]}`
	}
	docs := []string{accrual("ACC-1", "1000"), accrual("INV-9", "500"), accrual("ACC-3", "100")}
	newJournal := func() journal.Store {
		j := journal.NewMemory()
		if _, err := j.Post(ctx, levy.DefaultTenant, &journal.Transaction{TransactionID: "INV-9", Perspective: "SELLER", MessageType: "INVOICE",
			DocumentDate: civil.MustParse("2026-06-01")}); err != nil {
			t.Fatal(err)
		}
		return j
	}
	stored := func(how string, j journal.Store) {
		t.Helper()
		for _, id := range []string{"ACC-1", "ACC-3"} {
			if tx, err := j.Get(ctx, levy.DefaultTenant, id); err != nil || tx.Perspective != "BUYER" {
				t.Errorf("%s, %s: %+v, %v; want the stored accrual", how, id, tx, err)
			}
		}
		if tx, err := j.Get(ctx, levy.DefaultTenant, "INV-9"); err != nil || tx.Perspective != "SELLER" || tx.Version != 1 {
			t.Errorf("%s, INV-9: %+v, %v; want the sale, version 1", how, tx, err)
		}
	}

	j := newJournal()
	var out bytes.Buffer
	sum, err := batch.Run(ctx, batch.Config{Engine: e, Perspective: batch.Purchase, Journal: j}, strings.NewReader(strings.Join(docs, "\n")+"\n"), &out)
	if err != nil || sum.Documents != 3 || sum.Failed != 1 {
		t.Fatalf("JSON lines: %+v, %v; want 3 documents, 1 failed", sum, err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	var rec batch.ErrorRecord
	if len(lines) != 3 || json.Unmarshal([]byte(lines[1]), &rec) != nil || rec.Line != 2 || rec.TransactionID != "INV-9" ||
		len(rec.Errors) != 1 || rec.Errors[0].Code != "conflict" || rec.Errors[0].Target != "transactionId" {
		t.Errorf("JSON lines output:\n%s\nwant line 2 the error of INV-9, a conflict naming transactionId", out.String())
	}
	stored("JSON lines", j)

	j = newJournal()
	reqs := func(yield func(*wire.PurchaseRequest) bool) {
		for _, d := range docs {
			var q wire.PurchaseRequest
			if err := json.Unmarshal([]byte(d), &q); err != nil {
				t.Error(err)
				return
			}
			if !yield(&q) {
				return
			}
		}
	}
	var failed []int
	for r, err := range batch.Purchases(ctx, batch.Config{Engine: e, Journal: j}, reqs) {
		if err != nil {
			t.Fatalf("Purchases: %v", err)
		}
		if r.Err != nil {
			failed = append(failed, r.N)
			if levy.ErrorCode(r.Err) != levy.EConflict {
				t.Errorf("Purchases, request %d: %v, want a conflict", r.N, r.Err)
			}
		}
	}
	if len(failed) != 1 || failed[0] != 2 {
		t.Errorf("Purchases: requests %v failed, want 2 alone", failed)
	}
	stored("Purchases", j)
}

package journal_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
)

// TestExportCSVFormulas replays the review's finding Low 5: cells of the
// CSV export that start with =, +, -, @, a tab or a carriage return were
// written unchanged, and a spreadsheet program opening the export ran
// them as formulas. They are neutralised with a leading apostrophe now
// (by internal/csvout, which writes every CSV file of Levy), amounts
// (negative ones too) stay numbers, a text column stays text even where
// its value looks like a number, and the JSON lines export keeps every
// value exact.
func TestExportCSVFormulas(t *testing.T) {
	ctx := context.Background()
	s := journal.NewMemory()
	amt := func(v string) money.Amount {
		a, err := money.Parse(v)
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	day := civil.MustParse("2026-03-14")
	attacks := map[string]string{
		"transactionId":    "=HYPERLINK(\"http://x\")",
		"documentNumber":   "@SUM(1+1)*cmd|' /C calc'!A0",
		"lineItemId":       "+1+1",
		"productClass":     "-2+3+cmd|' /C calc'!A0",
		"jurisdictionName": "\t=1+1",
		"imposition":       "\r=1+1",
		"taxType":          "'=1+1",
		"jurisdictionId":   "-12.50",
		// the exemption certificate and reason an exempted tax keeps
		"certificateNumber": "=CERT()",
		"reasonCode":        "@G",
	}
	tx := &journal.Transaction{TransactionID: attacks["transactionId"], Perspective: "SELLER", MessageType: "INVOICE",
		DocumentNumber: attacks["documentNumber"], DocumentDate: day, PostingDate: day, Currency: "USD",
		SubTotal: amt("-100.00"), TotalTax: amt("-12.50"), Total: amt("-112.50"),
		Lines: []journal.Line{{LineItemID: attacks["lineItemId"], ProductClass: attacks["productClass"], Amount: amt("-100.00"),
			TotalTax: amt("-12.50"), Taxes: []journal.Tax{{JurisdictionID: attacks["jurisdictionId"], JurisdictionName: attacks["jurisdictionName"],
				Imposition: attacks["imposition"], TaxType: attacks["taxType"], CollectedFrom: "SELLER",
				Taxable: amt("-100.00"), Exempt: amt("0"), NonTaxable: amt("0"), Tax: amt("-12.50"), Rate: amt("0.125"),
				CertificateNumber: attacks["certificateNumber"], ReasonCode: attacks["reasonCode"]}}}},
	}
	if _, err := s.Post(ctx, "acme", tx); err != nil {
		t.Fatal(err)
	}

	var out bytes.Buffer
	if _, err := journal.Export(ctx, s, "acme", day, day, journal.CSV, &out, nil); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&out).ReadAll()
	if err != nil || len(rows) != 2 {
		t.Fatalf("the export: %v, %d rows", err, len(rows))
	}
	cells := map[string]string{}
	for i, name := range rows[0] {
		cells[name] = rows[1][i]
	}
	for name, attack := range attacks {
		// jurisdictionId is a text column: its "-12.50" is kept as the
		// text it is, as a document number "-0001" would be.
		want := "'" + attack
		if cells[name] != want {
			t.Errorf("%s: %q, want %q", name, cells[name], want)
		}
	}
	for _, name := range []string{"lineAmount", "taxable", "tax"} {
		if c := cells[name]; c != "-100.00" && c != "-12.50" {
			t.Errorf("%s: %q, want a negative number as it is", name, c)
		}
	}
	if cells["rate"] != "0.125" || cells["postingDate"] != "2026-03-14" {
		t.Errorf("rate %q, postingDate %q", cells["rate"], cells["postingDate"])
	}

	out.Reset()
	if _, err := journal.Export(ctx, s, "acme", day, day, journal.JSONLines, &out, nil); err != nil {
		t.Fatal(err)
	}
	var back journal.Transaction
	if err := json.Unmarshal(out.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	if back.TransactionID != attacks["transactionId"] || back.DocumentNumber != attacks["documentNumber"] ||
		back.Lines[0].ProductClass != attacks["productClass"] || back.Lines[0].Taxes[0].JurisdictionName != attacks["jurisdictionName"] ||
		back.Lines[0].Taxes[0].CertificateNumber != attacks["certificateNumber"] || back.Lines[0].Taxes[0].ReasonCode != attacks["reasonCode"] ||
		!strings.Contains(out.String(), `"tax":-12.50`) {
		t.Errorf("the JSON lines export changed a value: %s", out.String())
	}
}

// TestExportCSVHeaderDocumented: docs/journal.md lists the CSV export's
// header as the export writes it, so that a reader of the columns by
// position learns each new one there.
func TestExportCSVHeaderDocumented(t *testing.T) {
	var b bytes.Buffer
	if _, err := journal.Export(context.Background(), journal.NewMemory(), "acme", civil.Date{}, civil.Date{}, journal.CSV, &b, nil); err != nil {
		t.Fatal(err)
	}
	header, _, _ := strings.Cut(b.String(), "\n")
	doc, err := os.ReadFile("../docs/journal.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(doc), "\n"+strings.TrimSuffix(header, "\r")+"\n") {
		t.Errorf("docs/journal.md does not list the CSV export's header on a line of its own:\n%s", header)
	}
}

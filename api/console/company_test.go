package console_test

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/journal/journaltest"
)

// TestJournalPageCompanies posts the sales of two companies of the
// tenant, and asks the journal page's routes for the companies of the
// period and for each company's summary, tax over time and transactions:
// each has that company's transactions only, as journal.SummarizeCompany
// has them. A company that is no company code is refused naming company.
func TestJournalPageCompanies(t *testing.T) {
	f := newFixture(t)
	ctx := levy.WithTenant(context.Background(), levy.DefaultTenant)
	journaltest.Post(t, ctx, f.engine, journaltest.Companies(), &journaltest.CompanyReversal)
	const period = "from=2026-06-01&to=2026-06-30"

	var companies struct{ Data []journal.CompanyTotal }
	if _, _, body := f.get(t, "/console/api/journal/companies?"+period); json.Unmarshal(body, &companies) != nil || len(companies.Data) != 3 ||
		companies.Data[0].Company != "" || companies.Data[1].Company != "EAST" || companies.Data[2].Company != "WEST" {
		t.Fatalf("companies: %s", body)
	}
	for _, c := range []struct {
		company string
		txs     int
	}{{"EAST", 3}, {"WEST", 5}, {"", 1}} {
		want, err := journal.SummarizeCompany(context.Background(), f.journal, levy.DefaultTenant, c.company, civil.MustParse("2026-06-01"), civil.MustParse("2026-06-30"))
		if err != nil {
			t.Fatal(err)
		}
		var summary struct{ Data []journal.SummaryRow }
		_, _, body := f.get(t, "/console/api/journal/summary?"+period+"&company="+c.company)
		if err := json.Unmarshal(body, &summary); err != nil || len(want.Currencies) != 1 || len(summary.Data) != len(want.Currencies[0].Rows) {
			t.Fatalf("summary of %q: %s", c.company, body)
		}
		for i, r := range want.Currencies[0].Rows {
			if summary.Data[i].JurisdictionID != r.JurisdictionID || !summary.Data[i].Tax.Equal(r.Tax) {
				t.Errorf("summary of %q, row %d: %+v, want %+v", c.company, i, summary.Data[i], r)
			}
		}
		var list struct {
			Data struct {
				Transactions []struct{ TransactionID, Company string }
			}
		}
		_, _, body = f.get(t, "/console/api/journal/transactions?"+period+"&company="+c.company)
		if err := json.Unmarshal(body, &list); err != nil || len(list.Data.Transactions) != c.txs {
			t.Fatalf("transactions of %q: %s", c.company, body)
		}
		for _, tx := range list.Data.Transactions {
			if tx.Company != c.company {
				t.Errorf("transactions of %q list %s of %q", c.company, tx.TransactionID, tx.Company)
			}
		}
		var series struct{ Data []struct{ Transactions int } }
		_, _, body = f.get(t, "/console/api/journal/series?"+period+"&company="+c.company)
		n := 0
		if err := json.Unmarshal(body, &series); err != nil {
			t.Fatal(err)
		}
		for _, p := range series.Data {
			n += p.Transactions
		}
		if n != c.txs {
			t.Errorf("series of %q: %d transactions, want %d: %s", c.company, n, c.txs, body)
		}
	}
	f.refused(t, "/console/api/journal/summary?"+period+"&company="+strings.Repeat("X", 41), 400, "company")
	f.refused(t, "/console/api/journal/transactions?"+period+"&company=EA%E2%80%AEST", 400, "company")
	// Two companies at once are refused on each route that narrows to
	// one, not answered with the first one's transactions alone.
	// (format is export's alone: another route refuses it as well.)
	for _, route := range []string{"summary?", "series?", "transactions?", "export?format=csv&"} {
		f.refused(t, "/console/api/journal/"+route+period+"&company=EAST&company=WEST", 400, "company")
	}
	f.refused(t, "/console/api/journal/export?"+period+"&format=csv&company="+strings.Repeat("X", 41), 400, "company")
	f.refused(t, "/console/api/journal/export?"+period+"&format=jsonl&company=EA%E2%80%AEST", 400, "company")

	// The download of one company is journal.ExportCompany's, in both
	// formats; without company it is every company's.
	from, to := civil.MustParse("2026-06-01"), civil.MustParse("2026-06-30")
	for _, c := range []struct {
		query   string
		company *string
		txs     int
	}{{"&company=EAST", ptr("EAST"), 3}, {"&company=WEST", ptr("WEST"), 5}, {"&company=", ptr(""), 1}, {"", nil, 9}} {
		for _, format := range []journal.Format{journal.CSV, journal.JSONLines} {
			var want bytes.Buffer
			var n int
			var err error
			if c.company != nil {
				n, err = journal.ExportCompany(context.Background(), f.journal, levy.DefaultTenant, *c.company, from, to, format, &want, nil)
			} else {
				n, err = journal.Export(context.Background(), f.journal, levy.DefaultTenant, from, to, format, &want, nil)
			}
			if err != nil || n != c.txs {
				t.Fatalf("the export%s: %d transactions, %v; want %d", c.query, n, err, c.txs)
			}
			status, _, got := f.get(t, "/console/api/journal/export?"+period+"&format="+string(format)+c.query)
			if status != 200 || !bytes.Equal(got, want.Bytes()) {
				t.Errorf("the %s download%s: %d\n%s\nwant\n%s", format, c.query, status, got, want.Bytes())
			}
			if format == journal.JSONLines && c.company != nil {
				for _, l := range strings.Split(strings.TrimSpace(string(got)), "\n") {
					var tx journal.Transaction
					if err := json.Unmarshal([]byte(l), &tx); err != nil || tx.Company != *c.company {
						t.Errorf("the download%s holds %s of company %q (%v)", c.query, tx.TransactionID, tx.Company, err)
					}
				}
			}
		}
	}
}

// ptr returns a pointer to s.
func ptr(s string) *string { return &s }

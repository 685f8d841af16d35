package engine

import (
	"context"
	"encoding/csv"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// usLocalGolden is a row of testdata/us-local/<st>.csv: a real address,
// the combined rate the state publishes for it on a date, the
// publication, and optionally the jurisdictions whose taxes make it up.
type usLocalGolden struct {
	file          string
	line          int
	kind          string // city, suburb, unincorporated or another word for what the address shows
	street, city  string
	zip           string
	state         string
	combined      decimal.Decimal // percent
	asOf          civil.Date
	publication   string
	jurisdictions []string
}

// saleHere is a quotation of 10,000.00 of general goods in qty articles
// from a seller at loc to a customer at loc on d. With 100 articles of
// 100.00, each is below every single-article cap, as the article whose
// tax a published combined rate gives.
func saleHere(loc *wire.Location, d civil.Date, qty string) *wire.SaleRequest {
	return &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale, DocumentDate: d,
		Seller:   &wire.Seller{Company: "ACME", PhysicalOrigin: loc},
		Customer: &wire.Customer{Destination: loc},
		LineItems: []wire.SaleLineItem{{LineItemID: "1", Product: &wire.Product{ProductClass: "GENERAL"}, Quantity: &wire.Measure{Value: amt(qty)},
			ExtendedPrice: amt("10000.00")}}}
}

// goldenColumns are the columns of the files of testdata/us-local.
const goldenColumns = "kind,street,city,zip,combined_pct,as_of,publication,jurisdictions"

func readUSLocalGolden(t *testing.T) []usLocalGolden {
	t.Helper()
	files, err := filepath.Glob("testdata/us-local/*.csv")
	if err != nil {
		t.Fatal(err)
	}
	var out []usLocalGolden
	for _, path := range files {
		state := strings.ToUpper(strings.TrimSuffix(filepath.Base(path), ".csv"))
		if _, ok := jurisdiction.SubdivisionOf("US", state); !ok {
			t.Errorf("%s: not named for a state", path)
			continue
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		r := csv.NewReader(f)
		r.Comment = '#'
		head, err := r.Read()
		if err != nil || strings.Join(head, ",") != goldenColumns {
			t.Fatalf("%s: header %q, want %s", path, head, goldenColumns)
		}
		for {
			rec, err := r.Read()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			line, _ := r.FieldPos(0)
			g := usLocalGolden{file: path, line: line, kind: rec[0], street: rec[1], city: rec[2], zip: rec[3], state: state,
				publication: rec[6], jurisdictions: strings.Fields(rec[7])}
			if g.combined, err = decimal.NewFromString(rec[4]); err != nil {
				t.Fatalf("%s:%d: combined_pct: %v", path, line, err)
			}
			if g.asOf, err = civil.Parse(rec[5]); err != nil {
				t.Fatalf("%s:%d: as_of: %v", path, line, err)
			}
			if g.publication == "" {
				t.Fatalf("%s:%d: a golden address needs the publication of its rate", path, line)
			}
			out = append(out, g)
		}
		f.Close()
	}
	return out
}

// TestUSLocalGolden calculates a sale to each golden address of
// testdata/us-local (ten items of 1,000.00, below every per-item limit
// of a local tax, as published combined rates assume) and checks the combined rate against the published
// one, that each jurisdiction is taxed on a line of its own with its
// own rule id, and, where the row lists them, which jurisdictions tax.
// Every state whose local content is reconciled needs at least three
// addresses: a large city, a suburb in a district, and an unincorporated
// area.
func TestUSLocalGolden(t *testing.T) {
	e := testEngine(t)
	rows := readUSLocalGolden(t)
	perState := map[string]map[string]bool{}
	for _, g := range rows {
		if perState[g.state] == nil {
			perState[g.state] = map[string]bool{}
		}
		perState[g.state][g.kind] = true
		loc := &wire.Location{StreetAddress1: g.street, City: g.city, MainDivision: g.state, PostalCode: g.zip, Country: "US"}
		resp, err := e.Sale(context.Background(), saleHere(loc, g.asOf, "100"))
		if err != nil {
			t.Errorf("%s:%d %s: %v", g.file, g.line, g.city, err)
			continue
		}
		line := resp.LineItems[0]
		got := resp.TotalTax.Decimal().Div(decimal.NewFromInt(100))
		var ids []string
		seen := map[string]bool{}
		for _, tx := range line.Taxes {
			id := tx.Jurisdiction.JurisdictionID
			if seen[id] {
				t.Errorf("%s:%d %s: %s taxed twice", g.file, g.line, g.city, id)
			}
			seen[id] = true
			if tx.CalculatedTax.Decimal().IsPositive() {
				ids = append(ids, id)
				if tx.CalculationRuleID == nil || tx.CalculationRuleID.Value == "" {
					t.Errorf("%s:%d %s: the tax of %s has no rule id", g.file, g.line, g.city, id)
				}
			}
		}
		if !got.Sub(g.combined).Abs().LessThanOrEqual(decimal.New(5, -4)) {
			t.Errorf("%s:%d %s %s (%s): combined rate %s%%, %s publishes %s%%; taxed by %v", g.file, g.line, g.city, g.zip, g.kind, got, g.publication, g.combined, ids)
		}
		if len(g.jurisdictions) > 0 {
			want := slices.Clone(g.jurisdictions)
			slices.Sort(want)
			have := slices.Clone(ids)
			slices.Sort(have)
			if !slices.Equal(want, have) {
				t.Errorf("%s:%d %s: taxed by %v, want %v", g.file, g.line, g.city, have, want)
			}
		}
	}
	// The states whose notes say they are reconciled, wholly or in part,
	// need their three kinds of address.
	notes, err := filepath.Glob("../internal/datagen/states/*/*.md")
	if err != nil {
		t.Fatal(err)
	}
	if len(notes) == 0 {
		t.Fatal("no state notes in ../internal/datagen/states/*/")
	}
	for _, n := range notes {
		raw, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(raw), "\nstatus: reconciled\n") && !strings.Contains(string(raw), "\nstatus: partial\n") {
			continue
		}
		st := strings.ToUpper(strings.TrimSuffix(filepath.Base(n), ".md"))
		for _, kind := range []string{"city", "suburb", "unincorporated"} {
			if !perState[st][kind] {
				t.Errorf("%s has local tax but no golden %s address in testdata/us-local/%s.csv", st, kind, strings.ToLower(st))
			}
		}
	}
}

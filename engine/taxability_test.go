package engine

import (
	"context"
	"encoding/csv"
	"fmt"
	"maps"
	"os"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/rules"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// taxabilityTable is the file of TestUSTaxabilityTable: for every row of
// the US matrix, the state, the class, the day sold, what Levy charges
// (in the matrix's code, data.MatrixLegend) and the row's citation.
const taxabilityTable = "testdata/us-taxability.csv"

// TestUSTaxabilityTable sells every product class in every state, DC and
// Puerto Rico, on a day of each row of the US matrix, at an address of
// the state with local taxes (the first of testdata/us-verified-rates.csv),
// to a consumer and to a business, and reads what the engine charged as
// the matrix's code: the state's tax applied or not, at which rate, on
// which share, the local taxes, the buyer. It must be what
// testdata/us-taxability.csv expects, row by row with its citation, and
// what the matrix says (run with -update to rewrite the file from the
// engine after a change of the matrix, and read the diff).
func TestUSTaxabilityTable(t *testing.T) {
	e := testEngine(t)
	tx, err := data.Default().Taxability()
	if err != nil {
		t.Fatal(err)
	}
	places := map[string]*wire.Location{}
	for st, loc := range extraPlaces {
		places[st] = loc
	}
	for _, v := range readVerifiedRates(t) {
		if places[v.state] == nil {
			city, _, _ := strings.Cut(v.place, " (")
			places[v.state] = &wire.Location{City: city, MainDivision: v.state, PostalCode: v.zip + "-" + v.plus4, Country: "US"}
		}
	}
	want := readTaxabilityTable(t)
	var b strings.Builder
	w := csv.NewWriter(&b)
	_ = w.Write([]string{"state", "class", "date", "code", "citation"})
	n, diffs := 0, 0
	for _, r := range tx.States() {
		loc := places[r.State]
		if r.Local == data.LocalElected {
			// The local taxes follow the state's only where a locality
			// elected it: sold where none did, they tax the item.
			loc = notElected[r.State]
		}
		if loc == nil {
			t.Errorf("%s: no address in testdata/us-verified-rates.csv", r.State)
			continue
		}
		d := dayOf(r)
		matrix := strings.TrimSuffix(data.TaxabilityCode(r), "?")
		got, err := chargedCode(e, loc, r.Class, d, matrix)
		if err != nil {
			t.Errorf("%s %s on %s: %v", r.State, r.Class, d, err)
			continue
		}
		n++
		// A local category that only some jurisdictions levy (Illinois's
		// grocery taxes) taxes nothing at an address where none does.
		if got != matrix && !(r.LocalOnly && matrix == "L" && got == "-") {
			t.Errorf("%s %s on %s: the engine charges %q, the matrix says %q (%s)", r.State, r.Class, d, got, matrix, r.Citation)
		}
		key := r.State + " " + r.Class + " " + d.String()
		if x, ok := want[key]; !*update && (!ok || x != got) {
			diffs++
			if diffs <= 20 {
				t.Errorf("%s: the engine charges %q, %s expects %q", key, got, taxabilityTable, x)
			}
		}
		_ = w.Write([]string{r.State, r.Class, d.String(), got, shortCitation(r.Citation)})
	}
	w.Flush()
	if *update {
		if err := os.WriteFile(taxabilityTable, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if n != len(want) {
		t.Errorf("%d rows sold, %s has %d (run with -update after a change of the matrix)", n, taxabilityTable, len(want))
	}
	if diffs > 0 {
		t.Errorf("%d rows differ from %s (run with -update after a change of the matrix, and read the diff)", diffs, taxabilityTable)
	}
}

// readTaxabilityTable reads the expected codes, by "state class date".
func readTaxabilityTable(t *testing.T) map[string]string {
	t.Helper()
	if _, err := os.Stat(taxabilityTable); os.IsNotExist(err) && *update {
		return nil
	}
	recs, lines := readTestCSV(t, taxabilityTable, "state,class,date,code,citation")
	out := map[string]string{}
	for i, rec := range recs {
		if rec[4] == "" {
			t.Errorf("%s:%d: %s %s has no citation", taxabilityTable, lines[i], rec[0], rec[1])
		}
		out[rec[0]+" "+rec[1]+" "+rec[2]] = rec[3]
	}
	return out
}

// dayOf is the day a row is tried on: its last day, or for a row in
// force now a day of late 2026, or its first day when it starts later.
func dayOf(r data.StateTaxability) civil.Date {
	late := civil.MustParse("2026-11-02")
	switch {
	case !r.Expiration.IsZero():
		return r.Expiration
	case r.Effective.After(late):
		return r.Effective
	}
	return late
}

// notElected are addresses of the states whose localities choose
// whether their taxes follow the state's exemption of a class
// (data.LocalElected), in a locality that did not: Albany County does not
// exempt clothing under $110 (Publication 718-C).
var notElected = map[string]*wire.Location{
	"NY": {City: "Albany", MainDivision: "NY", PostalCode: "12207", Country: "US"},
}

// extraPlaces are addresses with local taxes of the states that the
// verified rates lack.
var extraPlaces = map[string]*wire.Location{
	"CO": {City: "Aurora", MainDivision: "CO", PostalCode: "80012", Country: "US"},
	"LA": {City: "Baton Rouge", MainDivision: "LA", PostalCode: "70802", Country: "US"},
}

// shortCitation drops the notes that follow a TaxLocus category: they
// explain, the category cites.
func shortCitation(c string) string {
	if i := strings.Index(c, "TaxLocus taxability table"); i >= 0 {
		if j := strings.Index(c[i:], ": "); j >= 0 {
			return c[:i+j]
		}
	}
	return c
}

// charged sums what a response line charged in sales tax, which the
// matrix is about: the state's tax (the taxable amount, the tax and the
// rate of the state's own jurisdiction) and the local taxes' taxable
// amounts and tax. The local taxes outside the sales tax (Chicago's
// lease tax on SaaS) are not counted.
type charged struct {
	stateTaxable, stateTax, stateRate decimal.Decimal
	localTaxable, localTax            decimal.Decimal
	hasState                          bool
}

func partsOf(resp *wire.SaleResponse, state string) charged {
	var p charged
	for _, tx := range resp.LineItems[0].Taxes {
		if tx.Jurisdiction == nil || tx.Imposition == nil || tx.Imposition.Value != string(jurisdiction.SalesTax) {
			continue
		}
		if tx.Jurisdiction.JurisdictionID == "US-"+state {
			p.hasState = true
			p.stateTaxable = p.stateTaxable.Add(tx.Taxable.Decimal())
			p.stateTax = p.stateTax.Add(tx.CalculatedTax.Decimal())
			if tx.NominalRate != nil && tx.Taxable.Decimal().Sign() > 0 {
				p.stateRate = tx.NominalRate.Decimal()
			}
			continue
		}
		p.localTaxable = p.localTaxable.Add(tx.Taxable.Decimal())
		p.localTax = p.localTax.Add(tx.CalculatedTax.Decimal())
	}
	return p
}

// chargedCode sells one article of class at loc on d and writes what was
// charged in the matrix's code. matrix is the code the matrix expects: a
// threshold is tried at its amount and next to it.
func chargedCode(e *Engine, loc *wire.Location, class string, d civil.Date, matrix string) (string, error) {
	sell := func(class, price string, business bool) (charged, error) {
		req := saleHere(loc, d, "1")
		req.LineItems[0].Product.ProductClass = class
		req.LineItems[0].ExtendedPrice = amt(price)
		if business {
			req.Customer.CustomerCode = &wire.CustomerCode{Value: "B1", IsBusinessIndicator: true}
		}
		resp, err := e.Sale(context.Background(), req)
		if err != nil {
			return charged{}, err
		}
		return partsOf(resp, loc.MainDivision), nil
	}
	general, err := sell("GENERAL", "1000.00", false)
	if err != nil {
		return "", err
	}
	consumer, err := sell(class, "1000.00", false)
	if err != nil {
		return "", err
	}
	business, err := sell(class, "1000.00", true)
	if err != nil {
		return "", err
	}
	total := func(p charged) decimal.Decimal { return p.stateTax.Add(p.localTax) }
	thousand := decimal.NewFromInt(1000)
	if !general.hasState && loc.MainDivision != "AK" {
		return "", fmt.Errorf("no state tax on general goods at %s on %s", loc.City, d)
	}
	if !general.hasState {
		// Alaska: no state tax, the local taxes alone.
		switch {
		case consumer.localTaxable.Sign() > 0:
			return "T", nil
		default:
			return "-", nil
		}
	}
	var b strings.Builder
	elected := false
	switch {
	case total(consumer).IsZero() && total(business).Sign() > 0:
		return "b", nil
	case consumer.stateTaxable.IsZero() && consumer.localTaxable.Sign() > 0:
		return "L", nil
	case consumer.stateTaxable.IsZero():
		return "-", nil
	case matrix != "" && (matrix[0] == '<' || matrix[0] == '>'):
		// Below the threshold the article is exempt; at or above it
		// (below_exempt) or above it (above_excess) it is taxed.
		amount := decimal.RequireFromString(strings.FieldsFunc(matrix[1:], func(r rune) bool { return r == '/' || r == '@' })[0])
		under := amount.Sub(decimal.New(1, -2))
		over, taxedOver := amount, amount
		if matrix[0] == '>' {
			under, over, taxedOver = amount, amount.Add(decimal.NewFromInt(100)), decimal.NewFromInt(100)
		}
		u, err := sell(class, under.StringFixed(2), false)
		if err != nil {
			return "", err
		}
		o, err := sell(class, over.StringFixed(2), false)
		if err != nil {
			return "", err
		}
		if !u.stateTaxable.IsZero() || !o.stateTaxable.Equal(taxedOver) {
			return fmt.Sprintf("threshold: %s taxed on %s, %s on %s", under, u.stateTaxable, over, o.stateTaxable), nil
		}
		b.WriteString(matrix[:1] + amount.String())
		// The local taxes charge the item that the state exempts: they
		// follow the state only where a locality elected it.
		elected = matrix[0] == '<' && u.localTaxable.Sign() > 0
	case !consumer.stateRate.Equal(general.stateRate):
		b.WriteString("R" + consumer.stateRate.Shift(2).String())
	default:
		b.WriteString("T")
	}
	if !consumer.stateTaxable.Equal(thousand) && matrix[0] != '>' {
		b.WriteString("@" + consumer.stateTaxable.Div(thousand).Shift(2).String())
	}
	if general.localTaxable.Sign() > 0 && consumer.localTaxable.IsZero() {
		b.WriteString("/l-")
	}
	if elected {
		b.WriteString("/le")
	}
	if total(business).IsZero() {
		b.WriteString("/B")
	}
	return b.String(), nil
}

// A class that no rule knows is taxed as GENERAL, and the line says so;
// a known class and a host's own class named by a rule are not flagged.
func TestUnknownProductClass(t *testing.T) {
	e := testEngine(t)
	loc := &wire.Location{City: "Houston", MainDivision: "TX", PostalCode: "77002", Country: "US"}
	req := saleHere(loc, civil.MustParse("2026-11-02"), "1")
	req.LineItems[0].ExtendedPrice = amt("100.00")
	general, err := e.Sale(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if len(general.LineItems[0].AssistedParameters) != 0 {
		t.Errorf("GENERAL flagged: %+v", general.LineItems[0].AssistedParameters)
	}
	req.LineItems[0].Product.ProductClass = "SAS"
	typo, err := e.Sale(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	line := typo.LineItems[0]
	if !line.TotalTax.Decimal().Equal(general.LineItems[0].TotalTax.Decimal()) {
		t.Errorf("SAS taxed %s, GENERAL %s", line.TotalTax, general.LineItems[0].TotalTax)
	}
	want := []wire.AssistedParameter{{ParamName: "productClass", Phase: wire.PhasePre, RuleName: "unknown-product-class", OriginalValue: "SAS", Value: "GENERAL"}}
	if len(line.AssistedParameters) != 1 || line.AssistedParameters[0] != want[0] {
		t.Errorf("assisted parameters %+v, want %+v", line.AssistedParameters, want)
	}
	if line.Product.ProductClass != "SAS" {
		t.Errorf("the line echoes class %q, want the class sent", line.Product.ProductClass)
	}

	// A host's rule that names its own class makes it known.
	host, err := New(context.Background(), WithRules([]rules.Rule{{ID: "host-widgets", Jurisdiction: "US-TX*", ProductClass: "WIDGETS", Outcome: rules.Exempt}}, nil))
	if err != nil {
		t.Fatal(err)
	}
	req.LineItems[0].Product.ProductClass = "WIDGETS"
	own, err := host.Sale(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if len(own.LineItems[0].AssistedParameters) != 0 || !own.LineItems[0].TotalTax.Decimal().IsZero() {
		t.Errorf("a host's class: tax %s, assisted %+v", own.LineItems[0].TotalTax, own.LineItems[0].AssistedParameters)
	}
}

// Illinois's groceries from 2026: no state tax; a municipality's grocery
// tax where it adopted one, and the transit authority's food rate; the
// other local taxes do not reach them.
func TestIllinoisGroceries(t *testing.T) {
	e := testEngine(t)
	tests := []struct {
		city, zip string
		date      string
		want      map[string]string // jurisdiction -> tax on 1,000.00
	}{
		{"Naperville", "60540", "2026-11-02", map[string]string{"US-IL": "0", "US-1751622": "10", "US-IL-D-NITA_COLLAR": "10"}},
		{"Chicago", "60601", "2026-11-02", map[string]string{"US-IL": "0", "US-17031": "0", "US-1714000": "0", "US-IL-D-NITA_COOK": "15"}},
		{"Chicago", "60601", "2025-12-31", map[string]string{"US-IL": "10", "US-17031": "0", "US-1714000": "0", "US-IL-D-NITA_COOK": "12.5"}},
	}
	for _, tt := range tests {
		loc := &wire.Location{City: tt.city, MainDivision: "IL", PostalCode: tt.zip, Country: "US"}
		req := saleHere(loc, civil.MustParse(tt.date), "1")
		req.LineItems[0].Product.ProductClass = "FOOD"
		req.LineItems[0].ExtendedPrice = amt("1000.00")
		resp, err := e.Sale(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]string{}
		for _, tx := range resp.LineItems[0].Taxes {
			got[tx.Jurisdiction.JurisdictionID] = tx.CalculatedTax.Decimal().String()
		}
		if !maps.Equal(got, tt.want) {
			t.Errorf("%s on %s: %v, want %v", tt.city, tt.date, got, tt.want)
		}
	}
}

package main

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/shopspring/decimal"
)

// The local rate sources, as the ledger names them.
const (
	srcTaxlocus     = "taxlocus"
	srcOpenSalesTax = "opensalestax-local"
)

// ostDate is the date of the OpenSalesTax commit exported: its tables
// speak for the rates in force then.
var ostDate = civil.New(2026, 7, 22)

// taxlocusDate is the refresh of the TaxLocus dataset read.
var taxlocusDate = civil.New(2026, 8, 18)

// taxlocusFile is the TaxLocus table of local rates.
const taxlocusFile = "rates/us-local/taxlocus/jurisdiction_rates.csv"

// taxlocusStatesFile is the TaxLocus table of state rates.
const taxlocusStatesFile = "rates/us-local/taxlocus/state_rates.csv"

// readTaxlocus reads the TaxLocus local rates, by state: columns state,
// jurisdiction_type, name, fips_code and rate (a fraction).
func readTaxlocus(g *gen) (map[string][]srcRow, int, error) {
	t, err := readRatesTable(g.path(taxlocusFile), "state", "jurisdiction_type", "name", "fips_code", "rate")
	if err != nil {
		return nil, 0, err
	}
	out := map[string][]srcRow{}
	for i, rec := range t.rows {
		line := i + 2
		v, err := rateFraction(t.get(rec, "rate"))
		if err != nil {
			return nil, 0, fmt.Errorf("%s line %d: %w", taxlocusFile, line, err)
		}
		if v.IsNegative() || v.GreaterThan(decimal.NewFromFloat(0.2)) {
			return nil, 0, fmt.Errorf("%s line %d: rate %s is not a local sales tax rate", taxlocusFile, line, v)
		}
		st := t.get(rec, "state")
		out[st] = append(out[st], srcRow{
			source: srcTaxlocus, ref: fmt.Sprintf("jurisdiction_rates.csv:%d", line), state: st,
			label: t.get(rec, "name"), kind: t.get(rec, "jurisdiction_type"), code: t.get(rec, "fips_code"),
			rate: v, when: taxlocusDate,
		})
	}
	return out, len(t.rows), nil
}

// readTaxlocusStates reads the TaxLocus state rates, by state.
func readTaxlocusStates(g *gen) (map[string]srcRow, error) {
	t, err := readRatesTable(g.path(taxlocusStatesFile), "state", "rate")
	if err != nil {
		return nil, err
	}
	out := map[string]srcRow{}
	for i, rec := range t.rows {
		v, err := rateFraction(t.get(rec, "rate"))
		if err != nil {
			return nil, fmt.Errorf("%s line %d: %w", taxlocusStatesFile, i+2, err)
		}
		st := t.get(rec, "state")
		out[st] = srcRow{source: srcTaxlocus, ref: fmt.Sprintf("state_rates.csv:%d", i+2), state: st, label: st, kind: "state", rate: v, when: taxlocusDate}
	}
	return out, nil
}

// ostFile is the OpenSalesTax export of its curated local tables.
const ostFile = "rates/us-local/opensalestax-local.json"

// ostState is one state of the OpenSalesTax export: its constants by
// name, still undecoded.
type ostState map[string]json.RawMessage

// ostCity is an entry of a city table of the OpenSalesTax export: the
// county, a district (Texas transit, Illinois RTA, Virginia region) when
// the table has one, the local rate in percent when it has one, and the
// ZIP codes the city mainly serves.
type ostCity struct {
	Name     string
	County   string
	District string
	Rate     *decimal.Decimal // percent
	ZIPs     []string
}

// readOST reads the OpenSalesTax export, by state, and its commit.
func readOST(g *gen) (map[string]ostState, string, error) {
	raw, err := os.ReadFile(g.path(ostFile))
	if err != nil {
		return nil, "", err
	}
	var doc struct {
		Source struct {
			Commit     string `json:"commit"`
			Repository string `json:"repository"`
		} `json:"source"`
		States map[string]ostState `json:"states"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		return nil, "", fmt.Errorf("%s: %w", ostFile, err)
	}
	if doc.Source.Commit == "" || len(doc.States) == 0 {
		return nil, "", fmt.Errorf("%s: no source commit or no states", ostFile)
	}
	return doc.States, doc.Source.Commit, nil
}

// percents decodes a table of names to percentages ("3.000").
func (o ostState) percents(name string) (map[string]decimal.Decimal, error) {
	raw, ok := o[name]
	if !ok {
		return nil, nil
	}
	var m map[string]string
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, fmt.Errorf("%s: %s: %w", ostFile, name, err)
	}
	out := make(map[string]decimal.Decimal, len(m))
	for k, v := range m {
		d, err := decimal.NewFromString(v)
		if err != nil {
			return nil, fmt.Errorf("%s: %s[%s]: %w", ostFile, name, k, err)
		}
		out[k] = d
	}
	return out, nil
}

// str decodes a string constant.
func (o ostState) str(name string) string {
	var s string
	_ = json.Unmarshal(o[name], &s)
	return s
}

// strings decodes a list of strings.
func (o ostState) strings(name string) []string {
	var s []string
	_ = json.Unmarshal(o[name], &s)
	return s
}

// cities decodes a city table. layout names its entries' members in
// order: "county", "district", "rate" and "zips".
func (o ostState) cities(name string, layout ...string) ([]ostCity, error) {
	raw, ok := o[name]
	if !ok {
		return nil, nil
	}
	var m map[string][]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, fmt.Errorf("%s: %s: %w", ostFile, name, err)
	}
	var out []ostCity
	for _, city := range slices.Sorted(maps.Keys(m)) {
		vals := m[city]
		if len(vals) != len(layout) {
			return nil, fmt.Errorf("%s: %s[%s]: %d members, want %d", ostFile, name, city, len(vals), len(layout))
		}
		c := ostCity{Name: city}
		for i, what := range layout {
			switch what {
			case "county":
				_ = json.Unmarshal(vals[i], &c.County)
			case "district":
				_ = json.Unmarshal(vals[i], &c.District)
			case "rate":
				var s string
				if err := json.Unmarshal(vals[i], &s); err != nil {
					return nil, fmt.Errorf("%s: %s[%s]: rate: %w", ostFile, name, city, err)
				}
				d, err := decimal.NewFromString(s)
				if err != nil {
					return nil, fmt.Errorf("%s: %s[%s]: rate: %w", ostFile, name, city, err)
				}
				c.Rate = &d
			case "zips":
				if err := json.Unmarshal(vals[i], &c.ZIPs); err != nil {
					return nil, fmt.Errorf("%s: %s[%s]: ZIPs: %w", ostFile, name, city, err)
				}
			}
		}
		out = append(out, c)
	}
	return out, nil
}

// ostRow is the ledger's row for an entry of a table of the export.
func ostRow(state, table, key string, percent decimal.Decimal, when civil.Date) srcRow {
	return srcRow{source: srcOpenSalesTax, ref: table + "/" + key, state: state, label: key, kind: strings.ToLower(table),
		rate: percent.Shift(-2), when: when}
}

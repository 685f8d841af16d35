package datagen

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
	SrcTaxlocus     = "taxlocus"
	SrcOpenSalesTax = "opensalestax-local"
)

// ostDate is the date of the OpenSalesTax commit exported: its tables
// speak for the rates in force then.
var ostDate = civil.New(2026, 7, 22)

// TaxlocusDate is the refresh of the TaxLocus dataset read.
var TaxlocusDate = civil.New(2026, 8, 18)

// taxlocusFile is the TaxLocus table of local rates.
const taxlocusFile = "rates/us-local/taxlocus/jurisdiction_rates.csv"

// taxlocusStatesFile is the TaxLocus table of state rates.
const taxlocusStatesFile = "rates/us-local/taxlocus/state_rates.csv"

// readTaxlocus reads the TaxLocus local rates, by state: columns state,
// jurisdiction_type, name, fips_code and rate (a fraction).
func readTaxlocus(g *gen) (map[string][]Row, int, error) {
	t, err := readRatesTable(g.path(taxlocusFile), "state", "jurisdiction_type", "name", "fips_code", "rate")
	if err != nil {
		return nil, 0, err
	}
	out := map[string][]Row{}
	for i, rec := range t.Rows {
		line := i + 2
		v, err := RateFraction(t.Get(rec, "rate"))
		if err != nil {
			return nil, 0, fmt.Errorf("%s line %d: %w", taxlocusFile, line, err)
		}
		if v.IsNegative() || v.GreaterThan(decimal.NewFromFloat(0.2)) {
			return nil, 0, fmt.Errorf("%s line %d: rate %s is not a local sales tax rate", taxlocusFile, line, v)
		}
		st := t.Get(rec, "state")
		out[st] = append(out[st], Row{
			Source: SrcTaxlocus, Ref: fmt.Sprintf("jurisdiction_rates.csv:%d", line), State: st,
			Label: t.Get(rec, "name"), Kind: t.Get(rec, "jurisdiction_type"), Code: t.Get(rec, "fips_code"),
			Rate: v, When: TaxlocusDate,
		})
	}
	return out, len(t.Rows), nil
}

// readTaxlocusStates reads the TaxLocus state rates, by state.
func readTaxlocusStates(g *gen) (map[string]Row, error) {
	t, err := readRatesTable(g.path(taxlocusStatesFile), "state", "rate")
	if err != nil {
		return nil, err
	}
	out := map[string]Row{}
	for i, rec := range t.Rows {
		v, err := RateFraction(t.Get(rec, "rate"))
		if err != nil {
			return nil, fmt.Errorf("%s line %d: %w", taxlocusStatesFile, i+2, err)
		}
		st := t.Get(rec, "state")
		out[st] = Row{Source: SrcTaxlocus, Ref: fmt.Sprintf("state_rates.csv:%d", i+2), State: st, Label: st, Kind: "state", Rate: v, When: TaxlocusDate}
	}
	return out, nil
}

// OSTFile is the OpenSalesTax export of its curated local tables.
const OSTFile = "rates/us-local/opensalestax-local.json"

// OSTState is one state of the OpenSalesTax export: its constants by
// name, still undecoded.
type OSTState map[string]json.RawMessage

// OSTCity is an entry of a city table of the OpenSalesTax export: the
// county, a district (Texas transit, Illinois RTA, Virginia region) when
// the table has one, the local rate in percent when it has one, and the
// ZIP codes the city mainly serves.
type OSTCity struct {
	Name     string
	County   string
	District string
	Rate     *decimal.Decimal // percent
	ZIPs     []string
}

// readOST reads the OpenSalesTax export, by state, and its commit.
func readOST(g *gen) (map[string]OSTState, string, error) {
	raw, err := os.ReadFile(g.path(OSTFile))
	if err != nil {
		return nil, "", err
	}
	var doc struct {
		Source struct {
			Commit     string `json:"commit"`
			Repository string `json:"repository"`
		} `json:"source"`
		States map[string]OSTState `json:"states"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		return nil, "", fmt.Errorf("%s: %w", OSTFile, err)
	}
	if doc.Source.Commit == "" || len(doc.States) == 0 {
		return nil, "", fmt.Errorf("%s: no source commit or no states", OSTFile)
	}
	return doc.States, doc.Source.Commit, nil
}

// Percents decodes a table of names to percentages ("3.000").
func (o OSTState) Percents(name string) (map[string]decimal.Decimal, error) {
	raw, ok := o[name]
	if !ok {
		return nil, nil
	}
	var m map[string]string
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, fmt.Errorf("%s: %s: %w", OSTFile, name, err)
	}
	out := make(map[string]decimal.Decimal, len(m))
	for k, v := range m {
		d, err := decimal.NewFromString(v)
		if err != nil {
			return nil, fmt.Errorf("%s: %s[%s]: %w", OSTFile, name, k, err)
		}
		out[k] = d
	}
	return out, nil
}

// Str decodes a string constant.
func (o OSTState) Str(name string) string {
	var s string
	_ = json.Unmarshal(o[name], &s)
	return s
}

// Strings decodes a list of strings.
func (o OSTState) Strings(name string) []string {
	var s []string
	_ = json.Unmarshal(o[name], &s)
	return s
}

// Cities decodes a city table (nil when the state has none of that
// name), whose entries' members ostCityLayout names in order: "county",
// "district", "rate" and "zips".
func (o OSTState) Cities(name string) ([]OSTCity, error) {
	raw, ok := o[name]
	if !ok {
		return nil, nil
	}
	layout := ostCityLayout(name)
	if layout == nil {
		return nil, fmt.Errorf("%s: %s: unknown table layout", OSTFile, name)
	}
	var m map[string][]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, fmt.Errorf("%s: %s: %w", OSTFile, name, err)
	}
	var out []OSTCity
	for _, city := range slices.Sorted(maps.Keys(m)) {
		vals := m[city]
		if len(vals) != len(layout) {
			return nil, fmt.Errorf("%s: %s[%s]: %d members, want %d", OSTFile, name, city, len(vals), len(layout))
		}
		c := OSTCity{Name: city}
		for i, what := range layout {
			switch what {
			case "county":
				_ = json.Unmarshal(vals[i], &c.County)
			case "district":
				_ = json.Unmarshal(vals[i], &c.District)
			case "rate":
				var s string
				if err := json.Unmarshal(vals[i], &s); err != nil {
					return nil, fmt.Errorf("%s: %s[%s]: rate: %w", OSTFile, name, city, err)
				}
				d, err := decimal.NewFromString(s)
				if err != nil {
					return nil, fmt.Errorf("%s: %s[%s]: rate: %w", OSTFile, name, city, err)
				}
				c.Rate = &d
			case "zips":
				if err := json.Unmarshal(vals[i], &c.ZIPs); err != nil {
					return nil, fmt.Errorf("%s: %s[%s]: ZIPs: %w", OSTFile, name, city, err)
				}
			}
		}
		out = append(out, c)
	}
	return out, nil
}

// ostRow is the ledger's row for an entry of a table of the export.
func ostRow(state, table, key string, percent decimal.Decimal, when civil.Date) Row {
	return Row{Source: SrcOpenSalesTax, Ref: table + "/" + key, State: state, Label: key, Kind: strings.ToLower(table),
		Rate: percent.Shift(-2), When: when}
}

package datagen

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/jurisdiction"
	"github.com/shopspring/decimal"
)

const (
	euVATFile  = "rates/eu-vat-rates.json"
	worldFile  = "rates/world-sales-tax-rates.json"
	euVATKey   = "eu-vat-rates"
	worldKey   = "world-sales-tax-rates"
	vatTerrKey = "vat-territories"
)

// euCategories maps the rate names of the EU VAT file to categories.
var euCategories = map[string]string{
	"standard":      jurisdiction.General,
	"reduced":       jurisdiction.Reduced,
	"reduced1":      jurisdiction.Reduced,
	"reduced2":      jurisdiction.Reduced2,
	"super_reduced": jurisdiction.SuperReduced,
	"parking":       jurisdiction.Parking,
}

// euPeriod is one dated entry of the EU VAT file.
type euPeriod struct {
	EffectiveFrom string                     `json:"effective_from"`
	Rates         map[string]json.RawMessage `json:"rates"`
	Exceptions    []struct {
		Name     string          `json:"name"`
		Postcode string          `json:"postcode"`
		Standard json.RawMessage `json:"standard"`
	} `json:"exceptions"`
}

// span is a value over a period, before adjacent equal spans are merged.
type span struct {
	period civil.Period
	value  decimal.Decimal
}

// mergeSpans sorts spans by start and joins neighbours that touch and have
// the same value.
func mergeSpans(in []span) []span {
	slices.SortFunc(in, func(a, b span) int { return a.period.Effective.Compare(b.period.Effective) })
	var out []span
	for _, s := range in {
		if n := len(out); n > 0 {
			last := &out[n-1]
			if !last.period.Expiration.IsZero() && last.period.Expiration.AddDays(1) == s.period.Effective && last.value.Equal(s.value) {
				last.period.Expiration = s.period.Expiration
				continue
			}
		}
		out = append(out, s)
	}
	return out
}

// vatTerritory is a row of the curated table of VAT special territories.
type vatTerritory struct{ id, citation string }

// addEUVAT adds the VAT rates of the EU-27 and GB with their history, the
// special territories of the postcode exceptions and their rates.
func addEUVAT(g *gen, b *ratesBuilder) error {
	var file struct {
		Items map[string][]euPeriod `json:"items"`
	}
	if err := readRatesJSON(g.path(euVATFile), &file); err != nil {
		return err
	}
	terr, err := readVATTerritories(g, b)
	if err != nil {
		return err
	}
	if len(file.Items) != 28 {
		return fmt.Errorf("%s: %d countries, want the EU-27 and GB", euVATFile, len(file.Items))
	}
	usedTerr := map[string]bool{}
	skipped := map[string]bool{}
	for _, cc := range slices.Sorted(maps.Keys(file.Items)) {
		if _, ok := b.juris[cc]; !ok {
			return fmt.Errorf("%s: unknown country %s", euVATFile, cc)
		}
		periods, err := euPeriods(cc, file.Items[cc])
		if err != nil {
			return err
		}
		byCat := map[string][]span{}
		byExc := map[string][]span{} // territory ID -> spans
		for _, p := range periods {
			seen := map[string]string{}
			for name, raw := range p.src.Rates {
				cat, ok := euCategories[name]
				if !ok {
					skipped[cc+" "+name+" from "+p.period.Effective.String()] = true
					continue
				}
				if other, dup := seen[cat]; dup {
					return fmt.Errorf("%s: %s %s: %q and %q are both %s", euVATFile, cc, p.src.EffectiveFrom, other, name, cat)
				}
				seen[cat] = name
				v, err := jsonPercent(raw)
				if err != nil {
					return fmt.Errorf("%s: %s %s %s: %w", euVATFile, cc, p.src.EffectiveFrom, name, err)
				}
				byCat[cat] = append(byCat[cat], span{p.period, v})
			}
			if _, ok := seen[jurisdiction.General]; !ok {
				return fmt.Errorf("%s: %s %s has no standard rate", euVATFile, cc, p.src.EffectiveFrom)
			}
			for _, e := range p.src.Exceptions {
				t, ok := terr[cc+"|"+e.Name]
				if !ok {
					return fmt.Errorf("%s: exception %s %q is not in internal/datagen/curated/vat-territories.csv", euVATFile, cc, e.Name)
				}
				usedTerr[cc+"|"+e.Name] = true
				id := t.id
				if id == "" {
					id = cc + "-X-" + jurisdiction.Slug(e.Name)
				}
				if _, ok := b.juris[id]; !ok {
					// The external code is the ISO 3166-2 code, when there is
					// one.
					if err := b.addJuris(jurisdiction.Jurisdiction{
						ID: id, Type: jurisdiction.Territory, Name: e.Name, Parent: cc, Country: cc, ExternalCode: t.id,
					}); err != nil {
						return err
					}
				}
				v, err := jsonPercent(e.Standard)
				if err != nil {
					return fmt.Errorf("%s: %s exception %s: %w", euVATFile, cc, e.Name, err)
				}
				byExc[id] = append(byExc[id], span{p.period, v})
				pat := "^(?:" + e.Postcode + ")$"
				if !slices.Contains(b.exceptions, vatException{cc, e.Name, pat, id}) {
					b.exceptions = append(b.exceptions, vatException{cc, e.Name, pat, id})
				}
			}
		}
		for _, cat := range slices.Sorted(maps.Keys(byCat)) {
			for _, s := range mergeSpans(byCat[cat]) {
				if err := b.addRate(jurisdiction.Rate{
					Jurisdiction: cc, Tax: jurisdiction.VAT, Category: cat, Value: s.value, Period: s.period, Source: euVATKey,
				}); err != nil {
					return fmt.Errorf("%s: %w", euVATFile, err)
				}
			}
		}
		for _, id := range slices.Sorted(maps.Keys(byExc)) {
			// The curated corrections (vat-rate-corrections.csv) replace
			// these in their periods (the Azores' 16% from July 2021) and
			// add the territories' reduced rates, which the file lacks.
			for _, s := range mergeSpans(byExc[id]) {
				if err := b.addRate(jurisdiction.Rate{
					Jurisdiction: id, Tax: jurisdiction.VAT, Category: jurisdiction.General, Value: s.value, Period: s.period, Source: euVATKey,
				}); err != nil {
					return fmt.Errorf("%s: %w", euVATFile, err)
				}
			}
		}
	}
	if err := addTerritoryPostcodes(g, b, terr, usedTerr); err != nil {
		return err
	}
	for k := range terr {
		if !usedTerr[k] {
			return fmt.Errorf(curatedRef+"vat-territories.csv: %s is not an exception of %s", k, euVATFile)
		}
	}
	for _, s := range slices.Sorted(maps.Keys(skipped)) {
		g.log.Warn("EU VAT rate without a category, skipped", "rate", s)
	}
	g.addSource(Source{
		Key:   euVATKey,
		Files: euVATFile,
		What: "VAT rates of the EU-27 and GB with their dated history (standard as general, reduced/reduced1 as reduced, reduced2, super_reduced, parking; " +
			"rates under other names, such as Estonia's press_publications, are not taken) and the postcode exceptions with their standard rates",
		From:    "ibericode/vat-rates (version 4 format, 2025-08)",
		Licence: "MIT",
	})
	g.addSource(Source{
		Key:     vatTerrKey,
		Files:   curatedRef + "vat-territories.csv",
		What:    "jurisdiction IDs of the VAT special territories: their ISO 3166-2 code where one exists, else country + \"-X-\" + name",
		From:    "ISO 3166-2 (curated by the Levy project)",
		Licence: "facts",
	})
	return nil
}

// datedPeriod is an EU VAT entry with its computed period.
type datedPeriod struct {
	src    euPeriod
	period civil.Period
}

// euPeriods sorts a country's entries and gives each its period: from its
// effective_from ("0000-01-01": since always) to the day before the next.
func euPeriods(cc string, in []euPeriod) ([]datedPeriod, error) {
	out := make([]datedPeriod, 0, len(in))
	for i, p := range in {
		var from civil.Date
		if p.EffectiveFrom != "0000-01-01" {
			d, err := civil.Parse(p.EffectiveFrom)
			if err != nil {
				return nil, fmt.Errorf("%s: %s, entry %d: field effective_from: %w", euVATFile, cc, i+1, err)
			}
			from = d
		}
		out = append(out, datedPeriod{src: p, period: civil.Period{Effective: from}})
	}
	slices.SortFunc(out, func(a, b datedPeriod) int { return a.period.Effective.Compare(b.period.Effective) })
	for i := 1; i < len(out); i++ {
		if out[i].period.Effective == out[i-1].period.Effective {
			return nil, fmt.Errorf("%s: %s: two entries start on %q", euVATFile, cc, out[i].src.EffectiveFrom)
		}
		out[i-1].period.Expiration = out[i].period.Effective.AddDays(-1)
	}
	return out, nil
}

// readVATTerritories reads the curated IDs of the exception territories,
// keyed by country and source name ("ES|Canary Islands"), and keeps the
// table's rows in b for addVATGeography.
func readVATTerritories(g *gen, b *ratesBuilder) (map[string]vatTerritory, error) {
	rows, err := readVATTerritoryRows(g.curatedFile(vatTerrFile), curatedRef+vatTerrFile)
	if err != nil {
		return nil, err
	}
	b.territoryRows = rows
	out := map[string]vatTerritory{}
	for _, r := range rows {
		out[r.country+"|"+r.name] = vatTerritory{r.id, r.idCitation}
	}
	return out, nil
}

// worldEntry is a country or province of the world rates file.
type worldEntry struct {
	Type   string                     `json:"type"`
	Rate   json.RawMessage            `json:"rate"`
	Before map[string]worldEntry      `json:"before"`
	States map[string]json.RawMessage `json:"states"`
}

// worldTaxes maps the file's tax types to Levy's.
var worldTaxes = map[string]jurisdiction.Tax{
	"vat": jurisdiction.VAT, "gst": jurisdiction.GST,
	"hst": jurisdiction.HST, "pst": jurisdiction.PST, "qst": jurisdiction.QST,
}

// worldTaxNames name the tax of a country whose tax the world rates file
// calls a VAT but which has a name of its own, which Levy reports as the
// imposition: Japan's consumption tax (Consumption Tax Act, Act No. 108
// of 1988, with the local consumption tax of the Local Tax Act) and
// Malaysia's sales tax (Sales Tax Act 2018), whose 10% general rate is
// the one the file gives; Malaysia's service tax (Service Tax Act 2018)
// is not in the file and comes from the curated corrections
// (vatFixNewTaxes).
var worldTaxNames = map[string]jurisdiction.Tax{
	"JP": jurisdiction.ConsumptionTax,
	"MY": jurisdiction.GoodsSalesTax,
}

// addWorldRates adds the standard rates of the countries that are not in
// the EU VAT file, and Canada's federal and provincial rates.
func addWorldRates(g *gen, b *ratesBuilder) error {
	var file map[string]worldEntry
	if err := readRatesJSON(g.path(worldFile), &file); err != nil {
		return err
	}
	eu := map[string]bool{}
	for _, r := range b.rates {
		if r.Source == euVATKey {
			eu[r.Jurisdiction] = true
		}
	}
	n := 0
	for _, cc := range slices.Sorted(maps.Keys(file)) {
		e := file[cc]
		switch {
		case eu[cc]:
			continue // EU-27 and GB come with their full history from the EU file
		case cc == "US":
			continue // US state rates come from the states' own publications
		case cc == "PR":
			continue // Puerto Rico is the US territory US-PR with its sales and use tax
		case cc == "BR":
			continue // Brazil's taxes are its own (internal/datagen/br), not a VAT
		case e.Type == "none":
			continue
		}
		if _, ok := b.juris[cc]; !ok {
			return fmt.Errorf("%s: unknown country %s", worldFile, cc)
		}
		if err := addWorldEntry(b, cc, e); err != nil {
			return fmt.Errorf("%s: %s: %w", worldFile, cc, err)
		}
		n++
		if len(e.States) == 0 {
			continue
		}
		if cc != "CA" {
			return fmt.Errorf("%s: %s has subdivision rates; only Canada's are read", worldFile, cc)
		}
		for _, code := range slices.Sorted(maps.Keys(e.States)) {
			var s worldEntry
			if err := json.Unmarshal(e.States[code], &s); err != nil {
				return fmt.Errorf("%s: CA %s: %w", worldFile, code, err)
			}
			id := "CA-" + code
			if _, ok := b.juris[id]; !ok {
				return fmt.Errorf("%s: unknown province %s", worldFile, id)
			}
			if err := addWorldEntry(b, id, s); err != nil {
				return fmt.Errorf("%s: %s: %w", worldFile, id, err)
			}
		}
	}
	g.log.Info("world rates", "countries", n)
	g.addSource(Source{
		Key:   worldKey,
		Files: worldFile,
		What: "standard VAT or GST rate, with its dated history, of every country of the file except the EU-27 and GB (taken from the EU file), " +
			"the US (its state table is stale and not used), Puerto Rico (modelled as the US territory) and Brazil (whose taxes are not a VAT: internal/datagen/br); Canada's GST and provincial HST, PST and QST. " +
			"Japan's tax, which the file calls a VAT, is named the Consumption Tax, and Malaysia's the Sales Tax (its 10% general rate; the service tax comes from the curated corrections)",
		From:        "npm sales-tax 2.23.0",
		Licence:     "MIT",
		Attribution: "Copyright (c) 2017 Valerian Saliou",
	})
	return nil
}

// addWorldEntry adds the rate of an entry and its history: each "before"
// key is the instant a rate stopped applying.
func addWorldEntry(b *ratesBuilder, id string, e worldEntry) error {
	type change struct {
		until civil.Date
		entry worldEntry
	}
	var hist []change
	for k, prev := range e.Before {
		t, err := time.Parse(time.RFC3339, k)
		if err != nil {
			return fmt.Errorf("history key %q: %w", k, err)
		}
		// The keys are local midnights written in UTC (22:00Z for a CET
		// country); round to the nearest midnight to get the date.
		hist = append(hist, change{civil.Of(t.UTC().Add(12 * time.Hour)), prev})
	}
	slices.SortFunc(hist, func(a, c change) int { return a.until.Compare(c.until) })
	var from civil.Date
	add := func(en worldEntry, p civil.Period) error {
		if en.Type == "none" {
			return nil
		}
		tax, ok := worldTaxes[en.Type]
		if !ok {
			return fmt.Errorf("unknown tax type %q", en.Type)
		}
		if named, ok := worldTaxNames[id]; ok {
			if tax != jurisdiction.VAT {
				return fmt.Errorf("tax type %q: only a VAT of the file is renamed %s", en.Type, named)
			}
			tax = named
		}
		v, err := jsonFraction(en.Rate)
		if err != nil {
			return err
		}
		return b.addRate(jurisdiction.Rate{
			Jurisdiction: id, Tax: tax, Category: jurisdiction.General, Value: v, Period: p, Source: worldKey,
		})
	}
	for i, h := range hist {
		if i > 0 && h.until == hist[i-1].until {
			return fmt.Errorf("two changes on %s", h.until)
		}
		if err := add(h.entry, civil.Period{Effective: from, Expiration: h.until.AddDays(-1)}); err != nil {
			return err
		}
		from = h.until
	}
	return add(e, civil.Period{Effective: from})
}

// jsonFraction reads a rate written as a JSON number or string fraction.
func jsonFraction(raw json.RawMessage) (decimal.Decimal, error) {
	s := strings.TrimSpace(string(raw))
	if strings.HasPrefix(s, `"`) {
		if err := json.Unmarshal(raw, &s); err != nil {
			return decimal.Decimal{}, err
		}
	}
	if s == "" || s == "null" {
		return decimal.Decimal{}, fmt.Errorf("missing rate")
	}
	return RateFraction(s)
}

// jsonPercent reads a percentage written as a JSON number or string.
func jsonPercent(raw json.RawMessage) (decimal.Decimal, error) {
	v, err := jsonFraction(raw)
	if err != nil {
		return v, err
	}
	return v.Shift(-2), nil
}

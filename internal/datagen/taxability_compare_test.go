package datagen

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/internal/srcdata"
	"github.com/levytax/levy/rules"
)

// outcome is what a rule table or a source says of a class in a state:
// whether the state's tax applies and at which replacement rate, and
// whether the local taxes apply.
type outcome struct {
	state bool
	rate  string // the replacement state rate, "" for the general one
	local bool
}

func (o outcome) String() string {
	s := "state exempt"
	if o.state {
		s = "state taxable"
		if o.rate != "" {
			s += " at " + o.rate
		}
	}
	if o.local {
		return s + ", local taxable"
	}
	return s + ", local exempt"
}

// TestRulesAgreeWithSources compares the default rule tables, as the engine
// compiles them from the embedded dataset, with both shared sources, class by
// class and state by state on a day of late 2026: the TaxLocus taxability table
// (each category of the class, as Levy reads its conditions) and the
// OpenSalesTax table with its corrections (the class's category, where it has
// one). A cell where the rules differ from a source, or where a source leaves
// the cell open, must be recorded as a decision in
// internal/datagen/curated/us-taxability; the test lists every one that is not.
func TestRulesAgreeWithSources(t *testing.T) {
	g, err := newGen(Config{Src: srcdata.Need(t)})
	if err != nil {
		t.Fatal(err)
	}
	rows, _, _, err := usTaxRows(g)
	if err != nil {
		t.Fatal(err)
	}
	tl, err := readTaxlocusTaxability(g.srcFile(taxlocusTaxability))
	if err != nil {
		t.Fatal(err)
	}
	decisions, err := readTaxDecisions(g.curated, taxDecisions)
	if err != nil {
		t.Fatal(err)
	}
	tx, err := data.Default().Taxability()
	if err != nil {
		t.Fatal(err)
	}
	rs, _ := rules.Defaults(tx)
	table, err := rules.Compile(rs)
	if err != nil {
		t.Fatal(err)
	}
	day := civil.MustParse("2026-11-02")
	decide := func(st, class, id, typ string) bool {
		env := rules.Env{Perspective: "SELLER", TransactionType: "SALE", Country: "US", JurisdictionID: id, JurisdictionType: typ,
			Subdivision: "US-" + st, Tax: "Sales and Use Tax", ProductClass: class, Date: day.String()}
		r, ok, err := table.Decide(context.Background(), &env, day)
		if err != nil {
			t.Fatal(err)
		}
		return !ok || r.Outcome == rules.Taxable
	}
	stateRate := func(st, class string) string {
		env := rules.Env{Country: "US", JurisdictionID: "US-" + st, JurisdictionType: "STATE", Subdivision: "US-" + st,
			Tax: "Sales and Use Tax", ProductClass: class}
		r, ok, _ := table.Decide(context.Background(), &env, day)
		if ok && r.Rate != nil {
			return r.Rate.String()
		}
		return ""
	}
	ruled := func(st, class string) outcome {
		o := outcome{state: decide(st, class, "US-"+st, "STATE"), local: decide(st, class, "US-"+st+"-LOCAL", "COUNTY")}
		if o.state {
			o.rate = stateRate(st, class)
		}
		if o.rate == "0" {
			o.state, o.rate = false, "" // a 0% state rate is the state's exemption
		}
		return o
	}
	ost := map[taxKey]taxRow{}
	for _, r := range rows {
		if r.period.Contains(day) {
			ost[taxKey{r.state, r.category}] = r
		}
	}
	var states []string
	for _, r := range rows {
		if !slices.Contains(states, r.state) && !isNoTaxState(rows, r.state) {
			states = append(states, r.state)
		}
	}
	slices.Sort(states)
	recorded := func(st, class string) bool {
		_, one := decisions[taxKey{st, class}]
		_, all := decisions[taxKey{st, "*"}]
		return one || all
	}
	var unrecorded []string
	compared, disagreements := 0, 0
	for _, st := range states {
		for _, src := range usClassSources {
			got := ruled(st, src.class)
			var why []string
			// OpenSalesTax: the state's outcome and rate.
			if r, ok := ost[taxKey{st, src.ost}]; ok && src.ost != "" {
				want := outcome{state: r.taxable && !(r.rate != nil && r.rate.IsZero())}
				if want.state && r.rate != nil {
					want.rate = r.rate.String()
				}
				if r.threshold != nil {
					// A clothing threshold: the state taxes above it.
					want.state = true
				}
				if got.state != want.state || got.rate != want.rate {
					why = append(why, fmt.Sprintf("OpenSalesTax (%s) says %s", r.at, want))
				}
			}
			// TaxLocus: every category of the class, as read.
			for _, cat := range src.taxlocus {
				r, ok := tl[st][cat]
				if !ok {
					if tl[st] == nil && cat == src.taxlocus[0] {
						why = append(why, "TaxLocus has no row for the state")
					}
					continue
				}
				spec, open := r.read(src.class)
				if open != "" {
					why = append(why, fmt.Sprintf("TaxLocus %s: %s", cat, open))
					continue
				}
				if spec.follows != "" {
					continue // taxed as another class, which is compared itself
				}
				want := outcome{state: spec.taxable || spec.threshold != nil,
					local: spec.local == localTaxable || spec.local == localSame && (spec.taxable || spec.threshold != nil)}
				if spec.rate != nil && !spec.rate.IsZero() {
					want.rate = spec.rate.String()
				}
				if spec.rate != nil && spec.rate.IsZero() {
					want.state = false
				}
				if spec.buyer == buyerConsumerExempt {
					want = outcome{} // a consumer is not taxed
				}
				if got.state != want.state || got.rate != want.rate || got.local != want.local && !noLocalTax[st] {
					why = append(why, fmt.Sprintf("TaxLocus %s (%s) says %s", cat, r.at, want))
				}
			}
			compared++
			if len(why) == 0 {
				continue
			}
			disagreements++
			if !recorded(st, src.class) {
				unrecorded = append(unrecorded, fmt.Sprintf("%s %s: the rules say %s; %s", st, src.class, got, strings.Join(why, "; ")))
			}
		}
	}
	t.Logf("%d cells compared, %d where the rules differ from a source or a source leaves the cell open, all recorded as decisions but %d",
		compared, disagreements, len(unrecorded))
	if len(unrecorded) > 0 {
		t.Errorf("%d cells differ from a source without a decision in internal/datagen/curated/%s:\n  %s", len(unrecorded), taxDecisions, strings.Join(unrecorded, "\n  "))
	}
	if disagreements == 0 || compared < 1700 {
		t.Errorf("compared %d cells with %d disagreements: the comparison reads too little", compared, disagreements)
	}
}

// noLocalTax are the states whose local jurisdictions levy no sales tax:
// what a source says of their local taxes does not matter.
var noLocalTax = map[string]bool{
	"CT": true, "DC": true, "IN": true, "KY": true, "ME": true, "MD": true, "MA": true, "MI": true, "RI": true,
}

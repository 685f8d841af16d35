package rules_test

import (
	"context"
	"fmt"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/rules"
)

// A host compiles its own rules once and asks the table which rule
// decides a line: the most specific rule that matches wins, and a rule
// whose condition does not hold is passed over.
func ExampleCompile() {
	t, err := rules.Compile([]rules.Rule{
		{ID: "everything-taxable", Outcome: rules.Taxable},
		{ID: "wa-resale", Jurisdiction: "US-WA", When: `customerClass == "RESELLER"`, Outcome: rules.Exempt},
		{ID: "wa-food", Jurisdiction: "US-WA", ProductClass: "FOOD", Outcome: rules.Exempt,
			Effective: civil.MustParse("2020-01-01")},
	})
	if err != nil {
		panic(err)
	}
	day := civil.MustParse("2026-06-01")
	for _, env := range []rules.Env{
		{JurisdictionID: "US-WA", ProductClass: "FOOD"},
		{JurisdictionID: "US-WA", ProductClass: "GENERAL", CustomerClass: "RESELLER"},
		{JurisdictionID: "US-WA", ProductClass: "GENERAL"},
		{JurisdictionID: "US-OR", ProductClass: "FOOD"},
	} {
		r, ok, err := t.Decide(context.Background(), &env, day)
		if err != nil {
			panic(err)
		}
		fmt.Println(env.JurisdictionID, env.ProductClass, env.CustomerClass, "->", ok, r.ID, r.Outcome)
	}
	// Output:
	// US-WA FOOD  -> true wa-food EXEMPT
	// US-WA GENERAL RESELLER -> true wa-resale EXEMPT
	// US-WA GENERAL  -> true everything-taxable TAXABLE
	// US-OR FOOD  -> true everything-taxable TAXABLE
}

// The engine's own table is built from the dataset: Defaults turns its
// taxability part into rules, and the compiled table answers for a
// state's clothing as the engine does: Massachusetts taxes a garment
// only on its price above $175.
func ExampleDefaults() {
	tx, err := data.Default().Taxability()
	if err != nil {
		panic(err)
	}
	rs, _ := rules.Defaults(tx)
	t, err := rules.Compile(rs)
	if err != nil {
		panic(err)
	}
	day := civil.MustParse("2026-06-01")
	for _, state := range []string{"US-MA", "US-NJ", "US-WA"} {
		env := rules.Env{Country: "US", JurisdictionID: state, JurisdictionType: "STATE",
			Subdivision: state, Tax: "Sales and Use Tax", ProductClass: "CLOTHING",
			TransactionType: "SALE", Date: day.String()}
		r, _, err := t.Decide(context.Background(), &env, day)
		if err != nil {
			panic(err)
		}
		line := fmt.Sprint(state, " ", r.ID, " ", r.Outcome)
		if th := r.Threshold; th != nil {
			line += fmt.Sprint(" ", th.Kind, " ", th.Amount, " ", th.Currency)
		}
		fmt.Println(line)
	}
	// Output:
	// US-MA us-ma-clothing TAXABLE above_excess 175 USD
	// US-NJ us-nj-clothing NONTAXABLE
	// US-WA us-wa-clothing TAXABLE
}

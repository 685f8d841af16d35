package rules

import (
	"bytes"
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/expr-lang/expr/vm"
	"github.com/levytax/levy/civil"
	"github.com/shopspring/decimal"
)

// ruleFileHang is how long FuzzRuleFile lets one input take, reading,
// compiling and evaluating together, before it calls it a hang.
const ruleFileHang = 5 * time.Second

// fuzzEnvs are environments FuzzRuleFile decides every table for, besides
// those it builds from the rules' own selectors.
var fuzzEnvs = []Env{
	{},
	{Perspective: "SELLER", MessageType: "INVOICE", TransactionType: "SALE", Country: "US", JurisdictionID: "US-TN",
		JurisdictionType: "STATE", Subdivision: "US-TN", Tax: "Sales and Use Tax", ProductClass: "CLOTHING",
		CustomerClass: "RESELLER", Usage: "MANUFACTURING", Date: "2026-06-01", BusinessCustomer: true},
	{Perspective: "BUYER", MessageType: "ACCRUAL", TransactionType: "LEASE", Country: "US", JurisdictionID: "US-47157",
		JurisdictionType: "COUNTY", Subdivision: "US-TN", Tax: "Sales and Use Tax", ProductClass: "FOOD", Date: "2025-12-31"},
	{Perspective: "SELLER", MessageType: "QUOTATION", TransactionType: "SALE", Country: "DE", JurisdictionID: "DE",
		JurisdictionType: "COUNTRY", Tax: "VAT", ProductClass: "BOOKS", Date: "2026-01-01"},
	{Perspective: "OWNER", Country: "CA", JurisdictionID: "CA-ON", JurisdictionType: "PROVINCE", Subdivision: "CA-ON", Tax: "HST"},
}

// fuzzDates are the dates FuzzRuleFile decides on.
var fuzzDates = []civil.Date{civil.MustParse("2026-06-01"), civil.MustParse("1900-01-01"), civil.MustParse("9999-12-31")}

// fuzzAmounts are the unit prices and quantities FuzzRuleFile applies
// structures and thresholds to, and fuzzRates the jurisdiction rates.
var (
	fuzzAmounts = []decimal.Decimal{decimal.Zero, decimal.RequireFromString("0.01"), decimal.RequireFromString("109.99"),
		decimal.RequireFromString("1600"), decimal.RequireFromString("12345678.9")}
	fuzzRates = []decimal.Decimal{decimal.Zero, decimal.RequireFromString("0.0725"), decimal.NewFromInt(1)}
)

// FuzzRuleFile reads a rule file, compiles its rules and structures and
// uses them. Nothing may panic, and reading, compiling and evaluating one
// input together must take less than ruleFileHang. When the rules compile:
//   - the table holds every rule;
//   - Decide, for sample environments and those the rules select, picks
//     exactly the rule a plain scan of the table in order picks, and fails
//     exactly when the scan meets a failing condition first.
//
// When the structures compile, Find agrees with a plain scan likewise, and
// Apply, for non-negative prices and quantities and rates in [0, 1], gives
// a tax that is not negative and within maxTaxPerItem, and a taxable
// amount between 0 and the price. A threshold exempts between 0 and the
// whole price.
func FuzzRuleFile(f *testing.F) {
	f.Add([]byte(`{"version":1,"rules":[{"id":"acme-resale","customerClass":"RESELLER","outcome":"EXEMPT"}],"structures":[{"id":"acme-cap","jurisdiction":"US-TX","kind":"SINGLE_RATE","maxTaxPerItem":"25"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		defer watchdog(ruleFileHang)()
		file, err := ReadFile(bytes.NewReader(data))
		if err != nil {
			if file != nil {
				t.Fatalf("a file with the error %v", err)
			}
			return
		}
		if table, err := Compile(file.Rules); err == nil {
			fuzzTable(t, table, file.Rules)
		}
		if structs, err := CompileStructures(file.Structures); err == nil {
			fuzzStructures(t, structs, file.Rules)
		}
		for i := range file.Rules {
			th := file.Rules[i].Threshold
			if th == nil || th.check() != nil {
				continue
			}
			for _, unit := range fuzzAmounts {
				for _, qty := range fuzzAmounts {
					total := unit.Mul(qty)
					if ex := th.Exempt(unit, qty); ex.Sign() < 0 || ex.GreaterThan(total) {
						t.Fatalf("threshold %+v exempts %s of %s x %s", th, ex, qty, unit)
					}
				}
			}
		}
	})
}

// fuzzTable checks a compiled table of rules.
func fuzzTable(t *testing.T, table *Table, list []Rule) {
	if table.Len() != len(list) || len(table.Rules()) != len(list) {
		t.Fatalf("%d rules compiled into a table of %d", len(list), table.Len())
	}
	for _, env := range envsFor(list) {
		for _, d := range fuzzDates {
			ctx, cancel := context.WithTimeout(context.Background(), ruleFileHang)
			got, ok, err := table.Decide(ctx, &env, d)
			cancel()
			want, wantErr := scanRules(table, &env, d)
			switch {
			case (err != nil) != (wantErr != nil):
				t.Fatalf("%+v on %s: Decide failed with %v, the scan with %v", env, d, err, wantErr)
			case err != nil:
			case ok != (want != nil) || ok && got.ID != want.ID:
				t.Fatalf("%+v on %s: Decide chose %+v (%v), the scan %+v", env, d, got, ok, want)
			}
		}
	}
}

// scanRules decides env on d by trying every rule of the table in order.
func scanRules(table *Table, env *Env, d civil.Date) (*Rule, error) {
	for i := range table.rules {
		c := &table.rules[i]
		if !c.sel.matches(env, d) {
			continue
		}
		if c.program != nil {
			machine := vm.VM{MemoryBudget: memoryBudget}
			out, err := machine.Run(c.program, env)
			if err != nil {
				return nil, err
			}
			if ok, _ := out.(bool); !ok {
				continue
			}
		}
		return &c.Rule, nil
	}
	return nil, nil
}

// fuzzStructures checks a compiled table of structures.
func fuzzStructures(t *testing.T, structs *Structures, list []Rule) {
	for _, env := range envsFor(list) {
		for _, d := range fuzzDates {
			got, ok := structs.Find(&env, d)
			var want *Structure
			for i := range structs.list {
				if structs.sels[i].matches(&env, d) {
					want = &structs.list[i]
					break
				}
			}
			if ok != (want != nil) || ok && got != want {
				t.Fatalf("%+v on %s: Find chose %+v (%v), the scan %+v", env, d, got, ok, want)
			}
		}
	}
	for i := range structs.list {
		s := &structs.list[i]
		for _, unit := range fuzzAmounts {
			for _, qty := range fuzzAmounts {
				for _, rate := range fuzzRates {
					checkApplied(t, s, unit, qty, rate, s.Apply(unit, qty, rate))
				}
			}
		}
	}
}

// checkApplied checks what a structure computed for qty units at unit, which
// are Items(qty) items.
func checkApplied(t *testing.T, s *Structure, unit, qty, rate decimal.Decimal, a Applied) {
	t.Helper()
	fail := func(what string) {
		t.Fatalf("structure %+v, %s x %s at %s: %s (%+v)", s, qty, unit, rate, what, a)
	}
	if a.Tax.Sign() < 0 {
		fail("negative tax")
	}
	if a.Taxable.Sign() < 0 || a.Taxable.GreaterThan(unit.Mul(qty)) {
		fail("taxable amount outside [0, price]")
	}
	if s.MaxTaxPerItem != nil && a.Tax.GreaterThan(s.MaxTaxPerItem.Mul(Items(qty))) {
		fail("tax above maxTaxPerItem")
	}
	if a.Capped && s.MaxTaxPerItem == nil {
		fail("capped without a cap")
	}
}

// envsFor returns fuzzEnvs and, for each of the first rules, an
// environment its selectors accept, with the jurisdiction of a prefix
// selector completed.
func envsFor(list []Rule) []Env {
	envs := append([]Env(nil), fuzzEnvs...)
	for i := range min(len(list), 8) {
		r := &list[i]
		env := Env{JurisdictionID: r.Jurisdiction, JurisdictionType: r.JurisdictionType, Tax: r.Tax,
			ProductClass: r.ProductClass, CustomerClass: r.CustomerClass, Usage: r.Usage, TransactionType: r.TransactionType,
			Date: fmt.Sprint(r.Effective)}
		if p, ok := cutStar(r.Jurisdiction); ok {
			env.JurisdictionID = p + "1"
			env.Subdivision = p
		}
		if len(env.JurisdictionID) >= 2 {
			env.Country = env.JurisdictionID[:2]
		}
		envs = append(envs, env)
	}
	return envs
}

// watchdog panics, killing the fuzzing process so that the fuzzer keeps
// the input, unless the returned stop is called within d. A hang can not
// be caught by measuring after the fact: it never returns.
func watchdog(d time.Duration) (stop func()) {
	t := time.AfterFunc(d, func() { panic(fmt.Sprintf("the input still runs after %v", d)) })
	return func() { t.Stop() }
}

// cutStar returns a jurisdiction selector without its final "*".
func cutStar(sel string) (string, bool) {
	if n := len(sel); n > 0 && sel[n-1] == '*' {
		return sel[:n-1], true
	}
	return sel, false
}

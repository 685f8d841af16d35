package data

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/levytax/levy/civil"
)

// CoverageTable writes the coverage of US local content, one state a row,
// as a Markdown table: the state, how its content was reconciled, its
// sources with their dates, how many local jurisdictions, places and ZIP
// codes it covers, how it sources sales within the state, and what it
// leaves out. The generator writes it to data/COVERAGE.md and `levy data
// coverage` prints it for the dataset in use.
func CoverageTable(states []LocalState) string {
	var b strings.Builder
	b.WriteString("| state | status | sources | local jurisdictions | places | ZIP codes | sourcing | not covered |\n")
	b.WriteString("|---|---|---|---:|---:|---:|---|---|\n")
	for _, c := range states {
		origin := "destination"
		if len(c.Origin) > 0 {
			origin = "origin: " + strings.Join(c.Origin, ", ")
		}
		if c.LocalCap != nil {
			origin += fmt.Sprintf("; local cap %s%%", c.LocalCap.Shift(2))
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %d | %d | %d | %s | %s |\n", c.Code, c.Status, strings.Join(c.Sources, ", "),
			c.Jurisdictions, c.Places, c.ZIPs, origin, strings.ReplaceAll(c.NotCovered, "|", "/"))
	}
	return b.String()
}

// LocalTaxesTable writes the US local taxes outside the sales tax as a
// Markdown table, one row per jurisdiction, tax and rate period: the
// state, the jurisdiction, the tax, the classes it reaches, the rate, the
// period and the citation. Only the rows in force on day are written, or
// every row when day is the zero Date. The generator writes it to
// data/COVERAGE.md and `levy data coverage` prints it for the dataset in
// use; what a state's content lacks is in the not covered column of
// CoverageTable.
func LocalTaxesTable(taxes []LocalTax, day civil.Date) string {
	type key struct {
		juris, tax string
		period     civil.Period
	}
	var order []key
	rows := map[key][]LocalTax{}
	for _, x := range taxes {
		if !day.IsZero() && !x.Contains(day) {
			continue
		}
		k := key{x.Jurisdiction, x.Tax, x.Period}
		if _, ok := rows[k]; !ok {
			order = append(order, k)
		}
		rows[k] = append(rows[k], x)
	}
	slices.SortStableFunc(order, func(a, b key) int {
		x, y := rows[a][0], rows[b][0]
		return cmp.Or(strings.Compare(x.State, y.State), strings.Compare(x.Name, y.Name), strings.Compare(x.Tax, y.Tax),
			x.Effective.Compare(y.Effective))
	})
	var b strings.Builder
	b.WriteString("| state | jurisdiction | tax | classes | rate | from | to | citation |\n")
	b.WriteString("|---|---|---|---|---:|---|---|---|\n")
	for _, k := range order {
		rs := rows[k]
		var classes []string
		for _, x := range rs {
			classes = append(classes, x.Class)
		}
		x := rs[0]
		to := ""
		if !x.Expiration.IsZero() {
			to = x.Expiration.String()
		}
		fmt.Fprintf(&b, "| %s | %s (%s) | %s | %s | %s%% | %s | %s | %s |\n", x.State, x.Name, x.Jurisdiction, x.Tax,
			strings.Join(classes, ", "), x.Rate.Shift(2), x.Effective, to, strings.ReplaceAll(x.Citation, "|", "/"))
	}
	return b.String()
}

// LackingTaxesTable writes the taxes that Levy knows of and does not
// compute as a Markdown table, one row each: the state, the jurisdiction,
// the tax, what it reaches (the note, with the classes and transaction
// types it names), its period, what Levy does instead and the citation.
// Only the rows in force on day are written, or every row when day is
// the zero Date. The generator writes it to data/COVERAGE.md and `levy
// data coverage` prints it for the dataset in use.
func LackingTaxesTable(taxes []LackingTax, day civil.Date) string {
	var b strings.Builder
	b.WriteString("| state | jurisdiction | tax | what it reaches | lines named | from | to | what Levy does instead | citation |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|\n")
	cell := func(s string) string { return strings.ReplaceAll(s, "|", "/") }
	for i := range taxes {
		x := &taxes[i]
		if !day.IsZero() && !x.Contains(day) {
			continue
		}
		named := "none (not charged on a line)"
		if len(x.Classes) > 0 {
			named = strings.Join(x.Classes, ", ")
			if len(x.Transactions) > 0 {
				named += " (" + strings.Join(x.Transactions, ", ") + ")"
			}
		}
		from := x.Effective.String()
		if x.Effective.IsZero() {
			from = "start not recorded (in force on " + x.AsOf.String() + ")"
		}
		fmt.Fprintf(&b, "| %s | %s (%s) | %s | %s | %s | %s | %s | %s | %s |\n", x.State, x.Name, x.Jurisdiction, cell(x.Tax),
			cell(x.Summary()), named, from, x.Expiration, cell(x.Instead), cell(x.Citation))
	}
	return b.String()
}

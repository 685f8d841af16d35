package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/rules"
	"github.com/shopspring/decimal"
)

// printTaxability prints the US taxability matrix of ds on a day (today
// when date is empty): the whole matrix, or one state's rows in detail.
func printTaxability(ds *data.Dataset, state, date, format string, w io.Writer) error {
	day := civil.Today()
	if date != "" {
		d, err := civil.Parse(date)
		if err != nil {
			return badFlag("date", "--date %s", civil.Refusal(strconv.Quote(date), err))
		}
		day = d
	}
	tx, err := ds.Taxability()
	if err != nil {
		return err
	}
	if format == "" {
		format = "text"
	}
	if format != "text" && format != "markdown" && format != "json" {
		return badFlag("format", "--format %q is not text, markdown or json", format)
	}
	if state != "" {
		rows := tx.State(state)
		if len(rows) == 0 {
			return badFlag("state", "--state: no taxability rows for state %q (states without a sales tax have none)", state)
		}
		if err := printStateTaxability(rows, day, format, w); err != nil {
			return err
		}
		if format != "json" {
			printLocalTaxes(tx.LocalTaxes(), rows[0].State, day, format, w)
			printLackingTaxes(tx.LackingTaxes(), rows[0].State, day, format, w)
		}
		return nil
	}
	classes := matrixClasses(tx.States())
	switch format {
	case "json":
		var on []data.StateTaxability
		for _, r := range tx.States() {
			if r.Contains(day) {
				on = append(on, r)
			}
		}
		return writeTaxabilityJSON(w, on)
	case "markdown":
		fmt.Fprintf(w, "Dataset %s, US product taxability on %s\n\n```\n%s\n```\n\n", ds.Version(), day, data.MatrixLegend)
		return tx.WriteMatrixMarkdown(w, classes, day)
	}
	fmt.Fprintf(w, "Dataset %s, US product taxability on %s\n\n%s\n\n", ds.Version(), day, data.MatrixLegend)
	return tx.WriteMatrixText(w, classes, day)
}

// printStateTaxability prints one state's rows in force on day, each with
// its period, status, citation and decision.
func printStateTaxability(rows []data.StateTaxability, day civil.Date, format string, w io.Writer) error {
	var on []data.StateTaxability
	for _, r := range rows {
		if r.Contains(day) {
			on = append(on, r)
		}
	}
	order := matrixClasses(on)
	slices.SortStableFunc(on, func(a, b data.StateTaxability) int {
		return slices.Index(order, a.Class) - slices.Index(order, b.Class)
	})
	if format == "json" {
		return writeTaxabilityJSON(w, on)
	}
	fmt.Fprintf(w, "%s on %s\n\n", rows[0].State, day)
	for _, r := range on {
		since := "in force on " + r.AsOf.String() + ", start not recorded"
		if !r.Effective.IsZero() {
			since = "from " + r.Effective.String()
		}
		if !r.Expiration.IsZero() {
			since += " to " + r.Expiration.String()
		}
		bullet := ""
		if format == "markdown" {
			bullet = "- "
		}
		fmt.Fprintf(w, "%s%-22s %-8s %s (%s)\n", bullet, r.Class, data.TaxabilityCode(r), since, r.Status)
		fmt.Fprintf(w, "    %s\n", r.Citation)
		if r.Decision != "" {
			fmt.Fprintf(w, "    decision: %s\n", r.Decision)
		}
	}
	return nil
}

// matrixClasses returns the classes the rows hold, in the catalogue's
// order, with a host's own classes after them.
func matrixClasses(rows []data.StateTaxability) []string {
	var out []string
	for _, c := range rules.ProductClasses {
		if slices.ContainsFunc(rows, func(r data.StateTaxability) bool { return r.Class == c }) {
			out = append(out, c)
		}
	}
	var extra []string
	for _, r := range rows {
		if !slices.Contains(out, r.Class) && !slices.Contains(extra, r.Class) {
			extra = append(extra, r.Class)
		}
	}
	slices.SortFunc(extra, strings.Compare)
	return append(out, extra...)
}

// taxSection returns the taxes that keep keeps and the bullet that
// starts their lines in format; after a section's heading it prints
// "none" when it keeps none.
func taxSection[T any](w io.Writer, format string, taxes []T, keep func(T) bool) (on []T, bullet string) {
	for _, x := range taxes {
		if keep(x) {
			on = append(on, x)
		}
	}
	if len(on) == 0 {
		fmt.Fprintln(w, "none")
	}
	if format == "markdown" {
		bullet = "- "
	}
	return on, bullet
}

// printLocalTaxes prints a state's taxes outside the sales tax in force
// on day, each with the classes it reaches, its rate, period, citation
// and decision, or says there is none: first the state's own (Hawaii's
// transient accommodations tax, charged where the class is taxed, at the
// property for ACCOMMODATION), then its cities' and counties' (charged at
// the customer's address).
func printLocalTaxes(taxes []data.LocalTax, state string, day civil.Date, format string, w io.Writer) {
	fmt.Fprintf(w, "\nState taxes outside the sales tax in %s on %s (taxes of the state's own jurisdiction beside its sales tax or in its place, charged where the line's class is taxed: "+
		"at the property for ACCOMMODATION)\n\n", state, day)
	on, bullet := taxSection(w, format, taxes, func(x data.LocalTax) bool {
		return strings.EqualFold(x.State, state) && x.StateTax() && x.Contains(day)
	})
	printTaxRows(on, bullet, w)
	fmt.Fprintf(w, "\nLocal taxes outside the sales tax in %s on %s (taxes of a city or county, charged at the customer's address)\n\n", state, day)
	on, bullet = taxSection(w, format, taxes, func(x data.LocalTax) bool {
		return strings.EqualFold(x.State, state) && !x.StateTax() && x.Contains(day)
	})
	printTaxRows(on, bullet, w)
}

// printTaxRows prints the rows of printLocalTaxes, one entry per tax and
// period with the classes after the first as "also" lines.
func printTaxRows(on []data.LocalTax, bullet string, w io.Writer) {
	for i, x := range on {
		if i > 0 && on[i-1].Jurisdiction == x.Jurisdiction && on[i-1].Tax == x.Tax && on[i-1].Period == x.Period {
			fmt.Fprintf(w, "%s    also %s\n", bullet, x.Class)
			continue
		}
		since := "start not recorded"
		if !x.Effective.IsZero() {
			since = "from " + x.Effective.String()
		}
		if !x.Expiration.IsZero() {
			since += " to " + x.Expiration.String()
		}
		fmt.Fprintf(w, "%s%s (%s) %s: %s at %s%%, %s\n", bullet, x.Name, x.Jurisdiction, x.Tax, x.Class, x.Rate.Shift(2), since)
		fmt.Fprintf(w, "    %s\n", x.Citation)
		if x.Decision != "" {
			fmt.Fprintf(w, "    decision: %s\n", x.Decision)
		}
	}
}

// printLackingTaxes prints the taxes of a state's jurisdictions that Levy
// knows of and does not compute, in force on day, each with what it
// reaches, the lines a calculation names it on, its period, what Levy does
// instead and its citation, or says there is none.
func printLackingTaxes(taxes []data.LackingTax, state string, day civil.Date, format string, w io.Writer) {
	fmt.Fprintf(w, "\nTaxes in %s on %s that Levy knows of and does not compute (see the state's note under internal/datagen/states)\n\n", state, day)
	on, bullet := taxSection(w, format, taxes, func(x data.LackingTax) bool { return strings.EqualFold(x.State, state) && x.Contains(day) })
	for _, x := range on {
		since := "in force on " + x.AsOf.String() + ", start not recorded"
		if !x.Effective.IsZero() {
			since = "from " + x.Effective.String()
		}
		if !x.Expiration.IsZero() {
			since += " to " + x.Expiration.String()
		}
		lines := "named on no line"
		if len(x.Classes) > 0 {
			lines = "named on lines of " + strings.Join(x.Classes, ", ")
			if len(x.Transactions) > 0 {
				lines += " (" + strings.Join(x.Transactions, ", ") + ")"
			}
		}
		fmt.Fprintf(w, "%s%s (%s) %s: %s, %s\n", bullet, x.Name, x.Jurisdiction, x.Tax, since, lines)
		fmt.Fprintf(w, "    %s (%s)\n", x.Summary(), x.Reference)
		fmt.Fprintf(w, "    instead: %s\n", x.Instead)
		fmt.Fprintf(w, "    %s\n", x.Citation)
	}
}

// taxabilityJSON is a row of the taxability matrix as --taxability
// --format json writes it: the members of data.StateTaxability under
// names in lower camel case, as every JSON output of Levy has them (the
// coverage of --format json without --taxability among them), with the
// members that a row may lack left out when it does.
type taxabilityJSON struct {
	State             string              `json:"state"`
	Class             string              `json:"class"`
	Taxable           bool                `json:"taxable"`
	Rate              *decimal.Decimal    `json:"rate,omitempty"`
	BasisPercent      *decimal.Decimal    `json:"basisPercent,omitempty"`
	Threshold         *decimal.Decimal    `json:"threshold,omitempty"`
	ThresholdCurrency string              `json:"thresholdCurrency,omitempty"`
	ThresholdKind     string              `json:"thresholdKind,omitempty"`
	Local             string              `json:"local"`
	LocalCategory     string              `json:"localCategory,omitempty"`
	LocalOnly         bool                `json:"localOnly,omitempty"`
	Buyer             string              `json:"buyer,omitempty"`
	Elected           []localElectionJSON `json:"elected,omitempty"`
	Effective         string              `json:"effective,omitempty"`
	Expiration        string              `json:"expiration,omitempty"`
	AsOf              string              `json:"asOf,omitempty"`
	Status            string              `json:"status"`
	Citation          string              `json:"citation"`
	Decision          string              `json:"decision,omitempty"`
}

// localElectionJSON is a data.LocalElection in taxabilityJSON.
type localElectionJSON struct {
	Jurisdiction string `json:"jurisdiction"`
	Name         string `json:"name"`
	Effective    string `json:"effective,omitempty"`
	Expiration   string `json:"expiration,omitempty"`
	AsOf         string `json:"asOf,omitempty"`
	Citation     string `json:"citation"`
}

// writeTaxabilityJSON writes rows as an indented JSON array of
// taxabilityJSON. A zero date (a start that is not recorded, no end) is
// left out.
func writeTaxabilityJSON(w io.Writer, rows []data.StateTaxability) error {
	out := make([]taxabilityJSON, 0, len(rows))
	for _, r := range rows {
		row := taxabilityJSON{
			State: r.State, Class: r.Class, Taxable: r.Taxable, Rate: r.Rate, BasisPercent: r.BasisPercent,
			Threshold: r.Threshold, ThresholdCurrency: r.ThresholdCurrency, ThresholdKind: r.ThresholdKind,
			Local: r.Local, LocalCategory: r.LocalCategory, LocalOnly: r.LocalOnly, Buyer: r.Buyer,
			Effective: r.Effective.String(), Expiration: r.Expiration.String(), AsOf: r.AsOf.String(),
			Status: r.Status, Citation: r.Citation, Decision: r.Decision,
		}
		for _, e := range r.Elected {
			row.Elected = append(row.Elected, localElectionJSON{Jurisdiction: e.Jurisdiction, Name: e.Name,
				Effective: e.Effective.String(), Expiration: e.Expiration.String(), AsOf: e.AsOf.String(), Citation: e.Citation})
		}
		out = append(out, row)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(out); err != nil {
		return asPrinted(w, fmt.Errorf("writing the taxability rows: %w", err))
	}
	return nil
}

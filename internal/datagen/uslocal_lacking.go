package datagen

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/levytax/levy/data"
	"github.com/levytax/levy/jurisdiction"
)

// Taxes that US jurisdictions levy and Levy knows of but does not compute:
// Denver's sales and use tax on software used remotely, which Colorado's does
// not reach and Levy's local taxes follow Colorado's; Chicago's lease tax on
// the classes and transactions that us-local-taxes.csv leaves out; taxes owed
// by the seller or a platform rather than charged on a sale. Each row of
// internal/datagen/curated/us-local-lacking.csv names one tax of one
// jurisdiction over a period, with the product classes it reaches (none when it
// reaches no class of Levy's). The taxability step writes the rows to the
// taxability file; the engine names the tax on every line of those classes
// whose customer is in the jurisdiction, and `levy data coverage` lists them
// all.

// The curated table of the taxes Levy lacks.
const lackingSrc = "us-local-lacking.csv"

// lackingRow is one row of the table.
type lackingRow struct {
	data.LackingTax
	at lineRef
}

// lackingTransactions are the transaction types a row may be limited to.
var lackingTransactions = []string{"SALE", "RENTAL", "LEASE", "PURCHASE"}

// Limits of the short texts that responses quote.
const (
	maxLackingNote      = 160
	maxLackingReference = 80
)

// readLacking reads and checks the table: a known state; a jurisdiction
// of the dataset within the state; known product classes and transaction
// types; a first day or a day the citation attests it; a short note and
// reference, the reference quoted from the citation; what Levy does
// instead. It returns the rows as the taxability file keeps them, named by
// the jurisdictions' names.
func readLacking(g *gen, juris *data.Jurisdictions) ([]lackingRow, error) {
	return readLackingTable(g, juris, lackingSrc, "US", "state")
}

// readLackingTable reads a table of the taxes Levy lacks in country (US or
// CA), whose rows name their state or province in column place: the US
// table, or Canada's (ca-provincial-lacking.csv), whose rows name the
// province's own jurisdiction, since Levy knows no Canadian municipality:
// a municipal tax of the province is named there.
func readLackingTable(g *gen, juris *data.Jurisdictions, file, country, place string) ([]lackingRow, error) {
	name := curatedRef + file
	t, err := readLineTable(g.curatedFile(file), name,
		place, "jurisdiction", "tax", "classes", "transactions", "effective", "expiration", "as_of", "note", "reference", "instead", "citation")
	if err != nil {
		return nil, err
	}
	states := subdivisionsOf(country)
	var out []lackingRow
	for i := range t.rows {
		at := t.refs[i]
		r := lackingRow{at: at, LackingTax: data.LackingTax{State: t.get(i, place), Jurisdiction: t.get(i, "jurisdiction"),
			Tax: t.get(i, "tax"), Classes: strings.Fields(t.get(i, "classes")), Transactions: strings.Fields(t.get(i, "transactions")),
			Note: t.get(i, "note"), Reference: t.get(i, "reference"), Instead: t.get(i, "instead"), Citation: t.get(i, "citation")}}
		if _, ok := states[r.State]; !ok {
			return nil, at.errorf("unknown %s %q", place, r.State)
		}
		j, ok := juris.ByID(r.Jurisdiction)
		if !ok {
			return nil, at.errorf("no jurisdiction %q in the dataset", r.Jurisdiction)
		}
		if st := stateOf(juris, j); st != country+"-"+r.State {
			return nil, at.errorf("%s (%s) is not a jurisdiction of %s", r.Jurisdiction, j.Name, r.State)
		}
		r.Name = j.Name
		if r.Tax == "" {
			return nil, at.errorf("no tax")
		}
		for _, c := range r.Classes {
			if !productClass(c) {
				return nil, at.errorf("unknown product class %q", c)
			}
		}
		if d := firstDuplicate(r.Classes); d != "" {
			return nil, at.errorf("class %s twice", d)
		}
		for _, x := range r.Transactions {
			if !slices.Contains(lackingTransactions, x) {
				return nil, at.errorf("transaction type %q is not one of %s", x, strings.Join(lackingTransactions, ", "))
			}
		}
		if len(r.Transactions) > 0 && len(r.Classes) == 0 {
			return nil, at.errorf("transactions without classes: a row that reaches no class names no line")
		}
		if r.Effective, err = ParseDate(t.get(i, "effective")); err != nil {
			return nil, at.errorf("effective: %v", err)
		}
		if r.Expiration, err = ParseDate(t.get(i, "expiration")); err != nil {
			return nil, at.errorf("expiration: %v", err)
		}
		if r.AsOf, err = ParseDate(t.get(i, "as_of")); err != nil {
			return nil, at.errorf("as_of: %v", err)
		}
		switch {
		case r.Effective.IsZero() && r.AsOf.IsZero():
			return nil, at.errorf("neither effective nor as_of: a row needs its first day or a day on which its citation attests the tax")
		case !r.Effective.IsZero() && !r.AsOf.IsZero():
			return nil, at.errorf("effective and as_of: as_of is for a row whose first day is not known")
		case !r.Expiration.IsZero() && r.Expiration.Before(r.Effective),
			!r.Expiration.IsZero() && r.Expiration.Before(r.AsOf):
			return nil, at.errorf("expiration %s is before the row's first day or its as_of", r.Expiration)
		}
		if r.Citation == "" {
			return nil, at.errorf("no citation")
		}
		if r.Instead == "" {
			return nil, at.errorf("no instead: say what Levy does in place of the tax")
		}
		if err := checkShortText("note", r.Note, maxLackingNote); err != nil {
			return nil, at.errorf("%v", err)
		}
		if n := strings.Count(r.Note, "{class}"); strings.Count(r.Note, "{") != n || strings.Count(r.Note, "}") != n {
			return nil, at.errorf("note %q: the only placeholder is {class}", r.Note)
		} else if n > 0 && len(r.Classes) == 0 {
			return nil, at.errorf("note %q names {class}, and the row has no classes", r.Note)
		}
		if err := checkShortText("reference", r.Reference, maxLackingReference); err != nil {
			return nil, at.errorf("%v", err)
		}
		if !strings.Contains(r.Citation, r.Reference) {
			return nil, at.errorf("reference %q is not quoted from the citation", r.Reference)
		}
		out = append(out, r)
	}
	out = sortLacking(out)
	for i, a := range out {
		for _, b := range out[:i] {
			if a.Jurisdiction != b.Jurisdiction || a.Tax != b.Tax || !a.Period.Overlaps(b.Period) ||
				len(a.Transactions) > 0 && len(b.Transactions) > 0 && !sharesAny(a.Transactions, b.Transactions) {
				continue
			}
			for _, c := range a.Classes {
				if slices.Contains(b.Classes, c) {
					return nil, a.at.errorf("%s %s %s overlaps %s", a.Jurisdiction, a.Tax, c, b.at)
				}
			}
		}
	}
	return out, nil
}

// checkLacking checks the rows against what Levy computes: no row names a
// class that us-local-taxes.csv charges for the same jurisdiction and tax
// over an overlapping period, and a row of the sales tax names only
// classes that the state's matrix leaves untaxed by the local taxes over
// the row's period (Levy's local sales taxes follow that matrix, so a
// class it taxes is computed).
func checkLacking(rows []lackingRow, local []localTaxRow, cells []usCell) error {
	for _, r := range rows {
		for _, c := range r.Classes {
			for _, x := range local {
				if x.juris == r.Jurisdiction && x.tax == r.Tax && slices.Contains(x.classes, c) && x.period.Overlaps(r.Period) {
					return r.at.errorf("%s %s %s is charged by %s: a tax Levy computes is not lacking", r.Jurisdiction, r.Tax, c, x.at)
				}
			}
			if r.Tax != string(jurisdiction.SalesTax) {
				continue
			}
			for _, cell := range cells {
				if cell.state == r.State && cell.class == c && cell.period.Overlaps(r.Period) && localApplies(cell.spec) {
					return r.at.errorf("%s: %s's local taxes reach %s from %s (%s), so Levy computes %s's", r.Jurisdiction, r.State, c,
						cmp.Or(cell.period.Effective.String(), "as of "+cell.asOf.String()), cell.citation, r.Name)
				}
			}
		}
	}
	return nil
}

// localApplies reports whether the local sales taxes reach a class of
// the spec: they follow a taxable state outcome, or apply of their own.
func localApplies(s taxSpec) bool {
	return s.local == localTaxable || s.local != localExempt && s.taxable
}

// stateOf returns the ID of the state that holds j ("US-CO"), or of the
// Canadian province or territory ("CA-BC"), or "".
func stateOf(juris *data.Jurisdictions, j jurisdiction.Jurisdiction) string {
	for range 16 {
		if j.Type == jurisdiction.State || j.Country == "CA" && (j.Type == jurisdiction.Province || j.Type == jurisdiction.Territory) {
			return j.ID
		}
		p, ok := juris.ByID(j.Parent)
		if !ok {
			return ""
		}
		j = p
	}
	return ""
}

// checkShortText checks a text that responses quote: present, one line,
// at most max bytes, without a final full stop.
func checkShortText(what, s string, max int) error {
	switch {
	case s == "":
		return fmt.Errorf("no %s", what)
	case len(s) > max:
		return fmt.Errorf("%s of %d bytes: at most %d, it is quoted on response lines", what, len(s), max)
	case strings.ContainsAny(s, "\r\n\t"):
		return fmt.Errorf("%s %q: one line", what, s)
	case strings.HasSuffix(s, "."):
		return fmt.Errorf("%s %q ends with a full stop: responses go on after it", what, s)
	}
	return nil
}

// firstDuplicate returns the first word that occurs twice in ws, or "".
func firstDuplicate(ws []string) string {
	for i, w := range ws {
		if slices.Contains(ws[:i], w) {
			return w
		}
	}
	return ""
}

// sharesAny reports whether a and b have a word in common.
func sharesAny(a, b []string) bool {
	return slices.ContainsFunc(a, func(w string) bool { return slices.Contains(b, w) })
}

// sortLacking sorts rows as the taxability file keeps them: by state or
// province, jurisdiction, tax and first day.
func sortLacking(rows []lackingRow) []lackingRow {
	slices.SortStableFunc(rows, func(a, b lackingRow) int {
		return cmp.Or(strings.Compare(a.State, b.State), strings.Compare(a.Jurisdiction, b.Jurisdiction), strings.Compare(a.Tax, b.Tax),
			a.Effective.Compare(b.Effective))
	})
	return rows
}

// lackingRecords returns the rows as the taxability file stores them.
func lackingRecords(rows []lackingRow) []data.LackingTax {
	out := make([]data.LackingTax, len(rows))
	for i, r := range rows {
		out[i] = r.LackingTax
	}
	return out
}

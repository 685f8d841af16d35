package cli

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/levytax/levy"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/journal"
)

// intrastatUsage is the part of the journal command's usage that
// describes levy journal intrastat.
const intrastatUsage = `
intrastat writes the Intrastat declaration of --member-state (DE, FR, ...;
XI, Northern Ireland, from 2021, whose goods follow the EU's rules under
the Windsor Framework; its traders declare to HMRC in GBP) for the period --from to --to (a calendar month; both required), --flow
dispatch (the goods that left it for another member state) or arrival
(those that reached it): one line per CN8 code, partner member state,
country of origin, nature of transaction, mode of transport and (for
dispatches) partner VAT number, with the net mass, the supplementary
quantity, the invoiced and the statistical value added up, in the
--currency of the declaration (by default the member state's: EUR in the
euro area, PLN for PL, SEK for SE, ..., GBP for XI), each item's values
rounded half up to the cent once added up, or with --whole-euros to whole
units of the currency (whole euros, as the portals of Germany, Malta and
others take them). The period lies in the year of the dataset's
Combined Nomenclature, whose codes change each year. Sales to consumers
(nature of transaction 12) are declared without a partner VAT number:
give the one your member state takes for a partner without a number
(QV999999999999 in the Netherlands and Spain). Goods that go back are
declared in the other flow, with their values above zero: a seller's
credit note line of nature of transaction 21 among the arrivals of the
member state the goods had left, a buyer's among the dispatches of the
one they had reached (with the vendor's VAT number), and an owner's line
below zero, its own goods brought back, in both: the arrivals of the
member state they had left and the dispatches of the one they had
reached, to the owner's own VAT number of the member state they come
back to. --format csv (the
default) or json. A stored line of the flow that can not be declared (no
CN8 code, a code not in the Combined Nomenclature, a unit the code does
not use, a dispatch to a business without its VAT number, ...) is listed on
standard error with its transaction, line and reason (in the JSON, under
refused), and the command then ends with status 1: the declaration is
incomplete until those lines are corrected. Each company declares its own
goods: --company C declares those of company code C, and without it the
lines of the flow must all be of one company code (the command names the
codes when they are not).
`

// intrastatArgs are the flags of levy journal intrastat.
type intrastatArgs struct {
	memberState, flow, currency string
	wholeEuros                  bool
}

// runIntrastat runs levy journal intrastat over a journal store, with the
// embedded dataset's code lists.
func runIntrastat(ctx context.Context, store journal.Store, a journalArgs, stdout, stderr io.Writer) error {
	codes, err := data.Default().Intrastat()
	if err != nil {
		return err
	}
	d, err := journal.Intrastat(ctx, store, a.tenant, a.intrastatQuery(), codes)
	if err != nil {
		return intrastatFlagFaults(err)
	}
	return printIntrastat(d, a, stdout, stderr)
}

// intrastatQuery is the query of the command's flags.
func (a journalArgs) intrastatQuery() journal.IntrastatQuery {
	return journal.IntrastatQuery{From: a.from, To: a.to, MemberState: a.intrastat.memberState, Flow: a.intrastat.flow, Currency: a.intrastat.currency,
		Company: a.company, CompanyGiven: a.companyGiven, WholeEuros: a.intrastat.wholeEuros}
}

// printIntrastat writes a declaration as CSV or JSON, and its refused
// lines on stderr; refused lines make the command fail.
func printIntrastat(d *journal.IntrastatDeclaration, a journalArgs, stdout, stderr io.Writer) error {
	var err error
	if a.format == "json" {
		err = printJSON(stdout, d)
	} else {
		err = d.WriteCSV(stdout)
	}
	if err != nil {
		return err
	}
	for _, r := range d.Refused {
		id := r.LineItemID
		if id == "" {
			id = "-"
		}
		fmt.Fprintf(stderr, "refused: transaction %s line %d (lineItemId %s): %s\n", r.TransactionID, r.Line, id, r.Reason)
	}
	if n := len(d.Refused); n > 0 {
		return exitError{code: 1, msg: fmt.Sprintf("%s of the %s of %s can not be declared (listed above); correct them and declare again",
			counted(n, "stored line"), d.Flow, d.MemberState)}
	}
	return nil
}

// intrastat fetches a declaration through a running server.
func (r *remote) intrastat(ctx context.Context, a journalArgs) (*journal.IntrastatDeclaration, error) {
	q := a.query()
	q.Set("memberState", a.intrastat.memberState)
	q.Set("flow", a.intrastat.flow)
	if a.intrastat.currency != "" {
		q.Set("currency", a.intrastat.currency)
	}
	if a.companyGiven {
		q.Set("company", a.company)
	}
	if a.intrastat.wholeEuros {
		q.Set("wholeEuros", "true")
	}
	d, err := getData[journal.IntrastatDeclaration](ctx, r, "/admin/v1/journal/intrastat", q, "declaration", "Intrastat declaration")
	var f *serverFault
	if errors.As(err, &f) {
		renamed := *f
		renamed.err = intrastatFlagFaults(f.err)
		return nil, &renamed
	}
	return d, err
}

// intrastatFlagFaults returns err with the fields of its faults renamed
// from the parameters of the Intrastat query, as journal.Intrastat and
// the admin route name them (memberState, from, ...), to the flags of
// levy journal intrastat that give them (--member-state, --from, ...):
// the command's user wrote the flags. Any other error is returned as it
// is; err itself is not changed.
func intrastatFlagFaults(err error) error {
	var many levy.Errors
	if errors.As(err, &many) {
		out := make(levy.Errors, len(many))
		for i, e := range many {
			cp := *e
			cp.Field = intrastatFlag(e.Field)
			out[i] = &cp
		}
		return out
	}
	var one *levy.Error
	if errors.As(err, &one) {
		cp := *one
		cp.Field = intrastatFlag(one.Field)
		return &cp
	}
	return err
}

// intrastatFlag is the flag of levy journal intrastat that gives the
// query parameter field, or field itself when no flag gives it.
func intrastatFlag(field string) string {
	switch field {
	case "memberState":
		return "--member-state"
	case "from", "to", "flow", "currency", "tenant", "format", "company":
		return "--" + field
	case "wholeEuros":
		return "--whole-euros"
	}
	return field
}

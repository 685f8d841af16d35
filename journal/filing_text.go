package journal

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"unicode/utf8"

	"github.com/levytax/levy/money"
)

// nameWidth bounds the name column of the filing view's text, which
// keeps a line within about 110 characters.
const nameWidth = 32

// WriteText writes the filing view for people: the heading of the
// report, then per currency and per state its jurisdictions, one line
// each, with the amounts as columns and the state's total below them.
// A row of tax the buyer accounts for (use tax, reverse charge) says so
// after its name; where a jurisdiction has more than one row, each names
// its imposition, and so does every row of a currency's section where
// some jurisdiction has rows of more than one imposition (Brazil's: the
// Union's PIS, COFINS and IPI beside a state's single ICMS). Amounts show as many decimals as the section's taxes
// have (the currency's minor unit), rounded half up where a taxable
// amount has more.
func (f *FilingView) WriteText(w io.Writer) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, "Filing view")
	fmt.Fprintf(bw, "Tenant:        %s\n", f.Tenant)
	if f.Company != nil {
		fmt.Fprintf(bw, "Company:       %s\n", CompanyName(*f.Company))
	}
	fmt.Fprintf(bw, "Period:        %s\n", period(&Report{From: f.From, To: f.To}))
	fmt.Fprintf(bw, "Transactions:  %d\n", f.Transactions)
	if f.Transactions == 0 {
		fmt.Fprintln(bw, "\nNo transactions were posted in the period.")
	}
	for i := range f.Currencies {
		writeFilingSection(bw, &f.Currencies[i])
	}
	writeFilingCompanies(bw, f.Companies)
	fmt.Fprintln(bw, "\nNO NEXUS is the taxable amount of sales where the seller is not registered, which no return reports.")
	return bw.Flush()
}

// writeFilingSection writes the table of one currency: text columns
// aligned left, amounts right.
func writeFilingSection(w io.Writer, c *FilingCurrency) {
	places := int32(0)
	for _, st := range c.States {
		for _, r := range st.Rows {
			places = max(places, -r.Tax.Decimal().Exponent())
		}
	}
	if places == 0 && len(c.States) == 0 {
		places = 2
	}
	places = min(places, 4)
	num := func(a money.Amount) string { return a.Decimal().StringFixed(places) }
	// cells holds the lines of the table: a state's title line has one
	// cell, the others seven.
	named := mixesImpositions(c)
	var lines [][]string
	lines = append(lines, []string{"JURISDICTION", "NAME", "TAXABLE", "EXEMPT", "NON-TAXABLE", "NO NEXUS", "TAX"})
	for _, st := range c.States {
		title := st.State
		if st.Name != "" {
			title += " " + st.Name
		}
		lines = append(lines, []string{title})
		rowsOf := map[string]int{}
		for _, r := range st.Rows {
			rowsOf[r.JurisdictionID]++
		}
		for _, r := range st.Rows {
			name := r.JurisdictionName
			if (named || rowsOf[r.JurisdictionID] > 1) && r.Imposition != "" {
				name += ", " + r.Imposition
			}
			if r.CollectedFrom == "BUYER" {
				name += " (buyer's)"
			}
			lines = append(lines, []string{"  " + r.JurisdictionID, clip(name, nameWidth),
				num(r.Taxable), num(r.Exempt), num(r.NonTaxable), num(r.NoNexus), num(r.Tax)})
		}
		t := st.Total
		total := []string{"  total " + st.State, "", num(t.Taxable), num(t.Exempt), num(t.NonTaxable), num(t.NoNexus), num(t.Tax)}
		if st.AmountsApart {
			// Each tax's row has the sales' amounts; the total has none.
			total[2], total[3], total[4], total[5] = "", "", "", ""
		}
		lines = append(lines, total)
	}
	width := make([]int, 7)
	for _, l := range lines {
		if len(l) == 1 {
			continue
		}
		for i, cell := range l {
			width[i] = max(width[i], utf8.RuneCountInString(cell))
		}
	}
	fmt.Fprintf(w, "\n%s: %s, tax %s\n", currencyName(c.Currency), plural(c.Transactions, "transaction"), num(c.Total))
	for _, l := range lines {
		if len(l) == 1 {
			fmt.Fprintln(w, l[0])
			continue
		}
		var b strings.Builder
		for i, cell := range l {
			pad := strings.Repeat(" ", width[i]-utf8.RuneCountInString(cell))
			switch {
			case i < 2:
				b.WriteString(cell + pad + "  ")
			default:
				b.WriteString(pad + cell + "  ")
			}
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	}
}

// writeFilingCompanies writes the tax of each company per state, of a
// view of every company, when some transaction names a company code.
func writeFilingCompanies(w io.Writer, cs []FilingCompany) {
	if !namesCompanies(cs, func(c *FilingCompany) string { return c.Company }) {
		return
	}
	fmt.Fprintln(w, "\nPer company (each company files its own returns: view one with --company CODE):")
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "COMPANY\tCURRENCY\tSTATE\tTAX\t")
	for _, c := range cs {
		name, cur := CompanyName(c.Company), currencyName(c.Currency)
		for _, st := range c.States {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t\n", name, cur, st.State, st.Tax)
		}
		fmt.Fprintf(tw, "%s\t%s\ttotal (%s)\t%s\t\n", name, cur, plural(c.Transactions, "transaction"), c.Total)
	}
	tw.Flush()
}

// mixesImpositions reports whether some jurisdiction of c has rows of
// more than one imposition, in which case every row of c names its own.
func mixesImpositions(c *FilingCurrency) bool {
	first := map[string]string{}
	for _, st := range c.States {
		for _, r := range st.Rows {
			if imp, ok := first[r.JurisdictionID]; !ok {
				first[r.JurisdictionID] = r.Imposition
			} else if imp != r.Imposition {
				return true
			}
		}
	}
	return false
}

// clip cuts s to n characters, ending a cut one with "…".
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return strings.TrimSpace(string(r[:n-1])) + "…"
}

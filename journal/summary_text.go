package journal

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// WriteText writes the report for people: a heading with the tenant, the
// period and the currencies, then per currency a table of the rows with
// their total, the reason beside each row whose tax is zero, and below
// it the rows that the engine converted to a filing currency, with the
// rate and the amounts before and after.
func (r *Report) WriteText(w io.Writer) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, "Remittance report")
	fmt.Fprintf(bw, "Tenant:        %s\n", r.Tenant)
	if r.Company != nil {
		fmt.Fprintf(bw, "Company:       %s\n", CompanyName(*r.Company))
	}
	fmt.Fprintf(bw, "Period:        %s\n", period(r))
	codes := make([]string, len(r.Currencies))
	for i, c := range r.Currencies {
		codes[i] = currencyName(c.Currency)
	}
	if len(codes) == 0 {
		codes = []string{"none"}
	}
	fmt.Fprintf(bw, "Currencies:    %s (each amount in the currency of its transactions)\n", strings.Join(codes, ", "))
	fmt.Fprintf(bw, "Transactions:  %d\n", r.Transactions)
	if r.Transactions == 0 {
		fmt.Fprintln(bw, "\nNo transactions were posted in the period.")
	}
	for i := range r.Currencies {
		if err := writeSection(bw, &r.Currencies[i]); err != nil {
			return err
		}
	}
	if err := writeCompanies(bw, r.Companies); err != nil {
		return err
	}
	return bw.Flush()
}

// namesCompanies reports whether a report of every company has
// transactions of some company code: a tenant whose requests name none
// gets its report as it was before reports knew companies.
func namesCompanies[T any](list []T, code func(*T) string) bool {
	for i := range list {
		if code(&list[i]) != "" {
			return true
		}
	}
	return false
}

// writeCompanies writes the subtotals of each company of a report of
// every company, when some transaction names a company code.
func writeCompanies(w io.Writer, cs []CompanyTotal) error {
	if !namesCompanies(cs, func(c *CompanyTotal) string { return c.Company }) {
		return nil
	}
	fmt.Fprintln(w, "\nPer company (each company files its own returns: report on one with --company CODE):")
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "COMPANY\tCURRENCY\tTRANSACTIONS\tNET AMOUNT\tTAX\t")
	for _, c := range cs {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%s\t\n", CompanyName(c.Company), currencyName(c.Currency), c.Transactions, c.SubTotal, c.Tax)
	}
	return tw.Flush()
}

// period describes the posting dates of a report.
func period(r *Report) string {
	switch {
	case r.From.IsZero() && r.To.IsZero():
		return "every posting date"
	case r.To.IsZero():
		return "posted from " + r.From.String()
	case r.From.IsZero():
		return "posted up to " + r.To.String()
	}
	return "posted " + r.From.String() + " to " + r.To.String()
}

// currencyName is the code of a section's currency, or what stands for
// transactions stored without one.
func currencyName(code string) string {
	if code == "" {
		return "(no currency)"
	}
	return code
}

// plural returns "1 transaction" or "n transactions".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// impositionText is the imposition of a row for people, with the
// withholding type of a row of withheld taxes that has one
// ("Withholding Tax (RENT)"), so that rows of two types read apart.
func (r *SummaryRow) impositionText() string {
	if r.WithholdingType == "" {
		return r.Imposition
	}
	return r.Imposition + " (" + r.WithholdingType + ")"
}

// writeSection writes the table of one currency.
func writeSection(w io.Writer, c *CurrencyReport) error {
	cur := currencyName(c.Currency)
	fmt.Fprintf(w, "\n%s: %s\n", cur, plural(c.Transactions, "transaction"))
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "JURISDICTION\tNAME\tTYPE\tIMPOSITION\tCOLLECTED FROM\tTAXABLE\tEXEMPT\tNON-TAXABLE\tTAX\tTRANSACTIONS\t  ZERO TAX BECAUSE")
	vendors, byCustomer, byTenant := false, false, false
	for _, r := range c.Rows {
		from := r.CollectedFrom
		switch {
		case r.PaidToVendor:
			from, vendors = from+" (vendor)", true
		case r.Withheld == WithheldByCustomer:
			from, byCustomer = from+" (withheld by customer)", true
		case r.Withheld == WithheldByTenant:
			from, byTenant = from+" (withheld)", true
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%d\t  %s\n", r.JurisdictionID, r.JurisdictionName, r.JurisdictionType,
			r.impositionText(), from, r.Taxable, r.Exempt, r.NonTaxable, r.Tax, r.Transactions, r.ZeroTaxReason.Text())
	}
	fmt.Fprintf(tw, "TOTAL TAX %s\t\t\t\t\t\t\t\t%s\t%d\t\n", cur, c.Total.Tax, c.Transactions)
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(w, "Net amount of the transactions: %s %s\n", cur, c.Total.SubTotal)
	if vendors {
		fmt.Fprintln(w, "SELLER (vendor): tax the tenant's vendors charged it on its purchases; the vendors remit it, and the total leaves it out")
	}
	if byCustomer {
		fmt.Fprintln(w, "BUYER (withheld by customer): tax the tenant's customers withheld from what they paid it on its sales; the customers remit it, and the total leaves it out")
	}
	if byTenant {
		fmt.Fprintln(w, "BUYER (withheld): tax the tenant withheld from what it paid its vendors on its purchases; it remits that tax on returns of its own, and the total counts it")
	}
	first := true
	for _, r := range c.Rows {
		for _, v := range r.Conversions {
			if first {
				fmt.Fprintf(w, "Converted by the engine from %s to a filing currency (filing amount = amount x rate, per tax; not in the totals above):\n", cur)
				first = false
			}
			rate := "at a rate not recorded"
			if !v.Rate.IsZero() {
				rate = fmt.Sprintf("at 1 %s = %s %s", cur, v.Rate, v.Currency)
			}
			fmt.Fprintf(w, "  %s %s (%s) %s: tax %s %s = %s %s; taxable %s %s = %s %s; exempt %s %s = %s %s\n",
				r.JurisdictionID, r.impositionText(), r.CollectedFrom, rate, cur, v.Tax, v.Currency, v.FilingTax,
				cur, v.Taxable, v.Currency, v.FilingTaxable, cur, v.Exempt, v.Currency, v.FilingExempt)
		}
	}
	return nil
}

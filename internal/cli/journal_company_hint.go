package cli

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/nexus"
)

// hintOtherCompanies writes to stderr, after the report of a --company
// that has no transaction in the period, the companies that have some,
// so that a company code mistyped (ACME for ACME-US) is not taken for an
// empty month. all returns the report of every company of the period;
// it is called only then.
func hintOtherCompanies(stderr io.Writer, rep *journal.Report, a journalArgs, all func() (*journal.Report, error)) error {
	if !a.companyGiven || rep.Transactions != 0 {
		return nil
	}
	return hintCompanyTransactions(stderr, a.company, all)
}

// hintCompanyTransactions writes the hint of hintOtherCompanies for a
// --company that has no transaction in the period, from all, the
// report of every company of the period.
func hintCompanyTransactions(stderr io.Writer, company string, all func() (*journal.Report, error)) error {
	every, err := all()
	if err != nil {
		return err
	}
	counts := map[string]int{}
	for _, c := range every.Companies {
		counts[c.Company] += c.Transactions
	}
	return writeCompanyHint(stderr, company, counts, "has no transaction in the period",
		"the period's transactions are of", strconv.Itoa)
}

// writeCompanyHint writes to stderr that the --company given lacks
// what its command reads (lacks: "has no transaction in the period"),
// and names the companies that have some (others: "the period's
// transactions are of"), each with its count as shown by count,
// sorted by code. It writes nothing when no company has any.
func writeCompanyHint(stderr io.Writer, company string, counts map[string]int, lacks, others string, count func(int) string) error {
	if len(counts) == 0 {
		return nil
	}
	codes := slices.Sorted(maps.Keys(counts))
	parts := make([]string, len(codes))
	for i, c := range codes {
		parts[i] = fmt.Sprintf("%s (%s)", journal.CompanyName(c), count(counts[c]))
	}
	_, err := fmt.Fprintf(stderr, "levy: company %s %s; %s %s: give one of them to --company, or leave --company out for every company\n",
		journal.CompanyName(company), lacks, others, strings.Join(parts, ", "))
	return err
}

// hintNexusCompanies writes to stderr, after the nexus report of a
// --company that has no sales in any of the report's periods and no
// registration, the companies that have sales, each with the number of
// jurisdictions it has sales in, as hintOtherCompanies does for the
// journal. all returns the report of every company; it is called only
// then.
func hintNexusCompanies(stderr io.Writer, rep *nexus.Report, a *nexusArgs, all func() (*nexus.Report, error)) error {
	if !a.companyGiven {
		return nil
	}
	for i := range rep.Rows {
		if x := &rep.Rows[i]; hasSales(x) || x.Registration != nil {
			return nil
		}
	}
	every, err := all()
	if err != nil {
		return err
	}
	counts := map[string]int{}
	for i := range every.Rows {
		if x := &every.Rows[i]; hasSales(x) {
			counts[x.Company]++
		}
	}
	return writeCompanyHint(stderr, a.company, counts, "has no sales in the report's periods", "the companies with sales are",
		func(n int) string { return "in " + counted(n, "jurisdiction") })
}

// hasSales reports whether a nexus row counts any sale, direct or
// through a marketplace.
func hasSales(x *nexus.Row) bool {
	return x.Transactions != 0 || !x.Sales.IsZero() || x.MarketplaceTransactions != 0 || !x.MarketplaceSales.IsZero() || x.Unconverted != 0
}

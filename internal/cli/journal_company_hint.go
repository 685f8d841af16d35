package cli

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/levytax/levy/journal"
)

// hintOtherCompanies writes to stderr, after the report of a --company
// that has no transaction in the period, the companies that have some,
// so that a company code mistyped (ACME for ACME-US) is not taken for an
// empty month. all returns the report of every company of the period;
// it is called only then. The report asked for is printed already: when
// all fails, the command has done what it was asked, and the line is
// left out rather than the command failing.
func hintOtherCompanies(stderr io.Writer, rep *journal.Report, a journalArgs, all func() (*journal.Report, error)) error {
	if !a.companyGiven || rep.Transactions != 0 {
		return nil
	}
	every, err := all()
	if err != nil {
		return nil
	}
	counts := map[string]int{}
	for _, c := range every.Companies {
		counts[c.Company] += c.Transactions
	}
	if len(counts) == 0 {
		return nil
	}
	codes := slices.Sorted(maps.Keys(counts))
	parts := make([]string, len(codes))
	for i, c := range codes {
		parts[i] = fmt.Sprintf("%s (%d)", journal.CompanyName(c), counts[c])
	}
	_, err = fmt.Fprintf(stderr, "levy: company %s has no transaction in the period; the period's transactions are of %s: "+
		"give one of them to --company, or leave --company out for every company\n", journal.CompanyName(a.company), strings.Join(parts, ", "))
	return err
}

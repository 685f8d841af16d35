package cli

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"unicode"

	"github.com/levytax/levy/wire"
)

// printExplanation writes the table of levy calc --explain: a row for each
// tax of the response, in its order (line, jurisdiction, tax, result,
// amount, rule ID with the maxTaxRuleId after it when there is one, the
// source of the rate, reason), and a line saying so when there is none.
func printExplanation(w io.Writer, ex wire.Explanation) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "LINE\tJURISDICTION\tTAX\tRESULT\tAMOUNT\tRULE\tSOURCE\tREASON")
	rows := 0
	for _, l := range ex {
		line := l.Path
		if l.LineItemID != "" {
			line += " (" + l.LineItemID + ")"
		}
		for _, x := range l.Taxes {
			rows++
			rule := x.RuleID
			if x.MaxTaxRuleID != "" {
				rule = strings.TrimPrefix(rule+", "+x.MaxTaxRuleID, ", ")
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", cell(line), cell(x.Jurisdiction+" ("+x.JurisdictionID+")"),
				cell(x.Imposition), cell(string(x.Result)), x.CalculatedTax.String(), cell(rule), cell(sourceText(x.Source)), cell(x.Reason))
		}
	}
	if rows == 0 {
		fmt.Fprintln(tw, "(no taxes)")
	}
	if err := tw.Flush(); err != nil {
		return asPrinted(w, fmt.Errorf("writing the explanation: %w", err))
	}
	return nil
}

// sourceText writes where a tax's rate came from in a cell: "embedded
// 2026.12.19 us-ca-cdtfa" (the dataset's version and source key), "levy
// rates.csv:12" (a content file's format, name and line; "rules
// withholdings.json:7" for a rule file's withholding), "host" and the
// host's source, "profile 42 franchise AREA/NAME" (the tenant's profile,
// its version and the record's key); "" when no rate of the content
// priced the tax.
func sourceText(s *wire.RateSource) string {
	switch {
	case s == nil:
		return ""
	case s.File != "":
		return s.Content + " " + s.File + ":" + strconv.Itoa(s.Line)
	}
	return strings.Join(slices.DeleteFunc([]string{s.Content, s.Version, s.Source}, func(p string) bool { return p == "" }), " ")
}

// cell makes a text one cell of the table: control characters (tabs,
// line breaks, terminal escapes, which a host's rule file or a request
// could put in a reason or an ID) become spaces; an empty text is "-".
func cell(s string) string {
	if s == "" {
		return "-"
	}
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, s)
}

package nexus

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/csvout"
	"github.com/levytax/levy/journal"
)

// Formats of a report's output.
const (
	FormatText = "text"
	FormatCSV  = "csv"
	FormatJSON = "json"
)

// Write writes the report in format: text (a table and each state's
// explanation), csv (a header and a row per state) or json (one object
// per line, a Row). Another format is an EInvalid error naming format.
func (r *Report) Write(w io.Writer, format string) error {
	switch format {
	case FormatJSON:
		enc := json.NewEncoder(w)
		for i := range r.Rows {
			if err := enc.Encode(&r.Rows[i]); err != nil {
				return fmt.Errorf("nexus: write the report: %w", err)
			}
		}
		return nil
	case FormatCSV:
		return r.writeCSV(w)
	case FormatText, "":
		return r.writeText(w)
	}
	return levy.Invalid("format", "unknown format %q: text, csv or json", format)
}

// CSVColumns are the columns of the CSV format. The columns scheme and
// currency came with Canada's rows, after those of before.
var CSVColumns = []string{"company", "state", "status", "sales", "transactions", "sales_threshold", "transaction_threshold", "logic",
	"period_start", "period_end", "crossed_on", "collect_from", "share", "period", "counts", "marketplace", "marketplace_sales",
	"marketplace_transactions", "unconverted", "registration", "citation", "explanation", "scheme", "currency"}

func (r *Report) writeCSV(w io.Writer) error {
	cw := csvout.NewWriter(w, 3, 4, 5, 6, 12, 16, 17, 18)
	if err := cw.Write(CSVColumns); err != nil {
		return err
	}
	for _, x := range r.Rows {
		reg := ""
		if x.Registration != nil {
			reg = x.Registration.Source
			if x.Registration.Number != "" {
				reg += " " + x.Registration.Number
			}
		}
		if err := cw.Write([]string{x.Company, x.State, x.Status, x.Sales.String(), strconv.FormatInt(x.Transactions, 10),
			amountText(x.SalesThreshold), intText(x.TransactionThreshold), x.Logic, dayText(&x.PeriodStart), dayText(&x.PeriodEnd),
			dayText(x.CrossedOn), dayText(x.CollectFrom), x.Share.String(), x.Period, x.Counts, x.Marketplace, x.MarketplaceSales.String(),
			strconv.FormatInt(x.MarketplaceTransactions, 10), strconv.FormatInt(x.Unconverted, 10), reg, x.Citation, x.Explanation,
			x.Scheme, x.Currency}); err != nil {
			return err
		}
	}
	return cw.Flush()
}

func (r *Report) writeText(w io.Writer) error {
	fmt.Fprintf(w, "Where must I register? Tenant %s on %s (approaching from %s%% of a threshold)\n\n", r.Tenant, r.AsOf,
		r.Share.Decimal().Shift(2).StringFixed(0))
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "company\tstate\tstatus\tsales\ttransactions\tthreshold\tperiod\tcrossed on\tcollect from\t")
	for _, x := range r.Rows {
		th := amountText(x.SalesThreshold)
		if th != "" && x.Currency != "" && x.Currency != "USD" {
			th += " " + x.Currency
		}
		if x.TransactionThreshold != nil {
			th += " " + x.Logic + " " + intText(x.TransactionThreshold)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d\t%s\t%s..%s\t%s\t%s\t\n", journal.Printable(x.Company), x.key(), x.Status, x.Sales.Decimal().StringFixed(2),
			x.Transactions, th, dayText(&x.PeriodStart), dayText(&x.PeriodEnd), dayText(x.CrossedOn), dayText(x.CollectFrom))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(w)
	for _, x := range r.Rows {
		if x.Status == StatusNone {
			continue
		}
		if _, err := fmt.Fprintf(w, "%s %s: %s\n", journal.Printable(x.Company), x.key(), x.Explanation); err != nil {
			return err
		}
	}
	return nil
}

// key is how the text format names a row: its state, and Canada's
// scheme after it ("CAN small-supplier").
func (r *Row) key() string {
	if r.Scheme == "" {
		return r.State
	}
	return r.State + " " + r.Scheme
}

func dayText(d *civil.Date) string {
	if d == nil || d.IsZero() {
		return ""
	}
	return d.String()
}

func intText(n *int) string {
	if n == nil {
		return ""
	}
	return strconv.Itoa(*n)
}

func amountText[T fmt.Stringer](a *T) string {
	if a == nil {
		return ""
	}
	return (*a).String()
}

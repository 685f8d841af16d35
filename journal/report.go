package journal

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/csvout"
	"github.com/levytax/levy/jurisdiction"
)

// Count returns the number of a tenant's live transactions posted in
// [from, to], for progress reports.
func Count(ctx context.Context, s Store, tenant string, from, to civil.Date) (int, error) {
	return count(ctx, s, tenant, nil, from, to)
}

// CountCompany is Count of the transactions of one company of the tenant,
// those that ExportCompany writes.
func CountCompany(ctx context.Context, s Store, tenant, company string, from, to civil.Date) (int, error) {
	return count(ctx, s, tenant, &company, from, to)
}

// needStore refuses the nil store of a function over a journal (Count,
// Export, Summarize, Recompute, Intrastat, LatestVersions, Original) as
// invalid, naming it, rather than panic at its first read.
func needStore(s Store) error {
	if s == nil {
		return levy.Invalid("s", "a journal is required (journal.NewMemory, badger.OpenJournal), and s is nil")
	}
	return nil
}

// count is Count of the transactions of *company, or of every company
// when company is nil.
func count(ctx context.Context, s Store, tenant string, company *string, from, to civil.Date) (int, error) {
	if err := needStore(s); err != nil {
		return 0, err
	}
	n := 0
	err := s.Scan(ctx, tenant, from, to, func(tx *Transaction) error {
		if company == nil || tx.Company == *company {
			n++
		}
		return nil
	})
	return n, err
}

// Format is an export format.
type Format string

// The export formats.
const (
	// JSONLines writes one transaction per line, as JSON.
	JSONLines Format = "jsonl"
	// CSV writes one row per tax, with a header row; the columns after
	// reversalOf hold the tax in the filing currency where the engine
	// converted it (empty otherwise), then the exemption certificate and
	// the reason code of an exempted tax, the withholding type, the
	// transaction's company code, the version of the tenant's profile
	// its calculation read (Transaction.ProfileVersion, 0 for none),
	// the code of the line's customer (the line's own, else the
	// document's; empty when the request named none), the ID of the
	// rule that decided the tax (Tax.RuleID), the line's freight
	// (Line.Freight, or in a line stored before the journal kept it its
	// Item's: what Line.Subtotal counts beside lineAmount, as the JSON
	// lines export holds it; 0 for none) and last the retail location
	// whose returns report the line (Line.LocationCode; empty for none).
	// New columns come
	// at the end, so that a reader of the columns by position keeps
	// reading the earlier ones. It is written with csvout: a cell
	// that a spreadsheet program would read as a formula is neutralised, and
	// amounts, rates and versions stay plain numbers, negative ones with
	// their minus sign.
	CSV Format = "csv"
)

// csvHeader names the columns of a CSV export.
var csvHeader = []string{"transactionId", "version", "postingDate", "documentDate", "documentNumber", "perspective",
	"messageType", "currency", "lineItemId", "productClass", "lineAmount", "state", "jurisdictionId", "jurisdictionName",
	"jurisdictionType", "imposition", "taxType", "taxResult", "collectedFrom", "taxable", "exempt", "nonTaxable",
	"tax", "rate", "informationOnly", "reversalOf", "filingCurrency", "filingRate", "filingTaxable", "filingExempt", "filingTax",
	"certificateNumber", "reasonCode", "withholdingType", "company", "profileVersion",
	"customerCode", "ruleId", "freight", "locationCode"}

// csvNumbers are the columns of a CSV export that hold numbers; every
// other column holds text (see csvout).
var csvNumbers = columnIndexes(csvHeader, "version", "lineAmount", "taxable", "exempt", "nonTaxable", "tax", "rate",
	"filingRate", "filingTaxable", "filingExempt", "filingTax", "profileVersion", "freight")

// columnIndexes returns the index of each name in header.
func columnIndexes(header []string, names ...string) []int {
	out := make([]int, len(names))
	for i, n := range names {
		out[i] = slices.Index(header, n)
	}
	return out
}

// Export writes a tenant's live transactions posted in [from, to] to w in
// format f, calling progress (when not nil) after each transaction with
// the number written so far. It returns that number.
func Export(ctx context.Context, s Store, tenant string, from, to civil.Date, f Format, w io.Writer, progress func(int)) (int, error) {
	return export(ctx, s, tenant, nil, from, to, f, w, progress)
}

// ExportCompany is Export of the transactions of one company of the
// tenant ("" is those stored without a company code), as
// SummarizeCompany reports them: the other companies' are left out, and
// progress counts only those written.
func ExportCompany(ctx context.Context, s Store, tenant, company string, from, to civil.Date, f Format, w io.Writer, progress func(int)) (int, error) {
	return export(ctx, s, tenant, &company, from, to, f, w, progress)
}

// export is Export of the transactions of *company, or of every company
// when company is nil.
func export(ctx context.Context, s Store, tenant string, company *string, from, to civil.Date, f Format, w io.Writer, progress func(int)) (int, error) {
	if err := needStore(s); err != nil {
		return 0, err
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	var write func(*Transaction) error
	var cw *csvout.Writer
	switch f {
	case JSONLines:
		enc := json.NewEncoder(bw)
		write = func(tx *Transaction) error { return enc.Encode(tx) }
	case CSV:
		cw = csvout.NewWriter(bw, csvNumbers...)
		if err := cw.Write(csvHeader); err != nil {
			return 0, fmt.Errorf("journal: export: %w", err)
		}
		write = func(tx *Transaction) error { return writeCSV(cw, tx) }
	default:
		return 0, levy.Invalid("format", "unknown export format %q (want %s or %s)", f, JSONLines, CSV)
	}
	n := 0
	err := s.Scan(ctx, tenant, from, to, func(tx *Transaction) error {
		if company != nil && tx.Company != *company {
			return nil
		}
		if err := write(tx); err != nil {
			return err
		}
		n++
		if progress != nil {
			progress(n)
		}
		return nil
	})
	if cw != nil {
		if ferr := cw.Flush(); err == nil {
			err = ferr
		}
	}
	if ferr := bw.Flush(); err == nil {
		err = ferr
	}
	if err != nil {
		return n, fmt.Errorf("journal: export of %s: %w", tenant, err)
	}
	return n, nil
}

// customerCode is the code of the customer of line l of tx: the line's
// own customer's when the request gave the line one, else the
// document's; "" when the request named none or the journal kept no
// parties then.
func customerCode(tx *Transaction, l *Line) string {
	switch {
	case l.Customer != nil:
		return l.Customer.Code
	case tx.Customer != nil:
		return tx.Customer.Code
	}
	return ""
}

// writeCSV writes the rows of one transaction: one per tax, or one per
// line for a line without taxes; w neutralises every cell.
func writeCSV(w *csvout.Writer, tx *Transaction) error {
	write := w.Write
	profile := strconv.FormatUint(tx.ProfileVersion, 10)
	for _, l := range tx.Lines {
		head := []string{tx.TransactionID, strconv.Itoa(tx.Version), tx.PostingDate.String(), tx.DocumentDate.String(),
			tx.DocumentNumber, tx.Perspective, tx.MessageType, tx.Currency, l.LineItemID, l.ProductClass, l.Amount.String()}
		freight := l.freight().String()
		if len(l.Taxes) == 0 {
			row := append(head, make([]string, len(csvHeader)-len(head))...)
			row[slices.Index(csvHeader, "reversalOf")] = tx.ReversalOf
			row[slices.Index(csvHeader, "company")] = tx.Company
			row[slices.Index(csvHeader, "profileVersion")] = profile
			row[slices.Index(csvHeader, "customerCode")] = customerCode(tx, &l)
			row[slices.Index(csvHeader, "freight")] = freight
			row[slices.Index(csvHeader, "locationCode")] = l.LocationCode
			if err := write(row); err != nil {
				return err
			}
			continue
		}
		for _, t := range l.Taxes {
			row := append(slices.Clone(head), jurisdiction.FilingArea(t.JurisdictionID), t.JurisdictionID, t.JurisdictionName, t.JurisdictionType, t.Imposition,
				t.TaxType, t.TaxResult, t.CollectedFrom, t.Taxable.String(), t.Exempt.String(), t.NonTaxable.String(),
				t.Tax.String(), t.Rate.String(), strconv.FormatBool(t.InformationOnly), tx.ReversalOf)
			if f := t.Filing; f != nil {
				rate := "" // not recorded
				if !f.Rate.IsZero() {
					rate = f.Rate.String()
				}
				row = append(row, f.Currency, rate, f.Taxable.String(), f.Exempt.String(), f.Tax.String())
			} else {
				row = append(row, "", "", "", "", "")
			}
			row = append(row, t.CertificateNumber, t.ReasonCode, t.WithholdingType, tx.Company, profile, customerCode(tx, &l), t.RuleID, freight, l.LocationCode)
			if err := write(row); err != nil {
				return err
			}
		}
	}
	return nil
}

package journal

import (
	"bufio"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"

	"github.com/levytax/levy/civil"
)

// Count returns the number of a tenant's live transactions posted in
// [from, to], for progress reports.
func Count(ctx context.Context, s Store, tenant string, from, to civil.Date) (int, error) {
	n := 0
	err := s.Scan(ctx, tenant, from, to, func(*Transaction) error { n++; return nil })
	return n, err
}

// Format is an export format.
type Format string

// The export formats.
const (
	// JSONLines writes one transaction per line, as JSON.
	JSONLines Format = "jsonl"
	// CSV writes one row per tax, with a header row; the last columns
	// hold the tax in the filing currency where the engine converted it
	// (empty otherwise). A cell that a
	// spreadsheet program would read as a formula is neutralised (see
	// csvCell); amounts stay plain numbers, negative ones with their
	// minus sign.
	CSV Format = "csv"
)

// csvHeader names the columns of a CSV export.
var csvHeader = []string{"transactionId", "version", "postingDate", "documentDate", "documentNumber", "perspective",
	"messageType", "currency", "lineItemId", "productClass", "lineAmount", "jurisdictionId", "jurisdictionName",
	"jurisdictionType", "imposition", "taxType", "taxResult", "collectedFrom", "taxable", "exempt", "nonTaxable",
	"tax", "rate", "informationOnly", "reversalOf", "filingCurrency", "filingRate", "filingTaxable", "filingExempt", "filingTax"}

// Export writes a tenant's live transactions posted in [from, to] to w in
// format f, calling progress (when not nil) after each transaction with
// the number written so far. It returns that number.
func Export(ctx context.Context, s Store, tenant string, from, to civil.Date, f Format, w io.Writer, progress func(int)) (int, error) {
	bw := bufio.NewWriterSize(w, 64<<10)
	var write func(*Transaction) error
	var cw *csv.Writer
	switch f {
	case JSONLines:
		enc := json.NewEncoder(bw)
		write = func(tx *Transaction) error { return enc.Encode(tx) }
	case CSV:
		cw = csv.NewWriter(bw)
		if err := cw.Write(csvHeader); err != nil {
			return 0, fmt.Errorf("journal: export: %w", err)
		}
		write = func(tx *Transaction) error { return writeCSV(cw, tx) }
	default:
		return 0, fmt.Errorf("journal: unknown export format %q (want %s or %s)", f, JSONLines, CSV)
	}
	n := 0
	err := s.Scan(ctx, tenant, from, to, func(tx *Transaction) error {
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
		cw.Flush()
		if err == nil {
			err = cw.Error()
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

// csvCell returns s as the CSV export writes it. Spreadsheet programs
// take a cell that starts with =, +, -, @, a tab or a carriage return for
// a formula (which may run commands or send data away: formula
// injection), and transaction IDs, document numbers, line item IDs and
// classes come from the host's users. Such a cell is written with an
// apostrophe in front, which spreadsheet programs read as "this cell is
// text" and do not show; so is a cell that starts with an apostrophe, so
// that a program reading the export as data recovers every cell by
// dropping one leading apostrophe where there is one. A decimal number,
// such as the amount -12.50 of a reversal, is written as it is, and stays
// a number in the spreadsheet: it is not a formula.
func csvCell(s string) string {
	if s == "" {
		return s
	}
	switch s[0] {
	case '-':
		if isDecimal(s[1:]) {
			return s
		}
		return "'" + s
	case '=', '+', '@', '\t', '\r', '\'':
		return "'" + s
	}
	return s
}

// isDecimal reports whether s is digits with at most one decimal point
// between them, as money.Amount writes the magnitude of an amount.
func isDecimal(s string) bool {
	digits, point := 0, false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			digits++
		case c == '.' && !point && digits > 0 && i < len(s)-1:
			point = true
		default:
			return false
		}
	}
	return digits > 0
}

// writeCSV writes the rows of one transaction: one per tax, or one per
// line for a line without taxes. Every cell goes through csvCell.
func writeCSV(w *csv.Writer, tx *Transaction) error {
	write := func(row []string) error {
		for i, cell := range row {
			row[i] = csvCell(cell)
		}
		return w.Write(row)
	}
	for _, l := range tx.Lines {
		head := []string{tx.TransactionID, strconv.Itoa(tx.Version), tx.PostingDate.String(), tx.DocumentDate.String(),
			tx.DocumentNumber, tx.Perspective, tx.MessageType, tx.Currency, l.LineItemID, l.ProductClass, l.Amount.String()}
		if len(l.Taxes) == 0 {
			row := append(head, make([]string, len(csvHeader)-len(head))...)
			row[slices.Index(csvHeader, "reversalOf")] = tx.ReversalOf
			if err := write(row); err != nil {
				return err
			}
			continue
		}
		for _, t := range l.Taxes {
			row := append(slices.Clone(head), t.JurisdictionID, t.JurisdictionName, t.JurisdictionType, t.Imposition,
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
			if err := write(row); err != nil {
				return err
			}
		}
	}
	return nil
}

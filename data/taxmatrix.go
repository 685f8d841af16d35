package data

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/levytax/levy/civil"
)

// MatrixLegend explains the codes of TaxabilityCode, one per line.
const MatrixLegend = `T     taxable at the state's general rate (local taxes too)
-     exempt from the state's and the local taxes
L     exempt from the state's tax, taxable by the local taxes
R4    taxable at a reduced state rate of 4% (local taxes at their own rates)
T@80  taxable on 80% of the price
<110  exempt when priced below $110 an item, taxable in full from $110
>175  exempt up to $175 an item, taxable above it
/l-   ... but exempt from the local taxes
/le   ... the local taxes only where a locality elected it, else taxable by them in full
/B    ... exempt when the buyer is a business
b     taxable only when the buyer is a business
?     unsettled: the state's publications could not settle it (see its decision)
.     no row: taxable as GENERAL`

// TaxabilityCode writes a state row in the short code of the matrix (see
// MatrixLegend).
func TaxabilityCode(r StateTaxability) string {
	var b strings.Builder
	switch {
	case r.Buyer == BuyerConsumerExempt:
		b.WriteString("b")
	case !r.Taxable && r.Local == LocalTaxable:
		b.WriteString("L")
	case !r.Taxable:
		b.WriteString("-")
	case r.Threshold != nil && r.ThresholdKind == "below_exempt":
		b.WriteString("<" + r.Threshold.String())
	case r.Threshold != nil:
		b.WriteString(">" + r.Threshold.String())
	case r.Rate != nil:
		b.WriteString("R" + r.Rate.Shift(2).String())
	default:
		b.WriteString("T")
	}
	if r.BasisPercent != nil {
		b.WriteString("@" + r.BasisPercent.Shift(2).String())
	}
	if r.Taxable && r.Local == LocalExempt {
		b.WriteString("/l-")
	}
	if r.Local == LocalElected {
		b.WriteString("/le")
	}
	if r.Buyer == BuyerBusinessExempt {
		b.WriteString("/B")
	}
	if r.Status == StatusUnsettled {
		b.WriteString("?")
	}
	return b.String()
}

// Matrix returns the states that have rows (sorted) and, for each, the
// row of each class in force on day on, as TaxabilityCode writes it ("."
// when none). A zero day takes each cell's latest row.
func (t *Taxability) Matrix(classes []string, on civil.Date) ([]string, [][]string) {
	var states []string
	var out [][]string
	for i := 0; i < len(t.states); {
		st := t.states[i].State
		j := i
		for j < len(t.states) && t.states[j].State == st {
			j++
		}
		row := make([]string, len(classes))
		for k, c := range classes {
			row[k] = "."
			for _, r := range t.states[i:j] {
				if r.Class == c && (on.IsZero() || r.Period.Contains(on)) {
					row[k] = TaxabilityCode(r) // rows are sorted by start: the latest wins
				}
			}
		}
		states = append(states, st)
		out = append(out, row)
		i = j
	}
	return states, out
}

// WriteMatrixMarkdown writes the matrix of states and classes on day on
// (zero: each cell's latest row) as a Markdown table, states down and
// classes across.
func (t *Taxability) WriteMatrixMarkdown(w io.Writer, classes []string, on civil.Date) error {
	states, rows := t.Matrix(classes, on)
	var b strings.Builder
	b.WriteString("| state |")
	for _, c := range classes {
		b.WriteString(" " + c + " |")
	}
	b.WriteString("\n|---|")
	b.WriteString(strings.Repeat("---|", len(classes)))
	b.WriteString("\n")
	for i, st := range states {
		b.WriteString("| " + st + " |")
		for _, c := range rows[i] {
			b.WriteString(" " + strings.ReplaceAll(strings.ReplaceAll(c, "<", "&lt;"), ">", "&gt;") + " |")
		}
		b.WriteString("\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteMatrixText writes the matrix as aligned plain text for a
// terminal: classes down, states across.
func (t *Taxability) WriteMatrixText(w io.Writer, classes []string, on civil.Date) error {
	states, rows := t.Matrix(classes, on)
	first := len("class")
	for _, c := range classes {
		first = max(first, len(c))
	}
	width := make([]int, len(states))
	for i, st := range states {
		width[i] = len(st)
		for _, code := range rows[i] {
			width[i] = max(width[i], len(code))
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%-*s", first, "class")
	for i, st := range states {
		fmt.Fprintf(&b, " %-*s", width[i], st)
	}
	b.WriteString("\n")
	for k, c := range classes {
		fmt.Fprintf(&b, "%-*s", first, c)
		for i := range states {
			fmt.Fprintf(&b, " %-*s", width[i], rows[i][k])
		}
		b.WriteString("\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Decisions returns the state rows that were decided or left unsettled,
// sorted by state, class and start.
func (t *Taxability) Decisions() []StateTaxability {
	var out []StateTaxability
	for _, r := range t.states {
		if r.Status != StatusSources {
			out = append(out, r)
		}
	}
	return cloneStateRows(slices.Clip(out))
}

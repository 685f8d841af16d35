package csvout

import (
	"encoding/csv"
	"fmt"
	"io"
)

// Writer writes CSV records through encoding/csv, each cell neutralised
// (see the package documentation). It is not safe for concurrent use.
type Writer struct {
	w       *csv.Writer
	numbers []bool // by column: the column holds numbers
	row     []string
}

// NewWriter returns a Writer that writes to w. numbers are the indexes of
// the columns that hold numbers; every other column holds text.
func NewWriter(w io.Writer, numbers ...int) *Writer {
	cw := &Writer{w: csv.NewWriter(w)}
	for _, i := range numbers {
		if i < 0 {
			continue
		}
		if i >= len(cw.numbers) {
			cw.numbers = append(cw.numbers, make([]bool, i+1-len(cw.numbers))...)
		}
		cw.numbers[i] = true
	}
	return cw
}

// Write writes one record, neutralising each cell as its column requires
// (Number for the columns that hold numbers, Text for the others). It
// does not change record. Like csv.Writer.Write, it may hold the record
// in a buffer until Flush.
func (w *Writer) Write(record []string) error {
	w.row = w.row[:0]
	for i, cell := range record {
		if i < len(w.numbers) && w.numbers[i] {
			w.row = append(w.row, Number(cell))
		} else {
			w.row = append(w.row, Text(cell))
		}
	}
	if err := w.w.Write(w.row); err != nil {
		return fmt.Errorf("csvout: write a record: %w", err)
	}
	return nil
}

// Flush writes the buffered records to the underlying writer and returns
// the first error that any write met.
func (w *Writer) Flush() error {
	w.w.Flush()
	if err := w.w.Error(); err != nil {
		return fmt.Errorf("csvout: write: %w", err)
	}
	return nil
}

// Text returns s as a text cell: with an apostrophe in front when it
// starts with =, +, -, @, a tab, a carriage return or an apostrophe,
// unchanged otherwise.
func Text(s string) string {
	if s == "" {
		return s
	}
	switch s[0] {
	case '=', '+', '-', '@', '\t', '\r', '\'':
		return "'" + s
	}
	return s
}

// Number returns s as a number cell: unchanged when it is a decimal
// number with an optional minus sign in front (digits with at most one
// decimal point between them, as money.Amount writes one), and as Text
// writes it otherwise.
func Number(s string) string {
	if len(s) > 1 && s[0] == '-' && isDecimal(s[1:]) {
		return s
	}
	return Text(s)
}

// isDecimal reports whether s is digits with at most one decimal point
// between them.
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

package content

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/levytax/levy/civil"
)

// table is a content CSV file read row by row: a header naming its
// columns, then records of as many fields, '#' starting a comment line.
// ReadLevyCSV and ReadFranchise read their files through it, so that
// both name their faults alike.
type table struct {
	name string
	cr   *csv.Reader
	head []string
	col  map[string]int // the index of each column by its lower-case name
	// blank are the indexes of the columns the header leaves without a
	// name, as a spreadsheet writes a trailing comma: their fields must
	// be empty.
	blank []int
}

// openTable reads the header of the file name from r: every column must
// be one of columns, none given twice, and every column of required
// present; a column without a name (a trailing comma) is let be, and
// each refuses a row with a value in it. Every fault of the header is
// reported.
func openTable(name string, r io.Reader, columns, required []string) (*table, error) {
	cr := csv.NewReader(r)
	cr.Comment = '#'
	cr.FieldsPerRecord = -1
	// Each record's fields are read through get, never kept: the slice of
	// fields serves every record.
	cr.ReuseRecord = true
	head, err := cr.Read()
	if err != nil {
		return nil, &Error{File: name, Line: 1, Message: "no header row: " + err.Error()}
	}
	t := &table{name: name, cr: cr, head: slices.Clone(head), col: map[string]int{}}
	var errs Errors
	for i, h := range head {
		h = strings.ToLower(strings.TrimSpace(strings.TrimPrefix(h, "\ufeff")))
		if h == "" {
			t.blank = append(t.blank, i)
			continue
		}
		if !slices.Contains(columns, h) {
			errs.add(&Error{File: name, Line: 1, Column: clipText(h), Message: "unknown column (the columns are " + strings.Join(columns, ", ") + ")"})
			continue
		}
		if _, dup := t.col[h]; dup {
			errs.add(&Error{File: name, Line: 1, Column: h, Message: "column given twice"})
		}
		t.col[h] = i
	}
	for _, c := range required {
		if _, ok := t.col[c]; !ok {
			errs.add(&Error{File: name, Line: 1, Column: c, Message: "required column missing"})
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return t, nil
}

// eachRecord calls row with every record of cr, the file name, and the
// record's line. A record that CSV cannot read is a fault of its line,
// added to errs, and is not given to row; eachRecord returns an error
// only when the reader itself fails. The readers of every format with a
// header go through it.
func eachRecord(cr *csv.Reader, name string, errs *Errors, row func(line int, rec []string)) error {
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				errs.add(&Error{File: name, Line: pe.Line, Message: fmt.Sprintf("%v (at byte %d of the line)", pe.Err, pe.Column)})
				continue
			}
			return &Error{File: name, Message: err.Error()}
		}
		// Only a record read has a field to ask the line of: one that
		// failed may have none.
		line, _ := cr.FieldPos(0)
		row(line, rec)
	}
}

// each calls row for every record of the table with its line, get (the
// trimmed text of a column, "" for a column the file lacks) and fail
// (which adds a fault of a column of the line to errs). A record that
// CSV can not read (eachRecord), of another number of fields than the
// header, or with a value in a column without a name, is a fault of its
// line and is not given to row; each returns
// an error only when the reader itself fails.
func (t *table) each(errs *Errors, row func(line int, get func(column string) string, fail func(column, format string, args ...any))) error {
	return eachRecord(t.cr, t.name, errs, func(line int, rec []string) {
		fail := func(c, format string, args ...any) {
			errs.add(&Error{File: t.name, Line: line, Column: c, Message: fmt.Sprintf(format, args...)})
		}
		if len(rec) != len(t.head) {
			// The column named is the first the row lacks, or the first
			// it has past the header's (by its number).
			col := strconv.Itoa(len(t.head) + 1)
			if len(rec) < len(t.head) {
				col = strings.TrimSpace(strings.TrimPrefix(t.head[len(rec)], "\ufeff"))
				if col == "" {
					col = strconv.Itoa(len(rec) + 1)
				}
			}
			fail(clipText(col), "%d fields, the header has %d", len(rec), len(t.head))
			return
		}
		blankFilled := false
		for _, i := range t.blank {
			if strings.TrimSpace(rec[i]) != "" {
				fail(strconv.Itoa(i+1), "%q is in a column the header leaves without a name", clipText(rec[i]))
				blankFilled = true
			}
		}
		if blankFilled {
			return
		}
		get := func(c string) string {
			if i, ok := t.col[c]; ok {
				return strings.TrimSpace(rec[i])
			}
			return ""
		}
		row(line, get, fail)
	})
}

// failOfRow wraps fail, the fault reporter of one row, so that the row
// knows whether it has a fault: the returned bad reports whether the
// wrapped fail was called. A row's faults can not be told by its Errors
// growing, which they stop doing past MaxFaults; a reader that judged
// rows so would take every faulty row from there on as good.
func failOfRow(fail func(column, format string, args ...any)) (wrapped func(column, format string, args ...any), bad func() bool) {
	failed := false
	return func(c, format string, args ...any) {
		failed = true
		fail(c, format, args...)
	}, func() bool { return failed }
}

// rowPeriod reads a row's effective and expiration columns (either empty
// for an open end) through get, and reports through fail a value that is
// no date or a period that ends before it starts.
func rowPeriod(get func(column string) string, fail func(column, format string, args ...any)) civil.Period {
	var p civil.Period
	for _, c := range []struct {
		col string
		to  *civil.Date
	}{{"effective", &p.Effective}, {"expiration", &p.Expiration}} {
		s := get(c.col)
		if s == "" {
			continue
		}
		d, err := civil.Parse(s)
		if err != nil {
			fail(c.col, "%q is not a date (YYYY-MM-DD)", clipText(s))
			continue
		}
		*c.to = d
	}
	if !p.Effective.IsZero() && !p.Expiration.IsZero() && p.Expiration.Before(p.Effective) {
		fail("expiration", "%s is before the effective date %s", p.Expiration, p.Effective)
	}
	return p
}

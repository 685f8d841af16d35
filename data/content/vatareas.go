package content

import (
	"bytes"
	"io"
	"slices"

	"github.com/levytax/levy/jurisdiction"
)

// FormatVATAreas is a table of places in another country's VAT area,
// with the columns of the generator's curated vat-areas.csv (see
// addVATAreas): rows the content adds to the dataset's.
const FormatVATAreas Format = "vat-areas"

// vatAreaColumns are the columns of a VAT areas table.
var vatAreaColumns = []string{"place", "area", "own_numbers", "effective", "expiration", "citation"}

// isVATAreasHeader reports whether a header line is a VAT areas table's.
func isVATAreasHeader(cols []string) bool {
	return slices.Contains(cols, "place") && slices.Contains(cols, "area") && !slices.Contains(cols, "rate")
}

// addVATAreas reads a table of places in another country's VAT area:
// place is a country (ISO 3166-1 alpha-2) or a VAT special territory's
// jurisdiction ID of the dataset, area the country (ISO 3166-1 alpha-2)
// whose VAT applies there, own_numbers "yes" when the place's businesses
// have VAT numbers of its own scheme (else they are checked as area's),
// effective and expiration date the fact, and citation says where it
// comes from. The rows join the dataset's (data.Overlay.VATAreas): one
// that overlaps a fact of the dataset or of another row about its place,
// or that puts a place in the area of a place in another's, is refused.
// Every fault is reported with its line and column.
func (b *builder) addVATAreas(name string, raw []byte) error {
	rows, err := b.readVATAreas(name, bytes.NewReader(raw))
	if err != nil {
		return err
	}
	if len(rows) == 0 {
		return &Error{File: name, Message: "no VAT area rows"}
	}
	b.vatAreas = append(b.vatAreas, rows...)
	b.vatAreaFiles = append(b.vatAreaFiles, name)
	return nil
}

// readVATAreas reads the rows of a VAT areas table (see addVATAreas), each
// checked with the dataset's facts, the builder's rows and the rows before
// it. The rows without faults are returned beside the error.
func (b *builder) readVATAreas(name string, r io.Reader) ([]jurisdiction.VATAreaPeriod, error) {
	t, err := openTable(name, r, vatAreaColumns, []string{"place", "area", "citation"})
	if err != nil {
		return nil, err
	}
	var errs Errors
	var rows []jurisdiction.VATAreaPeriod
	err = t.each(&errs, func(line int, get func(string) string, failRow func(c, format string, args ...any)) {
		fail, bad := failOfRow(failRow)
		a := jurisdiction.VATAreaPeriod{Place: get("place"), Area: get("area")}
		if _, ok := b.juris.ByID(a.Place); !ok {
			fail("place", "%q is not a jurisdiction of the dataset (a country's ISO 3166-1 alpha-2 code, or a VAT special territory's ID)", clipText(a.Place))
		}
		if j, ok := b.juris.ByID(a.Area); !ok || j.Type != jurisdiction.Country {
			fail("area", "%q is not a country of the dataset (ISO 3166-1 alpha-2)", clipText(a.Area))
		} else if a.Area == a.Place {
			fail("area", "%s is its own VAT area; list only places in another country's", a.Area)
		}
		switch v := get("own_numbers"); v {
		case "yes":
			a.OwnNumbers = true
		case "":
		default:
			fail("own_numbers", "%q is neither yes nor empty", clipText(v))
		}
		a.Period = rowPeriod(get, fail)
		if get("citation") == "" {
			fail("citation", "is empty: say where the fact comes from")
		}
		if bad() {
			return
		}
		// Checked with the dataset's facts and the rows read so far, so
		// that the fault is this line's.
		if _, err := b.juris.VATGeography().WithAreas(append(slices.Clone(b.vatAreas), append(slices.Clone(rows), a)...)); err != nil {
			fail("place", "%v", err)
			return
		}
		rows = append(rows, a)
	})
	if err != nil {
		return nil, err
	}
	if len(errs) > 0 {
		return rows, errs
	}
	return rows, nil
}

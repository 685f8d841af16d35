package data

import (
	"errors"
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/binfmt"
)

// TestTaxabilityRefusesVersion9: a taxability file of format 9, whose
// holidays had no localities that stay out of them, is refused with an
// error that names the formats, rather than read with each holiday's
// local note taken from the bytes of the next holiday.
func TestTaxabilityRefusesVersion9(t *testing.T) {
	w := binfmt.NewWriter(taxKind, 9)
	for range 6 {
		w.Uvarint(0) // no state rows, holidays, shipping rules, product classes, local taxes or remote rules
	}
	file, err := w.Finish()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := decodeTaxability(file); err == nil || !strings.Contains(err.Error(), "format v9 is not supported (this build reads v12)") {
		t.Errorf("a taxability file of format 9: %v, want it refused naming v9 and v12", err)
	}
}

// holidayFile writes a taxability file of one Alabama holiday whose
// localities are locs, each a jurisdiction, a kept rate and a waived
// share ("" for none) and a citation, and nothing else.
func holidayFile(t *testing.T, locs ...[4]string) []byte {
	t.Helper()
	w := binfmt.NewWriter(taxKind, taxVersion)
	date := func(s string) { w.Uvarint(uint64(int64(civil.MustParse(s).Days()) + jurisDateOffset)) }
	opt := func(s string) {
		if s == "" {
			w.Uvarint(0)
			return
		}
		d := decimal.RequireFromString(s)
		w.Uvarint(1)
		w.Varint(d.Coefficient().Int64())
		w.Int(int(d.Exponent()))
	}
	w.Uvarint(0) // no state rows
	w.Uvarint(1)
	w.String("AL")
	w.String("Back-to-school: clothing")
	date("2026-07-17")
	date("2026-07-19")
	w.Uvarint(0) // no categories
	opt("156")
	w.String("USD")
	w.String("Ala. Code 40-23-210")
	w.String("localities opt in")
	w.Uvarint(uint64(len(locs)))
	for _, l := range locs {
		w.String(l[0])
		w.String("Somewhere")
		opt(l[1])
		opt(l[2])
		date("2025-07-18")
		w.String(l[3])
	}
	for range 4 {
		w.Uvarint(0) // no shipping rules, product classes, local taxes or remote rules
	}
	file, err := w.Finish()
	if err != nil {
		t.Fatal(err)
	}
	return file
}

// TestTaxabilityRefusesCorruptHolidayLocality sends decodeTaxability a
// holiday whose locality breaks each check in turn and checks that the
// error names the holiday, the locality and the field at fault; a
// holiday of well-formed localities reads back.
func TestTaxabilityRefusesCorruptHolidayLocality(t *testing.T) {
	jefferson := [4]string{"US-01073", "0.01", "0.5", "ALDOR list"}
	tx, err := decodeTaxability(holidayFile(t, jefferson, [4]string{"US-0151096", "", "", "ALDOR 2024 list"}))
	if err != nil {
		t.Fatal(err)
	}
	if hs := tx.Holidays(); len(hs) != 1 || len(hs[0].NotTaking) != 2 || !hs[0].NotTaking[0].Share.Equal(decimal.RequireFromString("0.5")) {
		t.Fatalf("read back %+v", hs)
	}
	for name, c := range map[string]struct {
		locs [][4]string
		want string
	}{
		"the state itself":     {[][4]string{{"US-AL", "", "", "c"}}, `locality 0 "US-AL": jurisdiction is not a local jurisdiction`},
		"not a US ID":          {[][4]string{{"CA-ON", "", "", "c"}}, `locality 0 "CA-ON": jurisdiction is not a local jurisdiction`},
		"out of order":         {[][4]string{{"US-0151096", "", "", "c"}, jefferson}, `locality 1 "US-01073": jurisdiction is not after "US-0151096"`},
		"twice":                {[][4]string{jefferson, jefferson}, `locality 1 "US-01073": jurisdiction is not after "US-01073"`},
		"no citation":          {[][4]string{{"US-01073", "", "", ""}}, `locality 0 "US-01073": citation is empty`},
		"a rate without share": {[][4]string{{"US-01073", "0.01", "", "c"}}, "kept rate 0.01 and waived share <nil>: a locality has both or neither"},
		"a share without rate": {[][4]string{{"US-01073", "", "0.5", "c"}}, "kept rate <nil> and waived share 0.5"},
		"a rate of 1":          {[][4]string{{"US-01073", "1", "0.5", "c"}}, "kept rate 1 is not a fraction"},
		"a share of 0":         {[][4]string{{"US-01073", "0.01", "0", "c"}}, "waived share 0 is not a fraction"},
	} {
		_, err := decodeTaxability(holidayFile(t, c.locs...))
		if !errors.Is(err, binfmt.ErrCorrupt) || !strings.Contains(err.Error(), `holiday AL "Back-to-school: clothing": locality `) ||
			!strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want a corrupt file naming %q", name, err, c.want)
		}
	}
}

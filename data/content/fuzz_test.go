package content

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
)

// fuzzFormats are the formats FuzzLoad names a file with (the first, "",
// leaves the format to be detected from the file's first line).
var fuzzFormats = []Format{"", FormatLevy, FormatSST, FormatZIP5, FormatBRISS, FormatFranchise, FormatVATAreas, FormatLowValueLimits}

// FuzzLoad loads one content file of any bytes in each format: Load never
// panics, every fault it reports names the file (a host's content is
// refused with where it is wrong), and content it accepts applies to the
// dataset. The seeds are the files of testdata. Each input builds an
// overlay over the whole dataset, about a hundred inputs a second: run it
// with -fuzzminimizetime 100x (make fuzz does), or the minimization of
// each new input takes the whole run. FuzzReadLevyCSV and
// FuzzReadFranchise explore the readers of the formats a host writes by
// hand thousands of times faster.
func FuzzLoad(f *testing.F) {
	for _, p := range []string{"levy-texas.csv", "zip5-washington.csv", "sst/MNR2026Q2FEB18.csv", "sst/MNB2026Q2FEB18-sample.csv",
		"br-iss-tenant.csv", "franchise-example.csv", "vat-areas-example.csv", "low-value-limits-example.csv"} {
		b, err := os.ReadFile(filepath.Join("testdata", p))
		if err != nil {
			f.Fatal(err)
		}
		for i := range fuzzFormats {
			f.Add(b, uint8(i))
		}
	}
	ds := data.Default()
	f.Fuzz(func(t *testing.T, raw []byte, format uint8) {
		path := filepath.Join(t.TempDir(), "tenant-rates.csv")
		if err := os.WriteFile(path, raw, 0o600); err != nil {
			t.Fatal(err)
		}
		src := Source{Path: path, Format: fuzzFormats[int(format)%len(fuzzFormats)]}
		o, err := Load(context.Background(), ds, Options{AsOf: civil.MustParse("2026-06-01")}, src)
		if err != nil {
			checkNamed(t, err, "tenant-rates.csv")
			return
		}
		if _, err := ds.WithOverlay(o); err != nil {
			t.Fatalf("accepted content does not apply: %v", err)
		}
	})
}

// checkNamed fails unless err is nil or faults that each name the file.
func checkNamed(t *testing.T, err error, file string) {
	t.Helper()
	if err == nil {
		return
	}
	var es Errors
	var e *Error
	switch {
	case errors.As(err, &es):
		for _, e := range es {
			if e.File != file || e.Line < 0 {
				t.Fatalf("a fault without its file or with a bad line: %#v", e)
			}
		}
	case errors.As(err, &e):
		if e.File != file {
			t.Fatalf("a fault without its file: %#v", e)
		}
	default:
		t.Fatalf("an error that is not a fault of the file: %v", err)
	}
}

// FuzzReadLevyCSV reads any bytes as Levy's content format: it never
// panics, every fault names the file, and every row it returns comes from
// a line after the header with the required columns filled.
func FuzzReadLevyCSV(f *testing.F) {
	for _, p := range []string{"levy-texas.csv", "zip5-washington.csv", "franchise-example.csv"} {
		b, err := os.ReadFile(filepath.Join("testdata", p))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte("state,jurisdiction,rate\nTX,US-TX,\"0.0625\"\n\"TX\",\"US-48\",6.25%\n"))
	f.Fuzz(func(t *testing.T, raw []byte) {
		rows, err := ReadLevyCSV("tenant-rates.csv", bytes.NewReader(raw))
		checkNamed(t, err, "tenant-rates.csv")
		for _, r := range rows {
			if r.Line < 2 || r.State == "" || r.Jurisdiction == "" {
				t.Fatalf("a row without its line or a required column: %+v", r)
			}
		}
	})
}

// FuzzReadFranchise reads any bytes as a franchise fee table: it never
// panics, every fault names the file, and every fee it returns has its
// area, name and a rate or an amount.
func FuzzReadFranchise(f *testing.F) {
	for _, p := range []string{"franchise-example.csv", "levy-texas.csv"} {
		b, err := os.ReadFile(filepath.Join("testdata", p))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	known := func(id string) bool { return strings.HasPrefix(id, "US-") }
	f.Fuzz(func(t *testing.T, raw []byte) {
		fees, err := ReadFranchise("fees.csv", bytes.NewReader(raw), known)
		checkNamed(t, err, "fees.csv")
		for _, fee := range fees {
			if fee.AreaID == "" || fee.Name == "" {
				t.Fatalf("a fee without its area or name: %+v", fee)
			}
		}
	})
}

// TestQuoteLeftOpenAtTheEnd loads, in each format read with a header, a
// file whose last line opens a quote and ends: the fault names the file
// and the line, where the readers of the Levy, ZIP5 and ISS formats
// panicked (they asked the CSV reader where a record that it could not
// read began).
func TestQuoteLeftOpenAtTheEnd(t *testing.T) {
	for _, c := range []struct {
		format Format
		head   string
	}{
		{FormatLevy, "state,jurisdiction,rate\nTX,US-TX,0.0625\n"},
		{FormatZIP5, "State,ZipCode,TaxRegionName,EstimatedCombinedRate,StateRate,EstimatedCountyRate,EstimatedCityRate,EstimatedSpecialRate,RiskLevel\n"},
		{FormatBRISS, "ibge_code,item,rate,effective,expiration,source\n"},
		{FormatFranchise, "franchise_area_id,name,basis,rate\n"},
	} {
		path := filepath.Join(t.TempDir(), "open-quote.csv")
		if err := os.WriteFile(path, []byte(c.head+`"`), 0o600); err != nil {
			t.Fatal(err)
		}
		_, err := Load(context.Background(), data.Default(), Options{}, Source{Path: path, Format: c.format})
		var es Errors
		if !errors.As(err, &es) || len(es) == 0 || es[0].File != "open-quote.csv" || es[0].Line < 2 {
			t.Errorf("%s: %v", c.format, err)
		}
	}
}

// FuzzLoadLowValueLimits loads any bytes as a table of low-value import
// limits: Load never panics, every fault names the file, and every limit
// it accepts is the one the dataset gives for its country on its first
// day once the content is laid over it (no row loads and goes unread).
func FuzzLoadLowValueLimits(f *testing.F) {
	b, err := os.ReadFile(filepath.Join("testdata", "low-value-limits-example.csv"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(b)
	f.Add([]byte(lowValueHeader + "GB,2021-01-01,2026-12-31,135,GBP,consignment,at-or-below,yes,s,c\nGB,2027-01-01,,300,GBP,,,yes,s,c\n"))
	f.Add([]byte(lowValueHeader + "NO,,,3000,NOK,item,below,,s,c\nEU,2021-07-01,,150.5,EUR,,,,s,c\nFR,2021-07-01,,22,EUR,,,,s,c\n"))
	f.Add([]byte("country,limit,currency,scheme,citation\nAU,1e3,AUD,s,\"c, d\"\n"))
	ds := data.Default()
	f.Fuzz(func(t *testing.T, raw []byte) {
		path := filepath.Join(t.TempDir(), "limits.csv")
		if err := os.WriteFile(path, raw, 0o600); err != nil {
			t.Fatal(err)
		}
		o, err := Load(context.Background(), ds, Options{AsOf: civil.MustParse("2026-06-01")}, Source{Path: path, Format: FormatLowValueLimits})
		if err != nil {
			checkNamed(t, err, "limits.csv")
			return
		}
		over, err := ds.WithOverlay(o)
		if err != nil {
			t.Fatalf("accepted limits do not apply: %v", err)
		}
		j, err := over.Jurisdictions()
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range o.LowValueLimits {
			country, day := v.Country, v.Period.Effective
			if v.EU {
				country = "DE"
				if day.Before(civil.MustParse("1958-01-01")) {
					day = civil.MustParse("1958-01-01")
				}
			}
			got, ok := j.LowValueLimit(country, day)
			if !ok || got.Country != v.Country || !got.Amount.Equal(v.Amount) || got.Currency != v.Currency {
				t.Fatalf("the limit of %s from %s loads and is not the one in force then: %+v %v", v.Country, v.Period.Effective, got, ok)
			}
		}
	})
}

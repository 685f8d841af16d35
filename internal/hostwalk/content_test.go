package hostwalk_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/data/content"
	"github.com/levytax/levy/engine"
	"github.com/shopspring/decimal"
)

const zip5Header = "State,ZipCode,TaxRegionName,EstimatedCombinedRate,StateRate,EstimatedCountyRate,EstimatedCityRate,EstimatedSpecialRate\n"

// A host loads a rate file of its own beside the embedded dataset: the
// file's Washington rates apply, the dataset's other states are as
// before, a Reload reads the file's new contents, and a bad row fails
// New naming its file, line and column.
func TestHostContentBesideDefault(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "wa-rates.csv")
	write := func(body string) {
		if err := os.WriteFile(path, []byte(zip5Header+body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write("WA,98004,BELLEVUE,0.103,0.065,0,0.038,0\n")
	e, err := engine.New(ctx, engine.WithContent(content.Options{}, content.Source{Path: path}))
	if err != nil {
		t.Fatal(err)
	}
	taxTo := func(city, state, zip string) string {
		t.Helper()
		resp, err := e.Sale(ctx, engine.Quotation("2026-06-01",
			engine.SellerAt(engine.USAddress("", "Seattle", "WA", "98101")),
			engine.CustomerAt(engine.USAddress("", city, state, zip)),
			engine.Line("lamp", "GENERAL", "100.00")))
		if err != nil {
			t.Fatal(err)
		}
		return resp.TotalTax.String()
	}
	if got := taxTo("Bellevue", "WA", "98004"); got != "10.30" {
		t.Fatalf("Bellevue with the host's file: tax %s, want 10.30", got)
	}
	if got := taxTo("Boston", "MA", "02108"); got != "6.25" {
		t.Fatalf("Boston from the embedded dataset: tax %s, want 6.25", got)
	}

	write("WA,98004,BELLEVUE,0.105,0.065,0,0.040,0\n")
	if err := e.Reload(ctx); err != nil {
		t.Fatal(err)
	}
	if got := taxTo("Bellevue", "WA", "98004"); got != "10.50" {
		t.Fatalf("Bellevue after Reload: tax %s, want 10.50", got)
	}

	write("WA,98004,BELLEVUE,0.103,0.065,0,0.038,0\nWA,98660,VANCOUVER,not-a-rate,0.065,0,0.024,0\n")
	if err := e.Reload(ctx); err == nil {
		t.Fatal("a Reload over a bad row succeeded")
	}
	if got := taxTo("Bellevue", "WA", "98004"); got != "10.50" {
		t.Fatalf("a failed Reload changed the rates: Bellevue tax %s, want 10.50", got)
	}
	_, err = engine.New(ctx, engine.WithContent(content.Options{}, content.Source{Path: path}))
	var ce *content.Error
	if !errors.As(err, &ce) {
		t.Fatalf("New over a bad row: %T %v, want a *content.Error", err, err)
	}
	if ce.File != filepath.Base(path) || ce.Line != 3 || ce.Column != "EstimatedCombinedRate" {
		t.Fatalf("the fault names %s line %d column %q, want %s line 3 EstimatedCombinedRate", ce.File, ce.Line, ce.Column, filepath.Base(path))
	}
	if code := levy.ErrorCode(err); code != levy.EInvalid {
		t.Errorf("New over a bad content row: code %q, want %q", code, levy.EInvalid)
	}
}

// A host's own rule file or rate that New cannot take is the host's
// fault, levy.EInvalid, with the file's message; a rule file that is not
// there keeps the file system's error.
func TestHostRulesRefusedAsInvalid(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "rules.json")
	if err := os.WriteFile(path, []byte(`{"rules": [`), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := engine.New(ctx, engine.WithRuleFiles(path))
	if code := levy.ErrorCode(err); code != levy.EInvalid {
		t.Errorf("a rule file cut short: code %q (%v), want %q", code, err, levy.EInvalid)
	}
	_, err = engine.New(ctx, engine.WithRuleFiles(path+".missing"))
	if !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a rule file that is not there: %v, want os.ErrNotExist", err)
	}
	rate := engine.RateEntry{}
	rate.Jurisdiction = "US-NOWHERE"
	rate.Value = decimal.RequireFromString("0.01")
	_, err = engine.New(ctx, engine.WithRates(rate))
	if code := levy.ErrorCode(err); code != levy.EInvalid {
		t.Errorf("a rate of a jurisdiction the dataset lacks: code %q (%v), want %q", code, err, levy.EInvalid)
	}
}

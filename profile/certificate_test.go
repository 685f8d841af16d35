package profile_test

import (
	"testing"

	"github.com/levytax/levy/profile"
)

func TestNormalizeJurisdiction(t *testing.T) {
	for in, want := range map[string]string{
		"TX": "US-TX", "tx": "US-TX", " US-TX ": "US-TX", "us": "US", "US": "US", "DE": "US-DE", "CA": "US-CA",
		"PR": "US-PR", "FR": "FR", "CA-BC": "CA-BC", "US-4819000": "US-4819000", "US-06037-MEASURE_A": "US-06037-MEASURE_A",
		"DE-HELGOLAND": "DE-HELGOLAND",
		// A three-letter code is a country, stored by its two-letter code:
		// how a country whose code is a US state's is named.
		"DEU": "DE", " deu ": "DE", "CAN": "CA", "MLT": "MT", "IND": "IN", "ISR": "IL", "USA": "US", "FRA": "FR",
		// A US territory's own country code is the territory as the
		// engine taxes it, a part of the United States.
		"PRI": "US-PR", " pri ": "US-PR", "GUM": "US-GU", "VIR": "US-VI", "ASM": "US-AS", "MNP": "US-MP",
	} {
		if got, ok := profile.NormalizeJurisdiction(in); !ok || got != want {
			t.Errorf("NormalizeJurisdiction(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	for _, in := range []string{"", "T", "Texas", "XYZ", "DEUT", "DE1", "US-", "-TX", "US--TX", "US-XX", "US TX", "US-T X", "1X", "US-4819000*",
		"US-" + string(make([]byte, 60))} {
		if got, ok := profile.NormalizeJurisdiction(in); ok {
			t.Errorf("NormalizeJurisdiction(%q) = %q; want refused", in, got)
		}
	}
}

// TestStoredJurisdictionForms checks the stored form against the forms
// a request names: JurisdictionInput names every stored country, state
// and jurisdiction so that NormalizeJurisdiction reads it back as it is
// (DE, Germany, as DEU; US-DE as itself), and StoredJurisdiction, which
// checks the keys of a policy's rounding, takes a stored DE as Germany.
func TestStoredJurisdictionForms(t *testing.T) {
	for _, tc := range []struct{ stored, input string }{
		{"DE", "DEU"}, {"CA", "CAN"}, {"MT", "MLT"}, {"IN", "IND"}, {"US-PR", "US-PR"}, {"US-GU", "US-GU"},
		{"FR", "FR"}, {"US", "US"}, {"US-DE", "US-DE"}, {"US-CA", "US-CA"}, {"CA-BC", "CA-BC"}, {"US-1077580", "US-1077580"},
	} {
		if got := profile.JurisdictionInput(tc.stored); got != tc.input {
			t.Errorf("JurisdictionInput(%q) = %q, want %q", tc.stored, got, tc.input)
		}
		if back, ok := profile.NormalizeJurisdiction(tc.input); !ok || back != tc.stored {
			t.Errorf("NormalizeJurisdiction(%q) = %q, %v; want the stored %q", tc.input, back, ok, tc.stored)
		}
		if !profile.StoredJurisdiction(tc.stored) {
			t.Errorf("StoredJurisdiction(%q) = false", tc.stored)
		}
	}
	// Every two-letter code, country or US state, comes back as it was.
	for a := 'A'; a <= 'Z'; a++ {
		for b := 'A'; b <= 'Z'; b++ {
			code := string([]rune{a, b})
			stored, _ := profile.NormalizeJurisdiction(code)
			if back, ok := profile.NormalizeJurisdiction(profile.JurisdictionInput(stored)); !ok || back != stored {
				t.Errorf("%s: stored %q, read back as %q", code, stored, back)
			}
		}
	}
	for _, s := range []string{"TX", "NY", "DEU", "de", " DE", "US-XX", "", "US-", "PR", "GU", "VI", "AS", "MP"} {
		if profile.StoredJurisdiction(s) {
			t.Errorf("StoredJurisdiction(%q) = true, want false", s)
		}
	}
}

func TestCovers(t *testing.T) {
	for _, tc := range []struct {
		entry, id string
		want      bool
	}{
		{"US-TX", "US-TX", true},
		{"US-TX", "US-4819000", true},  // Dallas, by its place FIPS code
		{"US-TX", "US-48113", true},    // Dallas County
		{"US-TX", "US-0644000", false}, // Los Angeles
		{"US-TX", "US-CA", false},
		{"US-TX", "US", false},
		{"US-CA", "US-06037-MEASURE_A", true},
		{"US", "US-CA", true},
		{"US", "US-0644000", true},
		{"US", "USX", false},
		{"US", "DE", false},
		{"US-4819000", "US-4819000", true},
		{"US-4819000", "US-TX", false},
		{"US-4819000", "US-48113", false},
		{"CA-BC", "CA-BC", true},
		{"CA-BC", "CA", false},
		{"CA", "CA-BC", true},
		{"DE", "DE", true},
		// "DE" stored is Germany: its jurisdictions, never Delaware's.
		{"DE", "DE-HELGOLAND", true},
		{"DE", "US-DE", false},
		{"DE", "US-1077580", false}, // Wilmington, Delaware (FIPS 10)
		{"DE", "US-10003", false},   // New Castle County, Delaware
		{"US-DE", "US-1077580", true},
		{"US-DE", "DE", false},
		{"US-DE", "DE-HELGOLAND", false},
		{"CA", "CA-BC", true},
		{"CA", "US-CA", false},
		{"CA", "US-0644000", false},
		{"MT", "US-MT", false},
		{"US-AZ", "US-AZ-MARICOPA", true},
		{"US-48113", "US-4819000", false}, // a county does not cover the cities in it
		// A Brazilian state covers its municipalities, by IBGE code.
		{"BR-SP", "BR-3550308", true},  // São Paulo
		{"BR-SP", "BR-3509502", true},  // Campinas
		{"BR-RJ", "BR-3550308", false}, // São Paulo is not in Rio de Janeiro
		{"BR", "BR-3550308", true},
		{"BR-SP", "BR-35", false},
		{"BR-SP", "BR-35503O8", false},
		{"BR-3550308", "BR-SP", false},
	} {
		if got := profile.Covers(tc.entry, tc.id); got != tc.want {
			t.Errorf("Covers(%q, %q) = %v, want %v", tc.entry, tc.id, got, tc.want)
		}
	}
}

// The jurisdictions of the sales of the tests.
const (
	texas  = "US-TX"
	dallas = "US-4819000"
	calif  = "US-CA"
	la     = "US-0644000"
)

// TestCertificateCheck runs the cases of the issue: a Texas resale
// certificate for 2026 covers a sale to Dallas in June 2026, not one to
// Los Angeles, not one to Dallas in January 2027; a revoked one and a
// single-purchase one used on another transaction do not cover.
func TestCertificateCheck(t *testing.T) {
	tx := profile.Certificate{Number: "TX-1", CustomerCode: "C-1", Jurisdictions: []string{texas}, ReasonCode: "G",
		EffectiveDate: date("2026-01-01"), ExpirationDate: date("2026-12-31"), Status: profile.StatusActive}
	revoked := tx
	revoked.Status, revoked.RevokedDate = profile.StatusRevoked, date("2026-04-01")
	single := tx
	single.TransactionID = "INV-1"
	clothing := tx
	clothing.ProductClasses = []string{"CLOTHING", "CLOTHING_ACCESSORIES"}
	kids := tx
	kids.ProductClasses = []string{"CHILDRENS_CLOTHING"}
	open := tx
	open.ExpirationDate = profile.Certificate{}.ExpirationDate
	for _, tc := range []struct {
		name string
		c    profile.Certificate
		use  profile.Use
		want profile.Refusal
	}{
		{"Dallas in June 2026", tx, profile.Use{Date: date("2026-06-01"), Jurisdiction: dallas, Class: "GENERAL"}, ""},
		{"Texas's own tax", tx, profile.Use{Date: date("2026-06-01"), Jurisdiction: texas, Class: "GENERAL"}, ""},
		{"first day", tx, profile.Use{Date: date("2026-01-01"), Jurisdiction: texas}, ""},
		{"last day", tx, profile.Use{Date: date("2026-12-31"), Jurisdiction: texas}, ""},
		{"Los Angeles", tx, profile.Use{Date: date("2026-06-01"), Jurisdiction: la}, profile.RefusalJurisdiction},
		{"California", tx, profile.Use{Date: date("2026-06-01"), Jurisdiction: calif}, profile.RefusalJurisdiction},
		{"Los Angeles after it expired", tx, profile.Use{Date: date("2027-01-05"), Jurisdiction: la}, profile.RefusalJurisdiction},
		{"Dallas in January 2027", tx, profile.Use{Date: date("2027-01-05"), Jurisdiction: dallas}, profile.RefusalExpired},
		{"Dallas in 2025", tx, profile.Use{Date: date("2025-12-31"), Jurisdiction: dallas}, profile.RefusalNotYetValid},
		{"no expiration", open, profile.Use{Date: date("2040-01-01"), Jurisdiction: dallas}, ""},
		{"before the revocation", revoked, profile.Use{Date: date("2026-03-31"), Jurisdiction: dallas}, ""},
		{"on the revocation date", revoked, profile.Use{Date: date("2026-04-01"), Jurisdiction: dallas}, profile.RefusalRevoked},
		{"after the revocation", revoked, profile.Use{Date: date("2026-06-01"), Jurisdiction: dallas}, profile.RefusalRevoked},
		{"single purchase, its transaction", single, profile.Use{Date: date("2026-06-01"), TransactionID: "INV-1", Jurisdiction: dallas}, ""},
		{"single purchase, another transaction", single, profile.Use{Date: date("2026-06-01"), TransactionID: "INV-2", Jurisdiction: dallas}, profile.RefusalTransaction},
		{"single purchase, no transaction", single, profile.Use{Date: date("2026-06-01"), Jurisdiction: dallas}, profile.RefusalTransaction},
		{"class covered", clothing, profile.Use{Date: date("2026-06-01"), Jurisdiction: dallas, Class: "CLOTHING"}, ""},
		{"class not covered", clothing, profile.Use{Date: date("2026-06-01"), Jurisdiction: dallas, Class: "ELECTRONICS"}, profile.RefusalClass},
		// A class within a listed one is covered; a broader one is not.
		{"class within one covered", clothing, profile.Use{Date: date("2026-06-01"), Jurisdiction: dallas, Class: "CHILDRENS_CLOTHING",
			Within: []string{"CLOTHING"}}, ""},
		{"class within one not covered", clothing, profile.Use{Date: date("2026-06-01"), Jurisdiction: dallas, Class: "TEXTBOOKS",
			Within: []string{"BOOKS"}}, profile.RefusalClass},
		{"broader class not covered", kids, profile.Use{Date: date("2026-06-01"), Jurisdiction: dallas, Class: "CLOTHING"}, profile.RefusalClass},
	} {
		if got := tc.c.Check(tc.use); got != tc.want {
			t.Errorf("%s: Check = %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestCheckAllocatesNothing: the check of a certificate, which the engine
// runs per tax, allocates nothing.
func TestCheckAllocatesNothing(t *testing.T) {
	c := profile.Certificate{Jurisdictions: []string{"US-CA", "US-TX"}, ProductClasses: []string{"GENERAL"}, EffectiveDate: date("2026-01-01")}
	u := profile.Use{Date: date("2026-06-01"), Jurisdiction: dallas, Class: "GENERAL"}
	if n := testing.AllocsPerRun(100, func() {
		if c.Check(u) != "" {
			t.Fatal("refused")
		}
	}); n != 0 {
		t.Fatalf("Check allocates %v times", n)
	}
}

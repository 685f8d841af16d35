package taxreg

import (
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/levytax/levy/internal/srcdata"
)

// vectorsPath is the shared file of test vectors (MIT-licensed), in the
// source data (see srcdata).
const vectorsPath = "vatnum/vat-number-vectors.csv"

// countryCodes maps the country names of the vectors file to the codes
// Validate takes.
var countryCodes = map[string]string{
	"Albania":        "AL",
	"Andorra":        "AD",
	"Argentina":      "AR",
	"Australia":      "AU",
	"Austria":        "AT",
	"Belarus":        "BY",
	"Belgium":        "BE",
	"Bolivia":        "BO",
	"Brazil":         "BR",
	"Bulgaria":       "BG",
	"Canada":         "CA",
	"Croatia":        "HR",
	"Cyprus":         "CY",
	"CzechRepublic":  "CZ",
	"Denmark":        "DK",
	"Estonia":        "EE",
	"Finland":        "FI",
	"France":         "FR",
	"Germany":        "DE",
	"Greece":         "GR",
	"HongKong":       "HK",
	"Hungary":        "HU",
	"Ireland":        "IE",
	"Italy":          "IT",
	"Kazakhstan":     "KZ",
	"Latvia":         "LV",
	"Liechtenstein":  "LI",
	"Lithuania":      "LT",
	"Luxembourg":     "LU",
	"Malta":          "MT",
	"Netherlands":    "NL",
	"NorthMacedonia": "MK",
	"Norway":         "NO",
	"Peru":           "PE",
	"Poland":         "PL",
	"Portugal":       "PT",
	"Romania":        "RO",
	"Russia":         "RU",
	"SanMarino":      "SM",
	"Serbia":         "RS",
	"Slovakia":       "SK",
	"Slovenia":       "SI",
	"Spain":          "ES",
	"Sweden":         "SE",
	"Switzerland":    "CH",
	"Turkey":         "TR",
	"Ukraine":        "UA",
	"UnitedKingdom":  "GB",
}

// wrongVectors are vectors of covered countries that this package
// deliberately disagrees with, keyed by "Country,number", each with the
// reason the vector is wrong.
var wrongVectors = map[string]string{
	// The French alphanumeric keys only show the format: the 9 digits after
	// the key are a SIREN, and 123456789 and 012345678 fail the Luhn check
	// every SIREN passes (La Poste and Monaco aside); the keys do not match
	// those SIRENs either. A real number with such a key is
	// FRK7399859412 (TestNormalized).
	"France,FRA0123456789": "SIREN 123456789 fails Luhn; key A0 wrong",
	"France,FR0A012345678": "SIREN 012345678 fails Luhn; key 0A wrong",
	"France,FRAB012345678": "SIREN 012345678 fails Luhn; key AB wrong",

	// The "valid" numbers of Argentina, Kazakhstan, Peru and Turkey only
	// show the length: their check digits are wrong, and most are not
	// even well formed. Real numbers with the same check digit algorithms
	// are in TestRealNumbers.
	//
	// A CUIT starts with the taxpayer type (20, 23, 24, 27 for persons,
	// 30, 33, 34 for companies, ...); these start with 12, 52, 06, 58, 14
	// and 78, and none has the mod 11 check digit (for AR52189012424 the
	// check would be 10, which is never issued).
	"Argentina,AR12345678901": "type 12; check digit would be 3",
	"Argentina,AR52189012424": "type 52; check digit would be 10",
	"Argentina,AR06841241758": "type 06; wrong check digit",
	"Argentina,AR58412844712": "type 58; wrong check digit",
	"Argentina,AR14805128510": "type 14; wrong check digit",
	"Argentina,AR12451920841": "type 12; wrong check digit",
	"Argentina,AR78581724812": "type 78; wrong check digit",
	// An ИИН starts with the birth date YYMMDD and a БИН with the
	// registration month YYMM; these have months 34, 92, 18 and 97, and
	// wrong check digits.
	"Kazakhstan,KZ123456789012": "month 34; check digit would be 3",
	"Kazakhstan,KZ519208490516": "month 92; wrong check digit",
	"Kazakhstan,KZ741896517260": "month 18; wrong check digit",
	"Kazakhstan,KZ789712462305": "month 97; wrong check digit",
	// A RUC starts with 10, 15, 16, 17 or 20; these start with 12, 08, 59,
	// 97 and 74 (the last one's check digit happens to be right).
	"Peru,PE12345678901": "type 12; wrong check digit",
	"Peru,PE08961759864": "type 08; wrong check digit",
	"Peru,PE59018257103": "type 59; wrong check digit",
	"Peru,PE97517290567": "type 97; wrong check digit",
	"Peru,PE74195092382": "type 74",
	// These fail the VKN check digit (TR0123456789, the fourth, passes).
	"Turkey,TR5533992200": "wrong VKN check digit",
	"Turkey,TR1823581245": "wrong VKN check digit",
	"Turkey,TR2414388902": "wrong VKN check digit",
}

type vector struct {
	line            int
	name, code, num string
	valid           bool
}

func readVectors(t *testing.T) []vector {
	t.Helper()
	f, err := os.Open(filepath.Join(srcdata.Need(t), vectorsPath))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) < 2 || !slices.Equal(recs[0], []string{"country", "number", "expected"}) {
		t.Fatalf("%s: unexpected header %q", vectorsPath, recs[0])
	}
	var vs []vector
	for i, r := range recs[1:] {
		code, ok := countryCodes[r[0]]
		if !ok {
			t.Fatalf("%s:%d: unknown country %q", vectorsPath, i+2, r[0])
		}
		if r[2] != "valid" && r[2] != "invalid" {
			t.Fatalf("%s:%d: unknown expectation %q", vectorsPath, i+2, r[2])
		}
		vs = append(vs, vector{line: i + 2, name: r[0], code: code, num: r[1], valid: r[2] == "valid"})
	}
	return vs
}

func TestVectors(t *testing.T) {
	vs := readVectors(t)
	type tally struct{ total, pass, excluded int }
	counts := map[string]*tally{}
	used := map[string]bool{}
	for _, v := range vs {
		c := counts[v.code]
		if c == nil {
			c = &tally{}
			counts[v.code] = c
		}
		c.total++
		r := Validate(v.code, v.num)
		if _, ok := rules[v.code]; !ok {
			if r.Info != InfoValidationNotAvailable || r.IsSyntaxValid {
				t.Errorf("line %d: Validate(%q, %q) = %+v for an uncovered country", v.line, v.code, v.num, r)
			}
			continue
		}
		key := v.name + "," + v.num
		if _, ok := wrongVectors[key]; ok {
			used[key] = true
			c.excluded++
			continue
		}
		want := InfoSyntaxInvalid
		if v.valid {
			want = InfoSyntaxValid
		}
		if r.Info != want || r.IsSyntaxValid != v.valid {
			t.Errorf("line %d: Validate(%q, %q) = %+v, want %s", v.line, v.code, v.num, r, want)
			continue
		}
		c.pass++
	}
	for key := range wrongVectors {
		if !used[key] {
			t.Errorf("excluded vector %q is not in the file", key)
		}
	}
	codes := make([]string, 0, len(counts))
	for code := range counts {
		codes = append(codes, code)
	}
	sort.Strings(codes)
	var b strings.Builder
	for _, code := range codes {
		c := counts[code]
		if _, ok := rules[code]; !ok {
			fmt.Fprintf(&b, "%s: not covered (%d vectors)\n", code, c.total)
			continue
		}
		fmt.Fprintf(&b, "%s: %d/%d pass", code, c.pass, c.total)
		if c.excluded > 0 {
			fmt.Fprintf(&b, ", %d excluded", c.excluded)
		}
		b.WriteString("\n")
	}
	t.Logf("vectors per country:\n%s", b.String())
}

func TestNormalized(t *testing.T) {
	tests := []struct {
		country, number string
		want            Result
	}{
		{"DE", "de 136.695.976", Result{true, "DE136695976", InfoSyntaxValid}},
		{"DE", "136695976", Result{true, "DE136695976", InfoSyntaxValid}},
		{"DE", "DE-136/695-97", Result{false, "DE13669597", InfoSyntaxInvalid}},
		{"BE", "BE 430.973.770", Result{true, "BE0430973770", InfoSyntaxValid}},
		{"AT", "atu 10223006", Result{true, "ATU10223006", InfoSyntaxValid}},
		{"FR", "fr k7 399 859 412", Result{true, "FRK7399859412", InfoSyntaxValid}},
		{"FR", "K7399859412", Result{true, "FRK7399859412", InfoSyntaxValid}},
		{"FR", "K8399859412", Result{false, "FRK8399859412", InfoSyntaxInvalid}},
		// A French key "FR" is not taken for the prefix.
		{"FR", "FR732829338", Result{true, "FRFR732829338", InfoSyntaxValid}},
		{"FR", "FR FR 732829338", Result{true, "FRFR732829338", InfoSyntaxValid}},
		{"GR", "EL 094012834", Result{true, "EL094012834", InfoSyntaxValid}},
		{"GR", "GR094012834", Result{true, "EL094012834", InfoSyntaxValid}},
		{"EL", "94012834", Result{true, "EL094012834", InfoSyntaxValid}},
		{"el", "EL094012835", Result{false, "EL094012835", InfoSyntaxInvalid}},
		{"GB", "GB 000 4726 31", Result{true, "GB000472631", InfoSyntaxValid}},
		{"GB", "XI000472631", Result{true, "GB000472631", InfoSyntaxValid}},
		{"XI", "GB000472631", Result{true, "XI000472631", InfoSyntaxValid}},
		{"XI", "gb gd 103", Result{true, "XIGD103", InfoSyntaxValid}},
		{"GB", "GD500", Result{false, "GBGD500", InfoSyntaxInvalid}},
		{"GB", "HA500", Result{true, "GBHA500", InfoSyntaxValid}},
		{"GB", "000472631 123", Result{true, "GB000472631123", InfoSyntaxValid}},
		{"IE", "ie 8o47531k", Result{true, "IE8O47531K", InfoSyntaxValid}},
		{"IE", "8+47531K", Result{true, "IE8+47531K", InfoSyntaxValid}},
		{"IE", "3200115LH", Result{true, "IE3200115LH", InfoSyntaxValid}},
		{"IE", "3200115LA", Result{false, "IE3200115LA", InfoSyntaxInvalid}},
		{"ES", "es-x1234567-l", Result{true, "ESX1234567L", InfoSyntaxValid}},
		{"ES", "Q2826000H", Result{true, "ESQ2826000H", InfoSyntaxValid}},
		{"ES", "Q28260008", Result{false, "ESQ28260008", InfoSyntaxInvalid}},
		{"ES", "A28015865", Result{true, "ESA28015865", InfoSyntaxValid}},
		{"ES", "A2801586E", Result{false, "ESA2801586E", InfoSyntaxInvalid}},
		{"NL", "nl 0049.09.665.b07", Result{true, "NL004909665B07", InfoSyntaxValid}},
		{"CZ", "cz 680447748", Result{true, "CZ680447748", InfoSyntaxValid}},
		{"CZ", "7103192745", Result{true, "CZ7103192745", InfoSyntaxValid}},
		{"CZ", "7113192745", Result{false, "CZ7113192745", InfoSyntaxInvalid}},
		{"CH", "CHE-432.825.998 MWST", Result{true, "CHE432825998MWST", InfoSyntaxValid}},
		{"CH", "che 432 825 998 tva", Result{true, "CHE432825998TVA", InfoSyntaxValid}},
		{"CH", "432.825.998", Result{true, "CHE432825998", InfoSyntaxValid}},
		{"CH", "CHE-432.825.998 VAT", Result{false, "CHE432825998VAT", InfoSyntaxInvalid}},
		{"CH", "CH-432.825.999-MWST", Result{false, "CHE432825999MWST", InfoSyntaxInvalid}},
		{"NO", "NO 864 234 232 MVA", Result{true, "NO864234232MVA", InfoSyntaxValid}},
		{"NO", "864234232", Result{true, "NO864234232", InfoSyntaxValid}},
		{"BR", "45.723.174/0001-10", Result{true, "BR45723174000110", InfoSyntaxValid}},
		{"BR", "12.ABC.345/01DE-35", Result{true, "BR12ABC34501DE35", InfoSyntaxValid}},
		{"BR", "12.ABC.345/01DE-36", Result{false, "BR12ABC34501DE36", InfoSyntaxInvalid}},
		{"BR", "111.111.111-11", Result{false, "BR11111111111", InfoSyntaxInvalid}},
		// An Australian GST branch: the ATO's own ABN and a branch number,
		// which the ATO says an entity may quote as 14 digits; the ABN's
		// check digits still count.
		{"AU", "51 824 753 556", Result{true, "AU51824753556", InfoSyntaxValid}},
		{"AU", "51 824 753 556 001", Result{true, "AU51824753556001", InfoSyntaxValid}},
		{"AU", "51-824-753-556-012", Result{true, "AU51824753556012", InfoSyntaxValid}},
		{"AU", "51 824 753 557 001", Result{false, "AU51824753557001", InfoSyntaxInvalid}},
		{"AU", "51 824 753 556 01", Result{false, "AU5182475355601", InfoSyntaxInvalid}},
		{"AU", "51 824 753 556 0001", Result{false, "AU518247535560001", InfoSyntaxInvalid}},
		{"SE", "5560351339", Result{false, "SE5560351339", InfoSyntaxInvalid}},
		{"SE", "556035-1339 01", Result{true, "SE556035133901", InfoSyntaxValid}},
		// Only ASCII letters are upper-cased: 'ſ' is not an 'S'.
		{"ES", "ESX1234567\u017f", Result{false, "ESX1234567\u017f", InfoSyntaxInvalid}},
		{"DE", "\uff11\uff13\uff16695976", Result{false, "DE\uff11\uff13\uff16695976", InfoSyntaxInvalid}},
		{"DE", "DE1366\xff95976", Result{false, "DE1366\ufffd95976", InfoSyntaxInvalid}},
		{"DE", "DE 136695976 " + strings.Repeat("0", 100), Result{false, "DE136695976" + strings.Repeat("0", 100), InfoSyntaxInvalid}},
		{"ZZ", "ab-12 3", Result{false, "AB123", InfoValidationNotAvailable}},
		{"US", "12-3456789", Result{false, "123456789", InfoValidationNotAvailable}},
		{"", "", Result{false, "", InfoValidationNotAvailable}},
		{"DE", "", Result{false, "DE", InfoSyntaxInvalid}},
		{"DE", "DE", Result{false, "DE", InfoSyntaxInvalid}},
	}
	for _, tt := range tests {
		if got := Validate(tt.country, tt.number); got != tt.want {
			t.Errorf("Validate(%q, %q) = %+v, want %+v", tt.country, tt.number, got, tt.want)
		}
	}
}

// TestRealNumbers checks numbers of real registrants (tax administrations,
// banks, large companies) for the countries whose vectors are only
// examples of the format.
func TestRealNumbers(t *testing.T) {
	for _, tt := range []struct{ country, number string }{
		{"AR", "33-69345023-9"},
		{"PE", "20131312955"},
		{"KZ", "971240001315"},
		{"KZ", "940140000385"},
		{"TR", "4810058590"},
		{"TR", "0150015264"},
		{"TR", "10000000146"}, // a T.C. kimlik numarası
		{"AU", "51 824 753 556"},
		{"FR", "FR K7 399859412"},
	} {
		if r := Validate(tt.country, tt.number); !r.IsSyntaxValid {
			t.Errorf("Validate(%q, %q) = %+v, want valid", tt.country, tt.number, r)
		}
	}
}

// TestCyprusNewFormat checks the Tax Identification Numbers the Cyprus
// Tax Department has given new registrants since 27 March 2023, which all
// start with 6 and keep the check letter; a VAT number is such a TIN.
// 60040893B and 60052853Y are numbers of the new format quoted as valid
// in public VIES client test data; their check letters hold.
func TestCyprusNewFormat(t *testing.T) {
	for _, tt := range []struct {
		number string
		want   Result
	}{
		{"CY60040893B", Result{true, "CY60040893B", InfoSyntaxValid}},
		{"cy 6005 2853 y", Result{true, "CY60052853Y", InfoSyntaxValid}},
		{"60052853Z", Result{false, "CY60052853Z", InfoSyntaxInvalid}},
	} {
		if got := Validate("CY", tt.number); got != tt.want {
			t.Errorf("Validate(\"CY\", %q) = %+v, want %+v", tt.number, got, tt.want)
		}
	}
}

func TestPrefixCountry(t *testing.T) {
	for _, tt := range []struct{ number, want string }{
		{"de 136.695.976", "DE"},
		{"EL094012834", "EL"},
		{"GR094012834", "GR"},
		{"XI000472631", "XI"},
		{"GB 000 4726 31 123", "GB"},
		{"CHE-432.825.998 MWST", "CH"},
		{"NO 864 234 232 MVA", "NO"},
		{"FR K7 399859412", "FR"},
		{"CY60040893B", "CY"},
		{"DE136695977", ""},        // wrong check digit
		{"136695976", ""},          // no prefix
		{"12.ABC.345/01DE-35", ""}, // a CNPJ, no prefix
		{"US12-3456789", ""},       // a country Validate does not cover
		{"D", ""},
		{"", ""},
	} {
		if got := PrefixCountry(tt.number); got != tt.want {
			t.Errorf("PrefixCountry(%q) = %q, want %q", tt.number, got, tt.want)
		}
	}
}

// TestDutchLeadingZeros: a Dutch number whose leading zeros were dropped
// (an RSIN of 004495445 written NL4495445B01, as a spreadsheet or a
// numeric column of an ERP keeps it) is the 9-digit number, as an old
// Belgian or Greek number is; NL4495445B01, NL68357370B01 and
// NL00449544B01 are written so in public listings of the companies'
// numbers.
func TestDutchLeadingZeros(t *testing.T) {
	for _, tt := range []struct {
		number string
		want   Result
	}{
		{"NL4495445B01", Result{true, "NL004495445B01", InfoSyntaxValid}},
		{"NL 68357370 B01", Result{true, "NL068357370B01", InfoSyntaxValid}},
		{"4495445B01", Result{true, "NL004495445B01", InfoSyntaxValid}},
		{"NL4495446B01", Result{false, "NL4495446B01", InfoSyntaxInvalid}},
		{"NL 449544 B01", Result{true, "NL000449544B01", InfoSyntaxValid}},
		{"NLB01", Result{false, "NLB01", InfoSyntaxInvalid}},
	} {
		if got := Validate("NL", tt.number); got != tt.want {
			t.Errorf("Validate(\"NL\", %q) = %+v, want %+v", tt.number, got, tt.want)
		}
	}
}

// TestWrittenForms: numbers as their holders print them on invoices and
// letterheads, a colon after the prefix or the optional leading 0 of a
// Belgian number in parentheses ("BTW BE (0)468.561.072"); the numbers
// are the companies' own, found so in public listings.
func TestWrittenForms(t *testing.T) {
	for _, tt := range []struct {
		country, number string
		want            Result
	}{
		{"BE", "BE (0)468.561.072", Result{true, "BE0468561072", InfoSyntaxValid}},
		{"DK", "DK: 21599336", Result{true, "DK21599336", InfoSyntaxValid}},
		{"GR", "EL: 094279805", Result{true, "EL094279805", InfoSyntaxValid}},
		{"IT", "IT: 02331250163", Result{true, "IT02331250163", InfoSyntaxValid}},
		{"LU", "LU: 2294 4200", Result{true, "LU22944200", InfoSyntaxValid}},
		{"LU", "LU: 2294 4201", Result{false, "LU22944201", InfoSyntaxInvalid}},
	} {
		if got := Validate(tt.country, tt.number); got != tt.want {
			t.Errorf("Validate(%q, %q) = %+v, want %+v", tt.country, tt.number, got, tt.want)
		}
	}
}

func TestCovered(t *testing.T) {
	got := Covered()
	if !slices.IsSorted(got) {
		t.Errorf("Covered() = %v, not sorted", got)
	}
	for _, code := range got {
		if len(code) != 2 || code == "EL" || code == "XI" {
			t.Errorf("Covered() lists %q", code)
		}
		if r := Validate(code, ""); r.Info != InfoSyntaxInvalid {
			t.Errorf("Validate(%q, \"\") = %+v", code, r)
		}
	}
	got[0] = "mutated"
	if Covered()[0] == "mutated" {
		t.Error("Covered returns shared storage")
	}
}

func TestConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 200 {
				if r := Validate("DE", "DE136695976"); !r.IsSyntaxValid {
					t.Error("DE136695976 invalid")
					return
				}
			}
		})
	}
	wg.Wait()
}

func FuzzValidate(f *testing.F) {
	for _, seed := range [][2]string{
		{"DE", "DE136695976"}, {"BE", "430.973.770"}, {"FR", "FRK7399859412"},
		{"FR", "FR732829338"}, {"ES", "ESX1234567L"}, {"IE", "IE8+47531K"},
		{"CZ", "CZ7103192745"}, {"BG", "BG9902280002"}, {"GB", "GBGD103"},
		{"CH", "CHE-432.825.998 MWST"}, {"BR", "12.ABC.345/01DE-35"},
		{"LV", "LV07091910933"}, {"RO", "RO19"}, {"TR", "10000000146"},
		{"EL", ""}, {"XI", "\xff"}, {"ZZ", "ſ"}, {"", "DE"},
	} {
		f.Add(seed[0], seed[1])
	}
	f.Fuzz(func(t *testing.T, country, number string) {
		r := Validate(country, number)
		switch r.Info {
		case InfoSyntaxValid, InfoSyntaxInvalid, InfoValidationNotAvailable:
		default:
			t.Fatalf("Validate(%q, %q).Info = %q", country, number, r.Info)
		}
		if r.IsSyntaxValid != (r.Info == InfoSyntaxValid) {
			t.Fatalf("Validate(%q, %q) = %+v", country, number, r)
		}
		if r.IsSyntaxValid {
			// The canonical form validates to itself.
			if r2 := Validate(country, r.Normalized); r2 != r {
				t.Fatalf("Validate(%q, %q) = %+v, but Validate(%q, %q) = %+v", country, number, r, country, r.Normalized, r2)
			}
		}
	})
}

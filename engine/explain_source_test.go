package engine

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/data/content"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/rules"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// sourceOf returns the source of the explained tax of jurisdiction id on
// the first line, failing when the line has no such tax.
func sourceOf(t *testing.T, ex wire.Explanation, id string) *wire.RateSource {
	t.Helper()
	if len(ex) == 0 {
		t.Fatal("no line explained")
	}
	for _, x := range ex[0].Taxes {
		if x.JurisdictionID == id {
			return x.Source
		}
	}
	t.Fatalf("no tax of %s explained: %+v", id, ex[0].Taxes)
	return nil
}

// sameSource fails unless got is want.
func sameSource(t *testing.T, what string, got *wire.RateSource, want wire.RateSource) {
	t.Helper()
	if got == nil || *got != want {
		t.Errorf("%s: source %+v, want %+v", what, got, want)
	}
}

// houstonLevyCSV is a content file of Levy's format for Houston: the
// city's rate on line 4 and METRO's on line 5.
const houstonLevyCSV = `# Houston's local rates, for the explanation's tests.
# The rates are those of data/content/testdata/levy-texas.csv.
state,jurisdiction,type,name,code,rate,category,effective,expiration,where,source
TX,US-4835000,CITY,Houston,4835000,0.01,general,,,place:4835000,Texas Comptroller
TX,US-TX-DHOUSTON_MTA,TRANSIT_DISTRICT,Houston Metropolitan Transit Authority,,0.01,general,,,place:4835000,Texas Comptroller
`

// houstonSale is a sale of general goods in Houston on 2026-08-01.
func houstonSale() *wire.SaleRequest {
	return saleHere(&wire.Location{City: "Houston", MainDivision: "TX", PostalCode: "77002", Country: "US"}, civil.MustParse("2026-08-01"), "1")
}

// TestExplainSourceLoadedLevyCSV: a sale in Houston priced with a
// loaded file of Levy's format explains the city's and the transit
// authority's rates by the file and the line of each row, and the
// state's, which the file leaves to the dataset, by the embedded dataset
// and its version.
func TestExplainSourceLoadedLevyCSV(t *testing.T) {
	path := filepath.Join(t.TempDir(), "houston-rates.csv")
	if err := os.WriteFile(path, []byte(houstonLevyCSV), 0o600); err != nil {
		t.Fatal(err)
	}
	e, err := New(context.Background(), WithToday(func() civil.Date { return civil.MustParse("2026-08-01") }),
		WithContent(content.Options{}, content.Source{Path: path}))
	if err != nil {
		t.Fatal(err)
	}
	_, ex := saleExplained(t, e, "Houston with content", houstonSale())
	sameSource(t, "Houston", sourceOf(t, ex, "US-4835000"), wire.RateSource{Content: "levy", File: "houston-rates.csv", Line: 4})
	sameSource(t, "METRO", sourceOf(t, ex, "US-TX-DHOUSTON_MTA"), wire.RateSource{Content: "levy", File: "houston-rates.csv", Line: 5})
	state := sourceOf(t, ex, "US-TX")
	if state == nil || state.Content != wire.RateSourceEmbedded || state.Version != data.Version || state.Source == "" || state.File != "" || state.Line != 0 {
		t.Errorf("Texas: source %+v, want the embedded dataset %s and its source key", state, data.Version)
	}
	// The source is a member of the explanation's JSON.
	body, err := json.Marshal(ex[0].Taxes[0])
	if err != nil {
		t.Fatal(err)
	}
	var back map[string]any
	if err := json.Unmarshal(body, &back); err != nil {
		t.Fatal(err)
	}
	if s, ok := back["source"].(map[string]any); !ok || s["content"] == nil {
		t.Errorf("the explained tax's JSON has no source: %s", body)
	}
}

// TestExplainSourceEmbedded: the same sale without the file explains
// every rate, the city's included, by the embedded dataset, its version
// and the key of its source list.
func TestExplainSourceEmbedded(t *testing.T) {
	e := testEngine(t)
	_, ex := saleExplained(t, e, "Houston", houstonSale())
	if len(ex) != 1 || len(ex[0].Taxes) == 0 {
		t.Fatalf("explanation %+v", ex)
	}
	for _, x := range ex[0].Taxes {
		if s := x.Source; s == nil || s.Content != wire.RateSourceEmbedded || s.Version != data.Version || s.Source == "" || s.File != "" || s.Line != 0 {
			t.Errorf("%s: source %+v, want the embedded dataset %s", x.JurisdictionID, x.Source, data.Version)
		}
	}
	sourceOf(t, ex, "US-4835000")
}

// TestExplainSourceRateOverride: a rate the request overrides is not the
// content's: its tax names no source, the others still do.
func TestExplainSourceRateOverride(t *testing.T) {
	e := testEngine(t)
	req := houstonSale()
	req.LineItems[0].RateOverrides = []wire.RateOverride{{JurisdictionID: "US-TX", Rate: amt("0.05")}}
	_, ex := saleExplained(t, e, "Houston overridden", req)
	if s := sourceOf(t, ex, "US-TX"); s != nil {
		t.Errorf("the overridden rate of Texas names the source %+v", s)
	}
	if s := sourceOf(t, ex, "US-4835000"); s == nil || s.Content != wire.RateSourceEmbedded {
		t.Errorf("Houston: source %+v", s)
	}
}

// TestExplainSourceLoadedISS: the ISS of a service in São Paulo, priced
// from a loaded file of municipal ISS rates, names the file and the line
// of the row; the other taxes of the line are the embedded dataset's.
func TestExplainSourceLoadedISS(t *testing.T) {
	e := brazilContentEngine(t)
	body, err := os.ReadFile(filepath.Join("testdata", "golden-content", "sale-br-iss-service-loaded-rate.request.json"))
	if err != nil {
		t.Fatal(err)
	}
	var req wire.SaleRequest
	if err := json.Unmarshal(body, &req); err != nil {
		t.Fatal(err)
	}
	_, ex := saleExplained(t, e, "ISS", &req)
	found := false
	for _, x := range ex[0].Taxes {
		if x.Imposition == string(impISS) {
			found = true
			sameSource(t, "ISS", x.Source, wire.RateSource{Content: "br-iss", File: "br-iss-tenant.csv", Line: 5})
		} else if x.Source != nil && (x.Source.Content != wire.RateSourceEmbedded || x.Source.Version != data.Version) {
			t.Errorf("%s %s: source %+v", x.JurisdictionID, x.Imposition, x.Source)
		}
	}
	if !found {
		t.Fatalf("no ISS explained: %+v", ex[0].Taxes)
	}
}

// TestExplainSourceHostAndCap: a rate the host adds (Harris County's,
// WithRates) names the host and its source; METRO's rate, loaded from
// levy-texas.csv and lowered by Texas's cap on local rates, still names
// its file and line, beside the cap's maxTaxRuleId.
func TestExplainSourceHostAndCap(t *testing.T) {
	levy := filepath.Join("..", "data", "content", "testdata", "levy-texas.csv")
	e, err := New(context.Background(), WithToday(func() civil.Date { return civil.MustParse("2026-08-01") }),
		WithContent(content.Options{}, content.Source{Path: levy}),
		WithRates(RateEntry{Rate: jurisdiction.Rate{Jurisdiction: "US-48201", Tax: jurisdiction.SalesTax, Category: jurisdiction.General,
			Value: decimal.RequireFromString("0.005"), Source: "the host's county table"}}))
	if err != nil {
		t.Fatal(err)
	}
	_, ex := saleExplained(t, e, "Houston with the host's rate", houstonSale())
	sameSource(t, "Harris County", sourceOf(t, ex, "US-48201"), wire.RateSource{Content: wire.RateSourceHost, Source: "the host's county table"})
	sameSource(t, "METRO", sourceOf(t, ex, "US-TX-DHOUSTON_MTA"), wire.RateSource{Content: "levy", File: "levy-texas.csv", Line: 6})
	for _, x := range ex[0].Taxes {
		if x.JurisdictionID == "US-TX-DHOUSTON_MTA" && x.MaxTaxRuleID == "" {
			t.Errorf("METRO was not capped: %+v", x)
		}
	}
}

// TestExplainSourceFranchise: a franchise fee of the server's table,
// loaded as content, names the table's file and the line of its row.
func TestExplainSourceFranchise(t *testing.T) {
	e, err := New(context.Background(), WithContent(content.Options{AsOf: civil.MustParse("2026-06-01")},
		content.Source{Path: filepath.Join("..", "data", "content", "testdata", "franchise-example.csv")}))
	if err != nil {
		t.Fatal(err)
	}
	chicago := &wire.Location{City: "Chicago", MainDivision: "IL", PostalCode: "60601", Country: "US"}
	req := saleHere(chicago, civil.MustParse("2026-06-01"), "1")
	req.LineItems[0].LineDetails.FranchiseAreaID = "CHI-CABLE-1"
	_, ex := saleExplained(t, e, "franchise", req)
	want := map[string]int{"Cable Franchise Fee": 3, "PEG Access Fee": 4}
	for _, x := range ex[0].Taxes {
		if line, ok := want[x.Imposition]; ok {
			delete(want, x.Imposition)
			sameSource(t, x.Imposition, x.Source, wire.RateSource{Content: "franchise", File: "franchise-example.csv", Line: line})
		}
	}
	if len(want) > 0 {
		t.Errorf("fees not explained: %v in %+v", want, ex[0].Taxes)
	}
}

// TestExplainSourceComms: the US communications taxes of a telecom line
// (the USF, the federal excise tax, Alabama's 911 fees) name the
// embedded dataset, its version and the section of data/SOURCES.md that
// lists their curated tables.
func TestExplainSourceComms(t *testing.T) {
	e := testEngine(t)
	_, ex := saleExplained(t, e, "telecom", telecomSale("2026-02-15"))
	want := wire.RateSource{Content: wire.RateSourceEmbedded, Version: data.Version, Source: "us-communications"}
	seen := map[string]int{}
	for _, x := range ex[0].Taxes {
		switch x.RuleID {
		case "us-usf-2026-q1", "us-fet-local-service", "us-al-911-fee-2024-01-01":
			seen[x.RuleID]++
			sameSource(t, x.RuleID, x.Source, want)
		}
	}
	if seen["us-usf-2026-q1"] != 1 || seen["us-fet-local-service"] != 1 || seen["us-al-911-fee-2024-01-01"] != 2 {
		t.Errorf("communications taxes explained %v in %+v", seen, ex[0].Taxes)
	}
	sources, err := os.ReadFile(filepath.Join("..", "data", "SOURCES.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(sources), "\n## "+want.Source+"\n") {
		t.Errorf("data/SOURCES.md has no section %s", want.Source)
	}
}

// TestExplainSourceWithholding: a withholding of a rule file names the
// file (its base name) and the line its record starts on; one the host
// added (WithWithholdings), before the rule files' in the engine's list,
// names the host; a rate the request overrides names none.
func TestExplainSourceWithholding(t *testing.T) {
	e, err := New(context.Background(), WithRuleFiles(withholdingExample),
		WithWithholdings(rules.Withholding{ID: "ke-host-levy", Jurisdiction: "KE", Tax: "Host Levy", WithholdingType: "HOST_LEVY",
			Rate: decimal.RequireFromString("0.05"), ProductClass: "PROFESSIONAL_SERVICES"}))
	if err != nil {
		t.Fatal(err)
	}
	explained := func(req *wire.PurchaseRequest) map[string]*wire.RateSource {
		t.Helper()
		_, ex, err := e.ExplainPurchase(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]*wire.RateSource{}
		for _, x := range ex[0].Taxes {
			out[x.Imposition] = x.Source
		}
		return out
	}
	got := explained(kenyaPurchase("PROFESSIONAL_SERVICES"))
	sameSource(t, "the rule file's", got["Withholding Tax"],
		wire.RateSource{Content: wire.RateSourceRules, File: "withholding-kenya-services-from-abroad.json", Line: 4})
	sameSource(t, "the host's", got["Host Levy"], wire.RateSource{Content: wire.RateSourceHost})
	req := kenyaPurchase("PROFESSIONAL_SERVICES")
	req.LineItems[0].RateOverrides = []wire.RateOverride{{ImpositionType: &wire.ImpositionType{WithholdingType: "NON_RESIDENT_PROFESSIONAL_FEES"}, Rate: amt("0.10")}}
	got = explained(req)
	if s, ok := got["Withholding Tax"]; !ok || s != nil {
		t.Errorf("an overridden withholding: source %+v (explained %v)", s, ok)
	}
	sameSource(t, "the host's beside an override of the other", got["Host Levy"], wire.RateSource{Content: wire.RateSourceHost})
}

// TestExplainSourceProfileFranchise: a franchise fee of the tenant's
// own names its profile, the version the calculation read and the key
// of the fee's record, also when the line pads the area's ID; a fee of
// the server's table of another area still names its file and line.
func TestExplainSourceProfileFranchise(t *testing.T) {
	rate := decimal.RequireFromString("0.07")
	e := engineOfProfile(t, profile.ChangeSet{
		Franchises: []profile.Franchise{{AreaID: "CHI-CABLE-1", Name: "Cable Franchise Fee", Jurisdiction: "US-1714000", Rate: &rate}},
	}, WithContent(content.Options{AsOf: civil.MustParse("2026-06-01")},
		content.Source{Path: filepath.Join("..", "data", "content", "testdata", "franchise-example.csv")}))
	// fees returns the sources of the franchise fees of a sale to a place
	// in a franchise area, by the fee's name.
	fees := func(req *wire.SaleRequest, area string) map[string]*wire.RateSource {
		t.Helper()
		req.LineItems[0].LineDetails.FranchiseAreaID = area
		_, ex := saleExplained(t, e, "area "+area, req)
		out := map[string]*wire.RateSource{}
		for _, x := range ex[0].Taxes {
			if x.RuleID == "franchise-fee-"+strings.TrimSpace(area) {
				out[x.Imposition] = x.Source
			}
		}
		return out
	}
	own := wire.RateSource{Content: wire.RateSourceProfile, Version: "1", Source: "franchise CHI-CABLE-1/Cable Franchise Fee"}
	for _, area := range []string{"CHI-CABLE-1", " CHI-CABLE-1 "} {
		got := fees(usSale("233 S Wacker Dr", "Chicago", "IL", "60606", "DIGITAL_STREAMING", "80.00"), area)
		if len(got) != 1 {
			t.Errorf("area %q: fees %v, want the tenant's alone", area, got)
		}
		sameSource(t, "area "+area, got["Cable Franchise Fee"], own)
	}
	got := fees(usSale("400 Pine St", "Seattle", "WA", "98101", "DIGITAL_STREAMING", "80.00"), "SEA-VIDEO-2")
	sameSource(t, "Seattle", got["Video Service Fee"], wire.RateSource{Content: "franchise", File: "franchise-example.csv", Line: 5})
}

package api

import (
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/levytax/levy/profile"
)

// TestReferenceShapes checks Levy's answers over HTTP against the
// schemas of the commercial wire format's OpenAPI description, the
// document a client generated for the commercial service was built
// from. The description is not part of Levy; set LEVY_REFERENCE_OPENAPI
// to its path to run the test. Every golden calculation and every kind
// of calculation and lookup is sent; each 200 answer must match its
// operation's success schema and each error answer the error schema:
// JSON types, integer formats, dates, enumerations, patterns, required
// members, no null where the schema does not allow it, and no member
// the schema lacks, save those of shapeDivergences.
func TestReferenceShapes(t *testing.T) {
	path := os.Getenv("LEVY_REFERENCE_OPENAPI")
	if path == "" {
		t.Skip("LEVY_REFERENCE_OPENAPI names no OpenAPI description of the commercial wire format")
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Components struct {
			Schemas map[string]any `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	// Once as Levy answers by default, Levy's own members allowed; once
	// with them left out (levy serve --levy-members omit), where only
	// the members the specification defines may differ.
	for _, pass := range []struct {
		name    string
		opts    []Option
		allowed map[string]string
	}{
		{profile.LevyMembersInclude, nil, shapeDivergences},
		{profile.LevyMembersOmit, []Option{WithLevyMembers(profile.LevyMembersOmit)}, specDivergences()},
	} {
		t.Run(pass.name, func(t *testing.T) { referenceShapes(t, doc.Components.Schemas, pass.allowed, pass.opts...) })
	}
}

// referenceShapes sends TestReferenceShapes's requests to a server with
// opts and checks its answers against schemas, allowing the members and
// values of allowed beside them.
func referenceShapes(t *testing.T, schemas map[string]any, allowed map[string]string, opts ...Option) {
	h := newHarness(t, opts...)
	w := &shapeWalker{schemas: schemas, allowed: allowed}
	send := func(method, path, body, schema string) {
		t.Helper()
		var a answer
		if body == "" {
			a = h.do(method, path, nil)
		} else {
			a = h.post(path, body)
		}
		var v any
		if err := json.Unmarshal(a.body, &v); err != nil {
			t.Errorf("%s %s: %v", method, path, err)
			return
		}
		if a.status != http.StatusOK {
			w.check(v, ref("ApiErrorResponse"), fmt.Sprintf("%s %s (%d)", method, path, a.status))
			return
		}
		w.check(v, ref(schema), method+" "+path)
	}
	const calc = "ApiSuccessResponseTransactionResponseType"
	endpoint := map[string]string{"sale": "/supplies", "purchase": "/procurement", "owner": "/owner"}
	files, err := filepath.Glob("../engine/testdata/golden/*.request.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden requests: %v", err)
	}
	for _, f := range files {
		req, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		send("POST", "/api/v2"+endpoint[strings.SplitN(filepath.Base(f), "-", 2)[0]], string(req), calc)
	}
	// Addresses at fault, which the document's destination and a line's
	// own report (in taxAreaLookup, or under omit in assistedParameters).
	send("POST", "/api/v2/supplies", `{"saleMessageType":"QUOTATION","transactionType":"SALE","documentDate":"2026-06-01",
		"seller":{"company":"ACME","physicalOrigin":{"city":"Los Angeles","mainDivision":"CA","postalCode":"90012"}},
		"customer":{"destination":{"city":"Los Angeles","mainDivision":"NY","postalCode":"90012"}},
		"lineItems":[{"lineItemId":"1","extendedPrice":10},{"lineItemId":"2","extendedPrice":20,
		"customer":{"destination":{"city":"Evanston","mainDivision":"IL","postalCode":"60606"}}}]}`, calc)
	// Every message type, each on a request that a golden one of its
	// perspective sends.
	kinds := []struct {
		golden, member string
		kinds          []string
	}{
		{"sale-us-ca-los-angeles-quotation", "saleMessageType", []string{"QUOTATION", "INVOICE", "ARBILLING_SYNC"}},
		{"purchase-us-accrual", "purchaseMessageType", []string{"PURCHASE_ORDER", "INVOICE_VERIFICATION", "ACCRUAL", "ERS",
			"APINVOICE_SYNC", "ACCRUAL_SYNC", "CONDITIONAL_PROCUREMENT"}},
		{"owner-us-asset-movement", "ownerMessageType", []string{"INVENTORY_REMOVAL", "ASSET_MOVEMENT"}},
	}
	for _, k := range kinds {
		raw, err := os.ReadFile("../engine/testdata/golden/" + k.golden + ".request.json")
		if err != nil {
			t.Fatal(err)
		}
		for i, kind := range k.kinds {
			var m map[string]any
			if err := json.Unmarshal(raw, &m); err != nil {
				t.Fatal(err)
			}
			m[k.member] = kind
			m["transactionId"] = fmt.Sprintf("refshape-%s-%d-%d", k.member[:4], i, time.Now().UnixNano())
			body, _ := json.Marshal(m)
			send("POST", "/api/v2"+endpoint[strings.SplitN(k.golden, "-", 2)[0]], string(body), calc)
		}
	}
	const lookup = "ApiSuccessResponseTaxAreaLookupResponseType"
	for _, body := range []string{
		`{"postalAddress":{"streetAddress1":"350 5th Ave","city":"New York","mainDivision":"NY","postalCode":"10118"},"asOfDate":"2026-06-01","returnTimeElapsedDetailsIndicator":true}`,
		`{"postalAddress":{"city":"Los Angeles","mainDivision":"NY","postalCode":"90012"}}`,
		`{"postalAddress":{"city":"Springfield","mainDivision":"IL"}}`,
		`{"postalAddress":{"streetAddress1":"Unter den Linden 1","city":"Berlin","postalCode":"10117","country":"DE"}}`,
		`{"postalAddress":{"postalCode":"00000"}}`,
	} {
		send("POST", "/api/v2/address-lookup", body, lookup)
	}
	send("POST", "/api/v2/coordinates-lookup", `{"coordinates":{"latitude":34.0522,"longitude":-118.2437}}`, lookup)
	send("POST", "/api/v2/coordinates-lookup", `{"coordinates":{"latitude":30.0,"longitude":-40.0}}`, lookup)
	send("POST", "/api/v2/taxareaid-lookup", `{"taxAreaId":"2650841047330893","asOfDate":"2026-01-01"}`, lookup)
	send("POST", "/api/v2/taxareaid-lookup", `{"taxAreaId":"1"}`, lookup)
	send("POST", "/api/v2/external-jurisdiction-lookup", `{"externalJurisdictionCode":"06037","country":"US"}`, lookup)
	send("POST", "/api/v2/external-jurisdiction-lookup", `{"externalJurisdictionCode":"3550308","country":"BR"}`, lookup)
	send("POST", "/api/v2/find-taxareas", `[{"lookupId":"a","lookupRequest":{"postalAddress":{"postalCode":"10118"}}},
		{"lookupRequest":{"externalJurisdictionCode":"06037","country":"US"}},{"lookupId":"c","lookupRequest":{"taxAreaId":"1"}},
		{"lookupId":"d","lookupRequest":{"coordinates":{"latitude":48.85837,"longitude":2.294481}}}]`, "ApiSuccessFindTaxAreasResponseType")
	send("GET", "/api/v2/changed-taxareas?beginDate=2026-10-01&endDate=2026-10-01", "", "ApiSuccessChangedTaxAreasResponseType")
	send("GET", "/api/v2/changed-taxareas?beginDate=2020-01-01&endDate=2020-01-01", "", "ApiSuccessChangedTaxAreasResponseType")
	send("GET", "/api/v2/changed-taxareas/2650841047330893?beginDate=2026-10-01", "", "ApiSuccessChangedTaxAreasResponseType")
	send("GET", "/api/v2/transaction-exists/refshape-none", "", "ApiSuccessTransactionExistResponseType")
	send("POST", "/api/v2/supplies", `{"saleMessageType":"QUOTATION","lineItems":[{"unitPrice":"x"}]}`, calc)
	send("POST", "/api/v2/supplies", `{`, calc)
	send("GET", "/api/v2/supplies", "", calc)
	for _, f := range w.faults {
		t.Error(f)
	}
}

// shapeDivergences are the members and values of Levy's answers that the
// commercial OpenAPI description lacks, each for its reason: the service
// specification, which wins where the two differ, defines them; or Levy
// adds them (taxAreaLookup, procurementAction). Keys are a member's name
// or "enum:" and a value.
var shapeDivergences = map[string]string{
	"informationOnly":              "ImpositionType.informationOnly, in the specification's ImpositionType",
	"buyerCondition":               "a line's member in the specification, echoed",
	"sellerCondition":              "a line's member in the specification, echoed",
	"transactionCondition":         "a line's member in the specification, echoed",
	"buyerCNAE":                    "a line's member in the specification, echoed",
	"sellerCNAE":                   "a line's member in the specification, echoed",
	"natureOfFiscalOperation":      "a line's member in the specification, echoed",
	"franchiseAreaId":              "a line's member in the specification, echoed",
	"lineItemDescription":          "a line's member in the specification, echoed",
	"lineTypes":                    "a line's member in the specification, echoed",
	"locationEvidence":             "CustomerType.locationEvidence in the specification, echoed",
	"validationResult":             "TaxRegistrationType.validationResult in the specification",
	"taxAreaLookup":                "Levy's own member of a resolved location (docs/addresses.md)",
	"procurementAction":            "Levy's member for the action a CONDITIONAL_PROCUREMENT chose (the specification names the actions, not the member)",
	"enum:ARBILLING_SYNC":          "a message type of the specification",
	"enum:APINVOICE_SYNC":          "a message type of the specification",
	"enum:ACCRUAL_SYNC":            "a message type of the specification",
	"enum:CONDITIONAL_PROCUREMENT": "a message type of the specification",
}

// levyMembers are the members of shapeDivergences that Levy adds of its
// own: those the wire types tag levy:"own", which an answer under
// profile.LevyMembersOmit leaves out.
var levyMembers = []string{"taxAreaLookup", "procurementAction"}

// specDivergences returns shapeDivergences without levyMembers: the
// members and values the specification defines.
func specDivergences() map[string]string {
	out := maps.Clone(shapeDivergences)
	for _, m := range levyMembers {
		delete(out, m)
	}
	return out
}

func ref(name string) map[string]any { return map[string]any{"$ref": "#/components/schemas/" + name} }

// shapeWalker checks JSON values against the schemas of an OpenAPI 3.0
// document, as far as Levy's answers need: $ref, oneOf, object, array,
// string, number, integer and boolean, with required, nullable, enum,
// format (int32, int64, date, date-time), pattern and lengths.
type shapeWalker struct {
	schemas map[string]any
	// allowed are the members and values (keyed as shapeDivergences)
	// that an answer may hold beyond the schemas.
	allowed map[string]string
	faults  []string
}

func (w *shapeWalker) resolve(s map[string]any) map[string]any {
	for {
		r, ok := s["$ref"].(string)
		if !ok {
			return s
		}
		next, ok := w.schemas[strings.TrimPrefix(r, "#/components/schemas/")].(map[string]any)
		if !ok {
			w.faults = append(w.faults, "no schema "+r)
			return map[string]any{}
		}
		s = next
	}
}

func (w *shapeWalker) fault(path, format string, args ...any) {
	w.faults = append(w.faults, path+": "+fmt.Sprintf(format, args...))
}

func (w *shapeWalker) check(v any, s map[string]any, path string) {
	s = w.resolve(s)
	if alts, ok := s["oneOf"].([]any); ok {
		// The alternative that v matches, or else the one with the
		// fewest faults.
		var best []string
		for i, a := range alts {
			sub := &shapeWalker{schemas: w.schemas, allowed: w.allowed}
			sub.check(v, a.(map[string]any), path)
			if i == 0 || len(sub.faults) < len(best) {
				best = sub.faults
			}
		}
		w.faults = append(w.faults, best...)
		return
	}
	typ, _ := s["type"].(string)
	switch x := v.(type) {
	case nil:
		if s["nullable"] != true {
			w.fault(path, "null, which the schema does not allow")
		}
	case map[string]any:
		if typ != "object" && typ != "" {
			w.fault(path, "an object, the schema says %s", typ)
			return
		}
		props, _ := s["properties"].(map[string]any)
		for _, r := range strs(s["required"]) {
			if _, ok := x[r]; !ok {
				w.fault(path, "the required member %s is missing", r)
			}
		}
		for k, e := range x {
			p, ok := props[k].(map[string]any)
			if !ok {
				if _, known := w.allowed[k]; !known && s["additionalProperties"] == nil {
					w.fault(path, "the member %s is not in the schema", k)
				}
				continue
			}
			w.check(e, p, path+"."+k)
		}
	case []any:
		if typ != "array" {
			w.fault(path, "an array, the schema says %s", typ)
			return
		}
		items, _ := s["items"].(map[string]any)
		for i, e := range x {
			w.check(e, items, fmt.Sprintf("%s[%d]", path, i))
		}
	case string:
		if typ != "string" {
			w.fault(path, "a string, the schema says %s", typ)
			return
		}
		if en := strs(s["enum"]); len(en) > 0 && !slices.Contains(en, x) {
			if _, known := w.allowed["enum:"+x]; !known {
				w.fault(path, "%q is not one of %v", x, en)
			}
		}
		switch s["format"] {
		case "date":
			if _, err := time.Parse(time.DateOnly, x); err != nil {
				w.fault(path, "%q is not a date", x)
			}
		case "date-time":
			if _, err := time.Parse(time.RFC3339, x); err != nil {
				w.fault(path, "%q is not a date-time", x)
			}
		}
		if p, ok := s["pattern"].(string); ok && !regexp.MustCompile(p).MatchString(x) {
			w.fault(path, "%q does not match %s", x, p)
		}
		n := float64(len([]rune(x)))
		if m, ok := s["maxLength"].(float64); ok && n > m {
			w.fault(path, "%q is longer than %v", x, m)
		}
		if m, ok := s["minLength"].(float64); ok && n < m {
			w.fault(path, "%q is shorter than %v", x, m)
		}
	case float64:
		switch typ {
		case "number":
		case "integer":
			if x != float64(int64(x)) {
				w.fault(path, "%v is not an integer", x)
			} else if s["format"] == "int32" && (x < -1<<31 || x > 1<<31-1) {
				w.fault(path, "%v is not an int32", x)
			}
		default:
			w.fault(path, "a number, the schema says %s", typ)
		}
	case bool:
		if typ != "boolean" {
			w.fault(path, "a boolean, the schema says %s", typ)
		}
	}
}

func strs(v any) []string {
	l, _ := v.([]any)
	out := make([]string, 0, len(l))
	for _, e := range l {
		if s, ok := e.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

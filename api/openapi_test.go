package api

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
	"unsafe"

	"log/slog"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
)

// bareServer returns a server of the API alone, with /healthz and
// /metrics and nothing mounted beside them.
func bareServer(t testing.TB) *Server {
	t.Helper()
	s, err := New(testEngine(t), WithLogger(slog.New(slog.DiscardHandler)))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// mustDocument returns the loaded document of a bare server or stops the
// test.
func mustDocument(t testing.TB) *loadedDocument {
	t.Helper()
	d, err := openAPIDocument(bareServer(t))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestOpenAPIDocumentValid loads the document with kin-openapi and
// validates it, and checks its header.
func TestOpenAPIDocumentValid(t *testing.T) {
	b, err := bareServer(t).document()
	if err != nil {
		t.Fatal(err)
	}
	doc, err := openapi3.NewLoader().LoadFromData(b)
	if err != nil {
		t.Fatal(err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		t.Fatal(err)
	}
	if doc.OpenAPI != "3.0.3" || doc.Info.Title != "Levy tax calculation API" || doc.Info.Version != "2.9.0" {
		t.Errorf("openapi %q, title %q, version %q", doc.OpenAPI, doc.Info.Title, doc.Info.Version)
	}
	if v, _ := doc.Info.Extensions["x-levy-dataset"].(string); v == "" {
		t.Errorf("info has no x-levy-dataset: %v", doc.Info.Extensions)
	}
	var servers []string
	for _, s := range doc.Servers {
		servers = append(servers, s.URL)
	}
	if !slices.Equal(servers, Bases) {
		t.Errorf("servers %q, want %q", servers, Bases)
	}
	oauth := doc.Components.SecuritySchemes["oauth2"]
	if oauth == nil || oauth.Value.Flows == nil || oauth.Value.Flows.ClientCredentials == nil ||
		oauth.Value.Flows.ClientCredentials.TokenURL != "/oauth/token" {
		t.Errorf("no oauth2 client credentials scheme with tokenUrl /oauth/token")
	}
	if bearer := doc.Components.SecuritySchemes["bearer"]; bearer == nil || bearer.Value.Type != "http" || bearer.Value.Scheme != "bearer" {
		t.Errorf("no http bearer scheme")
	}
}

// TestOpenAPIDocumentStable checks that the document is the same bytes
// on every build, and cheap to build.
func TestOpenAPIDocumentStable(t *testing.T) {
	ops := bareServer(t).operations()
	first, err := encodeDocument(ops)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	const n = 5
	for range n {
		again, err := encodeDocument(ops)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(first, again) {
			t.Fatal("two builds of the document differ")
		}
	}
	per := time.Since(start) / n
	t.Logf("Document: %d bytes in %v", len(first), per)
	if per > 500*time.Millisecond { // the aim is well under 50 ms; this only catches a blunder
		t.Errorf("Document took %v", per)
	}
}

// BenchmarkDocument measures the building of the document of a bare
// server.
func BenchmarkDocument(b *testing.B) {
	ops := bareServer(b).operations()
	for b.Loop() {
		if _, err := encodeDocument(ops); err != nil {
			b.Fatal(err)
		}
	}
}

// samplePath fills the parameters of a route's path with valid values.
func samplePath(rt Route) string {
	p := rt.Path
	for _, param := range rt.Params {
		v := "T-1"
		if param.Format == "taxAreaId" {
			v = "53011"
		}
		p = strings.ReplaceAll(p, "{"+param.Name+"}", v)
	}
	return p
}

// TestOpenAPIRoutes checks that every route is an operation of the
// document under both base paths, with its method and operationId, that
// the document has nothing else, and what each operation answers.
func TestOpenAPIRoutes(t *testing.T) {
	s := bareServer(t)
	d, err := openAPIDocument(s)
	if err != nil {
		t.Fatal(err)
	}
	count := 0
	for _, rt := range routes() {
		for _, base := range Bases {
			route, params, _ := d.find(rt.Method, base+samplePath(rt))
			if route == nil || route.Method != rt.Method || route.Operation.OperationID != rt.ID {
				t.Errorf("%s %s%s: no operation %s", rt.Method, base, rt.Path, rt.ID)
				continue
			}
			for _, p := range rt.Params {
				if p.In == "path" && params[p.Name] == "" {
					t.Errorf("%s: path parameter %s not matched", rt.ID, p.Name)
				}
			}
		}
		op := d.doc.Paths.Find(rt.Path).GetOperation(rt.Method)
		count++
		if !slices.Equal(op.Tags, []string{rt.Tag}) || op.Summary != rt.Summary {
			t.Errorf("%s: tags %q, summary %q", rt.ID, op.Tags, op.Summary)
		}
		want := []int{200, 400, 404, 405, 500}
		if !rt.Public {
			want = append(want, 401, 403)
		}
		if rt.Body != nil {
			want = append(want, 413, 415)
			rb := op.RequestBody
			if rb == nil || rb.Value.Required != rt.BodyRequired || rb.Value.Content.Get("application/json") == nil {
				t.Errorf("%s: the request body is not described", rt.ID)
			}
		} else if op.RequestBody != nil {
			t.Errorf("%s: a request body is described for a route without one", rt.ID)
		}
		for _, status := range want {
			r := op.Responses.Status(status)
			if r == nil {
				t.Errorf("%s: no answer %d", rt.ID, status)
				continue
			}
			if status != 200 && r.Value.Content.Get("application/json").Schema.Ref != "#/components/schemas/ErrorBody" {
				t.Errorf("%s: answer %d is not an ErrorBody", rt.ID, status)
			}
		}
		switch {
		case rt.Public && (op.Security == nil || len(*op.Security) != 0):
			t.Errorf("%s is public but its security is %v", rt.ID, op.Security)
		case !rt.Public && op.Security != nil:
			t.Errorf("%s overrides the security of the document", rt.ID)
		}
	}
	total := 0
	for _, item := range d.doc.Paths.Map() {
		total += len(item.Operations())
	}
	if mounted := len(s.documented); total != count+mounted || mounted != 2 {
		t.Errorf("the document has %d operations, the routes %d and the mounted routes %d", total, count, mounted)
	}
	if len(d.doc.Security) != 2 {
		t.Errorf("the document's security is %v, want oauth2 or bearer", d.doc.Security)
	}
}

// goldenOperation maps the prefix of a golden file to its operation.
var goldenOperation = map[string]string{"sale": "/supplies", "purchase": "/procurement", "owner": "/owner"}

// goldenFiles returns the golden files of the engine whose names end in
// suffix, by the path of their operation.
func goldenFiles(t *testing.T, suffix string) map[string]string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join("..", "engine", "testdata", "golden", "*"+suffix))
	if err != nil || len(names) == 0 {
		t.Fatalf("no golden files %s: %v", suffix, err)
	}
	out := map[string]string{}
	for _, name := range names {
		prefix, _, _ := strings.Cut(filepath.Base(name), "-")
		path, ok := goldenOperation[prefix]
		if !ok {
			t.Fatalf("%s: no operation for the prefix %q", name, prefix)
		}
		out[name] = path
	}
	return out
}

// wrapGolden puts a golden response in the envelope of an answer.
func wrapGolden(t testing.TB, golden []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	buf.WriteString(`{"data":`)
	buf.Write(golden)
	buf.WriteString(`,"meta":{"app":"levy","timeReceived":"2026-11-22T10:00:00.000Z","timeElapsed(ms)":1}}`)
	return buf.Bytes()
}

var jsonHeader = http.Header{"Content-Type": {"application/json"}, "X-Request-Id": {"golden"}}

// TestOpenAPIGoldenResponses validates every golden response, in its
// envelope, against the 200 answer of its operation.
func TestOpenAPIGoldenResponses(t *testing.T) {
	d := mustDocument(t)
	for name, path := range goldenFiles(t, ".response.json") {
		golden, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		req := httptest.NewRequest(http.MethodPost, Bases[0]+path, nil)
		if err := d.validateAnswer(req, http.StatusOK, jsonHeader, wrapGolden(t, golden)); err != nil {
			t.Errorf("%s: %v", filepath.Base(name), err)
		}
	}
}

// TestOpenAPIGoldenRequests validates every golden request as the body
// of its operation, under both base paths.
func TestOpenAPIGoldenRequests(t *testing.T) {
	d := mustDocument(t)
	for name, path := range goldenFiles(t, ".request.json") {
		golden, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, base := range Bases {
			req := httptest.NewRequest(http.MethodPost, "http://127.0.0.1:8080"+base+path, bytes.NewReader(golden))
			req.Header.Set("Content-Type", "application/json")
			if err := d.validateRequest(req); err != nil {
				t.Errorf("%s: %v", filepath.Base(name), err)
			}
		}
	}
}

// edit decodes a JSON document, changes it with fn and encodes it again.
func edit(t testing.TB, doc []byte, fn func(m map[string]any)) []byte {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(doc, &m); err != nil {
		t.Fatal(err)
	}
	fn(m)
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// firstTax returns the first tax of the first line of a response.
func firstTax(m map[string]any) map[string]any {
	line := m["lineItems"].([]any)[0].(map[string]any)
	return line["taxes"].([]any)[0].(map[string]any)
}

// TestOpenAPIRejectsBrokenAnswers checks that the validation is real: a
// golden response broken in one place fails, as do undocumented statuses.
func TestOpenAPIRejectsBrokenAnswers(t *testing.T) {
	d := mustDocument(t)
	golden, err := os.ReadFile(filepath.Join("..", "engine", "testdata", "golden", "sale-us-tn-single-article.response.json"))
	if err != nil {
		t.Fatal(err)
	}
	req := httptest.NewRequest(http.MethodPost, Bases[1]+"/supplies", nil)
	if err := d.validateAnswer(req, 200, jsonHeader, wrapGolden(t, golden)); err != nil {
		t.Fatalf("the unbroken golden response fails: %v", err)
	}
	breaks := map[string]func(m map[string]any){
		"totalTax as a string":      func(m map[string]any) { m["totalTax"] = "70.00" },
		"no totalTax":               func(m map[string]any) { delete(m, "totalTax") },
		"unknown message type":      func(m map[string]any) { m["saleMessageType"] = "GUESS" },
		"transaction type PURCHASE": func(m map[string]any) { m["transactionType"] = "PURCHASE" },
		"bad document date":         func(m map[string]any) { m["documentDate"] = "2026-13-01" },
		"lineItems as an object":    func(m map[string]any) { m["lineItems"] = map[string]any{} },
		"transactionId too long":    func(m map[string]any) { m["transactionId"] = strings.Repeat("x", 41) },
		"tax without calculatedTax": func(m map[string]any) {
			delete(firstTax(m), "calculatedTax")
		},
		"unknown jurisdiction type": func(m map[string]any) {
			firstTax(m)["jurisdiction"].(map[string]any)["jurisdictionType"] = "GALAXY"
		},
		"line total tax null": func(m map[string]any) {
			m["lineItems"].([]any)[0].(map[string]any)["totalTax"] = nil
		},
	}
	for what, fn := range breaks {
		if err := d.validateAnswer(req, 200, jsonHeader, wrapGolden(t, edit(t, golden, fn))); err == nil {
			t.Errorf("%s: the broken response passes", what)
		}
	}
	errBody := []byte(`{"errors":[{"code":"invalid","message":"is required","target":"lineItems"}],"meta":{"app":"levy","timeReceived":"2026-11-22T10:00:00Z","timeElapsed(ms)":0}}`)
	if err := d.validateAnswer(req, 400, jsonHeader, errBody); err != nil {
		t.Errorf("a good error answer fails: %v", err)
	}
	if err := d.validateAnswer(req, 418, jsonHeader, errBody); err == nil {
		t.Error("an undocumented status passes")
	}
	if err := d.validateAnswer(req, 400, jsonHeader, []byte(`{"errors":[{"code":"invalid"}],"meta":{}}`)); err == nil {
		t.Error("an error answer without message and meta passes")
	}
	// An answer with a status the operation does not have: the exists
	// operation has no body, so no 415.
	get := httptest.NewRequest(http.MethodGet, Bases[0]+"/transaction-exists/T-1", nil)
	if err := d.validateAnswer(get, 415, jsonHeader, errBody); err == nil {
		t.Error("415 passes for an operation without a body")
	}
	// Paths and methods the document does not have.
	if err := d.validateAnswer(httptest.NewRequest("GET", Bases[0]+"/nowhere", nil), 404, jsonHeader, errBody); err != nil {
		t.Errorf("404 for an unknown path fails: %v", err)
	}
	if err := d.validateAnswer(httptest.NewRequest("GET", Bases[0]+"/nowhere", nil), 200, jsonHeader, []byte(`{}`)); err == nil {
		t.Error("200 for an unknown path passes")
	}
	deleted := []byte(`{"transactionId":"a/b","meta":{"app":"levy","timeReceived":"2026-11-22T10:00:00Z","timeElapsed(ms)":0}}`)
	if err := d.validateAnswer(httptest.NewRequest("DELETE", Bases[0]+"/transactions/a%2Fb", nil), 200, jsonHeader, deleted); err != nil {
		t.Errorf("an escaped slash in a transaction ID is not one path segment: %v", err)
	}
	if err := d.validateAnswer(httptest.NewRequest("PUT", Bases[0]+"/supplies", nil), 405, jsonHeader, errBody); err != nil {
		t.Errorf("405 for an unknown method fails: %v", err)
	}
	if err := d.validateAnswer(httptest.NewRequest("PUT", Bases[0]+"/supplies", nil), 200, jsonHeader, []byte(`{}`)); err == nil {
		t.Error("200 for an unknown method passes")
	}
}

// TestOpenAPIRejectsBrokenRequests checks that request validation is
// real too.
func TestOpenAPIRejectsBrokenRequests(t *testing.T) {
	d := mustDocument(t)
	golden, err := os.ReadFile(filepath.Join("..", "engine", "testdata", "golden", "sale-us-tn-single-article.request.json"))
	if err != nil {
		t.Fatal(err)
	}
	send := func(method, path string, body []byte) error {
		req := httptest.NewRequest(method, path, bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		return d.validateRequest(req)
	}
	if err := send("POST", Bases[0]+"/supplies", edit(t, golden, func(m map[string]any) { m["proratePercentage"] = 1e9 })); err == nil {
		t.Error("a prorate percentage over its maximum passes")
	}
	if err := send("POST", Bases[0]+"/supplies", edit(t, golden, func(m map[string]any) { m["postToJournal"] = "yes" })); err == nil {
		t.Error("a string for a boolean passes")
	}
	search := func(req string) []byte { return []byte(`[{"lookupId":"a","lookupRequest":` + req + `}]`) }
	if err := send("POST", Bases[0]+"/find-taxareas", search(`{"taxAreaId":"53011"}`)); err != nil {
		t.Errorf("a search by tax area ID fails: %v", err)
	}
	if err := send("POST", Bases[0]+"/find-taxareas", search(`{"coordinates":{"latitude":1,"longitude":2}}`)); err != nil {
		t.Errorf("a search by coordinates fails: %v", err)
	}
	if err := send("POST", Bases[0]+"/find-taxareas", search(`{"taxAreaId":"53011","coordinates":{"latitude":1,"longitude":2}}`)); err == nil {
		t.Error("a search of two kinds passes")
	}
	if err := send("POST", Bases[0]+"/find-taxareas", search(`{"asOfDate":"2026-01-01"}`)); err == nil {
		t.Error("a search of no kind passes")
	}
	if err := send("DELETE", Bases[0]+"/transactions/"+strings.Repeat("x", 41), nil); err == nil {
		t.Error("a transaction ID of 41 characters passes")
	}
	if err := send("GET", Bases[0]+"/changed-taxareas/12a?beginDate=2026-01-01", nil); err == nil {
		t.Error("a tax area ID with a letter passes")
	}
	if err := send("GET", Bases[0]+"/changed-taxareas?beginDate=yesterday", nil); err == nil {
		t.Error("a beginDate that is not a date passes")
	}
	if err := send("GET", Bases[1]+"/changed-taxareas?beginDate=2026-01-01", nil); err != nil {
		t.Errorf("a good beginDate fails: %v", err)
	}
}

// filler makes values of wire types with every member set, so that
// encoding/json writes all of them, or, when minimal, with only the
// members set that Levy never leaves empty: dates, jurisdiction types and
// pointers without omitempty.
type filler struct {
	depth   int
	minimal bool
}

// fill sets v and everything below it; tag is the tag of the field that
// v is. Below a depth where the line items nest in themselves, pointers,
// slices and maps stay nil.
func (f *filler) fill(v reflect.Value, tag reflect.StructTag) {
	f.depth++
	defer func() { f.depth-- }()
	switch v.Type() {
	case reflect.TypeFor[money.Amount]():
		v.Set(reflect.ValueOf(money.FromInt(1)))
		return
	case reflect.TypeFor[civil.Date]():
		v.Set(reflect.ValueOf(civil.New(2026, time.June, 1)))
		return
	case reflect.TypeFor[time.Time]():
		v.Set(reflect.ValueOf(time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)))
		return
	case reflect.TypeFor[jurisdiction.Type]():
		v.Set(reflect.ValueOf(jurisdiction.County))
		return
	case reflect.TypeFor[wire.Search]():
		v.Set(reflect.ValueOf(wire.Search{LookupID: "a", TaxAreaID: &wire.TaxAreaIDLookupRequest{TaxAreaID: "53011"}}))
		return
	}
	k := v.Kind()
	if (k == reflect.Pointer || k == reflect.Slice || k == reflect.Map) && f.depth > 8 {
		return
	}
	if f.minimal {
		// Levy never sends null: a member without omitempty is always
		// there, a list or map as an empty one, a string of a closed set
		// as one of its values.
		_, opts, _ := strings.Cut(tag.Get("json"), ",")
		always := !strings.Contains(opts, "omitempty") && !strings.Contains(opts, "omitzero")
		switch {
		case always && k == reflect.Slice:
			v.Set(reflect.MakeSlice(v.Type(), 0, 0))
			return
		case always && k == reflect.Map:
			v.Set(reflect.MakeMap(v.Type()))
			return
		case always && k == reflect.String && strings.Contains(tag.Get("check"), "in="):
		case k != reflect.Struct && !(always && k == reflect.Pointer):
			return
		}
	}
	switch k {
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		f.fill(v.Elem(), tag)
	case reflect.Struct:
		for i := range v.NumField() {
			switch sf := v.Type().Field(i); {
			case sf.IsExported():
				f.fill(v.Field(i), sf.Tag)
			case sf.Anonymous && sf.Type.Kind() == reflect.Struct:
				// encoding/json writes the members of an unexported
				// embedded struct, such as those of the document's own
				// types; reflect only sets them through its address.
				field := v.Field(i)
				f.fill(reflect.NewAt(field.Type(), unsafe.Pointer(field.UnsafeAddr())).Elem(), sf.Tag)
			}
		}
	case reflect.Slice:
		s := reflect.MakeSlice(v.Type(), 1, 1)
		f.fill(s.Index(0), "")
		v.Set(s)
	case reflect.Map:
		m := reflect.MakeMap(v.Type())
		key, e := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
		f.fill(key, "")
		f.fill(e, "")
		m.SetMapIndex(key, e)
		v.Set(m)
	case reflect.String:
		v.SetString(sampleString(v.Type(), tag.Get("check")))
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(1)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(1)
	case reflect.Float32, reflect.Float64:
		v.SetFloat(1.5)
	}
}

// sampleString returns a string that the rules of a check tag accept.
func sampleString(t reflect.Type, check string) string {
	if vals := wire.EnumValues(t); vals != nil {
		return vals[0]
	}
	for rule := range strings.SplitSeq(check, ",") {
		key, val, _ := strings.Cut(rule, "=")
		switch key {
		case "in":
			v, _, _ := strings.Cut(val, "|")
			return v
		case "pattern", "taxarea":
			return map[string]string{"alpha3": "EUR", "country": "DE", "": "53011"}[val]
		case "latitude", "longitude":
			return "12.5"
		}
	}
	return "x"
}

// TestOpenAPISchemasFollowEncodingJSON runs checkSchemas on a bare
// server; TestWholeServerDocument runs it on one with every adapter
// mounted.
func TestOpenAPISchemasFollowEncodingJSON(t *testing.T) { checkSchemas(t, bareServer(t)) }

// checkSchemas fills a value of every type that has a schema in the
// document of s, encodes it with encoding/json, and checks that the
// schema names exactly the members written and accepts the value.
func checkSchemas(t *testing.T, s *Server) {
	t.Helper()
	_, set, err := buildDocument(s.operations())
	if err != nil {
		t.Fatal(err)
	}
	d, err := openAPIDocument(s)
	if err != nil {
		t.Fatal(err)
	}
	types := map[string]reflect.Type{}
	for typ, name := range set.names {
		types[name] = typ
	}
	for name, typ := range set.typeNamed {
		types[name] = typ
	}
	if len(types) != len(d.doc.Components.Schemas) {
		t.Errorf("%d types for %d schemas", len(types), len(d.doc.Components.Schemas))
	}
	for name, typ := range types {
		sch := d.doc.Components.Schemas[name]
		if sch == nil {
			t.Errorf("%s: no schema", name)
			continue
		}
		checkFilled(t, name, typ, sch.Value)
	}
}

// checkFilled fills a value of typ, encodes it and checks it against
// sch; then it does the same with a value as empty as Levy sends.
func checkFilled(t *testing.T, name string, typ reflect.Type, sch *openapi3.Schema) {
	t.Helper()
	v := reflect.New(typ).Elem()
	new(filler).fill(v, "")
	b, err := json.Marshal(v.Interface())
	if err != nil {
		t.Errorf("%s: %v", name, err)
		return
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Errorf("%s: %v", name, err)
		return
	}
	var written, described []string
	for k := range m {
		written = append(written, k)
	}
	for k := range sch.Properties {
		described = append(described, k)
	}
	slices.Sort(written)
	slices.Sort(described)
	if !slices.Equal(written, described) {
		t.Errorf("%s: encoding/json writes %q, the schema describes %q", name, written, described)
	}
	if err := sch.VisitJSON(m); err != nil {
		t.Errorf("%s: the schema refuses a filled value: %v\n%s", name, err, clipBody(b, 1500))
	}

	v = reflect.New(typ).Elem()
	(&filler{minimal: true}).fill(v, "")
	b, err = json.Marshal(v.Interface())
	if err != nil {
		t.Errorf("%s: %v", name, err)
		return
	}
	if err != nil {
		t.Errorf("%s, empty: %v", name, err)
		return
	}
	m = nil
	if err := json.Unmarshal(b, &m); err != nil {
		t.Errorf("%s, empty: %v", name, err)
		return
	}
	if err := sch.VisitJSON(m); err != nil {
		t.Errorf("%s: the schema refuses an empty value: %v\n%s", name, err, clipBody(b, 1500))
	}
}

// The types of TestOpenAPIFieldRules exercise the corners of the rules of
// encoding/json.
type (
	ruleInner struct {
		A      string `json:"a"`
		B      int
		Hidden string `json:"-"`
	}
	RuleOuter struct {
		A string
		C bool `json:"c,string"`
		N int  `json:"n,omitzero"`
	}
	ruleTieLeft  struct{ X int }
	ruleTieRight struct{ X int }
	ruleTagged   struct {
		Y int `json:"y"`
	}
	ruleUntagged struct{ Y int }
	ruleShapes   struct {
		ruleInner
		*RuleOuter
		ruleTieLeft
		ruleTieRight
		ruleTagged
		ruleUntagged `json:"untagged"`
		A            string         `json:"a,omitempty"`
		List         []int          `json:"list"`
		Map          map[string]int `json:"map,omitempty"`
		Dash         int            `json:"-,"`
		Bytes        []byte         `json:"bytes,omitempty"`
		Ptr          *int           `json:"ptr"`
		private      int
	}
)

// TestOpenAPIFieldRules checks the members of a struct with embedded,
// shadowed, tied, renamed and skipped fields against encoding/json.
func TestOpenAPIFieldRules(t *testing.T) {
	s := newSchemaSet()
	sch, err := s.structSchema(reflect.TypeFor[ruleShapes]())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.components(); err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(object{"openapi": "3.0.3", "info": object{"title": "t", "version": "1"}, "paths": object{},
		"components": object{"schemas": object{"ruleShapes": sch, "ruleUntagged": s.byType[reflect.TypeFor[ruleUntagged]()]}}})
	if err != nil {
		t.Fatal(err)
	}
	doc, err := openapi3.NewLoader().LoadFromData(b)
	if err != nil {
		t.Fatal(err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		t.Fatal(err)
	}
	got := doc.Components.Schemas["ruleShapes"].Value
	checkFilled(t, "ruleShapes", reflect.TypeFor[ruleShapes](), got)
	want := map[string]string{"a": "string", "B": "integer", "A": "string", "c": "string", "n": "integer",
		"y": "integer", "untagged": "", "list": "array", "map": "object", "-": "integer", "bytes": "string", "ptr": "integer"}
	if len(got.Properties) != len(want) {
		t.Errorf("members %v, want %v", slices.Sorted(maps.Keys(got.Properties)), slices.Sorted(maps.Keys(want)))
	}
	for k, typ := range want {
		p := got.Properties[k]
		if p == nil {
			t.Errorf("no member %s", k)
			continue
		}
		if typ != "" && !p.Value.Type.Is(typ) {
			t.Errorf("member %s is %v, want %s", k, p.Value.Type, typ)
		}
	}
	if want := []string{"-", "B", "list", "ptr", "untagged", "y"}; !slices.Equal(got.Required, want) {
		t.Errorf("required %q, want %q", got.Required, want)
	}
	if got.Properties["list"].Value.Nullable || got.Properties["ptr"].Value.Nullable {
		t.Error("Levy never sends null, so no member may be nullable")
	}
}

// Jurisdiction has the name of a type of package wire, to test the
// naming of schemas whose types share a name.
type Jurisdiction struct {
	Name string `json:"name"`
}

// TestOpenAPISchemaNames checks that types of one name in two packages
// get the package as a prefix, and that other types keep their name.
func TestOpenAPISchemaNames(t *testing.T) {
	s := newSchemaSet()
	for _, typ := range []reflect.Type{reflect.TypeFor[Jurisdiction](), reflect.TypeFor[wire.Jurisdiction](), reflect.TypeFor[wire.Tax]()} {
		if _, err := s.schemaOf(typ); err != nil {
			t.Fatal(err)
		}
	}
	schemas, err := s.components()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"apiJurisdiction", "wireJurisdiction", "Tax", "Measure"} {
		if schemas[name] == nil {
			t.Errorf("no schema %s among %v", name, slices.Sorted(maps.Keys(schemas)))
		}
	}
	if schemas["Jurisdiction"] != nil {
		t.Error("a schema is named Jurisdiction although two types have that name")
	}
	generic := newSchemaSet()
	if _, err := generic.schemaOf(reflect.TypeFor[envelope[int]]()); err != nil {
		t.Fatal(err)
	}
	if _, err := generic.components(); err == nil {
		t.Error("a generic type without a name of its own is accepted")
	}
}

// The types of TestOpenAPISchemaNamer name their schemas themselves.
type (
	selfNamed    struct{ A int }
	selfNamedPtr struct{ B int }
	sameName     struct{ C int }
)

func (selfNamed) SchemaName() string     { return "SelfNamed" }
func (*selfNamedPtr) SchemaName() string { return "SelfNamedByPointer" }
func (sameName) SchemaName() string      { return "SelfNamed" }

// TestOpenAPISchemaNamer checks that a type named by its SchemaName
// method, with a value or a pointer receiver, has its schema under that
// name, and that two types of one name stop the document.
func TestOpenAPISchemaNamer(t *testing.T) {
	s := newSchemaSet()
	for _, typ := range []reflect.Type{reflect.TypeFor[selfNamed](), reflect.TypeFor[*selfNamedPtr](), reflect.TypeFor[wire.Tax]()} {
		if _, err := s.schemaOf(typ); err != nil {
			t.Fatal(err)
		}
	}
	schemas, err := s.components()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"SelfNamed", "SelfNamedByPointer", "Tax"} {
		if schemas[name] == nil {
			t.Errorf("no schema %s among %v", name, slices.Sorted(maps.Keys(schemas)))
		}
	}
	if schemas["selfNamed"] != nil || schemas["selfNamedPtr"] != nil {
		t.Error("a type that names its schema is described under its Go name too")
	}
	clash := newSchemaSet()
	for _, typ := range []reflect.Type{reflect.TypeFor[selfNamed](), reflect.TypeFor[sameName]()} {
		if _, err := clash.schemaOf(typ); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := clash.components(); err == nil || !strings.Contains(err.Error(), "two schemas are named SelfNamed") {
		t.Errorf("two types that name their schemas alike: %v", err)
	}
}

// TestOpenAPIRefusesUnknownMarshallers checks that a type that marshals
// itself in a way the document does not know stops the document.
func TestOpenAPIRefusesUnknownMarshallers(t *testing.T) {
	type holder struct {
		V json.RawMessage `json:"v"`
	}
	if _, err := newSchemaSet().schemaOf(reflect.TypeFor[holder]()); err == nil {
		t.Error("json.RawMessage is described without a word about it")
	}
}

// TestOpenAPIMountedRoutes runs checkMountedOperations on a bare server
// (/healthz and /metrics); TestWholeServerDocument runs it on one with
// every adapter mounted.
func TestOpenAPIMountedRoutes(t *testing.T) {
	s := bareServer(t)
	checkMountedOperations(t, s)
	d, err := openAPIDocument(s)
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/healthz", "/metrics"} {
		if d.doc.Paths.Find(path) == nil {
			t.Errorf("the document has no %s", path)
		}
	}
	if d.doc.Components.Schemas["OAuthError"] != nil {
		t.Error("the document of a server without token endpoints describes their errors")
	}
}

// checkMountedOperations checks what the document of s says of the
// routes mounted beside the API: each is an operation at its path from
// the root of the server (a path item whose servers say so), with its
// statuses, its media types and its security; the token endpoints answer
// errors in the form of RFC 6749.
func checkMountedOperations(t *testing.T, s *Server) {
	t.Helper()
	d, err := openAPIDocument(s)
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	for _, rt := range routes() {
		ids[rt.ID] = true
	}
	for _, md := range s.documented {
		if ids[md.ID] {
			t.Errorf("two operations are named %s", md.ID)
		}
		ids[md.ID] = true
		item := d.doc.Paths.Find(md.Path)
		if item == nil || len(item.Servers) != 1 || item.Servers[0].URL != "/" {
			t.Errorf("%s %s: no path item from the root", md.Method, md.Path)
			continue
		}
		op := item.GetOperation(md.Method)
		if op == nil || op.OperationID != md.ID || !slices.Equal(op.Tags, []string{md.Tag}) || op.Summary != md.Summary {
			t.Errorf("%s %s: no operation %s", md.Method, md.Path, md.ID)
			continue
		}
		if route, _, _ := d.find(md.Method, samplePath(Route{Path: md.Path, Params: md.Params})); route == nil || route.Operation != op {
			t.Errorf("%s: not found at %s", md.ID, md.Path)
		}
		for _, status := range md.successes() {
			media := cmp.Or(md.Media, "application/json")
			if r := op.Responses.Status(status); r == nil || r.Value.Content.Get(media) == nil {
				t.Errorf("%s: no answer %d of %s", md.ID, status, media)
			}
		}
		oauth := md.OAuthError != nil
		want := []int{400, 404, 405, 500}
		if !md.Public || oauth {
			want = append(want, 401)
		}
		if md.Conflict {
			want = append(want, 409)
		}
		if md.TooMany != "" {
			want = append(want, 429)
		}
		if md.Body != nil {
			want = append(want, 408, 413)
			medias := md.BodyMedia
			if medias == nil {
				medias = []string{"application/json"}
			}
			for _, media := range medias {
				if op.RequestBody == nil || op.RequestBody.Value.Content.Get(media) == nil {
					t.Errorf("%s: no request body of %s", md.ID, media)
				}
			}
		}
		for _, status := range want {
			r := op.Responses.Status(status)
			if r == nil {
				t.Errorf("%s: no answer %d", md.ID, status)
				continue
			}
			sch := r.Value.Content.Get("application/json").Schema
			switch {
			case oauth:
				// Every refusal of a token endpoint has the form of
				// RFC 6749, those the server makes before the endpoint
				// reads the request included.
				if sch.Ref != "#/components/schemas/OAuthError" {
					t.Errorf("%s: answer %d is not an OAuthError", md.ID, status)
				}
			case sch.Ref != "#/components/schemas/ErrorBody":
				t.Errorf("%s: answer %d is not an ErrorBody", md.ID, status)
			}
		}
		if md.Unavailable != "" && op.Responses.Status(503) == nil {
			t.Errorf("%s: no answer 503", md.ID)
		}
		switch {
		case oauth:
			if op.Security == nil || len(*op.Security) != 2 || (*op.Security)[1]["clientBasic"] == nil {
				t.Errorf("%s: the security is %v, want none or HTTP Basic", md.ID, op.Security)
			}
		case md.Public && (op.Security == nil || len(*op.Security) != 0):
			t.Errorf("%s is public but its security is %v", md.ID, op.Security)
		case !md.Public && op.Security != nil:
			t.Errorf("%s overrides the security of the document", md.ID)
		}
	}
}

// TestNonBlankIdentifierPattern holds the pattern that the document
// gives transaction IDs, with the values it excludes (its not), to
// wire.CheckTransactionID, code point by code point, alone, doubled,
// around a letter and between spaces.
func TestNonBlankIdentifierPattern(t *testing.T) {
	re := regexp.MustCompile(regexp.MustCompile(`\\u([0-9A-Fa-f]{4})`).ReplaceAllString(nonBlankIdentifierPattern, `\x{$1}`))
	excluded := dotSegmentsSchema()["enum"].([]any)
	for r := rune(0); r < 0x3100; r++ {
		for _, s := range []string{string(r), string(r) + string(r), "a" + string(r) + "b", " " + string(r) + "\u3000"} {
			schema := re.MatchString(s) && !slices.Contains(excluded, any(s))
			if ok := wire.CheckTransactionID("x", s) == nil; ok != schema {
				t.Errorf("%q: CheckTransactionID says %v, the schema %v", s, ok, schema)
			}
		}
	}
}

// TestIdentifierPattern holds the pattern that the document gives
// identifiers to wire.CheckIdentifier, code point by code point over
// the planes where they differ.
func TestIdentifierPattern(t *testing.T) {
	// kin-openapi reads the ECMA-262 pattern as Go's regexp does after
	// rewriting \uXXXX as \x{XXXX}.
	re := regexp.MustCompile(regexp.MustCompile(`\\u([0-9A-Fa-f]{4})`).ReplaceAllString(identifierPattern, `\x{$1}`))
	for r := rune(0); r < 0x3000; r++ {
		s := "a" + string(r) + "b"
		if ok := wire.CheckIdentifier("x", s) == nil; ok != re.MatchString(s) {
			t.Errorf("U+%04X: CheckIdentifier says %v, the pattern %v", r, ok, !ok)
		}
	}
}

// TestOpenAPIRequestAmountBound: the document states the bound that
// wire's Validate puts on a request's numbers (less than 1e15 in absolute
// value, wire.MaxAmountDigits) on the amounts of the types only requests
// hold, and not on an answer's, whose totals and extended prices may
// pass it.
func TestOpenAPIRequestAmountBound(t *testing.T) {
	d := mustDocument(t)
	dir := filepath.Join("..", "engine", "testdata", "golden")
	request, err := os.ReadFile(filepath.Join(dir, "sale-us-tn-single-article.request.json"))
	if err != nil {
		t.Fatal(err)
	}
	send := func(price json.Number) error {
		body := edit(t, request, func(m map[string]any) { m["lineItems"].([]any)[0].(map[string]any)["extendedPrice"] = price })
		req := httptest.NewRequest(http.MethodPost, Bases[0]+"/supplies", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		return d.validateRequest(req)
	}
	for _, price := range []json.Number{"1000000000000000", "-1000000000000000", "1e400"} {
		if err := send(price); err == nil {
			t.Errorf("a request's extendedPrice of %s passes", price)
		}
	}
	// 999999999999999.5 is a double of its own; 999999999999999.99, which
	// Levy accepts, a validator that reads numbers as doubles reads as
	// 1e15.
	for _, price := range []json.Number{"999999999999999.5", "-999999999999999.5", "0"} {
		if err := send(price); err != nil {
			t.Errorf("a request's extendedPrice of %s fails: %v", price, err)
		}
	}
	answer, err := os.ReadFile(filepath.Join(dir, "sale-us-tn-single-article.response.json"))
	if err != nil {
		t.Fatal(err)
	}
	big := edit(t, answer, func(m map[string]any) {
		m["totalTax"] = json.Number("98000000000000000")
		line := m["lineItems"].([]any)[0].(map[string]any)
		line["extendedPrice"], line["totalTax"] = json.Number("1000000000000000000"), json.Number("98000000000000000")
	})
	if err := d.validateAnswer(httptest.NewRequest(http.MethodPost, Bases[0]+"/supplies", nil), http.StatusOK, jsonHeader, wrapGolden(t, big)); err != nil {
		t.Errorf("an answer whose extended price and totals pass 1e15 fails: %v", err)
	}
}

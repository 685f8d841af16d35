package api

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
)

// levyMembersInvoice is an invoice whose document destination is an
// address at fault (ZIP code 90012 is in California, not New York), which
// its first line uses, and whose second line has a clean destination of
// its own (confidence 100, no statuses). The seller's origin, in another
// state, is resolved to its state alone and carries no taxAreaLookup.
const levyMembersInvoice = `{"saleMessageType":"INVOICE","transactionType":"SALE","documentDate":"2026-06-01","transactionId":"%ID%",
 "seller":{"company":"ACME","physicalOrigin":{"city":"Seattle","mainDivision":"WA","postalCode":"98109","country":"USA"}},
 "customer":{"customerCode":{"value":"C-77"},
  "destination":{"streetAddress1":"200 N Spring St","city":"Los Angeles","mainDivision":"NY","postalCode":"90012","country":"USA"}},
 "lineItems":[
  {"lineItemId":"1","product":{"productClass":"GENERAL","value":"WIDGET"},"quantity":{"value":3},"unitPrice":19.99},
  {"lineItemId":"2","product":{"productClass":"GENERAL","value":"GADGET"},"extendedPrice":40,
   "customer":{"destination":{"streetAddress1":"200 N Spring St","city":"Los Angeles","mainDivision":"CA","postalCode":"90012","country":"USA"}}}]}`

// levyMembersServer is an API on loopback over an engine with a journal
// and tax profiles: tenant "omitter" whose policy omits Levy's members,
// "includer" whose policy includes them, and any other tenant (the
// bearer token names the tenant) with no policy.
type levyMembersServer struct {
	*harness
	journal journal.Store
}

func newLevyMembersServer(t *testing.T, opts ...Option) *levyMembersServer {
	t.Helper()
	ctx := context.Background()
	store := profile.NewMemory()
	svc := profile.NewService(store, profile.Config{})
	for tenant, mode := range map[string]string{"omitter": " OMIT", "includer": profile.LevyMembersInclude} {
		if _, err := svc.Apply(ctx, tenant, "test", profile.ChangeSet{Policy: &profile.Policy{LevyMembers: mode}}); err != nil {
			t.Fatal(err)
		}
	}
	j := journal.NewMemory()
	e, err := engine.New(ctx, engine.WithProfileStore(store), engine.WithJournal(j),
		engine.WithToday(func() civil.Date { return civil.MustParse("2026-06-01") }))
	if err != nil {
		t.Fatal(err)
	}
	logs := &syncBuffer{}
	s, err := New(e, append([]Option{WithLogger(slog.New(slog.NewJSONHandler(logs, nil))), WithAuthenticator(tokenAuth{})}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(srv.Close)
	return &levyMembersServer{harness: &harness{t: t, api: s, srv: srv, logs: logs}, journal: j}
}

// invoice sends levyMembersInvoice as tenant with transaction ID id and
// returns the data of the answer, decoded as generic JSON, and the
// answer's body.
func (s *levyMembersServer) invoice(t *testing.T, path, tenant, id string) (map[string]any, string) {
	t.Helper()
	s.t = t
	a := s.do("POST", path, strings.NewReader(strings.ReplaceAll(levyMembersInvoice, "%ID%", id)), "Authorization", "Bearer "+tenant)
	if a.status != 200 {
		t.Fatalf("%s as %s: %d %s", path, tenant, a.status, a.body)
	}
	var body struct{ Data map[string]any }
	if err := json.Unmarshal(a.body, &body); err != nil {
		t.Fatal(err)
	}
	return body.Data, string(a.body)
}

// at returns the value at the path of members and indices in v.
func at(v any, path ...any) any {
	for _, p := range path {
		switch k := p.(type) {
		case string:
			m, _ := v.(map[string]any)
			v = m[k]
		case int:
			s, _ := v.([]any)
			if k >= len(s) {
				return nil
			}
			v = s[k]
		}
	}
	return v
}

// dropMember deletes every member named name in v, at any depth.
func dropMember(v any, name string) {
	switch x := v.(type) {
	case map[string]any:
		delete(x, name)
		for _, e := range x {
			dropMember(e, name)
		}
	case []any:
		for _, e := range x {
			dropMember(e, name)
		}
	}
}

// lookupNotes returns the assisted parameters of rule AddressLookupRule
// of line i of data, and deletes them (and assistedParameters, when
// nothing else remains).
func lookupNotes(data map[string]any, i int) []map[string]any {
	line, _ := at(data, "lineItems", i).(map[string]any)
	ps, _ := line["assistedParameters"].([]any)
	var notes []map[string]any
	var rest []any
	for _, p := range ps {
		if m, _ := p.(map[string]any); m["ruleName"] == AddressLookupRule {
			notes = append(notes, m)
		} else {
			rest = append(rest, p)
		}
	}
	if len(rest) == 0 {
		delete(line, "assistedParameters")
	} else {
		line["assistedParameters"] = rest
	}
	return notes
}

// TestLevyMembersOmitted: a tenant whose policy says "omit" gets its
// calculations answered without taxAreaLookup anywhere, the address at
// fault told instead in the assistedParameters of the line that uses it
// (a member of the commercial description), and otherwise the same
// answer as a tenant that includes them; a tenant without a policy, and
// one whose policy says "include", get the answer as before; the stored
// transaction does not depend on the policy; the explain route keeps
// every member.
func TestLevyMembersOmitted(t *testing.T) {
	s := newLevyMembersServer(t)
	plain, _ := s.invoice(t, "/api/v2/supplies", "nobody", "LM-1")
	incl, _ := s.invoice(t, "/api/v2/supplies", "includer", "LM-1")
	omit, omitBody := s.invoice(t, "/api/v2/supplies", "omitter", "LM-1")

	// The default answer: both locations carry taxAreaLookup, the
	// clean one with confidence 100, and no line has a lookup note.
	for name, d := range map[string]map[string]any{"no policy": plain, "include": incl} {
		st := at(d, "customer", "destination", "taxAreaLookup", "statuses", 0, "lookupResult")
		if st != "BAD_REGION_FIELDS" {
			t.Errorf("%s: the document destination's taxAreaLookup status is %v, want BAD_REGION_FIELDS", name, st)
		}
		if c := at(d, "lineItems", 1, "customer", "destination", "taxAreaLookup", "confidenceIndicator"); c != "100" {
			t.Errorf("%s: the clean destination's confidence is %v, want 100", name, c)
		}
		for i := range 2 {
			if n := lookupNotes(d, i); len(n) != 0 {
				t.Errorf("%s: line %d has lookup notes %v", name, i, n)
			}
		}
	}
	if !reflect.DeepEqual(plain, incl) {
		t.Errorf("the answer of a tenant whose policy includes Levy's members differs from one without a policy:\n%v\n%v", incl, plain)
	}

	if strings.Contains(omitBody, "taxAreaLookup") {
		t.Errorf("the answer under omit has taxAreaLookup: %s", omitBody)
	}
	notes := lookupNotes(omit, 0)
	if len(notes) != 1 || notes[0]["paramName"] != "customer.destination" || notes[0]["phase"] != "PRE" ||
		!strings.Contains(notes[0]["value"].(string), "BAD_REGION_FIELDS (confidence 70): ZIP code 90012 is in CA, not NY") {
		t.Errorf("line 1 under omit: lookup notes %v, want one for customer.destination saying BAD_REGION_FIELDS", notes)
	}
	if n := lookupNotes(omit, 1); len(n) != 0 {
		t.Errorf("line 2, whose own destination is clean, has lookup notes %v", n)
	}
	dropMember(incl, "taxAreaLookup")
	if !reflect.DeepEqual(omit, incl) {
		t.Errorf("the answer under omit, without its lookup notes, is not the answer under include without taxAreaLookup:\n%v\n%v", omit, incl)
	}

	// The journal keeps the same transaction whatever the policy.
	ctx := context.Background()
	a, err := s.journal.Get(ctx, "includer", "LM-1")
	if err != nil {
		t.Fatal(err)
	}
	b, err := s.journal.Get(ctx, "omitter", "LM-1")
	if err != nil {
		t.Fatal(err)
	}
	a.PostedAt, b.PostedAt = time.Time{}, time.Time{}
	if ja, jb := mustJSON(t, a), mustJSON(t, b); ja != jb {
		t.Errorf("the stored transaction depends on the policy:\ninclude %s\nomit    %s", ja, jb)
	}

	// The explanation keeps Levy's members.
	s.t = t
	ex := s.do("POST", "/api/v2/explain/supplies", strings.NewReader(strings.ReplaceAll(levyMembersInvoice, "%ID%", "LM-2")), "Authorization", "Bearer omitter")
	if ex.status != 200 || !strings.Contains(string(ex.body), `"taxAreaLookup"`) {
		t.Errorf("the explanation under omit: %d, taxAreaLookup present %v", ex.status, strings.Contains(string(ex.body), `"taxAreaLookup"`))
	}
}

// TestLevyMembersServerDefault: WithLevyMembers(omit) answers the
// tenants without a policy without Levy's members, with the lookup notes;
// a tenant whose policy says "include" keeps them; New refuses a value it
// does not know.
func TestLevyMembersServerDefault(t *testing.T) {
	s := newLevyMembersServer(t, WithLevyMembers(profile.LevyMembersOmit))
	plain, body := s.invoice(t, "/api/v2/supplies", "nobody", "LM-3")
	if strings.Contains(body, "taxAreaLookup") {
		t.Errorf("the server's omit: the answer has taxAreaLookup: %s", body)
	}
	if n := lookupNotes(plain, 0); len(n) != 1 || n[0]["paramName"] != "customer.destination" {
		t.Errorf("the server's omit: line 1's lookup notes %v", n)
	}
	_, body = s.invoice(t, "/api/v2/supplies", "includer", "LM-3")
	if !strings.Contains(body, "taxAreaLookup") {
		t.Errorf("a tenant whose policy includes Levy's members under the server's omit: no taxAreaLookup: %s", body)
	}
	if _, err := New(testEngine(t), WithLevyMembers("some")); err == nil || !strings.Contains(err.Error(), "include or omit") {
		t.Errorf("New with Levy's members %q: %v", "some", err)
	}
}

// TestLevyMembersProcurementAction: under omit, a CONDITIONAL_PROCUREMENT
// is answered without procurementAction, which the answer under include
// has.
func TestLevyMembersProcurementAction(t *testing.T) {
	s := newLevyMembersServer(t)
	const req = `{"purchaseMessageType":"CONDITIONAL_PROCUREMENT","transactionType":"PURCHASE","documentDate":"2026-06-01","transactionId":"LM-P",
 "buyer":{"company":"ACME","destination":{"city":"Los Angeles","mainDivision":"CA","postalCode":"90012","country":"USA"}},
 "vendor":{"physicalOrigin":{"city":"Los Angeles","mainDivision":"CA","postalCode":"90012","country":"USA"}},
 "lineItems":[{"lineItemId":"1","purchase":{"purchaseClass":"GENERAL"},"extendedPrice":100,"chargedTax":0}]}`
	bodies := map[string]string{}
	for _, tenant := range []string{"includer", "omitter"} {
		s.t = t
		a := s.do("POST", "/api/v2/procurement", strings.NewReader(req), "Authorization", "Bearer "+tenant)
		if a.status != 200 {
			t.Fatalf("%s: %d %s", tenant, a.status, a.body)
		}
		bodies[tenant] = string(a.body)
	}
	if !strings.Contains(bodies["includer"], `"procurementAction"`) {
		t.Fatalf("the conditional procurement under include has no procurementAction: %s", bodies["includer"])
	}
	if strings.Contains(bodies["omitter"], "procurementAction") || strings.Contains(bodies["omitter"], "taxAreaLookup") {
		t.Errorf("the conditional procurement under omit has Levy's members: %s", bodies["omitter"])
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestLevyMembersNotesLeaveTheResponse: the lookup notes of an owner's
// movement and of a purchase go on the lines that use each faulted
// location, a subline's own location named under its line, and the
// response given (the journal's, perhaps) is not changed.
func TestLevyMembersNotesLeaveTheResponse(t *testing.T) {
	bad := func(v string) *wire.Location {
		return &wire.Location{PostalCode: "90012", TaxAreaLookup: &wire.TaxAreaLookup{ConfidenceIndicator: "70",
			Statuses: []wire.TaxAreaLookupStatus{{LookupResult: wire.BadRegionFields, Value: v}}}}
	}
	clean := &wire.Location{PostalCode: "90012", TaxAreaLookup: &wire.TaxAreaLookup{ConfidenceIndicator: "100"}}
	prior := wire.AssistedParameter{ParamName: "productClass", RuleName: "unknown-product-class"}
	own := &wire.OwnerResponse{OwnerRequest: wire.OwnerRequest{Owner: &wire.Owner{Destination: bad("doc")}},
		LineItems: []wire.OwnerResponseLineItem{
			{AssistedParameters: []wire.AssistedParameter{prior}},
			{OwnerLineItem: wire.OwnerLineItem{Owner: &wire.Owner{Destination: clean}},
				LineItems: []wire.OwnerResponseLineItem{{OwnerLineItem: wire.OwnerLineItem{Owner: &wire.Owner{PhysicalOrigin: bad("sub")}}}}},
		}}
	before := mustJSON(t, own)
	x, ok := withoutLevyMembersOf(own).(withoutLevyMembers)
	if !ok {
		t.Fatalf("withoutLevyMembersOf(owner response) is %T", withoutLevyMembersOf(own))
	}
	got := x.resp.(*wire.OwnerResponse)
	if mustJSON(t, own) != before || len(own.LineItems[0].AssistedParameters) != 1 {
		t.Fatal("the response given was changed")
	}
	names := func(ps []wire.AssistedParameter) []string {
		var out []string
		for _, p := range ps {
			out = append(out, p.ParamName+"|"+p.RuleName+"|"+p.Value)
		}
		return out
	}
	if g, w := names(got.LineItems[0].AssistedParameters), []string{"productClass|unknown-product-class|",
		"owner.destination|tax-area-lookup|BAD_REGION_FIELDS (confidence 70): doc"}; !reflect.DeepEqual(g, w) {
		t.Errorf("line 1's notes %q, want %q", g, w)
	}
	if g, w := names(got.LineItems[1].AssistedParameters), []string{"lineItems[0].owner.physicalOrigin|tax-area-lookup|BAD_REGION_FIELDS (confidence 70): sub"}; !reflect.DeepEqual(g, w) {
		t.Errorf("line 2's notes %q, want %q", g, w)
	}
	b, err := x.AppendJSON(nil)
	if err != nil || strings.Contains(string(b), "taxAreaLookup") {
		t.Errorf("the answer without Levy's members: %v %s", err, b)
	}

	// Without a fault, the response itself is written.
	pur := &wire.PurchaseResponse{PurchaseRequest: wire.PurchaseRequest{Buyer: &wire.Buyer{Destination: clean}},
		LineItems: []wire.PurchaseResponseLineItem{{}}}
	if x := withoutLevyMembersOf(pur).(withoutLevyMembers); x.resp != withOptions(pur) {
		t.Error("a purchase without faults was copied")
	}
	pur.Vendor = &wire.Vendor{AdministrativeOrigin: bad("vendor")}
	got2 := withoutLevyMembersOf(pur).(withoutLevyMembers).resp.(*wire.PurchaseResponse)
	if g := names(got2.LineItems[0].AssistedParameters); len(g) != 1 || !strings.HasPrefix(g[0], "vendor.administrativeOrigin|") {
		t.Errorf("the purchase line's notes %q", g)
	}
	if len(pur.LineItems[0].AssistedParameters) != 0 {
		t.Error("the purchase given was changed")
	}
}

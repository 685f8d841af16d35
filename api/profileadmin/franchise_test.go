package profileadmin_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levytax/levy/api"
	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/api/profileadmin"
	"github.com/levytax/levy/auth"
	"github.com/levytax/levy/auth/authtest"
	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/data/content"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
)

// calcServer is a server on loopback that calculates with the profiles
// its admin routes change: a Badger profile store on disk, the engine's
// cache of it told of each change, and the example franchise table as
// the server's content.
type calcServer struct {
	*server
	acmeAPI, betaAPI string
}

func newCalcServer(t *testing.T) *calcServer {
	t.Helper()
	ctx := context.Background()
	quiet := slog.New(slog.DiscardHandler)
	store, err := badger.OpenProfile(ctx, filepath.Join(t.TempDir(), "profile"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	cache := profile.NewCache(store, quiet)
	e, err := engine.New(ctx, engine.WithLogger(quiet), engine.WithProfiles(cache),
		engine.WithContent(content.Options{AsOf: civil.MustParse("2026-06-01")},
			content.Source{Path: "../../data/content/testdata/franchise-example.csv"}))
	if err != nil {
		t.Fatal(err)
	}
	j, err := data.Default().Jurisdictions()
	if err != nil {
		t.Fatal(err)
	}
	svc := profile.NewService(store, profile.Config{Cache: cache, Validator: profile.Validator{
		Jurisdiction: func(id string) bool { _, ok := j.Index(id); return ok }}})
	iss := authtest.Issuer(t, auth.Config{NoActivationDelay: true})
	tokens := oauth.New(iss, oauth.WithLogger(quiet), oauth.WithReaderAudiences("levy://console"))
	opts := append([]api.Option{api.WithLogger(quiet), api.WithAuthenticator(tokens.Authenticator())}, tokens.Mounts()...)
	opts = append(opts, profileadmin.New(svc, tokens.AdminReaderAuthenticator()).Mounts()...)
	srv, err := api.New(e, opts...)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	return &calcServer{server: &server{url: ts.URL, svc: svc,
		acme: authtest.Token(t, iss, "acme", oauth.DefaultAdminAudience),
		beta: authtest.Token(t, iss, "beta", oauth.DefaultAdminAudience)},
		acmeAPI: authtest.Token(t, iss, "acme", oauth.DefaultAudience),
		betaAPI: authtest.Token(t, iss, "beta", oauth.DefaultAudience)}
}

// franchiseSale is a Chicago sale of one line in franchise area
// CHI-CABLE-1 and one in ACME-TEL-1, two lines of VoIP.
const franchiseSale = `{"saleMessageType":"QUOTATION","transactionType":"SALE","documentDate":"2026-06-01",
 "seller":{"physicalOrigin":{"city":"Chicago","mainDivision":"IL","postalCode":"60601","country":"US"}},
 "customer":{"destination":{"city":"Chicago","mainDivision":"IL","postalCode":"60601","country":"US"}},
 "lineItems":[
  {"lineItemId":"cable","product":{"productClass":"DIGITAL_STREAMING"},"extendedPrice":80,"franchiseAreaId":"CHI-CABLE-1"},
  {"lineItemId":"tel","product":{"productClass":"SERVICES"},"extendedPrice":50,"franchiseAreaId":"ACME-TEL-1",
   "lineTypes":[{"value":"VOIP","count":2}]}]}`

// fees calculates franchiseSale for the tenant of token and returns the
// franchise fees of each line by name, and whether each line's area is
// flagged not acted on.
func (s *calcServer) fees(t *testing.T, token string) ([]map[string]wire.Tax, []bool) {
	t.Helper()
	a := s.must(t, 200, "POST", api.Bases[0]+"/supplies", token, franchiseSale)
	var resp wire.SaleResponse
	a.data(t, &resp)
	var out []map[string]wire.Tax
	var flagged []bool
	for i, l := range resp.LineItems {
		m := map[string]wire.Tax{}
		for _, x := range l.Taxes {
			if x.ImpositionType != nil && x.ImpositionType.Value == "Franchise Fee" {
				m[x.Imposition.Value] = x
			}
		}
		out = append(out, m)
		f := false
		for _, p := range l.AssistedParameters {
			f = f || p.RuleName == engine.NotActedOnRule && p.ParamName == fmt.Sprintf("lineItems[%d].franchiseAreaId", i)
		}
		flagged = append(flagged, f)
	}
	return out, flagged
}

// TestFranchiseThroughTheRoutes: a franchise fee PUT, and one imported,
// over loopback reach the tenant's next calculation at once, in place
// of the server's fees of the area; the other tenant keeps the server's;
// a bad fee is refused naming its field; the fee is listed, exported and
// deleted, after which the server's fees apply again.
func TestFranchiseThroughTheRoutes(t *testing.T) {
	s := newCalcServer(t)
	// Before: the server's 5% and 1% of 80.00, and no fee for ACME-TEL-1.
	before, flagged := s.fees(t, s.acmeAPI)
	if before[0]["Cable Franchise Fee"].CalculatedTax.String() != "4.00" || before[0]["PEG Access Fee"].CalculatedTax.String() != "0.80" ||
		len(before[1]) != 0 || !flagged[1] {
		t.Fatalf("before: %+v %v", before, flagged)
	}

	a := s.must(t, 200, "PUT", p+"/franchises/CHI-CABLE-1/Cable%20Franchise%20Fee", s.acme,
		`{"rate":"0.07","jurisdiction":"US-1714000","effectiveDate":"2026-01-01","source":"acme's agreement of 2025"}`)
	var d profileadmin.FranchiseDetail
	a.data(t, &d)
	if d.Franchise == nil || d.Franchise.AreaID != "CHI-CABLE-1" || d.Franchise.Name != "Cable Franchise Fee" || d.Franchise.Rate.String() != "0.07" || len(d.Versions) != 1 {
		t.Fatalf("PUT answered %+v", d)
	}
	a = s.must(t, 200, "POST", p+"/import", s.acme,
		`{"franchises":[{"areaId":"ACME-TEL-1","name":"Telecom Franchise Fee","amount":"1.25","source":"acme's telecom franchise"}]}`)
	var imp profileadmin.ImportAnswer
	a.data(t, &imp)
	if imp.Franchises != 1 {
		t.Fatalf("import answered %+v", imp)
	}

	after, flagged := s.fees(t, s.acmeAPI)
	if f := after[0]["Cable Franchise Fee"]; len(after[0]) != 1 || f.CalculatedTax.String() != "5.60" || f.Jurisdiction.JurisdictionID != "US-1714000" ||
		f.CalculationRuleID.Value != "franchise-fee-CHI-CABLE-1" {
		t.Errorf("acme's cable fee: %+v", after[0])
	}
	if f := after[1]["Telecom Franchise Fee"]; f.CalculatedTax.String() != "2.50" || f.CalculationRuleID.Value != "franchise-fee-ACME-TEL-1" || flagged[1] {
		t.Errorf("acme's imported per-line fee: %+v %v", after[1], flagged)
	}
	beta, flagged := s.fees(t, s.betaAPI)
	if beta[0]["Cable Franchise Fee"].CalculatedTax.String() != "4.00" || len(beta[1]) != 0 || !flagged[1] {
		t.Errorf("beta sees acme's fees: %+v %v", beta, flagged)
	}

	// A bad fee is refused naming its field, and nothing is stored.
	v := s.version(t, "acme")
	a = s.must(t, 400, "PUT", p+"/franchises/CHI-CABLE-1/Cable%20Franchise%20Fee", s.acme, `{"rate":"5"}`)
	if msg := a.errs()["rate"]; !strings.Contains(msg, "under 1") {
		t.Errorf("a rate of 5: %s", a.body)
	}
	a = s.must(t, 400, "POST", p+"/franchises", s.acme, `{"areaId":"X-1","name":"Fee","rate":"0.01","amount":"1"}`)
	if msg := a.errs()["amount"]; !strings.Contains(msg, "not both") {
		t.Errorf("a rate and an amount: %s", a.body)
	}
	a = s.must(t, 400, "PUT", p+"/franchises/CHI-CABLE-1/Other", s.acme, `{"name":"Cable Franchise Fee","rate":"0.01"}`)
	if _, ok := a.errs()["name"]; !ok {
		t.Errorf("a body naming another fee: %s", a.body)
	}
	if s.version(t, "acme") != v {
		t.Error("a refused fee changed the profile")
	}
	// Beta's admin does not see acme's fee.
	s.must(t, 404, "GET", p+"/franchises/CHI-CABLE-1/Cable%20Franchise%20Fee", s.beta, "")

	var page profileadmin.FranchisePage
	s.must(t, 200, "GET", p+"/franchises?area=ACME-TEL-1", s.acme, "").data(t, &page)
	if page.Total != 1 || page.Items[0].Name != "Telecom Franchise Fee" || !page.Items[0].PerLine {
		t.Errorf("the page of ACME-TEL-1: %+v", page)
	}
	var cs profile.ChangeSet
	if err := json.Unmarshal(s.must(t, 200, "GET", p+"/export", s.acme, "").body, &cs); err != nil || len(cs.Franchises) != 2 {
		t.Errorf("the export: %+v %v", cs.Franchises, err)
	}

	s.must(t, 200, "DELETE", p+"/franchises/CHI-CABLE-1/Cable%20Franchise%20Fee", s.acme, "")
	again, _ := s.fees(t, s.acmeAPI)
	if again[0]["Cable Franchise Fee"].CalculatedTax.String() != "4.00" || again[0]["PEG Access Fee"].CalculatedTax.String() != "0.80" {
		t.Errorf("after the deletion: %+v", again[0])
	}
}

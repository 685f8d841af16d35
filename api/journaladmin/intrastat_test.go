package journaladmin_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/api/journaladmin"
	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/auth/authtest"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
)

// intrastatInvoice is a German invoice to a French business: two lines of
// laptops, one of smartphones.
const intrastatInvoice = `{"saleMessageType": "INVOICE", "transactionType": "SALE", "transactionId": "INV-FR-1", "documentDate": "2026-03-10",
 "currency": {"isoCurrencyCodeAlpha": "EUR"},
 "seller": {"physicalOrigin": {"city": "Berlin", "postalCode": "10115", "country": "DE"},
   "taxRegistrations": [{"isoCountryCode": "DE", "taxRegistrationNumber": "DE136695976"}]},
 "customer": {"destination": {"city": "Paris", "postalCode": "75001", "country": "FR"},
   "taxRegistrations": [{"isoCountryCode": "FR", "taxRegistrationNumber": "FR40303265045"}]},
 "lineItems": [
  {"lineItemId": "1", "product": {"productClass": "ELECTRONICS"}, "extendedPrice": 1000, "intrastatCommodityCode": "84713000",
   "supplementaryUnit": {"unitType": "PST", "value": 2}, "natureOfTransaction": 11, "modeOfTransport": 3, "netMassKilograms": 4, "countryOfOriginISOCode": "CHN"},
  {"lineItemId": "2", "product": {"productClass": "ELECTRONICS"}, "extendedPrice": 500, "intrastatCommodityCode": "84713000",
   "supplementaryUnit": {"unitType": "p/st", "value": 1}, "natureOfTransaction": 11, "modeOfTransport": 3, "netMassKilograms": 2, "countryOfOriginISOCode": "CHN"},
  {"lineItemId": "3", "product": {"productClass": "ELECTRONICS"}, "extendedPrice": 300, "intrastatCommodityCode": "85171300",
   "supplementaryUnit": {"unitType": "PST", "value": 3}, "natureOfTransaction": 11, "modeOfTransport": 3, "netMassKilograms": 1, "countryOfOriginISOCode": "KOR"}]}`

// TestIntrastatRoute posts an invoice through the API and reads the
// Intrastat declaration of its tenant through the admin route, as JSON
// and as CSV; a stored line with a bad code is refused, naming it; a bad
// parameter is answered 400 naming it, and another tenant 403.
func TestIntrastatRoute(t *testing.T) {
	ctx := context.Background()
	s := newServerWith(t, func(_ journal.Store, e *engine.Engine, _ *slog.Logger) []journaladmin.Option {
		return []journaladmin.Option{journaladmin.WithIntrastat(e.IntrastatCodes())}
	})
	store, iss := s.store, s.iss

	acmeAPI := authtest.Token(t, iss, "acme", oauth.DefaultAudience)
	acmeAdmin := authtest.Token(t, iss, "acme", oauth.DefaultAdminAudience)
	if resp, b := s.send(t, "POST", "/api/v2/supplies", acmeAPI, intrastatInvoice); resp.StatusCode != 200 {
		t.Fatalf("posting the invoice: %d %s", resp.StatusCode, b)
	}
	bad := &journal.Transaction{TransactionID: "OLD-1", Perspective: "SELLER", MessageType: "INVOICE", Currency: "EUR",
		DocumentDate: civil.MustParse("2026-03-12"), PostingDate: civil.MustParse("2026-03-12"),
		Lines: []journal.Line{{LineItemID: "9", Amount: money.MustParse("10"), Intrastat: &journal.IntrastatLine{Dispatch: "DE", Arrival: "FR",
			PartnerVAT: "FR40303265045", CommodityCode: "12345678", CountryOfOrigin: "CN", NatureOfTransaction: 11, NetMass: 1}}}}
	if _, err := store.Post(levy.WithTenant(ctx, "acme"), "acme", bad); err != nil {
		t.Fatal(err)
	}

	const q = "/admin/v1/journal/intrastat?from=2026-03-01&to=2026-03-31&memberState=DE&flow=dispatch"
	resp, b := s.send(t, "GET", q, acmeAdmin, "")
	if resp.StatusCode != 200 {
		t.Fatalf("JSON: %d %s", resp.StatusCode, b)
	}
	var answer struct {
		Data journal.IntrastatDeclaration `json:"data"`
	}
	if err := json.Unmarshal(b, &answer); err != nil {
		t.Fatal(err)
	}
	d := answer.Data
	if len(d.Items) != 2 || d.Items[0].CommodityCode != "84713000" || d.Items[0].NetMass != 6 || d.Items[0].SupplementaryQuantity.String() != "3" ||
		d.Items[0].InvoicedValue.String() != "1500.00" || d.Items[0].PartnerVAT != "FR40303265045" || d.Items[0].PartnerCountry != "FR" {
		t.Errorf("declaration %+v", d.Items)
	}
	if len(d.Refused) != 1 || d.Refused[0].TransactionID != "OLD-1" || d.Refused[0].LineItemID != "9" || !strings.Contains(d.Refused[0].Reason, "12345678") {
		t.Errorf("refused %+v", d.Refused)
	}

	resp, b = s.send(t, "GET", q+"&format=csv", acmeAdmin, "")
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/csv") || resp.Header.Get(journaladmin.HeaderRefused) != "1" {
		t.Fatalf("CSV: %d %v %s", resp.StatusCode, resp.Header, b)
	}
	if want := "84713000,FR,CN,11,3,FR40303265045,6,PST,3,1500.00,1500.00,2\n"; !strings.Contains(string(b), want) {
		t.Errorf("CSV %s, want the row %s", b, want)
	}
	// Whole euros, as Germany's portal takes them.
	resp, b = s.send(t, "GET", q+"&format=csv&wholeEuros=true", acmeAdmin, "")
	if want := "84713000,FR,CN,11,3,FR40303265045,6,PST,3,1500,1500,2\n"; resp.StatusCode != 200 || !strings.Contains(string(b), want) {
		t.Errorf("CSV in whole euros: %d %s, want the row %s", resp.StatusCode, b, want)
	}

	for _, c := range []struct {
		query, field string
		status       int
	}{
		{"?from=2026-03-01&to=2026-03-31&memberState=DE&flow=export", "flow", 400},
		{"?from=2026-03-01&to=2026-03-31&flow=dispatch", "memberState", 400},
		{"?to=2026-03-31&memberState=DE&flow=dispatch", "from", 400},
		{"?from=2026-03-01&to=2026-03-31&memberState=DE&flow=dispatch&format=xml", "format", 400},
		{"?from=2026-03-01&to=2026-03-31&memberState=DE&flow=dispatch&wholeEuros=yes", "wholeEuros", 400},
		{"?from=2026-03-01&to=2026-03-31&memberState=DE&flow=dispatch&wholeEuros=1&wholeEuros=0", "wholeEuros", 400},
		{"?from=2026-03-01&to=2026-03-31&memberState=DE&flow=dispatch&colour=red", "colour", 400},
		{"?from=2026-03-01&to=2026-03-31&memberState=DE&memberState=FR&flow=dispatch", "memberState", 400},
		{"?from=2026-03-01&from=2026-03-02&to=2026-03-31&memberState=DE&flow=dispatch", "from", 400},
		{"?from=2026-03-01&to=2026-03-31&memberState=DE&flow=dispatch&tenant=globex", "tenant", 403},
		// A value of 40 KB is quoted cut, not sent back whole.
		{"?from=2026-03-01&to=2026-03-31&memberState=DE&flow=" + strings.Repeat("x", 40000), "flow", 400},
		{"?from=2026-03-01&to=2026-03-31&memberState=" + strings.Repeat("x", 40000) + "&flow=dispatch", "memberState", 400},
		{"?from=2026-03-01&to=2026-03-31&memberState=DE&flow=dispatch&format=" + strings.Repeat("x", 40000), "format", 400},
		{"?from=2026-03-01&to=2026-03-31&memberState=DE&flow=dispatch&wholeEuros=" + strings.Repeat("x", 40000), "wholeEuros", 400},
	} {
		resp, b := s.send(t, "GET", "/admin/v1/journal/intrastat"+c.query, acmeAdmin, "")
		if resp.StatusCode != c.status || !strings.Contains(string(b), `"`+c.field+`"`) {
			t.Errorf("%.80s: %d %.400s, want %d naming %s", c.query, resp.StatusCode, b, c.status, c.field)
		}
		if len(b) > 1024 {
			t.Errorf("%.80s: the refusal has %d bytes, quoting the value back", c.query, len(b))
		}
	}
	if resp, _ := s.send(t, "GET", q, acmeAPI, ""); resp.StatusCode != 403 {
		t.Errorf("an API token reads the declaration: %d", resp.StatusCode)
	}

	// A second company's dispatch: each company declares its own goods.
	other := &journal.Transaction{TransactionID: "DE02-1", Perspective: "SELLER", MessageType: "INVOICE", Currency: "EUR", Company: "DE02",
		DocumentDate: civil.MustParse("2026-03-13"), PostingDate: civil.MustParse("2026-03-13"),
		Lines: []journal.Line{{LineItemID: "1", Amount: money.MustParse("40"), Intrastat: &journal.IntrastatLine{Dispatch: "DE", Arrival: "FR",
			PartnerVAT: "FR40303265045", CommodityCode: "84713000", SupplementaryUnit: "PST", SupplementaryQuantity: money.MustParse("1"),
			CountryOfOrigin: "CN", NatureOfTransaction: 11, ModeOfTransport: 3, NetMass: 1}}}}
	if _, err := store.Post(levy.WithTenant(ctx, "acme"), "acme", other); err != nil {
		t.Fatal(err)
	}
	if resp, b := s.send(t, "GET", q, acmeAdmin, ""); resp.StatusCode != 400 || !strings.Contains(string(b), `"company"`) ||
		!strings.Contains(string(b), "DE02") {
		t.Errorf("two companies' dispatches, no company named: %d %s, want 400 naming company and DE02", resp.StatusCode, b)
	}
	resp, b = s.send(t, "GET", q+"&company=DE02&format=csv", acmeAdmin, "")
	if want := "84713000,FR,CN,11,3,FR40303265045,1,PST,1,40.00,40.00,1\n"; resp.StatusCode != 200 || !strings.HasSuffix(string(b), "lines\n"+want) {
		t.Errorf("DE02's declaration: %d %s, want its one row %s", resp.StatusCode, b, want)
	}
}

// intrastatPurchase is a German company's purchase of a laptop from a
// French vendor, delivered to Berlin: the goods arrive in Germany.
const intrastatPurchase = `{"purchaseMessageType": "ACCRUAL", "transactionType": "PURCHASE", "transactionId": "PUR-FR-1", "documentDate": "2026-03-11",
 "currency": {"isoCurrencyCodeAlpha": "EUR"},
 "vendor": {"physicalOrigin": {"city": "Paris", "postalCode": "75001", "country": "FR"},
   "taxRegistrations": [{"isoCountryCode": "FR", "taxRegistrationNumber": "FR40303265045"}]},
 "buyer": {"destination": {"city": "Berlin", "postalCode": "10115", "country": "DE"},
   "taxRegistrations": [{"isoCountryCode": "DE", "taxRegistrationNumber": "DE136695976"}]},
 "lineItems": [
  {"lineItemId": "1", "purchase": {"purchaseClass": "ELECTRONICS"}, "extendedPrice": 700, "intrastatCommodityCode": "84713000",
   "supplementaryUnit": {"unitType": "PST", "value": 1}, "natureOfTransaction": 11, "modeOfTransport": 3, "netMassKilograms": 2, "countryOfOriginISOCode": "CHN"}]}`

// TestIntrastatFlowsOfTheTenant posts, through the API over a Badger
// journal, a German company's sale to France and its purchase from
// France, and reads the four declarations of Germany and France: the
// sale is a German dispatch and the purchase a German arrival, and
// neither is declared by France for the tenant (the French customer
// declares the sale's arrival, the French vendor the purchase's
// dispatch). Levy declared the sale among France's arrivals and the
// purchase among France's dispatches, with the tenant's own VAT number
// as the partner's.
func TestIntrastatFlowsOfTheTenant(t *testing.T) {
	s := newServerWith(t, func(_ journal.Store, e *engine.Engine, _ *slog.Logger) []journaladmin.Option {
		return []journaladmin.Option{journaladmin.WithIntrastat(e.IntrastatCodes())}
	})
	acmeAPI := authtest.Token(t, s.iss, "acme", oauth.DefaultAudience)
	acmeAdmin := authtest.Token(t, s.iss, "acme", oauth.DefaultAdminAudience)
	if resp, b := s.send(t, "POST", "/api/v2/supplies", acmeAPI, intrastatInvoice); resp.StatusCode != 200 {
		t.Fatalf("posting the invoice: %d %s", resp.StatusCode, b)
	}
	if resp, b := s.send(t, "POST", "/api/v2/procurement", acmeAPI, intrastatPurchase); resp.StatusCode != 200 {
		t.Fatalf("posting the purchase: %d %s", resp.StatusCode, b)
	}
	declare := func(memberState, flow string) journal.IntrastatDeclaration {
		t.Helper()
		resp, b := s.send(t, "GET", "/admin/v1/journal/intrastat?from=2026-03-01&to=2026-03-31&memberState="+memberState+"&flow="+flow, acmeAdmin, "")
		if resp.StatusCode != 200 {
			t.Fatalf("%s %s: %d %s", memberState, flow, resp.StatusCode, b)
		}
		var answer struct {
			Data journal.IntrastatDeclaration `json:"data"`
		}
		if err := json.Unmarshal(b, &answer); err != nil {
			t.Fatal(err)
		}
		return answer.Data
	}
	if d := declare("DE", "dispatch"); len(d.Items) != 2 || d.Items[0].InvoicedValue.String() != "1500.00" || d.Items[1].InvoicedValue.String() != "300.00" {
		t.Errorf("German dispatches: %+v, want the sale's two items", d.Items)
	}
	if d := declare("DE", "arrival"); len(d.Items) != 1 || d.Items[0].InvoicedValue.String() != "700.00" || d.Items[0].PartnerCountry != "FR" {
		t.Errorf("German arrivals: %+v, want the purchase", d.Items)
	}
	if d := declare("FR", "arrival"); len(d.Items) != 0 || len(d.Refused) != 0 {
		t.Errorf("French arrivals: %+v %+v, want none (the sale is the customer's arrival)", d.Items, d.Refused)
	}
	if d := declare("FR", "dispatch"); len(d.Items) != 0 || len(d.Refused) != 0 {
		t.Errorf("French dispatches: %+v %+v, want none (the purchase is the vendor's dispatch)", d.Items, d.Refused)
	}
}

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
)

// returnCreditNote is the credit note, in April, of a German seller whose
// French customer sent back one of the laptops of intrastatInvoice:
// nature of transaction 21 (return of goods), the amount credited below
// zero, the mass and pieces that come back as sent.
func returnCreditNote(id, price string) string {
	return `{"saleMessageType": "INVOICE", "transactionType": "SALE", "transactionId": "` + id + `", "documentDate": "2026-04-14",
 "currency": {"isoCurrencyCodeAlpha": "EUR"},
 "seller": {"physicalOrigin": {"city": "Berlin", "postalCode": "10115", "country": "DE"},
   "taxRegistrations": [{"isoCountryCode": "DE", "taxRegistrationNumber": "DE136695976"}]},
 "customer": {"destination": {"city": "Paris", "postalCode": "75001", "country": "FR"},
   "taxRegistrations": [{"isoCountryCode": "FR", "taxRegistrationNumber": "FR40303265045"}]},
 "lineItems": [{"lineItemId": "1", "product": {"productClass": "ELECTRONICS"}, "extendedPrice": ` + price + `, "intrastatCommodityCode": "84713000",
   "supplementaryUnit": {"unitType": "PST", "value": 1}, "natureOfTransaction": 21, "modeOfTransport": 3, "netMassKilograms": 2,
   "countryOfOriginISOCode": "CHN"}]}`
}

// TestIntrastatRouteSellerReturn posts through the API a Berlin seller's
// March invoice to Paris and its April credit note for a laptop sent
// back (nature of transaction 21), another reversed in April, and an
// April purchase from Paris; a
// second tenant posts a return of its own. Germany's April arrivals, as
// JSON and as CSV, hold the return from France (1 piece, 2 kg, 500.00,
// nature 21) beside the purchase, and not the other tenant's; April's
// dispatches hold nothing and refuse nothing. Levy declared the purchase
// alone and refused the credit note from the dispatches.
func TestIntrastatRouteSellerReturn(t *testing.T) {
	s := newServerWith(t, func(_ journal.Store, e *engine.Engine, _ *slog.Logger) []journaladmin.Option {
		return []journaladmin.Option{journaladmin.WithIntrastat(e.IntrastatCodes())}
	})
	acmeAPI := authtest.Token(t, s.iss, "acme", oauth.DefaultAudience)
	acmeAdmin := authtest.Token(t, s.iss, "acme", oauth.DefaultAdminAudience)
	globexAPI := authtest.Token(t, s.iss, "globex", oauth.DefaultAudience)
	purchase := strings.NewReplacer(`"2026-03-11"`, `"2026-04-20"`, `"PUR-FR-1"`, `"PUR-FR-4"`).Replace(intrastatPurchase)
	for _, p := range []struct{ path, token, body string }{
		{"/api/v2/supplies", acmeAPI, intrastatInvoice},
		{"/api/v2/supplies", acmeAPI, returnCreditNote("CN-FR-1", "-500")},
		{"/api/v2/supplies", acmeAPI, returnCreditNote("CN-FR-2", "-480")},
		{"/api/v2/procurement", acmeAPI, purchase},
		{"/api/v2/supplies", globexAPI, returnCreditNote("CN-GX-1", "-450")},
	} {
		if resp, b := s.send(t, "POST", p.path, p.token, p.body); resp.StatusCode != 200 {
			t.Fatalf("posting to %s: %d %s", p.path, resp.StatusCode, b)
		}
	}
	// The second credit note was a mistake: its reversal in April takes
	// it back out of the arrivals.
	if _, err := s.store.Reverse(levy.WithTenant(context.Background(), "acme"), "acme", "CN-FR-2",
		journal.Reversal{TransactionID: "CN-FR-2-R", PostingDate: civil.MustParse("2026-04-16")}); err != nil {
		t.Fatal(err)
	}
	const q = "/admin/v1/journal/intrastat?from=2026-04-01&to=2026-04-30&memberState=DE&flow="
	declare := func(flow string) journal.IntrastatDeclaration {
		t.Helper()
		resp, b := s.send(t, "GET", q+flow, acmeAdmin, "")
		if resp.StatusCode != 200 {
			t.Fatalf("%s: %d %s", flow, resp.StatusCode, b)
		}
		var answer struct {
			Data journal.IntrastatDeclaration `json:"data"`
		}
		if err := json.Unmarshal(b, &answer); err != nil {
			t.Fatal(err)
		}
		return answer.Data
	}
	d := declare("arrival")
	if len(d.Items) != 2 || len(d.Refused) != 0 {
		t.Fatalf("April arrivals of DE: items %+v refused %+v, want the purchase and the return", d.Items, d.Refused)
	}
	ret := d.Items[1]
	if d.Items[0].NatureOfTransaction != 11 || d.Items[0].InvoicedValue.String() != "700.00" || ret.NatureOfTransaction != 21 ||
		ret.PartnerCountry != "FR" || ret.CountryOfOrigin != "CN" || ret.NetMass != 2 || ret.SupplementaryQuantity.String() != "1" ||
		ret.InvoicedValue.String() != "500.00" || ret.StatisticalValue.String() != "500.00" || ret.PartnerVAT != "" || ret.Lines != 1 {
		t.Errorf("April arrivals of DE: %+v, want the purchase (11, 700.00) and the return from FR (21, 2 kg, 1 piece, 500.00)", d.Items)
	}
	resp, b := s.send(t, "GET", q+"arrival&format=csv", acmeAdmin, "")
	if want := "84713000,FR,CN,21,3,,2,PST,1,500.00,500.00,1\n"; resp.StatusCode != 200 || !strings.HasSuffix(string(b), want) ||
		resp.Header.Get(journaladmin.HeaderRefused) != "0" {
		t.Errorf("April arrivals of DE as CSV: %d refused %q\n%s\nwant it to end with %q", resp.StatusCode, resp.Header.Get(journaladmin.HeaderRefused), b, want)
	}
	if d := declare("dispatch"); len(d.Items) != 0 || len(d.Refused) != 0 {
		t.Errorf("April dispatches of DE: items %+v refused %+v, want none", d.Items, d.Refused)
	}
}

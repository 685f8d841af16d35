package journaladmin_test

import (
	"encoding/json"
	"log/slog"
	"testing"

	"github.com/levytax/levy/api/journaladmin"
	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/auth/authtest"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/journal"
)

// windsorInvoice is an invoice in pounds from a trader in Belfast (its
// XI number) to a French business: a laptop, goods that under the Windsor
// Framework leave Northern Ireland for a member state.
const windsorInvoice = `{"saleMessageType": "INVOICE", "transactionType": "SALE", "transactionId": "INV-XI-FR-1", "documentDate": "2026-03-10",
 "currency": {"isoCurrencyCodeAlpha": "GBP"},
 "seller": {"physicalOrigin": {"city": "Belfast", "postalCode": "BT1 5GS", "country": "GB"},
   "taxRegistrations": [{"isoCountryCode": "XI", "taxRegistrationNumber": "XI000472631"}]},
 "customer": {"destination": {"city": "Paris", "postalCode": "75001", "country": "FR"},
   "taxRegistrations": [{"isoCountryCode": "FR", "taxRegistrationNumber": "FR40303265045"}]},
 "lineItems": [
  {"lineItemId": "1", "product": {"productClass": "ELECTRONICS"}, "extendedPrice": 800, "intrastatCommodityCode": "84713000",
   "supplementaryUnit": {"unitType": "PST", "value": 1}, "natureOfTransaction": 11, "modeOfTransport": 3, "netMassKilograms": 2, "countryOfOriginISOCode": "CHN"}]}`

// TestIntrastatRouteNorthernIreland: the Belfast trader's invoice, posted
// through the API, is an intra-community supply to France (the French
// customer accounts for the VAT), and the admin route declares it under
// memberState XI, Northern Ireland's declaration to HMRC, in pounds.
// Before, the sale was an export zero-rated by the seller and XI was
// answered 400 as no member state.
func TestIntrastatRouteNorthernIreland(t *testing.T) {
	s := newServerWith(t, func(_ journal.Store, e *engine.Engine, _ *slog.Logger) []journaladmin.Option {
		return []journaladmin.Option{journaladmin.WithIntrastat(e.IntrastatCodes())}
	})
	acmeAPI := authtest.Token(t, s.iss, "acme", oauth.DefaultAudience)
	acmeAdmin := authtest.Token(t, s.iss, "acme", oauth.DefaultAdminAudience)
	resp, b := s.send(t, "POST", "/api/v2/supplies", acmeAPI, windsorInvoice)
	if resp.StatusCode != 200 {
		t.Fatalf("posting the invoice: %d %s", resp.StatusCode, b)
	}
	var sale struct {
		Data struct {
			LineItems []struct {
				Taxes []struct {
					CalculationRuleID struct{ Value string } `json:"calculationRuleId"`
					Jurisdiction      struct {
						JurisdictionID string `json:"jurisdictionId"`
					} `json:"jurisdiction"`
				} `json:"taxes"`
			} `json:"lineItems"`
		} `json:"data"`
	}
	if err := json.Unmarshal(b, &sale); err != nil {
		t.Fatal(err)
	}
	if ls := sale.Data.LineItems; len(ls) != 1 || len(ls[0].Taxes) != 1 || ls[0].Taxes[0].CalculationRuleID.Value != "eu-reverse-charge" || ls[0].Taxes[0].Jurisdiction.JurisdictionID != "FR" {
		t.Fatalf("the sale's taxes: %s, want France's eu-reverse-charge", b)
	}
	resp, b = s.send(t, "GET", "/admin/v1/journal/intrastat?from=2026-03-01&to=2026-03-31&memberState=XI&flow=dispatch&currency=GBP", acmeAdmin, "")
	if resp.StatusCode != 200 {
		t.Fatalf("XI dispatches: %d %s", resp.StatusCode, b)
	}
	var answer struct {
		Data journal.IntrastatDeclaration `json:"data"`
	}
	if err := json.Unmarshal(b, &answer); err != nil {
		t.Fatal(err)
	}
	if d := answer.Data; len(d.Items) != 1 || d.Items[0].PartnerCountry != "FR" || d.Items[0].PartnerVAT != "FR40303265045" || d.Items[0].InvoicedValue.String() != "800.00" {
		t.Errorf("XI dispatches: items %+v refused %+v, want the 800.00 laptop to FR", d.Items, d.Refused)
	}
}

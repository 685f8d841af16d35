package api

import (
	"testing"

	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/wire"
)

// TestLocationEvidenceSaysDestinationOverHTTP sends, on loopback, sales
// from Berlin to consumers who send location evidence and no
// destination: each line taxed at the destination the evidence gave
// carries the location-evidence parameter, naming the evidence's path,
// the country and the members that gave it; a line whose customer sends
// a destination beside evidence is taxed there and carries none. Before,
// the evidence acted with nothing in the answer saying so.
func TestLocationEvidenceSaysDestinationOverHTTP(t *testing.T) {
	h := newHarness(t)
	const seller = `"seller":{"physicalOrigin":{"city":"Berlin","postalCode":"10115","country":"DE"}}`
	var resp wire.SaleResponse
	dataOf(t, h.post("/api/v2/supplies", `{"saleMessageType":"QUOTATION","transactionType":"SALE","documentDate":"2026-06-01",`+seller+`,
 "customer":{"locationEvidence":{"selfDeclaration":{"address":{"country":"FR"}},"paymentMethod":{"country":"DE"},"otherCommerciallyRelevantInfo":{"country":"DEU"}}},
 "lineItems":[
  {"lineItemId":"votes","product":{"productClass":"GENERAL"},"extendedPrice":100},
  {"lineItemId":"forced","product":{"productClass":"GENERAL"},"extendedPrice":100,
   "customer":{"locationEvidence":{"forced":{"address":{"country":"FR"}},"paymentMethod":{"country":"DE"}}}},
  {"lineItemId":"sent","product":{"productClass":"GENERAL"},"extendedPrice":100,
   "customer":{"destination":{"city":"Paris","postalCode":"75001","country":"FR"},"locationEvidence":{"paymentMethod":{"country":"DE"}}}}]}`), &resp)
	if len(resp.LineItems) != 3 {
		t.Fatalf("%d lines, want 3", len(resp.LineItems))
	}
	cases := []struct {
		tax         string // by hand: 19 % of 100 in Germany, 20 % in France
		path, where string
		value       string
	}{
		{"19.00", "customer.locationEvidence", "DE",
			"no destination was sent: the location evidence (paymentMethod, otherCommerciallyRelevantInfo) gave the destination DE"},
		{"20.00", "lineItems[1].customer.locationEvidence", "FR",
			"no destination was sent: the location evidence (forced) gave the destination FR"},
		{"20.00", "", "", ""},
	}
	for i, c := range cases {
		l := resp.LineItems[i]
		if l.TotalTax.String() != c.tax {
			t.Errorf("%s: total tax %s, want %s", l.LineItemID, l.TotalTax, c.tax)
		}
		var got []wire.AssistedParameter
		for _, p := range l.AssistedParameters {
			if p.RuleName == engine.LocationEvidenceRule {
				got = append(got, p)
			}
		}
		if c.path == "" {
			if len(got) != 0 {
				t.Errorf("%s sent a destination and carries %+v", l.LineItemID, got)
			}
			continue
		}
		if len(got) != 1 || got[0].ParamName != c.path || got[0].OriginalValue != c.where || got[0].Value != c.value || got[0].Phase != wire.PhasePre {
			t.Errorf("%s: location-evidence parameters %+v, want one of %s, %s: %q", l.LineItemID, got, c.path, c.where, c.value)
		}
	}
}

// TestLocationEvidenceFaultsNameTheEvidenceOverHTTP sends, on loopback,
// location evidence without a destination whose countries or main
// division Levy does not know: each is refused with 400 naming the
// evidence's member, not customer.destination, which the request did not
// send (before, an unknown country of paymentMethod was dropped without
// a word, and the others named customer.destination). Evidence whose only
// member maps to no country (a private IP address) is no fault: the line
// is taxed without a destination (19 % of 100 at the Berlin origin) and
// its location-evidence parameter says the evidence gave none.
func TestLocationEvidenceFaultsNameTheEvidenceOverHTTP(t *testing.T) {
	h := newHarness(t)
	sale := func(evidence string) answer {
		return h.post("/api/v2/supplies", `{"saleMessageType":"QUOTATION","transactionType":"SALE","documentDate":"2026-06-01",
 "seller":{"physicalOrigin":{"city":"Berlin","postalCode":"10115","country":"DE"}},"customer":{"locationEvidence":`+evidence+`},
 "lineItems":[{"lineItemId":"1","product":{"productClass":"GENERAL"},"extendedPrice":100}]}`)
	}
	for _, c := range []struct{ evidence, target string }{
		{`{"paymentMethod":{"country":"ZZ"}}`, "customer.locationEvidence.paymentMethod.country"},
		{`{"selfDeclaration":{"address":{"country":"FR"}},"otherCommerciallyRelevantInfo":{"country":"Atlantis"}}`, "customer.locationEvidence.otherCommerciallyRelevantInfo.country"},
		{`{"selfDeclaration":{"address":{"country":"US","mainDivision":"ZZ"}}}`, "customer.locationEvidence.selfDeclaration.address.mainDivision"},
		{`{"forced":{"address":{"country":"XX"}}}`, "customer.locationEvidence.forced.address.country"},
	} {
		a := sale(c.evidence)
		if a.status != 400 {
			t.Errorf("%s: status %d, want 400: %s", c.evidence, a.status, a.body)
			continue
		}
		errs := errorsOf(t, a)
		if len(errs) != 1 || errs[0].Target != c.target {
			t.Errorf("%s: errors %+v, want one naming %s", c.evidence, errs, c.target)
		}
	}

	var resp wire.SaleResponse
	dataOf(t, sale(`{"ipAddress":{"value":"10.0.0.1"}}`), &resp)
	l := resp.LineItems[0]
	if l.TotalTax.String() != "19.00" {
		t.Errorf("private IP address: total tax %s, want 19.00", l.TotalTax)
	}
	var got []wire.AssistedParameter
	for _, p := range l.AssistedParameters {
		if p.RuleName == engine.LocationEvidenceRule {
			got = append(got, p)
		}
	}
	const want = "no destination was sent, and the location evidence (ipAddress) gave no country: the line has no destination"
	if len(got) != 1 || got[0].ParamName != "customer.locationEvidence" || got[0].OriginalValue != "" || got[0].Value != want {
		t.Errorf("private IP address: location-evidence parameters %+v, want one saying %q", got, want)
	}
}

package api

import (
	"slices"
	"testing"

	"github.com/levytax/levy/wire"
)

// TestCanadaGSTHSTBreakOverHTTP sends, on a server on loopback, an invoice
// in Canadian dollars from a Toronto seller to a Toronto customer during
// the GST/HST break of December 14, 2024 to February 15, 2025: the
// restaurant meal, the candy, the soft drink, the print newspaper and the
// diapers bear no HST at all, the general good the 13% HST, 5% GST and 8%
// Ontario part, to the cent. The same invoice the day after the break bears
// the HST on the meal, the candy and the drink, and the GST alone on the
// newspaper and the diapers (Ontario's point-of-sale rebate). A restaurant
// meal sold in Vancouver bears the GST alone: British Columbia's PST
// exempts it (Bulletin PST 119).
func TestCanadaGSTHSTBreakOverHTTP(t *testing.T) {
	h := newHarness(t)
	const parties = `"currency":{"isoCurrencyCodeAlpha":"CAD"},
 "seller":{"physicalOrigin":{"city":"Toronto","mainDivision":"ON","postalCode":"M5V 3L9","country":"CA"}},
 "customer":{"destination":{"city":"Toronto","mainDivision":"ON","postalCode":"M5H 2N2","country":"CA"}}`
	const lines = `"lineItems":[
 {"lineItemId":"meal","product":{"productClass":"PREPARED_FOOD"},"extendedPrice":23.47},
 {"lineItemId":"candy","product":{"productClass":"CANDY"},"extendedPrice":3.99},
 {"lineItemId":"drink","product":{"productClass":"SOFT_DRINKS"},"extendedPrice":2.49},
 {"lineItemId":"paper","product":{"productClass":"NEWSPAPERS"},"extendedPrice":1.75},
 {"lineItemId":"diapers","product":{"productClass":"DIAPERS"},"extendedPrice":34.99},
 {"lineItemId":"lamp","product":{"productClass":"GENERAL"},"extendedPrice":59.99}]`
	for _, c := range []struct {
		date  string
		taxes map[string]string // line: its tax, GST and Ontario part together
		total string
	}{
		// The lamp: 5% of 59.99 is 3.00 (2.9995), 8% is 4.80 (4.7992).
		{"2025-01-15", map[string]string{"meal": "0.00", "candy": "0.00", "drink": "0.00", "paper": "0.00", "diapers": "0.00", "lamp": "7.80"}, "7.80"},
		// The meal: 1.17 (1.1735) and 1.88 (1.8776); the candy 0.20 and
		// 0.32; the drink 0.12 and 0.20; the paper 0.09 (0.0875); the
		// diapers 1.75 (1.7495).
		{"2025-02-16", map[string]string{"meal": "3.05", "candy": "0.52", "drink": "0.32", "paper": "0.09", "diapers": "1.75", "lamp": "7.80"}, "13.53"},
	} {
		var r wire.SaleResponse
		dataOf(t, h.post("/api/v2/supplies", `{"saleMessageType":"INVOICE","transactionType":"SALE","documentDate":"`+c.date+`",`+parties+`,`+lines+`}`), &r)
		got := map[string]string{}
		for _, l := range r.LineItems {
			got[l.LineItemID] = l.TotalTax.String()
		}
		checkLineTaxes(t, c.date, got, r.TotalTax.String(), c.taxes, c.total)
	}

	var bc wire.SaleResponse
	dataOf(t, h.post("/api/v2/supplies", `{"saleMessageType":"INVOICE","transactionType":"SALE","documentDate":"2026-06-01","currency":{"isoCurrencyCodeAlpha":"CAD"},
 "seller":{"physicalOrigin":{"city":"Vancouver","mainDivision":"BC","postalCode":"V6B 1A1","country":"CA"}},
 "customer":{"destination":{"city":"Vancouver","mainDivision":"BC","postalCode":"V6B 1A1","country":"CA"}},
 "lineItems":[{"lineItemId":"meal","product":{"productClass":"PREPARED_FOOD"},"extendedPrice":48.50}]}`), &bc)
	if got := bc.TotalTax.String(); got != "2.43" {
		t.Errorf("a restaurant meal of 48.50 in Vancouver: tax %s, want 2.43 (the GST alone)", got)
	}
}

// TestBritishColumbiaPSTPharmacyInvoiceOverHTTP sends, on a server on
// loopback, a Vancouver shop's invoice of a magazine, a cold remedy,
// vitamins, an e-book and a general good. British Columbia's PST leaves
// out most magazines, electronic books, household medical aids and
// vitamins and supplements (the Ministry of Finance's list of April 2013,
// "5% GST, no PST"; Provincial Sales Tax Exemption and Refund Regulation
// s. 3(1)(e) and s. 4), so only the general good bears the 7% PST. By hand,
// each line's GST at 5% and PST at 7% rounded half up to the cent: the
// magazine 6.99 bears 0.35 (0.3495); the cold remedy 12.49, 0.62
// (0.6245); the vitamins 19.99, 1.00 (0.9995); the e-book 14.99, 0.75
// (0.7495); the general good 9.99, 0.50 (0.4995) and 0.70 (0.6993), 1.20.
// The invoice bears 3.92. Levy used to charge the PST on all five lines
// (0.49, 0.87, 1.40 and 1.05 more), 7.73 in all.
func TestBritishColumbiaPSTPharmacyInvoiceOverHTTP(t *testing.T) {
	h := newHarness(t)
	var r wire.SaleResponse
	dataOf(t, h.post("/api/v2/supplies", `{"saleMessageType":"INVOICE","transactionType":"SALE","documentDate":"2026-06-01","currency":{"isoCurrencyCodeAlpha":"CAD"},
 "seller":{"physicalOrigin":{"city":"Vancouver","mainDivision":"BC","postalCode":"V6B 1A1","country":"CA"}},
 "customer":{"destination":{"city":"Vancouver","mainDivision":"BC","postalCode":"V6B 1A1","country":"CA"}},
 "lineItems":[
 {"lineItemId":"magazine","product":{"productClass":"MAGAZINES"},"extendedPrice":6.99},
 {"lineItemId":"cold","product":{"productClass":"OTC_DRUGS"},"extendedPrice":12.49},
 {"lineItemId":"vitamins","product":{"productClass":"DIETARY_SUPPLEMENTS"},"extendedPrice":19.99},
 {"lineItemId":"ebook","product":{"productClass":"EBOOKS"},"extendedPrice":14.99},
 {"lineItemId":"mug","product":{"productClass":"GENERAL"},"extendedPrice":9.99}]}`), &r)
	want := map[string]string{"magazine": "0.35", "cold": "0.62", "vitamins": "1.00", "ebook": "0.75", "mug": "1.20"}
	got := map[string]string{}
	for _, l := range r.LineItems {
		got[l.LineItemID] = l.TotalTax.String()
	}
	checkLineTaxes(t, "2026-06-01", got, r.TotalTax.String(), want, "3.92")
}

// TestCanadaAccrualOverHTTP posts, on a server on loopback, a Vancouver
// buyer's ACCRUAL of two goods from a Toronto vendor: a chair of 100.00
// on which the vendor charged the GST alone (5.00), and a lamp of 40.00 on
// which it charged nothing. The GST of a supply made in Canada is the
// vendor's to collect (Excise Tax Act s. 165 and s. 221); the buyer
// self-assesses British Columbia's PST it was not charged (Provincial
// Sales Tax Act s. 49). By hand: the chair's PST, 7% of 100.00, 7.00; the
// lamp's, 7% of 40.00, 2.80; the GST, 5.00 and 2.00, the buyer accrues
// none of. The buyer accrues 9.80; Levy used to accrue 11.80 (the lamp's
// GST, 2.00, too).
func TestCanadaAccrualOverHTTP(t *testing.T) {
	h := newHarness(t)
	var r wire.PurchaseResponse
	dataOf(t, h.post("/api/v2/procurement", `{"purchaseMessageType":"ACCRUAL","transactionType":"PURCHASE","documentDate":"2026-06-01","currency":{"isoCurrencyCodeAlpha":"CAD"},
 "vendor":{"physicalOrigin":{"city":"Toronto","mainDivision":"ON","postalCode":"M5V 3L9","country":"CA"}},
 "buyer":{"destination":{"city":"Vancouver","mainDivision":"BC","postalCode":"V6B 1A1","country":"CA"}},
 "lineItems":[
 {"lineItemId":"chair","purchase":{"purchaseClass":"GENERAL"},"extendedPrice":100.00,"chargedTax":5.00},
 {"lineItemId":"lamp","purchase":{"purchaseClass":"GENERAL"},"extendedPrice":40.00}]}`), &r)
	want := map[string]string{"chair": "7.00", "lamp": "2.80"}
	got := map[string]string{}
	for _, l := range r.LineItems {
		got[l.LineItemID] = l.TotalTax.String()
	}
	checkLineTaxes(t, "2026-06-01", got, r.TotalTax.String(), want, "9.80")
}

// TestCanadaImportedServicesOverHTTP posts, on a server on loopback, the
// ACCRUAL of a Vancouver buyer registered for the GST/HST of SAAS of
// 250.00 from a New York vendor. The Excise Tax Act self-assesses an
// imported taxable supply only when it is not for use exclusively in
// commercial activities (Part IX, Division IV, s. 217 and s. 218): the GST,
// 5% of 250.00, 12.50, is a reverse charge (INPUT_OUTPUT, REVERSE_CHARGE)
// the registrant deducts. British Columbia's PST on software from abroad
// (Provincial Sales Tax Act), 7% of 250.00, 17.50, is the buyer's
// plain use tax (INPUT). Levy used to accrue the GST as plain use tax too.
func TestCanadaImportedServicesOverHTTP(t *testing.T) {
	h := newHarness(t)
	var r wire.PurchaseResponse
	dataOf(t, h.post("/api/v2/procurement", `{"purchaseMessageType":"ACCRUAL","transactionType":"PURCHASE","documentDate":"2026-06-01","currency":{"isoCurrencyCodeAlpha":"CAD"},
 "vendor":{"physicalOrigin":{"city":"New York","mainDivision":"NY","postalCode":"10001","country":"US"}},
 "buyer":{"destination":{"city":"Vancouver","mainDivision":"BC","postalCode":"V6B 1A1","country":"CA"},
  "taxRegistrations":[{"isoCountryCode":"CA","taxRegistrationNumber":"123456789RT0001"}]},
 "lineItems":[{"lineItemId":"crm","purchase":{"purchaseClass":"SAAS"},"extendedPrice":250.00}]}`), &r)
	if len(r.LineItems) != 1 {
		t.Fatalf("%d lines, want 1", len(r.LineItems))
	}
	want := map[string]struct {
		tax     string
		io      wire.InputOutputType
		reverse bool
	}{"CA": {"12.50", wire.InputOutputTypeInputOutput, true}, "CA-BC": {"17.50", wire.InputOutputTypeInput, false}}
	for id, tx := range taxesOf(t, r.LineItems[0].Taxes, "CA", "CA-BC") {
		w := want[id]
		if tx.CalculatedTax.String() != w.tax || tx.InputOutputType != w.io || (tx.ReasonCode == "REVERSE_CHARGE") != w.reverse {
			t.Errorf("%s: tax %s, %s, reason %q; want %s, %s, reverse charge %v", id, tx.CalculatedTax, tx.InputOutputType, tx.ReasonCode, w.tax, w.io, w.reverse)
		}
	}
}

// TestCanadaTaxIncludedAccrualOverHTTP posts, on a server on loopback, a
// Vancouver buyer's ACCRUAL of a chair bought from a Toronto vendor for
// 112.00 tax included (taxIncludedIndicator). The price holds the vendor's
// GST, which the vendor charges and remits (Excise Tax Act s. 165 and
// s. 221), and British Columbia's PST, which the buyer self-assesses
// (Provincial Sales Tax Act s. 49). By hand: 112.00 / (1 + 0.05 + 0.07) =
// 100.00 net; PST 7% of 100.00 = 7.00 accrued; the GST of 5.00 is the
// vendor's (a NONTAXABLE record of 100.00). Levy used to back out the PST
// alone: 112.00 / 1.07 = 104.67, with 7.33 of PST.
func TestCanadaTaxIncludedAccrualOverHTTP(t *testing.T) {
	h := newHarness(t)
	var r wire.PurchaseResponse
	dataOf(t, h.post("/api/v2/procurement", `{"purchaseMessageType":"ACCRUAL","transactionType":"PURCHASE","documentDate":"2026-06-01","currency":{"isoCurrencyCodeAlpha":"CAD"},
 "vendor":{"physicalOrigin":{"city":"Toronto","mainDivision":"ON","postalCode":"M5V 3L9","country":"CA"}},
 "buyer":{"destination":{"city":"Vancouver","mainDivision":"BC","postalCode":"V6B 1A1","country":"CA"}},
 "lineItems":[{"lineItemId":"chair","purchase":{"purchaseClass":"GENERAL"},"extendedPrice":112.00,"taxIncludedIndicator":true}]}`), &r)
	if len(r.LineItems) != 1 {
		t.Fatalf("%d lines, want 1", len(r.LineItems))
	}
	want := map[string]struct{ tax, taxable, nonTaxable string }{
		"CA":    {"0.00", "0.00", "100.00"},
		"CA-BC": {"7.00", "100.00", "0.00"},
	}
	for id, tx := range taxesOf(t, r.LineItems[0].Taxes, "CA", "CA-BC") {
		got := struct{ tax, taxable, nonTaxable string }{tx.CalculatedTax.String(), tx.Taxable.Decimal().StringFixed(2), tx.NonTaxable.Decimal().StringFixed(2)}
		if got != want[id] {
			t.Errorf("%s: tax, taxable, nontaxable %+v, want %+v", id, got, want[id])
		}
	}
	if got := r.TotalTax.String(); got != "7.00" {
		t.Errorf("total tax %s, want 7.00", got)
	}
}

// checkLineTaxes checks a response's tax per line (got, by line ID) and
// its total against want and wantTotal; what names the case in errors.
func checkLineTaxes(t *testing.T, what string, got map[string]string, total string, want map[string]string, wantTotal string) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d lines, want %d", what, len(got), len(want))
	}
	for id, tax := range got {
		if tax != want[id] {
			t.Errorf("%s: line %s bears %s, want %s", what, id, tax, want[id])
		}
	}
	if total != wantTotal {
		t.Errorf("%s: total tax %s, want %s", what, total, wantTotal)
	}
}

// taxesOf returns the taxes of ids among taxes, by jurisdiction ID,
// failing the test when one of them is missing.
func taxesOf(t *testing.T, taxes []wire.Tax, ids ...string) map[string]wire.Tax {
	t.Helper()
	out := map[string]wire.Tax{}
	for _, tx := range taxes {
		if slices.Contains(ids, tx.Jurisdiction.JurisdictionID) {
			out[tx.Jurisdiction.JurisdictionID] = tx
		}
	}
	if len(out) != len(ids) {
		t.Fatalf("%d of the taxes of %v, want %d: %+v", len(out), ids, len(ids), taxes)
	}
	return out
}

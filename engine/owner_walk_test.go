package engine

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/wire"
)

// The owner walk: a controller's questions of the owner's perspective
// (/owner) for a business with sites in the United States, Canada and the
// EU, each with the answer a tax professional expects and where it is
// published, over the embedded dataset on 2026-06-01. The procurement
// walk (proc_walk_test.go) gives the US places and rates: Atlanta 8.9%,
// Chicago 10.25%, Portland (Oregon) no sales tax.
const (
	owBerlin   = `{"city":"Berlin","postalCode":"10115","country":"DE"}`
	owMunich   = `{"city":"München","postalCode":"80331","country":"DE"}`
	owParis    = `{"city":"Paris","postalCode":"75001","country":"FR"}`
	owLyon     = `{"city":"Lyon","postalCode":"69001","country":"FR"}`
	owNewYork  = `{"city":"New York","mainDivision":"NY","postalCode":"10001","country":"US"}`
	owSeattle  = `{"city":"Seattle","mainDivision":"WA","postalCode":"98101","country":"US"}`
	owSeattle2 = `{"city":"Seattle","mainDivision":"WA","postalCode":"98104","country":"US"}`
	owToronto  = `{"city":"Toronto","mainDivision":"ON","postalCode":"M5V 3L9","country":"CA"}`
	owVancouv  = `{"city":"Vancouver","mainDivision":"BC","postalCode":"V6B 1A1","country":"CA"}`
	owLondon   = `{"city":"London","postalCode":"SW1A 1AA","country":"GB"}`
	owLeeds    = `{"city":"Leeds","postalCode":"LS1 1UR","country":"GB"}`
	owSydney   = `{"city":"Sydney","mainDivision":"NSW","postalCode":"2000","country":"AU"}`
	owMelb     = `{"city":"Melbourne","mainDivision":"VIC","postalCode":"3000","country":"AU"}`
	// owDEFR are the owner's VAT numbers in Germany and France.
	owDEFR = `[{"isoCountryCode":"DE","taxRegistrationNumber":"DE136695976"},{"isoCountryCode":"FR","taxRegistrationNumber":"FR40303265045"}]`
)

// owRequest decodes an owner request of message type mt dated 2026-06-01
// whose owner has the JSON members owner and whose one line of general
// goods has the JSON members line; head are further document members
// (ending in a comma), "" for none.
func owRequest(t *testing.T, mt, head, owner, line string) *wire.OwnerRequest {
	t.Helper()
	body := `{"ownerMessageType":"` + mt + `","documentDate":"2026-06-01",` + head + `"owner":{` + owner + `},` +
		`"lineItems":[{"lineItemId":"1","purchase":{"purchaseClass":"GENERAL"},` + line + `}]}`
	var r wire.OwnerRequest
	if err := json.Unmarshal([]byte(body), &r); err != nil {
		t.Fatalf("%v: %s", err, body)
	}
	return &r
}

// owMove is the owner members of goods moved from one place to another.
func owMove(from, to string) string {
	return `"physicalOrigin":` + from + `,"destination":` + to
}

// owTaxes writes a line's taxes one per jurisdiction as "ID RESULT
// taxType rate tax party inputOutput rule", joined by "; ".
func owTaxes(taxes []wire.Tax) string {
	var out []string
	for _, x := range taxes {
		id, rule := "", ""
		if x.Jurisdiction != nil {
			id = x.Jurisdiction.JurisdictionID
		}
		if x.CalculationRuleID != nil {
			rule = x.CalculationRuleID.Value
		}
		out = append(out, fmt.Sprintf("%s %s %s %s %s %s %s %s", id, x.TaxResult, x.TaxType, x.EffectiveRate, x.CalculatedTax,
			x.TaxCollectedFromParty, x.InputOutputType, rule))
	}
	return strings.Join(out, "; ")
}

// TestOwnerWalkUSUseTax: US consumer use tax on an owner's own goods,
// due where the goods are used (the destination, else where they are
// kept) on their value, less tax already paid on them elsewhere. Georgia
// imposes its use tax on tangible property used in the state (O.C.G.A.
// § 48-8-30) and credits sales or use tax paid to another state on the
// same property up to its own (O.C.G.A. § 48-8-42); Washington's use tax
// is on the value of an article first used in the state (RCW 82.12.020;
// WAC 458-20-178).
func TestOwnerWalkUSUseTax(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	const (
		gaUse = "US-GA TAXABLE CONSUMERS_USE 0.04 %s BUYER INPUT us-ga-general; US-13121 TAXABLE CONSUMERS_USE 0.03 %s BUYER INPUT us-ga-general; " +
			"US-1304000 TAXABLE CONSUMERS_USE 0.019 %s BUYER INPUT us-ga-general"
		gaExempt = "US-GA EXEMPT CONSUMERS_USE 0 0.00 BUYER INPUT customer-exempt; US-13121 EXEMPT CONSUMERS_USE 0 0.00 BUYER INPUT customer-exempt; " +
			"US-1304000 EXEMPT CONSUMERS_USE 0 0.00 BUYER INPUT customer-exempt"
	)
	for _, c := range []struct {
		name, mt, owner, line, taxes, total string
	}{
		// Stock bought for resale and taken off the Atlanta shelf for
		// use in the store: 8.9% of its cost of 500.00.
		{"inventory used where it is kept", "INVENTORY_REMOVAL", `"physicalOrigin":` + pwAtlanta, `"cost":500.00`,
			fmt.Sprintf(gaUse, "20.00", "15.00", "9.50"), "44.50"},
		// Without a cost, the fair market value is the base.
		{"inventory at fair market value", "INVENTORY_REMOVAL", `"physicalOrigin":` + pwAtlanta, `"fairMarketValue":300.00`,
			fmt.Sprintf(gaUse, "12.00", "9.00", "5.70"), "26.70"},
		// A machine on which Illinois's 10.25% (102.50) was paid, moved
		// to Atlanta: Georgia's 89.00 is fully credited, and no
		// jurisdiction's tax goes below zero.
		{"asset moved with more tax paid in another state", "ASSET_MOVEMENT", owMove(pwChicago, pwAtlanta), `"netBookValue":1000.00,"previousTaxPaid":102.50`,
			fmt.Sprintf(gaUse, "0.00", "0.00", "0.00"), "0.00"},
		// 50.00 paid elsewhere: 39.00 is left to pay, the credit taken in
		// the order of the jurisdictions.
		{"asset moved with less tax paid in another state", "ASSET_MOVEMENT", owMove(pwChicago, pwAtlanta), `"netBookValue":1000.00,"previousTaxPaid":50.00`,
			fmt.Sprintf(gaUse, "0.00", "20.00", "19.00"), "39.00"},
		// A display case moved from Portland, where no sales tax was
		// paid, into Seattle: Washington's state and local use tax on
		// its value, 10.55%.
		{"asset moved into Washington", "ASSET_MOVEMENT", owMove(pwPortland, owSeattle), `"fairMarketValue":1000.00`,
			"US-WA TAXABLE CONSUMERS_USE 0.065 65.00 BUYER INPUT us-wa-general; US-53033 TAXABLE CONSUMERS_USE 0.001 1.00 BUYER INPUT us-wa-general; " +
				"US-5363000 TAXABLE CONSUMERS_USE 0.0165 16.50 BUYER INPUT us-wa-general; US-WA-D-KING_COUNTY_METRO TAXABLE CONSUMERS_USE 0.009 9.00 BUYER INPUT us-wa-general; " +
				"US-WA-D-SOUND_TRANSIT TAXABLE CONSUMERS_USE 0.014 14.00 BUYER INPUT us-wa-general", "105.50"},
		// An owner that holds a resale exemption owes nothing on goods
		// it takes for resale.
		{"exempt owner", "INVENTORY_REMOVAL", `"physicalOrigin":` + pwAtlanta + `,"isTaxExempt":true,"exemptionReasonCode":"RESALE"`, `"cost":100.00`,
			gaExempt, "0.00"},
		// Goods put back into inventory (a line below zero) take the use
		// tax back.
		{"goods put back", "INVENTORY_REMOVAL", `"physicalOrigin":` + pwAtlanta, `"cost":-100.00`,
			fmt.Sprintf(gaUse, "-4.00", "-3.00", "-1.90"), "-8.90"},
		// A machine moved from Berlin to New York bears New York's use
		// tax (Tax Law § 1110) and no German VAT: its export leaves the
		// EU (VAT Directive, article 146).
		{"asset moved from Germany to New York", "ASSET_MOVEMENT", owMove(owBerlin, owNewYork), `"netBookValue":1000.00`,
			"US-NY TAXABLE CONSUMERS_USE 0.04 40.00 BUYER INPUT us-ny-general; US-3651000 TAXABLE CONSUMERS_USE 0.045 45.00 BUYER INPUT us-ny-general; " +
				"US-NY-D-MCTD TAXABLE CONSUMERS_USE 0.00375 3.75 BUYER INPUT us-ny-general", "88.75"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r, err := e.Owner(ctx, owRequest(t, c.mt, "", c.owner, c.line))
			if err != nil {
				t.Fatal(err)
			}
			if got := owTaxes(r.LineItems[0].Taxes); got != c.taxes || r.TotalTax.String() != c.total {
				t.Errorf("\n got %s, total %s\nwant %s, total %s", got, r.TotalTax, c.taxes, c.total)
			}
			checkInvariants(t, c.name, r.SubTotal, r.Total, r.TotalTax, ownerTotals(r.LineItems))
		})
	}
}

// TestOwnerWalkVATMovements: an owner's goods and assets in the VAT and
// GST countries.
//
// A transfer of one's own goods to another member state is deemed a
// supply in the state of departure (VAT Directive, article 17(1)),
// exempt there (article 138(2)(c)), and an intra-Community acquisition
// in the state of arrival (article 21), taxed there (article 40) and
// self-assessed by the owner under its number of that state (article
// 200), output and input: France's 20% of 1000.00, 200.00. Goods taken
// for private use are a supply for consideration (article 16; § 3(1b)
// UStG), taxed on their cost (article 74) at the goods' rate, the
// reduced 7% for food (§ 12(2) no. 1 UStG); the owner is the supplier
// liable for that VAT (article 193) and deducts none of it, so it is
// output VAT (inputOutputType OUTPUT: Levy said INPUT, deductible input
// VAT). An asset brought into
// Germany from New York is imported (article 30): 19% import VAT. An
// asset moved from one of the owner's sites to another within one VAT
// area transfers nothing to anyone: it is no supply (article 14(1): the
// transfer of the right to dispose of goods as owner), no acquisition
// from another member state and no import, and only a transfer to
// another member state is deemed a supply (article 17(1)); the same holds
// under the UK's VATA 1994, s. 5 and Sch. 4, and Australia's GST Act,
// s. 9-10. It bears no VAT or GST: a NONTAXABLE record says why (rule
// move-within-vat-area). Levy used to self-assess the full VAT of the
// place on every such move (190.00 on a machine of 1000.00 moved from
// Berlin to Munich). Canada: an asset moved from Seattle into Vancouver
// is imported, 5% GST (Excise Tax Act, s. 212), and brought into British
// Columbia, 7% PST (Provincial Sales Tax Act, s. 49).
func TestOwnerWalkVATMovements(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	const (
		eur = `"currency":{"isoCurrencyCodeAlpha":"EUR"},`
		// within is the reason of the NONTAXABLE record of a move within
		// one VAT area.
		within = "move-within-vat-area"
	)
	for _, c := range []struct {
		name, mt, head, owner, line, taxes, total string
	}{
		{"transfer of own goods from Germany to France", "INVENTORY_REMOVAL", eur, owMove(owBerlin, owParis) + `,"taxRegistrations":` + owDEFR, `"cost":1000.00`,
			"FR TAXABLE VAT 0.2 200.00 BUYER INPUT_OUTPUT eu-reverse-charge", "200.00"},
		{"asset transferred from France to Germany", "ASSET_MOVEMENT", eur, owMove(owParis, owBerlin) + `,"taxRegistrations":` + owDEFR, `"netBookValue":1000.00`,
			"DE TAXABLE VAT 0.19 190.00 BUYER INPUT_OUTPUT eu-reverse-charge", "190.00"},
		{"goods taken for private use in Germany", "INVENTORY_REMOVAL", eur, `"physicalOrigin":` + owBerlin, `"cost":100.00`,
			"DE TAXABLE VAT 0.19 19.00 BUYER OUTPUT taxable", "19.00"},
		{"food taken for private use in Germany", "INVENTORY_REMOVAL", eur, `"physicalOrigin":` + owBerlin, `"cost":100.00,"purchase":{"purchaseClass":"FOOD"}`,
			"DE TAXABLE VAT 0.07 7.00 BUYER OUTPUT de-food", "7.00"},
		{"asset imported into Germany from New York", "ASSET_MOVEMENT", eur, owMove(owNewYork, owBerlin), `"netBookValue":1000.00`,
			"DE TAXABLE VAT 0.19 190.00 BUYER INPUT use-at-destination", "190.00"},
		{"asset moved within Germany", "ASSET_MOVEMENT", eur, owMove(owBerlin, owMunich) + `,"taxRegistrations":` + owDEFR, `"netBookValue":1000.00`,
			"DE NONTAXABLE VAT 0 0.00 BUYER INPUT " + within, "0.00"},
		{"asset moved within France", "ASSET_MOVEMENT", eur, owMove(owParis, owLyon), `"netBookValue":1000.00`,
			"FR NONTAXABLE VAT 0 0.00 BUYER INPUT " + within, "0.00"},
		// Monaco is in France's VAT area (VAT Directive, article 7).
		{"asset moved from Monaco to Nice", "ASSET_MOVEMENT", eur, owMove(`{"city":"Monaco","postalCode":"98000","country":"MC"}`, `{"city":"Nice","postalCode":"06000","country":"FR"}`), `"netBookValue":1000.00`,
			"FR NONTAXABLE VAT 0 0.00 BUYER INPUT " + within, "0.00"},
		// Åland is outside the EU's VAT area (article 6): goods brought
		// to Helsinki from there are imported, 25.5%.
		{"asset brought from Åland to Helsinki", "ASSET_MOVEMENT", eur, owMove(`{"city":"Mariehamn","postalCode":"22100","country":"FI"}`, `{"city":"Helsinki","postalCode":"00100","country":"FI"}`), `"netBookValue":1000.00`,
			"FI TAXABLE VAT 0.255 255.00 BUYER INPUT use-at-destination", "255.00"},
		{"asset moved within Great Britain", "ASSET_MOVEMENT", `"currency":{"isoCurrencyCodeAlpha":"GBP"},`, owMove(owLondon, owLeeds), `"netBookValue":1000.00`,
			"GB NONTAXABLE VAT 0 0.00 BUYER INPUT " + within, "0.00"},
		{"asset moved within Australia", "ASSET_MOVEMENT", `"currency":{"isoCurrencyCodeAlpha":"AUD"},`, owMove(owSydney, owMelb), `"netBookValue":1000.00`,
			"AU NONTAXABLE VAT 0 0.00 BUYER INPUT " + within, "0.00"},
		{"asset imported into British Columbia", "ASSET_MOVEMENT", `"currency":{"isoCurrencyCodeAlpha":"CAD"},`, owMove(owSeattle, owVancouv), `"cost":800.00`,
			"CA TAXABLE VAT 0.05 40.00 BUYER INPUT use-at-destination; CA-BC TAXABLE CONSUMERS_USE 0.07 56.00 BUYER INPUT use-at-destination", "96.00"},
	} {
		t.Run(c.name, func(t *testing.T) {
			req := owRequest(t, c.mt, c.head, c.owner, c.line)
			r, err := e.Owner(ctx, req)
			if err != nil {
				t.Fatal(err)
			}
			if got := owTaxes(r.LineItems[0].Taxes); got != c.taxes || r.TotalTax.String() != c.total {
				t.Errorf("\n got %s, total %s\nwant %s, total %s", got, r.TotalTax, c.taxes, c.total)
			}
			checkInvariants(t, c.name, r.SubTotal, r.Total, r.TotalTax, ownerTotals(r.LineItems))
			if !strings.HasSuffix(c.taxes, within) {
				return
			}
			// The record says why, and so does the explanation; the
			// taxable amount is all nontaxable.
			x := r.LineItems[0].Taxes[0]
			if x.NonTaxable.String() != "1000.00" {
				t.Errorf("nonTaxable %v, want 1000.00", x.NonTaxable)
			}
			_, ex, err := e.ExplainOwner(ctx, req)
			if err != nil {
				t.Fatal(err)
			}
			if len(ex) != 1 || len(ex[0].Taxes) != 1 || !strings.Contains(ex[0].Taxes[0].Reason, "no supply") {
				t.Errorf("explanation %+v, want the record's reason that the move is no supply", ex)
			}
		})
	}
}

// TestOwnerWalkTransferDeclared: a Berlin business's transfer of its own
// chairs to its Paris warehouse, sent with their cost alone (the taxable
// amount of a transfer is the cost of the goods, VAT Directive, article
// 76), is stored and declared among Germany's Intrastat dispatches to
// France, under the owner's French number as the partner's, and among
// France's arrivals, at that value (Regulation (EU) 2019/2152, article
// 11; Implementing Regulation (EU) 2020/1197, Annex VI).
func TestOwnerWalkTransferDeclared(t *testing.T) {
	e, j := journalEngine(t)
	ctx := levy.WithTenant(context.Background(), "acme-de")
	req := owRequest(t, "INVENTORY_REMOVAL", `"transactionId":"TR-1","currency":{"isoCurrencyCodeAlpha":"EUR"},`,
		`"company":"LEVY-DE",`+owMove(owBerlin, owParis)+`,"taxRegistrations":`+owDEFR,
		`"cost":1000.00,"intrastatCommodityCode":"94036010","natureOfTransaction":31,"modeOfTransport":3,"netMassKilograms":30,"countryOfOriginISOCode":"POL"`)
	r, err := e.Owner(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	if r.TransactionID != "TR-1" || r.TotalTax.String() != "200.00" {
		t.Fatalf("transfer: %s, tax %s; want TR-1, 200.00", r.TransactionID, r.TotalTax)
	}
	from := civil.MustParse("2026-06-01")
	for _, c := range []struct{ state, flow, want string }{
		{"DE", journal.Dispatches, "94036010,FR,PL,31,3,FR40303265045,30,,,1000.00,1000.00,1\n"},
		{"FR", journal.Arrivals, "94036010,DE,PL,31,3,,30,,,1000.00,1000.00,1\n"},
	} {
		d, err := journal.Intrastat(ctx, j, "acme-de", journal.IntrastatQuery{From: from, To: from.AddDays(29), MemberState: c.state, Flow: c.flow}, e.IntrastatCodes())
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := d.WriteCSV(&b); err != nil {
			t.Fatal(err)
		}
		_, rows, _ := strings.Cut(b.String(), "\n")
		if rows != c.want || len(d.Refused) != 0 {
			t.Errorf("%s %s: %q refused %+v, want %q", c.state, c.flow, rows, d.Refused, c.want)
		}
	}
}

// TestOwnerWalkStored: an owner's movement is stored under its
// transaction ID (both owner kinds are stored, unless postToJournal is
// false), reversed once by a transaction of negated taxes, not rolled
// back (it was written by no sync), and deleted.
func TestOwnerWalkStored(t *testing.T) {
	e, j := journalEngine(t)
	ctx := levy.WithTenant(context.Background(), "acme")
	for _, mt := range []string{"INVENTORY_REMOVAL", "ASSET_MOVEMENT"} {
		id := "OW-" + mt
		if _, err := e.Owner(ctx, owRequest(t, mt, `"transactionId":"`+id+`",`, `"physicalOrigin":`+pwAtlanta, `"cost":200.00`)); err != nil {
			t.Fatal(err)
		}
		tx, err := j.Get(ctx, "acme", id)
		if err != nil || tx.Perspective != "OWNER" || tx.MessageType != mt || tx.TotalTax.String() != "17.80" {
			t.Errorf("%s stored: %+v, %v; want OWNER %s of 17.80", id, tx, err, mt)
		}
	}
	if _, err := e.Owner(ctx, owRequest(t, "INVENTORY_REMOVAL", `"transactionId":"OW-NOPOST","postToJournal":false,`, `"physicalOrigin":`+pwAtlanta, `"cost":200.00`)); err != nil {
		t.Fatal(err)
	}
	if _, err := j.Get(ctx, "acme", "OW-NOPOST"); levy.ErrorCode(err) != levy.ENotFound {
		t.Errorf("postToJournal false stored the movement: %v", err)
	}

	const id = "OW-INVENTORY_REMOVAL"
	if _, err := e.ReverseTransaction(ctx, id, wire.ReversalRequest{TransactionID: id + "-R"}); err != nil {
		t.Fatal(err)
	}
	tx, err := j.Get(ctx, "acme", id+"-R")
	if err != nil || tx.Perspective != "OWNER" || tx.ReversalOf != id || tx.TotalTax.String() != "-17.80" {
		t.Errorf("the reversal: %+v, %v; want OWNER -17.80 of %s", tx, err, id)
	}
	if _, err := e.ReverseTransaction(ctx, id, wire.ReversalRequest{TransactionID: id + "-R2"}); levy.ErrorCode(err) != levy.EConflict {
		t.Errorf("a second reversal: %v, want a conflict", err)
	}
	if _, err := e.RollbackTransaction(ctx, "OW-ASSET_MOVEMENT"); levy.ErrorCode(err) != levy.EConflict || !strings.Contains(err.Error(), "sync") {
		t.Errorf("rollback of a movement no sync wrote: %v, want a conflict naming the sync", err)
	}
	if err := e.DeleteTransaction(ctx, "OW-ASSET_MOVEMENT"); err != nil {
		t.Fatal(err)
	}
	if ok, err := e.TransactionExists(ctx, "OW-ASSET_MOVEMENT"); err != nil || ok {
		t.Errorf("the deleted movement exists: %v, %v", ok, err)
	}
}

// TestOwnerWalkBadInput: bad owner requests are refused naming the
// member, and an owner without a place is calculated with no tax and
// says so (docs/addresses.md, "no-location").
func TestOwnerWalkBadInput(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	for _, c := range []struct{ name, body, field string }{
		{"no message type", `{"documentDate":"2026-06-01","owner":{"physicalOrigin":` + pwAtlanta + `},"lineItems":[{"lineItemId":"1","cost":1}]}`, "ownerMessageType"},
		{"unknown message type", `{"ownerMessageType":"SELF_SUPPLY","documentDate":"2026-06-01","owner":{"physicalOrigin":` + pwAtlanta + `},"lineItems":[{"lineItemId":"1","cost":1}]}`, "ownerMessageType"},
		{"no lines", `{"ownerMessageType":"INVENTORY_REMOVAL","documentDate":"2026-06-01","owner":{"physicalOrigin":` + pwAtlanta + `},"lineItems":[]}`, "lineItems"},
		{"tax paid of the wrong sign", `{"ownerMessageType":"INVENTORY_REMOVAL","documentDate":"2026-06-01","owner":{"physicalOrigin":` + pwAtlanta + `},"lineItems":[{"lineItemId":"1","cost":100.00,"previousTaxPaid":-5.00}]}`, "lineItems[0].previousTaxPaid"},
		{"a parent's cost", `{"ownerMessageType":"ASSET_MOVEMENT","documentDate":"2026-06-01","owner":{"physicalOrigin":` + pwAtlanta + `},"lineItems":[{"lineItemId":"1","cost":500.00,"lineItems":[{"lineItemId":"2","cost":100.00}]}]}`, "lineItems[0].cost"},
	} {
		var req wire.OwnerRequest
		err := json.Unmarshal([]byte(c.body), &req)
		if err == nil {
			_, err = e.Owner(ctx, &req)
		}
		if levy.ErrorCode(err) != levy.EInvalid || !strings.Contains(err.Error(), c.field+":") {
			t.Errorf("%s: %v, want invalid naming %s", c.name, err, c.field)
		}
	}
	r, err := e.Owner(ctx, &wire.OwnerRequest{OwnerMessageType: wire.OwnerInventoryRemoval, DocumentDate: civil.MustParse("2026-06-01"),
		LineItems: []wire.OwnerLineItem{{LineItemID: "1", Cost: amt("100.00")}}})
	if err != nil {
		t.Fatal(err)
	}
	l := r.LineItems[0]
	if !r.TotalTax.IsZero() || len(l.Taxes) != 0 || len(l.AssistedParameters) != 1 || l.AssistedParameters[0].RuleName != NoPlaceRule {
		t.Errorf("no owner: tax %s, taxes %d, assisted %+v; want none, said by %s", r.TotalTax, len(l.Taxes), l.AssistedParameters, NoPlaceRule)
	}
}

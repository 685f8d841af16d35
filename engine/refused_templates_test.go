package engine

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data/content"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// This file checks the calculation's pooled state and its member-by-member
// filling against the documents most likely to show a leak: documents
// refused half-way followed by good ones, template lines that share a
// tax's rarely set members (taxRare) with the line they were copied from
// and then change them (a credit for tax paid elsewhere), template lines
// that take more taxes than the template reserved room for (a franchise
// fee), and the journal's copy of such a document.

// rareOptions are the options of an engine whose documents set every
// member of taxRare: the Texas local cap (Harris County given 0.5%, so
// that METRO is capped: capped), a GADGET taxed on half its price
// (basisPercent), Quebec's GST and QST on a night that bears the tax on
// lodging (includes, ownRate), and any line with a previous tax paid
// (original, creditRule).
func rareOptions(noTemplates bool) []Option {
	half := decimal.RequireFromString("0.5")
	opts := []Option{WithToday(func() civil.Date { return civil.MustParse("2026-06-01") }),
		WithRules(rulesHalfGadget(half), nil),
		WithContent(content.Options{}, content.Source{Path: filepath.Join("..", "data", "content", "testdata", "levy-texas.csv")}),
		WithRates(RateEntry{Rate: jurisdiction.Rate{Jurisdiction: "US-48201", Tax: jurisdiction.SalesTax, Category: jurisdiction.General,
			Value: decimal.RequireFromString("0.005"), Source: "host"}})}
	if noTemplates {
		opts = append(opts, func(c *config) { c.noTemplates = true })
	}
	return opts
}

func rareEngine(t *testing.T, noTemplates bool, more ...Option) *Engine {
	t.Helper()
	e, err := New(context.Background(), append(rareOptions(noTemplates), more...)...)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// mixedSale is a document that mixes lines that take templates with lines
// that do not: repeated kinds in Los Angeles, Houston (METRO capped) and
// of GADGET (half its price taxed), some of them with a previous tax paid
// (a credit on a tax copied from a template), a tax-included line, a line
// with an exemption override, a coat on Massachusetts's holiday, a shirt
// on Alabama's, and a line whose seller is registered elsewhere.
func mixedSale(id string) *wire.SaleRequest {
	req := usSale("200 N Spring St", "Los Angeles", "CA", "90012", "GENERAL", "19.99")
	req.SaleMessageType, req.TransactionID, req.DocumentDate = wire.SaleInvoice, id, civil.MustParse("2026-07-18")
	houston := &wire.Customer{Destination: &wire.Location{City: "Houston", MainDivision: "TX", PostalCode: "77002", Country: "US"}}
	line := func(class, price string) wire.SaleLineItem {
		return wire.SaleLineItem{Product: &wire.Product{ProductClass: class}, Quantity: &wire.Measure{Value: amt("1")}, ExtendedPrice: amt(price)}
	}
	var ls []wire.SaleLineItem
	for i := range 4 {
		ls = append(ls, line("GENERAL", "19.99"), line("GADGET", "80.00"))
		h := line("GENERAL", "1000.00")
		h.Customer = houston
		switch i {
		case 1:
			h.PreviousTaxPaid = amt("3.25") // the state's tax takes it all
		case 3:
			// More than the state's, county's and city's taxes (77.50):
			// the capped METRO's tax, whose rare members the line shares
			// with the template, is credited too.
			h.PreviousTaxPaid = amt("80.00")
		}
		ls = append(ls, h)
	}
	ls[1].PreviousTaxPaid = amt("1.10") // a GADGET that is the template's first line
	ls[7].PreviousTaxPaid = amt("0.40") // a GADGET that takes the template
	incl := line("GENERAL", "50.00")
	incl.TaxIncludedIndicator = true
	over := line("GENERAL", "19.99")
	over.ExemptOverrides = []wire.Override{{JurisdictionType: jurisdiction.County}}
	coat := line("CLOTHING", "3000.00")
	coat.TaxDate = civil.MustParse("2026-08-08")
	coat.Customer = &wire.Customer{Destination: &wire.Location{StreetAddress1: "1 City Hall Sq", City: "Boston", MainDivision: "MA", PostalCode: "02201", Country: "US"}}
	shirt := line("CLOTHING", "40.01")
	shirt.Customer = &wire.Customer{Destination: &wire.Location{StreetAddress1: "710 N 20th St", City: "Birmingham", MainDivision: "AL", PostalCode: "35203", Country: "US"}}
	elsewhere := line("GENERAL", "19.99")
	elsewhere.Seller = &wire.Seller{Company: "ACME", PhysicalOrigin: req.Seller.PhysicalOrigin,
		TaxRegistrations: []wire.TaxRegistration{{ISOCountryCode: "US", MainDivision: "WA"}}}
	ls = append(ls, incl, over, coat, shirt, elsewhere, line("GENERAL", "19.99"), line("GADGET", "80.00"))
	houstonIncl := line("GENERAL", "1082.50")
	houstonIncl.Customer, houstonIncl.TaxIncludedIndicator = houston, true
	ls = append(ls, houstonIncl)
	for i := range ls {
		ls[i].LineItemID = strconv.Itoa(i + 1)
	}
	req.LineItems = ls
	return req
}

// quebecNights is an invoice of four nights in Montréal, which bear the
// tax on lodging and the GST and QST on a base that includes it; the
// third had tax paid elsewhere, the last an override that takes the tax
// on lodging off the line.
func quebecNights(id string) *wire.SaleRequest {
	req := hotelInvoice("2026-07-18", "ACCOMMODATION", "CAD", hotelMontreal(), toronto(), false)
	req.TransactionID = req.TransactionID + id
	night := req.LineItems[0]
	night.ExtendedPrice = amt("200.00")
	req.LineItems = nil
	for i := range 4 {
		n := night
		n.LineItemID = strconv.Itoa(i + 1)
		req.LineItems = append(req.LineItems, n)
	}
	req.LineItems[2].PreviousTaxPaid = amt("12.00")
	req.LineItems[3].ExemptOverrides = []wire.Override{{ImpositionType: &wire.ImpositionType{Value: "Tax on Lodging"}, JurisdictionID: "CA-QC"}}
	return req
}

// rareCalcs are the documents of rareEngine: mixedSale, quebecNights and
// the golden calculations.
func rareCalcs(t *testing.T) []goldenCalc {
	t.Helper()
	ctx := context.Background()
	mixed, nights := mixedSale("MIX-1"), quebecNights("QC")
	calcs := []goldenCalc{
		{"mixed", func(e *Engine) (any, error) { return e.Sale(ctx, mixed) }},
		{"quebec-nights", func(e *Engine) (any, error) { return e.Sale(ctx, nights) }},
	}
	for _, c := range goldenCalcs(t) {
		if c.name != "bad-location" {
			calcs = append(calcs, c)
		}
	}
	return append(calcs, goldenCalc{"quotation-100", func(e *Engine) (any, error) { return e.Sale(ctx, benchQuotation(100)) }})
}

// refusedCalcs are documents refused after part of their work is done:
// a 100-line quotation whose 80th line has an unknown tax area (refused
// while its lines are built, 79 of them resolved), a DISTRIBUTE_TAX
// document whose 7th line has no input tax (refused while its lines are
// calculated, 6 of them with taxes), a mixedSale of the same kind whose
// 16th line has none, and a purchase and an owner's movement whose last
// line has an unknown tax area. refusedAt names the member each is
// refused on.
var refusedAt = map[string]string{
	"refused-while-built":             "lineItems[79].customer.destination.taxAreaId",
	"refused-while-distributed":       "lineItems[6].inputTotalTax: is required",
	"mixed-refused-while-distributed": "lineItems[15].inputTotalTax: is required",
	"purchase-refused":                "lineItems[1].buyer.destination.taxAreaId",
	"owner-refused":                   "lineItems[1].owner.destination.taxAreaId",
}

func refusedCalcs(t *testing.T) []goldenCalc {
	t.Helper()
	ctx := context.Background()
	bad := &wire.Location{TaxAreaID: "999999999"}
	built := benchQuotation(100)
	built.LineItems[79].Customer = &wire.Customer{Destination: bad}
	dist := benchQuotation(10)
	dist.SaleMessageType = wire.SaleDistributeTax
	for i := range dist.LineItems {
		dist.LineItems[i].Product.ProductClass = "GENERAL" // taxed: each line has a tax to spread
		if i != 6 {
			dist.LineItems[i].InputTotalTax = amt("3.80")
		}
	}
	mixed := mixedSale("MIX-BAD")
	mixed.SaleMessageType = wire.SaleDistributeTax
	for i := range mixed.LineItems[:15] {
		mixed.LineItems[i].InputTotalTax = amt("2.00")
	}
	var pur wire.PurchaseRequest
	mustDecode(t, goldenRequest(t, "purchase-us-accrual"), &pur)
	pur.LineItems[len(pur.LineItems)-1].Buyer = &wire.Buyer{Destination: bad}
	var own wire.OwnerRequest
	mustDecode(t, goldenRequest(t, "owner-us-asset-movement"), &own)
	own.LineItems[len(own.LineItems)-1].Owner = &wire.Owner{Destination: bad}
	return []goldenCalc{
		{"refused-while-built", func(e *Engine) (any, error) { return e.Sale(ctx, built) }},
		{"refused-while-distributed", func(e *Engine) (any, error) { return e.Sale(ctx, dist) }},
		{"mixed-refused-while-distributed", func(e *Engine) (any, error) { return e.Sale(ctx, mixed) }},
		{"purchase-refused", func(e *Engine) (any, error) { return e.Purchase(ctx, &pur) }},
		{"owner-refused", func(e *Engine) (any, error) { return e.Owner(ctx, &own) }},
	}
}

func goldenRequest(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "golden", name+".request.json"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// rareAnswers calculates each of calcs on an engine of rareOptions that
// calculates nothing else, in turn (TestReleasedBlocksAreZero checks
// that a calculation after another gives a fresh engine's answer), and
// fails the test when one is refused.
func rareAnswers(t *testing.T, calcs []goldenCalc) map[string]string {
	t.Helper()
	ref := rareEngine(t, false)
	want := map[string]string{}
	for _, c := range calcs {
		want[c.name] = answer(t, c, ref)
		if want[c.name][0] != '{' {
			t.Fatalf("%s: %s", c.name, want[c.name])
		}
	}
	return want
}

// TestRefusedDocumentsLeaveNothingBehind calculates, on one engine,
// documents after refused ones (mixedSale and quebecNights after each),
// and checks that its answer is
// a fresh engine's, that the pooled blocks are zero over their capacity
// after every calculation, refused or not, and that the answers kept from
// the first round do not change while later documents are calculated
// (nothing they hold is pooled or shared with a later document).
func TestRefusedDocumentsLeaveNothingBehind(t *testing.T) {
	good, refused := rareCalcs(t), refusedCalcs(t)
	want := rareAnswers(t, good)
	e := rareEngine(t, false)
	for _, r := range refused {
		if got := answer(t, r, e); !strings.Contains(got, refusedAt[r.name]) {
			t.Fatalf("%s: %.300s, want a refusal of %s", r.name, got, refusedAt[r.name])
		}
	}
	kept := map[string]any{}
	for _, c := range good {
		resp, err := c.run(e)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		kept[c.name] = resp
	}
	checked := 0
	for i, c := range good {
		// The documents of rareSale (mixed, Quebec's nights) follow every
		// refused document, the others one in turn.
		after := refused
		if i >= 2 {
			after = refused[i%len(refused) : i%len(refused)+1]
		}
		for _, r := range after {
			if _, err := r.run(e); err == nil {
				t.Fatalf("%s was calculated", r.name)
			}
			checked += zeroPooled(t, e, r.name)
			if got := answer(t, c, e); got != want[c.name] {
				t.Errorf("%s after %s: got\n%.2000s\nwant\n%.2000s", c.name, r.name, got, want[c.name])
			}
			checked += zeroPooled(t, e, c.name)
		}
	}
	if checked == 0 {
		t.Fatal("the pool gave back no scratch with a block: nothing was checked")
	}
	for name, resp := range kept {
		if got := mustJSON(t, resp); got != want[name] {
			t.Errorf("%s: the answer changed while later documents were calculated:\n%.2000s\nwas\n%.2000s", name, got, want[name])
		}
	}
}

// zeroPooled takes a scratch from e's pool, fails the test when one of
// its blocks is not zero over its capacity, and puts it back.
func zeroPooled(t *testing.T, e *Engine, after string) int {
	t.Helper()
	w := e.snap.Load().newScratch()
	defer w.c.release()
	return zeroOverCapacity(t, after, "taxBlock", w.c.taxBlock) + zeroOverCapacity(t, after, "lineBlock", w.c.lineBlock) +
		zeroOverCapacity(t, after, "inBlock", w.c.inBlock) + zeroOverCapacity(t, after, "placeBlock", w.c.placeBlock) +
		zeroOverCapacity(t, after, "tmplTaxes", w.c.tmplTaxes)
}

// TestRefusedDocumentsConcurrently runs the documents of
// TestRefusedDocumentsLeaveNothingBehind and the refused ones from four
// goroutines at once on one engine (go test -race), each answer compared
// with a fresh engine's.
func TestRefusedDocumentsConcurrently(t *testing.T) {
	good, refused := rareCalcs(t), refusedCalcs(t)
	want := rareAnswers(t, good)
	e := rareEngine(t, false)
	rounds := len(good)
	if testing.Short() {
		rounds = len(good) / 4
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range rounds {
				r := refused[(i+g)%len(refused)]
				if _, err := r.run(e); err == nil {
					t.Errorf("%s was calculated", r.name)
				}
				c := good[(i*(g+1)+g)%len(good)]
				if got := answer(t, c, e); got != want[c.name] {
					t.Errorf("goroutine %d, %s after %s: got\n%.2000s\nwant\n%.2000s", g, c.name, r.name, got, want[c.name])
				}
			}
		})
	}
	wg.Wait()
}

// TestTemplatesShareRareMembersSafely calculates mixedSale and
// quebecNights with templates and in full: the lines that take a
// template share its taxes' rare members (the capped METRO, the GADGET's
// basis percentage, the base that includes the tax on lodging), and those
// with a previous tax paid change them; every answer must be the full
// calculation's, the credit on no line but its own. It also checks that
// the documents do take templates, that the credits, caps, basis
// percentages and included bases show where they should, and nowhere
// else.
func TestTemplatesShareRareMembersSafely(t *testing.T) {
	with, full := rareEngine(t, false), rareEngine(t, true)
	var mu sync.Mutex
	taken := 0
	with.snap.Load().onTemplate = func() { mu.Lock(); taken++; mu.Unlock() }
	for _, req := range []*wire.SaleRequest{mixedSale("MIX-2"), quebecNights("QC-2")} {
		taken = 0
		a := sameWithTemplates(t, with, full, req, req.TransactionID)
		if taken == 0 && req.TransactionID == "MIX-2" {
			// Quebec's nights are computed in full: a tax whose base
			// includes another keeps a line out of the templates.
			t.Errorf("%s took no template", req.TransactionID)
		}
		for i, l := range a.LineItems {
			credited, capped, basis, lodging := 0, 0, 0, 0
			for _, x := range l.Taxes {
				if x.OriginalTax != nil {
					credited++
				}
				if x.MaxTaxRuleID != nil {
					capped++
				}
				if x.BasisReductionPercentage != nil {
					basis++
				}
				if x.Imposition != nil && x.Imposition.Value == "Tax on Lodging" && x.CalculatedTax.Decimal().Sign() != 0 {
					lodging++
				}
			}
			src := req.LineItems[i]
			if (credited > 0) != (src.PreviousTaxPaid != nil) {
				t.Errorf("%s line %s: %d taxes credited, previous tax paid %v", req.TransactionID, l.LineItemID, credited, src.PreviousTaxPaid)
			}
			houston := src.Customer != nil && src.Customer.Destination != nil && src.Customer.Destination.City == "Houston"
			if houston != (capped == 1) {
				t.Errorf("%s line %s: %d taxes capped", req.TransactionID, l.LineItemID, capped)
			}
			if gadget := src.Product.ProductClass == "GADGET"; gadget != (basis > 0) {
				t.Errorf("%s line %s: %d taxes with a basis percentage", req.TransactionID, l.LineItemID, basis)
			}
			if req.TransactionID == "QC-2" && (lodging == 1) != (i < 3) {
				t.Errorf("%s line %s: %d taxes on lodging charged", req.TransactionID, l.LineItemID, lodging)
			}
		}
	}
}

// TestTemplateLinesTakeMoreTaxesThanReserved calculates documents whose
// lines of one kind take templates and some of them a franchise fee too:
// a line that takes a template has room for the template's taxes alone,
// and the fee goes beyond it. Every answer is the full calculation's, and
// the lines of the kind without a fee have none, so nothing written past
// a line's room reached another line.
func TestTemplateLinesTakeMoreTaxesThanReserved(t *testing.T) {
	franchise := WithContent(content.Options{AsOf: civil.MustParse("2026-06-01")},
		content.Source{Path: filepath.Join("..", "data", "content", "testdata", "franchise-example.csv")})
	today := WithToday(func() civil.Date { return civil.MustParse("2026-06-01") })
	with, err := New(context.Background(), today, franchise)
	if err != nil {
		t.Fatal(err)
	}
	full, err := New(context.Background(), today, franchise, func(c *config) { c.noTemplates = true })
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	taken := 0
	with.snap.Load().onTemplate = func() { mu.Lock(); taken++; mu.Unlock() }
	// The lines are placed in Chicago, whose franchise CHI-CABLE-1 is
	// (a fee of a grantor in another state is not charged).
	chicago := &wire.Location{StreetAddress1: "121 N LaSalle St", City: "Chicago", MainDivision: "IL", PostalCode: "60602", Country: "US"}
	for _, n := range []int{3, 12, 40} {
		req := &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale,
			DocumentDate: civil.MustParse("2026-06-01"),
			Seller:       &wire.Seller{Company: "ACME", PhysicalOrigin: &wire.Location{City: "Seattle", MainDivision: "WA", PostalCode: "98101", Country: "US"}},
			Customer:     &wire.Customer{Destination: chicago}}
		for i := range n {
			l := wire.SaleLineItem{LineItemID: strconv.Itoa(i + 1), Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt("80.00")}
			if i%3 != 0 {
				l.FranchiseAreaID = "CHI-CABLE-1"
			}
			if i%5 == 4 {
				l.TaxIncludedIndicator = true
			}
			req.LineItems = append(req.LineItems, l)
		}
		taken = 0
		a := sameWithTemplates(t, with, full, req, fmt.Sprintf("%d lines", n))
		if taken == 0 {
			t.Errorf("%d lines: no line took a template", n)
		}
		plain, perArea := len(a.LineItems[0].Taxes), 0
		for _, x := range a.LineItems[1].Taxes {
			if x.ImpositionType != nil && x.ImpositionType.Value == franchiseImpositionType {
				perArea++
			}
		}
		if perArea == 0 {
			t.Fatalf("%d lines: the area's line bears no franchise fee", n)
		}
		for i, l := range a.LineItems {
			fees := 0
			for _, x := range l.Taxes {
				if x.ImpositionType != nil && x.ImpositionType.Value == franchiseImpositionType {
					fees++
				}
			}
			if want := map[bool]int{true: perArea, false: 0}[i%3 != 0]; fees != want || len(l.Taxes) != plain+fees {
				t.Errorf("%d lines, line %d: %d taxes of which %d fees, want %d and %d", n, i+1, len(l.Taxes), fees, plain+want, want)
			}
		}
	}
}

// TestStoredInvoiceIsTheAnswer posts mixedSale and quebecNights to a
// Badger journal, one after the other on one engine, and checks that
// each stored transaction read back holds the answer's totals and each
// line's taxes, also once the next document has been calculated.
func TestStoredInvoiceIsTheAnswer(t *testing.T) {
	ctx := levy.WithTenant(context.Background(), "acme")
	j, err := badger.OpenJournal(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { j.Close() })
	e := rareEngine(t, false, WithJournal(j))
	answers := map[string]*wire.SaleResponse{}
	for _, req := range []*wire.SaleRequest{mixedSale("MIX-J"), quebecNights("-J"), benchQuotation(30)} {
		if req.SaleMessageType != wire.SaleInvoice {
			req.SaleMessageType, req.TransactionID = wire.SaleInvoice, "Q-J"
		}
		resp, err := e.Sale(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		answers[req.TransactionID] = resp
		for id, resp := range answers {
			tx, err := j.Get(ctx, "acme", id)
			if err != nil {
				t.Fatalf("%s: %v", id, err)
			}
			if got, want := storedView(tx), answerView(resp); got != want {
				t.Errorf("%s read back after %s:\n%s\nthe answer:\n%s", id, req.TransactionID, got, want)
			}
		}
	}
}

// storedView and answerView write a stored transaction and an answer in
// the same words: totals, then each line's amount, tax and taxes.
func storedView(tx *journal.Transaction) string {
	s := fmt.Sprintf("%s %s %s\n", tx.SubTotal, tx.TotalTax, tx.Total)
	for _, l := range tx.Lines {
		s += fmt.Sprintf("%s %s %s\n", l.LineItemID, l.Amount, l.TotalTax)
		for _, x := range l.Taxes {
			s += fmt.Sprintf("  %s %s %s %s %s %s\n", x.JurisdictionID, x.Imposition, x.Taxable, x.Exempt, x.NonTaxable, x.Tax)
		}
	}
	return s
}

func answerView(resp *wire.SaleResponse) string {
	s := fmt.Sprintf("%s %s %s\n", resp.SubTotal, resp.TotalTax, resp.Total)
	for _, l := range resp.LineItems {
		s += fmt.Sprintf("%s %s %s\n", l.LineItemID, l.ExtendedPrice, l.TotalTax)
		for _, x := range l.Taxes {
			imp := ""
			if x.Imposition != nil {
				imp = x.Imposition.Value
			}
			s += fmt.Sprintf("  %s %s %s %s %s %s\n", x.Jurisdiction.JurisdictionID, imp, x.Taxable, x.Exempt, x.NonTaxable, x.CalculatedTax)
		}
	}
	return s
}

// sameWithTemplates calculates req on an engine that takes templates and
// on one that computes every line in full, fails unless the two answers
// are byte for byte the same, and returns the first.
func sameWithTemplates(t *testing.T, with, full *Engine, req *wire.SaleRequest, label string) *wire.SaleResponse {
	t.Helper()
	ctx := context.Background()
	a, err := with.Sale(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	b, err := full.Sale(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	if x, y := mustJSON(t, a), mustJSON(t, b); x != y {
		t.Fatalf("%s: with templates\n%s\nin full\n%s", label, x, y)
	}
	return a
}

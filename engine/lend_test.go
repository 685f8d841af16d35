package engine

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/wire"
)

// lendCalc is one request calculated both ways: by Sale, Purchase or
// Owner (kept), and by SaleWith, PurchaseWith or OwnerWith (lent), each
// giving the JSON of the response or "error: " and the error.
type lendCalc struct {
	name       string
	kept, lent func(*Engine) string
}

// lendWays returns the two ways of calculating req, whose response is
// encoded by json.Marshal and by its own AppendJSON: the lent one inside
// the function, while the response is valid.
func lendWays[Q, S any](t *testing.T, name string, req *Q, kept func(*Engine, context.Context, *Q) (*S, error),
	lent func(*Engine, context.Context, *Q, func(*S) error) error) lendCalc {
	encode := func(resp *S) string {
		b, err := any(resp).(interface{ AppendJSON([]byte) ([]byte, error) }).AppendJSON(nil)
		if err != nil {
			t.Errorf("%s: AppendJSON: %v", name, err)
		}
		return mustJSON(t, resp) + "\n" + string(b)
	}
	return lendCalc{name,
		func(e *Engine) string {
			resp, err := kept(e, context.Background(), req)
			if err != nil {
				return "error: " + err.Error()
			}
			return encode(resp)
		},
		func(e *Engine) string {
			var got string
			err := lent(e, context.Background(), req, func(resp *S) error {
				got = encode(resp)
				return nil
			})
			if err != nil {
				return "error: " + err.Error()
			}
			return got
		}}
}

// lendCalcs are the golden requests, a document refused while its lines
// are built, one refused by validation, and random quotations of 1 to 40
// lines.
func lendCalcs(t *testing.T) []lendCalc {
	t.Helper()
	var out []lendCalc
	for _, g := range goldenRequests(t) {
		switch req := g.req.(type) {
		case *wire.SaleRequest:
			out = append(out, lendWays(t, g.name, req, (*Engine).Sale, (*Engine).SaleWith))
		case *wire.PurchaseRequest:
			out = append(out, lendWays(t, g.name, req, (*Engine).Purchase, (*Engine).PurchaseWith))
		case *wire.OwnerRequest:
			out = append(out, lendWays(t, g.name, req, (*Engine).Owner, (*Engine).OwnerWith))
		}
	}
	bad := usSale("200 N Spring St", "Los Angeles", "CA", "90012", "GENERAL", "10.00")
	bad.Customer.Destination = &wire.Location{TaxAreaID: "999999999"}
	invalid := usSale("200 N Spring St", "Los Angeles", "CA", "90012", "GENERAL", "10.00")
	invalid.LineItems[0].Quantity = &wire.Measure{Value: amt("-1")}
	invalid.Currency = &wire.Currency{ISOCurrencyCodeAlpha: "XXZ"}
	out = append(out, lendWays(t, "bad-location", bad, (*Engine).Sale, (*Engine).SaleWith),
		lendWays(t, "invalid", invalid, (*Engine).Sale, (*Engine).SaleWith))
	rng := rand.New(rand.NewPCG(7, 11))
	for i := range 24 {
		out = append(out, lendWays(t, "random-"+strconv.Itoa(i), randomQuotation(rng), (*Engine).Sale, (*Engine).SaleWith))
	}
	return out
}

// randomQuotation is a QUOTATION of 1 to 40 lines of random classes,
// prices and quantities, to one of a few US addresses.
func randomQuotation(rng *rand.Rand) *wire.SaleRequest {
	places := [][4]string{
		{"200 N Spring St", "Los Angeles", "CA", "90012"}, {"1 Main St", "Albany", "NY", "12207"},
		{"1 City Hall Sq", "Boston", "MA", "02201"}, {"", "Atlanta", "GA", "30303"},
		{"710 N 20th St", "Birmingham", "AL", "35203"}, {"1500 Marilla St", "Dallas", "TX", "75201"},
	}
	classes := []string{"GENERAL", "CLOTHING", "FOOD", "PREPARED_FOOD", "DIGITAL_GOODS"}
	p := places[rng.IntN(len(places))]
	req := usSale(p[0], p[1], p[2], p[3], "GENERAL", "1.00")
	req.LineItems = req.LineItems[:0]
	for i := range 1 + rng.IntN(40) {
		price := strconv.Itoa(rng.IntN(50000)) + "." + strconv.Itoa(10+rng.IntN(90))
		req.LineItems = append(req.LineItems, wire.SaleLineItem{LineItemID: strconv.Itoa(i + 1),
			Product:  &wire.Product{ProductClass: classes[rng.IntN(len(classes))]},
			Quantity: &wire.Measure{Value: amt(strconv.Itoa(1 + rng.IntN(5)))}, UnitPrice: amt(price)})
	}
	return req
}

// TestLentAnswersAreSales checks that SaleWith, PurchaseWith and OwnerWith
// give the answers of Sale, Purchase and Owner, byte for byte, for the
// golden requests, refused ones and random documents taken in turn, so
// that every document carves its taxes from blocks an earlier one of
// another size handed back; and that the blocks in the pool are zero.
func TestLentAnswersAreSales(t *testing.T) {
	e := testEngine(t)
	calcs := lendCalcs(t)
	want := map[string]string{}
	for _, c := range calcs {
		want[c.name] = c.kept(e)
	}
	for _, name := range []string{"bad-location", "invalid"} {
		if !strings.HasPrefix(want[name], "error: ") {
			t.Fatalf("%s: want an error, got %s", name, want[name])
		}
	}
	checked := 0
	for round := range 3 {
		for i := range calcs {
			c := calcs[i]
			if round == 1 {
				c = calcs[len(calcs)-1-i]
			}
			if got := c.lent(e); got != want[c.name] {
				t.Errorf("round %d, %s: lent\n%s\nkept\n%s", round, c.name, got, want[c.name])
			}
			l := e.loans.borrow()
			checked += zeroOverCapacity(t, c.name, "loan taxes", l.taxes)
			checked += zeroOverCapacity(t, c.name, "loan parts", l.parts)
			if l.used != 0 || l.done {
				t.Errorf("after %s, a pooled loan is not reset: %+v", c.name, *l)
			}
			e.loans.reclaim(l)
		}
	}
	if checked == 0 {
		t.Fatal("the pool gave back no loan with blocks: nothing was checked")
	}
}

// TestLentAnswersConcurrently runs the lent calculations from several
// goroutines at once (go test -race): each answer is the kept one.
func TestLentAnswersConcurrently(t *testing.T) {
	e := testEngine(t)
	calcs := lendCalcs(t)
	want := map[string]string{}
	for _, c := range calcs {
		want[c.name] = c.kept(e)
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range 3 * len(calcs) {
				c := calcs[(i*(g+1)+g)%len(calcs)]
				if got := c.lent(e); got != want[c.name] {
					t.Errorf("%s: lent\n%s\nkept\n%s", c.name, got, want[c.name])
				}
			}
		})
	}
	wg.Wait()
}

// TestLentAfterRefusal checks a good document after ones refused half-way
// (while building lines, by validation, by the function itself): its
// answer is Sale's.
func TestLentAfterRefusal(t *testing.T) {
	e := testEngine(t)
	good := benchQuotation(30)
	want, err := e.Sale(context.Background(), good)
	if err != nil {
		t.Fatal(err)
	}
	bad := usSale("200 N Spring St", "Los Angeles", "CA", "90012", "GENERAL", "10.00")
	bad.Customer.Destination = &wire.Location{TaxAreaID: "999999999"}
	refused := errors.New("refused by the caller")
	for range 3 {
		if err := e.SaleWith(context.Background(), bad, func(*wire.SaleResponse) error {
			t.Fatal("use called for a refused document")
			return nil
		}); err == nil {
			t.Fatal("bad-location: want an error")
		}
		if err := e.SaleWith(context.Background(), benchQuotation(12), func(*wire.SaleResponse) error { return refused }); !errors.Is(err, refused) {
			t.Fatalf("the function's error: got %v", err)
		}
		if err := e.SaleWith(context.Background(), good, func(got *wire.SaleResponse) error {
			if g, w := mustJSON(t, got), mustJSON(t, want); g != w {
				t.Errorf("after refusals: lent\n%s\nkept\n%s", g, w)
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
	}
}

// TestStoredAnswerIsNotLent checks that the answer of a document the
// journal stores is not carved from a loan: kept past its function, it
// does not change while later documents are lent, and it agrees with the
// stored transaction. An INVOICE with postToJournal false stores nothing,
// and is lent: its taxes are zero once its function returns.
func TestStoredAnswerIsNotLent(t *testing.T) {
	ctx := context.Background()
	store := journal.NewMemory()
	e, err := New(ctx, WithJournal(store), WithToday(func() civil.Date { return civil.MustParse("2026-06-01") }))
	if err != nil {
		t.Fatal(err)
	}
	invoice := benchQuotation(20)
	invoice.SaleMessageType = wire.SaleInvoice
	var kept *wire.SaleResponse
	if err := e.SaleWith(ctx, invoice, func(r *wire.SaleResponse) error { kept = r; return nil }); err != nil {
		t.Fatal(err)
	}
	before := mustJSON(t, kept)
	if kept.LineItems[0].Taxes[0].Jurisdiction == nil {
		t.Fatal("the stored INVOICE's taxes were reclaimed when its function returned")
	}
	for i := range 10 {
		if err := e.SaleWith(ctx, benchQuotation(20+i), func(*wire.SaleResponse) error { return nil }); err != nil {
			t.Fatal(err)
		}
	}
	if after := mustJSON(t, kept); after != before {
		t.Fatalf("the stored INVOICE's answer changed after later lent documents:\n%s\nwas\n%s", after, before)
	}
	tx, err := store.Get(ctx, levy.DefaultTenant, kept.TransactionID)
	if err != nil {
		t.Fatal(err)
	}
	if len(tx.Lines) != len(kept.LineItems) {
		t.Fatalf("stored %d lines, answered %d", len(tx.Lines), len(kept.LineItems))
	}
	for i, l := range tx.Lines {
		taxes := kept.LineItems[i].Taxes
		if len(l.Taxes) != len(taxes) {
			t.Fatalf("line %d: stored %d taxes, answered %d", i, len(l.Taxes), len(taxes))
		}
		for k := range taxes {
			if !l.Taxes[k].Tax.Equal(taxes[k].CalculatedTax) || l.Taxes[k].JurisdictionID != taxes[k].Jurisdiction.JurisdictionID {
				t.Errorf("line %d tax %d: stored %v in %s, answered %v in %s", i, k, l.Taxes[k].Tax, l.Taxes[k].JurisdictionID,
					taxes[k].CalculatedTax, taxes[k].Jurisdiction.JurisdictionID)
			}
		}
	}
	off := false
	unstored := benchQuotation(20)
	unstored.SaleMessageType, unstored.PostToJournal = wire.SaleInvoice, &off
	// Kept past its function against the rule, the answer shows that
	// its taxes went back to the pool, zeroed.
	var lent *wire.SaleResponse
	if err := e.SaleWith(ctx, unstored, func(r *wire.SaleResponse) error { lent = r; return nil }); err != nil {
		t.Fatal(err)
	}
	if lent.LineItems[0].Taxes[0].Jurisdiction != nil {
		t.Error("an INVOICE with postToJournal false was not lent")
	}
}

// TestLoanPoolIsBounded checks that reclaim keeps blocks of up to 4 MiB
// and drops larger ones.
func TestLoanPoolIsBounded(t *testing.T) {
	var lp loanPool
	over := maxPooled[wire.Tax]() + 1
	lp.reclaim(&taxLoan{taxes: make([]wire.Tax, 1, over), parts: make([]taxParts, 1, over), used: 1})
	if l := lp.borrow(); cap(l.taxes) >= over {
		t.Fatalf("a loan of %d taxes (over 4 MiB) was kept", cap(l.taxes))
	}
	if n := maxPooled[wire.Tax](); n < 1000 {
		t.Fatalf("a pooled loan keeps %d taxes, fewer than a 1,000-line document of one tax a line needs", n)
	}
}

// BenchmarkLentQuotation1 is BenchmarkQuotation1 through SaleWith, as the
// API's calculation routes calculate: the answer's tax blocks go back to
// the engine once it is used (no limit of its own; benchmarks/README.md
// gives it beside the floor).
func BenchmarkLentQuotation1(b *testing.B) { benchmarkLent(b, 1) }

// BenchmarkLentQuotation100 is BenchmarkQuotation100 through SaleWith.
func BenchmarkLentQuotation100(b *testing.B) { benchmarkLent(b, 100) }

func benchmarkLent(b *testing.B, n int) {
	e := testEngine(b)
	req := benchQuotation(n)
	ctx := context.Background()
	use := func(*wire.SaleResponse) error { return nil }
	if err := e.SaleWith(ctx, req, use); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := e.SaleWith(ctx, req, use); err != nil {
			b.Fatal(err)
		}
	}
}

// TestLoanFullMovesOn checks the loan's fallback: a calculation that needs
// a second block after carving from the loan's (more taxes than it
// counted) gets new blocks, and the items carved stay where they are and
// are the only ones reclaimed.
func TestLoanFullMovesOn(t *testing.T) {
	var lp loanPool
	l := lp.borrow()
	c := &calc{loan: l}
	first, _ := c.newWireBlocks(4)
	l.used = 4
	first = first[:4]
	first[0].IsService = true
	second, _ := c.newWireBlocks(8)
	if !l.done {
		t.Fatal("the loan is not marked done after a second block")
	}
	if cap(second) != 8 || &second[:1][0] == &first[0] {
		t.Fatal("the second block is the loan's: it would write over the taxes carved from it")
	}
	if !first[0].IsService {
		t.Fatal("a tax carved from the loan changed")
	}
	lp.reclaim(l)
	if first[0].IsService {
		t.Fatal("reclaim left a carved tax set")
	}
}

// lentWith calculates req, a sale, purchase or owner's request, by
// SaleWith, PurchaseWith or OwnerWith under ctx with use.
func lentWith(ctx context.Context, e *Engine, req any, use func(any) error) error {
	switch req := req.(type) {
	case *wire.SaleRequest:
		return e.SaleWith(ctx, req, func(r *wire.SaleResponse) error { return use(r) })
	case *wire.PurchaseRequest:
		return e.PurchaseWith(ctx, req, func(r *wire.PurchaseResponse) error { return use(r) })
	case *wire.OwnerRequest:
		return e.OwnerWith(ctx, req, func(r *wire.OwnerResponse) error { return use(r) })
	}
	panic(fmt.Sprintf("lentWith: a %T", req))
}

// TestLentCancelled calculates the golden requests, of every perspective,
// with SaleWith, PurchaseWith and OwnerWith under a cancelled context:
// use is not called, and the error is the context's (errors.Is
// context.Canceled), which a host tells from a fault of the engine,
// though the lookups that meet the cancelled context report it as a
// fault of the document's lines; and the lent answers after them are
// the kept ones.
func TestLentCancelled(t *testing.T) {
	e := testEngine(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, g := range goldenRequests(t) {
		err := lentWith(ctx, e, g.req, func(any) error {
			t.Errorf("%s: use called under a cancelled context", g.name)
			return nil
		})
		if !errors.Is(err, context.Canceled) {
			t.Errorf("%s under a cancelled context: got %v, want context.Canceled", g.name, err)
		}
	}
	for _, c := range lendCalcs(t) {
		if got, want := c.lent(e), c.kept(e); got != want {
			t.Errorf("%s after cancelled calculations: lent\n%s\nkept\n%s", c.name, got, want)
		}
	}
}

// TestLentUseThatPanics checks a function that panics with the response
// (an encoder's fault, say) and a host that recovers: the panic goes
// through SaleWith as it is, and the response's taxes are not handed to
// later calculations, whose answers are the kept ones, so that the
// response the host may still hold does not change.
func TestLentUseThatPanics(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	var held *wire.SaleResponse
	var before string
	got := func() (v any) {
		defer func() { v = recover() }()
		_ = e.SaleWith(ctx, benchQuotation(40), func(r *wire.SaleResponse) error {
			held, before = r, mustJSON(t, r)
			panic("the encoder failed")
		})
		return nil
	}()
	if got != "the encoder failed" || held == nil {
		t.Fatalf("recovered %v, want the function's panic", got)
	}
	for i := range 12 {
		req := benchQuotation(10 + 7*i)
		want, err := e.Sale(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		if err := e.SaleWith(ctx, req, func(r *wire.SaleResponse) error {
			if g, w := mustJSON(t, r), mustJSON(t, want); g != w {
				t.Errorf("%d lines after a panic: lent\n%s\nkept\n%s", 10+7*i, g, w)
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
	}
	if after := mustJSON(t, held); after != before {
		t.Errorf("the response of a function that panicked changed under later calculations:\n%s\nwas\n%s", after, before)
	}
}

// TestLoanOfAFailedCalculation checks lend with a calculation that fails
// after carving taxes from its loan (none of Sale, Purchase and Owner
// does today: a calculation fails before it writes its response): the
// function is not called, the error is the calculation's, and the loan's
// carved taxes are zero once lend returns.
func TestLoanOfAFailedCalculation(t *testing.T) {
	e := testEngine(t)
	failed := errors.New("failed after carving")
	var loan *taxLoan
	calc := func(_ context.Context, _ *wire.SaleRequest, _ bool, _ *wire.Explanation, l *taxLoan) (*wire.SaleResponse, *journal.Transaction, error) {
		loan = l
		c := &calc{loan: l, d: &doc{}}
		taxes, parts := c.wireFor(3)
		for i := range taxes {
			parts[i].j.JurisdictionID = "secret-" + strconv.Itoa(i)
			taxes[i].Jurisdiction, taxes[i].IsService = &parts[i].j, true
		}
		return nil, nil, failed
	}
	err := lend(context.Background(), e, &wire.SaleRequest{}, calc, func(*wire.SaleResponse) error {
		t.Error("use called for a failed calculation")
		return nil
	})
	if !errors.Is(err, failed) {
		t.Fatalf("got %v, want the calculation's error", err)
	}
	if loan.used != 0 || loan.done || zeroOverCapacity(t, "a failed calculation", "loan taxes", loan.taxes)+
		zeroOverCapacity(t, "a failed calculation", "loan parts", loan.parts) < 3 {
		t.Errorf("the loan of a failed calculation is not reset: used %d, done %v, %d taxes", loan.used, loan.done, cap(loan.taxes))
	}
}

// TestReturnedAnswersAreNotLent checks that what PrepareSale and
// ExplainSale return, which the caller keeps, is not carved from a loan:
// kept while lent documents of every size are calculated, the responses,
// the transaction and the explanation do not change.
func TestReturnedAnswersAreNotLent(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	invoice := benchQuotation(30)
	invoice.SaleMessageType = wire.SaleInvoice
	prepared, tx, err := e.PrepareSale(ctx, invoice)
	if err != nil || tx == nil {
		t.Fatalf("PrepareSale: %v, transaction %v", err, tx)
	}
	explained, ex, err := e.ExplainSale(ctx, benchQuotation(30))
	if err != nil {
		t.Fatal(err)
	}
	before := []string{mustJSON(t, prepared), mustJSON(t, tx), mustJSON(t, explained), mustJSON(t, ex)}
	for i := range 8 {
		if err := e.SaleWith(ctx, benchQuotation(5+20*i), func(*wire.SaleResponse) error { return nil }); err != nil {
			t.Fatal(err)
		}
	}
	after := []string{mustJSON(t, prepared), mustJSON(t, tx), mustJSON(t, explained), mustJSON(t, ex)}
	for i, what := range []string{"PrepareSale's response", "PrepareSale's transaction", "ExplainSale's response", "ExplainSale's explanation"} {
		if after[i] != before[i] {
			t.Errorf("%s changed under later lent calculations:\n%s\nwas\n%s", what, after[i], before[i])
		}
	}
}

// TestHugeLentDocumentIsNotPooled lends a document whose taxes are over
// the bound of a pooled block (2,000 lines of six taxes): its answer is
// Sale's, and no loan the pool gives afterwards holds more than the
// bound, so that the document does not pin its memory.
func TestHugeLentDocumentIsNotPooled(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	req := benchQuotation(2000)
	want, err := e.Sale(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	taxes := 0
	for _, l := range want.LineItems {
		taxes += len(l.Taxes)
	}
	if taxes <= maxPooled[wire.Tax]() {
		t.Fatalf("the document has %d taxes, not over the bound of %d", taxes, maxPooled[wire.Tax]())
	}
	if err := e.SaleWith(ctx, req, func(got *wire.SaleResponse) error {
		if g, w := mustJSON(t, got), mustJSON(t, want); g != w {
			t.Errorf("lent\n%s\nkept\n%s", g, w)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	var loans []*taxLoan
	for range 4 {
		l := e.loans.borrow()
		if cap(l.taxes) > maxPooled[wire.Tax]() || cap(l.parts) > maxPooled[taxParts]() {
			t.Errorf("the pool gave a loan of %d taxes and %d parts, over the bound", cap(l.taxes), cap(l.parts))
		}
		loans = append(loans, l)
	}
	for _, l := range loans {
		e.loans.reclaim(l)
	}
}

// TestCancelledEveryEntry checks that every entry point of a calculation
// (Sale, Prepare, Explain, each perspective) returns the context's own
// error under a cancelled context, as SaleWith does: before, they
// returned an internal fault whose message alone said "context
// canceled", which a host could not tell from a fault of the engine.
func TestCancelledEveryEntry(t *testing.T) {
	e := testEngine(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, g := range goldenRequests(t) {
		var errs [3]error
		switch r := g.req.(type) {
		case *wire.SaleRequest:
			_, errs[0] = e.Sale(ctx, r)
			_, _, errs[1] = e.PrepareSale(ctx, r)
			_, _, errs[2] = e.ExplainSale(ctx, r)
		case *wire.PurchaseRequest:
			_, errs[0] = e.Purchase(ctx, r)
			_, _, errs[1] = e.PreparePurchase(ctx, r)
			_, _, errs[2] = e.ExplainPurchase(ctx, r)
		case *wire.OwnerRequest:
			_, errs[0] = e.Owner(ctx, r)
			_, _, errs[1] = e.PrepareOwner(ctx, r)
			_, _, errs[2] = e.ExplainOwner(ctx, r)
		}
		for i, err := range errs {
			if !errors.Is(err, context.Canceled) {
				t.Errorf("%s, entry %d (calculate, prepare, explain) under a cancelled context: %v; want context.Canceled", g.name, i, err)
			}
		}
	}
}

package engine

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/fuzzcheck"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
)

// fuzzBodyLimit is the body limit of the calculation fuzz targets, the
// API's default.
const fuzzBodyLimit = 1 << 20

// fuzzDeadline is the deadline a fuzzed calculation runs under, and
// fuzzHang how long it may take before the target calls it a hang. The
// engine checks its context between lines, so a calculation that ignores
// the deadline for long is a bug of its own.
const (
	fuzzDeadline = 2 * time.Second
	fuzzHang     = 10 * time.Second
)

// fuzzJournal is the journal of the fuzz engine: an in-memory store that
// the targets replace now and then, so that hours of fuzzing do not keep
// every stored calculation. Fuzz inputs run one at a time in a process,
// so the swap needs no lock.
type fuzzJournal struct {
	journal.Store
	posts int
}

// Post implements journal.Store and counts the posts.
func (j *fuzzJournal) Post(ctx context.Context, tenant string, tx *journal.Transaction) (*journal.Transaction, error) {
	j.posts++
	return j.Store.Post(ctx, tenant, tx)
}

// renew replaces the store when it holds many posts.
func (j *fuzzJournal) renew() {
	if j.posts >= 512 {
		j.Store, j.posts = journal.NewMemory(), 0
	}
}

var (
	fuzzOnce    sync.Once
	fuzzEng     *Engine
	fuzzJrnl    *fuzzJournal
	fuzzEngErr  error
	fuzzEngDate = civil.MustParse("2026-06-01")
)

// fuzzEngine returns the engine of the calculation fuzz targets, built
// once per process: the embedded dataset, the default rules, a fixed
// today and an in-memory journal.
func fuzzEngine(t testing.TB) (*Engine, *fuzzJournal) {
	t.Helper()
	fuzzOnce.Do(func() {
		fuzzJrnl = &fuzzJournal{Store: journal.NewMemory()}
		fuzzEng, fuzzEngErr = New(context.Background(), WithJournal(fuzzJrnl),
			WithToday(func() civil.Date { return fuzzEngDate }))
	})
	if fuzzEngErr != nil {
		t.Fatal(fuzzEngErr)
	}
	return fuzzEng, fuzzJrnl
}

// calcResult is what the calculation fuzz targets check of a response.
type calcResult struct {
	subTotal, total, totalTax money.Amount
	lines                     []lineTotals
	transactionID             string
}

// fuzzCalc decodes body into a new Req and, when it decodes and
// validates, calculates it twice with calc under a deadline. Neither step
// may panic or hang. Every error must be a levy error with a message, or
// the deadline's; Validate and the calculation must agree on whether the
// request is valid, so the calculation fails whenever Validate does. A
// successful response must encode without null, satisfy the totals
// invariants (checkInvariants), name a transaction that exists when the
// calculation was stored, and come out the same the second time but for
// its transaction ID.
func fuzzCalc[Req any, Resp any, P interface {
	*Req
	validatable
}](t *testing.T, body []byte, calc func(*Engine, context.Context, *Req) (*Resp, error), result func(*Resp) calcResult, clearID func(*Resp)) {
	e, j := fuzzEngine(t)
	j.renew()
	req := P(new(Req))
	if err := wire.Decode(bytes.NewReader(body), req, fuzzBodyLimit); err != nil {
		fuzzcheck.LevyError(t, err)
		return
	}
	invalid := req.Validate()
	if invalid != nil {
		fuzzcheck.LevyError(t, invalid)
	}
	run := func() (*Resp, error) {
		ctx, cancel := context.WithTimeout(context.Background(), fuzzDeadline)
		defer cancel()
		defer calcWatchdog(fuzzHang)()
		return calc(e, ctx, (*Req)(req))
	}
	posts := j.posts
	resp, err := run()
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			return
		}
		fuzzcheck.LevyError(t, err)
		if resp != nil {
			t.Fatalf("a response with the error %v", err)
		}
		return
	}
	if invalid != nil {
		t.Fatalf("Validate refused the request (%v) but the calculation succeeded", invalid)
	}
	if resp == nil {
		t.Fatal("no response and no error")
	}
	r := result(resp)
	checkInvariants(t, "response", r.subTotal, r.total, r.totalTax, r.lines)
	out, err := json.Marshal(resp)
	if err != nil {
		t.Fatalf("encode the response: %v", err)
	}
	if fuzzcheck.HasNull(t, out) {
		t.Fatalf("the response encodes with null: %s", out)
	}
	if j.posts > posts {
		if ok, err := e.TransactionExists(context.Background(), r.transactionID); err != nil || !ok {
			t.Fatalf("the calculation was stored, but its transaction %q exists %v (%v)", r.transactionID, ok, err)
		}
	}
	again, err := run()
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			return
		}
		t.Fatalf("the same request failed the second time: %v", err)
	}
	clearID(resp)
	clearID(again)
	first, _ := json.Marshal(resp)
	second, err := json.Marshal(again)
	if err != nil || !bytes.Equal(first, second) {
		t.Fatalf("the same request answered differently (%v):\n%s\n%s", err, first, second)
	}
}

// calcWatchdog panics, killing the fuzzing process so that the fuzzer
// keeps the input, unless the returned stop is called within d: a
// calculation that hangs never returns to be measured.
func calcWatchdog(d time.Duration) (stop func()) {
	t := time.AfterFunc(d, func() { panic(fmt.Sprintf("the calculation still runs after %v", d)) })
	return func() { t.Stop() }
}

// FuzzSale decodes a /supplies body and calculates it (Engine.Sale); see
// fuzzCalc for what it checks.
func FuzzSale(f *testing.F) {
	f.Add([]byte(`{"saleMessageType":"QUOTATION","seller":{"physicalOrigin":{"country":"US","mainDivision":"TN","postalCode":"37203"}},"customer":{"destination":{"country":"US","mainDivision":"TN","postalCode":"37203"}},"lineItems":[{"extendedPrice":100}]}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		fuzzCalc[wire.SaleRequest](t, body, (*Engine).Sale,
			func(r *wire.SaleResponse) calcResult {
				return calcResult{r.SubTotal, r.Total, r.TotalTax, saleTotals(r.LineItems), r.TransactionID}
			},
			func(r *wire.SaleResponse) { r.TransactionID = "" })
	})
}

// FuzzPurchase decodes a /procurement body and calculates it
// (Engine.Purchase); see fuzzCalc for what it checks.
func FuzzPurchase(f *testing.F) {
	f.Add([]byte(`{"purchaseMessageType":"PURCHASE_ORDER","buyer":{"destination":{"country":"US","mainDivision":"CA","postalCode":"90012"}},"lineItems":[{"extendedPrice":100}]}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		fuzzCalc[wire.PurchaseRequest](t, body, (*Engine).Purchase,
			func(r *wire.PurchaseResponse) calcResult {
				return calcResult{r.SubTotal, r.Total, r.TotalTax, purchaseTotals(r.LineItems), r.TransactionID}
			},
			func(r *wire.PurchaseResponse) { r.TransactionID = "" })
	})
}

// FuzzOwner decodes an /owner body and calculates it (Engine.Owner); see
// fuzzCalc for what it checks.
func FuzzOwner(f *testing.F) {
	f.Add([]byte(`{"ownerMessageType":"INVENTORY_REMOVAL","owner":{"physicalOrigin":{"country":"US","mainDivision":"NY","postalCode":"10118"}},"lineItems":[{"extendedPrice":100}]}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		fuzzCalc[wire.OwnerRequest](t, body, (*Engine).Owner,
			func(r *wire.OwnerResponse) calcResult {
				return calcResult{r.SubTotal, r.Total, r.TotalTax, ownerTotals(r.LineItems), r.TransactionID}
			},
			func(r *wire.OwnerResponse) { r.TransactionID = "" })
	})
}

// saleFieldsTemplate is the sale FuzzSaleFields fills in: a discounted
// document with a plain line, a multicomponent line with a rate override
// and a line with freight and an exempt override. The amounts go in as
// raw JSON, the postal code and the product class as JSON strings; a
// DISTRIBUTE_TAX gives every leaf the discount value as its input tax.
const saleFieldsTemplate = `{"saleMessageType":%q,"transactionType":"SALE","documentDate":"2026-06-10","roundAtLineLevel":%t,` +
	`"isTaxOnlyAdjustmentIndicator":%t,` +
	`"seller":{"physicalOrigin":%s},` +
	`"customer":{"destination":{"postalCode":%s,"country":%q}},` +
	`"discount":{"discountType":%q,"discountValue":%s},` +
	`"lineItems":[` +
	`{"lineItemId":"a","product":{"productClass":%s},"quantity":{"value":%s},"unitPrice":%s,"taxIncludedIndicator":%t%s},` +
	`{"lineItemId":"b","isMulticomponent":true,"product":{"productClass":"GENERAL"},"lineItems":[` +
	`{"lineItemId":"b1","product":{"productClass":%s},"extendedPrice":%s%s},` +
	`{"lineItemId":"b2","extendedPrice":%s,"rateOverrides":[{"jurisdictionType":"STATE","rate":%s}]%s}]},` +
	`{"lineItemId":"c","extendedPrice":%s,"freight":%s,"exemptOverrides":[{"jurisdictionType":"COUNTY","amount":%s}]%s}]}`

// The sellers and customers' countries of FuzzSaleFields, by the mode's
// bits 4 to 6.
var saleFieldsPlaces = []struct{ seller, country string }{
	{`{"city":"Los Angeles","mainDivision":"CA","postalCode":"90012","country":"US"}`, "US"},
	{`{"city":"Albany","mainDivision":"NY","postalCode":"12207","country":"US"}`, "US"},
	{`{"city":"Nashville","mainDivision":"TN","postalCode":"37203","country":"US"}`, "US"},
	{`{"city":"Berlin","postalCode":"10115","country":"DE"}`, "DE"},
	{`{"city":"Toronto","mainDivision":"ON","postalCode":"M5V 3L9","country":"CA"}`, "CA"},
	{`{"city":"Miami","mainDivision":"FL","postalCode":"33101","country":"US"}`, "US"},
	{`{"city":"Paris","postalCode":"75001","country":"FR"}`, "FR"},
	{`{"city":"Montreal","mainDivision":"QC","postalCode":"H2X 1Y4","country":"CA"}`, "CA"},
}

// FuzzSaleFields puts arbitrary amounts, a postal code and a product class
// into a valid sale (saleFieldsTemplate), so that far more inputs reach the
// calculation than FuzzSale's mutated bodies do; mode chooses the message
// type, the places, the discount type and the indicators. It checks what
// FuzzSale checks (see fuzzCalc).
func FuzzSaleFields(f *testing.F) {
	f.Add("2", "24.99", "35.01", "10", "0.05", "12207", "CLOTHING", uint8(0x11))
	f.Fuzz(func(t *testing.T, qty, unit, ext, disc, rate, postal, class string, mode uint8) {
		msg := [...]string{"QUOTATION", "INVOICE", "DISTRIBUTE_TAX", "INVOICE"}[mode&3]
		distribute := ""
		if msg == "DISTRIBUTE_TAX" {
			distribute = `,"inputTotalTax":` + disc
		}
		discType := "DiscountAmount"
		if mode&8 != 0 {
			discType = "DiscountPercent"
		}
		place := saleFieldsPlaces[mode>>4&7]
		quote := func(s string) string {
			b, _ := json.Marshal(s)
			return string(b)
		}
		body := fmt.Sprintf(saleFieldsTemplate, msg, mode&4 != 0, mode&0x80 != 0 && mode&3 == 1,
			place.seller, quote(postal), place.country, discType, disc,
			quote(class), qty, unit, mode&0x40 != 0, distribute,
			quote(class), ext, distribute, unit, rate, distribute,
			ext, unit, disc, distribute)
		fuzzCalc[wire.SaleRequest](t, []byte(body), (*Engine).Sale,
			func(r *wire.SaleResponse) calcResult {
				return calcResult{r.SubTotal, r.Total, r.TotalTax, saleTotals(r.LineItems), r.TransactionID}
			},
			func(r *wire.SaleResponse) { r.TransactionID = "" })
	})
}

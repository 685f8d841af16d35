package journaltest

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// The company codes of the calculations of Companies, both of one
// tenant: two legal entities that file their own returns.
const (
	CompanyEast = "EAST"
	CompanyWest = "WEST"
)

// Calc is one calculation to post: Path is the route of the API's base
// path that takes it ("/supplies", "/procurement" or "/owner"), Body its
// JSON request.
type Calc struct {
	ID   string
	Path string
	Body []byte
}

// Reversal is the reversal of one calculation of Companies that a test
// posts after them: the transaction ID it reverses and the reversal's ID,
// posted on the day of the original.
type Reversal struct{ Of, ID, PostingDate string }

// CompanyReversal is the reversal that follows Companies: WEST's sale to
// Washington, reversed in its own month, which takes it back out of
// WEST's report.
var CompanyReversal = Reversal{Of: "S-WEST-WA", ID: "S-WEST-WA-REV", PostingDate: "2026-06-05"}

// Companies returns calculations of one tenant that the engine stores,
// posted in June 2026, in USD: sales of the companies EAST and WEST
// (both shipping from Seattle) to Los Angeles, California, and to
// Seattle, Washington; a sale to Washington that names no company; an
// accrual of EAST's (buyer.company) in Washington; and an asset
// movement of WEST's (owner.company) into Minnesota. Every sale is of
// 100.00 of general goods, the accrual of 2500.00, the movement of
// 800.00 of cost.
func Companies() []Calc {
	sale := func(id, company, day, city, state, zip string) Calc {
		seller := `"physicalOrigin":{"city":"Seattle","mainDivision":"WA","postalCode":"98109","country":"US"}`
		if company != "" {
			seller = fmt.Sprintf(`"company":%q,%s`, company, seller)
		}
		return Calc{ID: id, Path: "/supplies", Body: fmt.Appendf(nil, `{"saleMessageType":"INVOICE","transactionType":"SALE","transactionId":%q,`+
			`"documentDate":%q,"currency":{"isoCurrencyCodeAlpha":"USD"},"seller":{%s},`+
			`"customer":{"customerCode":{"value":"C-1"},"destination":{"city":%q,"mainDivision":%q,"postalCode":%q,"country":"US"}},`+
			`"lineItems":[{"lineItemId":"1","product":{"productClass":"GENERAL","value":"WIDGET"},"extendedPrice":100.00}]}`,
			id, day, seller, city, state, zip)}
	}
	return []Calc{
		sale("S-EAST-CA", CompanyEast, "2026-06-01", "Los Angeles", "CA", "90012"),
		sale("S-EAST-WA", CompanyEast, "2026-06-02", "Seattle", "WA", "98101"),
		sale("S-WEST-CA", CompanyWest, "2026-06-03", "Los Angeles", "CA", "90012"),
		sale("S-WEST-WA", CompanyWest, "2026-06-05", "Seattle", "WA", "98101"),
		sale("S-WEST-WA-2", CompanyWest, "2026-06-06", "Seattle", "WA", "98101"),
		sale("S-NONE-WA", "", "2026-06-07", "Seattle", "WA", "98101"),
		{ID: "P-EAST-WA", Path: "/procurement", Body: []byte(`{"purchaseMessageType":"ACCRUAL","transactionType":"PURCHASE","transactionId":"P-EAST-WA",` +
			`"documentDate":"2026-06-08","currency":{"isoCurrencyCodeAlpha":"USD"},` +
			`"vendor":{"physicalOrigin":{"city":"Portland","mainDivision":"OR","postalCode":"97201","country":"US"}},` +
			`"buyer":{"company":"EAST","destination":{"city":"Seattle","mainDivision":"WA","postalCode":"98101","country":"US"}},` +
			`"lineItems":[{"lineItemId":"1","purchase":{"purchaseClass":"GENERAL"},"extendedPrice":2500.00}]}`)},
		{ID: "O-WEST-MN", Path: "/owner", Body: []byte(`{"ownerMessageType":"ASSET_MOVEMENT","transactionId":"O-WEST-MN",` +
			`"documentDate":"2026-06-09","currency":{"isoCurrencyCodeAlpha":"USD"},` +
			`"owner":{"company":"WEST","physicalOrigin":{"city":"Portland","mainDivision":"OR","postalCode":"97201","country":"US"},` +
			`"destination":{"city":"Minneapolis","mainDivision":"MN","postalCode":"55401","country":"US"}},` +
			`"lineItems":[{"lineItemId":"desk","purchase":{"purchaseClass":"GENERAL"},"cost":800.00}]}`)},
	}
}

// Calculator is what Post calculates with: an engine (engine.Engine)
// with a journal.
type Calculator interface {
	Sale(ctx context.Context, req *wire.SaleRequest) (*wire.SaleResponse, error)
	Purchase(ctx context.Context, req *wire.PurchaseRequest) (*wire.PurchaseResponse, error)
	Owner(ctx context.Context, req *wire.OwnerRequest) (*wire.OwnerResponse, error)
	ReverseTransaction(ctx context.Context, id string, r wire.ReversalRequest) (*wire.ReversalResponse, error)
}

// Post calculates calcs with c for the tenant of ctx, each by the method
// of its route, and then, when rv is not nil, the reversal rv.
func Post(t testing.TB, ctx context.Context, c Calculator, calcs []Calc, rv *Reversal) {
	t.Helper()
	for _, calc := range calcs {
		var err error
		switch calc.Path {
		case "/supplies":
			var req wire.SaleRequest
			if err = json.Unmarshal(calc.Body, &req); err == nil {
				_, err = c.Sale(ctx, &req)
			}
		case "/procurement":
			var req wire.PurchaseRequest
			if err = json.Unmarshal(calc.Body, &req); err == nil {
				_, err = c.Purchase(ctx, &req)
			}
		case "/owner":
			var req wire.OwnerRequest
			if err = json.Unmarshal(calc.Body, &req); err == nil {
				_, err = c.Owner(ctx, &req)
			}
		default:
			err = fmt.Errorf("no route %q", calc.Path)
		}
		if err != nil {
			t.Fatalf("journaltest: posting %s: %v", calc.ID, err)
		}
	}
	if rv == nil {
		return
	}
	r := wire.ReversalRequest{TransactionID: rv.ID, PostingDate: civil.MustParse(rv.PostingDate)}
	if _, err := c.ReverseTransaction(ctx, rv.Of, r); err != nil {
		t.Fatalf("journaltest: reversing %s: %v", rv.Of, err)
	}
}

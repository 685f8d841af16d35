package wire_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/levytax/levy"
	"github.com/levytax/levy/wire"
)

// A host that reads the wire format itself (a queue of request bodies,
// say) decodes each as Levy's API does and validates it before it calls
// a wire.Calculator: every fault comes back at once, named by its JSON
// path, with no calculator linked.
func ExampleDecode() {
	body := `{"saleMessageType":"QUOTATION","transactionType":"SALE","documentDate":"2026-06-01",
		"lineItems":[{"lineItemId":"1","extendedPrice":"ten"}]}`
	var req wire.SaleRequest
	err := wire.Decode(strings.NewReader(body), &req, 1<<20)
	var le *levy.Error
	if errors.As(err, &le) {
		fmt.Println(le.Code, le.Field)
	}

	body = `{"saleMessageType":"ESTIMATE","transactionType":"SALE","documentDate":"2026-06-01","documentNumber":"` +
		strings.Repeat("9", 51) + `"}`
	req = wire.SaleRequest{}
	if err := wire.Decode(strings.NewReader(body), &req, 1<<20); err != nil {
		panic(err)
	}
	var list levy.Errors
	if errors.As(req.Validate(), &list) {
		for _, e := range list {
			fmt.Println(e.Code, e.Field)
		}
	}
	// Output:
	// invalid lineItems[0].extendedPrice
	// invalid saleMessageType
	// invalid documentNumber
	// invalid lineItems
}

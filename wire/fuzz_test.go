package wire

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"github.com/levytax/levy/internal/fuzzcheck"
)

// FuzzDecodeValidate feeds arbitrary bodies to Decode and Validate of the
// three request types. Neither may panic; every error must be a
// *levy.Error or a levy.Errors whose entries have messages; a decoded
// request must encode again without null.
func FuzzDecodeValidate(f *testing.F) {
	invoice, err := os.ReadFile("../engine/testdata/sale_invoice.json")
	if err != nil {
		f.Fatal(err)
	}
	for _, seed := range []string{
		string(invoice),
		validateTestPurchase,
		validateTestOwner,
		`{"saleMessageType":"QUOTATION","transactionType":"SALE","lineItems":[{"lineItems":[{"quantity":{"value":-1}}]}]}`,
		`{"customer":{"locationEvidence":{"bin":{"value":"4111111"},"ipAddress":{"value":"::1"}}}}`,
		`{"lineItems":[{"flexibleFields":{"flexibleDateFields":[{"fieldId":3,"value":"2026-02-30"}]}}]}`,
		`{"exemptOverrides":[{"jurisdictionType":"COUNTY","amount":1e-7}],"documentDate":"2026-01-01"}`,
		`[{"a":1}]`,
		`{"lineItems":[1,2]}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, v := range []validatable{new(SaleRequest), new(PurchaseRequest), new(OwnerRequest)} {
			if err := Decode(bytes.NewReader(body), v, 1<<20); err != nil {
				fuzzcheck.LevyError(t, err)
				continue
			}
			if err := v.Validate(); err != nil {
				fuzzcheck.LevyError(t, err)
			}
			out, err := json.Marshal(v)
			if err != nil {
				t.Fatalf("encode %T decoded from %q: %v", v, body, err)
			}
			if fuzzcheck.HasNull(t, out) {
				t.Fatalf("%T encodes with null: %s", v, out)
			}
		}
	})
}

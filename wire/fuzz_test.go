package wire

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"testing"

	"github.com/levytax/levy"
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
				checkLevyError(t, err)
				continue
			}
			if err := v.Validate(); err != nil {
				checkLevyError(t, err)
			}
			out, err := json.Marshal(v)
			if err != nil {
				t.Fatalf("encode %T decoded from %q: %v", v, body, err)
			}
			var back any
			if err := json.Unmarshal(out, &back); err != nil || hasNull(back) {
				t.Fatalf("%T encodes with null or badly (%v): %s", v, err, out)
			}
		}
	})
}

// checkLevyError fails unless err is a *levy.Error or levy.Errors whose
// every entry has a code and a message.
func checkLevyError(t *testing.T, err error) {
	t.Helper()
	var es levy.Errors
	if errors.As(err, &es) {
		if len(es) == 0 {
			t.Fatalf("empty levy.Errors")
		}
		for _, e := range es {
			if e == nil || e.Code == "" || e.Message == "" {
				t.Fatalf("bad entry %#v in %v", e, err)
			}
		}
		return
	}
	var e *levy.Error
	if !errors.As(err, &e) || e.Code == "" || e.Message == "" {
		t.Fatalf("error %T %v is not a levy error with a message", err, err)
	}
}

// hasNull reports whether a decoded JSON value holds a null.
func hasNull(v any) bool {
	switch v := v.(type) {
	case nil:
		return true
	case map[string]any:
		for _, e := range v {
			if hasNull(e) {
				return true
			}
		}
	case []any:
		for _, e := range v {
			if hasNull(e) {
				return true
			}
		}
	}
	return false
}

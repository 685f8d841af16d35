package jsonbody_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/internal/jsonbody"
	"github.com/shopspring/decimal"
)

// TestDecodeNamesABadDecimal: a decimal member (a franchise fee's rate or
// amount in a tax profile) sent as a string that is no number ("5%",
// "1,000.00", "abc") or as another JSON value is refused naming the
// member, in words that say what it takes. The refusal gave the decimal
// package's own words: "error decoding string '"5%"': can't convert 5% to
// decimal". Numbers and strings of numbers decode.
func TestDecodeNamesABadDecimal(t *testing.T) {
	type fee struct {
		Rate   *decimal.Decimal `json:"rate"`
		Amount decimal.Decimal  `json:"amount"`
	}
	for _, body := range []string{`{"rate":"5%"}`, `{"rate":"1,000.00"}`, `{"amount":"abc"}`, `{"amount":true}`, `{"rate":"0.05 USD"}`} {
		var v fee
		err := jsonbody.Decode(strings.NewReader(body), &v, 0)
		var le *levy.Error
		if !errors.As(err, &le) || le.Code != levy.EInvalid || (le.Field != "rate" && le.Field != "amount") ||
			!strings.Contains(le.Message, "must be a decimal number such as 0.05") || strings.Contains(le.Message, "can't convert") ||
			strings.Contains(le.Message, "decoding") {
			t.Errorf("Decode of %s = %v; want the member refused as no decimal number", body, err)
		}
	}
	var v fee
	if err := jsonbody.Decode(strings.NewReader(`{"rate":"0.05","amount":1.25}`), &v, 0); err != nil || v.Rate == nil || v.Rate.String() != "0.05" || v.Amount.String() != "1.25" {
		t.Errorf("Decode of good decimals: %v, %+v", err, v)
	}
}

package engine

import (
	"errors"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
)

// TestCurrencyBeforeItsIntroduction: a document of 2024 in XCG, the
// Caribbean guilder that ISO 4217 amendment 176 introduced on 2025-03-31,
// was calculated, though no amount could be in it then. It is refused,
// naming the member sent and the day the currency came into use; a
// document of that day is not.
func TestCurrencyBeforeItsIntroduction(t *testing.T) {
	xcg := money.Currency{Alpha: "XCG", Numeric: 532, Name: "Caribbean Guilder", MinorUnits: 2, Introduced: civil.MustParse("2025-03-31")}
	num := int32(532)
	err := checkInUse("currency", &wire.Currency{ISOCurrencyCodeNum: &num}, xcg, civil.MustParse("2024-06-01"))
	var e *levy.Error
	if !errors.As(err, &e) || e.Field != "currency.isoCurrencyCodeNum" || e.Code != levy.EInvalid ||
		!strings.Contains(e.Message, "XCG (Caribbean Guilder) came into use on 2025-03-31, and the document is dated 2024-06-01") {
		t.Errorf("XCG on 2024-06-01: %v", err)
	}
	if err := checkInUse("currency", &wire.Currency{ISOCurrencyCodeAlpha: "XCG"}, xcg, civil.MustParse("2025-03-31")); err != nil {
		t.Errorf("XCG on 2025-03-31: %v", err)
	}
}

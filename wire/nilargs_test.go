package wire

import (
	"strings"
	"testing"

	"github.com/levytax/levy"
)

// TestNilAndZeroRequests: Validate of a nil request says the request is
// missing, of a zero one or one of a zero line names the missing message
// type, and CheckText of a nil address finds nothing to refuse; none
// panics.
func TestNilAndZeroRequests(t *testing.T) {
	for name, tc := range map[string]struct {
		err  error
		want string
	}{
		"nil sale":             {(*SaleRequest)(nil).Validate(), "the request is missing"},
		"nil purchase":         {(*PurchaseRequest)(nil).Validate(), "the request is missing"},
		"nil owner":            {(*OwnerRequest)(nil).Validate(), "the request is missing"},
		"zero sale":            {(&SaleRequest{}).Validate(), "saleMessageType"},
		"sale of a zero line":  {(&SaleRequest{LineItems: []SaleLineItem{{}}}).Validate(), "saleMessageType"},
		"purchase, zero line":  {(&PurchaseRequest{LineItems: []PurchaseLineItem{{}}}).Validate(), "purchaseMessageType"},
		"owner of a zero line": {(&OwnerRequest{LineItems: []OwnerLineItem{{}}}).Validate(), "ownerMessageType"},
	} {
		if levy.ErrorCode(tc.err) != levy.EInvalid || !strings.Contains(tc.err.Error(), tc.want) {
			t.Errorf("%s: %v, want an invalid error saying %q", name, tc.err, tc.want)
		}
	}
	if errs := (*PostalAddress)(nil).CheckText("address"); errs != nil {
		t.Errorf("a nil address: %v", errs)
	}
}

package wire

import (
	"errors"
	"strings"
	"testing"

	"github.com/levytax/levy"
)

// TestBrazilConditions checks that the Brazilian drivers of a line take
// Levy's values only, and that a refusal names the member.
func TestBrazilConditions(t *testing.T) {
	ok := LineDetails{SellerCondition: SellerLucroPresumido, BuyerCondition: BuyerNaoContribuinte,
		NatureOfFiscalOperation: OperationVendaProducao, TransactionCondition: "FCP_LISTA, CONTEUDO_IMPORTACAO"}
	conds, unknown := ok.TransactionConditions()
	if unknown != "" || len(conds) != 2 || conds[1] != ConditionConteudoImportacao {
		t.Errorf("conditions %q, unknown %q", conds, unknown)
	}
	for _, c := range []struct {
		d     LineDetails
		field string
	}{
		{LineDetails{SellerCondition: "LUCRO_IMAGINARIO"}, "lineItems[0].sellerCondition"},
		{LineDetails{BuyerCondition: "contribuinte"}, "lineItems[0].buyerCondition"},
		{LineDetails{NatureOfFiscalOperation: "DOACAO"}, "lineItems[0].natureOfFiscalOperation"},
		{LineDetails{TransactionCondition: "FCP_LISTA ZONA_FRANCA"}, "lineItems[0].transactionCondition"},
	} {
		req := &SaleRequest{SaleMessageType: SaleQuotation, TransactionType: TransactionTypeSale,
			LineItems: []SaleLineItem{{LineDetails: c.d}}}
		err := req.Validate()
		var errs levy.Errors
		if !errors.As(err, &errs) {
			t.Fatalf("%+v: %v", c.d, err)
		}
		found := false
		for _, e := range errs {
			if e.Field == c.field {
				found = true
			}
		}
		if !found {
			t.Errorf("%+v: no error on %s: %v", c.d, c.field, err)
		}
	}
	req := &SaleRequest{SaleMessageType: SaleQuotation, TransactionType: TransactionTypeSale, LineItems: []SaleLineItem{{LineDetails: ok}}}
	if err := req.Validate(); err != nil && strings.Contains(err.Error(), "Condition") {
		t.Errorf("valid conditions refused: %v", err)
	}
}

// TestBrazilConditionRefusedOnce: an unknown transaction condition is one
// error on the line's transactionCondition, not two. The line types embed
// LineDetails, whose check their walk called again through the promoted
// method after LineDetails' own walk had called it, so a sale, a
// purchase and an owner's line each said the same refusal twice.
func TestBrazilConditionRefusedOnce(t *testing.T) {
	bad := LineDetails{TransactionCondition: "FCP_LISTA ZONA_FRANCA"}
	for _, c := range []struct {
		name string
		req  interface{ Validate() error }
	}{
		{"sale", &SaleRequest{SaleMessageType: SaleQuotation, TransactionType: TransactionTypeSale, LineItems: []SaleLineItem{{LineDetails: bad}}}},
		{"purchase", &PurchaseRequest{PurchaseMessageType: PurchaseOrder, TransactionType: TransactionTypePurchase, LineItems: []PurchaseLineItem{{LineDetails: bad}}}},
		{"owner", &OwnerRequest{OwnerMessageType: OwnerInventoryRemoval, LineItems: []OwnerLineItem{{LineDetails: bad}}}},
	} {
		var errs levy.Errors
		if !errors.As(c.req.Validate(), &errs) {
			t.Fatalf("%s: no errors", c.name)
		}
		n := 0
		for _, e := range errs {
			if e.Field == "lineItems[0].transactionCondition" {
				n++
			}
		}
		if n != 1 {
			t.Errorf("%s: %d errors on lineItems[0].transactionCondition, want 1: %v", c.name, n, errs)
		}
	}
}

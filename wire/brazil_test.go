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

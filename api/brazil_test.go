package api_test

import "testing"

// brazilBase is a valid Brazilian sale: a reseller in São Paulo to a
// contributor in Campinas.
const brazilBase = `{"saleMessageType":"QUOTATION","transactionType":"SALE","documentDate":"2026-09-01",
 "currency":{"isoCurrencyCodeAlpha":"BRL"},
 "seller":{"company":"PAULISTA","physicalOrigin":{"city":"São Paulo","mainDivision":"SP","country":"BR"}},
 "customer":{"destination":{"city":"Campinas","mainDivision":"SP","country":"BR"}},
 "lineItems":[{"lineItemId":"1","commodityCode":{"commodityCodeType":"NCM","value":"84713012"},"extendedPrice":1000,
  "sellerCondition":"LUCRO_REAL","buyerCondition":"CONTRIBUINTE","natureOfFiscalOperation":"VENDA_MERCADORIA"}]}`

// TestBrazilBadInput sends Brazilian requests with a bad condition, NCM,
// CFOP, CNAE, service item or state to a real server on loopback and
// checks that each is answered 400 with the member named.
func TestBrazilBadInput(t *testing.T) {
	s := newBadServer(t)
	if x := s.send(t, "POST", supplies, brazilBase); x.status != 200 {
		t.Fatalf("the valid request: %d %s", x.status, clipped(x.body))
	}
	for _, c := range []bad{
		post("seller condition", supplies, set(brazilBase, "lineItems[0].sellerCondition", "LUCRO_ARBITRADO"), 400, "lineItems[0].sellerCondition"),
		post("buyer condition", supplies, set(brazilBase, "lineItems[0].buyerCondition", "ISENTO"), 400, "lineItems[0].buyerCondition"),
		post("nature of the operation", supplies, set(brazilBase, "lineItems[0].natureOfFiscalOperation", "DOACAO"), 400, "lineItems[0].natureOfFiscalOperation"),
		post("transaction condition", supplies, set(brazilBase, "lineItems[0].transactionCondition", "ZONA_FRANCA"), 400, "lineItems[0].transactionCondition"),
		post("NCM that does not exist", supplies, set(brazilBase, "lineItems[0].commodityCode.value", "84713099"), 400, "lineItems[0].commodityCode.value"),
		post("NCM of six digits", supplies, set(brazilBase, "lineItems[0].commodityCode.value", "847130"), 400, "lineItems[0].commodityCode.value"),
		post("Ex that does not exist", supplies, set(brazilBase, "lineItems[0].additionalCommodityCode.commodityCodeType", "EXTIPI",
			"lineItems[0].additionalCommodityCode.value", "07"), 400, "lineItems[0].additionalCommodityCode.value"),
		post("CFOP that does not exist", supplies, set(brazilBase, "lineItems[0].cfopTaxCodeOverride", 5999), 400, "lineItems[0].cfopTaxCodeOverride"),
		post("CFOP of an entry", supplies, set(brazilBase, "lineItems[0].cfopTaxCodeOverride", 1102), 400, "lineItems[0].cfopTaxCodeOverride"),
		post("CFOP between states on a sale within one", supplies, set(brazilBase, "lineItems[0].cfopTaxCodeOverride", 6102), 400, "lineItems[0].cfopTaxCodeOverride"),
		post("CNAE", supplies, set(brazilBase, "lineItems[0].sellerCNAE", "4751-2/99"), 400, "lineItems[0].sellerCNAE"),
		post("service item", supplies, set(brazilBase, "lineItems[0].commodityCode.commodityCodeType", "LC116",
			"lineItems[0].commodityCode.value", "1.99", "lineItems[0].natureOfFiscalOperation", "PRESTACAO_SERVICO"), 400, "lineItems[0].commodityCode.value"),
		post("state", supplies, set(brazilBase, "customer.destination.mainDivision", "XX"), 400, "customer.destination.mainDivision"),
		post("seller without a state", supplies, set(brazilBase, "seller.physicalOrigin.mainDivision", dropped{}, "seller.physicalOrigin.city", dropped{}),
			400, "seller.physicalOrigin.mainDivision"),
		post("CEP", supplies, set(brazilBase, "customer.destination.postalCode", "1301-000"), 400, "customer.destination.postalCode"),
		post("tax-included price", supplies, set(brazilBase, "lineItems[0].taxIncludedIndicator", true), 400, "lineItems[0].taxIncludedIndicator"),
	} {
		t.Run(c.name, func(t *testing.T) { s.check(t, c) })
	}
}

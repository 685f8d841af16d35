package nexusadmin_test

import (
	"testing"

	"github.com/levytax/levy/nexus"
)

// TestEUMarketplaceSalesCountAsTheSellers: a seller in Austria sells
// EUR 9,000 of goods to consumers in Germany itself and EUR 2,000 through
// a marketplace. The marketplace's sale takes the year over EUR 10,000
// and is taxed in Germany, and so is every sale after it, and the EU row
// is exceeded with the EUR 11,000 and the 500 after: the sales through
// an electronic interface are the seller's own distance sales (the
// threshold is of a seller established in one member state, Article
// 59c(1)(a); Article 14a(2) deems the interface the supplier only for a
// seller not established in the Union). The calculation counted the
// marketplace's sale, but the journal's EU figures did not: the next
// sale of EUR 500 was taxed in Austria again, and the row said
// approaching with EUR 9,500.
func TestEUMarketplaceSalesCountAsTheSellers(t *testing.T) {
	s := newServer(t)
	if got := s.euSale(t, "INVOICE", "D1", "SMALL", "9000.00"); got != "AT" {
		t.Errorf("the first sale is taxed in %s, want AT", got)
	}
	body := `{"saleMessageType":"INVOICE","transactionType":"SALE","transactionId":"M1","documentDate":"2026-06-01","marketplaceFacilitated":true,
		"currency":{"isoCurrencyCodeAlpha":"EUR"},
		"seller":{"company":"SMALL","physicalOrigin":{"city":"Wien","postalCode":"1010","country":"AT"}},
		"customer":{"destination":{"city":"Berlin","postalCode":"10115","country":"DE"}},
		"lineItems":[{"lineItemId":"1","product":{"productClass":"GENERAL"},"extendedPrice":2000}]}`
	if code, b := s.send(t, "POST", "/api/v2/supplies", s.api, body); code != 200 {
		t.Fatalf("the marketplace's sale: %d %s", code, b)
	}
	if got := s.euSale(t, "INVOICE", "D2", "SMALL", "500.00"); got != "DE" {
		t.Errorf("the sale after the marketplace's is taxed in %s, want DE (EUR 11,000 before it)", got)
	}
	r := s.report(t, "SMALL", "2026-06-30")["EU"]
	if r.Status != nexus.StatusExceeded || r.Sales.String() != "11500.00" || r.Transactions != 3 ||
		r.MarketplaceSales.String() != "2000.00" || r.MarketplaceTransactions != 1 || r.Marketplace != "included" {
		t.Errorf("the EU row: %s, EUR %s in %d, marketplace %s: EUR %s in %d; want exceeded, 11500.00 in 3, included: 2000.00 in 1",
			r.Status, r.Sales, r.Transactions, r.Marketplace, r.MarketplaceSales, r.MarketplaceTransactions)
	}
}

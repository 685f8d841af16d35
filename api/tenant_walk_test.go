package api_test

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/auth/authtest"
)

// TestAnotherTenantsKeysOverEveryStore sends, over the whole server with
// its stores in memory, in Badger and in PostgreSQL (skipped without it),
// the requests of acme's calculation, admin and console tokens that name
// a key of beta's (its transaction, customer, certificate, product, seller
// company), each twice: with beta's key and with a key of the same shape
// that nothing holds. The two answers must be the same but for the key
// and the version stamps of acme's own writes, so that no store answers
// another tenant's key differently from an unknown one; none carries
// beta's records; and beta's sale and customer are as they were.
func TestAnotherTenantsKeysOverEveryStore(t *testing.T) {
	for _, kind := range []string{"memory", "badger", "postgres"} {
		t.Run(kind, func(t *testing.T) {
			s := newBadServerOn(t, kind)
			betaAPI := authtest.Token(t, s.iss, "beta", oauth.DefaultAudience)
			betaAdmin := authtest.Token(t, s.iss, "beta", oauth.DefaultAdminAudience)
			acmeAPI := authtest.Token(t, s.iss, "acme", oauth.DefaultAudience)
			acmeAdmin := authtest.Token(t, s.iss, "acme", oauth.DefaultAdminAudience)
			bearer := func(tok string) []string { return []string{"Authorization", "Bearer " + tok} }
			const sale, cust, cert, sku, company = "BETA-STORE-INV-1", "BETA-STORE-C", "BETA-STORE-TX", "BETA-STORE-SKU", "BETA-STORE-CO"
			const mark = "Beta Store Customer Secret"
			must := func(method, path, body, tok string, want int) {
				t.Helper()
				if x := s.send(t, method, path, body, bearer(tok)...); x.status != want {
					t.Fatalf("%s %s: %d, want %d: %s", method, path, x.status, want, clipped(x.body))
				}
			}
			must("POST", supplies, set(saleBase, "saleMessageType", "INVOICE", "transactionId", sale, "seller.company", company), betaAPI, 200)
			must("POST", "/admin/v1/profile/customers", `{"code":"`+cust+`","name":"`+mark+`"}`, betaAdmin, 201)
			must("POST", "/admin/v1/profile/customers/"+cust+"/certificates",
				`{"number":"`+cert+`","jurisdictions":["TX"],"reasonCode":"G","effectiveDate":"2026-01-01"}`, betaAdmin, 201)
			must("POST", "/admin/v1/profile/products", `{"code":"`+sku+`","class":"SAAS"}`, betaAdmin, 201)
			state := func() string {
				var b strings.Builder
				for _, r := range []struct{ path, tok string }{{"/api/v2/transaction-exists/" + sale, betaAPI},
					{"/admin/v1/journal/export", betaAdmin}, {"/admin/v1/profile/export", betaAdmin}} {
					x := s.send(t, "GET", r.path, "", bearer(r.tok)...)
					b.WriteString(r.path + " " + stripMeta(x.body) + "\n")
				}
				return b.String()
			}
			before := state()
			if !strings.Contains(before, mark) || !strings.Contains(before, company) {
				t.Fatalf("beta's records are not where the walk looks:\n%s", before)
			}

			pairs := [][2]string{{sale, swapLike(sale)}, {cust, swapLike(cust)}, {cert, swapLike(cert)}, {sku, swapLike(sku)}, {company, swapLike(company)}}
			reqs := []struct{ method, path, body, tok string }{
				{"GET", "/api/v2/transaction-exists/" + sale, "", acmeAPI},
				{"GET", "/console/api/journal/transactions/" + sale, "", acmeAdmin},
				{"GET", "/console/api/journal/summary?from=2026-01-01&to=2026-12-31&company=" + company, "", acmeAdmin},
				{"GET", "/admin/v1/journal/report?from=2026-01-01&to=2026-12-31&company=" + company, "", acmeAdmin},
				{"GET", "/admin/v1/journal/export?from=2026-01-01&to=2026-12-31&company=" + company, "", acmeAdmin},
				{"GET", "/admin/v1/nexus/report?company=" + company, "", acmeAdmin},
				{"GET", "/admin/v1/profile/customers/" + cust, "", acmeAdmin},
				{"GET", "/admin/v1/profile/customers/" + cust + "/certificates/" + cert, "", acmeAdmin},
				{"GET", "/admin/v1/profile/products/SKU/" + sku, "", acmeAdmin},
				{"GET", "/admin/v1/profile/certificates?customer=" + cust, "", acmeAdmin},
				{"POST", txns + sale + "/reversal", `{"data":{"transactionId":"` + sale + `-R"}}`, acmeAPI},
				{"POST", txns + sale + "/rollback", `{}`, acmeAPI},
				{"DELETE", txns + sale, "", acmeAPI},
				{"DELETE", "/admin/v1/profile/customers/" + cust + "/certificates/" + cert, "", acmeAdmin},
				{"DELETE", "/admin/v1/profile/products/SKU/" + sku, "", acmeAdmin},
				{"DELETE", "/admin/v1/profile/customers/" + cust, "", acmeAdmin},
				// acme's own records under beta's keys, as under new ones.
				{"POST", supplies, set(saleBase, "saleMessageType", "INVOICE", "transactionId", sale, "seller.company", company), acmeAPI},
				{"POST", "/admin/v1/profile/customers", `{"code":"` + cust + `","name":"acme's own"}`, acmeAdmin},
				{"POST", "/admin/v1/profile/products", `{"code":"` + sku + `","class":"GENERAL"}`, acmeAdmin},
				{"DELETE", txns + sale, "", acmeAPI},
			}
			for _, r := range reqs {
				x := s.send(t, r.method, r.path, r.body, bearer(r.tok)...)
				swap := func(v string) string {
					for _, p := range pairs {
						v = strings.ReplaceAll(v, p[0], p[1])
					}
					return v
				}
				u := s.send(t, r.method, swap(r.path), swap(r.body), bearer(r.tok)...)
				got, want := stampless(swap(stripMeta(x.body))), stampless(stripMeta(u.body))
				if x.status != u.status || got != want {
					t.Errorf("%s %s with acme's token tells beta's key from an unknown one:\nbeta's:   %d %.400s\nunknown:  %d %.400s",
						r.method, r.path, x.status, got, u.status, want)
				}
				if x.status >= 500 {
					t.Errorf("%s %s: %d %s", r.method, r.path, x.status, clipped(x.body))
				}
				if strings.Contains(string(x.body), mark) {
					t.Errorf("%s %s answered beta's customer: %s", r.method, r.path, clipped(x.body))
				}
			}
			if after := state(); after != before {
				t.Errorf("acme's tokens changed beta's records:\nbefore:\n%s\nafter:\n%s", before, after)
			}
		})
	}
}

// swapLike returns a key of the shape of k that names nothing: each
// letter and digit moved on by one in its own range.
func swapLike(k string) string {
	b := []byte(k)
	for i, c := range b {
		switch {
		case c == '9':
			b[i] = '0'
		case c == 'z' || c == 'Z':
			b[i] = c - 25
		case c >= '0' && c < '9', c >= 'a' && c < 'z', c >= 'A' && c < 'Z':
			b[i] = c + 1
		}
	}
	return string(b)
}

// stripMeta returns a JSON answer without its meta member (its times);
// other answers as they are.
func stripMeta(out []byte) string {
	var v map[string]json.RawMessage
	if json.Unmarshal(out, &v) != nil {
		return string(out)
	}
	delete(v, "meta")
	b, _ := json.Marshal(v)
	return string(b)
}

// writeStamps matches the version numbers and times of a tenant's own
// writes, which differ between the two requests of a pair by design.
var writeStamps = regexp.MustCompile(`"(version|at|recordedAt|postingDate)":("[^"]*"|[0-9]+)`)

func stampless(s string) string { return writeStamps.ReplaceAllString(s, "") }

package api

import (
	"bytes"
	"net/http/httptest"
	"regexp"
	"testing"

	"github.com/levytax/levy/wire"
)

// ecmaPattern compiles an ECMA-262 pattern of the document as
// kin-openapi reads it: Go's regexp after rewriting \uXXXX as \x{XXXX}.
func ecmaPattern(p string) *regexp.Regexp {
	return regexp.MustCompile(regexp.MustCompile(`\\u([0-9A-Fa-f]{4})`).ReplaceAllString(p, `\x{$1}`))
}

// TestTextPatterns holds the patterns that the document gives free
// text to wire.CheckText, code point by code point: one line
// (textPattern) and several (linesPattern, the lines rule).
func TestTextPatterns(t *testing.T) {
	for _, c := range []struct {
		pattern string
		lines   bool
	}{{textPattern, false}, {linesPattern, true}} {
		re := ecmaPattern(c.pattern)
		for r := rune(0); r < 0x3000; r++ {
			s := "a" + string(r) + "b"
			if ok := wire.CheckText("x", s, c.lines) == nil; ok != re.MatchString(s) {
				t.Errorf("lines %v, U+%04X: CheckText says %v, the pattern %v", c.lines, r, ok, !ok)
			}
		}
	}
}

// TestOpenAPIFreeTextAndLookupMembers: the document refuses what Levy
// refuses in free text (a C0 control character but a tab; line breaks
// but in a description) and in the members of the lookups (an address's
// text and postal code, an external jurisdiction code and its country),
// and takes what Levy takes. Before, it said nothing of them: a client
// that checked its requests against it sent them and met a 400.
func TestOpenAPIFreeTextAndLookupMembers(t *testing.T) {
	d := mustDocument(t)
	send := func(path, body string) error {
		req := httptest.NewRequest("POST", Bases[0]+path, bytes.NewReader([]byte(body)))
		req.Header.Set("Content-Type", "application/json")
		return d.validateRequest(req)
	}
	sale := func(city, description string) string {
		return `{"saleMessageType":"QUOTATION","transactionType":"SALE","documentDate":"2026-06-01",` +
			`"seller":{"physicalOrigin":{"city":"Nashville","mainDivision":"TN","postalCode":"37219","country":"US"}},` +
			`"customer":{"destination":{"city":"` + city + `","mainDivision":"TN","postalCode":"38103","country":"US"}},` +
			`"lineItems":[{"lineItemId":"1","lineItemDescription":"` + description + `","extendedPrice":10}]}`
	}
	address := func(member, value string) string {
		return `{"postalAddress":{"city":"Memphis","mainDivision":"TN","country":"US","` + member + `":"` + value + `"}}`
	}
	external := func(code, country string) string {
		return `{"externalJurisdictionCode":"` + code + `","country":"` + country + `"}`
	}
	for _, c := range []struct {
		what, path, body string
		ok               bool
	}{
		{"a plain sale", "/supplies", sale("Memphis", "A TV"), true},
		{"a tab in a city", "/supplies", sale(`Mem\tphis`, "A TV"), true},
		{"a control character in a city", "/supplies", sale(`Mem\u0001phis`, "A TV"), false},
		{"a line feed in a city", "/supplies", sale(`Mem\nphis`, "A TV"), false},
		{"lines in a description", "/supplies", sale("Memphis", `A TV\r\nand its stand`), true},
		{"an escape in a description", "/supplies", sale("Memphis", `A TV\u001b[31m`), false},
		{"a plain address", "/address-lookup", address("postalCode", "38103"), true},
		{"a control character in a street", "/address-lookup", address("streetAddress1", `1 Main\u0000St`), false},
		{"a C1 control character in a postal code", "/address-lookup", address("postalCode", `38103\u0085`), false},
		{"a bidirectional override in a postal code", "/address-lookup", address("postalCode", `\u202e38103`), false},
		{"a C1 control character in a street", "/address-lookup", address("streetAddress1", `1 Main\u0085St`), true},
		{"a plain external code", "/external-jurisdiction-lookup", external("47157", "US"), true},
		{"a line separator in an external code", "/external-jurisdiction-lookup", external(`47\u2028157`, "US"), false},
		{"a control character in its country", "/external-jurisdiction-lookup", external("47157", `U\u0007S`), false},
	} {
		err := send(c.path, c.body)
		if (err == nil) != c.ok {
			t.Errorf("%s: the document gives %v, want it to take it: %v", c.what, err, c.ok)
		}
	}
}

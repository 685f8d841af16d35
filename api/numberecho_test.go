package api

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// TestLongNumberNotEchoed sends, over loopback, numbers written with
// 200,000 digits where a member takes an int32 or a double: the
// refusal quoted the whole literal back ("..., not a JSON number
// 9999...9"), an answer of 200 KB, and of megabytes for a body as large
// as the server takes. Each is still refused 400 naming the member,
// with the literal's first digits and an ellipsis, in an answer of a
// few hundred bytes.
func TestLongNumberNotEchoed(t *testing.T) {
	h := newHarness(t)
	digits := strings.Repeat("9", 200000)
	for _, c := range []struct {
		name, path, body, target, words string
	}{
		{"an int32 member", "/api/v2/supplies",
			strings.Replace(quotation, `"lineItemId":"1",`, `"lineItemId":"1","modeOfTransport":`+digits+`,`, 1),
			"lineItems[0].modeOfTransport", "whole number"},
		{"a double member", "/api/v2/coordinates-lookup",
			`{"coordinates":{"latitude":` + digits + `,"longitude":-118.24}}`,
			"coordinates.latitude", "must be a number from"},
		{"a search of a batch", "/api/v2/find-taxareas",
			`[{"lookupRequest":{"coordinates":{"latitude":34.05,"longitude":-` + digits + `}}}]`,
			"[0].lookupRequest.coordinates.longitude", "must be a number from"},
	} {
		a := h.post(c.path, c.body)
		if a.status != http.StatusBadRequest {
			t.Errorf("%s: %d %.300s, want 400", c.name, a.status, a.body)
			continue
		}
		errs := errorsOf(t, a)
		if len(errs) != 1 || errs[0].Target != c.target || !strings.Contains(errs[0].Message, c.words) {
			msg, _ := json.Marshal(errs)
			t.Errorf("%s: %.400s, want one error naming %s with %q", c.name, msg, c.target, c.words)
			continue
		}
		if !strings.Contains(errs[0].Message, "9999…") {
			t.Errorf("%s: %.300q does not show the number's first digits cut with an ellipsis", c.name, errs[0].Message)
		}
		if len(a.body) > 1024 {
			t.Errorf("%s: the answer has %d bytes, quoting the number back: %.300s", c.name, len(a.body), a.body)
		}
	}
}

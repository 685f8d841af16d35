package api

import (
	"encoding/json"
	"net/http"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestTimeElapsedDetails: a request with returnTimeElapsedDetailsIndicator
// true (the calculations and the address lookup have the member) is
// answered with meta.timeElapsedDetails, the key/value pairs (the value
// in whole milliseconds, as a string) of what made up timeElapsed(ms);
// without it, or with false, meta has no such member. The indicator was
// read and dropped, so that a client that asked for the details found
// none where the wire format puts them.
func TestTimeElapsedDetails(t *testing.T) {
	h := newHarness(t)
	golden := func(name string) map[string]any {
		b, err := os.ReadFile("../engine/testdata/golden/" + name + ".request.json")
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		return m
	}
	cases := []struct {
		name, path string
		body       map[string]any
		stage      string
	}{
		{"sale", "/api/v2/supplies", golden("sale-us-ca-los-angeles-quotation"), "calculation"},
		{"purchase", "/api/v2/procurement", golden("purchase-us-invoice-verification"), "calculation"},
		{"owner", "/vertex-ws/v2/owner", golden("owner-us-asset-movement"), "calculation"},
		{"address", "/api/v2/address-lookup", map[string]any{"postalAddress": map[string]any{
			"streetAddress1": "350 5th Ave", "city": "New York", "mainDivision": "NY", "postalCode": "10118"}}, "lookup"},
	}
	for _, c := range cases {
		for _, asked := range []any{true, false, nil} {
			t.Run(c.name+"/"+strings.ToLower(strconv.Quote(jsonText(t, asked))), func(t *testing.T) {
				delete(c.body, "returnTimeElapsedDetailsIndicator")
				if asked != nil {
					c.body["returnTimeElapsedDetailsIndicator"] = asked
				}
				a := h.post(c.path, jsonText(t, c.body))
				if a.status != http.StatusOK {
					t.Fatalf("status %d: %s", a.status, a.body)
				}
				var env struct {
					Meta map[string]json.RawMessage `json:"meta"`
				}
				if err := json.Unmarshal(a.body, &env); err != nil {
					t.Fatal(err)
				}
				raw, has := env.Meta["timeElapsedDetails"]
				if asked != true {
					if has {
						t.Errorf("meta has timeElapsedDetails though none were asked for: %s", raw)
					}
					return
				}
				if !has {
					t.Fatalf("meta has no timeElapsedDetails: %s", env.Meta)
				}
				var details []map[string]string
				if err := json.Unmarshal(raw, &details); err != nil {
					t.Fatalf("timeElapsedDetails is not a list of key/value strings: %v: %s", err, raw)
				}
				var keys []string
				for _, d := range details {
					if len(d) != 2 || d["key"] == "" {
						t.Errorf("detail %v: want exactly key and value", d)
					}
					if ms, err := strconv.ParseInt(d["value"], 10, 64); err != nil || ms < 0 {
						t.Errorf("detail %v: the value is not whole milliseconds", d)
					}
					keys = append(keys, d["key"])
				}
				if got, want := strings.Join(keys, ","), "request,"+c.stage; got != want {
					t.Errorf("keys %s, want %s", got, want)
				}
			})
		}
	}
}

func jsonText(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

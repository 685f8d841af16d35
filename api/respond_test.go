package api

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/levytax/levy/wire"
)

// TestAnswerEncodedAsEncodingJSON checks that a calculation's answer,
// which the API encodes with the wire types' AppendJSON, has the bytes
// that encoding/json writes for the same envelope: the golden quotation
// over HTTP, and the envelope with a meta that needs escaping.
func TestAnswerEncodedAsEncodingJSON(t *testing.T) {
	body, err := os.ReadFile("../engine/testdata/golden/sale-us-ca-los-angeles-quotation.request.json")
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t)
	got := h.do("POST", "/api/v2/supplies", bytes.NewReader(body))
	if got.status != 200 {
		t.Fatalf("%d %s", got.status, got.body)
	}
	var req wire.SaleRequest
	if err := wire.Decode(bytes.NewReader(body), &req, DefaultBodyLimit); err != nil {
		t.Fatal(err)
	}
	resp, err := h.api.engine.Sale(context.Background(), &req)
	if err != nil {
		t.Fatal(err)
	}
	var sent struct {
		Meta Meta `json:"meta"`
	}
	if err := json.Unmarshal(got.body, &sent); err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	if err := json.NewEncoder(&want).Encode(envelope[*wire.SaleResponse]{Data: resp, Meta: sent.Meta}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.body, want.Bytes()) {
		t.Errorf("the answer\n%s\nencoding/json\n%s", got.body, want.Bytes())
	}

	for _, m := range []Meta{{App: `levy <"test"> & co` + "\u2028\xff", TimeReceived: time.Date(2026, 11, 28, 9, 0, 0, 123e6, time.UTC), TimeElapsed: 12},
		{App: "levy", TimeReceived: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}} {
		var nilResp *wire.SaleResponse
		for _, data := range []*wire.SaleResponse{resp, nilResp} {
			var want bytes.Buffer
			if err := json.NewEncoder(&want).Encode(envelope[*wire.SaleResponse]{Data: data, Meta: m}); err != nil {
				t.Fatal(err)
			}
			app, err := json.Marshal(m.App)
			if err != nil {
				t.Fatal(err)
			}
			for _, pre := range [][]byte{nil, app} {
				b, err := appendEnvelope(nil, data, m, pre)
				if err != nil || !bytes.Equal(b, want.Bytes()) {
					t.Errorf("appendEnvelope (%v, app %q)\n%s\nencoding/json\n%s", err, pre, b, want.Bytes())
				}
			}
		}
	}
	if strings.Count(string(got.body), "\n") != 1 {
		t.Errorf("the answer is not one line and a newline")
	}
}

package api

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"github.com/levytax/levy/internal/jsonbody"
)

// echoOperation is a route mounted beside the API that reads a JSON body
// with JSONContent and jsonbody, as the adapters' routes do, and answers
// it back.
func echoOperation() Option {
	return WithOperation(Operation{Method: "POST", Path: "/echo", ID: "echo", Tag: "Test", Summary: "Answers its JSON body back.",
		Body: reflect.TypeFor[map[string]string](), BodyRequired: true, Answer: Enveloped[map[string]string](), Public: true},
		http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if err := JSONContent(r); err != nil {
				WriteError(w, r, err)
				return
			}
			var v map[string]string
			b, err := io.ReadAll(r.Body)
			if err == nil {
				err = jsonbody.Decode(bytes.NewReader(b), &v, 1<<20)
			}
			if err != nil {
				WriteError(w, r, err)
				return
			}
			WriteData(w, r, http.StatusOK, v)
		}))
}

// gzipped returns s compressed with gzip.
func gzipped(t *testing.T, s string) []byte {
	t.Helper()
	var b bytes.Buffer
	z := gzip.NewWriter(&b)
	if _, err := io.WriteString(z, s); err != nil {
		t.Fatal(err)
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestCodedBodyRefused checks a request body sent with a content coding
// (Content-Encoding: gzip), which no route of Levy decodes. It was read
// as it came: a calculation answered 400 "invalid character '\x1f'", as
// if the client had sent broken JSON, and a route that reads the body
// as bytes took the compressed bytes for the text. It is refused, 415
// naming Content-Encoding, with Accept-Encoding: identity (RFC 7694)
// saying what is accepted, whether its length is announced or it comes
// in chunks; Content-Encoding: identity is no coding and is served.
func TestCodedBodyRefused(t *testing.T) {
	h := newHarness(t, echoOperation())
	coded := gzipped(t, quotation)
	for _, c := range []struct {
		name, path string
		body       io.Reader
		coding     string
	}{
		{"a calculation", "/api/v2/supplies", bytes.NewReader(coded), "gzip"},
		{"a lookup", "/vertex-ws/v2/taxareaid-lookup", bytes.NewReader(gzipped(t, `{"taxAreaId":"53011"}`)), "gzip"},
		{"a reversal's optional body", "/api/v2/transactions/coded/reversal", bytes.NewReader(gzipped(t, `{"data":{}}`)), "gzip"},
		{"a mounted route", "/echo", bytes.NewReader(gzipped(t, `{"a":"b"}`)), "gzip"},
		{"chunked", "/api/v2/supplies", io.MultiReader(bytes.NewReader(coded)), "gzip"}, // no length: sent in chunks
		{"two codings", "/echo", bytes.NewReader(gzipped(t, `{"a":"b"}`)), "identity, gzip"},
		{"upper case", "/echo", bytes.NewReader(gzipped(t, `{"a":"b"}`)), "GZIP"},
	} {
		t.Run(c.name, func(t *testing.T) {
			a := h.do("POST", c.path, c.body, "Content-Encoding", c.coding)
			if a.status != http.StatusUnsupportedMediaType {
				t.Fatalf("status %d, want 415: %s", a.status, a.body)
			}
			items := errorsOf(t, a)
			if len(items) != 1 || items[0].Code != "unsupported" || items[0].Target != "Content-Encoding" ||
				!strings.Contains(items[0].Message, strings.Fields(strings.ToLower(c.coding))[len(strings.Fields(c.coding))-1]) {
				t.Errorf("errors %+v", items)
			}
			if got := a.header.Get("Accept-Encoding"); got != "identity" {
				t.Errorf("Accept-Encoding %q, want identity", got)
			}
		})
	}
	// identity is the body as it is.
	a := h.do("POST", "/echo", strings.NewReader(`{"a":"b"}`), "Content-Encoding", "identity")
	if a.status != http.StatusOK || !strings.Contains(string(a.body), `"a":"b"`) {
		t.Errorf("identity: %d %s", a.status, a.body)
	}
	// A request without a body says nothing of one.
	a = h.do("GET", "/api/v2/transaction-exists/coded", nil, "Content-Encoding", "gzip")
	if a.status != http.StatusOK {
		t.Errorf("a GET without a body: %d %s", a.status, a.body)
	}
}

// TestCharsetOtherThanUTF8Refused checks a JSON body declared in another
// character set. It was decoded as UTF-8 whatever the charset said: a
// body in ISO-8859-1 with "Café" as its document number was answered 200
// and stored with "Caf\uFFFD", the é lost. JSON is UTF-8 (RFC 8259
// section 8.1): another charset is refused, 415 naming Content-Type, on
// the API's routes and on the mounted ones that check with JSONContent;
// UTF-8 is accepted however it is spelt (utf8 too, which some clients
// write).
func TestCharsetOtherThanUTF8Refused(t *testing.T) {
	h := newHarness(t, echoOperation())
	latin := strings.Replace(quotation, `"QUOTATION"`, "\"QUOTATION\",\"documentNumber\":\"Caf\xe9\"", 1)
	for _, c := range []struct{ path, ct, body string }{
		{"/api/v2/supplies", "application/json; charset=iso-8859-1", latin},
		{"/api/v2/supplies", "application/json; charset=utf-16", quotation},
		{"/api/v2/transactions/latin/reversal", "application/json;charset=windows-1252", "{\"data\":{\"documentNumber\":\"Caf\xe9\"}}"},
		{"/api/v2/address-lookup", "application/vnd.levy+json; charset=latin1", `{"postalAddress":{"city":"Caf` + "\xe9" + `"}}`},
		{"/echo", "application/json; charset=\"ISO-8859-1\"", "{\"a\":\"Caf\xe9\"}"},
	} {
		t.Run(c.ct, func(t *testing.T) {
			a := h.do("POST", c.path, strings.NewReader(c.body), "Content-Type", c.ct)
			if a.status != http.StatusUnsupportedMediaType {
				t.Fatalf("status %d, want 415: %.300s", a.status, a.body)
			}
			items := errorsOf(t, a)
			if len(items) != 1 || items[0].Target != "Content-Type" || !strings.Contains(items[0].Message, "UTF-8") {
				t.Errorf("errors %+v", items)
			}
		})
	}
	for _, ct := range []string{"application/json; charset=utf-8", "application/json; charset=UTF-8", `application/json;charset="utf-8"`, "application/json; charset=utf8"} {
		a := h.do("POST", "/echo", strings.NewReader(`{"a":"Café"}`), "Content-Type", ct)
		if a.status != http.StatusOK || !strings.Contains(string(a.body), "Café") {
			t.Errorf("%s: %d %s", ct, a.status, a.body)
		}
	}
}

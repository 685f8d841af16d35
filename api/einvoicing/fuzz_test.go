package einvoicing

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/levytax/levy/api"
	"github.com/levytax/levy/einvoice"
)

// FuzzConnectionBody posts a body with a Content-Type to
// POST /einvoicing/v1/webhooks of a server with e-invoicing mounted,
// through its http.Handler (no network), and checks that:
//   - the answer is 201, or 400, 409, 413 or 415 with a JSON error body,
//     never 500;
//   - no answer holds the secret key the body sent;
//   - a created connection has an ID, the target URL sent and the
//     Location of its ID, and GET answers the same connection without the
//     secret.
//
// Each created connection is deleted again, so that the tenant stays
// under its limit of connections.
func FuzzConnectionBody(f *testing.F) {
	f.Add([]byte(`{"targetUrl":"https://erp.example.com/levy/events","secretKey":"0123456789abcdef0123456789abcdef","events":"all","includeMetadata":true}`), "application/json")
	f.Add([]byte(`{"targetUrl":"http://127.0.0.1:9/hook","secretKey":"0123456789abcdef0123456789abcdef!","events":["Completed","Error"]}`), "")
	svc, closeSvc := openService(f, f.TempDir(), einvoice.Config{})
	f.Cleanup(func() { _ = closeSvc() })
	h := New(svc)
	srv, err := api.New(testEngine(f), append([]api.Option{api.WithLogger(slog.New(slog.DiscardHandler))}, h.Mounts()...)...)
	if err != nil {
		f.Fatal(err)
	}
	handler := srv.Handler()
	do := func(method, path, contentType string, body []byte) *httptest.ResponseRecorder {
		req := httptest.NewRequest(method, path, bytes.NewReader(body))
		if contentType != "" {
			req.Header.Set("Content-Type", contentType)
		}
		w := httptest.NewRecorder()
		handler.ServeHTTP(w, req)
		return w
	}
	f.Fuzz(func(t *testing.T, body []byte, contentType string) {
		var sent struct {
			TargetURL string `json:"targetUrl"`
			SecretKey string `json:"secretKey"`
		}
		_ = json.Unmarshal(body, &sent)
		// The secret leaks when an answer holds it and no other string
		// of the body, which an error may quote, does.
		secret := len(sent.SecretKey) >= 8 && !elsewhere(body, sent.SecretKey)
		leaks := func(w *httptest.ResponseRecorder) bool {
			return secret && bytes.Contains(w.Body.Bytes(), []byte(sent.SecretKey))
		}
		w := do("POST", "/einvoicing/v1/webhooks", contentType, body)
		if leaks(w) {
			t.Fatalf("the answer %d holds the secret: %s", w.Code, w.Body.Bytes())
		}
		switch w.Code {
		case http.StatusCreated:
		case http.StatusBadRequest, http.StatusConflict, http.StatusRequestEntityTooLarge, http.StatusUnsupportedMediaType:
			var e api.ErrorBody
			if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil || len(e.Errors) == 0 {
				t.Fatalf("%d with the body %q", w.Code, w.Body.Bytes())
			}
			for _, item := range e.Errors {
				if item.Code == "" || item.Message == "" {
					t.Fatalf("%d with an incomplete error %+v", w.Code, item)
				}
			}
			return
		default:
			t.Fatalf("answered %d: %s", w.Code, w.Body.Bytes())
		}
		var created struct {
			Data einvoice.Connection `json:"data"`
		}
		if err := json.Unmarshal(w.Body.Bytes(), &created); err != nil {
			t.Fatalf("201 with the body %q: %v", w.Body.Bytes(), err)
		}
		c := created.Data
		if !einvoice.IsGUID(c.WebhookID) || c.TargetURL != sent.TargetURL || w.Header().Get("Location") != "/einvoicing/v1/webhooks/"+c.WebhookID {
			t.Fatalf("created %+v at %q from %q", c, w.Header().Get("Location"), body)
		}
		got := do("GET", "/einvoicing/v1/webhooks/"+c.WebhookID, "", nil)
		var read struct {
			Data einvoice.Connection `json:"data"`
		}
		if got.Code != http.StatusOK || json.Unmarshal(got.Body.Bytes(), &read) != nil || !sameConnection(read.Data, c) {
			t.Fatalf("GET answered %d %s for the connection %+v", got.Code, got.Body.Bytes(), c)
		}
		if leaks(got) {
			t.Fatalf("GET answers the secret: %s", got.Body.Bytes())
		}
		if del := do("DELETE", "/einvoicing/v1/webhooks/"+c.WebhookID, "", nil); del.Code != http.StatusOK {
			t.Fatalf("DELETE answered %d %s", del.Code, del.Body.Bytes())
		}
	})
}

// sameConnection reports whether two views of a connection agree.
func sameConnection(a, b einvoice.Connection) bool {
	return a.WebhookID == b.WebhookID && a.TenantID == b.TenantID && a.TargetURL == b.TargetURL &&
		a.IncludeMetadata == b.IncludeMetadata && a.Events.All == b.Events.All &&
		strings.Join(a.Events.Statuses, ",") == strings.Join(b.Events.Statuses, ",") && a.CreatedAt.Equal(b.CreatedAt)
}

// elsewhere reports whether a member name or a string of the JSON body,
// other than the value of secretKey, holds secret.
func elsewhere(body []byte, secret string) bool {
	var v any
	if json.Unmarshal(body, &v) != nil {
		return true
	}
	var walk func(v any, secretValue bool) bool
	walk = func(v any, secretValue bool) bool {
		switch v := v.(type) {
		case string:
			return !secretValue && strings.Contains(v, secret)
		case map[string]any:
			for k, e := range v {
				if strings.Contains(k, secret) || walk(e, strings.EqualFold(k, "secretKey")) {
					return true
				}
			}
		case []any:
			for _, e := range v {
				if walk(e, false) {
					return true
				}
			}
		}
		return false
	}
	return walk(v, false)
}

// submitRotation is how many documents FuzzSubmit stores in one service
// before it closes it, removes its directory and opens a fresh one, so
// that long runs keep neither the disk nor the processing queue growing.
const submitRotation = 256

// submitServer is the service FuzzSubmit posts to, with what it was sent.
type submitServer struct {
	close   func() error // closes the service and its store
	dir     string
	handler http.Handler
	stored  int
	byKey   map[string]string // idempotency key -> document ID
	sums    map[string]string // document ID -> SHA-256 of the document
}

// FuzzSubmit posts a document with a Content-Type and an Idempotency-Key
// to POST /einvoicing/v1/documents through the server's http.Handler (no
// network); the service pre-processes what it accepts in the background,
// as it does in production. It checks that:
//   - the answer is 202 or 200 with the document's record, or 400, 413 or
//     415 with a JSON error body, or 409 naming the Idempotency-Key for a
//     key used before with another document, never 500;
//   - a record has an ID, the document's size and SHA-256 and the
//     Location of its ID, and is Pending;
//   - 200 answers only a key used before, with the document stored under
//     it, and sending the same document and key again answers 200 with
//     the same ID;
//   - the content of a stored document is the bytes that were sent.
func FuzzSubmit(f *testing.F) {
	invoice, err := os.ReadFile("../../einvoice/testdata/invoice.xml")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(invoice, "application/xml", "")
	f.Add([]byte(`<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>`), "text/xml; charset=utf-8", "key-1")
	base := f.TempDir()
	eng := testEngine(f)
	var cur *submitServer
	open := func(t testing.TB) {
		if cur != nil {
			if err := cur.close(); err != nil {
				t.Fatal(err)
			}
			_ = os.RemoveAll(cur.dir)
		}
		dir, err := os.MkdirTemp(base, "svc")
		if err != nil {
			t.Fatal(err)
		}
		svc, closeSvc := openService(t, dir, einvoice.Config{})
		srv, err := api.New(eng, append([]api.Option{api.WithLogger(slog.New(slog.DiscardHandler))}, New(svc).Mounts()...)...)
		if err != nil {
			t.Fatal(err)
		}
		cur = &submitServer{close: closeSvc, dir: dir, handler: srv.Handler(), byKey: map[string]string{}, sums: map[string]string{}}
	}
	open(f)
	f.Cleanup(func() { _ = cur.close() })
	f.Fuzz(func(t *testing.T, doc []byte, contentType, key string) {
		if cur.stored >= submitRotation {
			open(t)
		}
		do := func(method, path string, body []byte) *httptest.ResponseRecorder {
			req := httptest.NewRequest(method, path, bytes.NewReader(body))
			if method == "POST" {
				req.Header.Set("Content-Type", contentType)
				if key != "" {
					req.Header.Set("Idempotency-Key", key)
				}
			}
			w := httptest.NewRecorder()
			cur.handler.ServeHTTP(w, req)
			return w
		}
		sum := sha256.Sum256(doc)
		w := do("POST", "/einvoicing/v1/documents", doc)
		switch w.Code {
		case http.StatusAccepted, http.StatusOK:
		case http.StatusBadRequest, http.StatusRequestEntityTooLarge, http.StatusUnsupportedMediaType:
			var e api.ErrorBody
			if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil || len(e.Errors) == 0 {
				t.Fatalf("%d with the body %q", w.Code, w.Body.Bytes())
			}
			return
		case http.StatusConflict:
			// A key used before with another document.
			first, ok := cur.byKey[key]
			var e api.ErrorBody
			if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil || len(e.Errors) != 1 || e.Errors[0].Target != "Idempotency-Key" ||
				key == "" || !ok || cur.sums[first] == hex.EncodeToString(sum[:]) {
				t.Fatalf("409 for the key %q (stored %q): %s", key, first, w.Body.Bytes())
			}
			return
		default:
			t.Fatalf("answered %d: %s", w.Code, w.Body.Bytes())
		}
		var rec struct {
			Data einvoice.Document `json:"data"`
		}
		if err := json.Unmarshal(w.Body.Bytes(), &rec); err != nil {
			t.Fatalf("%d with the body %q: %v", w.Code, w.Body.Bytes(), err)
		}
		d := rec.Data
		if !einvoice.IsGUID(d.DocumentID) || w.Header().Get("Location") != "/einvoicing/v1/documents/"+d.DocumentID {
			t.Fatalf("record %+v at %q", d, w.Header().Get("Location"))
		}
		if w.Code == http.StatusOK {
			if first, ok := cur.byKey[key]; key == "" || !ok || first != d.DocumentID {
				t.Fatalf("200 for the key %q with %s; the key stored %q", key, d.DocumentID, first)
			}
		} else {
			if d.SizeBytes != len(doc) || d.SHA256 != hex.EncodeToString(sum[:]) || d.Status != "Pending" || len(d.History) != 1 {
				t.Fatalf("record %+v of a document of %d bytes", d, len(doc))
			}
			cur.stored++
			cur.sums[d.DocumentID] = d.SHA256
			if key != "" {
				cur.byKey[key] = d.DocumentID
			}
		}
		content := do("GET", "/einvoicing/v1/documents/"+d.DocumentID+"/content", nil)
		got := sha256.Sum256(content.Body.Bytes())
		if content.Code != http.StatusOK || hex.EncodeToString(got[:]) != cur.sums[d.DocumentID] {
			t.Fatalf("the content of %s answered %d and differs from the document", d.DocumentID, content.Code)
		}
		if key != "" {
			again := do("POST", "/einvoicing/v1/documents", doc)
			if again.Code != http.StatusOK || !bytes.Contains(again.Body.Bytes(), []byte(d.DocumentID)) {
				t.Fatalf("the same document and key again answered %d %s, want 200 with %s", again.Code, again.Body.Bytes(), d.DocumentID)
			}
		}
	})
}

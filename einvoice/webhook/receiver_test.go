package webhook

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"log"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

var (
	testSecret = []byte("whsec-test-0123456789abcdef0123456789")
	testURL    = "https://erp.example.com/levy/events?connection=7"
	testNow    = time.Date(2026, 6, 1, 9, 14, 28, 0, time.UTC)
	testKey    = "0f8fad5b-d9cb-469f-a165-70867728950e"
)

const testBody = `{"documentId":"doc-418","tenantId":"acme-eu","documentNumber":"INV-2026-000418","issueDate":"2026-06-01",` +
	`"status":"Completed","transmissionDirection":"Outbound","transmissionDateTime":"2026-06-01T09:14:27Z",` +
	`"endpoints":{"sender":{"scheme":"0088","id":"5790000435944"},"receiver":{"scheme":"0208","id":"0843766574"}}}`

// hmacSig is the signature the test expects, computed without Sign.
func hmacSig(secret []byte, body, url, key, ts string) string {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte(body + url + key + ts))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// signedHeaders are the headers of a delivery signed with the test secret
// for the test URL.
func signedHeaders(body, key string, at time.Time) http.Header {
	ts := at.UTC().Format(http.TimeFormat)
	h := http.Header{}
	h.Set("Content-Type", "application/json")
	h.Set(HeaderTimestamp, ts)
	h.Set(HeaderIdempotencyKey, key)
	h.Set(HeaderSignature, hmacSig(testSecret, body, testURL, key, ts))
	return h
}

// calls records the events a receiver handled.
type calls struct {
	mu     sync.Mutex
	events []Event
	raws   []string
	fail   atomic.Int32 // the next this many calls fail
}

func (c *calls) handle(_ context.Context, ev Event, raw []byte) error {
	c.mu.Lock()
	c.events = append(c.events, ev)
	c.raws = append(c.raws, string(raw))
	c.mu.Unlock()
	if c.fail.Add(-1) >= 0 {
		return errors.New("the ERP is down")
	}
	c.fail.Store(0)
	return nil
}

func (c *calls) count() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.events)
}

// startReceiver serves a receiver of the test connection on loopback,
// with the clock at testNow unless an option says otherwise.
func startReceiver(t *testing.T, handle func(context.Context, Event, []byte) error, opts ...ReceiverOption) (*Receiver, string) {
	t.Helper()
	opts = append([]ReceiverOption{WithClock(func() time.Time { return testNow }), WithLogger(slog.New(slog.DiscardHandler))}, opts...)
	rc, err := NewReceiver(testSecret, testURL, handle, opts...)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewUnstartedServer(rc)
	srv.Config.ErrorLog = log.New(io.Discard, "", 0)
	srv.Start()
	t.Cleanup(srv.Close)
	return rc, srv.URL + "/levy/events"
}

// send delivers a body with headers and returns the status and the
// decoded error message of the answer.
func send(t *testing.T, method, url, body string, h http.Header) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header = h.Clone()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode == http.StatusNoContent {
		if len(b) != 0 {
			t.Errorf("204 with a body: %q", b)
		}
		return resp.StatusCode, ""
	}
	var e struct {
		Error string `json:"error"`
	}
	if err := json.Unmarshal(b, &e); err != nil || e.Error == "" || resp.Header.Get("Content-Type") != "application/json" {
		t.Errorf("%s: the body is not {\"error\": ...}: %q (%v)", resp.Status, b, err)
	}
	if bytes.Contains(b, testSecret) {
		t.Errorf("the answer holds the secret: %q", b)
	}
	if resp.StatusCode == http.StatusMethodNotAllowed && resp.Header.Get("Allow") != "POST" {
		t.Errorf("405 with Allow %q", resp.Header.Get("Allow"))
	}
	return resp.StatusCode, e.Error
}

func TestReceiver(t *testing.T) {
	const pascal = `{"DocumentId":"doc-419","TenantId":"acme-eu","Status":"Processing Issue",` +
		`"ErrorDetail":{"Stage":"pre-processing","Message":"1 problem","Errors":[{"Code":"BR-CO-15","Message":"totals differ"}]}}`
	w := DefaultWindow
	set := func(name, value string) func(http.Header) { return func(h http.Header) { h.Set(name, value) } }
	del := func(name string) func(http.Header) { return func(h http.Header) { h.Del(name) } }
	cases := []struct {
		name   string
		method string
		body   string    // sent; signed unless signed is set
		signed string    // the body the signature covers, when not the one sent
		at     time.Time // X-Event-Timestamp; testNow when zero
		edit   func(h http.Header)
		opts   []ReceiverOption
		want   int
		check  func(t *testing.T, ev Event)
	}{
		{name: "accepted", body: testBody, want: 204, check: func(t *testing.T, ev Event) {
			if ev.DocumentID != "doc-418" || ev.TenantID != "acme-eu" || ev.Status != StatusCompleted ||
				ev.Endpoints == nil || ev.Endpoints.Receiver.ID != "0843766574" {
				t.Errorf("event %+v", ev)
			}
		}},
		{name: "padded signature", body: testBody, want: 204, edit: func(h http.Header) {
			h.Set(HeaderSignature, h.Get(HeaderSignature)+"=")
		}},
		{name: "upper-case key", body: testBody, want: 204, edit: func(h http.Header) {
			key := strings.ToUpper(testKey)
			ts := h.Get(HeaderTimestamp)
			h.Set(HeaderIdempotencyKey, key)
			h.Set(HeaderSignature, hmacSig(testSecret, testBody, testURL, key, ts))
		}},
		{name: "PascalCase body", body: pascal, want: 204, check: func(t *testing.T, ev Event) {
			if ev.DocumentID != "doc-419" || ev.TenantID != "acme-eu" || ev.Status != StatusProcessingIssue ||
				ev.ErrorDetail == nil || ev.ErrorDetail.Stage != "pre-processing" || len(ev.ErrorDetail.Errors) != 1 ||
				ev.ErrorDetail.Errors[0].Code != "BR-CO-15" {
				t.Errorf("event %+v", ev)
			}
		}},
		{name: "unknown members ignored", body: `{"documentId":"d","status":"Pending","priority":3}`, want: 204},

		{name: "tampered body", body: strings.Replace(testBody, "Completed", "Error", 1), signed: testBody, want: 401},
		{name: "body with a byte more", body: testBody + " ", signed: testBody, want: 401},
		{name: "wrong URL", body: testBody, want: 401, edit: func(h http.Header) {
			h.Set(HeaderSignature, hmacSig(testSecret, testBody, "https://erp.example.com/levy/events", testKey, h.Get(HeaderTimestamp)))
		}},
		{name: "wrong secret", body: testBody, want: 401, edit: func(h http.Header) {
			h.Set(HeaderSignature, hmacSig([]byte("whsec-test-0123456789abcdef012345678X"), testBody, testURL, testKey, h.Get(HeaderTimestamp)))
		}},
		{name: "signature of another key", body: testBody, want: 401, edit: set(HeaderIdempotencyKey, "0f8fad5b-d9cb-469f-a165-70867728950f")},
		{name: "signature of another time", body: testBody, want: 401, edit: set(HeaderTimestamp, Timestamp(testNow.Add(time.Second)))},
		{name: "signature in standard Base64", body: testBody, edit: set(HeaderSignature, strings.Repeat("+/", 21)+"A"), want: 400},
		{name: "signature changed", body: testBody, want: 401, edit: func(h http.Header) {
			s := []byte(h.Get(HeaderSignature))
			s[0] = map[bool]byte{true: 'B', false: 'A'}[s[0] == 'A']
			h.Set(HeaderSignature, string(s))
		}},

		{name: "just inside the window, past", body: testBody, at: testNow.Add(-w), want: 204},
		{name: "just outside the window, past", body: testBody, at: testNow.Add(-w - time.Second), want: 401},
		{name: "just inside the window, future", body: testBody, at: testNow.Add(w), want: 204},
		{name: "just outside the window, future", body: testBody, at: testNow.Add(w + time.Second), want: 401},
		{name: "a day old", body: testBody, at: testNow.Add(-24 * time.Hour), want: 401},
		{name: "narrow window", body: testBody, at: testNow.Add(-31 * time.Second), opts: []ReceiverOption{WithWindow(30 * time.Second)}, want: 401},

		{name: "no signature", body: testBody, edit: del(HeaderSignature), want: 400},
		{name: "empty signature", body: testBody, edit: set(HeaderSignature, ""), want: 400},
		{name: "short signature", body: testBody, edit: set(HeaderSignature, "c2lnbmF0dXJl"), want: 400},
		{name: "doubly padded signature", body: testBody, edit: func(h http.Header) { h.Set(HeaderSignature, h.Get(HeaderSignature)+"==") }, want: 400},
		{name: "hex signature", body: testBody, edit: set(HeaderSignature, strings.Repeat("ab", 32)), want: 400},
		{name: "two signatures", body: testBody, edit: func(h http.Header) { h.Add(HeaderSignature, h.Get(HeaderSignature)) }, want: 400},
		{name: "no timestamp", body: testBody, edit: del(HeaderTimestamp), want: 400},
		{name: "RFC 3339 timestamp", body: testBody, edit: set(HeaderTimestamp, "2026-06-01T09:14:28Z"), want: 400},
		{name: "RFC 850 timestamp", body: testBody, edit: set(HeaderTimestamp, "Monday, 01-Jun-26 09:14:28 GMT"), want: 400},
		{name: "ANSI C timestamp", body: testBody, edit: set(HeaderTimestamp, "Mon Jun  1 09:14:28 2026"), want: 400},
		{name: "UTC instead of GMT", body: testBody, edit: set(HeaderTimestamp, "Mon, 01 Jun 2026 09:14:28 UTC"), want: 400},
		{name: "numeric zone", body: testBody, edit: set(HeaderTimestamp, "Mon, 01 Jun 2026 09:14:28 +0000"), want: 400},
		{name: "wrong weekday", body: testBody, edit: set(HeaderTimestamp, "Tue, 01 Jun 2026 09:14:28 GMT"), want: 400},
		{name: "one-digit day", body: testBody, edit: set(HeaderTimestamp, "Mon, 1 Jun 2026 09:14:28 GMT"), want: 400},
		{name: "no key", body: testBody, edit: del(HeaderIdempotencyKey), want: 400},
		{name: "key in braces", body: testBody, edit: set(HeaderIdempotencyKey, "{"+testKey+"}"), want: 400},
		{name: "key without dashes", body: testBody, edit: set(HeaderIdempotencyKey, strings.ReplaceAll(testKey, "-", "")), want: 400},
		{name: "key with a g", body: testBody, edit: set(HeaderIdempotencyKey, "0f8fad5b-d9cb-469f-a165-70867728950g"), want: 400},
		{name: "key with dashes moved", body: testBody, edit: set(HeaderIdempotencyKey, "0f8fad5bd-9cb-469f-a165-70867728950e"), want: 400},

		{name: "not JSON", body: "documentId=doc-418&status=Completed", want: 400},
		{name: "empty body", body: "", want: 400},
		{name: "JSON array", body: `[` + testBody + `]`, want: 400},
		{name: "JSON null", body: `null`, want: 400},
		{name: "truncated JSON", body: testBody[:len(testBody)-1], want: 400},
		{name: "two objects", body: testBody + testBody, want: 400},
		{name: "no documentId", body: `{"tenantId":"acme-eu","status":"Completed"}`, want: 400},
		{name: "empty documentId", body: `{"documentId":"","status":"Completed"}`, want: 400},
		{name: "numeric documentId", body: `{"documentId":418,"status":"Completed"}`, want: 400},
		{name: "no status", body: `{"documentId":"doc-418"}`, want: 400},
		{name: "unknown status", body: `{"documentId":"doc-418","status":"Delivered"}`, want: 400},
		{name: "lower-case status", body: `{"documentId":"doc-418","status":"completed"}`, want: 400},
		{name: "certificate expiring", body: `{"tenantId":"acme-eu","status":"Certificate Expiring","certificate":{"number":"TX-1","customerCode":"C-1",` +
			`"jurisdictions":["US-TX"],"reasonCode":"G","effectiveDate":"2026-01-01","expirationDate":"2026-12-31","noticeDate":"2026-12-01","daysBefore":30}}`, want: 204},
		{name: "certificate expiring without its certificate", body: `{"tenantId":"acme-eu","status":"Certificate Expiring"}`, want: 400},
		{name: "certificate expiring without a number", body: `{"status":"Certificate Expiring","certificate":{"customerCode":"C-1","expirationDate":"2026-12-31"}}`, want: 400},
		{name: "a document's status with a certificate and no document", body: `{"status":"Completed","certificate":{"number":"TX-1","customerCode":"C-1","expirationDate":"2026-12-31"}}`, want: 400},

		{name: "largest body", body: `{"documentId":"d","status":"Pending","pad":"` + strings.Repeat("x", 100) + `"}`,
			opts: []ReceiverOption{WithMaxBody(int64(len(`{"documentId":"d","status":"Pending","pad":""}`) + 100))}, want: 204},
		{name: "too large body", body: `{"documentId":"d","status":"Pending","pad":"` + strings.Repeat("x", 101) + `"}`,
			opts: []ReceiverOption{WithMaxBody(int64(len(`{"documentId":"d","status":"Pending","pad":""}`) + 100))}, want: 413},
		{name: "larger than the default", body: `{"documentId":"d","status":"Pending","pad":"` + strings.Repeat("x", DefaultMaxBody) + `"}`, want: 413},

		{name: "GET", method: "GET", want: 405},
		{name: "PUT", method: "PUT", body: testBody, want: 405},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var got calls
			_, url := startReceiver(t, got.handle, c.opts...)
			at := c.at
			if at.IsZero() {
				at = testNow
			}
			signed := c.body
			if c.signed != "" {
				signed = c.signed
			}
			h := signedHeaders(signed, testKey, at)
			if c.edit != nil {
				c.edit(h)
			}
			method := c.method
			if method == "" {
				method = "POST"
			}
			status, problem := send(t, method, url, c.body, h)
			if status != c.want {
				t.Fatalf("answered %d (%s), want %d", status, problem, c.want)
			}
			if n := got.count(); (status == 204) != (n == 1) || n > 1 {
				t.Fatalf("%d calls of handle after %d", n, status)
			}
			if status == 204 {
				if got.raws[0] != c.body {
					t.Errorf("handle got the raw body %q, want %q", got.raws[0], c.body)
				}
				if c.check != nil {
					c.check(t, got.events[0])
				}
			}
		})
	}
}

func TestReceiverDuplicate(t *testing.T) {
	var got calls
	now := testNow
	var mu sync.Mutex
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
	rc, url := startReceiver(t, got.handle, WithClock(clock))
	for i := range 3 {
		if status, problem := send(t, "POST", url, testBody, signedHeaders(testBody, testKey, testNow)); status != 204 {
			t.Fatalf("delivery %d answered %d (%s)", i, status, problem)
		}
	}
	// A retry is signed anew at a later time, with the same key.
	advance(DefaultWindow)
	if status, _ := send(t, "POST", url, testBody, signedHeaders(testBody, testKey, clock())); status != 204 || got.count() != 1 {
		t.Fatalf("a retry answered %d after %d calls", status, got.count())
	}
	// Keys are remembered for twice the window after they were accepted.
	advance(DefaultWindow - time.Second)
	if status, _ := send(t, "POST", url, testBody, signedHeaders(testBody, testKey, clock())); status != 204 || got.count() != 1 {
		t.Fatalf("a retry before twice the window answered %d after %d calls", status, got.count())
	}
	advance(time.Second)
	if status, _ := send(t, "POST", url, testBody, signedHeaders(testBody, testKey, clock())); status != 204 || got.count() != 2 {
		t.Fatalf("a retry after twice the window answered %d after %d calls", status, got.count())
	}
	if n := rc.seen.len(); n != 1 {
		t.Errorf("%d keys remembered, want 1", n)
	}
}

func TestReceiverHandleError(t *testing.T) {
	var got calls
	got.fail.Store(2)
	_, url := startReceiver(t, got.handle)
	h := signedHeaders(testBody, testKey, testNow)
	for i, want := range []int{500, 500, 204, 204} {
		status, problem := send(t, "POST", url, testBody, h)
		if status != want {
			t.Fatalf("delivery %d answered %d (%s), want %d", i, status, problem, want)
		}
		if strings.Contains(problem, "ERP") {
			t.Errorf("the answer tells the error of handle: %q", problem)
		}
	}
	if got.count() != 3 {
		t.Errorf("handle called %d times, want 3 (two failures and a success)", got.count())
	}
}

func TestReceiverHandlePanics(t *testing.T) {
	var n atomic.Int32
	_, url := startReceiver(t, func(context.Context, Event, []byte) error {
		if n.Add(1) == 1 {
			panic("handle broke")
		}
		return nil
	})
	h := signedHeaders(testBody, testKey, testNow)
	req, _ := http.NewRequest("POST", url, strings.NewReader(testBody))
	req.Header = h.Clone()
	if resp, err := http.DefaultClient.Do(req); err == nil {
		resp.Body.Close()
		t.Fatalf("a panicking handle answered %s", resp.Status)
	}
	if status, problem := send(t, "POST", url, testBody, h); status != 204 || n.Load() != 2 {
		t.Fatalf("the retry after a panic answered %d (%s) after %d calls", status, problem, n.Load())
	}
}

// TestReceiverConcurrentDuplicates sends deliveries of one key while the
// first is being handled: they wait for it and answer as it did.
func TestReceiverConcurrentDuplicates(t *testing.T) {
	for _, fail := range []bool{false, true} {
		name := map[bool]string{false: "handle succeeds", true: "handle fails"}[fail]
		t.Run(name, func(t *testing.T) {
			const dups = 8
			var n atomic.Int32
			entered, release := make(chan struct{}), make(chan struct{})
			var waiting sync.WaitGroup
			waiting.Add(dups)
			_, url := startReceiver(t, func(context.Context, Event, []byte) error {
				if n.Add(1) == 1 {
					close(entered)
				}
				<-release
				if fail {
					return errors.New("failed")
				}
				return nil
			}, func(r *Receiver) { r.waiting = waiting.Done })
			h := signedHeaders(testBody, testKey, testNow)
			statuses := make(chan int, dups+1)
			var wg sync.WaitGroup
			post := func() {
				defer wg.Done()
				status, _ := send(t, "POST", url, testBody, h)
				statuses <- status
			}
			wg.Add(1)
			go post()
			<-entered
			wg.Add(dups)
			for range dups {
				go post()
			}
			waiting.Wait()
			close(release)
			wg.Wait()
			close(statuses)
			want := 204
			if fail {
				want = 500
			}
			for s := range statuses {
				if s != want {
					t.Errorf("a delivery answered %d, want %d", s, want)
				}
			}
			if n.Load() != 1 {
				t.Errorf("handle called %d times", n.Load())
			}
			if fail {
				// The failure forgot the key: a retry is handled.
				if status, _ := send(t, "POST", url, testBody, h); status != 500 || n.Load() != 2 {
					t.Errorf("the retry answered %d after %d calls", status, n.Load())
				}
			}
		})
	}
}

// TestReceiverTooLargeChunked sends a body of unknown length.
func TestReceiverTooLargeChunked(t *testing.T) {
	var got calls
	_, url := startReceiver(t, got.handle, WithMaxBody(1000))
	body := `{"documentId":"d","status":"Pending","pad":"` + strings.Repeat("x", 1000) + `"}`
	req, _ := http.NewRequest("POST", url, io.MultiReader(strings.NewReader(body)))
	req.Header = signedHeaders(body, testKey, testNow)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 413 || req.ContentLength != 0 || got.count() != 0 {
		t.Fatalf("answered %s, length %d, %d calls", resp.Status, req.ContentLength, got.count())
	}
}

// TestReceiverAbandonedWait gives up a delivery that waits for the first
// of its key: it answers 503, and the first goes on.
func TestReceiverAbandonedWait(t *testing.T) {
	entered, release := make(chan struct{}), make(chan struct{})
	waiting := make(chan struct{})
	rc, err := NewReceiver(testSecret, testURL, func(context.Context, Event, []byte) error {
		close(entered)
		<-release
		return nil
	}, WithClock(func() time.Time { return testNow }), WithLogger(slog.New(slog.DiscardHandler)))
	if err != nil {
		t.Fatal(err)
	}
	rc.waiting = func() { close(waiting) }
	request := func(ctx context.Context) *http.Request {
		r := httptest.NewRequestWithContext(ctx, "POST", "/levy/events", strings.NewReader(testBody))
		r.Header = signedHeaders(testBody, testKey, testNow)
		return r
	}
	first := httptest.NewRecorder()
	done := make(chan struct{})
	go func() { rc.ServeHTTP(first, request(context.Background())); close(done) }()
	<-entered
	ctx, cancel := context.WithCancel(context.Background())
	second := httptest.NewRecorder()
	go func() { <-waiting; cancel() }()
	rc.ServeHTTP(second, request(ctx))
	if second.Code != http.StatusServiceUnavailable {
		t.Errorf("the abandoned delivery answered %d", second.Code)
	}
	close(release)
	<-done
	if first.Code != 204 {
		t.Errorf("the first delivery answered %d", first.Code)
	}
}

// TestReceiverBodyError reads a body that fails before its end.
func TestReceiverBodyError(t *testing.T) {
	var got calls
	rc, err := NewReceiver(testSecret, testURL, got.handle, WithLogger(slog.New(slog.DiscardHandler)))
	if err != nil {
		t.Fatal(err)
	}
	r := httptest.NewRequest("POST", "/levy/events", io.MultiReader(strings.NewReader(testBody[:10]), failingReader{}))
	r.Header = signedHeaders(testBody, testKey, testNow)
	w := httptest.NewRecorder()
	rc.ServeHTTP(w, r)
	if w.Code != 400 || got.count() != 0 {
		t.Errorf("answered %d after %d calls", w.Code, got.count())
	}
}

type failingReader struct{}

func (failingReader) Read([]byte) (int, error) { return 0, errors.New("connection reset") }

func TestReceiverMaxKeys(t *testing.T) {
	var got calls
	rc, url := startReceiver(t, got.handle, WithMaxKeys(3))
	keys := []string{
		"00000000-0000-4000-8000-000000000001", "00000000-0000-4000-8000-000000000002",
		"00000000-0000-4000-8000-000000000003", "00000000-0000-4000-8000-000000000004",
	}
	for _, k := range keys {
		if status, _ := send(t, "POST", url, testBody, signedHeaders(testBody, k, testNow)); status != 204 {
			t.Fatalf("%s answered %d", k, status)
		}
	}
	if n := rc.seen.len(); n != 3 {
		t.Errorf("%d keys remembered, want 3", n)
	}
	// The first key was forgotten early, the last is remembered.
	send(t, "POST", url, testBody, signedHeaders(testBody, keys[0], testNow))
	send(t, "POST", url, testBody, signedHeaders(testBody, keys[3], testNow))
	if got.count() != 5 {
		t.Errorf("handle called %d times, want 5", got.count())
	}
}

func TestSeenBounded(t *testing.T) {
	s := newSeen(time.Minute, 1000)
	now := testNow
	key := func(i int) string { return string(rune('a'+i%26)) + strings.Repeat("k", i%7) + string(rune(i)) }
	for i := range 20000 {
		now = now.Add(10 * time.Millisecond)
		d, isNew, _ := s.begin(key(i), now)
		if isNew {
			s.finish(key(i), d, i%5 != 0)
		}
		if q := len(s.queue) - s.head; q > 1000 || len(s.keys) > 1000 {
			t.Fatalf("after %d keys: queue %d, map %d", i, q, len(s.keys))
		}
	}
	if len(s.queue) > 2000 {
		t.Errorf("the queue kept %d entries", len(s.queue))
	}
	// A minute later, everything has expired.
	s.begin("last", now.Add(time.Minute))
	if len(s.keys) != 1 {
		t.Errorf("%d keys after they expired", len(s.keys))
	}
}

func TestSeenKeepsKeysInFlight(t *testing.T) {
	s := newSeen(time.Minute, 2)
	a, _, _ := s.begin("a", testNow)
	s.begin("b", testNow)
	s.begin("c", testNow.Add(2*time.Minute))
	if _, isNew, _ := s.begin("a", testNow.Add(2*time.Minute)); isNew {
		t.Fatal("a key being handled was forgotten")
	}
	s.finish("a", a, true)
	if _, isNew, _ := s.begin("a", testNow.Add(5*time.Minute)); !isNew {
		t.Fatal("a key handled long ago is remembered")
	}
}

func TestNewReceiverErrors(t *testing.T) {
	h := func(context.Context, Event, []byte) error { return nil }
	cases := []struct {
		name   string
		secret []byte
		url    string
		handle func(context.Context, Event, []byte) error
		opts   []ReceiverOption
	}{
		{"short secret", testSecret[:MinSecretBytes-1], testURL, h, nil},
		{"no secret", nil, testURL, h, nil},
		{"no URL", testSecret, "", h, nil},
		{"no handle", testSecret, testURL, nil, nil},
		{"zero window", testSecret, testURL, h, []ReceiverOption{WithWindow(0)}},
		{"no clock", testSecret, testURL, h, []ReceiverOption{WithClock(nil)}},
		{"no logger", testSecret, testURL, h, []ReceiverOption{WithLogger(nil)}},
		{"zero body", testSecret, testURL, h, []ReceiverOption{WithMaxBody(0)}},
		{"zero keys", testSecret, testURL, h, []ReceiverOption{WithMaxKeys(0)}},
	}
	for _, c := range cases {
		if _, err := NewReceiver(c.secret, c.url, c.handle, c.opts...); err == nil {
			t.Errorf("%s: no error", c.name)
		} else if bytes.Contains([]byte(err.Error()), testSecret) {
			t.Errorf("%s: the error holds the secret", c.name)
		}
	}
	if _, err := NewReceiver(testSecret[:MinSecretBytes], testURL, h); err != nil {
		t.Errorf("a secret of %d bytes: %v", MinSecretBytes, err)
	}
}

// TestReceiverLog checks that the log names events by their identifiers
// and holds neither their bodies, nor signatures, nor the secret.
func TestReceiverLog(t *testing.T) {
	var buf syncBuffer
	var got calls
	got.fail.Store(1)
	_, url := startReceiver(t, got.handle, WithLogger(slog.New(slog.NewJSONHandler(&buf, nil))))
	h := signedHeaders(testBody, testKey, testNow)
	send(t, "POST", url, testBody, h) // fails
	send(t, "POST", url, testBody, h) // accepted
	send(t, "POST", url, testBody, h) // duplicate
	bad := h.Clone()
	bad.Set(HeaderIdempotencyKey, "00000000-0000-4000-8000-000000000001")
	send(t, "POST", url, testBody, bad) // bad signature
	send(t, "POST", url, "{", signedHeaders("{", testKey, testNow))
	logged := buf.String()
	for _, want := range []string{`"idempotencyKey":"` + testKey + `"`, `"documentId":"doc-418"`, `"tenantId":"acme-eu"`,
		`"status":"Completed"`, "webhook event accepted", "webhook event already handled", "webhook event not handled",
		"the signature does not match"} {
		if !strings.Contains(logged, want) {
			t.Errorf("the log lacks %s:\n%s", want, logged)
		}
	}
	for _, secret := range []string{string(testSecret), h.Get(HeaderSignature), bad.Get(HeaderSignature), "INV-2026-000418", "0843766574"} {
		if strings.Contains(logged, secret) {
			t.Errorf("the log holds %q:\n%s", secret, logged)
		}
	}
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestIsGUID(t *testing.T) {
	good := []string{testKey, strings.ToUpper(testKey), "00000000-0000-0000-0000-000000000000", "0F8fad5b-D9cb-469f-A165-70867728950E"}
	bad := []string{"", testKey + "0", testKey[1:], " " + testKey[1:], "0f8fad5b_d9cb_469f_a165_70867728950e",
		"0f8fad5b-d9cb-469f-a165-70867728950é"[:36], "{0f8fad5b-d9cb-469f-a165-70867728950}"}
	for _, s := range good {
		if !IsGUID(s) {
			t.Errorf("IsGUID(%q) = false", s)
		}
	}
	for _, s := range bad {
		if IsGUID(s) {
			t.Errorf("IsGUID(%q) = true", s)
		}
	}
}

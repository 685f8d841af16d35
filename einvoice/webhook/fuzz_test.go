package webhook

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync"
	"testing"
	"time"
)

// Bits of the mode of a FuzzReceiver input. Without them the headers are
// sent as the fuzzer wrote them, which rarely gets past the signature.
const (
	fuzzSign       = 1 << iota // sign the delivery with the right secret
	fuzzNow                    // a timestamp of the receiver's clock
	fuzzGUID                   // a GUID made from the key
	fuzzPad                    // pad the signature with "="
	fuzzPost                   // POST whatever the method says
	fuzzTwice                  // send the signature twice
	fuzzConcurrent             // send the deliveries at once
)

const fuzzMaxBody = 4096

// FuzzReceiver sends a delivery made of the input twice, then once more
// with the same key and another body, and checks that the receiver never
// panics, answers only 204, 400, 401, 405 or 413, with a JSON error unless
// 204, and calls handle at most once for the key.
func FuzzReceiver(f *testing.F) {
	all := byte(fuzzSign | fuzzNow | fuzzGUID | fuzzPost)
	f.Add("POST", []byte(testBody), testKey, Timestamp(testNow), "", all)
	f.Add("POST", []byte(`{"DocumentId":"d","Status":"Error","ErrorDetail":{"Errors":[{}]}}`), "k", "", "", all|fuzzPad)
	f.Add("POST", []byte(`{"documentId":"d","status":"Pending","documentId":7}`), testKey, "", "", all|fuzzTwice)
	f.Add("POST", []byte(`{"documentId":"d","status":"In Progress"}`), testKey, "", "", all|fuzzConcurrent)
	f.Add("GET", []byte(nil), testKey, Timestamp(testNow), "AAAA", byte(0))
	f.Add("POST", []byte(`[]`), testKey, "Mon, 01 Jun 2026 09:14:28 GMT", "x", byte(fuzzSign))
	f.Fuzz(func(t *testing.T, method string, body []byte, key, ts, sig string, mode byte) {
		if mode&fuzzNow != 0 {
			ts = Timestamp(testNow)
		}
		if mode&fuzzGUID != 0 {
			h := sha256.Sum256([]byte(key))
			key = fmt.Sprintf("%x-%x-%x-%x-%x", h[0:4], h[4:6], h[6:8], h[8:10], h[10:16])
		}
		if mode&fuzzPost != 0 {
			method = "POST"
		}
		sign := func(body []byte) string {
			if mode&fuzzSign == 0 {
				return sig
			}
			s := Sign(testSecret, body, testURL, key, ts)
			if mode&fuzzPad != 0 {
				s += "="
			}
			return s
		}
		var mu sync.Mutex
		var handled [][]byte
		rc, err := NewReceiver(testSecret, testURL, func(_ context.Context, ev Event, raw []byte) error {
			mu.Lock()
			defer mu.Unlock()
			handled = append(handled, raw)
			return nil
		}, WithClock(func() time.Time { return testNow }), WithMaxBody(fuzzMaxBody), WithLogger(slog.New(slog.DiscardHandler)))
		if err != nil {
			t.Fatal(err)
		}
		other := append([]byte(`{"documentId":"other","status":"Completed"}`), bytes.Repeat([]byte(" "), len(body)%7)...)
		deliveries := [][]byte{body, body, other}
		codes := make([]int, len(deliveries))
		deliver := func(i int) {
			b := deliveries[i]
			req := &http.Request{
				Method: method, URL: &url.URL{Path: "/levy/events"}, Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
				Header: http.Header{}, Body: io.NopCloser(bytes.NewReader(b)), ContentLength: int64(len(b)),
			}
			s := sign(b)
			req.Header[HeaderSignature] = []string{s}
			if mode&fuzzTwice != 0 {
				req.Header[HeaderSignature] = []string{s, s}
			}
			req.Header[HeaderTimestamp] = []string{ts}
			req.Header[HeaderIdempotencyKey] = []string{key}
			w := httptest.NewRecorder()
			rc.ServeHTTP(w, req)
			codes[i] = w.Code
			switch w.Code {
			case 204:
				if w.Body.Len() != 0 {
					t.Errorf("204 with a body %q", w.Body.Bytes())
				}
			case 400, 401, 405, 413:
				var e struct {
					Error string `json:"error"`
				}
				if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil || e.Error == "" {
					t.Errorf("%d with the body %q", w.Code, w.Body.Bytes())
				}
				if bytes.Contains(w.Body.Bytes(), testSecret) {
					t.Errorf("the answer holds the secret")
				}
			default:
				t.Errorf("answered %d", w.Code)
			}
		}
		if mode&fuzzConcurrent != 0 {
			var wg sync.WaitGroup
			for i := range deliveries {
				wg.Go(func() { deliver(i) })
			}
			wg.Wait()
		} else {
			for i := range deliveries {
				deliver(i)
			}
		}
		if len(handled) > 1 {
			t.Fatalf("handle called %d times for one key", len(handled))
		}
		accepted := 0
		for _, c := range codes {
			if c == 204 {
				accepted++
			}
		}
		if len(handled) == 1 && accepted == 0 || len(handled) == 0 && accepted > 0 {
			t.Fatalf("handle called %d times, answers %v", len(handled), codes)
		}
		if mode&fuzzConcurrent == 0 && codes[0] != codes[1] {
			t.Fatalf("a delivery and its repetition answered %v", codes[:2])
		}
		if mode&fuzzConcurrent == 0 && codes[0] == 204 && !bytes.Equal(handled[0], body) {
			t.Fatalf("handle got the raw body %q, want %q", handled[0], body)
		}
		// A well-made delivery is refused only for its body.
		wellMade := mode&(fuzzSign|fuzzNow|fuzzGUID|fuzzPost) == fuzzSign|fuzzNow|fuzzGUID|fuzzPost && mode&fuzzTwice == 0
		if wellMade && codes[2] != 204 {
			t.Fatalf("a well-made delivery answered %d", codes[2])
		}
		if wellMade && len(body) <= fuzzMaxBody && codes[0] != 204 && codes[0] != 400 {
			t.Fatalf("a well-made delivery answered %d", codes[0])
		}
	})
}

package api_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// specClock is a clock that a test moves forward; the issuer and the
// token endpoints of the spec walk's server read it.
type specClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *specClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *specClock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// jsonAt returns the value at a JSON path of body ("data.lineItems[0].taxes",
// "[0].results", "access_token") as JSON text, strings unquoted, and
// whether it is there.
func jsonAt(body []byte, path string) (string, bool) {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var node any
	if err := dec.Decode(&node); err != nil {
		return "", false
	}
	for _, st := range parsePath(path) {
		if st.index >= 0 {
			a, ok := node.([]any)
			if !ok || st.index >= len(a) {
				return "", false
			}
			node = a[st.index]
			continue
		}
		m, ok := node.(map[string]any)
		if !ok {
			return "", false
		}
		if node, ok = m[st.name]; !ok {
			return "", false
		}
	}
	switch v := node.(type) {
	case string:
		return v, true
	case json.Number:
		return v.String(), true
	default:
		b, err := json.Marshal(v)
		if err != nil {
			return "", false
		}
		return string(b), true
	}
}

// guid matches a GUID as the specification writes its identifiers.
var guid = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)

// delivery is one event as a receiver got it.
type delivery struct {
	body   []byte
	header http.Header
	path   string
	status int // what the receiver answered
}

// receiver is a webhook receiver on loopback that records every event
// and refuses the first attempt of each Idempotency-Key with 503, so that
// every event is retried once before it is accepted with 204.
type receiver struct {
	srv *httptest.Server
	mu  sync.Mutex
	got []delivery
	// seen counts the attempts of each Idempotency-Key.
	seen map[string]int
}

func newReceiver(t *testing.T) *receiver {
	t.Helper()
	rc := &receiver{seen: map[string]int{}}
	rc.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, err := io.ReadAll(r.Body)
		if err != nil {
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		rc.mu.Lock()
		defer rc.mu.Unlock()
		key := r.Header.Get("Idempotency-Key")
		rc.seen[key]++
		status := http.StatusNoContent
		if rc.seen[key] == 1 {
			status = http.StatusServiceUnavailable
		}
		rc.got = append(rc.got, delivery{body: b, header: r.Header.Clone(), path: r.URL.Path, status: status})
		w.WriteHeader(status)
	}))
	t.Cleanup(rc.srv.Close)
	return rc
}

// accepted returns the events of a document that the receiver accepted
// (answered 204), in the order they came, waiting until there are want
// of them or a deadline passes.
func (rc *receiver) accepted(t *testing.T, documentID string, want int) []delivery {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		var out []delivery
		rc.mu.Lock()
		for _, d := range rc.got {
			if id, _ := jsonAt(d.body, "documentId"); id == documentID && d.status == http.StatusNoContent {
				out = append(out, d)
			}
		}
		rc.mu.Unlock()
		if len(out) >= want || time.Now().After(deadline) {
			return out
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// attempts returns every attempt of the event with key, accepted or not.
func (rc *receiver) attempts(key string) []delivery {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	var out []delivery
	for _, d := range rc.got {
		if d.header.Get("Idempotency-Key") == key {
			out = append(out, d)
		}
	}
	return out
}

// statusesOf lists the status of each delivery.
func statusesOf(ds []delivery) []string {
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i], _ = jsonAt(d.body, "status")
	}
	return out
}

// expand replaces each {name} in s with vars[name].
func expand(s string, vars map[string]string) string {
	for k, v := range vars {
		s = strings.ReplaceAll(s, "{"+k+"}", v)
	}
	return s
}

// describe names a row in a failure message.
func describe(section, name string) string { return fmt.Sprintf("%s / %s", section, name) }

package webhook

import (
	"net/http"
	"strings"
	"testing"
)

// TestPreviousSecret: while a connection's secret is replaced, a
// receiver given the previous secret accepts events signed with either;
// without it, an event signed with the old secret is refused, and one
// signed with neither is refused with it. A previous secret shorter than
// MinSecretBytes is refused when the receiver is made.
func TestPreviousSecret(t *testing.T) {
	old := []byte("whsec-old-0123456789abcdef0123456789ab")
	oldHeaders := func(key string) http.Header {
		h := signedHeaders(testBody, key, testNow)
		h.Set(HeaderSignature, hmacSig(old, testBody, testURL, key, h.Get(HeaderTimestamp)))
		return h
	}
	keys := []string{"0f8fad5b-d9cb-469f-a165-70867728950e", "7c9e6679-7425-40de-944b-e07fc1f90ae7", "16fd2706-8baf-433b-82eb-8c7fada847da"}

	var c calls
	_, url := startReceiver(t, c.handle, WithPreviousSecret(old))
	if code, msg := send(t, "POST", url, testBody, signedHeaders(testBody, keys[0], testNow)); code != http.StatusNoContent {
		t.Errorf("signed with the current secret: %d %s", code, msg)
	}
	if code, msg := send(t, "POST", url, testBody, oldHeaders(keys[1])); code != http.StatusNoContent {
		t.Errorf("signed with the previous secret: %d %s", code, msg)
	}
	other := signedHeaders(testBody, keys[2], testNow)
	other.Set(HeaderSignature, hmacSig([]byte("whsec-other-0123456789abcdef012345678"), testBody, testURL, keys[2], other.Get(HeaderTimestamp)))
	if code, _ := send(t, "POST", url, testBody, other); code != http.StatusUnauthorized {
		t.Errorf("signed with neither: %d", code)
	}
	if c.count() != 2 {
		t.Errorf("%d events handled, want 2", c.count())
	}

	var d calls
	_, plain := startReceiver(t, d.handle)
	if code, _ := send(t, "POST", plain, testBody, oldHeaders(keys[1])); code != http.StatusUnauthorized || d.count() != 0 {
		t.Errorf("without the option, the previous secret: %d, %d handled", code, d.count())
	}

	if _, err := NewReceiver(testSecret, testURL, d.handle, WithPreviousSecret([]byte("short"))); err == nil || !strings.Contains(err.Error(), "previous secret") {
		t.Errorf("a short previous secret: %v", err)
	}
}

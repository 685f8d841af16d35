package webhook

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

// secrets of several lengths: shorter than, as long as and longer than a
// SHA-256 block, which HMAC hashes first.
var signSecrets = [][]byte{
	nil,
	[]byte("short"),
	bytes.Repeat([]byte{'s'}, MinSecretBytes),
	bytes.Repeat([]byte{0xff}, 64),
	bytes.Repeat([]byte("k"), 65),
	bytes.Repeat([]byte("0123456789"), 20),
}

// refSign is the signature by the definition, written out.
func refSign(secret, body []byte, url, key, ts string) string {
	m := hmac.New(sha256.New, secret)
	m.Write(body)
	m.Write([]byte(url))
	m.Write([]byte(key))
	m.Write([]byte(ts))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

func TestSign(t *testing.T) {
	bodies := [][]byte{nil, []byte(testBody), bytes.Repeat([]byte("é"), 5000)}
	urls := []string{"", testURL, strings.Repeat("/long", 2000)}
	// Alternate secrets, so that pooled signers meet other secrets.
	for round := range 2 {
		for _, secret := range signSecrets {
			for _, body := range bodies {
				for _, url := range urls {
					want := refSign(secret, body, url, testKey, "Mon, 01 Jun 2026 09:14:28 GMT")
					got := Sign(secret, body, url, testKey, "Mon, 01 Jun 2026 09:14:28 GMT")
					if got != want {
						t.Fatalf("round %d, secret of %d bytes, body of %d, URL of %d: %s, want %s",
							round, len(secret), len(body), len(url), got, want)
					}
					if len(got) != 43 || strings.ContainsAny(got, "=+/") {
						t.Fatalf("signature %q is not unpadded Base64Url", got)
					}
				}
			}
		}
	}
}

// TestSignFields checks that each part of the signed sequence counts,
// and that the parts are simply concatenated.
func TestSignFields(t *testing.T) {
	ts := Timestamp(testNow)
	base := Sign(testSecret, []byte(testBody), testURL, testKey, ts)
	if base != refSign(testSecret, []byte(testBody+testURL+testKey+ts), "", "", "") {
		t.Error("the signature is not that of the concatenated parts")
	}
	if Sign(testSecret, []byte(testBody), testURL+"x", testKey, ts) == base ||
		Sign(testSecret, []byte(testBody+"x"), testURL, testKey, ts) == base ||
		Sign(testSecret, []byte(testBody), testURL, strings.ToUpper(testKey), ts) == base ||
		Sign(testSecret, []byte(testBody), testURL, testKey, Timestamp(testNow.Add(time.Second))) == base ||
		Sign(append(bytes.Clone(testSecret), 'x'), []byte(testBody), testURL, testKey, ts) == base {
		t.Error("a changed part left the signature as it was")
	}
}

func TestSignConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 200 {
				secret := signSecrets[(g+i)%len(signSecrets)]
				body := []byte(testBody[:i%len(testBody)])
				sig := Sign(secret, body, testURL, testKey, "ts")
				if sig != refSign(secret, body, testURL, testKey, "ts") || !Verify(secret, body, testURL, testKey, "ts", sig) {
					t.Errorf("goroutine %d, signature %d is wrong", g, i)
					return
				}
			}
		})
	}
	wg.Wait()
}

func TestVerify(t *testing.T) {
	ts := Timestamp(testNow)
	body := []byte(testBody)
	sig := refSign(testSecret, body, testURL, testKey, ts)
	ok := func(s string) bool { return Verify(testSecret, body, testURL, testKey, ts, s) }
	if !ok(sig) {
		t.Fatal("the signature did not verify")
	}
	if !ok(sig + "=") {
		t.Error("the padded signature did not verify")
	}
	raw, _ := base64.RawURLEncoding.DecodeString(sig)
	std := base64.StdEncoding.EncodeToString(raw)
	for _, s := range []string{"", sig + "==", sig + "A", sig[:42], "=" + sig, sig[:42] + "=", std,
		base64.URLEncoding.EncodeToString(raw[:31]), strings.ToUpper(sig), " " + sig, sig + " ", sig + "\n"} {
		if s != sig && ok(s) {
			t.Errorf("%q verified", s)
		}
	}
	// The last character carries two unused bits, which must be zero:
	// the other three spellings of the signature are refused.
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	last := strings.IndexByte(alphabet, sig[42])
	for v := last &^ 3; v < last&^3+4; v++ {
		if s := sig[:42] + alphabet[v:v+1]; ok(s) != (v == last) {
			t.Errorf("%q verified: %v", s, ok(s))
		}
	}
	// Every other byte of the signature matters.
	for i := range raw {
		changed := bytes.Clone(raw)
		changed[i] ^= 1
		if ok(base64.RawURLEncoding.EncodeToString(changed)) {
			t.Errorf("a signature with byte %d changed verified", i)
		}
	}
	for _, secret := range signSecrets {
		if Verify(secret, body, testURL, testKey, ts, sig) {
			t.Errorf("the signature verified with a secret of %d bytes", len(secret))
		}
	}
}

// TestVerifyGarbage gives Verify signatures of every length from 0 to 100
// of random bytes, of random Base64Url characters and of a real signature
// cut or extended: it never panics, and accepts only the signature.
func TestVerifyGarbage(t *testing.T) {
	ts := Timestamp(testNow)
	body := []byte(testBody)
	sig := Sign(testSecret, body, testURL, testKey, ts)
	rng := rand.New(rand.NewPCG(1, 2))
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_="
	for n := 0; n <= 100; n++ {
		for range 20 {
			random := make([]byte, n)
			chars := make([]byte, n)
			for i := range n {
				random[i] = byte(rng.Uint32())
				chars[i] = alphabet[rng.IntN(len(alphabet))]
			}
			for _, s := range []string{string(random), string(chars), (sig + strings.Repeat("=", n))[:n], sig + string(chars)} {
				if got := Verify(testSecret, body, testURL, testKey, ts, s); got != (s == sig || s == sig+"=") {
					t.Fatalf("Verify(%q) = %v", s, got)
				}
			}
		}
	}
}

func TestTimestamp(t *testing.T) {
	paris := time.FixedZone("CEST", 2*3600)
	at := time.Date(2026, 6, 1, 11, 14, 28, 999, paris)
	if got := Timestamp(at); got != "Mon, 01 Jun 2026 09:14:28 GMT" {
		t.Errorf("Timestamp = %q", got)
	}
	if Timestamp(at) != at.UTC().Format(http.TimeFormat) {
		t.Error("the timestamp is not written as HTTP dates are")
	}
	if p, ok := parseTimestamp(Timestamp(at)); !ok || !p.Equal(at.Truncate(time.Second)) {
		t.Errorf("parseTimestamp(Timestamp(t)) = %v, %v", p, ok)
	}
}

// raceEnabled is set when the race detector runs.
var raceEnabled bool

func TestSignAllocations(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector drops pooled signers")
	}
	body := []byte(testBody)
	sig := Sign(testSecret, body, testURL, testKey, "ts")
	if n := testing.AllocsPerRun(100, func() { Sign(testSecret, body, testURL, testKey, "ts") }); n > 1 {
		t.Errorf("Sign allocates %v times", n)
	}
	if n := testing.AllocsPerRun(100, func() { Verify(testSecret, body, testURL, testKey, "ts", sig) }); n > 0 {
		t.Errorf("Verify allocates %v times", n)
	}
}

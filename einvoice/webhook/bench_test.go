package webhook

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/json"
	"testing"
)

// benchBody is an event as Levy sends it to a connection that includes
// metadata: about 600 bytes.
const benchBody = `{"documentId":"6f1c2a4e-8b3d-4e5f-9a7b-0c1d2e3f4a5b","tenantId":"acme-eu","documentNumber":"INV-2026-000418",` +
	`"issueDate":"2026-06-01","status":"Completed","transmissionDirection":"Outbound",` +
	`"transmissionDateTime":"2026-06-01T09:14:27Z","endpoints":{"sender":{"scheme":"0088","id":"5790000435944"},` +
	`"receiver":{"scheme":"0208","id":"0843766574","name":"Brouwerij De Kroon NV"}},` +
	`"metadata":{"documentType":"Invoice","customizationId":"urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0",` +
	`"profileId":"urn:fdc:peppol.eu:2017:poacc:billing:01:1.0","currency":"EUR","payableAmount":"1815.00","sizeBytes":18342}}`

const (
	benchURL = "https://erp.example.com/levy/events"
	benchKey = "0f8fad5b-d9cb-469f-a165-70867728950e"
	benchTS  = "Mon, 01 Jun 2026 09:14:28 GMT"
)

var benchSecret = []byte("whsec-0123456789abcdef0123456789abcdef")

var sinkString string
var sinkBool bool

func BenchmarkSign(b *testing.B) {
	body := []byte(benchBody)
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		sinkString = Sign(benchSecret, body, benchURL, benchKey, benchTS)
	}
}

func BenchmarkVerify(b *testing.B) {
	body := []byte(benchBody)
	sig := Sign(benchSecret, body, benchURL, benchKey, benchTS)
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		sinkBool = Verify(benchSecret, body, benchURL, benchKey, benchTS, sig)
	}
	if !sinkBool {
		b.Fatal("the signature did not verify")
	}
}

// BenchmarkHMAC is the floor under Sign and Verify: HMAC-SHA256 of the
// signed bytes concatenated beforehand. New keys a fresh HMAC on every
// operation, as a signer does that meets each secret once; Reset reuses
// one keyed HMAC, as a signer does that keeps it.
func BenchmarkHMAC(b *testing.B) {
	msg := []byte(benchBody + benchURL + benchKey + benchTS)
	var sum [sha256.Size]byte
	b.Run("New", func(b *testing.B) {
		b.SetBytes(int64(len(benchBody)))
		b.ReportAllocs()
		for b.Loop() {
			h := hmac.New(sha256.New, benchSecret)
			h.Write(msg)
			h.Sum(sum[:0])
		}
	})
	b.Run("Reset", func(b *testing.B) {
		h := hmac.New(sha256.New, benchSecret)
		b.SetBytes(int64(len(benchBody)))
		b.ReportAllocs()
		for b.Loop() {
			h.Reset()
			h.Write(msg)
			h.Sum(sum[:0])
		}
	})
}

func TestBenchBody(t *testing.T) {
	var ev Event
	if err := json.Unmarshal([]byte(benchBody), &ev); err != nil || ev.Status != StatusCompleted || len(benchBody) < 550 || len(benchBody) > 650 {
		t.Errorf("the benchmark's body (%d bytes) is not a realistic event: %v", len(benchBody), err)
	}
}

package webhook

import (
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"hash"
	"sync"
	"time"
)

// Header names of an event.
const (
	HeaderSignature      = "X-Signature"
	HeaderTimestamp      = "X-Event-Timestamp"
	HeaderIdempotencyKey = "Idempotency-Key"
)

// TimestampFormat is the layout of X-Event-Timestamp: RFC 1123 in GMT,
// as http.TimeFormat writes it.
const TimestampFormat = "Mon, 02 Jan 2006 15:04:05 GMT"

// MinSecretBytes is the shortest secret a connection may have.
const MinSecretBytes = 32

// signatureLen is the length of a signature without padding: 43
// Base64Url characters hold the 32 bytes of an HMAC-SHA256.
const signatureLen = 43

// sigEncoding decodes signatures strictly, so that a signature has one
// spelling only (the unused low bits of its last character must be zero).
var sigEncoding = base64.RawURLEncoding.Strict()

// Timestamp formats t for X-Event-Timestamp.
func Timestamp(t time.Time) string { return t.UTC().Format(TimestampFormat) }

// Sign returns the X-Signature of an event: Base64Url without padding of
// HMAC-SHA256(secret, body + targetURL + idempotencyKey + timestamp).
func Sign(secret []byte, body []byte, targetURL, idempotencyKey, timestamp string) string {
	s := getSigner(secret)
	sum := s.mac(body, targetURL, idempotencyKey, timestamp)
	var out [signatureLen]byte
	sigEncoding.Encode(out[:], sum[:])
	putSigner(s)
	return string(out[:])
}

// Verify reports whether signature is the signature of the event, in
// constant time. It accepts Base64Url with or without padding.
func Verify(secret []byte, body []byte, targetURL, idempotencyKey, timestamp, signature string) bool {
	switch {
	case len(signature) == signatureLen:
	case len(signature) == signatureLen+1 && signature[signatureLen] == '=':
		// One "=" pads 43 characters to a multiple of four.
		signature = signature[:signatureLen]
	default:
		return false
	}
	var raw [signatureLen]byte
	copy(raw[:], signature)
	var got [sha256.Size]byte
	if n, err := sigEncoding.Decode(got[:], raw[:]); err != nil || n != sha256.Size {
		return false
	}
	s := getSigner(secret)
	want := s.mac(body, targetURL, idempotencyKey, timestamp)
	putSigner(s)
	return hmac.Equal(got[:], want[:])
}

// A signer is an HMAC-SHA256 keyed with one secret, with scratch space.
// Signers are pooled, so that signing or verifying again with the same
// secret neither allocates nor hashes the key again: a receiver has one
// secret, and a sender usually sends several events to one connection.
type signer struct {
	key []byte // a copy of the secret the HMAC is keyed with
	h   hash.Hash
	buf []byte // the signed strings, concatenated
	sum [sha256.Size]byte
}

var signers sync.Pool

// maxSignerBuf is the largest scratch buffer a pooled signer keeps.
const maxSignerBuf = 4 << 10

// getSigner returns a signer keyed with secret, in its initial keyed
// state.
func getSigner(secret []byte) *signer {
	s, _ := signers.Get().(*signer)
	if s != nil && len(s.key) == len(secret) && subtle.ConstantTimeCompare(s.key, secret) == 1 {
		s.h.Reset()
		return s
	}
	if s == nil {
		s = new(signer)
	}
	s.key = append(s.key[:0], secret...)
	s.h = hmac.New(sha256.New, s.key)
	return s
}

func putSigner(s *signer) {
	if cap(s.buf) > maxSignerBuf {
		s.buf = nil
	}
	signers.Put(s)
}

// mac returns the HMAC of the signed byte sequence.
func (s *signer) mac(body []byte, targetURL, idempotencyKey, timestamp string) [sha256.Size]byte {
	s.h.Write(body)
	s.buf = append(append(append(s.buf[:0], targetURL...), idempotencyKey...), timestamp...)
	s.h.Write(s.buf)
	s.h.Sum(s.sum[:0])
	return s.sum
}

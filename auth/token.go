package auth

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"time"
)

// Layout of a token's payload (see the package documentation).
const (
	tokenVersion = 1
	offKid       = 1
	offIssued    = offKid + kidLen
	offExpires   = offIssued + 8
	offGen       = offExpires + 8
	offID        = offGen + 4
	idLen        = 12
	offStrings   = offID + idLen

	// maxToken bounds the length of a token that Verify reads.
	maxToken = 1024
	// maxPayload is the most payload bytes a token of maxToken bytes
	// can carry.
	maxPayload = maxToken * 3 / 4
	// headChars is the number of base64url characters that encode the
	// version and the key ID, whose 9 bytes make 12 characters exactly.
	headChars = offIssued / 3 * 4
	// macChars is the length of the signature in base64url.
	macChars = (sha256.Size*8 + 5) / 6
)

// Token is an access token with the time it expires.
type Token struct {
	AccessToken string
	ExpiresAt   time.Time
}

// ExpiresIn returns the whole seconds left before t expires at now: 0 if
// it has expired, and at least 1 if not. It is never more than the
// token's lifetime (its expiry less its issue time, which the token
// carries): a cached token that another process issued by a clock ahead
// of now's would otherwise be announced with more life than it was ever
// given, and a client that keeps it that long would use it past its
// expiry at the processes whose clocks agree with the issuer's.
func (t Token) ExpiresIn(now time.Time) int64 {
	d := t.ExpiresAt.Sub(now)
	if d <= 0 {
		return 0
	}
	if h, ok := readHead(t.AccessToken); ok && h.expires >= h.issued {
		d = min(d, time.Duration(h.expires-h.issued)*time.Second)
	}
	return max(int64(d/time.Second), 1)
}

// head is what the bytes of a token before its ID say.
type head struct {
	issued, expires int64 // Unix seconds
	generation      uint32
}

// readHead returns what the bytes of token before its ID say, and false
// for a string too short to hold them or not in base64url. It checks
// nothing else: the caller has verified token, or only reads a bound of
// it.
func readHead(token string) (head, bool) {
	const chars = (offID + 2) / 3 * 4 // the characters that encode the bytes before the token ID
	var b [chars / 4 * 3]byte
	if len(token) < chars {
		return head{}, false
	}
	if n, ok := decode(b[:], token[:chars]); !ok || n < offID {
		return head{}, false
	}
	return head{
		issued:     int64(binary.BigEndian.Uint64(b[offIssued:])),
		expires:    int64(binary.BigEndian.Uint64(b[offExpires:])),
		generation: binary.BigEndian.Uint32(b[offGen:]),
	}, true
}

// generation returns the generation of its client's secret that token
// carries, and false for a string too short to hold one. It checks
// nothing else: the caller has verified token.
func generation(token string) (uint32, bool) {
	h, ok := readHead(token)
	return h.generation, ok
}

// Claims are what a verified token says: the tenant and client it was
// issued to, the audience it is for, the ID of the key that signed it,
// and when it was issued and expires (whole seconds, UTC).
type Claims struct {
	Tenant, Client, Audience, KeyID string
	IssuedAt, ExpiresAt             time.Time
}

// payload is the content of a token before it is signed.
type payload struct {
	kid        [kidLen]byte
	issued     int64 // Unix seconds
	expires    int64 // Unix seconds
	generation uint32
	tenant     string
	client     string
	audience   string
}

// encode returns the binary payload with a new random token ID.
func (p *payload) encode() []byte {
	b := make([]byte, offStrings, offStrings+3*binary.MaxVarintLen16+len(p.tenant)+len(p.client)+len(p.audience))
	b[0] = tokenVersion
	copy(b[offKid:], p.kid[:])
	binary.BigEndian.PutUint64(b[offIssued:], uint64(p.issued))
	binary.BigEndian.PutUint64(b[offExpires:], uint64(p.expires))
	binary.BigEndian.PutUint32(b[offGen:], p.generation)
	copy(b[offID:offStrings], randomBytes(idLen))
	b = appendLP(b, p.tenant)
	b = appendLP(b, p.client)
	return appendLP(b, p.audience)
}

// appendLP appends s length-prefixed: its length as a uvarint, then its
// bytes.
func appendLP(b []byte, s string) []byte {
	return append(binary.AppendUvarint(b, uint64(len(s))), s...)
}

// sign returns the token of p signed with k: base64url(p) "." base64url(mac).
func (k *signKey) sign(p []byte) string {
	st := k.pool.Get().(*macState)
	st.h.Reset()
	st.h.Write(p)
	sum := st.h.Sum(st.sum[:0])
	enc := base64.RawURLEncoding
	out := make([]byte, 0, enc.EncodedLen(len(p))+1+macChars)
	out = enc.AppendEncode(out, p)
	out = append(out, '.')
	out = enc.AppendEncode(out, sum)
	k.pool.Put(st)
	return string(out)
}

// encodeString returns b in base64url without padding.
func encodeString(b []byte) string {
	return base64.RawURLEncoding.EncodeToString(b)
}

// decode decodes src, base64url without padding, into dst and returns the
// number of bytes written. It fails on a character outside the alphabet,
// a length that no encoding has, a result longer than dst, and unused
// bits that are not zero (so that each byte string has one encoding and
// a token cannot be altered without altering what it decodes to). Unlike
// encoding/base64, it reads a string without copying it.
func decode(dst []byte, src string) (int, bool) {
	rem := len(src) % 4
	if rem == 1 {
		return 0, false
	}
	n := len(src)/4*3 + max(rem-1, 0)
	if n > len(dst) {
		return 0, false
	}
	j := 0
	i := 0
	for ; i+4 <= len(src); i += 4 {
		a, b, c, d := b64(src[i]), b64(src[i+1]), b64(src[i+2]), b64(src[i+3])
		if a|b|c|d > 63 {
			return 0, false
		}
		v := uint32(a)<<18 | uint32(b)<<12 | uint32(c)<<6 | uint32(d)
		dst[j], dst[j+1], dst[j+2] = byte(v>>16), byte(v>>8), byte(v)
		j += 3
	}
	switch rem {
	case 2:
		a, b := b64(src[i]), b64(src[i+1])
		if a|b > 63 || b&0x0f != 0 {
			return 0, false
		}
		dst[j] = a<<2 | b>>4
	case 3:
		a, b, c := b64(src[i]), b64(src[i+1]), b64(src[i+2])
		if a|b|c > 63 || c&0x03 != 0 {
			return 0, false
		}
		dst[j], dst[j+1] = a<<2|b>>4, b<<4|c>>2
	}
	return n, true
}

// b64 returns the value of a base64url character, or 0xff for a byte
// outside the alphabet.
func b64(c byte) byte {
	switch {
	case c >= 'A' && c <= 'Z':
		return c - 'A'
	case c >= 'a' && c <= 'z':
		return c - 'a' + 26
	case c >= '0' && c <= '9':
		return c - '0' + 52
	case c == '-':
		return 62
	case c == '_':
		return 63
	}
	return 0xff
}

// readLP reads a length-prefixed string off the front of b.
func readLP(b []byte) (s, rest []byte, ok bool) {
	n, k := binary.Uvarint(b)
	if k <= 0 || n > uint64(len(b)-k) {
		return nil, nil, false
	}
	return b[k : k+int(n)], b[k+int(n):], true
}

package einvoice

import (
	"net/http"
	"net/netip"
	"time"
)

// What the external tests of the package (package einvoice_test, which
// runs the service over a Badger store) need of its internals.

// Seal seals a secret as a connection's is sealed.
func Seal(k *SecretKey, secret string, aad []byte) SealedSecret { return seal(k, secret, aad) }

// Open opens a sealed secret.
func (s SealedSecret) Open(ks *SecretKeys, aad []byte) (string, error) { return s.open(ks, aad) }

// KeyID returns the ID of the key that sealed s, or "" in clear.
func (s SealedSecret) KeyID() string { return s.keyID }

// Backoff is the delay before the retry that follows attempt n.
func Backoff(minBackoff, maxBackoff time.Duration, n int) time.Duration {
	d := &dispatcher{s: &Service{cfg: Config{MinBackoff: minBackoff, MaxBackoff: maxBackoff}}}
	return d.backoff(n)
}

// RetryAfter reads a Retry-After header.
func RetryAfter(v string, now time.Time) time.Duration { return retryAfter(v, now) }

// MaxRetryAfter bounds how long a target's Retry-After may hold its
// queue.
const MaxRetryAfter = maxRetryAfter

// NewHTTPClient is the client that sends events.
func NewHTTPClient(timeout time.Duration, allowPrivate bool) *http.Client {
	return newHTTPClient(timeout, allowPrivate)
}

// ErrPrivateTarget is the error of a dial to an address that is not
// public.
var ErrPrivateTarget = errPrivateTarget

// PublicAddr reports whether events may go to a.
func PublicAddr(a netip.Addr) bool { return publicAddr(a) }

// MaxDirName bounds the names ReceiverDir makes.
const MaxDirName = maxDirName

// TargetHost says what a target URL's host is: "ip" for an IP address
// in its usual form, "name", "invalid" for a host that ends in a number
// but is no address, or the address that resolvers read a short, octal
// or hexadecimal IPv4 address as.
func TargetHost(host string) string {
	a, form := targetHost(host)
	switch form {
	case hostIP:
		return "ip"
	case hostName:
		return "name"
	case hostInvalid:
		return "invalid"
	}
	return a.String()
}

// MaxEventText is the most bytes of each text of a document that an
// event carries.
const MaxEventText = maxEventText

// Lanes returns the number of running lanes of the dispatcher.
func (s *Service) Lanes() int {
	if s.disp == nil {
		return 0
	}
	s.disp.mu.Lock()
	defer s.disp.mu.Unlock()
	return len(s.disp.lanes)
}

// PageOf makes a page of the dead-letter list of evs, in key order, as
// listed by a store asked for fetch of them.
func PageOf(evs []OutboxEvent, limit, fetch int) DeadLetterPage { return pageOf(evs, limit, fetch) }

// ParseCursor reads the cursor of a page.
func ParseCursor(v string) (DeadLetterKey, error) { return parseCursor(v) }

// FetchFor is how many dead letters a page of limit reads from the store.
func FetchFor(limit int) int { return fetchFor(limit) }

// SetCountsMaxAge sets how long the gauges of the store's counts serve
// the counts they read last.
func (s *Service) SetCountsMaxAge(d time.Duration) {
	c := s.metrics.counts
	c.mu.Lock()
	defer c.mu.Unlock()
	c.maxAge = d
}

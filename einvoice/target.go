package einvoice

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// newHTTPClient returns the client that sends events: it does not follow
// redirects, gives an attempt timeout, and unless allowPrivate refuses to
// connect to an address that is not public and uses no proxy.
func newHTTPClient(timeout time.Duration, allowPrivate bool) *http.Client {
	dialer := &net.Dialer{Timeout: timeout, KeepAlive: 30 * time.Second}
	tr := &http.Transport{
		Proxy:                 http.ProxyFromEnvironment,
		ForceAttemptHTTP2:     true,
		MaxIdleConns:          100,
		IdleConnTimeout:       90 * time.Second,
		TLSHandshakeTimeout:   10 * time.Second,
		ExpectContinueTimeout: time.Second,
	}
	if !allowPrivate {
		dialer.Control = refusePrivate
		tr.Proxy = nil
	}
	tr.DialContext = dialer.DialContext
	return &http.Client{
		Timeout:   timeout,
		Transport: tr,
		// A redirect is an answer like any other non-2xx one: the
		// signature covers the configured URL, not another.
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

// errPrivateTarget is the error of a dial to an address that is not
// public.
var errPrivateTarget = errors.New("not a public address")

// refusePrivate is a net.Dialer's Control: it runs on the address about
// to be dialled, after DNS, and refuses one that is not public.
func refusePrivate(network, address string, _ syscall.RawConn) error {
	host, _, err := net.SplitHostPort(address)
	if err != nil {
		return fmt.Errorf("the target's address %s: %w", address, err)
	}
	a, err := netip.ParseAddr(host)
	if err != nil {
		return fmt.Errorf("the target's address %s: %w", address, err)
	}
	if !publicAddr(a) {
		return fmt.Errorf("the target resolves to %s, %w (this server sends events to public addresses only)", a, errPrivateTarget)
	}
	return nil
}

// reserved lists the ranges that publicAddr refuses beyond those the
// methods of netip.Addr name: this network, shared address space (CGNAT,
// where some clouds serve metadata), IETF protocol assignments,
// documentation and benchmarking ranges, the reserved 240/4 with the
// broadcast address, IPv6 discard-only, site-local and documentation
// ranges, Teredo, and the local-use NAT64 prefix.
var reserved = func() []netip.Prefix {
	var ps []netip.Prefix
	for _, s := range []string{
		"0.0.0.0/8", "100.64.0.0/10", "192.0.0.0/24", "192.0.2.0/24", "198.18.0.0/15",
		"198.51.100.0/24", "203.0.113.0/24", "240.0.0.0/4",
		"100::/64", "fec0::/10", "2001:db8::/32", "2001::/32", "64:ff9b:1::/48",
	} {
		ps = append(ps, netip.MustParsePrefix(s))
	}
	return ps
}()

// Prefixes of IPv6 addresses that embed an IPv4 address.
var (
	nat64     = netip.MustParsePrefix("64:ff9b::/96")
	sixToFour = netip.MustParsePrefix("2002::/16")
)

// publicAddr reports whether a is an address events may go to when
// private targets are not allowed: not loopback, private, link-local,
// multicast, unspecified or reserved (see reserved), and for an IPv6
// address that embeds an IPv4 one (mapped, NAT64, 6to4), not embedding
// such an address.
func publicAddr(a netip.Addr) bool {
	a = a.Unmap()
	if !a.IsValid() || a.IsLoopback() || a.IsPrivate() || a.IsLinkLocalUnicast() || a.IsLinkLocalMulticast() ||
		a.IsInterfaceLocalMulticast() || a.IsMulticast() || a.IsUnspecified() {
		return false
	}
	for _, p := range reserved {
		if p.Contains(a) {
			return false
		}
	}
	b := a.As16()
	switch {
	case nat64.Contains(a):
		return publicAddr(netip.AddrFrom4([4]byte(b[12:16])))
	case sixToFour.Contains(a):
		return publicAddr(netip.AddrFrom4([4]byte(b[2:6])))
	}
	return true
}

// redactURL returns the scheme and host of a URL, the part that may be
// logged or shown: a target's path and query may carry a secret.
func redactURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme == "" || u.Host == "" {
		return "(a URL)"
	}
	return u.Scheme + "://" + u.Host
}

// sendError describes the failure of a request to target without the
// target's path or query: an error of http.Client is a *url.Error that
// quotes the whole URL.
func sendError(err error, target string) string {
	msg := err.Error()
	var ue *url.Error
	if errors.As(err, &ue) {
		msg = ue.Op + " " + redactURL(ue.URL) + ": " + ue.Err.Error()
	}
	return redactIn(msg, target)
}

// redactIn replaces every copy of target in msg, and of its path and
// query, with its scheme and host.
func redactIn(msg, target string) string {
	if target == "" {
		return msg
	}
	short := redactURL(target)
	msg = strings.ReplaceAll(msg, target, short)
	if u, err := url.Parse(target); err == nil {
		for _, part := range []string{u.RawQuery, u.EscapedPath(), u.Path} {
			if len(part) > 1 {
				msg = strings.ReplaceAll(msg, part, "…")
			}
		}
	}
	return msg
}

// quotedURL matches a URL quoted by %q, as a *url.Error writes it.
var quotedURL = regexp.MustCompile(`"https?://(?:[^"\\]|\\.)*"`)

// RedactQuotedURLs replaces the quoted URLs of an error text, such as
// the text of a *url.Error, with their scheme and host. A store's upgrade
// redacts with it the errors that a Levy which kept them whole stored.
func RedactQuotedURLs(msg string) string {
	return quotedURL.ReplaceAllStringFunc(msg, func(q string) string {
		raw, err := strconv.Unquote(q)
		if err != nil {
			return `"(a URL)"`
		}
		return redactURL(raw)
	})
}

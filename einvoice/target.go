package einvoice

import (
	"context"
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

// maxResponseHeaderBytes bounds the headers of a target's answer, which
// the sender reads whole (Go's transport allows 10 MB by default): a
// receiver answers with a status and a few headers, and a tenant's
// targets should not make the server hold megabytes per attempt.
const maxResponseHeaderBytes = 64 << 10

// newHTTPClient returns the client that sends events: it does not follow
// redirects, gives an attempt timeout, reads at most
// maxResponseHeaderBytes of an answer's headers, and unless allowPrivate
// refuses to connect to an address that is not public and uses no proxy.
func newHTTPClient(timeout time.Duration, allowPrivate bool) *http.Client {
	dialer := &net.Dialer{Timeout: timeout, KeepAlive: 30 * time.Second}
	tr := &http.Transport{
		Proxy:                  http.ProxyFromEnvironment,
		ForceAttemptHTTP2:      true,
		MaxIdleConns:           100,
		IdleConnTimeout:        90 * time.Second,
		TLSHandshakeTimeout:    10 * time.Second,
		ExpectContinueTimeout:  time.Second,
		MaxResponseHeaderBytes: maxResponseHeaderBytes,
	}
	if !allowPrivate {
		dialer.Control = refusePrivate
		tr.Proxy = nil
	}
	tr.DialContext = func(ctx context.Context, network, address string) (net.Conn, error) {
		// A host that resolvers read as an IPv4 address (0, 127.1,
		// 0x7f.1) is dialled as that address, whichever resolver runs,
		// so that refusePrivate sees it; such hosts are refused when a
		// connection is made, but one stored before may have one.
		if host, port, err := net.SplitHostPort(address); err == nil {
			switch a, form := targetHost(host); form {
			case hostShort:
				address = net.JoinHostPort(a.String(), port)
			case hostInvalid:
				return nil, fmt.Errorf("the target's host %q ends in a number but is not an IPv4 address", host)
			}
		}
		return dialer.DialContext(ctx, network, address)
	}
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
// broadcast address, the deprecated IPv4-compatible (::a.b.c.d) and
// IPv4-translated (::ffff:0:a.b.c.d) IPv6 forms, IPv6 discard-only,
// site-local and documentation ranges, Teredo, and the local-use NAT64
// prefix.
var reserved = func() []netip.Prefix {
	var ps []netip.Prefix
	for _, s := range []string{
		"0.0.0.0/8", "100.64.0.0/10", "192.0.0.0/24", "192.0.2.0/24", "198.18.0.0/15",
		"198.51.100.0/24", "203.0.113.0/24", "240.0.0.0/4",
		"::/96", "::ffff:0:0:0/96",
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
// such an address. A zone (fe80::1%eth0) is ignored: netip.Prefix
// matches no address with one.
func publicAddr(a netip.Addr) bool {
	a = a.Unmap().WithZone("")
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

// hostForm is what a target URL's host is.
type hostForm uint8

const (
	hostName    hostForm = iota // a DNS name, checked when it is dialled
	hostIP                      // an IP address in its usual form
	hostShort                   // an IPv4 address written short, in octal or in hexadecimal, or with trailing dots
	hostInvalid                 // ends in a number, yet no IPv4 address
)

// targetHost reads the host of a target URL (without brackets, as
// url.URL.Hostname gives it) as the resolvers that may dial it would:
// an IPv6 literal or a dotted-decimal IPv4 address is hostIP; a host
// whose last label (trailing dots ignored) is a number, as the WHATWG URL
// standard has it, is an IPv4 address in the forms of inet_aton, which
// the C library's resolver reads (0 is 0.0.0.0, 127.1 is 127.0.0.1,
// 0x7f.1, 017700000001 and 2130706433 are too), and is hostShort, or
// hostInvalid when it is no address (1.2.3.4.5); anything else is a name.
// The address is returned for hostIP and hostShort.
func targetHost(host string) (netip.Addr, hostForm) {
	if a, err := netip.ParseAddr(host); err == nil {
		return a, hostIP
	}
	name := strings.TrimRight(host, ".")
	labels := strings.Split(name, ".")
	if name == "" || !numericLabel(labels[len(labels)-1]) {
		return netip.Addr{}, hostName
	}
	if a, ok := inetAton(labels); ok {
		return a, hostShort
	}
	return netip.Addr{}, hostInvalid
}

// numericLabel reports whether a label of a host is a number: decimal
// digits, or 0x and hexadecimal digits.
func numericLabel(l string) bool {
	if len(l) >= 2 && l[0] == '0' && (l[1] == 'x' || l[1] == 'X') {
		return strings.Trim(l[2:], "0123456789abcdefABCDEF") == ""
	}
	return l != "" && strings.Trim(l, "0123456789") == ""
}

// inetAton reads the labels of a host as inet_aton reads an IPv4
// address: one to four numbers, each decimal, octal (a leading 0) or
// hexadecimal (0x); the last fills the bytes the others leave (127.1 is
// 127.0.0.1, 2130706433 is 127.0.0.1).
func inetAton(labels []string) (netip.Addr, bool) {
	if len(labels) > 4 {
		return netip.Addr{}, false
	}
	var b [4]byte
	for i, l := range labels {
		base, digits := 10, l
		switch {
		case len(l) >= 2 && l[0] == '0' && (l[1] == 'x' || l[1] == 'X'):
			base, digits = 16, l[2:]
			if digits == "" {
				digits = "0"
			}
		case len(l) > 1 && l[0] == '0':
			base, digits = 8, l[1:]
		}
		last := i == len(labels)-1
		bits := 8
		if last {
			bits = 8 * (4 - i)
		}
		v, err := strconv.ParseUint(digits, base, bits)
		if err != nil {
			return netip.Addr{}, false
		}
		if !last {
			b[i] = byte(v)
			continue
		}
		for j := 3; j >= i; j-- {
			b[j] = byte(v)
			v >>= 8
		}
	}
	return netip.AddrFrom4(b), true
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

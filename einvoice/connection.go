package einvoice

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/levytax/levy"
	"github.com/levytax/levy/einvoice/webhook"
)

// MaxConnections is the most webhook connections a tenant may have.
const MaxConnections = 20

// maxTargetURL bounds the length of a target URL.
const maxTargetURL = 2048

// NewConnection is the body that creates a webhook connection.
type NewConnection struct {
	TargetURL string `json:"targetUrl"`
	// SecretKey keys the signatures: at least 32 bytes. It is never
	// returned, listed or logged.
	SecretKey       string `json:"secretKey"`
	Events          Events `json:"events"`
	IncludeMetadata bool   `json:"includeMetadata,omitempty"`
}

// NewSecret is the body that replaces the secret of a webhook connection
// (Service.ReplaceSecret).
type NewSecret struct {
	// SecretKey is the connection's new secret, checked as
	// NewConnection.SecretKey is: at least 32 bytes. It is never
	// returned, listed or logged.
	SecretKey string `json:"secretKey"`
}

// Connection is a webhook connection as Levy shows it: everything but the
// secret.
type Connection struct {
	WebhookID       string    `json:"webhookId"`
	TenantID        string    `json:"tenantId"`
	TargetURL       string    `json:"targetUrl"`
	Events          Events    `json:"events"`
	IncludeMetadata bool      `json:"includeMetadata"`
	CreatedAt       time.Time `json:"createdAt"`
}

// connection is a webhook connection with its secret in clear, as the
// dispatcher signs with it; it is never stored or shown.
type connection struct {
	Connection
	secret string
}

// Events selects the statuses a connection receives events for: every
// status of documents (All; on the wire the string "all"), a list of
// status names, or both (a list that names "all" besides others). The
// events of certificates (webhook.EventCertificateExpiring) are sent
// only to a connection whose list names them: "all" is the statuses of
// documents, so that a receiver written for those before Levy sent
// anything else is not sent events it would refuse.
type Events struct {
	All      bool
	Statuses []string
	// at holds, for a list read from JSON, the index in the list as sent
	// of each of Statuses, so that an error names the item the client
	// sent ("all" and the items that are not strings take places in the
	// list but not in Statuses).
	at []int
	// notText lists the items of a list read from JSON that are not
	// strings, which check refuses by their index.
	notText []listItem
}

// listItem is an item of a JSON list of statuses that is not a string:
// its index in the list and what it is instead (jsonKind).
type listItem struct {
	at   int
	kind string
}

// AllEvents selects every status of documents.
var AllEvents = Events{All: true}

// Has reports whether e selects status.
func (e Events) Has(status string) bool {
	if slices.Contains(e.Statuses, status) {
		return true
	}
	return e.All && slices.Contains(webhook.Statuses, status)
}

// MarshalJSON writes "all", the list of statuses, or, when e selects
// both, the list with "all" first.
func (e Events) MarshalJSON() ([]byte, error) {
	if e.All && len(e.Statuses) == 0 {
		return []byte(`"all"`), nil
	}
	list := []string{}
	if e.All {
		list = append(list, "all")
	}
	return json.Marshal(append(list, e.Statuses...))
}

// UnmarshalJSON reads "all", or a list of statuses, where "all" selects
// every status of documents besides those listed (["all"] is "all"). It
// does not check the items of a list: NewConnection.check refuses each
// one that is not a string or not a status, by its index in the list.
func (e *Events) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		if !strings.EqualFold(s, "all") {
			return fmt.Errorf(`events must be "all" or a list of statuses, not %q`, s)
		}
		*e = AllEvents
		return nil
	}
	var list []json.RawMessage
	if err := json.Unmarshal(b, &list); err != nil {
		return fmt.Errorf(`events must be "all" or a list of statuses`)
	}
	*e = Events{}
	for i, raw := range list {
		var s string
		if len(raw) == 0 || raw[0] != '"' || json.Unmarshal(raw, &s) != nil {
			e.notText = append(e.notText, listItem{at: i, kind: jsonKind(raw)})
			continue
		}
		if strings.EqualFold(s, "all") && !e.All {
			e.All = true
			continue
		}
		e.Statuses = append(e.Statuses, s)
		e.at = append(e.at, i)
	}
	if len(e.at) == len(list) {
		e.at = nil // every item a status, each in its place
	}
	return nil
}

// jsonKind describes a JSON value that is not a string, for an error
// message.
func jsonKind(raw json.RawMessage) string {
	switch raw = bytes.TrimSpace(raw); {
	case len(raw) == 0:
		return "another value"
	case raw[0] == '{':
		return "an object"
	case raw[0] == '[':
		return "a list"
	case raw[0] == 't' || raw[0] == 'f':
		return "true or false"
	case raw[0] == 'n':
		return "empty"
	}
	return "a number"
}

// check validates a new connection; allowHTTP lets the target be plain
// http on any host, not only on loopback, and allowPrivate lets it be an
// address that is not public. Every problem is returned, each naming its
// field.
func (nc *NewConnection) check(allowHTTP, allowPrivate bool) error {
	var errs levy.Errors
	if err := checkTarget(nc.TargetURL, allowHTTP, allowPrivate); err != nil {
		errs = append(errs, err)
	}
	if err := checkSecret(nc.SecretKey); err != nil {
		errs = append(errs, err)
	}
	if !nc.Events.All && len(nc.Events.Statuses) == 0 && len(nc.Events.notText) == 0 {
		errs = append(errs, levy.Invalid("events", `events is required: "all" or a list of statuses (%s)`, strings.Join(eventNames(), ", ")))
	}
	for _, it := range nc.Events.notText {
		errs = append(errs, levy.Invalid(fmt.Sprintf("events[%d]", it.at), "must be a status, as a JSON string, not %s; the statuses are %s", it.kind, strings.Join(eventNames(), ", ")))
	}
	seen := map[string]bool{}
	for i, s := range nc.Events.Statuses {
		at := i // the index in the list as sent
		if len(nc.Events.at) == len(nc.Events.Statuses) {
			at = nc.Events.at[i]
		}
		canon := canonicalStatus(s)
		if canon == "" {
			errs = append(errs, levy.Invalid(fmt.Sprintf("events[%d]", at), "%q is not a status; the statuses are %s", s, strings.Join(eventNames(), ", ")))
			continue
		}
		if seen[canon] {
			errs = append(errs, levy.Invalid(fmt.Sprintf("events[%d]", at), "%q is listed twice", s))
		}
		seen[canon] = true
		nc.Events.Statuses[i] = canon
	}
	nc.Events.at, nc.Events.notText = nil, nil
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// maxSecretBytes is the longest secret a connection may have.
const maxSecretBytes = 512

// checkSecret validates the secret of a connection, new or replacing
// another: UTF-8 text (the signature is keyed with its UTF-8 bytes) of
// at least webhook.MinSecretBytes bytes and at most maxSecretBytes, with
// no white space at either end. Its error names the member secretKey.
func checkSecret(secret string) *levy.Error {
	if !utf8.ValidString(secret) {
		return levy.Invalid("secretKey", "the secret must be UTF-8 text: events are signed with its UTF-8 bytes")
	}
	// Many receivers trim the secret they are configured with, and would
	// then refuse every signature; white space within a secret is its own.
	if strings.TrimSpace(secret) != secret {
		return levy.Invalid("secretKey", "the secret begins or ends with white space, which a receiver that trims its configured secret would drop, refusing every signature; send it without")
	}
	if len(secret) < webhook.MinSecretBytes {
		return levy.Invalid("secretKey", "the secret must be at least %d bytes; it has %d", webhook.MinSecretBytes, len(secret))
	}
	if len(secret) > maxSecretBytes {
		return levy.Invalid("secretKey", "the secret may have at most %d bytes", maxSecretBytes)
	}
	return nil
}

// eventNames are the statuses a connection may select: those of
// documents, the certificates' expiry notices and the changes of
// economic-nexus statuses.
func eventNames() []string {
	return append(slices.Clone(webhook.Statuses), webhook.EventCertificateExpiring, webhook.EventNexusStatusChanged)
}

// canonicalStatus returns the status named s, in any case, or "".
func canonicalStatus(s string) string {
	for _, st := range eventNames() {
		if strings.EqualFold(s, st) {
			return st
		}
	}
	return ""
}

// checkTarget validates a target URL: UTF-8 text without white space,
// absolute, https (or plain http to a loopback host, or to any host when
// allowHTTP), without credentials or a fragment, with a port from 1 to
// 65535 if it names one, and with a host that is a name or an IP address
// in its usual form (see targetHost: an IPv4 address written short, in
// octal or in hexadecimal, such as 0, 127.1 or 0x7f.0.0.1, is refused,
// since resolvers read it as an address and Go's own resolver does not).
// Unless allowPrivate, a host that is an IP address, or that a resolver
// reads as one, must be public (see publicAddr), and localhost is
// refused, with or without trailing dots; a name is checked when it is
// dialled, after DNS. The host is checked as it is dialled (see
// dialledHost): one written in fullwidth or other compatibility
// characters is the ASCII host the HTTP client maps it to, and an IP
// address so written is refused as one in a short form is.
func checkTarget(target string, allowHTTP, allowPrivate bool) *levy.Error {
	if target == "" {
		return levy.Invalid("targetUrl", "the target URL is required")
	}
	if len(target) > maxTargetURL {
		return levy.Invalid("targetUrl", "the target URL may have at most %d characters", maxTargetURL)
	}
	if !utf8.ValidString(target) {
		return levy.Invalid("targetUrl", "the target URL must be UTF-8 text")
	}
	// The signature covers the URL as configured, while a space in it is
	// sent as %20: a URL with a space (one pasted with a trailing blank)
	// would be signed as the receiver does not know it. A URL has none.
	if i := strings.IndexFunc(target, unicode.IsSpace); i >= 0 {
		return levy.Invalid("targetUrl", "the target URL may not contain a space (at byte %d); remove it, or write it as %%20 in a path", i)
	}
	u, err := url.Parse(target)
	if err != nil || !u.IsAbs() || u.Host == "" || u.Opaque != "" {
		return levy.Invalid("targetUrl", "the target URL is not an absolute URL with a host")
	}
	if u.User != nil {
		return levy.Invalid("targetUrl", "the target URL may not carry a user name or password")
	}
	if u.Fragment != "" || strings.Contains(target, "#") {
		return levy.Invalid("targetUrl", "the target URL may not have a fragment")
	}
	if p := u.Port(); p != "" {
		if n, err := strconv.Atoi(p); err != nil || n < 1 || n > 65535 {
			return levy.Invalid("targetUrl", "the port of the target URL must be a number from 1 to 65535, not %q", p)
		}
	}
	// The host is checked as the sender dials it: written in fullwidth
	// or other compatibility characters (１２７.０.０.１, ｌｏｃａｌｈｏｓｔ), it
	// is the ASCII host that the HTTP client maps it to.
	written := u.Hostname()
	host := dialledHost(written)
	addr, form := targetHost(host)
	if host != written && form == hostIP {
		form = hostShort // an IP address written otherwise than in its usual form
	}
	if form == hostInvalid {
		return levy.Invalid("targetUrl", "the host %q of the target URL ends in a number but is not an IPv4 address", written)
	}
	if !allowPrivate {
		name := strings.TrimRight(host, ".")
		if name == "localhost" || strings.HasSuffix(name, ".localhost") {
			return levy.Invalid("targetUrl", "the target URL may not be localhost; this server sends events to public addresses only")
		}
		if form != hostName && !publicAddr(addr) {
			if form == hostShort {
				return levy.Invalid("targetUrl", "the target URL may not be %s, which resolvers read as %s, not a public address; this server sends events to public addresses only", written, addr)
			}
			return levy.Invalid("targetUrl", "the target URL may not be %s, which is not a public address; this server sends events to public addresses only", written)
		}
	}
	if form == hostShort {
		return levy.Invalid("targetUrl", "the host %q of the target URL is an IP address written in a short, octal, hexadecimal or compatibility form, which resolvers read differently; write it as %s", written, addr)
	}
	switch u.Scheme {
	case "https":
		return nil
	case "http":
		if allowHTTP || loopback(host) {
			return nil
		}
		return levy.Invalid("targetUrl", "the target URL must use https; plain http is allowed only to a loopback address")
	}
	return levy.Invalid("targetUrl", "the target URL must use https, not %q", u.Scheme)
}

// dialledHost returns a target's host as the HTTP client that sends the
// events dials it, for the checks of checkTarget: an ASCII host in lower
// case as it is; one with other characters in compatibility form NFKC,
// in lower case, with ideographic full stops as dots, as IDNA maps a
// host before it is looked up (so that １２７.０.０.１ is 127.0.0.1 and
// ｌｏｃａｌｈｏｓｔ is localhost). A name in another script stays one.
func dialledHost(host string) string {
	ascii := true
	for i := 0; i < len(host); i++ {
		ascii = ascii && host[i] < utf8.RuneSelf
	}
	if !ascii {
		host = strings.ReplaceAll(norm.NFKC.String(host), "\u3002", ".")
	}
	return strings.ToLower(host)
}

// loopback reports whether host is localhost or a loopback IP address.
func loopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

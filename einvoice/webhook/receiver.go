package webhook

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/levytax/levy/internal/httpbody"
)

// Defaults of a Receiver.
const (
	// DefaultWindow is how far X-Event-Timestamp may be from the
	// receiver's clock, in the past or the future.
	DefaultWindow = 5 * time.Minute
	// DefaultMaxBody is the largest body a receiver reads, in bytes.
	DefaultMaxBody = 1 << 20
	// DefaultMaxKeys is how many idempotency keys a receiver remembers at
	// most. At about 200 bytes a key that is some 20 MB; beyond it the
	// oldest keys are forgotten before their time.
	DefaultMaxKeys = 100_000
)

// Receiver is an http.Handler that accepts the signed events of a webhook
// connection. A customer mounts it at the target URL of the connection
// and gives it the connection's secret; it calls a handle function once
// per accepted event.
//
// A request is checked in this order, and the first failing check
// answers:
//
//   - the method is POST, else 405 with Allow: POST;
//   - the body is read whole, up to the maximum body (WithMaxBody), else
//     413; the signature covers these raw bytes, so nothing is decoded
//     before it is checked;
//   - X-Signature is present and shaped like a signature (43 Base64Url
//     characters, or 44 with one "="), X-Event-Timestamp is present and
//     written exactly in TimestampFormat, and Idempotency-Key is present
//     and a GUID (8-4-4-4-12 hexadecimal digits, either case), each once,
//     else 400;
//   - the signature is that of the body, the target URL given to
//     NewReceiver, the key and the timestamp (Verify), else 401;
//   - the timestamp is within the window (WithWindow) of the receiver's
//     clock, in the past or in the future, else 401: a signature is only
//     good for so long, so a request captured and sent again later is
//     refused like a forged one;
//   - the body is a JSON object that decodes into an Event whose
//     documentId is not empty and whose status is one of Statuses, or
//     whose status is EventCertificateExpiring and whose certificate has
//     its number, customerCode and expirationDate, or whose status is
//     EventNexusStatusChanged and whose nexus change has its state,
//     status and asOf, else 400. Keys may be
//     camelCase or PascalCase; unknown keys are ignored.
//
// An event that passes is handled by its Idempotency-Key. The first
// delivery of a key calls handle and answers 204 No Content when handle
// returns nil. When handle returns an error, the answer is 500 and the
// key is forgotten, so that the sender's retry is handled again; the
// error itself is neither sent nor logged, so handle reports it as it
// sees fit. A later delivery of a key that was handled answers 204
// without calling handle, and one that arrives while the first is being
// handled waits for it and answers as it did (or 503, should its own
// request end first).
//
// Keys are remembered for twice the window after they were accepted:
// the timestamp of a request accepted now expires at the latest one
// window from now, so a copy of it is refused by its key until then and
// by its timestamp after that. At most DefaultMaxKeys keys are kept (see
// WithMaxKeys); beyond that the oldest are forgotten early, with a
// warning in the log. Retries the sender makes after the keys of their
// event were forgotten call handle again, so handle should tolerate an
// event it has seen, by its documentId and status.
//
// Answers other than 204 carry a JSON body {"error": "..."} that names
// the problem. The log records identifiers only: the idempotency key,
// tenantId, documentId and status of the event, never its body, its
// signature or the secret.
//
// A Receiver is safe for concurrent use; handle is called concurrently
// for events of different keys.
type Receiver struct {
	secret []byte
	// previous is the secret the connection had before its secret was
	// replaced (WithPreviousSecret), nil when none.
	previous []byte
	target   string
	handle   func(ctx context.Context, ev Event, raw []byte) error
	window   time.Duration
	now      func() time.Time
	log      *slog.Logger
	maxBody  int64
	maxKeys  int
	seen     *seen
	waiting  func() // tells tests a delivery waits for the first of its key; nil otherwise
}

// A ReceiverOption configures a Receiver.
type ReceiverOption func(*Receiver)

// WithWindow sets how far X-Event-Timestamp may be from the receiver's
// clock, in either direction (default DefaultWindow).
func WithWindow(d time.Duration) ReceiverOption { return func(r *Receiver) { r.window = d } }

// WithClock sets the receiver's clock (default time.Now).
func WithClock(now func() time.Time) ReceiverOption { return func(r *Receiver) { r.now = now } }

// WithLogger sets the logger of accepted and refused events (default
// slog.Default()).
func WithLogger(l *slog.Logger) ReceiverOption { return func(r *Receiver) { r.log = l } }

// WithMaxBody sets the largest body the receiver reads, in bytes
// (default DefaultMaxBody); a larger one is answered 413.
func WithMaxBody(n int64) ReceiverOption { return func(r *Receiver) { r.maxBody = n } }

// WithMaxKeys sets how many idempotency keys the receiver remembers at
// most (default DefaultMaxKeys).
func WithMaxKeys(n int) ReceiverOption { return func(r *Receiver) { r.maxKeys = n } }

// WithPreviousSecret makes the receiver accept events signed with the
// connection's previous secret too, for the time a secret is replaced
// (POST /einvoicing/v1/webhooks/{webhookId}/secret): a delivery that
// began before the replacement was signed with the old one. Such an event
// is logged at INFO as signed with the previous secret, so that the
// operator sees when the last one came and can drop the option.
func WithPreviousSecret(secret []byte) ReceiverOption {
	return func(r *Receiver) { r.previous = bytes.Clone(secret) }
}

// NewReceiver returns a Receiver of the events of the connection with the
// secret and the target URL, written exactly as the connection is
// configured (the signature covers it). It calls handle with each
// accepted event and its raw body. The secret is copied.
func NewReceiver(secret []byte, targetURL string, handle func(ctx context.Context, ev Event, raw []byte) error, opts ...ReceiverOption) (*Receiver, error) {
	if len(secret) < MinSecretBytes {
		return nil, fmt.Errorf("webhook: the secret has %d bytes; it needs at least %d", len(secret), MinSecretBytes)
	}
	if targetURL == "" {
		return nil, errors.New("webhook: no target URL")
	}
	if handle == nil {
		return nil, errors.New("webhook: no handle function")
	}
	r := &Receiver{
		secret: bytes.Clone(secret), target: targetURL, handle: handle,
		window: DefaultWindow, now: time.Now, log: slog.Default(), maxBody: DefaultMaxBody, maxKeys: DefaultMaxKeys,
	}
	for _, o := range opts {
		o(r)
	}
	switch {
	case r.window <= 0:
		return nil, fmt.Errorf("webhook: window %v is not positive", r.window)
	case r.now == nil:
		return nil, errors.New("webhook: no clock")
	case r.log == nil:
		return nil, errors.New("webhook: no logger")
	case r.maxBody <= 0:
		return nil, fmt.Errorf("webhook: maximum body %d is not positive", r.maxBody)
	case r.maxKeys <= 0:
		return nil, fmt.Errorf("webhook: maximum keys %d is not positive", r.maxKeys)
	case r.previous != nil && len(r.previous) < MinSecretBytes:
		return nil, fmt.Errorf("webhook: the previous secret has %d bytes; it needs at least %d", len(r.previous), MinSecretBytes)
	}
	r.seen = newSeen(2*r.window, r.maxKeys)
	return r, nil
}

// ServeHTTP accepts or refuses one delivery of an event.
func (rc *Receiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		rc.refuse(w, http.StatusMethodNotAllowed, "events are delivered with POST", "")
		return
	}
	raw, err := readBody(w, r, rc.maxBody)
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			rc.refuse(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("the body is larger than %d bytes", rc.maxBody), "")
			return
		}
		// A body the sender broke, or that stalled past the server's
		// read timeout (408).
		status, problem, ok := httpbody.Classify(err)
		if !ok {
			status, problem = http.StatusBadRequest, "the body could not be read"
		}
		rc.refuse(w, status, problem, "")
		return
	}
	sig, ok := single(r.Header, HeaderSignature)
	if !ok || !signatureShaped(sig) {
		rc.refuse(w, http.StatusBadRequest, "missing or malformed "+HeaderSignature+" (Base64Url of an HMAC-SHA256)", "")
		return
	}
	ts, ok := single(r.Header, HeaderTimestamp)
	at, tsOK := parseTimestamp(ts)
	if !ok || !tsOK {
		rc.refuse(w, http.StatusBadRequest, "missing or malformed "+HeaderTimestamp+" (RFC 1123 in GMT, like "+TimestampFormat+")", "")
		return
	}
	key, ok := single(r.Header, HeaderIdempotencyKey)
	if !ok || !IsGUID(key) {
		rc.refuse(w, http.StatusBadRequest, "missing or malformed "+HeaderIdempotencyKey+" (a GUID)", "")
		return
	}
	if !Verify(rc.secret, raw, rc.target, key, ts, sig) {
		if rc.previous == nil || !Verify(rc.previous, raw, rc.target, key, ts, sig) {
			rc.refuse(w, http.StatusUnauthorized, "the signature does not match", key)
			return
		}
		rc.log.Info("webhook event signed with the previous secret", "idempotency_key", key)
	}
	now := rc.now()
	if at.Before(now.Add(-rc.window)) || at.After(now.Add(rc.window)) {
		rc.refuse(w, http.StatusUnauthorized, fmt.Sprintf("%s is more than %v away from the receiver's clock", HeaderTimestamp, rc.window), key)
		return
	}
	ev, problem := decodeEvent(raw)
	if problem != "" {
		rc.refuse(w, http.StatusBadRequest, problem, key)
		return
	}
	rc.deliver(w, r, now, key, ev, raw)
}

// deliver handles an authentic event once per idempotency key.
func (rc *Receiver) deliver(w http.ResponseWriter, r *http.Request, now time.Time, key string, ev Event, raw []byte) {
	ids := []any{slog.String("idempotencyKey", key), slog.String("tenantId", ev.TenantID),
		slog.String("documentId", ev.DocumentID), slog.String("status", ev.Status)}
	if c := ev.Certificate; c != nil {
		ids = append(ids, slog.String("customerCode", c.CustomerCode), slog.String("certificate", c.Number))
	}
	d, isNew, evicted := rc.seen.begin(key, now)
	if evicted > 0 {
		rc.log.Warn("webhook receiver forgot idempotency keys early: more events than it may remember",
			"forgotten", evicted, "maxKeys", rc.maxKeys)
	}
	if !isNew {
		if rc.waiting != nil {
			rc.waiting()
		}
		select {
		case <-d.done:
		case <-r.Context().Done():
			rc.refuse(w, http.StatusServiceUnavailable, "the first delivery of this event is still being handled", key)
			return
		}
		if !d.ok {
			rc.log.Warn("webhook event not handled: its first delivery failed", ids...)
			writeError(w, http.StatusInternalServerError, "the event could not be handled")
			return
		}
		rc.log.Info("webhook event already handled", ids...)
		w.WriteHeader(http.StatusNoContent)
		return
	}
	if err := rc.call(r.Context(), key, d, ev, raw); err != nil {
		rc.log.Error("webhook event not handled", ids...)
		writeError(w, http.StatusInternalServerError, "the event could not be handled")
		return
	}
	rc.log.Info("webhook event accepted", ids...)
	w.WriteHeader(http.StatusNoContent)
}

// call calls handle for a new delivery and records its outcome, also
// when handle panics (the panic goes on).
func (rc *Receiver) call(ctx context.Context, key string, d *delivery, ev Event, raw []byte) (err error) {
	returned := false
	defer func() {
		if !returned {
			rc.seen.finish(key, d, false)
		}
	}()
	err = rc.handle(ctx, ev, raw)
	returned = true
	rc.seen.finish(key, d, err == nil)
	return err
}

// refuse answers an error and logs it. key is the idempotency key once
// it is known to be a GUID, for the log.
func (rc *Receiver) refuse(w http.ResponseWriter, code int, problem, key string) {
	attrs := []any{slog.Int("code", code), slog.String("problem", problem)}
	if key != "" {
		attrs = append(attrs, slog.String("idempotencyKey", key))
	}
	rc.log.Warn("webhook event refused", attrs...)
	writeError(w, code, problem)
}

// writeError answers code with a JSON body naming the problem.
func writeError(w http.ResponseWriter, code int, problem string) {
	body, _ := json.Marshal(struct {
		Error string `json:"error"`
	}{problem})
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(code)
	_, _ = w.Write(append(body, '\n'))
}

// readBody reads the whole body, or fails with an *http.MaxBytesError
// when it is longer than max bytes.
func readBody(w http.ResponseWriter, r *http.Request, max int64) ([]byte, error) {
	if r.ContentLength > max {
		return nil, &http.MaxBytesError{Limit: max}
	}
	var buf bytes.Buffer
	if r.ContentLength > 0 {
		buf.Grow(int(r.ContentLength) + bytes.MinRead)
	}
	_, err := buf.ReadFrom(http.MaxBytesReader(w, httpbody.Mark(r.Body), max))
	return buf.Bytes(), err
}

// single returns the value of a header sent exactly once.
func single(h http.Header, name string) (string, bool) {
	vs := h.Values(name)
	if len(vs) != 1 || vs[0] == "" {
		return "", false
	}
	return vs[0], true
}

// signatureShaped reports whether s looks like a signature: 43 Base64Url
// characters, optionally padded with one "=". Verify decides whether it
// is the right one.
func signatureShaped(s string) bool {
	if len(s) == signatureLen+1 && s[signatureLen] == '=' {
		s = s[:signatureLen]
	}
	if len(s) != signatureLen {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// parseTimestamp parses a timestamp written exactly as Timestamp writes
// it: time.Parse alone would let through a weekday that does not match
// the date.
func parseTimestamp(s string) (time.Time, bool) {
	t, err := time.Parse(TimestampFormat, s)
	if err != nil || t.Format(TimestampFormat) != s {
		return time.Time{}, false
	}
	return t, true
}

// IsGUID reports whether s is a GUID, the form of an Idempotency-Key and
// of the IDs in an event: 8-4-4-4-12 hexadecimal digits, upper or lower
// case.
func IsGUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch i {
		case 8, 13, 18, 23:
			if c != '-' {
				return false
			}
		default:
			if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
				return false
			}
		}
	}
	return true
}

// decodeEvent decodes the body of an event, or names what is wrong with
// it.
func decodeEvent(raw []byte) (Event, string) {
	if t := bytes.TrimLeft(raw, " \t\r\n"); len(t) == 0 || t[0] != '{' {
		return Event{}, "the body is not a JSON object"
	}
	var ev Event
	if err := json.Unmarshal(raw, &ev); err != nil {
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) && typeErr.Field != "" {
			return Event{}, "the body has a member of the wrong type: " + typeErr.Field
		}
		return Event{}, "the body is not a JSON object of an event"
	}
	if ev.Status == EventNexusStatusChanged {
		if n := ev.Nexus; n == nil || n.State == "" || n.Status == "" || n.AsOf == "" {
			return Event{}, "the event of a nexus status has no nexus change with its state, status and asOf"
		}
		return ev, ""
	}
	if ev.Status == EventCertificateExpiring {
		if c := ev.Certificate; c == nil || c.Number == "" || c.CustomerCode == "" || c.ExpirationDate == "" {
			return Event{}, "the event of a certificate has no certificate with its number, customerCode and expirationDate"
		}
		return ev, ""
	}
	if ev.DocumentID == "" {
		return Event{}, "the event has no documentId"
	}
	switch ev.Status {
	case StatusPending, StatusInProgress, StatusCompleted, StatusProcessingIssue, StatusError:
	default:
		return Event{}, "the event has no status, or one that is not " + statusList
	}
	return ev, ""
}

// statusList names the statuses for an error message.
const statusList = StatusPending + ", " + StatusInProgress + ", " + StatusCompleted + ", " +
	StatusProcessingIssue + " or " + StatusError

package oauth

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/levytax/levy/api"
	"github.com/levytax/levy/auth"
	"github.com/levytax/levy/internal/clip"
	"github.com/levytax/levy/internal/httpbody"
	"github.com/levytax/levy/internal/jsonbody"
)

// DefaultAudience is the audience of the calculation and lookup API that
// existing clients of the wire format ask tokens for.
const DefaultAudience = "verx://migration-api"

// DefaultAdminAudience is the audience of a tenant's admin routes.
const DefaultAdminAudience = "levy://admin"

// DefaultOperatorAudience is the audience of the server's operator, who
// reaches every tenant and the signing keys. No route creates a
// credential of it: `levy clients create --operator` does, on the
// server's own storage.
const DefaultOperatorAudience = "levy://operator"

// maxForm bounds the body of a token request.
const maxForm = 16 << 10

// Handler serves the token endpoints and the admin routes, and checks the
// bearer tokens of the API. Build it with New. It is not changed after
// New, and is safe for concurrent use, as the routes it mounts are.
type Handler struct {
	iss       *auth.Issuer
	audiences []string
	readers   []string
	admin     string
	operator  string
	log       *slog.Logger
	now       func() time.Time
	proxies   []netip.Prefix
	delay     time.Duration
	delayed   chan struct{} // a slot per refusal being held
	// tenantCreds bounds the credentials that are not revoked that a
	// tenant's admin may create its tenant to have (0 for no bound).
	tenantCreds int
}

// DefaultTenantCredentials is how many credentials that are not revoked,
// and how many revoked ones whose tokens may not all have expired, a
// tenant may have for its admin to create another at POST
// /admin/v1/clients, unless WithTenantCredentials says otherwise.
const DefaultTenantCredentials = 100

// DefaultRefusalDelay is how long the token endpoints hold a throttled
// request before they refuse it, unless WithRefusalDelay says otherwise.
const DefaultRefusalDelay = time.Second

// maxDelayed bounds the refusals held at once; beyond, they are answered
// at once.
const maxDelayed = 512

// Option configures a Handler.
type Option func(*Handler)

// WithAudiences sets the audiences whose tokens the API accepts (default
// DefaultAudience).
func WithAudiences(aud ...string) Option { return func(h *Handler) { h.audiences = aud } }

// WithReaderAudiences sets audiences whose tokens the API and the web
// console accept read-only (api.RoleReader): they may read their
// tenant's data and change none of it. `levy serve` makes the console's
// audience one.
func WithReaderAudiences(aud ...string) Option { return func(h *Handler) { h.readers = aud } }

// WithAdminAudience sets the audience of a tenant's admin routes (default
// DefaultAdminAudience).
func WithAdminAudience(aud string) Option { return func(h *Handler) { h.admin = aud } }

// WithOperatorAudience sets the audience of the server's operator
// (default DefaultOperatorAudience).
func WithOperatorAudience(aud string) Option { return func(h *Handler) { h.operator = aud } }

// WithLogger sets the logger of credential changes.
func WithLogger(l *slog.Logger) Option { return func(h *Handler) { h.log = l } }

// WithTrustedProxies names the reverse proxies whose X-Forwarded-For
// header the token endpoints believe: the failed authentications are
// limited per source address (auth.Config.SourceFailures), which is the
// connection's remote address, or, when that is a trusted proxy, the
// nearest address in X-Forwarded-For that is not one. Without it, the
// header is ignored.
func WithTrustedProxies(p ...netip.Prefix) Option { return func(h *Handler) { h.proxies = p } }

// WithRefusalDelay sets how long the token endpoints hold a request
// refused by the throttling of failed authentications (429) or because
// too many wait for a hash (503) before they answer it: DefaultRefusalDelay
// by default, at most the refusal's Retry-After, 0 for none. A client that
// retries at once, as a flood does, then waits as long as a hash would
// have taken it, and its refusals cost no CPU. At most 512 refusals are
// held at once; beyond, they are answered at once.
func WithRefusalDelay(d time.Duration) Option { return func(h *Handler) { h.delay = d } }

// WithTenantCredentials sets how many credentials that are not revoked
// a tenant may have for its admin to create another (POST
// /admin/v1/clients): DefaultTenantCredentials by default, 0 for no
// limit. Beyond, the creation is refused with 409 naming the limit. A
// revoked credential does not count among those; it counts, as long as
// the store keeps it (one token lifetime and a minute after its
// revocation, auth.Issuer.PurgeRevoked), among as many revoked ones, so
// that creating and revoking in a loop keeps a bounded number of
// records. The operator's creations, for any tenant, are not bounded,
// nor are those of levy clients create.
func WithTenantCredentials(n int) Option { return func(h *Handler) { h.tenantCreds = max(n, 0) } }

// WithClock sets the clock of the expires_in answers (for tests).
func WithClock(now func() time.Time) Option { return func(h *Handler) { h.now = now } }

// New returns a Handler over iss.
func New(iss *auth.Issuer, opts ...Option) *Handler {
	h := &Handler{iss: iss, audiences: []string{DefaultAudience}, admin: DefaultAdminAudience,
		operator: DefaultOperatorAudience, log: slog.Default(), now: time.Now,
		delay: DefaultRefusalDelay, delayed: make(chan struct{}, maxDelayed), tenantCreds: DefaultTenantCredentials}
	for _, o := range opts {
		o(h)
	}
	return h
}

// tokenRequest is the parameters of a token request, as a form or as
// JSON. Only grant_type is always required (the caching endpoint
// defaults it): the client may authenticate with HTTP Basic instead, and
// a credential of one audience may leave it out.
type tokenRequest struct {
	GrantType    string `json:"grant_type"`
	ClientID     string `json:"client_id,omitempty"`
	ClientSecret string `json:"client_secret,omitempty"`
	Audience     string `json:"audience,omitempty"`
	// scheme is the scheme of the Authorization header in which the
	// client authenticated ("Basic" or "Bearer"), "" when it did so in
	// the body.
	scheme string
}

// SchemaName names the schema of a token request in the OpenAPI document.
func (tokenRequest) SchemaName() string { return "TokenRequest" }

// tokenAnswer is the answer of a token endpoint.
type tokenAnswer struct {
	AccessToken string `json:"access_token"`
	TokenType   string `json:"token_type"`
	ExpiresIn   int64  `json:"expires_in"`
}

// SchemaName names the schema of a token in the OpenAPI document.
func (tokenAnswer) SchemaName() string { return "Token" }

// errorBody is the body of a refusal of a token endpoint, in the form of
// RFC 6749 section 5.2.
type errorBody struct {
	Error       string `json:"error"`
	Description string `json:"error_description"`
}

// SchemaName names the schema of a refusal in the OpenAPI document.
func (errorBody) SchemaName() string { return "OAuthError" }

// oauthError is a refusal of the token endpoint.
type oauthError struct {
	status      int
	code        string
	description string
	scheme      string // the scheme of the client's Authorization header, to challenge a 401 with
	retryAfter  time.Duration
}

func (e *oauthError) Error() string { return e.code + ": " + e.description }

// refusals maps each code of an auth.Error to the HTTP status and the
// OAuth error code (RFC 6749 §5.2) of its answer: the only place where the
// refusals of package auth meet HTTP. Throttling, for which OAuth has no
// code, is an invalid_request with 429.
var refusals = map[string]struct {
	status int
	code   string
}{
	auth.CodeInvalidRequest:         {http.StatusBadRequest, auth.CodeInvalidRequest},
	auth.CodeInvalidClient:          {http.StatusUnauthorized, auth.CodeInvalidClient},
	auth.CodeUnauthorizedClient:     {http.StatusBadRequest, auth.CodeUnauthorizedClient},
	auth.CodeInvalidTarget:          {http.StatusBadRequest, auth.CodeInvalidTarget},
	auth.CodeTemporarilyUnavailable: {http.StatusServiceUnavailable, auth.CodeTemporarilyUnavailable},
	auth.CodeThrottled:              {http.StatusTooManyRequests, auth.CodeInvalidRequest},
}

// refusal returns the answer to the auth.Error e; a code missing from
// refusals, which is a fault of Levy, is answered 500.
func refusal(e *auth.Error, scheme string) *oauthError {
	r, ok := refusals[e.Code]
	if !ok {
		r.status, r.code = http.StatusInternalServerError, "server_error"
	}
	return &oauthError{status: r.status, code: r.code, description: e.Description, scheme: scheme, retryAfter: e.RetryAfter}
}

// fault returns the answer to an error of the issuer that is not a
// refusal: a store that cannot be read or written, or a fault. It has the
// status the API would give err, and the form of RFC 6749 §5.2, in which
// OAuth clients read every failure of a token endpoint: a store that is
// unavailable is temporarily_unavailable (503, Retry-After 1 second), a
// fault a server_error (500) that names the request ID and is logged as
// the request's fault.
func fault(r *http.Request, err error) *oauthError {
	status, items := api.ErrorItems(err)
	switch {
	case status == http.StatusServiceUnavailable:
		api.Unavailable(r, err)
		return &oauthError{status: status, code: api.OAuthCode(status), description: items[0].Message, retryAfter: time.Second}
	case status >= http.StatusInternalServerError:
		id := api.Fault(r, err)
		return &oauthError{status: http.StatusInternalServerError, code: api.OAuthCode(status),
			description: "the server failed to answer; quote request ID " + id + " when reporting it"}
	}
	return &oauthError{status: status, code: api.OAuthCode(status), description: items[0].Message}
}

func invalidRequest(format string) *oauthError {
	return &oauthError{status: http.StatusBadRequest, code: "invalid_request", description: format}
}

// parse reads a token request from the body (a form or JSON) and the
// Authorization header; bearerCredentials allows "Bearer
// base64(id:secret)" there.
func parse(r *http.Request, bearerCredentials bool) (tokenRequest, *oauthError) {
	var tr tokenRequest
	if name := inURL(r.URL.RawQuery); name != "" {
		d := "the parameter " + name + " is in the URL: the parameters of a token request go in the request body (RFC 6749 section 2.3.1)"
		if name == "client_secret" {
			d += "; replace this secret, which the URL may have left in the logs of proxies"
		}
		return tr, invalidRequest(d)
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, maxForm+1))
	if err != nil {
		// The client broke its body or stalled: 400, or 408 for the
		// read timeout, as every route of the API answers it.
		status, msg, ok := httpbody.Classify(err)
		if !ok {
			status, msg = http.StatusBadRequest, "the request body could not be read"
		}
		return tr, &oauthError{status: status, code: "invalid_request", description: msg}
	}
	if len(body) > maxForm {
		return tr, &oauthError{status: http.StatusRequestEntityTooLarge, code: "invalid_request", description: "the request body is larger than the limit of " + strconv.Itoa(maxForm) + " bytes of this route"}
	}
	if utf16Text(body) {
		return tr, invalidRequest("the body is UTF-16 text (PowerShell 5's Out-File writes it so): send it in UTF-8, " +
			"as Out-File -Encoding utf8 or Set-Content -Encoding utf8 write it")
	}
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if (mt == "" || mt == "text/plain") && jsonObject(body) {
		// A JSON object sent without its media type (no Content-Type,
		// or a browser's text/plain) is read as the JSON it is, as the
		// API's routes read a body without Content-Type: no form of a
		// token request begins with "{".
		mt = "application/json"
	}
	switch {
	case mt == "application/json":
		if err := jsonbody.Decode(bytes.NewReader(body), &tr, maxForm); err != nil {
			if !jsonObject(body) && formOfToken(body) {
				// curl -H 'Content-Type: application/json' -d
				// grant_type=...: the JSON parser's word ("invalid
				// character 'g'") would not say what to change.
				return tr, invalidRequest("the body is a form (grant_type=...&client_id=...), but Content-Type says application/json: " +
					"send it with Content-Type: application/x-www-form-urlencoded, or send a JSON object")
			}
			return tr, invalidRequest("the body is not a JSON object of string parameters, each given once: " + err.Error())
		}
	case mt == "application/x-www-form-urlencoded" || mt == "" || mt == "text/plain":
		if jsonObject(body) && json.Valid(bytes.TrimPrefix(body, []byte("\ufeff"))) {
			// A JSON object labelled a form (a client that sets the
			// form's Content-Type by default and sends JSON; one without
			// a Content-Type or labelled text/plain is read as JSON
			// above): read as a form, it lacks every parameter, and the
			// refusal would name one that the client did send.
			return tr, invalidRequest("the body is a JSON object, but Content-Type says " + mt +
				": send it with Content-Type: application/json, or send the parameters as a form")
		}
		// A browser labels a string body text/plain (axios 1.x sends one
		// so); it is read as the form it is. A form sent from a file
		// (curl --data-binary @file, Invoke-RestMethod -InFile) may begin
		// with the byte order mark that PowerShell 5 and Windows editors
		// write, and end with the file's newline. Neither is the form's,
		// whose encoders write no raw whitespace; read with it, the mark
		// became part of the first parameter's name (grant_type was then
		// "missing") and the newline part of the last one's value.
		text := formText(body)
		q, err := url.ParseQuery(text)
		if err != nil {
			return tr, invalidRequest(formFault(text))
		}
		for _, p := range []struct {
			name string
			into *string
		}{{"grant_type", &tr.GrantType}, {"client_id", &tr.ClientID}, {"client_secret", &tr.ClientSecret}, {"audience", &tr.Audience}} {
			if len(q[p.name]) > 1 {
				return tr, invalidRequest("the parameter " + p.name + " is repeated")
			}
			*p.into = q.Get(p.name)
		}
	default:
		return tr, invalidRequest("the body must be application/x-www-form-urlencoded or application/json, not " + mt)
	}
	if h := r.Header.Get("Authorization"); h != "" {
		scheme, cred, _ := strings.Cut(h, " ")
		switch {
		case strings.EqualFold(scheme, "Basic"):
			tr.scheme = "Basic"
		case strings.EqualFold(scheme, "Bearer") && bearerCredentials:
			tr.scheme = "Bearer"
		default:
			// An authentication method the endpoint does not take is a
			// failed client authentication (RFC 6749 §5.2), challenged
			// with the scheme the client may use.
			want := "Basic"
			if bearerCredentials {
				want = "Basic or Bearer"
			}
			return tr, &oauthError{status: http.StatusUnauthorized, code: "invalid_client", scheme: "Basic",
				description: "the Authorization header must be " + want + " base64(client_id:client_secret), not " + strconv.Quote(scheme) +
					accessTokenHint(scheme, cred, tr)}
		}
		id, secret, ok := decodeCredentials(strings.TrimSpace(cred), tr.scheme == "Basic")
		if !ok || secret == "" {
			return tr, &oauthError{status: http.StatusUnauthorized, code: "invalid_client", scheme: tr.scheme,
				description: "the Authorization header does not hold base64(client_id:client_secret)" + accessTokenHint(scheme, cred, tr)}
		}
		if tr.ClientID != "" && tr.ClientID != id || tr.ClientSecret != "" {
			return tr, invalidRequest("the client authenticates in the Authorization header or in the body, not both")
		}
		tr.ClientID, tr.ClientSecret = id, secret
	}
	return tr, nil
}

// accessTokenHint returns, for an Authorization header of scheme Bearer
// refused at a token endpoint, what to do when it holds an access token
// rather than credentials, or "": a client whose HTTP library sends the
// token it holds with every request, its token request included, when
// it asks for the next one. An access token, Levy's or a JWT, has a
// ".", which base64(client_id:client_secret) never holds. tr is the
// parameters of the body, read before the header.
func accessTokenHint(scheme, cred string, tr tokenRequest) string {
	if !strings.EqualFold(scheme, "Bearer") || !strings.Contains(cred, ".") {
		return ""
	}
	h := "; it holds an access token, which a token request does not take: "
	if tr.ClientID != "" && tr.ClientSecret != "" {
		return h + "this request carries client_id and client_secret in its body, which are enough: leave the Authorization header out"
	}
	return h + "authenticate with client_id and client_secret in the body, or with Authorization: Basic base64(client_id:client_secret)"
}

// utf16Text reports whether body is UTF-16: it begins with UTF-16's
// byte order mark, or one of its first two bytes is NUL, as the first
// ASCII character in UTF-16 without a mark has. Neither a form nor JSON
// in UTF-8 begins so: read as UTF-8, the body held no parameter, and the
// refusal named one that it did hold, or a character "ÿ".
func utf16Text(body []byte) bool {
	if bytes.HasPrefix(body, []byte{0xff, 0xfe}) || bytes.HasPrefix(body, []byte{0xfe, 0xff}) {
		return true
	}
	return len(body) >= 2 && (body[0] == 0 || body[1] == 0)
}

// formText is body read as a form's text: without the byte order mark
// that PowerShell 5 and Windows editors write at a file's start, nor the
// raw whitespace a file ends with, which no form encoder writes.
func formText(body []byte) string {
	return strings.Trim(strings.TrimPrefix(string(body), "\ufeff"), " \t\r\n")
}

// formOfToken reports whether body reads as a form that holds a
// parameter of a token request.
func formOfToken(body []byte) bool {
	q, err := url.ParseQuery(formText(body))
	if err != nil {
		return false
	}
	for _, name := range []string{"grant_type", "client_id", "client_secret", "audience"} {
		if q.Has(name) {
			return true
		}
	}
	return false
}

// jsonObject reports whether body, past a byte order mark and
// whitespace, begins as a JSON object.
func jsonObject(body []byte) bool {
	body = bytes.TrimLeft(bytes.TrimPrefix(body, []byte("\ufeff")), " \t\r\n")
	return len(body) > 0 && body[0] == '{'
}

// inURL returns the first parameter of a token request that query, the
// request's URL query, holds, client_secret first, or "" for none.
// A client that sends them there gets that said, rather than told that
// its request lacks them, and a secret in a URL is never used.
func inURL(query string) string {
	if query == "" {
		return ""
	}
	q, _ := url.ParseQuery(query) // what it could read is enough to tell
	for _, name := range []string{"client_secret", "client_id", "grant_type", "audience"} {
		if q.Has(name) {
			return name
		}
	}
	return ""
}

// formFault says what is wrong with body, a form that url.ParseQuery
// refused, naming the parameter: a value such as a secret holding a "%"
// that the client did not encode as "%25", or a ";" between parameters.
func formFault(body string) string {
	for piece := range strings.SplitSeq(body, "&") {
		if strings.Contains(piece, ";") {
			return "the body is not a valid form: parameters are separated by \"&\", and a \";\" in a value is encoded as %3B"
		}
		k, v, _ := strings.Cut(piece, "=")
		name, err := url.QueryUnescape(k)
		if err != nil {
			return "the body is not a valid form: a parameter name is not form-encoded"
		}
		if _, err := url.QueryUnescape(v); err != nil {
			return "the parameter " + strconv.Quote(name) + " is not form-encoded: a \"%\" must be followed by two hexadecimal digits (encode \"%\" as %25)"
		}
	}
	return "the body is not a valid form"
}

// decodeCredentials reads base64(id:secret); with Basic, RFC 6749 §2.3.1
// form-encodes the id and the secret first.
func decodeCredentials(s string, formEncoded bool) (id, secret string, ok bool) {
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		if b, err = base64.RawStdEncoding.DecodeString(s); err != nil {
			return "", "", false
		}
	}
	id, secret, ok = strings.Cut(string(b), ":")
	if !ok || id == "" {
		return "", "", false
	}
	if formEncoded {
		var e1, e2 error
		id, e1 = url.QueryUnescape(id)
		secret, e2 = url.QueryUnescape(secret)
		if e1 != nil || e2 != nil {
			return "", "", false
		}
	}
	return id, secret, true
}

// whitespaceHint returns, for a failed client authentication, what
// whitespace the client ID or the secret of tr begins or ends with, such
// as the newline that a secret read from a file keeps, or "". Levy's
// client IDs and secrets are base64url and never hold any, so the hint
// says only what the request itself holds: it is the same whether the
// client exists or not, and tells nothing of it.
func (tr tokenRequest) whitespaceHint() string {
	names := [2]string{"the client_id", "the client_secret"}
	if tr.scheme != "" {
		names = [2]string{"the client ID of the Authorization header", "the secret of the Authorization header"}
	}
	var hints []string
	for i, v := range [2]string{tr.ClientID, tr.ClientSecret} {
		var ends []string
		if t := strings.TrimLeftFunc(v, unicode.IsSpace); t != v {
			ends = append(ends, "begins")
		}
		if t := strings.TrimRightFunc(v, unicode.IsSpace); t != v {
			ends = append(ends, "ends")
		}
		if ends != nil {
			hints = append(hints, names[i]+" "+strings.Join(ends, " and ")+" with whitespace")
		}
	}
	if hints == nil {
		return ""
	}
	return "; " + strings.Join(hints, ", and ") + " (such as the newline a file keeps), which no Levy client ID or secret holds: remove that whitespace"
}

// check finds what a token request lacks; cached requests may leave out
// grant_type. The audience may be left out: the issuer then takes the
// credential's only audience, or refuses naming its audiences.
func (tr tokenRequest) check(grantOptional bool) *oauthError {
	switch {
	case tr.GrantType == "" && !grantOptional:
		return invalidRequest("the parameter grant_type is required")
	case tr.GrantType != "" && tr.GrantType != "client_credentials":
		return &oauthError{status: http.StatusBadRequest, code: "unsupported_grant_type", description: "only the client_credentials grant is supported, not " + strconv.Quote(clip.To(tr.GrantType, 64))}
	case tr.ClientID == "":
		return invalidRequest("the parameter client_id is required (or HTTP Basic authentication)")
	case tr.ClientSecret == "":
		return invalidRequest("the parameter client_secret is required (or HTTP Basic authentication)")
	}
	return nil
}

func (h *Handler) token(w http.ResponseWriter, r *http.Request)       { h.serveToken(w, r, false) }
func (h *Handler) cachedToken(w http.ResponseWriter, r *http.Request) { h.serveToken(w, r, true) }

// serveToken answers a token request at the standard or the caching
// endpoint.
func (h *Handler) serveToken(w http.ResponseWriter, r *http.Request, cached bool) {
	tr, oe := parse(r, cached)
	if oe == nil {
		oe = tr.check(cached)
	}
	if oe != nil {
		writeOAuthError(w, oe)
		return
	}
	tok, err := h.iss.Grant(r.Context(), auth.Request{ClientID: tr.ClientID, Secret: tr.ClientSecret, Audience: tr.Audience,
		Source: h.source(r), Cached: cached})
	if err != nil {
		var ae *auth.Error
		if errors.As(err, &ae) {
			if ae.RetryAfter > 0 && ae.Code != auth.CodeInvalidRequest {
				// A throttled or queued request is held (see
				// WithRefusalDelay); the rate limit's refusal, which
				// costs no hash, is not.
				h.hold(r.Context(), ae.RetryAfter)
			}
			h.logRefusal(r, w.Header().Get("X-Request-Id"), tr.ClientID, ae)
			oe := refusal(ae, tr.scheme)
			if ae.Code == auth.CodeInvalidClient {
				oe.description += tr.whitespaceHint()
			}
			writeOAuthError(w, oe)
			return
		}
		writeOAuthError(w, fault(r, err))
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Pragma", "no-cache")
	_ = json.NewEncoder(w).Encode(tokenAnswer{tok.AccessToken, "Bearer", tok.ExpiresIn(h.now())})
}

// maxLoggedClientID bounds the client ID a refusal's log line names, in
// bytes: the ID is what the request sent, which may be anything.
const maxLoggedClientID = 128

// logRefusal logs a refused token request, in one line, with the client
// ID it sent, the class of the refusal (the auth code: invalid_client for
// a wrong secret or an unknown client, throttled, invalid_target...;
// rate_limit, with the audience, for the rate limit's invalid_request),
// the request's ID (requestID, the X-Request-Id the server answers; left
// out when there is none) and its source address, so that an operator
// can tell which integration is misconfigured; never the secret.
// Refusals are logged at WARN, but the rate limit's at INFO and throttled
// ones at DEBUG: those cost no hash, so a client may send them as fast as
// it likes, and each would be a line (package auth logs the first
// throttled refusal of each client or source at WARN). The lines at WARN
// are bounded in turn by the failure limits, which throttle a client ID
// after its failures. Package auth does not log the refusals of Grant,
// so that each refusal is this one line.
func (h *Handler) logRefusal(r *http.Request, requestID, clientID string, ae *auth.Error) {
	level, reason := slog.LevelWarn, ae.Code
	switch {
	case ae.Code == auth.CodeThrottled:
		level = slog.LevelDebug
	case ae.RateLimited:
		level, reason = slog.LevelInfo, "rate_limit"
	}
	if !h.log.Enabled(r.Context(), level) {
		return
	}
	attrs := make([]slog.Attr, 0, 5)
	attrs = append(attrs, slog.String("client_id", clip.To(clientID, maxLoggedClientID)), slog.String("reason", reason))
	if ae.RateLimited {
		attrs = append(attrs, slog.String("audience", ae.Audience))
	}
	if requestID != "" {
		attrs = append(attrs, slog.String("request_id", requestID))
	}
	var src string
	if a := h.source(r); a.IsValid() {
		src = a.String()
	}
	attrs = append(attrs, slog.String("source", src))
	h.log.LogAttrs(r.Context(), level, "oauth: token request refused", attrs...)
}

// hold waits the refusal delay, at most retryAfter, before a refusal,
// unless too many refusals wait already or ctx ends.
func (h *Handler) hold(ctx context.Context, retryAfter time.Duration) {
	if h.delay <= 0 {
		return
	}
	select {
	case h.delayed <- struct{}{}:
	default:
		return
	}
	defer func() { <-h.delayed }()
	t := time.NewTimer(min(h.delay, retryAfter))
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
	}
}

// source returns the address r came from: the connection's remote
// address, or, when that is a trusted proxy, the nearest address in
// X-Forwarded-For (read from the right) that is not a trusted proxy. It
// returns the zero Addr when the remote address cannot be read.
func (h *Handler) source(r *http.Request) netip.Addr {
	ap, err := netip.ParseAddrPort(r.RemoteAddr)
	if err != nil {
		return netip.Addr{}
	}
	a := ap.Addr().Unmap()
	if !h.trusted(a) {
		return a
	}
	hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
	for n := len(hops) - 1; n >= 0; n-- {
		hop, ok := forwardedAddr(hops[n])
		if !ok {
			break // what a trusted proxy did not write
		}
		if a = hop.Unmap(); !h.trusted(a) {
			break
		}
	}
	return a
}

// forwardedAddr reads an address of X-Forwarded-For: an IP address, or
// one with its port ("203.0.113.7:50122", "[2001:db8::7]:443"), as some
// gateways (Azure's Application Gateway) write each client, or an IPv6
// address in brackets. It reports false for anything else.
func forwardedAddr(hop string) (netip.Addr, bool) {
	hop = strings.TrimSpace(hop)
	if a, err := netip.ParseAddr(hop); err == nil {
		return a, true
	}
	if ap, err := netip.ParseAddrPort(hop); err == nil {
		return ap.Addr(), true
	}
	if inner, ok := strings.CutPrefix(hop, "["); ok {
		if inner, ok := strings.CutSuffix(inner, "]"); ok {
			if a, err := netip.ParseAddr(inner); err == nil && a.Is6() {
				return a, true
			}
		}
	}
	return netip.Addr{}, false
}

// trusted reports whether a is a trusted proxy.
func (h *Handler) trusted(a netip.Addr) bool {
	for _, p := range h.proxies {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// writeOAuthError answers a refusal in the shape of RFC 6749 §5.2. A 401
// to a client that authenticated in the Authorization header challenges
// it with the scheme it used, as §5.2 requires: Basic, or Bearer at the
// caching endpoint.
func writeOAuthError(w http.ResponseWriter, e *oauthError) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	if e.status == http.StatusUnauthorized && e.scheme != "" {
		w.Header().Set("WWW-Authenticate", e.scheme+` realm="levy"`)
	}
	if e.retryAfter > 0 {
		w.Header().Set("Retry-After", strconv.FormatInt(int64((e.retryAfter+time.Second-1)/time.Second), 10))
	}
	w.WriteHeader(e.status)
	_ = json.NewEncoder(w).Encode(errorBody{e.code, e.description})
}

package client

import (
	"bytes"
	"context"
	"crypto/tls"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/clip"
	"github.com/levytax/levy/internal/jsonbody"
	"github.com/levytax/levy/wire"
	"golang.org/x/oauth2"
	"golang.org/x/oauth2/clientcredentials"
)

// maxAnswer bounds the body of an answer the client reads.
const maxAnswer = 256 << 20

// Client calls the API at one base URL. Build it with New: a Client
// that New did not make (a nil or zero Client, such as the nil one of a
// New that failed) answers every call with a levy.EInvalid error. A Client is safe for concurrent use by any number of
// goroutines, which share its HTTP client and, with
// WithClientCredentials, the access token it fetched.
type Client struct {
	base        string
	hc          *http.Client
	token       func(ctx context.Context) (string, error)
	agent       string
	credentials *clientcredentials.Config
	// forget, with WithClientCredentials, drops the kept access token
	// when it is the one given (one that the server refused), and
	// reports whether it did.
	forget func(token string) bool
	// refused is the error of an option given a nil value, which New
	// returns.
	refused error
}

// Option configures a Client.
type Option func(*Client)

// WithHTTPClient sends the requests with hc (default: http.DefaultClient).
// A nil hc is refused by New (levy.EInvalid, field "hc").
func WithHTTPClient(hc *http.Client) Option {
	return func(c *Client) {
		if hc == nil {
			c.refuse(levy.Invalid("hc", "WithHTTPClient needs an *http.Client (leave the option out for http.DefaultClient)"))
			return
		}
		c.hc = hc
	}
}

// WithToken sends the access token that fn returns with every request, as
// "Authorization: Bearer <token>". fn is called for every request, so it
// can refresh the token; it must be safe for concurrent use. A nil fn is
// refused by New (levy.EInvalid, field "fn").
func WithToken(fn func(ctx context.Context) (string, error)) Option {
	return func(c *Client) {
		if fn == nil {
			c.refuse(levy.Invalid("fn", "WithToken needs a function that returns the access token"))
			return
		}
		c.token = fn
	}
}

// refuse keeps err, the first error of an option, for New to return.
func (c *Client) refuse(err error) {
	if c.refused == nil {
		c.refused = err
	}
}

// WithStaticToken sends the same access token with every request.
func WithStaticToken(token string) Option {
	return WithToken(func(context.Context) (string, error) { return token, nil })
}

// WithUserAgent sets the User-Agent header of the requests.
func WithUserAgent(ua string) Option { return func(c *Client) { c.agent = ua } }

// New returns a client of the API at baseURL, the address that ends in
// the base path ("http://127.0.0.1:8080/api/v2"). A nil option, or an
// option given a nil value, is refused (levy.EInvalid naming "opts[i]",
// or the option's parameter), as engine.New refuses its own.
func New(baseURL string, opts ...Option) (*Client, error) {
	if !httpURL(baseURL) {
		return nil, fmt.Errorf("client: %q is not an http or https URL", baseURL)
	}
	c := &Client{base: strings.TrimRight(baseURL, "/"), hc: http.DefaultClient, agent: "levy-client"}
	for i, o := range opts {
		if o == nil {
			return nil, levy.Invalid(fmt.Sprintf("opts[%d]", i), "an option is required, not nil")
		}
		o(c)
		if c.refused != nil {
			return nil, c.refused
		}
	}
	if c.credentials != nil {
		// The token is kept for the calls (token.go); it is asked for with
		// the client's own HTTP client, under the context of the call.
		t := newTokens(c.credentials, c.hc)
		c.token, c.forget = t.get, t.forget
	}
	return c, nil
}

// httpURL reports whether s is an absolute http or https URL.
func httpURL(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}

var (
	_ wire.Calculator = (*Client)(nil)
	_ wire.Explainer  = (*Client)(nil)
	_ wire.Lookups    = (*Client)(nil)
)

// answer is the envelope of most successful answers.
type answer[T any] struct {
	Data T `json:"data"`
}

// errNotMade returns the error of every call of a Client that New did
// not make (a nil or zero Client): invalid, as the engine's of an Engine
// that engine.New did not make, since no retry can mend it.
func errNotMade() error {
	return levy.Invalid("", "client: the Client was not made by client.New")
}

// call sends one request and decodes a successful answer into out.
func (c *Client) call(ctx context.Context, method, path string, body, out any) error {
	if c == nil || c.hc == nil {
		return errNotMade()
	}
	var b []byte
	if body != nil {
		var err error
		if b, err = json.Marshal(body); err != nil {
			return fmt.Errorf("client: encoding the request of %s %s: %w", method, path, err)
		}
	}
	resp, tok, err := c.send(ctx, method, path, body != nil, b)
	if err != nil {
		return err
	}
	if resp.StatusCode == http.StatusUnauthorized && c.forget != nil && c.forget(tok) {
		// The server refused the token the client kept (its signing key
		// retired at once, say): the client forgets it and sends the call
		// once more with a new one. A 401 is answered before the call is
		// acted on, so that the call is not acted on twice.
		resp.Body.Close()
		if resp, _, err = c.send(ctx, method, path, body != nil, b); err != nil {
			return err
		}
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return ErrorOf(resp)
	}
	if err := jsonbody.Decode(resp.Body, out, maxAnswer); err != nil {
		return fmt.Errorf("client: reading the answer of %s %s: %w", method, path, err)
	}
	return nil
}

// send sends one request of call with the access token of the moment,
// and returns the answer with the token it sent.
func (c *Client) send(ctx context.Context, method, path string, hasBody bool, b []byte) (*http.Response, string, error) {
	var rd io.Reader
	if hasBody {
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, rd)
	if err != nil {
		return nil, "", fmt.Errorf("client: %s %s: %w", method, path, err)
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", c.agent)
	if hasBody {
		req.Header.Set("Content-Type", "application/json")
	}
	var tok string
	if c.token != nil {
		if tok, err = c.token(ctx); err != nil {
			return nil, "", unreachable(ctx, tokenRefused(fmt.Errorf("client: getting an access token: %w", err)))
		}
		req.Header.Set("Authorization", "Bearer "+tok)
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return nil, "", unreachable(ctx, fmt.Errorf("client: %s %s: %w", method, path, err))
	}
	return resp, tok, nil
}

// codeOf maps the statuses of answers without a usable error body back to
// Levy's codes.
var codeOf = map[int]string{
	http.StatusBadRequest:            levy.EInvalid,
	http.StatusUnauthorized:          levy.EUnauthorized,
	http.StatusForbidden:             levy.EForbidden,
	http.StatusNotFound:              levy.ENotFound,
	http.StatusConflict:              levy.EConflict,
	http.StatusRequestEntityTooLarge: levy.ETooLarge,
	http.StatusUnsupportedMediaType:  levy.EUnsupported,
	http.StatusTooManyRequests:       levy.ETooMany,
	// A body that did not arrive in time, and a server that can not take
	// the request now: both may succeed when retried.
	http.StatusRequestTimeout:     levy.EUnavailable,
	http.StatusServiceUnavailable: levy.EUnavailable,
	// A proxy in front of a server that is down, or too slow, answers
	// these with a page of its own.
	http.StatusBadGateway:     levy.EUnavailable,
	http.StatusGatewayTimeout: levy.EUnavailable,
}

// codedError is the error of a call that did not reach the server, or
// got no answer from it (its code, levy.EUnavailable, says that a retry
// later may succeed), or whose token endpoint refused the client
// credential (tokenRefused): it wraps the network's or the endpoint's
// error.
type codedError struct {
	code *levy.Error
	err  error
}

// Error returns the network's or the endpoint's error, as the call
// wrapped it.
func (e *codedError) Error() string { return e.err.Error() }

// Unwrap gives both the code (errors.As of a *levy.Error, levy.ErrorCode)
// and the wrapped error (errors.As of a *net.OpError, errors.Is of
// syscall.ECONNREFUSED, errors.As of an *oauth2.RetrieveError).
func (e *codedError) Unwrap() []error { return []error{e.code, e.err} }

// tokenCodes are Levy's codes of the errors of RFC 6749 (section 5.2)
// that a token endpoint answers a client credential with: the credential
// is not known or its secret is wrong (unauthorized), or it may not have
// the token asked for (forbidden).
var tokenCodes = map[string]string{
	"invalid_client":         levy.EUnauthorized,
	"unauthorized_client":    levy.EForbidden,
	"invalid_target":         levy.EForbidden,
	"invalid_scope":          levy.EForbidden,
	"access_denied":          levy.EForbidden,
	"invalid_request":        levy.EInvalid,
	"invalid_grant":          levy.EInvalid,
	"unsupported_grant_type": levy.EInvalid,
}

// tokenRefused returns err, the failure to get an access token, with the
// code of the token endpoint's answer when it answered: the code of its
// OAuth error (tokenCodes), else that of its status (codeOf), so that a
// credential the server refuses is levy.EUnauthorized or
// levy.EForbidden, as a refused token is, and not an internal error.
// A refusal for now is levy.ETooMany, a retry later may succeed: a 429
// (too many failed authentications), and the rate limit of the standard
// token endpoint (its invalid_request, whose text then says when a token
// may be had again and which endpoint to give WithClientCredentials
// instead). The endpoint's error stays wrapped (errors.As of an
// *oauth2.RetrieveError). A failure without an answer is left to
// unreachable.
func tokenRefused(err error) error {
	var re *oauth2.RetrieveError
	if !errors.As(err, &re) || re.Response == nil {
		return err
	}
	if rateLimited(re) {
		advice := rateLimitAdvice(re)
		msg := "the token endpoint refused a new token for its rate limit"
		if d := re.ErrorDescription; d != "" {
			msg += " (" + clip.To(d, 300) + ")"
		}
		return &codedError{code: &levy.Error{Code: levy.ETooMany, Message: msg + advice}, err: fmt.Errorf("%w%s", err, advice)}
	}
	code, ok := tokenCodes[re.ErrorCode]
	if re.Response.StatusCode == http.StatusTooManyRequests {
		// Refused for now (a client or an address that failed to
		// authenticate too often), whatever the OAuth error says.
		code, ok = levy.ETooMany, true
	}
	if !ok {
		if code, ok = codeOf[re.Response.StatusCode]; !ok {
			return err
		}
	}
	msg := fmt.Sprintf("the token endpoint answered %d", re.Response.StatusCode)
	if re.ErrorCode != "" {
		msg = fmt.Sprintf("the token endpoint refused the client credential: %s", re.ErrorCode)
	}
	return &codedError{code: &levy.Error{Code: code, Message: msg}, err: err}
}

// rateLimited reports whether re is the refusal of the rate limit of a
// standard token endpoint: invalid_request whose description says the
// client exceeded the rate limit (the wording of the wire format's
// description and of Levy's answer).
func rateLimited(re *oauth2.RetrieveError) bool {
	return re.ErrorCode == "invalid_request" && strings.Contains(strings.ToLower(re.ErrorDescription), "exceeded the rate limit")
}

// cachingSuffixes are the paths of the token endpoints of a Levy server
// that count against the rate limit, longest first: the token caching
// endpoint is at /cached/oauth/token beside them.
var cachingSuffixes = []string{"/oseries-auth/oauth/token", "/api/v2/v2/authorize", "/vertex-ws/v2/authorize", "/api/v2/authorize", "/oauth/token"}

// rateLimitAdvice says, after the refusal of a token for the rate limit
// (re), when a token may be had again (Retry-After) and, when re came
// from a standard token endpoint, which endpoint hands out the client's
// token without spending the limit: a host that asks for a token per
// lifetime (20 minutes by default) needs more than the standard
// endpoint's 10 per 8 hours.
func rateLimitAdvice(re *oauth2.RetrieveError) string {
	msg := ""
	if s, err := strconv.ParseInt(re.Response.Header.Get("Retry-After"), 10, 64); err == nil && s > 0 {
		msg = fmt.Sprintf("; it grants one again in %d seconds", s)
	}
	var u *url.URL
	if re.Response.Request != nil {
		u = re.Response.Request.URL
	}
	if u == nil || strings.HasSuffix(u.Path, "/cached/oauth/token") {
		return msg
	}
	cached := "the token caching endpoint (/cached/oauth/token on a Levy server)"
	for _, suffix := range cachingSuffixes {
		if strings.HasSuffix(u.Path, suffix) {
			to := url.URL{Scheme: u.Scheme, Host: u.Host, Path: strings.TrimSuffix(u.Path, suffix) + "/cached/oauth/token"}
			cached = "the token caching endpoint, " + to.String() + ","
			break
		}
	}
	return msg + "; the standard token endpoint grants few tokens per client and audience (10 per 8 hours by default), " +
		"fewer than a process that runs for hours asks for, one per token lifetime: give WithClientCredentials " + cached +
		" which hands out the client's token while it lasts and a new one after, without that limit"
}

// unreachable returns err, the failure of a request to the server or to
// the token endpoint, with levy.EUnavailable when the network failed: the
// connection was refused or reset, the name did not resolve, the answer
// did not come in time or was cut off. A call whose context has ended
// keeps the context's error, and a failure that a retry cannot mend (a
// certificate refused, a URL the transport does not take) stays as it
// is.
func unreachable(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return err
	}
	var cert *tls.CertificateVerificationError
	if errors.As(err, &cert) {
		return err
	}
	var op *net.OpError
	var dns *net.DNSError
	var ne net.Error
	switch {
	case errors.As(err, &op), errors.As(err, &dns),
		errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF),
		errors.As(err, &ne) && ne.Timeout():
		return &codedError{
			code: &levy.Error{Code: levy.EUnavailable, Message: "the server could not be reached; a retry later may succeed"},
			err:  err,
		}
	}
	return err
}

// ErrorOf turns an error answer of a Levy server, the errors envelope of
// any of its routes, into Levy's errors: one *levy.Error or levy.Errors,
// each with its code, target and message. It reads resp's body and
// leaves closing it to the caller. A nil resp is an internal error, and
// a resp without a body the error of its status.
func ErrorOf(resp *http.Response) error {
	if resp == nil {
		return &levy.Error{Code: levy.EInternal, Message: "there is no answer to read an error from"}
	}
	var body struct {
		Errors []struct {
			Code    string `json:"code"`
			Message string `json:"message"`
			Target  string `json:"target"`
		} `json:"errors"`
	}
	var raw []byte
	if resp.Body != nil {
		raw, _ = io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	}
	code, ok := codeOf[resp.StatusCode]
	if !ok {
		code = levy.EInternal
	}
	if json.Unmarshal(raw, &body) != nil || len(body.Errors) == 0 {
		return &levy.Error{Code: code, Message: fmt.Sprintf("the server answered %s", resp.Status)}
	}
	var errs levy.Errors
	for _, e := range body.Errors {
		c := e.Code
		if !known(c) {
			c = code
		}
		errs = append(errs, &levy.Error{Code: c, Field: e.Target, Message: e.Message})
	}
	if len(errs) == 1 {
		return errs[0]
	}
	return errs
}

// known reports whether code is one of Levy's error codes.
func known(code string) bool {
	for _, c := range codeOf {
		if c == code {
			return true
		}
	}
	return code == levy.EInternal
}

// Sale calculates a sale (POST /supplies).
func (c *Client) Sale(ctx context.Context, req *wire.SaleRequest) (*wire.SaleResponse, error) {
	if req == nil {
		return nil, levy.Invalid("", "a sale request is required")
	}
	var a answer[*wire.SaleResponse]
	if err := c.call(ctx, http.MethodPost, "/supplies", req, &a); err != nil {
		return nil, err
	}
	return a.Data, nil
}

// Purchase calculates a purchase (POST /procurement).
func (c *Client) Purchase(ctx context.Context, req *wire.PurchaseRequest) (*wire.PurchaseResponse, error) {
	if req == nil {
		return nil, levy.Invalid("", "a purchase request is required")
	}
	var a answer[*wire.PurchaseResponse]
	if err := c.call(ctx, http.MethodPost, "/procurement", req, &a); err != nil {
		return nil, err
	}
	return a.Data, nil
}

// Owner calculates a movement of the owner's assets (POST /owner).
func (c *Client) Owner(ctx context.Context, req *wire.OwnerRequest) (*wire.OwnerResponse, error) {
	if req == nil {
		return nil, levy.Invalid("", "an owner request is required")
	}
	var a answer[*wire.OwnerResponse]
	if err := c.call(ctx, http.MethodPost, "/owner", req, &a); err != nil {
		return nil, err
	}
	return a.Data, nil
}

// explained is the data of an explain route's answer: the calculation's
// response and the explanation of its taxes.
type explained[Resp any] struct {
	Response    *Resp            `json:"response"`
	Explanation wire.Explanation `json:"explanation"`
}

// explain sends req to an explain route and returns the response and
// the explanation of its answer; a nil req is refused as needing one of
// what (the error of Sale, Purchase or Owner).
func explain[Req, Resp any](ctx context.Context, c *Client, path, what string, req *Req) (*Resp, wire.Explanation, error) {
	if req == nil {
		return nil, nil, levy.Invalid("", "%s request is required", what)
	}
	var a answer[explained[Resp]]
	if err := c.call(ctx, http.MethodPost, path, req, &a); err != nil {
		return nil, nil, err
	}
	if a.Data.Response == nil {
		return nil, nil, fmt.Errorf("client: the answer of POST %s has no response", path)
	}
	return a.Data.Response, a.Data.Explanation, nil
}

// ExplainSale calculates a sale as Sale does and also returns the
// explanation of the response's taxes (POST /explain/supplies). The
// server stores nothing, whatever saleMessageType says.
func (c *Client) ExplainSale(ctx context.Context, req *wire.SaleRequest) (*wire.SaleResponse, wire.Explanation, error) {
	return explain[wire.SaleRequest, wire.SaleResponse](ctx, c, "/explain/supplies", "a sale", req)
}

// ExplainPurchase calculates a purchase as Purchase does and also
// returns the explanation of the response's taxes
// (POST /explain/procurement). The server stores nothing.
func (c *Client) ExplainPurchase(ctx context.Context, req *wire.PurchaseRequest) (*wire.PurchaseResponse, wire.Explanation, error) {
	return explain[wire.PurchaseRequest, wire.PurchaseResponse](ctx, c, "/explain/procurement", "a purchase", req)
}

// ExplainOwner calculates a movement of the owner's assets as Owner does
// and also returns the explanation of the response's taxes
// (POST /explain/owner). The server stores nothing.
func (c *Client) ExplainOwner(ctx context.Context, req *wire.OwnerRequest) (*wire.OwnerResponse, wire.Explanation, error) {
	return explain[wire.OwnerRequest, wire.OwnerResponse](ctx, c, "/explain/owner", "an owner", req)
}

// pathID and existsID are the names of the path parameter that holds
// the transaction ID, of the transaction operations and of
// TransactionExists: the names the server and the engine give it in
// their errors. An ID that no journal holds (wire.CheckTransactionIDParam:
// empty, too long, not UTF-8, a NUL), or that the server refuses in any
// path parameter (wire.CheckIdentifier: a control or bidirectional
// formatting character), is refused before a request is sent, invalid
// and naming that parameter; the server never sees such a path. Any
// other ID is sent, those a new transaction may no longer take included
// (whitespace alone, "." or ".."), so that one stored under it before
// can still be found, reversed, rolled back and deleted.
const (
	pathID   = "id"
	existsID = "transactionid"
)

// storedIDSegment checks id, the ID of a stored transaction given as the
// path parameter param, and returns it escaped as one path segment: "."
// and ".." are sent percent-encoded (%2E), which the server reads as the
// segment's own text, where a client or proxy would take the dot
// segments out of the path.
func storedIDSegment(param, id string) (string, error) {
	if err := wire.CheckTransactionIDParam(param, id); err != nil {
		return "", err
	}
	if err := wire.CheckIdentifier(param, id); err != nil {
		return "", err
	}
	if id == "." || id == ".." {
		return strings.Repeat("%2E", len(id)), nil
	}
	return url.PathEscape(id), nil
}

// DeleteTransaction deletes a stored transaction (DELETE /transactions/{id}).
func (c *Client) DeleteTransaction(ctx context.Context, id string) error {
	seg, err := storedIDSegment(pathID, id)
	if err != nil {
		return err
	}
	var a struct {
		TransactionID string `json:"transactionId"`
	}
	return c.call(ctx, http.MethodDelete, "/transactions/"+seg, nil, &a)
}

// ReverseTransaction stores the reversal of a transaction
// (POST /transactions/{id}/reversal).
func (c *Client) ReverseTransaction(ctx context.Context, id string, r wire.ReversalRequest) (*wire.ReversalResponse, error) {
	seg, err := storedIDSegment(pathID, id)
	if err != nil {
		return nil, err
	}
	var a answer[*wire.ReversalResponse]
	body := struct {
		Data wire.ReversalRequest `json:"data"`
	}{r}
	if err := c.call(ctx, http.MethodPost, "/transactions/"+seg+"/reversal", body, &a); err != nil {
		return nil, err
	}
	return a.Data, nil
}

// RollbackTransaction undoes the last sync of a transaction
// (POST /transactions/{id}/rollback).
func (c *Client) RollbackTransaction(ctx context.Context, id string) (*wire.RollbackResponse, error) {
	seg, err := storedIDSegment(pathID, id)
	if err != nil {
		return nil, err
	}
	var a answer[*wire.RollbackResponse]
	if err := c.call(ctx, http.MethodPost, "/transactions/"+seg+"/rollback", nil, &a); err != nil {
		return nil, err
	}
	return a.Data, nil
}

// TransactionExists tells whether a transaction is stored
// (GET /transaction-exists/{transactionid}).
func (c *Client) TransactionExists(ctx context.Context, id string) (bool, error) {
	seg, err := storedIDSegment(existsID, id)
	if err != nil {
		return false, err
	}
	var a struct {
		Indicator string `json:"transactionExistsIndicator"`
	}
	if err := c.call(ctx, http.MethodGet, "/transaction-exists/"+seg, nil, &a); err != nil {
		return false, err
	}
	found, err := strconv.ParseBool(a.Indicator)
	if err != nil {
		return false, fmt.Errorf("client: transactionExistsIndicator %q is not true or false", a.Indicator)
	}
	return found, nil
}

// lookup runs one of the tax area lookups.
func (c *Client) lookup(ctx context.Context, path string, req any) (*wire.LookupResponse, error) {
	var a answer[*wire.LookupResponse]
	if err := c.call(ctx, http.MethodPost, path, req, &a); err != nil {
		return nil, err
	}
	return a.Data, nil
}

// LookupAddress finds the tax areas of a postal address (POST /address-lookup).
func (c *Client) LookupAddress(ctx context.Context, req wire.AddressLookupRequest) (*wire.LookupResponse, error) {
	return c.lookup(ctx, "/address-lookup", req)
}

// LookupCoordinates finds the tax area of a point (POST /coordinates-lookup).
func (c *Client) LookupCoordinates(ctx context.Context, req wire.CoordinatesLookupRequest) (*wire.LookupResponse, error) {
	return c.lookup(ctx, "/coordinates-lookup", req)
}

// LookupTaxAreaID returns the jurisdictions of a tax area (POST /taxareaid-lookup).
func (c *Client) LookupTaxAreaID(ctx context.Context, req wire.TaxAreaIDLookupRequest) (*wire.LookupResponse, error) {
	return c.lookup(ctx, "/taxareaid-lookup", req)
}

// LookupExternal finds the tax areas of a government's jurisdiction code
// (POST /external-jurisdiction-lookup).
func (c *Client) LookupExternal(ctx context.Context, req wire.ExternalJurisdictionLookupRequest) (*wire.LookupResponse, error) {
	return c.lookup(ctx, "/external-jurisdiction-lookup", req)
}

// Find runs a batch of lookups (POST /find-taxareas). A nil batch is the
// empty one, as for the resolver. A search without a request has no wire
// form: the batch is refused before it is sent, with the resolver's
// error for each such search ("[i].lookupRequest", and "[i].lookupId"
// when that is bad too); the server checks the rest.
func (c *Client) Find(ctx context.Context, searches []wire.Search) ([]wire.SearchResult, error) {
	if searches == nil {
		searches = []wire.Search{}
	}
	if err := unsendable(searches); err != nil {
		return nil, err
	}
	var a answer[[]wire.SearchResult]
	if err := c.call(ctx, http.MethodPost, "/find-taxareas", searches, &a); err != nil {
		return nil, err
	}
	return a.Data, nil
}

// unsendable returns the errors of the searches that name no request,
// as the resolver names them, or nil when every search has one (or the
// batch is over wire.MaxSearches, which the server refuses first).
func unsendable(searches []wire.Search) error {
	if len(searches) > wire.MaxSearches {
		return nil
	}
	var errs levy.Errors
	missing := false
	for i, s := range searches {
		var bad *levy.Error
		if errors.As(wire.CheckLookupID(fmt.Sprintf("[%d].lookupId", i), s.LookupID), &bad) {
			errs = append(errs, bad)
		}
		if s.Address == nil && s.Coordinates == nil && s.TaxAreaID == nil && s.External == nil {
			errs = append(errs, levy.Invalid(fmt.Sprintf("[%d].lookupRequest", i), "is required"))
			missing = true
		}
	}
	if !missing {
		return nil
	}
	return errs
}

// ChangedTaxAreas lists the tax areas that changed from from to to
// (GET /changed-taxareas); a zero to means today.
func (c *Client) ChangedTaxAreas(ctx context.Context, from, to civil.Date) ([]string, error) {
	var a answer[[]string]
	if err := c.call(ctx, http.MethodGet, "/changed-taxareas?"+dateQuery(from, to), nil, &a); err != nil {
		return nil, err
	}
	return a.Data, nil
}

// TaxAreaChanged tells whether one tax area changed from from to to
// (GET /changed-taxareas/{taxareaid}); a zero to means today. An id that
// is not a tax area ID is refused before it is sent, as the resolver
// refuses it (levy.EInvalid, field "taxareaid").
func (c *Client) TaxAreaChanged(ctx context.Context, id string, from, to civil.Date) (bool, error) {
	if err := wire.ValidateTaxAreaID("taxareaid", id); err != nil {
		return false, err
	}
	var a answer[struct {
		Changed bool `json:"changed"`
	}]
	if err := c.call(ctx, http.MethodGet, "/changed-taxareas/"+url.PathEscape(id)+"?"+dateQuery(from, to), nil, &a); err != nil {
		return false, err
	}
	return a.Data.Changed, nil
}

func dateQuery(from, to civil.Date) string {
	q := url.Values{}
	if !from.IsZero() {
		q.Set("beginDate", from.String())
	}
	if !to.IsZero() {
		q.Set("endDate", to.String())
	}
	return q.Encode()
}

// WithClientCredentials gets access tokens from tokenURL with the OAuth
// 2.0 client-credentials grant for audience, and keeps each until
// shortly before it expires, as the wire format recommends, so that a
// token is asked for once per lifetime and not once per call. A kept
// token that the server refuses (401) before it expires, as after the
// operator retires its signing key at once, is dropped and the call is
// sent once more with a new token: a 401 is answered before the call is
// acted on, so nothing is stored twice.
//
// Give it the server's token caching endpoint, /cached/oauth/token
// (https://tax.example.com/cached/oauth/token): it hands out the
// client's token while it lasts and a new one after, without a rate
// limit, and the processes of a host that share a credential share its
// token. The standard endpoint, /oauth/token, grants 10 tokens per
// client and audience per 8 hours by default, while a process that runs
// for hours asks for one per lifetime (20 minutes by default, 24 per 8
// hours): it is refused after about 3 hours 20 minutes, and until the
// window frees a token, with a levy.ETooMany error that names the
// caching endpoint's URL. The client asks the URL it is given, and
// rewrites none.
//
// A call that needs a new token asks for it under its
// own context, whose end stops the wait. The token request follows no
// redirect, whatever WithHTTPClient gives: it would post the secret to
// the redirect's host; a redirect fails the call, naming its target. A
// tokenURL that is not an http or https URL is refused by New
// (levy.EInvalid, field "tokenURL").
func WithClientCredentials(tokenURL, clientID, clientSecret, audience string) Option {
	return func(c *Client) {
		if !httpURL(tokenURL) {
			c.refuse(levy.Invalid("tokenURL", "%q is not an http or https URL", tokenURL))
			return
		}
		cfg := clientcredentials.Config{ClientID: clientID, ClientSecret: clientSecret, TokenURL: tokenURL,
			EndpointParams: url.Values{"audience": {audience}}, AuthStyle: oauth2.AuthStyleInParams}
		c.credentials = &cfg
	}
}

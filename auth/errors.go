package auth

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/levytax/levy/internal/clip"
)

// Codes of the refusals of Issue, Cached and Grant: the OAuth error codes
// of the token endpoint (RFC 6749 §5.2, RFC 8707), and CodeThrottled,
// for which OAuth has none. Which HTTP status answers each is the HTTP
// layer's business (package oauth).
const (
	CodeInvalidRequest     = "invalid_request"     // a parameter is missing or ambiguous, or the rate limit is exceeded
	CodeInvalidClient      = "invalid_client"      // unknown client, wrong secret or revoked client
	CodeUnauthorizedClient = "unauthorized_client" // the credential is not active yet
	CodeInvalidTarget      = "invalid_target"      // an audience the credential may not use
	// CodeTemporarilyUnavailable: too many token requests wait for their
	// secrets to be hashed (RFC 6749 §4.1.2.1 defines it for the
	// authorization endpoint).
	CodeTemporarilyUnavailable = "temporarily_unavailable"
	// CodeThrottled: the client ID or the source address has failed to
	// authenticate too often lately (Config.ClientFailures,
	// Config.SourceFailures), so the request was refused before its
	// secret was hashed. The token endpoint answers it as an
	// invalid_request that says when to retry.
	CodeThrottled = "throttled"
)

// Error is a refusal of a token request: its code (see CodeInvalidRequest
// and the others), a description for the client and, for a refusal that
// a later request may not meet (CodeThrottled,
// CodeTemporarilyUnavailable, and the invalid_request of the rate limit),
// how long to wait.
type Error struct {
	Code        string
	Description string
	RetryAfter  time.Duration
	// RateLimited marks the invalid_request of the rate limit, and
	// Audience is then the audience whose limit was reached, so that the
	// token endpoint's log line tells it from the other invalid_requests.
	RateLimited bool
	Audience    string
}

// Error formats the error for logs.
func (e *Error) Error() string {
	return "auth: " + e.Code + ": " + e.Description
}

// invalidRequest returns an invalid_request error.
func invalidRequest(format string, args ...any) *Error {
	return &Error{Code: CodeInvalidRequest, Description: fmt.Sprintf(format, args...)}
}

// invalidClient returns the invalid_client error, the same for an unknown
// client, a wrong secret and a revoked client, so that it tells an
// attacker nothing.
func invalidClient() *Error {
	return &Error{Code: CodeInvalidClient, Description: "client authentication failed"}
}

// notActive returns the unauthorized_client error of a credential that is
// not active until from, delay after its creation (0 when its activation
// time was set).
func notActive(clientID string, from time.Time, delay time.Duration) *Error {
	// Round up to the second, so that the time said is never early.
	at := from.UTC().Add(time.Second - 1).Truncate(time.Second).Format(time.RFC3339)
	d := fmt.Sprintf("client %s may request tokens from %s", clientID, at)
	if delay > 0 {
		d += ", " + duration(delay) + " after its creation"
	}
	return &Error{Code: CodeUnauthorizedClient, Description: d}
}

// invalidTarget returns the invalid_target error of an audience the
// credential may not use, quoted up to its first 64 bytes: an audience
// of kilobytes is not sent back whole.
func invalidTarget(clientID, audience string) *Error {
	return &Error{
		Code:        CodeInvalidTarget,
		Description: fmt.Sprintf("client %s may not request tokens for audience %q", clientID, clip.To(audience, 64)),
	}
}

// audienceRequired returns the invalid_request error of a token request
// without an audience from a credential that has several, naming them.
func audienceRequired(clientID string, audiences []string) *Error {
	quoted := make([]string, len(audiences))
	for n, a := range audiences {
		quoted[n] = strconv.Quote(a)
	}
	return invalidRequest("the parameter audience is required: client %s may request tokens for %s; name one",
		clientID, strings.Join(quoted, ", "))
}

// rateLimited returns the invalid_request error of a client and audience
// over the rate limit.
func rateLimited(clientID, audience string, limit int, window time.Duration) *Error {
	e := invalidRequest("Client %s audience %s has exceeded the rate limit of %d tokens/%d seconds",
		clientID, audience, limit, int64(window/time.Second))
	e.RateLimited, e.Audience = true, audience
	return e
}

// duration says d in words: "15 minutes", "1 hour", "90 seconds", or
// Go's notation when it is not a whole number of seconds.
func duration(d time.Duration) string {
	unit := func(n int64, word string) string {
		if n == 1 {
			return "1 " + word
		}
		return fmt.Sprintf("%d %ss", n, word)
	}
	switch {
	case d%time.Hour == 0:
		return unit(int64(d/time.Hour), "hour")
	case d%time.Minute == 0:
		return unit(int64(d/time.Minute), "minute")
	case d%time.Second == 0:
		return unit(int64(d/time.Second), "second")
	}
	return d.String()
}

package api

import (
	"errors"
	"net/http"

	"github.com/levytax/levy"
	"github.com/levytax/levy/internal/httpbody"
	"github.com/levytax/levy/internal/jsonbody"
)

// statusOf maps each error code of Levy to the HTTP status that answers it.
// It is the only place where codes meet statuses; a code missing from it
// answers 500.
var statusOf = map[string]int{
	levy.EInvalid:      http.StatusBadRequest,
	levy.EUnauthorized: http.StatusUnauthorized,
	levy.EForbidden:    http.StatusForbidden,
	levy.ENotFound:     http.StatusNotFound,
	codeMethod:         http.StatusMethodNotAllowed,
	levy.EConflict:     http.StatusConflict,
	codeTimeout:        http.StatusRequestTimeout,
	levy.ETooLarge:     http.StatusRequestEntityTooLarge,
	levy.EUnsupported:  http.StatusUnsupportedMediaType,
	levy.EInternal:     http.StatusInternalServerError,
	levy.EUnavailable:  http.StatusServiceUnavailable,
	levy.ETooMany:      http.StatusTooManyRequests,
	codeCancelled:      statusClientClosed,
	codeDeadline:       http.StatusServiceUnavailable,
}

// codeMethod is the code of a request whose path exists but not with its
// method. Only the transport knows it, so it is not one of Levy's codes.
const codeMethod = "method_not_allowed"

// codeCancelled is the code of a request whose client went away (its
// context cancelled) before the answer was ready: a doing of the client
// that only the transport sees (see Server.fail).
const codeCancelled = "request_cancelled"

// statusClientClosed answers codeCancelled, though no client reads it:
// nginx's 499 (client closed request), which the logs and the metrics
// count apart from the server's faults (500) and the client's mistakes.
const statusClientClosed = 499

// codeDeadline is the code of a request whose deadline, set by the
// server that runs the API (a host's middleware, a context given to
// the handler), passed before the answer was ready: the server gave up
// on it, the client did not go away (see Server.fail). It answers 503,
// as net/http's TimeoutHandler does, so that a host's time limit is
// told alike whichever way it is set, and apart from the server's
// faults (500); without Retry-After, since the server cannot tell when
// the same request would end in time.
const codeDeadline = "deadline_exceeded"

// codeTimeout is the code of a request whose body did not arrive within
// the server's read timeout: a fault of the client or its network that
// only the transport sees.
const codeTimeout = "request_timeout"

// ErrorItem is one entry of an error answer. Target is the JSON path of
// the offending field, or the name of the path or query parameter or
// header; it is empty when the request as a whole is at fault.
type ErrorItem struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	Target  string `json:"target,omitempty"`
}

// ErrorBody is every error answer of the API.
type ErrorBody struct {
	Errors []ErrorItem `json:"errors"`
	Meta   Meta        `json:"meta"`
}

// classify turns err into the status and the items of its answer. Levy's
// own errors keep their code, field and message; jsonbody.ErrTooLarge is a
// body over the limit, or an array of more items than its body may
// decode to (named); a failure of reading the request body is the
// client's (httpbody.Classify: 400, 408 for a read timeout, 413 for a
// body over an http.MaxBytesReader); anything else is a fault, answered
// without detail.
func classify(err error) (int, []ErrorItem) {
	if errors.Is(err, jsonbody.ErrTooLarge) {
		item := ErrorItem{Code: levy.ETooLarge, Message: "the request body is larger than this server accepts"}
		// The decoder's words say the limit in bytes of a body over it,
		// sent in chunks as well as with a Content-Length, and name an
		// array whose items would take more memory than the body may.
		if le := (*levy.Error)(nil); errors.As(err, &le) && le.Message != "" {
			item.Message, item.Target = le.Message, le.Field
		}
		return http.StatusRequestEntityTooLarge, []ErrorItem{item}
	}
	if status, msg, ok := httpbody.Classify(err); ok {
		code := levy.EInvalid
		switch status {
		case http.StatusRequestTimeout:
			code = codeTimeout
		case http.StatusRequestEntityTooLarge:
			code = levy.ETooLarge
		}
		return status, []ErrorItem{{Code: code, Message: msg}}
	}
	var list levy.Errors
	if errors.As(err, &list) && len(list) > 0 {
		status := statusFor(list[0].Code)
		items := make([]ErrorItem, 0, len(list))
		for _, e := range list {
			if statusFor(e.Code) != status {
				continue
			}
			items = append(items, ErrorItem{Code: e.Code, Message: e.Message, Target: e.Field})
		}
		if status != http.StatusInternalServerError {
			return status, items
		}
	}
	var one *levy.Error
	if errors.As(err, &one) {
		if status := statusFor(one.Code); status != http.StatusInternalServerError {
			return status, []ErrorItem{{Code: one.Code, Message: one.Message, Target: one.Field}}
		}
	}
	return http.StatusInternalServerError, []ErrorItem{{Code: levy.EInternal, Message: "the server failed to answer"}}
}

// statusFor is statusOf with 500 for an unknown code.
func statusFor(code string) int {
	if s, ok := statusOf[code]; ok {
		return s
	}
	return http.StatusInternalServerError
}

// ErrorItems returns the HTTP status and the error items with which the
// API answers err, for the tools that report errors as the API does
// (levy batch writes them in its error records).
func ErrorItems(err error) (int, []ErrorItem) { return classify(err) }

package oauth

import (
	"net/http"
	"testing"

	"github.com/levytax/levy/auth"
)

// TestRefusals pins the answer to each refusal of package auth: its HTTP
// status and its OAuth error code.
func TestRefusals(t *testing.T) {
	for _, c := range []struct {
		code   string
		status int
		oauth  string
	}{
		{auth.CodeInvalidRequest, http.StatusBadRequest, "invalid_request"},
		{auth.CodeInvalidClient, http.StatusUnauthorized, "invalid_client"},
		{auth.CodeUnauthorizedClient, http.StatusBadRequest, "unauthorized_client"},
		{auth.CodeInvalidTarget, http.StatusBadRequest, "invalid_target"},
		{auth.CodeTemporarilyUnavailable, http.StatusServiceUnavailable, "temporarily_unavailable"},
		{auth.CodeThrottled, http.StatusTooManyRequests, "invalid_request"},
		{"no such code", http.StatusInternalServerError, "server_error"},
	} {
		e := refusal(&auth.Error{Code: c.code, Description: "why", RetryAfter: 3}, "Basic")
		if e.status != c.status || e.code != c.oauth || e.description != "why" || e.retryAfter != 3 || e.scheme != "Basic" {
			t.Errorf("%s: %+v, want %d %s", c.code, e, c.status, c.oauth)
		}
	}
	if len(refusals) != 6 {
		t.Errorf("%d refusals in the table; a new code of package auth needs its answer here", len(refusals))
	}
}

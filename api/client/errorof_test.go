package client_test

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/api/client"
)

// TestErrorOfStatuses answers each status a Levy server gives, with and
// without an errors envelope, and checks the code the client reports:
// the server's code when it is one of Levy's, else the status's, and
// internal only for a status that says nothing more.
func TestErrorOfStatuses(t *testing.T) {
	for _, c := range []struct {
		status int
		body   string
		want   string
	}{
		{503, `{"errors":[{"code":"unavailable","message":"the journal can not take writes"}]}`, levy.EUnavailable},
		{503, ``, levy.EUnavailable},
		{408, `{"errors":[{"code":"request_timeout","message":"the request body did not arrive in time"}]}`, levy.EUnavailable},
		{429, `{"errors":[{"code":"too_many","message":"busy"}]}`, levy.ETooMany},
		{413, `{"errors":[{"code":"too_large","message":"too large","target":"lineItems"}]}`, levy.ETooLarge},
		{400, `{"errors":[{"code":"invalid","message":"bad","target":"lineItems[0]"}]}`, levy.EInvalid},
		{500, `not json`, levy.EInternal},
		{502, ``, levy.EUnavailable},
		{504, `<html>gateway timeout</html>`, levy.EUnavailable},
	} {
		rec := httptest.NewRecorder()
		rec.WriteHeader(c.status)
		rec.WriteString(c.body)
		resp := rec.Result()
		resp.Status = http.StatusText(c.status)
		err := client.ErrorOf(resp)
		if got := levy.ErrorCode(err); got != c.want {
			t.Errorf("%d %q: code %q (%v), want %q", c.status, c.body, got, err, c.want)
		}
	}
}

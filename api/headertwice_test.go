package api

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestContentTypeTwiceWithTwoValues sends, over loopback, a body with
// two Content-Type lines that disagree. The first was taken and the
// second passed over: "application/json" then "text/plain" was
// calculated, "text/plain" then "application/json" refused 415, so a
// proxy or a firewall that reads the other line than Levy saw another
// request than Levy served. Which one the client meant cannot be told:
// it is refused, 400 naming Content-Type, on the API's routes and on the
// mounted ones. The same value twice is one type, and served.
func TestContentTypeTwiceWithTwoValues(t *testing.T) {
	h := newHarness(t, echoOperation())
	send := func(path, body string, types ...string) answer {
		t.Helper()
		req, err := http.NewRequest("POST", h.srv.URL+path, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range types {
			req.Header.Add("Content-Type", v)
		}
		resp, err := h.srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		checkAnswer(t, h.api, req, resp.StatusCode, resp.Header, b)
		return answer{resp.StatusCode, resp.Header, b}
	}
	for _, c := range []struct {
		name, path, body string
		types            []string
	}{
		{"JSON, then text", "/api/v2/supplies", quotation, []string{"application/json", "text/plain"}},
		{"text, then JSON", "/api/v2/supplies", quotation, []string{"text/plain", "application/json"}},
		{"two charsets", "/api/v2/supplies", quotation, []string{"application/json; charset=utf-8", "application/json; charset=iso-8859-1"}},
		{"a mounted route", "/echo", `{"a":"b"}`, []string{"application/json", "application/xml"}},
	} {
		a := send(c.path, c.body, c.types...)
		var eb ErrorBody
		if err := json.Unmarshal(a.body, &eb); err != nil || a.status != http.StatusBadRequest || len(eb.Errors) != 1 ||
			eb.Errors[0].Target != "Content-Type" || !strings.Contains(eb.Errors[0].Message, "2 times") {
			t.Errorf("%s: %d %.300s, want 400 naming Content-Type", c.name, a.status, a.body)
		}
	}
	if a := send("/api/v2/supplies", quotation, "application/json", "application/json"); a.status != http.StatusOK {
		t.Errorf("the same type twice: %d %.300s, want 200", a.status, a.body)
	}
}

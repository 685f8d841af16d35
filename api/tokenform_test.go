package api_test

import (
	"bufio"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestTokenEndpointRefusalsInOAuthForm sends, over loopback, token
// requests that the server refuses before the token endpoint's handler
// runs: a query it cannot read, a method the path does not serve, a body
// sent with a content coding, a body whose Content-Length is over the
// limit, and two different credentials. They were answered in the API's
// form ({"errors":[...],"meta":...}), which holds no "error" member,
// though the service's specification says that a refusal of a token
// endpoint is a JSON object with one, as RFC 6749 §5.2 has it, and the
// server's own OpenAPI document described its 400 so. OAuth clients read
// "error" and found none. Each is now in the form of RFC 6749
// (invalid_request), with its status and headers as before, and matches
// the OpenAPI document.
func TestTokenEndpointRefusalsInOAuthForm(t *testing.T) {
	s := newBadServer(t)
	grant := "grant_type=client_credentials"
	for _, c := range []struct {
		name, method, path, body string
		header                   []string
		status                   int
		also                     string // a header the answer must have
	}{
		{"a broken query", "POST", "/oauth/token?trace=%zz", grant, nil, 400, ""},
		{"a semicolon in the query", "POST", "/cached/oauth/token?a=1;b=2", grant, nil, 400, ""},
		{"GET", "GET", "/oauth/token", "", nil, 405, "Allow"},
		{"DELETE at the caching endpoint", "DELETE", "/cached/oauth/token", "", nil, 405, "Allow"},
		{"gzip", "POST", "/oauth/token", grant, []string{"Content-Encoding", "gzip"}, 415, "Accept-Encoding"},
		{"two credentials", "POST", "/oseries-auth/oauth/token", grant,
			[]string{"Authorization", "Basic YTpi", "Authorization", "Basic Yzpk"}, 400, ""},
	} {
		req, err := http.NewRequest(c.method, s.url+c.path, strings.NewReader(c.body))
		if err != nil {
			t.Fatal(err)
		}
		if c.body != "" {
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		}
		for i := 0; i+1 < len(c.header); i += 2 {
			req.Header.Add(c.header[i], c.header[i+1])
		}
		resp, err := s.client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		checkOAuthForm(t, c.name, resp, b, c.status)
		if c.also != "" && resp.Header.Get(c.also) == "" {
			t.Errorf("%s: no %s header", c.name, c.also)
		}
		s.srv.CheckAnswer(t, req, resp.StatusCode, resp.Header, b)
	}

	// A body announced over the limit, refused before a byte of it is
	// read: sent by hand, since a client would send the body.
	conn, err := net.Dial("tcp", strings.TrimPrefix(s.url, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(30 * time.Second))
	if _, err := io.WriteString(conn, "POST /oauth/token HTTP/1.1\r\nHost: levy\r\nContent-Type: application/x-www-form-urlencoded\r\n"+
		"Content-Length: "+strconv.Itoa(bodyLimit+1)+"\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	checkOAuthForm(t, "a Content-Length over the limit", resp, b, 413)
}

// checkOAuthForm checks that resp, whose body is b, is a refusal of
// status in the form of RFC 6749 §5.2: invalid_request with a
// description, and nothing else.
func checkOAuthForm(t *testing.T, name string, resp *http.Response, b []byte, status int) {
	t.Helper()
	var oe map[string]any
	if err := json.Unmarshal(b, &oe); err != nil || resp.StatusCode != status || oe["error"] != "invalid_request" ||
		oe["error_description"] == "" || len(oe) != 2 {
		t.Errorf("%s: %d %s, want %d in the form of RFC 6749 (invalid_request)", name, resp.StatusCode, clipped(b), status)
	}
	if !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") || resp.Header.Get("Cache-Control") != "no-store" {
		t.Errorf("%s: Content-Type %q, Cache-Control %q", name, resp.Header.Get("Content-Type"), resp.Header.Get("Cache-Control"))
	}
}

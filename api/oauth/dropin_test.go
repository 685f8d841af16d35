package oauth_test

import (
	"bufio"
	"context"
	"encoding/base64"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"golang.org/x/oauth2"
	"golang.org/x/oauth2/clientcredentials"

	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/auth/authtest"
)

// The token requests of real clients of the wire format, byte for byte
// as they put them on the wire: none of them sends an audience. In the
// headers, %[1]s is the host, %[2]d the length of the body and %[3]s the
// credentials of HTTP Basic where the client sends them there.
var clientShapes = []struct {
	name    string
	headers []string // in the client's order
	body    string   // the body, with CLIENT and SECRET for the credential
	basic   bool     // the credentials go in %[3]s, form-encoded (RFC 6749 §2.3.1)
}{
	// axios 1.x in Node with a URLSearchParams body: axios sets the form
	// type with a charset and no space before it.
	{name: "axios URLSearchParams", headers: axiosNode("Content-Type: application/x-www-form-urlencoded;charset=utf-8"), body: formBody},
	// axios 1.x in Node with the body as a string: no Content-Type.
	{name: "axios string body in Node", headers: axiosNode(), body: formBody},
	// axios 1.x in a browser with the body as a string: the browser
	// labels it text/plain.
	{name: "axios string body in a browser", headers: []string{"Host: %[1]s", "Connection: keep-alive", "Content-Length: %[2]d",
		"Accept: application/json, text/plain, */*", "Content-Type: text/plain;charset=UTF-8", "Origin: https://shop.example",
		"Accept-Encoding: gzip, deflate, br, zstd"}, body: formBody},
	// axios 0.x posts a string as a form by default.
	{name: "axios 0.x string body", headers: []string{"Accept: application/json, text/plain, */*",
		"Content-Type: application/x-www-form-urlencoded", "User-Agent: axios/0.27.2", "Content-Length: %[2]d", "Host: %[1]s",
		"Connection: close"}, body: formBody},
	// OkHttp 4 with a FormBody: OkHttp's bridge adds its headers after
	// the application's.
	{name: "OkHttp FormBody", headers: okHTTP("Accept: application/json"), body: formBody},
	// OkHttp 4 with Credentials.basic(URLEncoder.encode(id),
	// URLEncoder.encode(secret)) and only the grant in the body.
	{name: "OkHttp Basic", headers: okHTTP("Authorization: Basic %[3]s"), body: "grant_type=client_credentials", basic: true},
	// A Kill Bill-style generated Java client: a JSON body written by
	// Jackson, which writes the null fields too.
	{name: "Kill Bill-style JSON", headers: []string{"Host: %[1]s", "Accept: application/json", "Content-Type: application/json; charset=UTF-8",
		"User-Agent: AHC/2.1", "Content-Length: %[2]d"},
		body: `{"grant_type":"client_credentials","client_id":"CLIENT","client_secret":"SECRET","audience":null,"scope":null}`},
}

// formBody is the form that axios and OkHttp users write, in their order.
const formBody = "grant_type=client_credentials&client_id=CLIENT&client_secret=SECRET"

// axiosNode returns the headers of axios 1.x in Node around contentType.
func axiosNode(contentType ...string) []string {
	h := append([]string{"Accept: application/json, text/plain, */*"}, contentType...)
	return append(h, "User-Agent: axios/1.7.9", "Content-Length: %[2]d", "Accept-Encoding: gzip, compress, deflate, br",
		"Host: %[1]s", "Connection: keep-alive")
}

// okHTTP returns the headers of OkHttp 4 after the application's own.
func okHTTP(own string) []string {
	return []string{own, "Content-Type: application/x-www-form-urlencoded", "Content-Length: %[2]d", "Host: %[1]s",
		"Connection: Keep-Alive", "Accept-Encoding: gzip", "User-Agent: okhttp/4.12.0"}
}

// rawRequest sends request, the exact bytes of an HTTP/1.1 request, on a
// new loopback connection to the server and reads the answer.
func (f *fixture) rawRequest(t *testing.T, request string) reply {
	t.Helper()
	conn, err := net.Dial("tcp", f.srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(30 * time.Second))
	if _, err := io.WriteString(conn, request); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	return readReply(resp)
}

// quotation is the golden two-line quotation from Seattle to Los Angeles,
// whose total tax is 5.85.
func quotation(t testing.TB) string {
	t.Helper()
	b, err := os.ReadFile("../../engine/testdata/golden/sale-us-ca-los-angeles-quotation.request.json")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// calculate posts the quotation to /vertex-ws/v2/supplies with tok and
// checks its total tax.
func (f *fixture) calculate(t *testing.T, tok string) {
	t.Helper()
	r := f.send(t, "POST", "/vertex-ws/v2/supplies", "application/json", quotation(t), "Authorization", "Bearer "+tok)
	data, _ := r.body["data"].(map[string]any)
	if r.status != 200 || data["totalTax"] != 5.85 {
		t.Fatalf("calculation with the token: %d %.300s", r.status, r.raw)
	}
}

// TestRealClientShapes replays the token requests of real clients, none
// of which sends an audience, and calculates with each token.
func TestRealClientShapes(t *testing.T) {
	f := setup(t)
	host := f.srv.Listener.Addr().String()
	for _, c := range clientShapes {
		t.Run(c.name, func(t *testing.T) {
			cred, secret := authtest.Credential(t, f.iss, "acme", oauth.DefaultAudience)
			body := strings.NewReplacer("CLIENT", cred.ClientID, "SECRET", secret).Replace(c.body)
			var basicCreds string
			if c.basic {
				basicCreds = base64.StdEncoding.EncodeToString([]byte(url.QueryEscape(cred.ClientID) + ":" + url.QueryEscape(secret)))
			}
			head := "POST /oseries-auth/oauth/token HTTP/1.1\r\n" + strings.Join(c.headers, "\r\n") + "\r\n\r\n"
			r := f.rawRequest(t, fmt.Sprintf(head, host, len(body), basicCreds)+body)
			tok, _ := r.body["access_token"].(string)
			if r.status != 200 || tok == "" || r.body["token_type"] != "Bearer" {
				t.Fatalf("token: %d %s", r.status, r.raw)
			}
			cl, err := f.iss.Verify(tok)
			if err != nil || cl.Audience != oauth.DefaultAudience || cl.Client != cred.ClientID {
				t.Fatalf("the token: %+v, %v", cl, err)
			}
			f.calculate(t, tok)
		})
	}
}

// TestGoClientCredentials has golang.org/x/oauth2/clientcredentials get
// its token without an audience, in both of its ways of authenticating,
// and calculate with it.
func TestGoClientCredentials(t *testing.T) {
	f := setup(t)
	f.clk.set(time.Now()) // the library judges expiry with the real clock
	for _, style := range []oauth2.AuthStyle{oauth2.AuthStyleAutoDetect, oauth2.AuthStyleInHeader, oauth2.AuthStyleInParams} {
		cred, secret := authtest.Credential(t, f.iss, "acme", oauth.DefaultAudience)
		cfg := clientcredentials.Config{ClientID: cred.ClientID, ClientSecret: secret,
			TokenURL: f.srv.URL + "/oseries-auth/oauth/token", AuthStyle: style}
		tok, err := cfg.Token(context.Background())
		if err != nil {
			t.Fatalf("style %d: %v", style, err)
		}
		f.calculate(t, tok.AccessToken)
		hc := cfg.Client(context.Background())
		resp, err := hc.Post(f.srv.URL+"/vertex-ws/v2/supplies", "application/json", strings.NewReader(quotation(t)))
		if err != nil {
			t.Fatal(err)
		}
		_ = resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Fatalf("style %d: calculation through the client: %s", style, resp.Status)
		}
	}
}

// TestImplicitAudience covers the token endpoints without an audience: a
// credential with several audiences must name one; the rate limit counts
// the implicit audience with the explicit one.
func TestImplicitAudience(t *testing.T) {
	f := setup(t)
	two, twoSecret := authtest.Credential(t, f.iss, "acme", oauth.DefaultAudience, oauth.DefaultAdminAudience)
	for _, path := range []string{"/oauth/token", "/oseries-auth/oauth/token", "/cached/oauth/token"} {
		r := f.send(t, "POST", path, formType, form("grant_type", "client_credentials", "client_id", two.ClientID, "client_secret", twoSecret))
		want := `the parameter audience is required: client ` + two.ClientID + ` may request tokens for "verx://migration-api", "levy://admin"; name one`
		if r.status != 400 || r.body["error"] != "invalid_request" || r.body["error_description"] != want {
			t.Errorf("%s, two audiences: %d %s", path, r.status, r.raw)
		}
	}
	// A wrong secret learns nothing of the audiences.
	r := f.send(t, "POST", "/oauth/token", formType, form("grant_type", "client_credentials", "client_id", two.ClientID, "client_secret", "wrong"))
	if r.status != 401 || strings.Contains(r.raw, "migration-api") {
		t.Errorf("wrong secret, no audience: %d %s", r.status, r.raw)
	}

	one, oneSecret := authtest.Credential(t, f.iss, "acme", oauth.DefaultAudience)
	implicit := form("grant_type", "client_credentials", "client_id", one.ClientID, "client_secret", oneSecret)
	explicit := form("grant_type", "client_credentials", "client_id", one.ClientID, "client_secret", oneSecret, "audience", oauth.DefaultAudience)
	cached := f.send(t, "POST", "/cached/oauth/token", formType, implicit)
	if cached.status != 200 {
		t.Fatalf("cached, implicit: %d %s", cached.status, cached.raw)
	}
	for n := range 10 {
		body := implicit
		if n%2 == 1 {
			body = explicit
		}
		if r := f.send(t, "POST", "/oseries-auth/oauth/token", formType, body); r.status != 200 {
			t.Fatalf("token %d: %d %s", n+1, r.status, r.raw)
		}
	}
	r = f.send(t, "POST", "/oseries-auth/oauth/token", formType, implicit)
	want := "Client " + one.ClientID + " audience " + oauth.DefaultAudience + " has exceeded the rate limit of 10 tokens/28800 seconds"
	if r.status != 400 || r.body["error_description"] != want {
		t.Fatalf("eleventh, implicit: %d %s", r.status, r.raw)
	}
	if r := f.send(t, "POST", "/cached/oauth/token", formType, implicit); r.status != 200 || r.body["access_token"] != cached.body["access_token"] {
		t.Fatalf("cached after the limit: %d %s", r.status, r.raw)
	}
}

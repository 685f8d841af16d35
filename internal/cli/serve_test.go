package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"os/signal"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/levytax/levy/internal/pgtest"
)

// TestMain lets a test run levy as a child process (for the signal
// test): LEVY_TEST_MAIN=1 makes the test binary act as levy, as
// cmd/levy's main does.
// Otherwise it runs the tests with a throwaway PostgreSQL cluster for
// those of several nodes (pgtest).
func TestMain(m *testing.M) {
	if os.Getenv("LEVY_TEST_MAIN") == "1" {
		args := os.Args[1:]
		if len(args) > 0 && args[0] == "--" {
			args = args[1:]
		}
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		code := Run(ctx, args, os.Stdin, os.Stdout, os.Stderr)
		stop()
		os.Exit(code)
	}
	os.Exit(pgtest.Main(m))
}

// startServe runs levy serve in this process until the returned stop is
// called, and returns its base URL once it is ready.
func startServe(t *testing.T, dir string, c serveConfig, args ...string) (base string, stop func() error, logs *strings.Builder, token string) {
	t.Helper()
	return startServeOut(t, dir, c, &syncBuilder{}, args...)
}

// startServeOut is startServe, writing what serve prints on its standard
// output into out.
func startServeOut(t *testing.T, dir string, c serveConfig, out *syncBuilder, args ...string) (base string, stop func() error, logs *strings.Builder, token string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	addr := make(chan string, 1)
	c.listening = func(a string) { addr <- a }
	logs = &strings.Builder{}
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		err := runServe(ctx, append([]string{"--addr", "127.0.0.1:0", "--data-dir", dir, "--log-format", "text", "--dev"}, args...), out, pw, c)
		pw.Close()
		done <- err
	}()
	lines := make(chan struct{})
	go func() {
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			logs.WriteString(sc.Text() + "\n")
		}
		close(lines)
	}()
	select {
	case a := <-addr:
		base = "http://" + a
	case err := <-done:
		t.Fatalf("serve ended before listening: %v", err)
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not listen")
	}
	waitReady(t, base)
	return base, func() error {
		cancel()
		err := <-done
		<-lines
		return err
	}, logs, devToken(t, base, out.String())
}

// syncBuilder is a strings.Builder safe for a writer and a reader.
type syncBuilder struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuilder) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuilder) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// devToken gets a token with the development credential that levy serve
// --dev printed.
func devToken(t *testing.T, base, printed string) string {
	t.Helper()
	resp, err := http.PostForm(base+"/oauth/token", devForm(t, printed))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var tok struct {
		AccessToken string `json:"access_token"`
		TokenType   string `json:"token_type"`
		ExpiresIn   int    `json:"expires_in"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&tok); err != nil || resp.StatusCode != 200 || tok.AccessToken == "" ||
		tok.TokenType != "Bearer" || tok.ExpiresIn <= 0 || resp.Header.Get("Cache-Control") != "no-store" {
		t.Fatalf("token: %d %v %+v", resp.StatusCode, err, tok)
	}
	return tok.AccessToken
}

// devForm is the token request of the development credential that
// levy serve --dev printed.
func devForm(t *testing.T, printed string) url.Values {
	t.Helper()
	field := func(name string) string {
		for _, l := range strings.Split(printed, "\n") {
			if v, ok := strings.CutPrefix(strings.TrimSpace(l), name+":"); ok {
				return strings.TrimSpace(v)
			}
		}
		t.Fatalf("no %s in the --dev output:\n%s", name, printed)
		return ""
	}
	return url.Values{"grant_type": {"client_credentials"}, "client_id": {field("client_id")},
		"client_secret": {field("client_secret")}, "audience": {"verx://migration-api"}}
}

// authed sends a request with the bearer token.
func authed(t *testing.T, method, url, token string, body io.Reader) *http.Response {
	t.Helper()
	req, err := http.NewRequest(method, url, body)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+token)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

// waitReady polls /healthz until it answers 200.
func waitReady(t *testing.T, base string) {
	t.Helper()
	deadline := time.Now().Add(readyScale * 20 * time.Second)
	for time.Now().Before(deadline) {
		resp, err := http.Get(base + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return
			}
			if resp.StatusCode != http.StatusServiceUnavailable {
				t.Fatalf("healthz answered %s while starting", resp.Status)
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatal("the server did not become ready")
}

const serveQuotation = `{"saleMessageType":"INVOICE","transactionId":"serve-1","transactionType":"SALE","documentDate":"2026-06-01",
 "seller":{"company":"ACME"},
 "customer":{"destination":{"streetAddress1":"200 N Spring St","city":"Los Angeles","mainDivision":"CA","postalCode":"90012","country":"US"}},
 "lineItems":[{"lineItemId":"1","quantity":{"value":2},"unitPrice":19.99}]}`

func TestServe(t *testing.T) {
	dir := t.TempDir()
	base, stop, _, token := startServe(t, dir, serveConfig{})
	if resp, err := http.Post(base+"/api/v2/supplies", "application/json", strings.NewReader(serveQuotation)); err != nil || resp.StatusCode != 401 {
		t.Fatalf("without a token: %v %v", resp, err)
	}
	resp := authed(t, "POST", base+"/api/v2/supplies", token, strings.NewReader(serveQuotation))
	var body struct {
		Data struct {
			TotalTax json.Number `json:"totalTax"`
		} `json:"data"`
		Meta struct {
			App string `json:"app"`
		} `json:"meta"`
	}
	err := json.NewDecoder(resp.Body).Decode(&body)
	resp.Body.Close()
	if err != nil || resp.StatusCode != 200 || body.Data.TotalTax == "" || !strings.HasPrefix(body.Meta.App, "levy ") {
		t.Fatalf("supplies: %d %v %+v", resp.StatusCode, err, body)
	}
	if err := stop(); err != nil {
		t.Fatalf("shutdown: %v", err)
	}
	// The invoice is in the journal of the data directory, which the
	// server closed cleanly. A --dev start gave the development credential
	// a new secret, which retires the tokens of the first run.
	base, stop, _, second := startServe(t, dir, serveConfig{})
	if resp := authed(t, "GET", base+"/api/v2/transaction-exists/serve-1", token, nil); resp.StatusCode != 401 {
		t.Errorf("a token of the retired secret answered %s", resp.Status)
	}
	resp = authed(t, "GET", base+"/api/v2/transaction-exists/serve-1", second, nil)
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(b), `"transactionExistsIndicator":"true"`) {
		t.Fatalf("after a restart: %s", b)
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}
}

// TestServeFinishesRequestsInFlight starts a request, begins the shutdown
// while its body is still arriving, and expects a complete answer. The
// shutdown begins once the server has begun reading the request (its
// connection is active): it waited a fixed 50 ms for that before, and on
// a loaded machine the shutdown could close the listener before the
// server had accepted the connection, which the client saw reset.
func TestServeFinishesRequestsInFlight(t *testing.T) {
	shutdown := make(chan struct{})
	var watching atomic.Bool
	active := make(chan struct{}, 1)
	base, stop, logs, token := startServe(t, t.TempDir(), serveConfig{shutdownStarted: func() { close(shutdown) },
		connState: func(_ net.Conn, s http.ConnState) {
			if s == http.StateActive && watching.Load() {
				select {
				case active <- struct{}{}:
				default:
				}
			}
		}})
	// From here on, the only request is the one in flight.
	watching.Store(true)
	pr, pw := io.Pipe()
	type result struct {
		status int
		err    error
	}
	got := make(chan result, 1)
	go func() {
		req, _ := http.NewRequest("POST", base+"/api/v2/supplies", pr)
		req.Header.Set("Authorization", "Bearer "+token)
		// A body of known length: sent chunked, its last chunk could
		// arrive after the answer, which a server shutting down then
		// closes the connection on unread, and the client sees reset.
		req.ContentLength = int64(len(serveQuotation))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			got <- result{0, err}
			return
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		got <- result{resp.StatusCode, nil}
	}()
	half := len(serveQuotation) / 2
	if _, err := io.WriteString(pw, serveQuotation[:half]); err != nil {
		t.Fatal(err)
	}
	select {
	case <-active: // the server is reading the request
	case r := <-got:
		t.Fatalf("the request ended before the server read it: %d %v", r.status, r.err)
	case <-time.After(time.Minute):
		t.Fatal("the server did not begin reading the request")
	}
	stopped := make(chan error, 1)
	go func() { stopped <- stop() }()
	<-shutdown
	if _, err := io.WriteString(pw, serveQuotation[half:]); err != nil {
		t.Fatal(err)
	}
	pw.Close()
	if r := <-got; r.err != nil || r.status != 200 {
		t.Fatalf("request in flight: %d %v", r.status, r.err)
	}
	if err := <-stopped; err != nil {
		t.Fatalf("shutdown: %v", err)
	}
	if !strings.Contains(logs.String(), "msg=stopped") {
		t.Errorf("logs:\n%s", logs.String())
	}
}

// TestServeSIGTERM runs the real binary's main and stops it with SIGTERM.
func TestServeSIGTERM(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a child process")
	}
	cmd := exec.Command(os.Args[0], "--", "serve", "--addr", "127.0.0.1:0", "--log-format", "json")
	cmd.Env = append(os.Environ(), "LEVY_TEST_MAIN=1", "LEVY_DATA_DIR="+t.TempDir(), "LEVY_SECRETS_KEY_INSECURE_NONE=1")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(stderr)
	var base string
	var all strings.Builder
	for sc.Scan() {
		all.WriteString(sc.Text() + "\n")
		var line struct {
			Msg  string `json:"msg"`
			Addr string `json:"addr"`
		}
		if json.Unmarshal(sc.Bytes(), &line) == nil && line.Msg == "listening" {
			base = "http://" + line.Addr
			break
		}
	}
	if base == "" {
		cmd.Process.Kill()
		t.Fatalf("no listening line:\n%s", all.String())
	}
	waitReady(t, base)
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	rest, _ := io.ReadAll(stderr)
	all.Write(rest)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("exit after SIGTERM: %v\n%s", err, all.String())
	}
	if !strings.Contains(all.String(), `"msg":"stopped"`) {
		t.Errorf("logs:\n%s", all.String())
	}
}

func TestServeConfiguration(t *testing.T) {
	var c serveConfig
	fs := serveFlags(&c)
	if err := fs.Parse([]string{"--addr", "127.0.0.1:9999"}); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"LEVY_ADDR": "0.0.0.0:1", "LEVY_DATA_DIR": "/srv/levy", "LEVY_MAX_BODY": "1024", "LEVY_WRITE_TIMEOUT": "5s",
		"LEVY_CONTENT": "sst:/srv/MNR.csv, /srv/MNB.csv", "LEVY_CONTENT_DATE": "2026-04-01",
		"LEVY_EXPORT_TIMEOUT": "90s", "LEVY_EXPORTS_PER_TENANT": "3"}
	if err := fromEnv(fs, func(_, k string) string { return env[k] }); err != nil {
		t.Fatal(err)
	}
	if c.addr != "127.0.0.1:9999" || c.dataDir != "/srv/levy" || c.maxBody != 1024 || c.write != 5*time.Second ||
		c.exportTimeout != 90*time.Second || c.exportsPerTenant != 3 {
		t.Fatalf("config %+v", c)
	}
	if src := c.content.sources(); len(src) != 2 || src[0].Format != "sst" || src[0].Path != "/srv/MNR.csv" || src[1].Path != "/srv/MNB.csv" ||
		c.content.date.d.String() != "2026-04-01" {
		t.Errorf("content from the environment: %+v, %s", src, c.content.date.d)
	}
	env["LEVY_MAX_BODY"] = "lots"
	if err := fromEnv(serveFlags(&c), func(_, k string) string { return env[k] }); err == nil || !strings.Contains(err.Error(), "LEVY_MAX_BODY") {
		t.Fatalf("a bad variable: %v", err)
	}
	for _, args := range [][]string{{"serve"}, {"serve", "--data-dir", t.TempDir(), "extra"}, {"serve", "--data-dir", t.TempDir(), "--log-format", "xml"}} {
		if code, _, errOut := runCLI(t, args...); code != 2 || errOut == "" {
			t.Errorf("%v: exit %d %q", args, code, errOut)
		}
	}
	// The bounds of exports can be set, not lifted.
	for flag, v := range map[string]string{"--export-timeout": "0s", "--exports-per-tenant": "0"} {
		if code, _, errOut := runCLI(t, "serve", "--data-dir", t.TempDir(), flag, v); code != 2 || !strings.Contains(errOut, flag+" "+v) {
			t.Errorf("%s %s: exit %d %q", flag, v, code, errOut)
		}
	}
}

// TestServeDevRestarts starts --dev a dozen times on one data directory,
// more than the token rate limit of one credential allows: each start's
// printed credential still gets a token, and the printed shell line sets
// TOKEN to a token, or leaves it empty and shows the refusal.
func TestServeDevRestarts(t *testing.T) {
	dir := t.TempDir()
	for range 12 {
		// startServe fails the test unless the printed credential gets a
		// token.
		_, stop, _, _ := startServe(t, dir, serveConfig{})
		if err := stop(); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := exec.LookPath("curl"); err != nil {
		t.Skip("no curl to run the printed commands")
	}
	var out syncBuilder
	base, stop, _, _ := startServeOut(t, dir, serveConfig{}, &out)
	defer stop()
	line := ""
	for _, l := range strings.Split(out.String(), "\n") {
		if strings.Contains(l, "RESP=$(curl") {
			line = strings.TrimSpace(l)
		}
	}
	if line == "" || !strings.Contains(line, base) {
		t.Fatalf("no token line for %s in:\n%s", base, out.String())
	}
	run := func(line string) (token, stderr string) {
		cmd := exec.Command("bash", "-c", line+`; printf '%s' "$TOKEN"`)
		var o, e bytes.Buffer
		cmd.Stdout, cmd.Stderr = &o, &e
		_ = cmd.Run()
		return o.String(), e.String()
	}
	if tok, errOut := run(line); tok == "" || strings.ContainsAny(tok, " {\"") || errOut != "" {
		t.Errorf("the printed line gave TOKEN %q, stderr %q", tok, errOut)
	}
	bad := regexp.MustCompile(`client_secret=[A-Za-z0-9_-]+`).ReplaceAllString(line, "client_secret=wrong")
	if tok, errOut := run(bad); tok != "" || !strings.Contains(errOut, "no token") || !strings.Contains(errOut, "invalid_client") {
		t.Errorf("a refused request gave TOKEN %q, stderr %q", tok, errOut)
	}
}

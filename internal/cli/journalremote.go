package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"

	"github.com/levytax/levy"
	"github.com/levytax/levy/api/client"
	"github.com/levytax/levy/api/journaladmin"
	"github.com/levytax/levy/auth"
	"github.com/levytax/levy/journal"
)

// remote is a running levy serve that the journal commands read through,
// with the admin credential they ask a token for.
type remote struct {
	base     string // the server's root URL, without the /admin/v1 path
	clientID string
	secret   string
	audience string
	// insecure lets an http:// server that is not this machine have the
	// secret and the token unencrypted (--insecure-http).
	insecure bool
}

// serverClient returns the HTTP client of the commands that work through
// a server (--server). It follows no redirect: a token request followed
// to the redirect's host would post the client's secret there (a 307 or
// 308 sends the body again), and an admin request its bearer token (Go
// keeps the Authorization header for another port or scheme of the same
// host). A redirect is refused instead (see redirected), naming its
// target, so that the user gives --server that URL if it is Levy's. The
// client sends through the transport ctx carries under
// serverTransportKey, a test's, else Go's default one.
func serverClient(ctx context.Context) *http.Client {
	c := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	if rt, ok := ctx.Value(serverTransportKey{}).(http.RoundTripper); ok {
		c.Transport = rt
	}
	return c
}

// serverTransportKey is the context key of the transport through which
// serverClient sends, which tests set to see what would cross the
// network.
type serverTransportKey struct{}

// do sends req, made with ctx, with a token of the admin credential
// through serverClient, and returns the answer unless it is a redirect.
// The caller closes the answer's body.
func (r *remote) do(ctx context.Context, req *http.Request) (*http.Response, error) {
	tok, err := r.token(ctx)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+tok)
	resp, err := serverClient(ctx).Do(req)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", req.Method, req.URL.Redacted(), err)
	}
	if err := r.redirected(resp); err != nil {
		resp.Body.Close()
		return nil, err
	}
	return resp, nil
}

// redirected returns the error of an answer of the server that is a
// redirect, or nil.
func (r *remote) redirected(resp *http.Response) error {
	if resp.StatusCode < 300 || resp.StatusCode > 399 || resp.StatusCode == http.StatusNotModified {
		return nil
	}
	return fmt.Errorf("%s answered %s, a redirect to %q, which Levy does not follow with a credential: give --server the URL of levy serve itself",
		r.base, resp.Status, clip([]byte(resp.Header.Get("Location"))))
}

// check refuses a server URL that is not one and a missing credential,
// before anything is sent.
func (r *remote) check() error {
	u, err := url.Parse(r.base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return badFlag("server", "--server %q: want the http or https URL of a running levy serve, such as http://127.0.0.1:8080", r.base)
	}
	if u.Scheme == "http" && !loopbackHost(u.Hostname()) && !r.insecure {
		return badFlag("server", "--server %q is http to %s, another machine: the client secret and the admin token would cross the network unencrypted; "+
			"give --server the https URL of levy serve (behind a TLS proxy), or add --insecure-http to send them anyway over a network you trust", r.base, u.Hostname())
	}
	r.base = strings.TrimRight(r.base, "/")
	if err := auth.CheckAudience(r.audience); err != nil {
		return badFlag("audience", "--audience %q (or %s): %v", r.audience, adminAudEnv, err)
	}
	if r.clientID == "" || r.secret == "" {
		return badFlags([]string{"server", "client-id", "client-secret"}, fmt.Sprintf("--server needs an admin credential: --client-id and --client-secret (env %s and %s) of a credential with audience %s "+
			"(levy clients create --tenant T --audience %s)", clientIDEnv, clientSecretEnv, r.audience, r.audience))
	}
	return nil
}

// loopbackHost reports whether host, as a URL names it, is this machine:
// localhost or a loopback address (127.0.0.0/8, ::1), to which plain
// http crosses no network.
func loopbackHost(host string) bool {
	if strings.EqualFold(strings.TrimSuffix(host, "."), "localhost") {
		return true
	}
	a, err := netip.ParseAddr(host)
	return err == nil && a.Unmap().IsLoopback()
}

// token asks the server's caching token endpoint for an access token of
// the admin audience. The caching endpoint gives back the token issued
// last while it lasts, so that commands run one after the other do not
// spend the credential's token rate limit.
func (r *remote) token(ctx context.Context) (string, error) {
	form := url.Values{"grant_type": {"client_credentials"}, "client_id": {r.clientID}, "client_secret": {r.secret}, "audience": {r.audience}}
	req, err := http.NewRequestWithContext(ctx, "POST", r.base+"/cached/oauth/token", strings.NewReader(form.Encode()))
	if err != nil {
		return "", fmt.Errorf("asking %s for a token: %w", r.base, err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := serverClient(ctx).Do(req)
	if err != nil {
		return "", fmt.Errorf("asking %s for a token: %w", r.base, err)
	}
	defer resp.Body.Close()
	if err := r.redirected(resp); err != nil {
		return "", err
	}
	var answer struct {
		AccessToken string `json:"access_token"`
		Error       string `json:"error"`
		Description string `json:"error_description"`
	}
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if err := json.Unmarshal(body, &answer); err != nil || (resp.StatusCode == http.StatusOK && answer.AccessToken == "") {
		return "", fmt.Errorf("asking %s for a token: the answer %s is not a token endpoint's: %s; is --server the URL of levy serve?", r.base, resp.Status, clip(body))
	}
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("%s refused the admin credential %s (audience %s): %s: %s", r.base, r.clientID, r.audience, answer.Error, answer.Description)
	}
	return answer.AccessToken, nil
}

// get sends an admin request of the journal with a token and returns the
// answer when it is 200, or the server's errors.
func (r *remote) get(ctx context.Context, path string, q url.Values) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, "GET", r.base+path+"?"+q.Encode(), nil)
	if err != nil {
		return nil, fmt.Errorf("GET %s: %w", path, err)
	}
	resp, err := r.do(ctx, req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode == http.StatusOK {
		return resp, nil
	}
	defer resp.Body.Close()
	return nil, &serverFault{base: r.base, status: resp.Status, err: client.ErrorOf(resp)}
}

// serverFault is a server's error answer to an admin request: the
// server, the answer's status and its errors (client.ErrorOf), which a
// command may rename to its own words before they are shown.
type serverFault struct {
	base, status string
	err          error
}

// Error names the server and the status, then every one of the
// server's errors.
func (f *serverFault) Error() string {
	var many levy.Errors
	if errors.As(f.err, &many) && len(many) > 1 {
		parts := make([]string, len(many))
		for i, e := range many {
			parts[i] = e.Error()
		}
		return fmt.Sprintf("%s answered %s: %s", f.base, f.status, strings.Join(parts, "; "))
	}
	return fmt.Sprintf("%s answered %s: %v", f.base, f.status, f.err)
}

// clip shortens an unexpected answer for an error message.
func clip(b []byte) string {
	b = bytes.TrimSpace(b)
	if len(b) > 200 {
		return string(b[:200]) + "..."
	}
	return string(b)
}

// query returns the query parameters of a journal command: the period,
// and the tenant when the command line named one (the server reads the
// credential's tenant, and refuses another).
func (a journalArgs) query() url.Values {
	q := url.Values{}
	if !a.from.IsZero() {
		q.Set("from", a.from.String())
	}
	if !a.to.IsZero() {
		q.Set("to", a.to.String())
	}
	if a.tenantGiven {
		q.Set("tenant", a.tenant)
	}
	return q
}

// report fetches the remittance report: of --company's transactions
// when the command names one (the report, or the export, whose progress
// bar counts them).
func (r *remote) report(ctx context.Context, a journalArgs) (*journal.Report, error) {
	q := a.query()
	if a.companyGiven {
		q.Set("company", a.company)
	}
	return getData[journal.Report](ctx, r, "/admin/v1/journal/report", q, "report", "report")
}

// getData gets path and returns the data member of its answer, which it
// must hold: the answer has no missing, or the reading of name fails.
func getData[T any](ctx context.Context, r *remote, path string, q url.Values, missing, name string) (*T, error) {
	resp, err := r.get(ctx, path, q)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var answer struct {
		Data *T `json:"data"`
	}
	err = json.NewDecoder(resp.Body).Decode(&answer)
	if err == nil && answer.Data == nil {
		err = errors.New("the answer has no " + missing)
	}
	if err != nil {
		return nil, fmt.Errorf("reading the %s of %s: %w", name, r.base, err)
	}
	return answer.Data, nil
}

// runJournalRemote runs a journal command through a running server.
func runJournalRemote(ctx context.Context, a journalArgs, stdout, stderr io.Writer) error {
	r := &a.remote
	if a.cmd == "intrastat" {
		d, err := r.intrastat(ctx, a)
		if err != nil {
			return err
		}
		return printIntrastat(d, a, stdout, stderr)
	}
	if a.cmd == "report" {
		rep, err := r.report(ctx, a)
		if err != nil {
			return err
		}
		if err := printReport(stdout, rep, a); err != nil {
			return err
		}
		return hintOtherCompanies(stderr, rep, a, func() (*journal.Report, error) {
			every := a
			every.companyGiven = false
			return r.report(ctx, every)
		})
	}
	return exportTo(a, stdout, stderr,
		func() (int, error) {
			rep, err := r.report(ctx, a)
			if err != nil {
				return 0, err
			}
			return rep.Transactions, nil
		},
		func(w io.Writer, progress func(int)) (int, error) {
			q := a.query()
			q.Set("format", string(a.format))
			if a.companyGiven {
				q.Set("company", a.company)
			}
			resp, err := r.get(ctx, "/admin/v1/journal/export", q)
			if err != nil {
				return 0, err
			}
			defer resp.Body.Close()
			if progress != nil && a.format == journal.JSONLines {
				w = &lineCounter{w: w, progress: progress}
			}
			if _, err := io.Copy(w, resp.Body); err != nil {
				return 0, fmt.Errorf("the export from %s broke off: %w", r.base, err)
			}
			// The trailers come after the body: they say whether it is
			// whole.
			if e := resp.Trailer.Get(journaladmin.TrailerError); e != "" {
				return 0, fmt.Errorf("the export from %s is incomplete: %s", r.base, e)
			}
			n, err := strconv.Atoi(resp.Trailer.Get(journaladmin.TrailerCount))
			if err != nil {
				return 0, fmt.Errorf("the export from %s ended without its %s trailer: it is incomplete", r.base, journaladmin.TrailerCount)
			}
			return n, nil
		},
		func() (*journal.Report, error) {
			every := a
			every.companyGiven = false
			return r.report(ctx, every)
		})
}

// lineCounter passes writes through and reports the lines written so
// far, one JSON line per transaction.
type lineCounter struct {
	w        io.Writer
	n        int
	progress func(int)
}

func (c *lineCounter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	if k := bytes.Count(p[:n], []byte{'\n'}); k > 0 {
		c.n += k
		c.progress(c.n)
	}
	return n, err
}

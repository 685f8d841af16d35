// Command authflood measures what a flood of token requests with random
// client IDs and secrets does to the legitimate traffic of a real `levy
// serve`: the latency of a legitimate client's first token (a credential
// that has not asked for one before, so its secret goes through argon2id)
// and of a calculation with it, first without the flood, then under it.
//
//	go run ./cmd/authflood [--levy BIN] [--threads 64] [--samples 30] [--flood-from 127.0.0.2] [--spread]
//
// Run it from the benchmarks directory; it builds the levy command from
// the repository beside it unless --levy names a binary (to measure
// another version, build that one and name it). The flood comes from
// --flood-from (another loopback address than the legitimate client's
// 127.0.0.1, as an attacker's would be); with --spread each flood request
// also claims a random address in X-Forwarded-For, and the server is
// started with --trusted-proxies 127.0.0.0/8, so the flood looks like
// one from many addresses. --serve-flag passes a flag to levy serve
// (repeatable).
//
// It prints the median, 90th percentile and maximum of each measurement
// in both phases, the ratio of the flood's medians and 90th percentiles
// to the quiet ones, and the answers the flood received.
package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/levytax/levy/benchmarks/stress"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "authflood:", err)
		os.Exit(1)
	}
}

// listFlag collects a repeated flag.
type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, " ") }
func (l *listFlag) Set(v string) error { *l = append(*l, v); return nil }

// config is what the command line asks for.
type config struct {
	bin       string
	threads   int
	samples   int
	calcs     int
	floodFrom string
	spread    bool
	warmup    time.Duration
	serve     listFlag
}

func run(ctx context.Context, args []string) error {
	var c config
	fs := flag.NewFlagSet("authflood", flag.ExitOnError)
	fs.StringVar(&c.bin, "levy", "", "the levy binary (default: build ../cmd/levy)")
	fs.IntVar(&c.threads, "threads", 64, "concurrent flood requests")
	fs.IntVar(&c.samples, "samples", 30, "legitimate first tokens per phase")
	fs.IntVar(&c.calcs, "calcs", 5, "calculations with each legitimate token")
	fs.StringVar(&c.floodFrom, "flood-from", "127.0.0.2", "the loopback address the flood connects from")
	fs.BoolVar(&c.spread, "spread", false, "claim a random address in X-Forwarded-For on each flood request (starts levy serve with --trusted-proxies 127.0.0.0/8)")
	fs.DurationVar(&c.warmup, "warmup", 2*time.Second, "how long the flood runs before the measurements under it start")
	fs.Var(&c.serve, "serve-flag", "a flag for levy serve, e.g. --serve-flag=--auth-hash-queue=16 (repeatable)")
	_ = fs.Parse(args)

	tmp, err := os.MkdirTemp("", "levy-authflood-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	if c.bin == "" {
		c.bin = filepath.Join(tmp, "levy")
		fmt.Fprintln(os.Stderr, "building levy")
		cmd := exec.CommandContext(ctx, "go", "build", "-o", c.bin, "./cmd/levy")
		cmd.Dir = ".."
		cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("build levy: %w", err)
		}
	}
	calc, err := os.ReadFile("../engine/testdata/golden/sale-us-ca-los-angeles-quotation.request.json")
	if err != nil {
		return err
	}
	dir := filepath.Join(tmp, "data")
	// The operator's credential, which creates the credentials of the
	// bench tenants.
	out, err := exec.CommandContext(ctx, c.bin, "clients", "create", "--data-dir", dir, "--tenant", "bench",
		"--operator", "--active-now").Output()
	if err != nil {
		return fmt.Errorf("create the operator's credential: %w", err)
	}
	var admin struct {
		ID     string `json:"client_id"`
		Secret string `json:"client_secret"`
	}
	if err := json.Unmarshal(out, &admin); err != nil {
		return fmt.Errorf("create the admin credential: %w", err)
	}
	extra := []string{"--token-rate-limit", "100000"}
	if c.spread {
		extra = append(extra, "--trusted-proxies", "127.0.0.0/8")
	}
	srv, err := stress.Start(ctx, c.bin, dir, append(extra, c.serve...)...)
	if err != nil {
		return err
	}
	defer func() { _ = srv.Stop() }()

	legit := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 4}, Timeout: 60 * time.Second}
	adminTok, err := token(ctx, legit, srv.Base, admin.ID, admin.Secret, "levy://operator")
	if err != nil {
		return fmt.Errorf("admin token: %w", err)
	}
	creds, err := credentials(ctx, legit, srv.Base, adminTok, 2*c.samples)
	if err != nil {
		return err
	}
	fmt.Printf("machine: %d cores (GOMAXPROCS %d), %s; levy %s; flood: %d threads from %s (spread: %v)\n",
		runtime.NumCPU(), runtime.GOMAXPROCS(0), time.Now().UTC().Format(time.DateTime), c.bin, c.threads, c.floodFrom, c.spread)

	quiet, err := measure(ctx, legit, srv.Base, creds[:c.samples], calc, c.calcs)
	if err != nil {
		return fmt.Errorf("quiet: %w", err)
	}
	fctx, stopFlood := context.WithCancel(ctx)
	f := &flood{base: srv.Base, from: c.floodFrom, spread: c.spread}
	var wg sync.WaitGroup
	for range c.threads {
		wg.Go(func() { f.run(fctx) })
	}
	time.Sleep(c.warmup)
	f.reset()
	start := time.Now()
	loud, err := measure(ctx, legit, srv.Base, creds[c.samples:], calc, c.calcs)
	elapsed := time.Since(start)
	counts := f.snapshot()
	stopFlood()
	wg.Wait()
	if err != nil {
		return fmt.Errorf("under the flood: %w", err)
	}

	fmt.Printf("%-22s %10s %10s %10s   %10s %10s %10s\n", "", "token p50", "p90", "max", "calc p50", "p90", "max")
	quiet.print("quiet")
	loud.print("under the flood")
	fmt.Printf("%-22s %10.2f %10.2f %10s   %10.2f %10.2f\n", "flood / quiet",
		ratio(loud.token, quiet.token, 50), ratio(loud.token, quiet.token, 90), "",
		ratio(loud.calc, quiet.calc, 50), ratio(loud.calc, quiet.calc, 90))
	total := 0
	for _, n := range counts {
		total += n
	}
	fmt.Printf("flood: %d requests in %v (%.0f/s):", total, elapsed.Round(time.Millisecond), float64(total)/elapsed.Seconds())
	for _, k := range slices.Sorted(maps.Keys(counts)) {
		fmt.Printf(" %s %d", k, counts[k])
	}
	fmt.Println()
	return nil
}

// credential is a client ID and its secret.
type credential struct {
	ID     string `json:"client_id"`
	Secret string `json:"client_secret"`
}

// credentials creates n credentials of the API's audience, active at
// once, through the admin route.
func credentials(ctx context.Context, hc *http.Client, base, adminTok string, n int) ([]credential, error) {
	out := make([]credential, n)
	for i := range out {
		req, _ := http.NewRequestWithContext(ctx, "POST", base+"/admin/v1/clients",
			strings.NewReader(fmt.Sprintf(`{"tenant":"bench%d","audiences":["verx://migration-api"],"activeNow":true}`, i)))
		req.Header.Set("Authorization", "Bearer "+adminTok)
		req.Header.Set("Content-Type", "application/json")
		var created struct{ Data credential }
		if err := do(hc, req, 201, &created); err != nil {
			return nil, fmt.Errorf("create credential %d: %w", i, err)
		}
		out[i] = created.Data
	}
	return out, nil
}

// do sends req and decodes its JSON answer into v if it has status want.
func do(hc *http.Client, req *http.Request, want int, v any) error {
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != want {
		return fmt.Errorf("%s %s: %s: %.300s", req.Method, req.URL.Path, resp.Status, b)
	}
	if v == nil {
		return nil
	}
	return json.Unmarshal(b, v)
}

// token asks /oauth/token for a token of audience.
func token(ctx context.Context, hc *http.Client, base, id, secret, audience string) (string, error) {
	form := url.Values{"grant_type": {"client_credentials"}, "client_id": {id}, "client_secret": {secret}, "audience": {audience}}
	req, _ := http.NewRequestWithContext(ctx, "POST", base+"/oauth/token", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	var tok struct {
		AccessToken string `json:"access_token"`
	}
	if err := do(hc, req, 200, &tok); err != nil {
		return "", err
	}
	return tok.AccessToken, nil
}

// phase is the latencies of one phase.
type phase struct{ token, calc []time.Duration }

func (p phase) print(name string) {
	q := func(d []time.Duration, pct int) string {
		return quantile(d, pct).Round(100 * time.Microsecond).String()
	}
	fmt.Printf("%-22s %10s %10s %10s   %10s %10s %10s\n", name, q(p.token, 50), q(p.token, 90), q(p.token, 100),
		q(p.calc, 50), q(p.calc, 90), q(p.calc, 100))
}

// quantile returns the pct-th percentile of d (nearest rank).
func quantile(d []time.Duration, pct int) time.Duration {
	if len(d) == 0 {
		return 0
	}
	s := slices.Sorted(slices.Values(d))
	i := (len(s)*pct + 99) / 100
	return s[max(i, 1)-1]
}

func ratio(a, b []time.Duration, pct int) float64 {
	return float64(quantile(a, pct)) / float64(quantile(b, pct))
}

// measure gets the first token of each credential and calculates calcs
// times with it, timing each request.
func measure(ctx context.Context, hc *http.Client, base string, creds []credential, body []byte, calcs int) (phase, error) {
	var p phase
	for _, c := range creds {
		t0 := time.Now()
		tok, err := token(ctx, hc, base, c.ID, c.Secret, "verx://migration-api")
		if err != nil {
			return p, err
		}
		p.token = append(p.token, time.Since(t0))
		for range calcs {
			req, _ := http.NewRequestWithContext(ctx, "POST", base+"/vertex-ws/v2/supplies", bytes.NewReader(body))
			req.Header.Set("Authorization", "Bearer "+tok)
			req.Header.Set("Content-Type", "application/json")
			t0 := time.Now()
			if err := do(hc, req, 200, nil); err != nil {
				return p, err
			}
			p.calc = append(p.calc, time.Since(t0))
		}
		select {
		case <-time.After(50 * time.Millisecond):
		case <-ctx.Done():
			return p, ctx.Err()
		}
	}
	return p, nil
}

// flood sends token requests with random client IDs and secrets and
// counts the answers by status.
type flood struct {
	base   string
	from   string
	spread bool

	mu     sync.Mutex
	counts map[string]int
	hc     atomic.Pointer[http.Client]
}

func (f *flood) client() *http.Client {
	if hc := f.hc.Load(); hc != nil {
		return hc
	}
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(f.from)}, Timeout: 10 * time.Second}
	hc := &http.Client{Transport: &http.Transport{DialContext: d.DialContext, MaxIdleConnsPerHost: 256}, Timeout: 60 * time.Second}
	f.hc.CompareAndSwap(nil, hc)
	return f.hc.Load()
}

func (f *flood) run(ctx context.Context) {
	hc := f.client()
	for ctx.Err() == nil {
		form := url.Values{"grant_type": {"client_credentials"}, "client_id": {random(16)}, "client_secret": {random(32)},
			"audience": {"verx://migration-api"}}
		req, _ := http.NewRequestWithContext(ctx, "POST", f.base+"/oauth/token", strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		if f.spread {
			b := make([]byte, 4)
			_, _ = rand.Read(b)
			req.Header.Set("X-Forwarded-For", net.IP(b).String())
		}
		status := "error"
		resp, err := hc.Do(req)
		if err == nil {
			_, _ = io.Copy(io.Discard, resp.Body)
			_ = resp.Body.Close()
			status = fmt.Sprint(resp.StatusCode)
		} else if errors.Is(err, context.Canceled) {
			return
		}
		f.mu.Lock()
		if f.counts == nil {
			f.counts = map[string]int{}
		}
		f.counts[status]++
		f.mu.Unlock()
	}
}

func (f *flood) reset() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.counts = map[string]int{}
}

func (f *flood) snapshot() map[string]int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return maps.Clone(f.counts)
}

// random returns n random bytes in base64url, as Levy's client IDs (16)
// and secrets (32) are.
func random(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

package stress

import (
	"bytes"
	"cmp"
	"container/heap"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os/exec"
	"slices"
	"sort"
	"strconv"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/levytax/levy/benchmarks/loadgen"
	"github.com/levytax/levy/einvoice"
)

// The credentials of a ClusterCrash run: tenant stress, made with
// `levy clients create --database`, so that no node's restart changes
// them. One is the credential of the API requests; the token requests of
// the mix take turns over rateClients others and both their audiences.
const (
	clusterTenant = "stress"
	rateClients   = 4
	audienceAPI   = "verx://migration-api"
	audienceOther = "levy://stress-other"
)

// ClusterCrash runs c.Nodes levy serve nodes over the PostgreSQL database
// c.Database and drives the mix from c.Clients clients, whose requests go
// to the nodes in turn, for c.Duration, while it kills a random node with
// SIGKILL c.Kills times, at random moments, and restarts it at once. The
// nodes keep their real token rate limit (c.TokenLimit per c.TokenWindow),
// which the token requests of the mix, spread over a few credentials and
// two audiences, run into; the sink has c.Webhooks connections and
// refuses a third of the deliveries during the load.
//
// Afterwards, with every node up, it checks what check does (every
// acknowledged invoice is in the journal as every node reads it, every
// acknowledged document completes, every event reaches every connection
// once and in order, and no connection had two senders at once), and that
// no pair of client and audience got more than the limit of tokens within
// a window. Work leased by a killed node waits for its lease to lapse
// (einvoice.DefaultLeaseTerm) unless c.ExpireLeases.
func ClusterCrash(ctx context.Context, c Config) (CrashReport, error) {
	var rep CrashReport
	if c.Nodes < 2 || c.Database == "" {
		return rep, errors.New("stress: a cluster crash run needs several nodes and a PostgreSQL database")
	}
	c.TokenLimit = cmp.Or(c.TokenLimit, 10)
	c.TokenWindow = cmp.Or(c.TokenWindow, 10*time.Second)
	sink, err := NewSink(cmp.Or(c.Webhooks, 2))
	if err != nil {
		return rep, err
	}
	defer sink.Close()
	sink.SetFailShare(1.0 / 3)
	args := append([]string{"--token-rate-limit", strconv.Itoa(c.TokenLimit), "--token-rate-window", c.TokenWindow.String()}, webhookArgs...)
	ns, err := c.startNodes(ctx, args...)
	if err != nil {
		return rep, err
	}
	defer ns.kill()
	rates := &rateLog{grants: map[string][]span{}}
	t, err := c.clusterTarget(ctx, ns, rates)
	if err == nil {
		err = Connect(ctx, t.Bases[0], t.Token, sink)
	}
	if err != nil {
		return rep, err
	}

	ack := &Acknowledged{}
	hc := loadgen.NewClient(c.Clients)
	mix := Mix(t, fmt.Sprintf("cluster-%d", time.Now().UnixNano()), c.UBL, ack)
	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	done := make(chan loadgen.Result, 1)
	c.logf("driving %d clients over %d nodes for %v, %d kills", c.Clients, c.Nodes, c.Duration, c.Kills)
	start := time.Now()
	go func() {
		// Until cancelled: the load goes on while a node restarts.
		res, _ := loadgen.Run(runCtx, hc, loadgen.Config{Clients: c.Clients, Duration: c.Duration + time.Hour, Mix: mix})
		done <- res
	}()
	for k, at := range killTimes(c.Kills, c.Duration) {
		if !sleepUntil(ctx, start.Add(at)) {
			return rep, ctx.Err()
		}
		i := rand.IntN(c.Nodes)
		ns.killOne(i)
		killed := time.Since(start)
		if err := ns.start(ctx, i); err != nil {
			return rep, fmt.Errorf("restart after kill %d: %w", k+1, err)
		}
		c.logf("kill %d: node %d at %v, answering again %v later", k+1, i+1, killed.Round(time.Millisecond), (time.Since(start) - killed).Round(time.Millisecond))
		rep.Kills++
	}
	sleepUntil(ctx, start.Add(c.Duration))
	cancel()
	res := <-done
	rep.Requests, rep.RequestErr = res.Requests, res.Errors
	c.logf("load over: %s", res)

	wait := einvoice.DefaultLeaseTerm + 3*time.Minute
	if c.ExpireLeases {
		c.logf("stopping the nodes, ending every lease, starting them again")
		if err := ns.stop(); err != nil {
			return rep, err
		}
		if err := expireLeases(ctx, c.Database); err != nil {
			return rep, err
		}
		if err := ns.startAll(ctx); err != nil {
			return rep, err
		}
		wait = 2 * time.Minute
	} else {
		c.logf("checking; work a killed node held waits for its lease to lapse (%v)", einvoice.DefaultLeaseTerm)
	}
	err = check(ctx, ns, t.Token, sink, ack, &rep, wait)
	rates.check(c.TokenLimit, c.TokenWindow, &rep)
	if serr := ns.stop(); err == nil {
		err = serr
	}
	return rep, err
}

// killTimes returns n sorted moments of a run of length d, uniformly
// drawn from its middle 80%.
func killTimes(n int, d time.Duration) []time.Duration {
	out := make([]time.Duration, n)
	for k := range out {
		out[k] = d/10 + time.Duration(rand.Int64N(int64(d*8/10)+1))
	}
	slices.Sort(out)
	return out
}

// sleepUntil waits until t, and reports whether ctx is still alive.
func sleepUntil(ctx context.Context, t time.Time) bool {
	timer := time.NewTimer(time.Until(t))
	defer timer.Stop()
	select {
	case <-timer.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// credential is a client ID and its secret.
type credential struct {
	ID     string `json:"client_id"`
	Secret string `json:"client_secret"`
}

// createClient makes a credential of the tenant stress for the audiences
// with `levy clients create --database`, active at once.
func (c *Config) createClient(ctx context.Context, audiences ...string) (credential, error) {
	args := []string{"clients", "create", "--database", c.Database, "--tenant", clusterTenant, "--active-now"}
	for _, a := range audiences {
		args = append(args, "--audience", a)
	}
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, c.Bin, args...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return credential{}, fmt.Errorf("levy clients create: %w\n%s", err, stderr.String())
	}
	var cred credential
	if err := json.Unmarshal(stdout.Bytes(), &cred); err != nil || cred.ID == "" || cred.Secret == "" {
		return credential{}, fmt.Errorf("levy clients create printed %q (%v)", stdout.String(), err)
	}
	return cred, nil
}

// tokenForm is the body of a token request.
func tokenForm(cred credential, audience string) []byte {
	return []byte(url.Values{"grant_type": {"client_credentials"}, "client_id": {cred.ID},
		"client_secret": {cred.Secret}, "audience": {audience}}.Encode())
}

// clusterTarget makes the credentials of a ClusterCrash run and returns
// its target: a token of the API credential, asked of node 1 (and
// recorded in rates, as every token), and token requests that take turns
// over the other credentials and their two audiences.
func (c *Config) clusterTarget(ctx context.Context, ns *nodes, rates *rateLog) (Target, error) {
	api, err := c.createClient(ctx, audienceAPI)
	if err != nil {
		return Target{}, err
	}
	var forms [][]byte
	for range rateClients {
		cred, err := c.createClient(ctx, audienceAPI, audienceOther)
		if err != nil {
			return Target{}, err
		}
		forms = append(forms, tokenForm(cred, audienceAPI), tokenForm(cred, audienceOther))
	}
	t := Target{Bases: ns.bases(), Tokens: rates.record,
		TokenForm: func(seq int64) []byte { return forms[seq%int64(len(forms))] }}
	form := tokenForm(api, audienceAPI)
	req, err := http.NewRequestWithContext(ctx, "POST", t.Bases[0]+"/oauth/token", bytes.NewReader(form))
	if err != nil {
		return Target{}, err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	at := time.Now()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return Target{}, fmt.Errorf("token: %w", err)
	}
	defer resp.Body.Close()
	var buf bytes.Buffer
	_, _ = buf.ReadFrom(resp.Body)
	rates.record(form, at, resp.StatusCode, buf.Bytes())
	var tok struct {
		AccessToken string `json:"access_token"`
	}
	if err := json.Unmarshal(buf.Bytes(), &tok); err != nil || resp.StatusCode != http.StatusOK || tok.AccessToken == "" {
		return Target{}, fmt.Errorf("token: %d %s", resp.StatusCode, buf.Bytes())
	}
	t.Token = tok.AccessToken
	if err := awaitToken(ctx, t.Bases, t.Token); err != nil {
		return Target{}, err
	}
	return t, nil
}

// awaitToken waits until every node accepts token. A node checks tokens
// against the credentials it holds in memory, which it reloads when its
// poll of the database (every second) sees a change: for up to that
// long after `levy clients create --database`, a node refuses with 401
// the tokens of the new credential, even one it has just issued itself.
func awaitToken(ctx context.Context, bases []string, token string) error {
	deadline := time.Now().Add(10 * time.Second)
	for i, base := range bases {
		for {
			req, err := http.NewRequestWithContext(ctx, "GET", base+"/einvoicing/v1/webhooks", nil)
			if err != nil {
				return err
			}
			req.Header.Set("Authorization", "Bearer "+token)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				return fmt.Errorf("node %d: %w", i+1, err)
			}
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				break
			}
			if resp.StatusCode != http.StatusUnauthorized || time.Now().After(deadline) {
				return fmt.Errorf("node %d answers %s to a new token", i+1, resp.Status)
			}
			if !sleepUntil(ctx, time.Now().Add(50*time.Millisecond)) {
				return ctx.Err()
			}
		}
	}
	return nil
}

// rateLog records the answers to the token requests of a run: when each
// token that was granted was asked for and answered, by client and
// audience, and the refusals. It is safe for concurrent use.
type rateLog struct {
	mu       sync.Mutex
	grants   map[string][]span // by "client audience"
	refused  int
	problems []string
}

// record is the loadgen.Request.Record of a token request. An answer
// that is neither a token, nor a refusal by the rate limit, nor a 5xx
// (a node starting or stopping) is a problem.
func (l *rateLog) record(sent []byte, at time.Time, status int, body []byte) {
	answered := time.Now().UnixNano()
	q, _ := url.ParseQuery(string(sent))
	pair := q.Get("client_id") + " " + q.Get("audience")
	l.mu.Lock()
	defer l.mu.Unlock()
	switch {
	case status == http.StatusOK:
		l.grants[pair] = append(l.grants[pair], span{at.UnixNano(), answered})
	case status == http.StatusTooManyRequests,
		status == http.StatusBadRequest && bytes.Contains(body, []byte("exceeded the rate limit")):
		l.refused++
	case status >= 500:
		// A node starting or going down: the run counts it as a failed
		// request.
	default:
		if len(l.problems) < 10 {
			l.problems = append(l.problems, fmt.Sprintf("token request of %s: %d %s", pair, status, body))
		}
	}
}

// check adds to rep the counts of the log, and a problem for each pair
// of client and audience that got more than limit tokens within window.
// The server counts a token at a moment between when its request was
// sent and when it was answered; limit+1 tokens whose requests were all
// sent and answered within less than window were certainly counted
// within the window, so that is the test (it cannot see an excess the
// latency hides, and never reports one that did not happen).
func (l *rateLog) check(limit int, window time.Duration, rep *CrashReport) {
	l.mu.Lock()
	defer l.mu.Unlock()
	rep.Refused, rep.Pairs = l.refused, len(l.grants)
	rep.Problems = append(rep.Problems, l.problems...)
	pairs := make([]string, 0, len(l.grants))
	for p := range l.grants {
		pairs = append(pairs, p)
	}
	sort.Strings(pairs)
	for _, p := range pairs {
		g := l.grants[p]
		rep.Tokens += len(g)
		if n, d := excess(g, limit, window); n > 0 {
			rep.Problems = append(rep.Problems, fmt.Sprintf("client and audience %s: %d tokens within %v, over the limit of %d per %v",
				p, n, d.Round(time.Millisecond), limit, window))
		}
	}
}

// excess looks for limit+1 grants that were all sent and answered within
// less than window: it returns limit+1 and the span they took when it
// finds some, and 0 otherwise.
func excess(grants []span, limit int, window time.Duration) (int, time.Duration) {
	g := slices.Clone(grants)
	slices.SortFunc(g, func(a, b span) int { return cmp.Compare(a.answered, b.answered) })
	// latest holds the latest sending times among the grants answered so
	// far, limit+1 of them at most, the earliest of them on top.
	latest := &int64Heap{}
	for _, x := range g {
		heap.Push(latest, x.sent)
		if latest.Len() > limit+1 {
			heap.Pop(latest)
		}
		if latest.Len() == limit+1 {
			if d := time.Duration(x.answered - (*latest)[0]); d < window {
				return limit + 1, d
			}
		}
	}
	return 0, 0
}

// int64Heap is a min-heap of int64 (container/heap).
type int64Heap []int64

func (h int64Heap) Len() int           { return len(h) }
func (h int64Heap) Less(i, j int) bool { return h[i] < h[j] }
func (h int64Heap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *int64Heap) Push(x any)        { *h = append(*h, x.(int64)) }
func (h *int64Heap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// expireLeases ends every lease on e-invoicing work in the database: the
// documents of the work queue and the event queues of the webhook
// connections (tables of package postgres). Only while no node runs: a
// lease left then belongs to a node that is gone, and ending it does
// what its lapsing would do later.
func expireLeases(ctx context.Context, dbURL string) error {
	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		return fmt.Errorf("expire the leases: %w", err)
	}
	defer conn.Close(ctx)
	for _, table := range []string{"einvoice_queue", "einvoice_outbox_leases"} {
		if _, err := conn.Exec(ctx, "UPDATE "+table+" SET owner = '', until = NULL WHERE owner <> ''"); err != nil {
			return fmt.Errorf("expire the leases of %s: %w", table, err)
		}
	}
	return nil
}

package stress

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/levytax/levy/benchmarks/loadgen"
)

// Config is what a Load, Crash or ClusterCrash run needs.
type Config struct {
	Bin      string        // the levy binary
	DataDir  string        // the server's data directory (of several nodes: their parent)
	UBL      []byte        // a valid UBL 2.1 invoice with the number LVY-2026-0042
	Clients  int           // concurrent clients
	Duration time.Duration // the length of the load (of each segment, for Crash)
	Kills    int           // Crash, ClusterCrash: how many SIGKILLs
	Rate     float64       // Load: requests per second across the clients; 0 for as fast as answered
	Log      io.Writer     // progress; nil for none

	// Nodes is how many levy serve nodes share Database (default 1). The
	// clients send their requests to the nodes in turn.
	Nodes int
	// Database is the URL of the PostgreSQL database of the nodes
	// (--database); empty for Badger in DataDir, which allows one node.
	Database string
	// Kinds, when not empty, keeps only these kinds of request in the mix
	// of Load (KindQuotation, ...).
	Kinds []string
	// Measuring, when set, is called by Load with true just before the
	// part it measures and with false just after, for a caller that
	// measures something else over the same time (CPU time, say).
	Measuring func(on bool)

	// TokenLimit and TokenWindow are the token rate limit of the nodes of
	// ClusterCrash, per client and audience (default 10 per 10 s), which
	// it checks was never exceeded.
	TokenLimit  int
	TokenWindow time.Duration
	// Webhooks is how many webhook connections ClusterCrash makes to its
	// sink (default 2), each a queue of events that one node at a time
	// sends, in order.
	Webhooks int
	// ExpireLeases makes ClusterCrash, after the load, stop every node,
	// end every lease on e-invoicing work in the database and start the
	// nodes again, instead of waiting for the leases of the killed nodes
	// to lapse (einvoice.DefaultLeaseTerm, 5 minutes): with no node
	// running, every lease left belongs to a node that is gone.
	ExpireLeases bool
}

// serverArgs are the flags of every server of a Load or Crash run: token
// requests are part of the mix, so the rate limit is lifted, over a window
// of one second so that the store's record of a credential's issues holds
// what one second issues (a real limit keeps it at most 10 long, the
// lifted one over the default 8 hours would grow with every token of the
// run); webhook retries are fast.
var serverArgs = append([]string{"--token-rate-limit", "100000000", "--token-rate-window", "1s"}, webhookArgs...)

// webhookArgs make webhook retries fast and endless.
var webhookArgs = []string{"--webhook-min-backoff", "50ms", "--webhook-max-backoff", "1s", "--webhook-max-attempts", "1000000"}

func (c *Config) logf(format string, args ...any) {
	if c.Log != nil {
		fmt.Fprintf(c.Log, format+"\n", args...)
	}
}

// devTarget is the target of a mix over ns whose token requests use the
// development credential of node 1 (whose secret changes when it
// restarts), with a token of it for the other requests.
func devTarget(ctx context.Context, ns *nodes) (Target, error) {
	s := ns.srv[0]
	token, err := s.Token(ctx)
	if err != nil {
		return Target{}, fmt.Errorf("%w\n%s", err, s.Logs())
	}
	form := s.TokenForm()
	return Target{Bases: ns.bases(), Token: token, TokenForm: func(int64) []byte { return form }}, nil
}

// Load starts the nodes, drives the mix for c.Duration from c.Clients
// clients, stops the nodes with SIGTERM and returns what the run
// measured.
func Load(ctx context.Context, c Config) (loadgen.Result, error) {
	sink, err := NewSink(1)
	if err != nil {
		return loadgen.Result{}, err
	}
	defer sink.Close()
	ns, err := c.startNodes(ctx, serverArgs...)
	if err != nil {
		return loadgen.Result{}, err
	}
	defer ns.kill()
	t, err := devTarget(ctx, ns)
	if err == nil {
		err = Connect(ctx, t.Bases[0], t.Token, sink)
	}
	if err != nil {
		return loadgen.Result{}, err
	}
	ack := &Acknowledged{}
	hc := loadgen.NewClient(c.Clients)
	mix := Mix(t, fmt.Sprintf("load-%d", time.Now().UnixNano()), c.UBL, ack, c.Kinds...)
	c.logf("warming up")
	warm := 2 * c.Clients * len(mix) / len(t.Bases)
	if _, err := loadgen.Run(ctx, hc, loadgen.Config{Clients: c.Clients, Requests: warm, Mix: mix}); err != nil {
		return loadgen.Result{}, err
	}
	c.logf("driving %d clients over %d node(s) for %v", c.Clients, len(t.Bases), c.Duration)
	if c.Measuring != nil {
		c.Measuring(true)
	}
	res, err := loadgen.Run(ctx, hc, loadgen.Config{Clients: c.Clients, Duration: c.Duration, Mix: mix, Rate: c.Rate})
	if c.Measuring != nil {
		c.Measuring(false)
	}
	if res.Errors > 0 {
		c.logf("the servers' logs:\n%s", ns.logs(20))
	}
	if serr := ns.stop(); err == nil {
		err = serr
	}
	return res, err
}

// CrashReport is what a Crash or ClusterCrash run found.
type CrashReport struct {
	Kills      int
	Requests   int      // ClusterCrash: requests answered during the load
	Invoices   int      // acknowledged invoices, all checked in the journal
	Documents  int      // acknowledged e-invoicing documents, all checked
	Events     int      // events the sink accepted
	Problems   []string // what was lost or wrong; empty when nothing was
	RequestErr int      // failed requests (expected around each kill)
	// Settled is how long after the load every acknowledged document had
	// finished and the sink had every event.
	Settled time.Duration
	// Tokens and Refused count the token requests of ClusterCrash that
	// got a token and that the rate limit refused; Pairs is how many
	// pairs of client and audience asked.
	Tokens, Refused, Pairs int
}

// problem adds a problem to the report, up to 50.
func (r *CrashReport) problem(mu *sync.Mutex) func(format string, args ...any) {
	return func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		if len(r.Problems) < 50 {
			r.Problems = append(r.Problems, fmt.Sprintf(format, args...))
		}
	}
}

// Crash drives the mix from c.Clients clients while it kills the server
// with SIGKILL c.Kills times, each at a random moment of a segment of
// c.Duration, and restarts it; the sink refuses a third of the events
// meanwhile, so that events wait in the outbox at each kill. After the
// last restart it checks that every acknowledged invoice exists in the
// journal, that every acknowledged document exists and finishes, and
// that the sink receives every event of every document, in order and
// once.
func Crash(ctx context.Context, c Config) (CrashReport, error) {
	var rep CrashReport
	sink, err := NewSink(1)
	if err != nil {
		return rep, err
	}
	defer sink.Close()
	sink.SetFailShare(1.0 / 3)
	ack := &Acknowledged{}
	hc := loadgen.NewClient(c.Clients)
	c.Nodes = 1
	ns, err := c.startNodes(ctx, serverArgs...)
	if err != nil {
		return rep, err
	}
	defer ns.kill()
	for k := 0; ; k++ {
		if k > 0 {
			if err := ns.start(ctx, 0); err != nil {
				return rep, fmt.Errorf("start %d: %w", k+1, err)
			}
		}
		t, err := devTarget(ctx, ns)
		if err == nil && k == 0 {
			err = Connect(ctx, t.Bases[0], t.Token, sink)
		}
		if err != nil {
			return rep, fmt.Errorf("start %d: %w", k+1, err)
		}
		if k == c.Kills {
			c.logf("restarted after %d kills; checking", k)
			rep.Kills = k
			err := check(ctx, ns, t.Token, sink, ack, &rep, 2*time.Minute)
			if serr := ns.stop(); err == nil {
				err = serr
			}
			return rep, err
		}
		mix := Mix(t, fmt.Sprintf("crash-%d-%d", time.Now().UnixNano(), k), c.UBL, ack)
		at := c.Duration/4 + time.Duration(rand.Int64N(int64(c.Duration*3/4)))
		runCtx, cancel := context.WithCancel(ctx)
		done := make(chan loadgen.Result, 1)
		go func() {
			res, _ := loadgen.Run(runCtx, hc, loadgen.Config{Clients: c.Clients, Duration: c.Duration, Mix: mix})
			done <- res
		}()
		select {
		case <-time.After(at):
		case <-ctx.Done():
		}
		ns.killOne(0)
		c.logf("kill %d after %v", k+1, at.Round(time.Millisecond))
		cancel()
		res := <-done
		rep.RequestErr += res.Errors
		hc.CloseIdleConnections()
	}
}

// check verifies, on running nodes, everything a run had acknowledged:
// every invoice is in the journal as every node reads it; every document
// reaches a final state, Completed, and the sink receives every event of
// its history at every connection, in order, once. Documents and events
// may take wait to settle.
func check(ctx context.Context, ns *nodes, token string, sink *Sink, ack *Acknowledged, rep *CrashReport, wait time.Duration) error {
	start := time.Now()
	invoices, docs := ack.Snapshot()
	rep.Invoices, rep.Documents = len(invoices), len(docs)
	var mu sync.Mutex
	problem := rep.problem(&mu)
	bases := ns.bases()
	get := func(base, path string) (int, []byte, error) {
		req, err := http.NewRequestWithContext(ctx, "GET", base+path, nil)
		if err != nil {
			return 0, nil, err
		}
		req.Header.Set("Authorization", "Bearer "+token)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return 0, nil, err
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		return resp.StatusCode, b, err
	}
	parallel(invoices, func(_ int, id string) {
		for i, base := range bases {
			status, body, err := get(base, "/api/v2/transaction-exists/"+id)
			if err != nil || status != 200 || !strings.Contains(string(body), `"transactionExistsIndicator":"true"`) {
				problem("invoice %s on node %d: %d %v %s", id, i+1, status, err, body)
			}
		}
	})
	// Every event of every document must arrive now.
	sink.SetFailShare(0)
	histories := make(map[string][]string, len(docs))
	deadline := time.Now().Add(wait)
	parallel(docs, func(k int, id string) {
		for {
			status, body, err := get(bases[k%len(bases)], "/einvoicing/v1/documents/"+id)
			var ans struct {
				Data struct {
					Status  string `json:"status"`
					History []struct {
						Status string `json:"status"`
					} `json:"history"`
				} `json:"data"`
			}
			if err != nil || status != 200 || json.Unmarshal(body, &ans) != nil {
				problem("document %s: %d %v %s", id, status, err, body)
				return
			}
			if st := ans.Data.Status; st == "Completed" || st == "Error" || st == "Processing Issue" {
				var h []string
				for _, t := range ans.Data.History {
					h = append(h, t.Status)
				}
				mu.Lock()
				histories[id] = h
				mu.Unlock()
				if st != "Completed" {
					problem("document %s ended in %s", id, st)
				}
				return
			}
			if time.Now().After(deadline) {
				problem("document %s still %s", id, ans.Data.Status)
				return
			}
			time.Sleep(50 * time.Millisecond)
		}
	})
	for {
		var missing []string
		for id, h := range histories {
			for _, st := range h {
				if !sink.Has(id, st) {
					missing = append(missing, id+" "+st)
				}
			}
		}
		if len(missing) == 0 {
			break
		}
		if time.Now().After(deadline) {
			sort.Strings(missing)
			problem("%d events never arrived, such as %s", len(missing), missing[0])
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	rep.Settled = time.Since(start)
	// Let a duplicate, should a node send one, arrive.
	time.Sleep(500 * time.Millisecond)
	sink.orderProblems(histories, ack.submitted, problem)
	rep.Events = sink.Count()
	for i, s := range ns.srv {
		if s != nil && strings.Contains(s.Logs(), "panic") {
			ns.panics = append(ns.panics, fmt.Sprintf("node %d:\n%s", i+1, tail(s.Logs(), 40)))
		}
	}
	for _, p := range ns.panics {
		problem("a server logged a panic: %s", p)
	}
	return nil
}

// parallel calls fn for every item, with its index, from 16 goroutines.
func parallel(items []string, fn func(int, string)) {
	ch := make(chan int)
	var wg sync.WaitGroup
	for range 16 {
		wg.Go(func() {
			for k := range ch {
				fn(k, items[k])
			}
		})
	}
	for k := range items {
		ch <- k
	}
	close(ch)
	wg.Wait()
}

// ReadUBL reads the UBL invoice of a run.
func ReadUBL(path string) ([]byte, error) {
	b, err := os.ReadFile(path)
	if err == nil && !strings.Contains(string(b), "<cbc:ID>LVY-2026-0042</cbc:ID>") {
		err = fmt.Errorf("%s is not Levy's test invoice (no number LVY-2026-0042)", path)
	}
	return b, err
}

// tail returns the last n lines of s.
func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

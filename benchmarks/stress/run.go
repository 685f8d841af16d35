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

// Config is what a Load or Crash run needs.
type Config struct {
	Bin      string        // the levy binary
	DataDir  string        // the server's data directory
	UBL      []byte        // a valid UBL 2.1 invoice with the number LVY-2026-0042
	Clients  int           // concurrent clients
	Duration time.Duration // the length of the load (of each segment, for Crash)
	Kills    int           // Crash: how many SIGKILLs
	Rate     float64       // Load: requests per second across the clients; 0 for as fast as answered
	Log      io.Writer     // progress; nil for none
}

// serverArgs are the flags of every server of a run: token requests are
// part of the mix, so the rate limit is lifted; webhook retries are fast.
var serverArgs = []string{"--token-rate-limit", "100000000", "--webhook-min-backoff", "50ms", "--webhook-max-backoff", "1s",
	"--webhook-max-attempts", "1000000"}

func (c *Config) logf(format string, args ...any) {
	if c.Log != nil {
		fmt.Fprintf(c.Log, format+"\n", args...)
	}
}

// start starts a server and prepares it: a token and, the first time, a
// webhook connection to sink.
func (c *Config) start(ctx context.Context, sink *Sink, connect bool) (*Server, string, error) {
	s, err := Start(ctx, c.Bin, c.DataDir, serverArgs...)
	if err != nil {
		return nil, "", err
	}
	token, err := s.Token(ctx)
	if err == nil && connect {
		err = Connect(s, token, sink)
	}
	if err != nil {
		s.Kill()
		return nil, "", fmt.Errorf("%w\n%s", err, s.Logs())
	}
	return s, token, nil
}

// Load starts a server, drives the mix for c.Duration from c.Clients
// clients, stops the server with SIGTERM and returns what the run
// measured.
func Load(ctx context.Context, c Config) (loadgen.Result, error) {
	sink, err := NewSink()
	if err != nil {
		return loadgen.Result{}, err
	}
	defer sink.Close()
	s, token, err := c.start(ctx, sink, true)
	if err != nil {
		return loadgen.Result{}, err
	}
	ack := &Acknowledged{}
	hc := loadgen.NewClient(c.Clients)
	mix := Mix(s, token, fmt.Sprintf("load-%d", time.Now().UnixNano()), c.UBL, ack)
	c.logf("warming up")
	if _, err := loadgen.Run(ctx, hc, loadgen.Config{Clients: c.Clients, Requests: 2 * c.Clients * len(mix), Mix: mix}); err != nil {
		s.Kill()
		return loadgen.Result{}, err
	}
	c.logf("driving %d clients for %v", c.Clients, c.Duration)
	res, err := loadgen.Run(ctx, hc, loadgen.Config{Clients: c.Clients, Duration: c.Duration, Mix: mix, Rate: c.Rate})
	if res.Errors > 0 {
		c.logf("the server's log:\n%s", tail(s.Logs(), 20))
	}
	if serr := s.Stop(); err == nil {
		err = serr
	}
	return res, err
}

// CrashReport is what a Crash run found.
type CrashReport struct {
	Kills      int
	Invoices   int      // acknowledged invoices, all checked in the journal
	Documents  int      // acknowledged e-invoicing documents, all checked
	Events     int      // events the sink accepted
	Problems   []string // what was lost or wrong; empty when nothing was
	RequestErr int      // failed requests (expected around each kill)
}

// Crash drives the mix from c.Clients clients while it kills the server
// with SIGKILL c.Kills times, each at a random moment of a segment of
// c.Duration, and restarts it; the sink refuses a third of the events
// meanwhile, so that events wait in the outbox at each kill. After the
// last restart it checks that every acknowledged invoice exists in the
// journal, that every acknowledged document exists and finishes, and
// that the sink receives every event of every document.
func Crash(ctx context.Context, c Config) (CrashReport, error) {
	var rep CrashReport
	sink, err := NewSink()
	if err != nil {
		return rep, err
	}
	defer sink.Close()
	sink.SetFailShare(1.0 / 3)
	ack := &Acknowledged{}
	hc := loadgen.NewClient(c.Clients)
	for k := 0; k <= c.Kills; k++ {
		s, token, err := c.start(ctx, sink, k == 0)
		if err != nil {
			return rep, fmt.Errorf("start %d: %w", k+1, err)
		}
		if k == c.Kills {
			c.logf("restarted after %d kills; checking", k)
			rep.Kills = k
			err := check(ctx, s, token, sink, ack, &rep)
			if serr := s.Stop(); err == nil {
				err = serr
			}
			return rep, err
		}
		mix := Mix(s, token, fmt.Sprintf("crash-%d-%d", time.Now().UnixNano(), k), c.UBL, ack)
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
		s.Kill()
		c.logf("kill %d after %v", k+1, at.Round(time.Millisecond))
		cancel()
		res := <-done
		rep.RequestErr += res.Errors
		hc.CloseIdleConnections()
	}
	return rep, nil
}

// check verifies, on a restarted server, everything a Crash run had
// acknowledged.
func check(ctx context.Context, s *Server, token string, sink *Sink, ack *Acknowledged, rep *CrashReport) error {
	invoices, docs := ack.Snapshot()
	rep.Invoices, rep.Documents = len(invoices), len(docs)
	var mu sync.Mutex
	problem := func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		if len(rep.Problems) < 50 {
			rep.Problems = append(rep.Problems, fmt.Sprintf(format, args...))
		}
	}
	get := func(path string) (int, []byte, error) {
		req, _ := http.NewRequestWithContext(ctx, "GET", s.Base+path, nil)
		req.Header.Set("Authorization", "Bearer "+token)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return 0, nil, err
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		return resp.StatusCode, b, err
	}
	parallel(invoices, func(id string) {
		status, body, err := get("/api/v2/transaction-exists/" + id)
		if err != nil || status != 200 || !strings.Contains(string(body), `"transactionExistsIndicator":"true"`) {
			problem("invoice %s: %d %v %s", id, status, err, body)
		}
	})
	// Every event of every document must arrive now.
	sink.SetFailShare(0)
	histories := make(map[string][]string, len(docs))
	deadline := time.Now().Add(2 * time.Minute)
	parallel(docs, func(id string) {
		for {
			status, body, err := get("/einvoicing/v1/documents/" + id)
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
	rep.Events = sink.Count()
	if strings.Contains(s.Logs(), "panic") {
		problem("the server logged a panic")
	}
	return nil
}

// parallel calls fn for every item from 16 goroutines.
func parallel(items []string, fn func(string)) {
	ch := make(chan string)
	var wg sync.WaitGroup
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for it := range ch {
				fn(it)
			}
		}()
	}
	for _, it := range items {
		ch <- it
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

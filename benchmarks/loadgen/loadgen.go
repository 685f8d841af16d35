// Package loadgen is a small HTTP load generator for Levy's benchmarks:
// a fixed number of clients, each with its own keep-alive connection,
// send requests as fast as the server answers, and the run reports the
// throughput, the latency percentiles and the failures.
package loadgen

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// Request is one request of a mix: the method, URL, headers and body.
type Request struct {
	Method string
	URL    string
	Header http.Header
	Body   []byte
	// Want is the status that counts as success (default 200).
	Want int
}

// Config says how to drive the load. The run stops after Requests
// requests or after Duration, whichever is set (Requests wins when both
// are).
type Config struct {
	Clients  int
	Requests int
	Duration time.Duration
	// Mix is the requests to send, taken in turn by each client.
	Mix []Request
}

// Result is what a run measured.
type Result struct {
	Requests int
	Errors   int
	// FirstError describes the first failure, for the report.
	FirstError string
	Elapsed    time.Duration
	P50, P99   time.Duration
	Max        time.Duration
}

// RPS is the throughput of the run in requests per second.
func (r Result) RPS() float64 { return float64(r.Requests) / r.Elapsed.Seconds() }

func (r Result) String() string {
	return fmt.Sprintf("%d requests in %v: %.0f req/s, p50 %v, p99 %v, max %v, %d errors",
		r.Requests, r.Elapsed.Round(time.Millisecond), r.RPS(), r.P50, r.P99, r.Max, r.Errors)
}

// NewClient returns an HTTP client that keeps one idle connection per
// client of the run, so that every request reuses a connection.
func NewClient(clients int) *http.Client {
	return &http.Client{Transport: &http.Transport{
		DialContext:         (&net.Dialer{Timeout: 5 * time.Second, KeepAlive: 30 * time.Second}).DialContext,
		MaxIdleConns:        clients * 2,
		MaxIdleConnsPerHost: clients * 2,
		IdleConnTimeout:     90 * time.Second,
	}, Timeout: 30 * time.Second}
}

// Run drives the load with hc and returns what it measured.
func Run(ctx context.Context, hc *http.Client, c Config) (Result, error) {
	if c.Clients <= 0 || len(c.Mix) == 0 || (c.Requests <= 0 && c.Duration <= 0) {
		return Result{}, fmt.Errorf("loadgen: a run needs clients, a mix and a number of requests or a duration")
	}
	if c.Requests <= 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, c.Duration)
		defer cancel()
	}
	var (
		next     atomic.Int64
		errs     atomic.Int64
		firstErr atomic.Pointer[string]
		mu       sync.Mutex
		all      []time.Duration
		wg       sync.WaitGroup
	)
	fail := func(s string) {
		errs.Add(1)
		firstErr.CompareAndSwap(nil, &s)
	}
	start := time.Now()
	for w := 0; w < c.Clients; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			lat := make([]time.Duration, 0, 1024)
			for i := w; ; i++ {
				if c.Requests > 0 && next.Add(1) > int64(c.Requests) {
					break
				}
				if ctx.Err() != nil {
					break
				}
				r := c.Mix[i%len(c.Mix)]
				t0 := time.Now()
				status, err := send(ctx, hc, r)
				d := time.Since(t0)
				want := r.Want
				if want == 0 {
					want = http.StatusOK
				}
				switch {
				case err != nil && ctx.Err() != nil && c.Requests <= 0:
					continue // the run's time is up
				case err != nil:
					fail(err.Error())
				case status != want:
					fail(fmt.Sprintf("%s %s answered %d, want %d", r.Method, r.URL, status, want))
				}
				lat = append(lat, d)
			}
			mu.Lock()
			all = append(all, lat...)
			mu.Unlock()
		}(w)
	}
	wg.Wait()
	res := Result{Requests: len(all), Errors: int(errs.Load()), Elapsed: time.Since(start)}
	if p := firstErr.Load(); p != nil {
		res.FirstError = *p
	}
	if len(all) > 0 {
		slices.Sort(all)
		res.P50 = all[len(all)*50/100]
		res.P99 = all[min(len(all)*99/100, len(all)-1)]
		res.Max = all[len(all)-1]
	}
	return res, nil
}

// send makes one request and reads the whole answer.
func send(ctx context.Context, hc *http.Client, r Request) (int, error) {
	var body io.Reader
	if r.Body != nil {
		body = bytes.NewReader(r.Body)
	}
	req, err := http.NewRequestWithContext(ctx, r.Method, r.URL, body)
	if err != nil {
		return 0, err
	}
	for k, v := range r.Header {
		req.Header[k] = v
	}
	if r.Body != nil && req.Header.Get("Content-Type") == "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := hc.Do(req)
	if err != nil {
		return 0, err
	}
	_, err = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode, err
}

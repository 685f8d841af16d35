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
	// Name groups the request's latencies in Result.Kinds (default: the
	// method and the URL).
	Name   string
	Method string
	URL    string
	Header http.Header
	Body   []byte
	// BodyFunc, when set, makes the body of each request from the run's
	// sequence number of the request, so that each may differ (say, a
	// transaction ID of its own). It must be safe for concurrent use.
	BodyFunc func(seq int64) []byte
	// Want is the status that counts as success (default 200).
	Want int
	// Also lists other statuses that count as success: answers the run
	// expects and Record sorts out, such as a token request refused by
	// the rate limit in a run that counts the refusals.
	Also []int
	// Record, when set, receives every answer: the body sent, the time
	// the request was sent (just before the connection was asked for
	// it), and the status and body of the answer, as one of Want or not.
	// It must be safe for concurrent use.
	Record func(sent []byte, at time.Time, status int, body []byte)
}

// name is the request's name in Result.Kinds.
func (r *Request) name() string {
	if r.Name != "" {
		return r.Name
	}
	return r.Method + " " + r.URL
}

// Config says how to drive the load. The run stops after Requests
// requests or after Duration, whichever is set (Requests wins when both
// are).
type Config struct {
	Clients  int
	Requests int
	Duration time.Duration
	// Rate, when positive, paces the run at that many requests per
	// second across all clients, each client sending on its own schedule;
	// a latency is then measured from the time the request was due, so
	// that a server falling behind shows in the percentiles instead of
	// slowing the clients down. Without it every client sends its next
	// request as soon as the last is answered.
	Rate float64
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
	// Kinds holds the same figures per request name.
	Kinds map[string]Kind
}

// Kind is what a run measured for the requests of one name.
type Kind struct {
	Requests, Errors int
	P50, P99, Max    time.Duration
}

// RPS is the throughput of the run in requests per second.
func (r Result) RPS() float64 { return float64(r.Requests) / r.Elapsed.Seconds() }

// String returns the run's counts, throughput and latencies on one line.
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
		kinds    = map[string][]time.Duration{}
		kindErrs = map[string]int{}
		seq      atomic.Int64
		wg       sync.WaitGroup
	)
	fail := func(s string) {
		errs.Add(1)
		firstErr.CompareAndSwap(nil, &s)
	}
	names := make([]string, len(c.Mix))
	for i := range c.Mix {
		names[i] = c.Mix[i].name()
	}
	start := time.Now()
	for w := 0; w < c.Clients; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			lat := make([]time.Duration, 0, 1024)
			byKind := map[string][]time.Duration{}
			failed := map[string]int{}
			var interval time.Duration
			due := start
			if c.Rate > 0 {
				interval = time.Duration(float64(c.Clients) / c.Rate * float64(time.Second))
				due = start.Add(interval * time.Duration(w) / time.Duration(c.Clients))
			}
			for i := w; ; i++ {
				if c.Requests > 0 && next.Add(1) > int64(c.Requests) {
					break
				}
				if ctx.Err() != nil {
					break
				}
				k := i % len(c.Mix)
				r := c.Mix[k]
				if r.BodyFunc != nil {
					r.Body = r.BodyFunc(seq.Add(1))
				}
				t0 := time.Now()
				if interval > 0 {
					if wait := time.Until(due); wait > 0 {
						select {
						case <-time.After(wait):
						case <-ctx.Done():
						}
						if ctx.Err() != nil {
							break
						}
					}
					t0 = due
					due = due.Add(interval)
				}
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
					failed[names[k]]++
				case status != want && !slices.Contains(r.Also, status):
					fail(fmt.Sprintf("%s %s answered %d, want %d", r.Method, r.URL, status, want))
					failed[names[k]]++
				}
				lat = append(lat, d)
				byKind[names[k]] = append(byKind[names[k]], d)
			}
			mu.Lock()
			all = append(all, lat...)
			for n, l := range byKind {
				kinds[n] = append(kinds[n], l...)
			}
			for n, e := range failed {
				kindErrs[n] += e
			}
			mu.Unlock()
		}(w)
	}
	wg.Wait()
	res := Result{Requests: len(all), Errors: int(errs.Load()), Elapsed: time.Since(start)}
	if p := firstErr.Load(); p != nil {
		res.FirstError = *p
	}
	res.P50, res.P99, res.Max = percentiles(all)
	res.Kinds = map[string]Kind{}
	for n, l := range kinds {
		k := Kind{Requests: len(l), Errors: kindErrs[n]}
		k.P50, k.P99, k.Max = percentiles(l)
		res.Kinds[n] = k
	}
	return res, nil
}

// percentiles sorts lat and returns its median, 99th percentile and
// maximum.
func percentiles(lat []time.Duration) (p50, p99, max time.Duration) {
	if len(lat) == 0 {
		return 0, 0, 0
	}
	slices.Sort(lat)
	return lat[len(lat)*50/100], lat[min(len(lat)*99/100, len(lat)-1)], lat[len(lat)-1]
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
	at := time.Now()
	resp, err := hc.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	if r.Record == nil {
		_, err = io.Copy(io.Discard, resp.Body)
		return resp.StatusCode, err
	}
	b, err := io.ReadAll(resp.Body)
	if err == nil {
		r.Record(r.Body, at, resp.StatusCode, b)
	}
	return resp.StatusCode, err
}

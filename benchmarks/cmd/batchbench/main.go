// Command batchbench measures `levy batch` against its two peers on one
// generated file of one-line quotations (a mix of US and EU
// destinations):
//
//	go run ./cmd/batchbench [--lines 1000000] [--workers 2] [--sample 200000] [--invoices 200000] [--batch-only]
//
// It reports, in one run on one machine:
//
//   - levy batch over the whole file: lines per second, and its peak
//     resident memory (the child's maximum RSS);
//   - the floor: the same lines decoded, calculated and encoded in one
//     goroutine in this process, times the workers, with how the time of
//     a line splits between the three;
//   - levy serve: the same requests posted over loopback by as many
//     clients as workers;
//   - a journaled run: --invoices invoices through `levy batch --data-dir`,
//     in documents per second, beside the journal's own Post and PostAll
//     on Badger in this process.
//
// The floor and the server measure the first --sample lines, which is
// enough for a rate; --batch-only measures levy batch alone, for the
// memory of a large file. Run it from the benchmarks directory; it
// builds the levy command from the repository beside it unless --levy
// names a binary. The figures are recorded in benchmarks/README.md.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/benchmarks/stress"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/internal/jsonbody"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx); err != nil {
		fmt.Fprintln(os.Stderr, "batchbench:", err)
		os.Exit(1)
	}
}

// config is what the flags say.
type config struct {
	lines, workers, sample, invoices int
	batchOnly                        bool
	bin, tmp, profile                string
}

func run(ctx context.Context) error {
	var c config
	flag.IntVar(&c.lines, "lines", 1_000_000, "one-line quotations in the file")
	flag.IntVar(&c.workers, "workers", 2, "levy batch --workers, the floor's multiplier and the server's clients")
	flag.IntVar(&c.sample, "sample", 200_000, "lines of the file that the floor and the server measure")
	flag.IntVar(&c.invoices, "invoices", 200_000, "invoices of the journaled run (0: none)")
	flag.BoolVar(&c.batchOnly, "batch-only", false, "measure levy batch alone")
	flag.StringVar(&c.profile, "cpuprofile", "", "write a CPU profile of the floor's loop to this file")
	flag.StringVar(&c.bin, "levy", "", "the levy binary (default: build ../cmd/levy)")
	flag.Parse()
	tmp, err := os.MkdirTemp("", "levy-batchbench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	c.tmp = tmp
	if c.bin == "" {
		c.bin = filepath.Join(tmp, "levy")
		cmd := exec.CommandContext(ctx, "go", "build", "-o", c.bin, "./cmd/levy")
		cmd.Dir = ".."
		cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("build levy: %w", err)
		}
	}
	fmt.Printf("machine: %d cores (GOMAXPROCS %d), %s\n", runtime.NumCPU(), runtime.GOMAXPROCS(0), time.Now().UTC().Format(time.DateOnly))

	file := filepath.Join(tmp, "quotations.jsonl")
	size, err := writeFile(file, c.lines, quotation)
	if err != nil {
		return err
	}
	fmt.Printf("file: %d one-line quotations, %.1f MB\n", c.lines, float64(size)/1e6)

	batchRate, err := batch(ctx, c, file, c.lines, nil)
	if err != nil {
		return err
	}
	if c.batchOnly {
		return nil
	}
	sample, err := readLines(file, c.sample)
	if err != nil {
		return err
	}
	e, err := engine.New(ctx)
	if err != nil {
		return err
	}
	floorRate, err := floor(ctx, e, sample, c.workers, c.profile)
	if err != nil {
		return err
	}
	par, err := parallel(ctx, e, sample, c.workers)
	if err != nil {
		return err
	}
	serveRate, err := serve(ctx, c, sample)
	if err != nil {
		return err
	}
	fmt.Printf("ratios: batch/floor %.2f× (goal ≥ 0.8×; in CPU a line %.2f×), batch/serve %.2f× (goal ≥ 3×); floor in %d goroutines/floor %.2f×, batch/floor in %d goroutines %.2f×\n",
		batchRate.rate/floorRate.rate, float64(floorRate.cpu)/float64(batchRate.cpu), batchRate.rate/serveRate,
		c.workers, par/floorRate.rate, c.workers, batchRate.rate/par)

	if c.invoices > 0 {
		inv := filepath.Join(tmp, "invoices.jsonl")
		if _, err := writeFile(inv, c.invoices, invoice); err != nil {
			return err
		}
		fmt.Printf("journaled: %d invoices with --data-dir\n", c.invoices)
		docRate, err := batch(ctx, c, inv, c.invoices, []string{"--data-dir", filepath.Join(tmp, "data")})
		if err != nil {
			return err
		}
		post, postAll, err := journalRates(ctx, filepath.Join(tmp, "bench-journal"))
		if err != nil {
			return err
		}
		fmt.Printf("journal on Badger, one writer: Post %.0f/s, PostAll of %d %.0f transactions/s; journaled batch %.0f documents/s = %.2f× Post, %.2f× PostAll\n",
			post, 256, postAll, docRate.rate, docRate.rate/post, docRate.rate/postAll)
	}
	return nil
}

// The destinations of the generated lines: US addresses in several
// states and EU consumers of a German seller.
var (
	usDests = []string{
		`{"streetAddress1":"200 N Spring St","city":"Los Angeles","mainDivision":"CA","postalCode":"90012","country":"US"}`,
		`{"streetAddress1":"350 5th Ave","city":"New York","mainDivision":"NY","postalCode":"10118","country":"US"}`,
		`{"city":"Chicago","mainDivision":"IL","postalCode":"60601","country":"US"}`,
		`{"city":"Austin","mainDivision":"TX","postalCode":"78701","country":"US"}`,
		`{"city":"Denver","mainDivision":"CO","postalCode":"80202","country":"US"}`,
		`{"city":"Atlanta","mainDivision":"GA","postalCode":"30303","country":"US"}`,
		`{"city":"Boston","mainDivision":"MA","postalCode":"02108","country":"US"}`,
	}
	euDests = []string{
		`{"city":"Lyon","postalCode":"69001","country":"FR"}`,
		`{"city":"Milano","postalCode":"20121","country":"IT"}`,
		`{"city":"Madrid","postalCode":"28001","country":"ES"}`,
	}
)

// quotation is line i of the quotation file: one line item, four in five
// to a US destination and one to an EU one.
func quotation(i int) string {
	return request("QUOTATION", i)
}

// invoice is line i of the invoice file, stored by a journaled run.
func invoice(i int) string {
	return request("INVOICE", i)
}

func request(kind string, i int) string {
	price := fmt.Sprintf("%d.%02d", 5+i%900, i%100)
	if i%5 == 4 {
		return fmt.Sprintf(`{"saleMessageType":%q,"transactionType":"SALE","transactionId":"B-%d","documentDate":"2026-06-01","currency":{"isoCurrencyCodeAlpha":"EUR"},`+
			`"seller":{"company":"MUNICH-GMBH","physicalOrigin":{"city":"München","postalCode":"80331","country":"DE"}},`+
			`"customer":{"destination":%s},"lineItems":[{"lineItemNumber":1,"product":{"productClass":"GENERAL"},"extendedPrice":%s}]}`,
			kind, i, euDests[i%len(euDests)], price)
	}
	return fmt.Sprintf(`{"saleMessageType":%q,"transactionType":"SALE","transactionId":"B-%d","documentDate":"2026-06-01",`+
		`"seller":{"company":"ACME","physicalOrigin":{"city":"Seattle","mainDivision":"WA","postalCode":"98101","country":"US"}},`+
		`"customer":{"destination":%s},"lineItems":[{"lineItemNumber":1,"quantity":{"value":%d},"unitPrice":%s}]}`,
		kind, i, usDests[i%len(usDests)], 1+i%3, price)
}

// writeFile writes n lines made by line to path and returns its size.
func writeFile(path string, n int, line func(int) string) (int64, error) {
	f, err := os.Create(path)
	if err != nil {
		return 0, err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	for i := range n {
		w.WriteString(line(i))
		w.WriteByte('\n')
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return 0, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return 0, err
	}
	return fi.Size(), f.Close()
}

// readLines returns the first n lines of a file.
func readLines(path string, n int) ([][]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	var out [][]byte
	for len(out) < n && sc.Scan() {
		out = append(out, bytes.Clone(sc.Bytes()))
	}
	return out, sc.Err()
}

// measured is a rate, in lines per second of wall time, and the CPU
// time of a line, which the other processes of a busy machine do not
// change much.
type measured struct {
	rate float64
	cpu  time.Duration
}

// cpuTime is the CPU time this process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// batch runs levy batch sale over a file and reports its rate and peak
// memory.
func batch(ctx context.Context, c config, in string, n int, extra []string) (measured, error) {
	out := filepath.Join(c.tmp, "out.jsonl")
	args := append([]string{"batch", "sale", "--in", in, "--out", out, "--workers", fmt.Sprint(c.workers)}, extra...)
	cmd := exec.CommandContext(ctx, c.bin, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	start := time.Now()
	err := cmd.Run()
	took := time.Since(start)
	if err != nil {
		return measured{}, fmt.Errorf("levy batch: %w\n%s", err, stderr.String())
	}
	rss := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss // KiB on Linux
	cpu := cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	rate := float64(n) / took.Seconds()
	fmt.Printf("levy batch --workers %d: %d lines in %v, %.0f lines/s; CPU %v, %v a line; peak RSS %.0f MiB (goal ≤ 256 MiB)\n  %s",
		c.workers, n, took.Round(time.Millisecond), rate, cpu.Round(time.Millisecond), (cpu / time.Duration(n)).Round(10*time.Nanosecond),
		float64(rss)/1024, stderr.String())
	_ = os.Remove(out)
	return measured{rate, cpu / time.Duration(n)}, nil
}

// floor calculates lines in one goroutine, as levy batch does each one
// (decoded as the API decodes a body, calculated, encoded), and reports
// the rate times workers with the split of a line's time.
func floor(ctx context.Context, e *engine.Engine, lines [][]byte, workers int, profile string) (measured, error) {
	if profile != "" {
		f, err := os.Create(profile)
		if err != nil {
			return measured{}, err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return measured{}, err
		}
		defer pprof.StopCPUProfile()
	}
	var spent [3]time.Duration // decoding, calculating, encoding
	cpu0 := cpuTime()
	for i, l := range lines {
		if err := pipeline(ctx, e, l, &spent); err != nil {
			return measured{}, fmt.Errorf("line %d: %w", i+1, err)
		}
	}
	dec, calc, enc := spent[0], spent[1], spent[2]
	cpu := (cpuTime() - cpu0) / time.Duration(len(lines))
	total := dec + calc + enc
	per := total / time.Duration(len(lines))
	rate := float64(len(lines)) / total.Seconds() * float64(workers)
	fmt.Printf("floor, one goroutine in-process × %d: %.0f lines/s; CPU %v a line; one line %v = decode %.0f%%, calculate %.0f%%, encode %.0f%%\n",
		workers, rate, cpu.Round(10*time.Nanosecond), per.Round(10*time.Nanosecond), pct(dec, total), pct(calc, total), pct(enc, total))
	return measured{rate, cpu}, nil
}

// pipeline answers one line as levy batch does: decoded as the API
// decodes a body, calculated, encoded. With spent, it adds the time of
// each of the three to it.
func pipeline(ctx context.Context, e *engine.Engine, line []byte, spent *[3]time.Duration) error {
	t0 := time.Now()
	req := new(wire.SaleRequest)
	if err := jsonbody.Decode(bytes.NewReader(line), req, 16<<20); err != nil {
		return err
	}
	t1 := time.Now()
	resp, err := e.Sale(ctx, req)
	if err != nil {
		return err
	}
	t2 := time.Now()
	if _, err := json.Marshal(resp); err != nil {
		return err
	}
	if spent != nil {
		t3 := time.Now()
		spent[0], spent[1], spent[2] = spent[0]+t1.Sub(t0), spent[1]+t2.Sub(t1), spent[2]+t3.Sub(t2)
	}
	return nil
}

// parallel runs the floor's loop in workers goroutines at once, each over
// its share of the lines, with nothing between them: what the machine
// gives when all its cores calculate, without a reader, a writer or an
// order to keep.
func parallel(ctx context.Context, e *engine.Engine, lines [][]byte, workers int) (float64, error) {
	took, err := fanOut(ctx, len(lines), workers, func(i int) error { return pipeline(ctx, e, lines[i], nil) })
	if err != nil {
		return 0, err
	}
	rate := float64(len(lines)) / took.Seconds()
	fmt.Printf("floor in %d goroutines in-process at once: %.0f lines/s\n", workers, rate)
	return rate, nil
}

func pct(d, total time.Duration) float64 { return 100 * float64(d) / float64(total) }

// serve posts lines to levy serve on loopback from workers clients and
// reports the rate.
func serve(ctx context.Context, c config, lines [][]byte) (float64, error) {
	s, err := stress.Start(ctx, c.bin, filepath.Join(c.tmp, "serve"))
	if err != nil {
		return 0, err
	}
	defer s.Stop()
	token, err := s.Token(ctx)
	if err != nil {
		return 0, err
	}
	hc := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: c.workers}}
	took, err := fanOut(ctx, len(lines), c.workers, func(i int) error {
		req, err := http.NewRequestWithContext(ctx, "POST", s.Base+"/api/v2/supplies", bytes.NewReader(lines[i]))
		if err != nil {
			return err
		}
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("Content-Type", "application/json")
		resp, err := hc.Do(req)
		if err != nil {
			return err
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("status %s", resp.Status)
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	rate := float64(len(lines)) / took.Seconds()
	fmt.Printf("levy serve, %d clients on loopback: %d requests in %v, %.0f/s\n", c.workers, len(lines), took.Round(time.Millisecond), rate)
	return rate, nil
}

// fanOut calls fn with each of 0..n-1 from workers goroutines, each
// taking the next number, and returns how long it took with the errors;
// a goroutine stops at its first error, or when ctx ends.
func fanOut(ctx context.Context, n, workers int, fn func(i int) error) (time.Duration, error) {
	var next atomic.Int64
	var wg sync.WaitGroup
	errs := make([]error, workers)
	start := time.Now()
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= n || ctx.Err() != nil {
					return
				}
				if err := fn(i); err != nil {
					errs[w] = fmt.Errorf("line %d: %w", i+1, err)
					return
				}
			}
		}()
	}
	wg.Wait()
	return time.Since(start), errors.Join(errs...)
}

// journalRates measures the journal's own Post and PostAll (groups of
// 256) on Badger in dir, one writer, in transactions per second.
func journalRates(ctx context.Context, dir string) (post, postAll float64, err error) {
	j, err := badger.OpenJournal(ctx, dir)
	if err != nil {
		return 0, 0, err
	}
	defer j.Close()
	tx := func(i int) *journal.Transaction {
		d := civil.MustParse("2026-06-01")
		amt := money.MustParse("100.00")
		return &journal.Transaction{TransactionID: fmt.Sprintf("J-%d", i), Perspective: "SELLER", MessageType: "INVOICE",
			DocumentDate: d, PostingDate: d, Currency: "USD", SubTotal: amt, TotalTax: money.MustParse("8.25"), Total: money.MustParse("108.25"),
			Lines: []journal.Line{{LineItemNumber: 1, Amount: amt, TotalTax: money.MustParse("8.25"), Taxes: []journal.Tax{
				{JurisdictionID: "US-CA", JurisdictionType: "STATE", Imposition: "Sales and Use Tax", Taxable: amt, Tax: money.MustParse("6.00"), Rate: money.MustParse("0.06")},
				{JurisdictionID: "US-06037", JurisdictionType: "COUNTY", Imposition: "Local Sales Tax", Taxable: amt, Tax: money.MustParse("2.25"), Rate: money.MustParse("0.0225")},
			}}}}
	}
	var failed error
	n := 0
	r := testing.Benchmark(func(b *testing.B) {
		for b.Loop() {
			n++
			if _, err := j.Post(ctx, levy.DefaultTenant, tx(n)); err != nil {
				failed = err
				b.FailNow()
			}
		}
	})
	if failed != nil {
		return 0, 0, failed
	}
	ra := testing.Benchmark(func(b *testing.B) {
		for b.Loop() {
			group := make([]*journal.Transaction, 256)
			for k := range group {
				n++
				group[k] = tx(n)
			}
			if _, err := j.PostAll(ctx, levy.DefaultTenant, group); err != nil {
				failed = err
				b.FailNow()
			}
		}
	})
	if failed != nil {
		return 0, 0, failed
	}
	return 1e9 / float64(r.NsPerOp()), 256 * 1e9 / float64(ra.NsPerOp()), nil
}

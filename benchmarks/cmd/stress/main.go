// Command stress drives a real `levy serve` with the realistic mix of
// package stress.
//
//	go run ./cmd/stress load  [--clients 100] [--duration 60s] [--rate 1000]
//	go run ./cmd/stress crash [--clients 100] [--duration 10s] [--kills 5]
//
// Run it from the benchmarks directory; it builds the levy command from
// the repository beside it unless --levy names a binary, and keeps the
// server's data in a temporary directory unless --data-dir names one.
// load prints the throughput, p50 and p99 per kind of request and the
// errors, and exits 1 when the goal (no errors, p99 at most 20 ms) is
// missed; crash prints what it checked and exits 1 when anything
// acknowledged was lost.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"sort"
	"time"

	"github.com/levytax/levy/benchmarks/stress"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "stress:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string) error {
	if len(args) == 0 || (args[0] != "load" && args[0] != "crash") {
		return fmt.Errorf("usage: stress load|crash [flags] (stress load -h)")
	}
	fs := flag.NewFlagSet("stress "+args[0], flag.ExitOnError)
	bin := fs.String("levy", "", "the levy binary (default: build ../cmd/levy)")
	dataDir := fs.String("data-dir", "", "the server's data directory (default: a new temporary one)")
	ubl := fs.String("ubl", "../einvoice/testdata/invoice.xml", "the UBL invoice of the e-invoice submissions")
	clients := fs.Int("clients", 100, "concurrent clients")
	duration := fs.Duration("duration", 60*time.Second, "length of the load (crash: of each segment between kills)")
	kills := fs.Int("kills", 5, "crash: how many times to kill the server")
	p99 := fs.Duration("p99", 20*time.Millisecond, "load: the p99 goal")
	rate := fs.Float64("rate", 1000, "load: requests per second across the clients (each client paced, latency measured from when a request was due); 0 sends as fast as answered")
	_ = fs.Parse(args[1:])
	if args[0] == "crash" && !flagGiven(fs, "duration") {
		*duration = 10 * time.Second
	}
	tmp, err := os.MkdirTemp("", "levy-stress-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	if *bin == "" {
		*bin = filepath.Join(tmp, "levy")
		fmt.Fprintln(os.Stderr, "building levy")
		cmd := exec.CommandContext(ctx, "go", "build", "-o", *bin, "./cmd/levy")
		cmd.Dir = ".." // the repository's own module
		cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("build levy: %w", err)
		}
	}
	if *dataDir == "" {
		*dataDir = filepath.Join(tmp, "data")
	}
	doc, err := stress.ReadUBL(*ubl)
	if err != nil {
		return err
	}
	cfg := stress.Config{Bin: *bin, DataDir: *dataDir, UBL: doc, Clients: *clients, Duration: *duration, Kills: *kills, Rate: *rate, Log: os.Stderr}
	fmt.Printf("machine: %d cores (GOMAXPROCS %d), %s\n", runtime.NumCPU(), runtime.GOMAXPROCS(0), time.Now().UTC().Format(time.DateOnly))
	if args[0] == "crash" {
		rep, err := stress.Crash(ctx, cfg)
		if err != nil {
			return err
		}
		fmt.Printf("%d kills; acknowledged %d invoices and %d e-invoices, all checked; %d webhook events received; %d requests failed around the kills\n",
			rep.Kills, rep.Invoices, rep.Documents, rep.Events, rep.RequestErr)
		for _, p := range rep.Problems {
			fmt.Println("LOST:", p)
		}
		if len(rep.Problems) > 0 {
			return fmt.Errorf("%d problems", len(rep.Problems))
		}
		fmt.Println("nothing acknowledged was lost; the journal and the e-invoicing store opened cleanly after every kill")
		return nil
	}
	res, err := stress.Load(ctx, cfg)
	if err != nil {
		return err
	}
	pace := "as fast as answered"
	if *rate > 0 {
		pace = fmt.Sprintf("paced at %.0f req/s", *rate)
	}
	fmt.Printf("%d clients for %v, %s: %s\n", *clients, *duration, pace, res)
	names := make([]string, 0, len(res.Kinds))
	for n := range res.Kinds {
		names = append(names, n)
	}
	sort.Strings(names)
	fmt.Printf("%-20s %10s %8s %10s %10s %10s\n", "kind", "requests", "errors", "p50", "p99", "max")
	for _, n := range names {
		k := res.Kinds[n]
		fmt.Printf("%-20s %10d %8d %10v %10v %10v\n", n, k.Requests, k.Errors, k.P50.Round(10*time.Microsecond), k.P99.Round(10*time.Microsecond), k.Max.Round(10*time.Microsecond))
	}
	if res.Errors > 0 || res.P99 > *p99 {
		return fmt.Errorf("goal missed: %d errors (first: %s), p99 %v (goal %v)", res.Errors, res.FirstError, res.P99, *p99)
	}
	fmt.Printf("goal met: no errors, p99 %v <= %v\n", res.P99, *p99)
	return nil
}

// flagGiven reports whether the flag was set on the command line.
func flagGiven(fs *flag.FlagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}

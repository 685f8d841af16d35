// Command stress drives real `levy serve` processes with the realistic
// mix of package stress.
//
//	go run ./cmd/stress load  [--clients 100] [--duration 60s] [--rate 1000] [--nodes 1] [--postgres] [--kinds quotation,...]
//	go run ./cmd/stress crash [--clients 100] [--duration 10s] [--kills 5]
//	go run ./cmd/stress cluster-crash [--nodes 3] [--clients 100] [--duration 60s] [--kills 5] [--expire-leases]
//	go run ./cmd/stress scale [--nodes 1,3] [--kinds quotation/invoice] [--clients 100] [--duration 20s] [--rounds 2]
//
// Run it from the benchmarks directory; it builds the levy command from
// the repository beside it unless --levy names a binary, and keeps the
// servers' data in a temporary directory unless --data-dir names one.
//
// load prints the throughput, p50 and p99 per kind of request and the
// errors, and exits 1 when the goal (no errors, p99 at most 20 ms) is
// missed; with --nodes N (more than one) or --postgres its nodes share a
// PostgreSQL database. crash kills one server over Badger and restarts
// it, cluster-crash kills random nodes of a cluster over PostgreSQL; both
// print what they checked and exit 1 when anything acknowledged was lost
// or wrong. scale measures the throughput of each node count, unpaced,
// for each set of kinds, on a fresh database each time, and prints the
// ratios to the first node count with where the CPU time went.
//
// Whatever needs PostgreSQL runs over a throwaway cluster that the
// command starts (initdb into a temporary directory, durable: fsync and
// synchronous_commit on) and removes at the end, unless --database names
// a database.
package main

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/levytax/levy/benchmarks/loadgen"
	"github.com/levytax/levy/benchmarks/stress"
	"github.com/levytax/levy/internal/pgtest"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "stress:", err)
		os.Exit(1)
	}
}

// commands are the subcommands.
var commands = map[string]func(context.Context, *env) error{
	"load": load, "crash": crash, "cluster-crash": clusterCrash, "scale": scale,
}

// env is what a subcommand works with: its flags, parsed, and the
// configuration they make.
type env struct {
	cfg      stress.Config
	tmp      string
	database string // --database
	postgres bool   // --postgres
	nodeList string // --nodes, for scale
	kinds    string
	rounds   int // --rounds, for scale
	p99      time.Duration
	pg       *pgtest.Cluster // the throwaway cluster, once started
}

func run(ctx context.Context, args []string) error {
	if len(args) == 0 || commands[args[0]] == nil {
		return errors.New("usage: stress load|crash|cluster-crash|scale [flags] (stress load -h)")
	}
	name := args[0]
	fs := flag.NewFlagSet("stress "+name, flag.ExitOnError)
	e := &env{}
	c := &e.cfg
	bin := fs.String("levy", "", "the levy binary (default: build ../cmd/levy)")
	fs.StringVar(&c.DataDir, "data-dir", "", "the servers' data directory (default: a new temporary one)")
	ubl := fs.String("ubl", "../einvoice/testdata/invoice.xml", "the UBL invoice of the e-invoice submissions")
	fs.IntVar(&c.Clients, "clients", 100, "concurrent clients")
	fs.DurationVar(&c.Duration, "duration", 60*time.Second, "length of the load (crash: of each segment between kills; scale: of each measurement)")
	fs.IntVar(&c.Kills, "kills", 5, "crash, cluster-crash: how many times to kill a server")
	fs.DurationVar(&e.p99, "p99", 20*time.Millisecond, "load: the p99 goal")
	fs.Float64Var(&c.Rate, "rate", 1000, "load: requests per second across the clients (each client paced, latency measured from when a request was due); 0 sends as fast as answered")
	fs.StringVar(&e.nodeList, "nodes", map[string]string{"scale": "1,3", "cluster-crash": "3"}[name], "how many levy serve nodes share one PostgreSQL database (scale: a comma-separated list)")
	fs.StringVar(&e.database, "database", "", "the PostgreSQL database of the nodes (default: a throwaway cluster, when the nodes need one)")
	fs.BoolVar(&e.postgres, "postgres", false, "load: keep the stores of a single node in PostgreSQL rather than Badger")
	fs.StringVar(&e.kinds, "kinds", map[string]string{"scale": "quotation/invoice"}[name], "load: the kinds of request of the mix, comma-separated (default all: "+strings.Join(stress.Kinds, ",")+"); scale: sets of them, separated by /")
	fs.IntVar(&c.TokenLimit, "token-rate-limit", 10, "cluster-crash: tokens per client and audience per --token-rate-window, which the nodes enforce and the run checks")
	fs.DurationVar(&c.TokenWindow, "token-rate-window", 10*time.Second, "cluster-crash: the window of --token-rate-limit")
	fs.IntVar(&c.Webhooks, "webhooks", 2, "cluster-crash: webhook connections, each its own queue of events")
	fs.BoolVar(&c.ExpireLeases, "expire-leases", false, "cluster-crash: after the load, stop the nodes and end every lease rather than wait 5 minutes for the killed nodes' leases to lapse")
	fs.IntVar(&e.rounds, "rounds", 2, "scale: how many times to measure each node count, alternately")
	_ = fs.Parse(args[1:])
	if name == "crash" && !flagGiven(fs, "duration") {
		c.Duration = 10 * time.Second
	}
	if name == "scale" && !flagGiven(fs, "duration") {
		c.Duration = 20 * time.Second
	}
	tmp, err := os.MkdirTemp("", "levy-stress-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	e.tmp = tmp
	defer func() {
		if e.pg != nil {
			if err := e.pg.Stop(); err != nil {
				fmt.Fprintln(os.Stderr, "stress:", err)
			}
		}
	}()
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
	if c.Bin, err = filepath.Abs(*bin); err != nil {
		return err
	}
	if c.DataDir == "" {
		c.DataDir = filepath.Join(tmp, "data")
	}
	if c.UBL, err = stress.ReadUBL(*ubl); err != nil {
		return err
	}
	if name != "scale" {
		if c.Nodes, err = strconv.Atoi(cmp.Or(e.nodeList, "1")); err != nil || c.Nodes < 1 {
			return fmt.Errorf("--nodes %q: want a number of nodes", e.nodeList)
		}
	}
	c.Log = os.Stderr
	fmt.Printf("machine: %d cores (GOMAXPROCS %d), %s\n", runtime.NumCPU(), runtime.GOMAXPROCS(0), time.Now().UTC().Format(time.DateOnly))
	return commands[name](ctx, e)
}

// db returns the URL of a database for the nodes: --database, or a new
// database of the throwaway cluster, which it starts the first time.
func (e *env) db(ctx context.Context) (string, error) {
	if e.database != "" {
		return e.database, nil
	}
	if e.pg == nil {
		fmt.Fprintln(os.Stderr, "starting a throwaway PostgreSQL (durable: fsync and synchronous_commit on)")
		pg, err := pgtest.Start(ctx, pgtest.Options{Durable: true})
		if err != nil {
			return "", err
		}
		e.pg = pg
	}
	return e.pg.CreateDatabase(ctx)
}

// load runs stress.Load and prints what it measured.
func load(ctx context.Context, e *env) error {
	c := e.cfg
	if c.Nodes > 1 || e.postgres || e.database != "" {
		var err error
		if c.Database, err = e.db(ctx); err != nil {
			return err
		}
	}
	if e.kinds != "" {
		c.Kinds = strings.Split(e.kinds, ",")
	}
	var cpu cpuUse
	c.Measuring = cpu.marker(c)
	res, err := stress.Load(ctx, c)
	if err != nil {
		return err
	}
	pace := "as fast as answered"
	if c.Rate > 0 {
		pace = fmt.Sprintf("paced at %.0f req/s", c.Rate)
	}
	fmt.Printf("%d clients over %s for %v, %s: %s\n", c.Clients, nodesDesc(c), c.Duration, pace, res)
	fmt.Printf("CPU: %s\n", cpu)
	printKinds(res)
	if res.Errors > 0 || res.P99 > e.p99 {
		return fmt.Errorf("goal missed: %d errors (first: %s), p99 %v (goal %v)", res.Errors, res.FirstError, res.P99, e.p99)
	}
	fmt.Printf("goal met: no errors, p99 %v <= %v\n", res.P99, e.p99)
	return nil
}

// nodesDesc says where the nodes of c keep their stores.
func nodesDesc(c stress.Config) string {
	store := "Badger"
	if c.Database != "" {
		store = "one PostgreSQL"
	}
	if c.Nodes > 1 {
		return fmt.Sprintf("%d nodes (%s)", c.Nodes, store)
	}
	return "1 node (" + store + ")"
}

// printKinds prints the figures of each kind of request.
func printKinds(res loadgen.Result) {
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
}

// crash runs stress.Crash, one server over Badger.
func crash(ctx context.Context, e *env) error {
	rep, err := stress.Crash(ctx, e.cfg)
	if err != nil {
		return err
	}
	fmt.Printf("%d kills; acknowledged %d invoices and %d e-invoices, all checked; %d webhook events received; %d requests failed around the kills\n",
		rep.Kills, rep.Invoices, rep.Documents, rep.Events, rep.RequestErr)
	if err := verdict(rep); err != nil {
		return err
	}
	fmt.Println("nothing acknowledged was lost; the journal and the e-invoicing store opened cleanly after every kill")
	return nil
}

// verdict prints the problems of a crash run and fails when there are.
func verdict(rep stress.CrashReport) error {
	for _, p := range rep.Problems {
		fmt.Println("PROBLEM:", p)
	}
	if len(rep.Problems) > 0 {
		return fmt.Errorf("%d problems", len(rep.Problems))
	}
	return nil
}

// clusterCrash runs stress.ClusterCrash.
func clusterCrash(ctx context.Context, e *env) error {
	c := e.cfg
	if c.Nodes < 2 {
		return errors.New("cluster-crash needs --nodes 2 or more")
	}
	var err error
	if c.Database, err = e.db(ctx); err != nil {
		return err
	}
	rep, err := stress.ClusterCrash(ctx, c)
	if err != nil {
		return err
	}
	fmt.Printf("%d nodes, %d clients, %v, %d kills: %d requests, %d failed around the kills\n",
		c.Nodes, c.Clients, c.Duration, rep.Kills, rep.Requests, rep.RequestErr)
	fmt.Printf("acknowledged %d invoices (each found on every node) and %d e-invoices (each Completed); %d webhook events accepted over %d connections; settled %v after the load\n",
		rep.Invoices, rep.Documents, rep.Events, c.Webhooks, rep.Settled.Round(time.Second))
	fmt.Printf("tokens: %d granted and %d refused over %d pairs of client and audience, limit %d per %v\n",
		rep.Tokens, rep.Refused, rep.Pairs, c.TokenLimit, c.TokenWindow)
	if err := verdict(rep); err != nil {
		return err
	}
	fmt.Println("nothing acknowledged was lost; no event was lost, sent under two keys or out of order; no connection had two senders at once; the rate limit held")
	return nil
}

// scale measures the throughput of each node count for each set of
// kinds, unpaced, alternating the node counts over the rounds.
func scale(ctx context.Context, e *env) error {
	var counts []int
	for _, f := range strings.Split(e.nodeList, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 {
			return fmt.Errorf("--nodes %q: want node counts such as 1,3", e.nodeList)
		}
		counts = append(counts, n)
	}
	sets := strings.Split(e.kinds, "/")
	type key struct {
		set   string
		nodes int
	}
	rps := map[key][]float64{}
	for r := range e.rounds {
		for _, set := range sets {
			for _, n := range counts {
				c := e.cfg
				c.Nodes, c.Rate, c.Kinds = n, 0, strings.Split(set, ",")
				c.DataDir = filepath.Join(e.tmp, fmt.Sprintf("scale-%d-%s-%d", r, strings.ReplaceAll(set, ",", "+"), n))
				var err error
				if c.Database, err = e.db(ctx); err != nil {
					return err
				}
				var cpu cpuUse
				c.Measuring = cpu.marker(c)
				res, err := stress.Load(ctx, c)
				if err != nil {
					return err
				}
				if res.Errors > 0 {
					return fmt.Errorf("%s on %d nodes: %d errors (first: %s)", set, n, res.Errors, res.FirstError)
				}
				rps[key{set, n}] = append(rps[key{set, n}], res.RPS())
				fmt.Printf("round %d, %-12s %d node(s): %7.0f req/s, p50 %v, p99 %v; CPU %s\n",
					r+1, set, n, res.RPS(), res.P50.Round(10*time.Microsecond), res.P99.Round(10*time.Microsecond), cpu)
			}
		}
	}
	fmt.Printf("\n%-12s %6s %26s %8s\n", "kinds", "nodes", "req/s (each round)", "ratio")
	for _, set := range sets {
		base := mean(rps[key{set, counts[0]}])
		for _, n := range counts {
			v := rps[key{set, n}]
			each := make([]string, len(v))
			for i, x := range v {
				each[i] = fmt.Sprintf("%.0f", x)
			}
			fmt.Printf("%-12s %6d %26s %8.2f\n", set, n, strings.Join(each, " "), mean(v)/base)
		}
	}
	return nil
}

// mean is the mean of v.
func mean(v []float64) float64 {
	s := 0.0
	for _, x := range v {
		s += x
	}
	return s / float64(len(v))
}

// flagGiven reports whether the flag was set on the command line.
func flagGiven(fs *flag.FlagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}

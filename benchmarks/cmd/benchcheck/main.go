// Command benchcheck runs Levy's benchmarks that have limits, in one run
// each, and prints every figure beside its limit:
//
//	go run ./cmd/benchcheck [-sets decode,engine,http] [-count 6] [-benchtime 1s]
//
// The limits are ratios within one run, to BenchmarkFloor (the address
// lookup and one multiply-and-round per tax that a quotation can not
// avoid) or to the minimal HTTP handler, so that a busy or a fast machine
// reads the same; they are those of benchmarks/README.md ("Limits"). The
// sets are:
//
//   - decode: DecodeQuotation1 and DecodeQuotation100 against Floor
//     (package engine);
//   - engine: Quotation1 and Quotation100 against Floor, in the same run;
//   - http: BenchmarkHTTPQuotation, Levy's requests per second against
//     the minimal handler's (this module).
//
// It prints the host, each median (of -count runs) and ratio, the limit
// and whether it is met, and exits with status 1 when a limit is not met,
// so that a regression shows. Run it from the benchmarks directory; it
// runs `go test` in the repository beside it (-levy). It is not part of
// `go test`: machines are noisy, and only a documented run on a quiet
// machine says whether Levy meets its limits.
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"
)

// limit is one figure and its limit: the median of a benchmark divided by
// that of its base, at most (or, for a throughput, at least) max.
type limit struct {
	set     string
	bench   string // the benchmark, without "Benchmark"
	base    string // the benchmark it is measured against
	metric  string // the unit of the figure: "ns/op" or "req/s"
	max     float64
	atLeast bool   // the ratio must be at least max, not at most
	note    string // what the figure is
}

// limits are Levy's limits; benchmarks/README.md writes each beside its
// figure.
var limits = []limit{
	{set: "decode", bench: "DecodeQuotation1", base: "Floor", metric: "ns/op", max: 0.45, note: "decoding a one-line QUOTATION"},
	{set: "decode", bench: "DecodeQuotation100", base: "Floor", metric: "ns/op", max: 12, note: "decoding a 100-line QUOTATION"},
	{set: "decode", bench: "DecodeQuotation100Varied", base: "Floor", metric: "ns/op", note: "the same, every amount written once (no limit)"},
	{set: "engine", bench: "Quotation1", base: "Floor", metric: "ns/op", max: 1.3, note: "a one-line QUOTATION"},
	{set: "engine", bench: "Quotation100", base: "Floor", metric: "ns/op", max: 43, note: "a 100-line QUOTATION"},
	{set: "engine", bench: "Quotation100", base: "Quotation1", metric: "ns/op", max: 100, note: "a line of 100 costs no more than a one-line document"},
	{set: "engine", bench: "Quotation1000", base: "Quotation100", metric: "ns/op", max: 11, note: "1,000 lines: the work per line does not grow"},
	{set: "engine", bench: "LentQuotation1", base: "Floor", metric: "ns/op", note: "Quotation1 through SaleWith, as the API's routes calculate (no limit)"},
	{set: "engine", bench: "LentQuotation100", base: "Floor", metric: "ns/op", note: "Quotation100 through SaleWith (no limit)"},
	{set: "http", bench: "HTTPQuotation/levy", base: "HTTPQuotation/minimal", metric: "req/s", max: 0.7, atLeast: true,
		note: "HTTP QUOTATION against a bare JSON echo handler, 32 clients"},
}

func main() {
	sets := flag.String("sets", "decode,engine", "the sets of limits to check: decode, engine, http")
	count := flag.Int("count", 6, "runs of each benchmark; the figures are medians")
	benchtime := flag.String("benchtime", "1s", "the -benchtime of the engine's benchmarks: a time, so that each benchmark, the floor included, runs long enough for the collector's share to show")
	levy := flag.String("levy", "..", "the root of the Levy repository")
	flag.Parse()
	want := strings.Split(*sets, ",")
	root, err := filepath.Abs(*levy)
	if err != nil {
		fail(err)
	}
	fmt.Println("Levy's benchmarks against their limits (benchmarks/README.md, \"Limits\")")
	fmt.Println(host())
	fmt.Println()
	medians := map[string]float64{}
	var engine, http []string
	for _, l := range limits {
		if !slices.Contains(want, l.set) {
			continue
		}
		switch l.set {
		case "http":
			http = appendNew(http, l.bench, l.base)
		default:
			engine = appendNew(engine, l.bench, l.base)
		}
	}
	if len(engine) > 0 {
		run(medians, root, "./engine/", engine, "-cpu", "1", "-count", strconv.Itoa(*count), "-benchtime", *benchtime)
	}
	if len(http) > 0 {
		// All cores, as the HTTP benchmark's 32 clients and the server
		// share them.
		run(medians, filepath.Join(root, "benchmarks"), ".", http, "-count", strconv.Itoa(*count), "-benchtime", "20000x")
	}
	fmt.Println()
	fmt.Printf("%-26s %14s %14s %9s %9s  %s\n", "benchmark", "median", "base", "ratio", "limit", "verdict")
	failed := false
	for _, l := range limits {
		if !slices.Contains(want, l.set) {
			continue
		}
		fig, ok1 := medians[l.bench+" "+l.metric]
		base, ok2 := medians[l.base+" "+l.metric]
		if !ok1 || !ok2 || base == 0 {
			fmt.Printf("%-26s missing from the output of go test\n", l.bench)
			failed = true
			continue
		}
		ratio := fig / base
		bound, verdict := "—", "—"
		if l.max > 0 {
			met := ratio <= l.max
			bound = "≤ " + strconv.FormatFloat(l.max, 'g', -1, 64)
			if l.atLeast {
				met = ratio >= l.max
				bound = "≥ " + strconv.FormatFloat(l.max, 'g', -1, 64)
			}
			verdict = "met"
			if !met {
				verdict = "NOT MET"
				failed = true
			}
		}
		fmt.Printf("%-26s %14s %14s %9.3g %9s  %s (%s)\n", l.bench, format(fig, l.metric), format(base, l.metric), ratio, bound, verdict, l.note)
	}
	fmt.Println()
	fmt.Printf("%-26s %14s %14s\n", "benchmark", "B/op", "allocs/op")
	var seen []string
	for _, l := range limits {
		for _, name := range []string{l.base, l.bench} {
			if !slices.Contains(want, l.set) || slices.Contains(seen, name) {
				continue
			}
			seen = append(seen, name)
			bytes, ok1 := medians[name+" B/op"]
			allocs, ok2 := medians[name+" allocs/op"]
			if ok1 && ok2 {
				fmt.Printf("%-26s %14.0f %14.0f\n", name, bytes, allocs)
			}
		}
	}
	if failed {
		os.Exit(1)
	}
}

// appendNew appends to list the names it does not hold yet.
func appendNew(list []string, names ...string) []string {
	for _, n := range names {
		if !slices.Contains(list, n) {
			list = append(list, n)
		}
	}
	return list
}

// run runs the benchmarks in one `go test` of pkg in dir, with the flags
// given, and records the median of each metric of each in medians, by
// "name metric".
func run(medians map[string]float64, dir, pkg string, benches []string, flags ...string) {
	tops := map[string]bool{}
	for _, b := range benches {
		top, _, _ := strings.Cut(b, "/")
		tops[top] = true
	}
	var alt []string
	for top := range tops {
		alt = append(alt, top)
	}
	slices.Sort(alt)
	args := append([]string{"test", "-run", "^$", "-bench", "^Benchmark(" + strings.Join(alt, "|") + ")$", "-benchmem"}, flags...)
	args = append(args, pkg)
	fmt.Printf("(in %s) go %s\n", dir, strings.Join(args, " "))
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		os.Stderr.Write(out)
		fail(fmt.Errorf("go test in %s: %w", dir, err))
	}
	for name, values := range parse(bytes.NewReader(out)) {
		medians[name] = median(values)
	}
}

// parse reads the output of go test -bench and returns every value of
// every metric, by "name metric"; the name lacks "Benchmark" and the
// -cpu suffix.
func parse(r io.Reader) map[string][]float64 {
	values := map[string][]float64{}
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) < 4 || !strings.HasPrefix(fields[0], "Benchmark") {
			continue
		}
		name := strings.TrimPrefix(fields[0], "Benchmark")
		if i := strings.LastIndexByte(name, '-'); i > 0 {
			if _, err := strconv.Atoi(name[i+1:]); err == nil {
				name = name[:i]
			}
		}
		for i := 2; i+1 < len(fields); i += 2 {
			v, err := strconv.ParseFloat(fields[i], 64)
			if err != nil {
				break
			}
			values[name+" "+fields[i+1]] = append(values[name+" "+fields[i+1]], v)
		}
	}
	return values
}

// median returns the median of values.
func median(values []float64) float64 {
	s := slices.Clone(values)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// format writes a figure in its unit.
func format(v float64, metric string) string {
	if metric != "ns/op" {
		return strconv.FormatFloat(v, 'f', 0, 64) + " " + metric
	}
	switch {
	case v >= 1e6:
		return strconv.FormatFloat(v/1e6, 'f', 2, 64) + " ms"
	case v >= 1e3:
		return strconv.FormatFloat(v/1e3, 'f', 2, 64) + " µs"
	}
	return strconv.FormatFloat(v, 'f', 0, 64) + " ns"
}

// host describes the machine: the system, the cores, the processor, the
// Go version and the time.
func host() string {
	model := "unknown processor"
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
				model = strings.TrimSpace(v)
				break
			}
		}
	}
	goVersion := runtime.Version()
	if out, err := exec.Command("go", "env", "GOVERSION").Output(); err == nil {
		goVersion = strings.TrimSpace(string(out))
	}
	return fmt.Sprintf("host: %s/%s, %d cores, %s, %s, %s", runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), model, goVersion,
		time.Now().UTC().Format("2006-01-02 15:04 UTC"))
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "benchcheck:", err)
	os.Exit(2)
}

package main

import (
	"bytes"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/levytax/levy/benchmarks/stress"
)

// cpuUse measures where the machine's CPU time went between two marks,
// from /proc (Linux): the whole machine, this process (the load
// generator), the levy nodes (the processes of the levy binary) and
// PostgreSQL (the postmaster whose command line names the cluster's
// directory and its children, with those that ended meanwhile, which the
// postmaster's figures count); the rest is other work of the machine.
// Each process counts the time it took between the marks, or since it
// started if it started after the first. Elsewhere it measures nothing
// and says so.
type cpuUse struct {
	start, end cpuTimes
}

// cpuTimes are CPU times in clock ticks (USER_HZ, 100 a second on
// Linux).
type cpuTimes struct {
	ok          bool
	cores       int               // the cores /proc/stat counts
	total, idle uint64            // all cores, from /proc/stat
	self        uint64            // this process
	levy, pg    map[string]uint64 // by process ID
	pgEnded     uint64            // the postmaster's children that ended
}

// mark takes the start (on) or the end (!on) of the measurement, of the
// processes of the levy binary bin and of the PostgreSQL cluster in
// directory pgDir.
func (u *cpuUse) mark(on bool, bin, pgDir string) {
	t := sampleCPU(bin, pgDir)
	if on {
		u.start = t
	} else {
		u.end = t
	}
}

// marker returns the stress.Config.Measuring of a run of c: it marks
// the start and the end, with the levy binary and the PostgreSQL
// cluster of c (the directory of its socket, when the database URL
// gives one).
func (u *cpuUse) marker(c stress.Config) func(on bool) {
	pgDir := ""
	if p, err := url.Parse(c.Database); err == nil {
		pgDir = p.Query().Get("host")
	}
	return func(on bool) { u.mark(on, c.Bin, pgDir) }
}

// String says, in cores, how busy the machine was and who kept it busy.
func (u cpuUse) String() string {
	a, b := u.start, u.end
	if !a.ok || !b.ok || b.total <= a.total || b.cores == 0 {
		return "not measured (no /proc)"
	}
	cores := float64(b.cores)
	wall := float64(b.total-a.total) / cores // ticks of one core
	in := func(x, y uint64) float64 { return float64(y-min(x, y)) / wall }
	busy, self := in(a.total-a.idle, b.total-b.idle), in(a.self, b.self)
	levy, pg := in(0, delta(a.levy, b.levy)), in(a.pgEnded, b.pgEnded)+in(0, delta(a.pg, b.pg))
	return fmt.Sprintf("%.2f of %.0f cores busy: levy %.2f, PostgreSQL %.2f, load generator %.2f, other %.2f",
		busy, cores, levy, pg, self, max(0, busy-levy-pg-self))
}

// delta sums, over the processes of end, the time each took since start
// (all of it, for one that was not there at the start).
func delta(start, end map[string]uint64) uint64 {
	var sum uint64
	for pid, t := range end {
		sum += t - min(start[pid], t)
	}
	return sum
}

// sampleCPU reads the CPU times of now.
func sampleCPU(bin, pgDir string) cpuTimes {
	t := cpuTimes{levy: map[string]uint64{}, pg: map[string]uint64{}}
	b, err := os.ReadFile("/proc/stat")
	if err != nil {
		return t
	}
	line, rest, _ := strings.Cut(string(b), "\n")
	for _, l := range strings.Split(rest, "\n") {
		if len(l) > 3 && strings.HasPrefix(l, "cpu") && l[3] >= '0' && l[3] <= '9' {
			t.cores++
		}
	}
	f := strings.Fields(line)
	if len(f) < 5 || f[0] != "cpu" {
		return t
	}
	// user nice system idle iowait irq softirq, then steal (time the
	// machine did not have) and guest times (counted in user already).
	for i, v := range f[1:min(8, len(f))] {
		n, _ := strconv.ParseUint(v, 10, 64)
		t.total += n
		if i == 3 || i == 4 { // idle, iowait
			t.idle += n
		}
	}
	t.ok = true
	_, t.self, _ = procStat("self")
	pids, _ := filepath.Glob("/proc/[0-9]*")
	pg := map[string]uint64{} // every postgres process
	parent := map[string]string{}
	ended := map[string]uint64{}
	var named []string // the postgres processes whose command line names pgDir
	postmaster := ""
	for _, p := range pids {
		pid := filepath.Base(p)
		if exe, err := os.Readlink(p + "/exe"); err == nil && exe == bin {
			_, t.levy[pid], _ = procStat(pid)
			continue
		}
		if comm, err := os.ReadFile(p + "/comm"); err != nil || !bytes.Equal(bytes.TrimSpace(comm), []byte("postgres")) {
			continue
		}
		parent[pid], pg[pid], ended[pid] = procStat(pid)
		if cmd, err := os.ReadFile(p + "/cmdline"); err == nil && pgDir != "" && bytes.Contains(cmd, []byte(pgDir)) {
			named = append(named, pid)
		}
	}
	// The postmaster's command line names the directory, and so does
	// that of a child just forked, until it sets its own: the postmaster
	// is the one whose parent is not a postgres process.
	for _, pid := range named {
		if _, child := pg[parent[pid]]; !child {
			postmaster, t.pgEnded = pid, ended[pid]
		}
	}
	for pid, ticks := range pg {
		if postmaster != "" && (pid == postmaster || parent[pid] == postmaster) {
			t.pg[pid] = ticks
		}
	}
	return t
}

// procStat returns the parent of a process, its user and system time,
// and that of its children that have ended and that it waited for, in
// ticks.
func procStat(pid string) (ppid string, ticks, ended uint64) {
	b, err := os.ReadFile("/proc/" + pid + "/stat")
	if err != nil {
		return "", 0, 0
	}
	// The command name, in parentheses, may hold spaces and parentheses:
	// the fields are counted from the last ")", the state first.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return "", 0, 0
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 15 {
		return "", 0, 0
	}
	n := func(k int) uint64 { v, _ := strconv.ParseUint(f[k], 10, 64); return v }
	return f[1], n(11) + n(12), n(13) + n(14)
}

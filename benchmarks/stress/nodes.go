package stress

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// nodes are the levy serve processes of a run, all with the same flags:
// one over Badger in Config.DataDir, or Config.Nodes over the PostgreSQL
// database Config.Database, each with a data directory of its own
// (node-1, node-2, ... in Config.DataDir) and a loopback port it keeps
// across restarts, so that the clients find it again.
type nodes struct {
	bin    string
	args   []string
	dirs   []string
	addrs  []string
	srv    []*Server // nil for a node that is down
	panics []string  // the nodes whose log, when they went down, held a panic
}

// startNodes starts the nodes of c with the extra flags args, one after
// the other (the first migrates the database).
func (c *Config) startNodes(ctx context.Context, args ...string) (*nodes, error) {
	n := max(c.Nodes, 1)
	if n > 1 && c.Database == "" {
		return nil, errors.New("stress: several nodes need a PostgreSQL database to share")
	}
	ns := &nodes{bin: c.Bin, srv: make([]*Server, n)}
	if c.Database != "" {
		ns.args = append(ns.args, "--database", c.Database)
	}
	ns.args = append(ns.args, args...)
	for i := range n {
		dir := c.DataDir
		if n > 1 {
			dir = filepath.Join(c.DataDir, "node-"+strconv.Itoa(i+1))
		}
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return nil, fmt.Errorf("stress: %w", err)
		}
		port, err := freePort()
		if err != nil {
			return nil, err
		}
		ns.dirs = append(ns.dirs, dir)
		ns.addrs = append(ns.addrs, port)
	}
	for i := range n {
		if err := ns.start(ctx, i); err != nil {
			ns.kill()
			return nil, err
		}
	}
	return ns, nil
}

// freePort returns a loopback address with a port that was free a moment
// ago.
func freePort() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", fmt.Errorf("stress: a free port: %w", err)
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

// start starts node i, which is down.
func (ns *nodes) start(ctx context.Context, i int) error {
	s, err := StartAt(ctx, ns.bin, ns.dirs[i], ns.addrs[i], ns.args...)
	if err != nil {
		return fmt.Errorf("node %d: %w", i+1, err)
	}
	ns.srv[i] = s
	return nil
}

// down records the log of node i, which has ended, and marks it down.
func (ns *nodes) down(i int) {
	if strings.Contains(ns.srv[i].Logs(), "panic") {
		ns.panics = append(ns.panics, fmt.Sprintf("node %d:\n%s", i+1, tail(ns.srv[i].Logs(), 40)))
	}
	ns.srv[i] = nil
}

// killOne ends node i with SIGKILL.
func (ns *nodes) killOne(i int) {
	ns.srv[i].Kill()
	ns.down(i)
}

// kill ends every node that is up with SIGKILL.
func (ns *nodes) kill() {
	for i, s := range ns.srv {
		if s != nil {
			ns.killOne(i)
		}
	}
}

// stop ends every node that is up with SIGTERM and waits for them.
func (ns *nodes) stop() error {
	var errs []error
	for i, s := range ns.srv {
		if s != nil {
			if err := s.Stop(); err != nil {
				errs = append(errs, fmt.Errorf("node %d: %w", i+1, err))
			}
			ns.down(i)
		}
	}
	return errors.Join(errs...)
}

// startAll starts every node that is down.
func (ns *nodes) startAll(ctx context.Context) error {
	for i, s := range ns.srv {
		if s == nil {
			if err := ns.start(ctx, i); err != nil {
				return err
			}
		}
	}
	return nil
}

// bases returns the base URLs of the nodes, up or down.
func (ns *nodes) bases() []string {
	out := make([]string, len(ns.addrs))
	for i, a := range ns.addrs {
		out[i] = "http://" + a
	}
	return out
}

// logs returns the last n lines of the log of each node that is up.
func (ns *nodes) logs(n int) string {
	var b strings.Builder
	for i, s := range ns.srv {
		if s != nil {
			fmt.Fprintf(&b, "node %d:\n%s\n", i+1, tail(s.Logs(), n))
		}
	}
	return b.String()
}

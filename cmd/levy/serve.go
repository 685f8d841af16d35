package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"strings"
	"sync/atomic"
	"time"

	"github.com/levytax/levy/api"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/journal"
)

// serveConfig is the configuration of `levy serve`. Every flag has an
// environment variable of the same name in upper case with LEVY_ in front
// and underscores for dashes (--data-dir is LEVY_DATA_DIR); a flag given
// on the command line wins over its variable.
type serveConfig struct {
	addr            string
	dataDir         string
	maxBody         int64
	readHeader      time.Duration
	read            time.Duration
	write           time.Duration
	idle            time.Duration
	shutdown        time.Duration
	logFormat       string
	logLevel        string
	rules           string
	listening       func(addr string) // tells tests the address; nil in production
	shutdownStarted func()            // tells tests shutdown began; nil in production
}

func serveFlags(c *serveConfig) *flag.FlagSet {
	fs := flag.NewFlagSet("levy serve", flag.ContinueOnError)
	fs.StringVar(&c.addr, "addr", "127.0.0.1:8080", "host:port to listen on")
	fs.StringVar(&c.dataDir, "data-dir", "", "directory of the server's data (the tax journal is in DIR/journal); required")
	fs.Int64Var(&c.maxBody, "max-body", api.DefaultBodyLimit, "largest request body in bytes; a larger one is answered 413")
	fs.DurationVar(&c.readHeader, "read-header-timeout", 10*time.Second, "time allowed to read a request's headers")
	fs.DurationVar(&c.read, "read-timeout", 30*time.Second, "time allowed to read a whole request")
	fs.DurationVar(&c.write, "write-timeout", 60*time.Second, "time allowed to answer a request")
	fs.DurationVar(&c.idle, "idle-timeout", 120*time.Second, "how long an idle keep-alive connection stays open")
	fs.DurationVar(&c.shutdown, "shutdown-timeout", 20*time.Second, "how long requests in flight may take to finish on SIGTERM")
	fs.StringVar(&c.logFormat, "log-format", "json", "log format: json or text")
	fs.StringVar(&c.logLevel, "log-level", "info", "log level: debug, info, warn or error")
	fs.StringVar(&c.rules, "rules", "", "comma-separated rule files to compile beside Levy's default tables")
	return fs
}

// fromEnv sets every flag not given on the command line from its
// environment variable, when that is set.
func fromEnv(fs *flag.FlagSet, getenv func(string) string) error {
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	var err error
	fs.VisitAll(func(f *flag.Flag) {
		name := "LEVY_" + strings.ToUpper(strings.ReplaceAll(f.Name, "-", "_"))
		if v := getenv(name); v != "" && !given[f.Name] && err == nil {
			if e := f.Value.Set(v); e != nil {
				err = usageError{fmt.Sprintf("%s=%q: %v", name, v, e)}
			}
		}
	})
	return err
}

// runServe runs the HTTP API until ctx ends (SIGTERM or SIGINT), then
// stops accepting connections, lets the requests in flight finish within
// the shutdown timeout, and closes the journal.
func runServe(ctx context.Context, args []string, stderr io.Writer, c serveConfig) error {
	fs := serveFlags(&c)
	fs.SetOutput(io.Discard)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.SetOutput(stderr)
			fs.PrintDefaults()
			return nil
		}
		return usageError{err.Error()}
	}
	if fs.NArg() > 0 {
		return usageError{"serve takes no arguments, only flags: levy serve --addr HOST:PORT --data-dir DIR"}
	}
	if err := fromEnv(fs, os.Getenv); err != nil {
		return err
	}
	if c.dataDir == "" {
		return usageError{"serve needs a data directory: --data-dir DIR (or LEVY_DATA_DIR)"}
	}
	log, err := newLogger(stderr, c.logFormat, c.logLevel)
	if err != nil {
		return err
	}

	ln, err := net.Listen("tcp", c.addr)
	if err != nil {
		return fmt.Errorf("listening on %s: %w", c.addr, err)
	}
	var current atomic.Pointer[http.Handler]
	starting := http.Handler(http.HandlerFunc(notReady))
	current.Store(&starting)
	srv := &http.Server{
		Handler:           http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { (*current.Load()).ServeHTTP(w, r) }),
		ReadHeaderTimeout: c.readHeader, ReadTimeout: c.read, WriteTimeout: c.write, IdleTimeout: c.idle,
		MaxHeaderBytes: 64 << 10,
		ErrorLog:       slog.NewLogLogger(log.Handler(), slog.LevelWarn),
		BaseContext:    func(net.Listener) context.Context { return context.WithoutCancel(ctx) },
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	log.Info("listening", "addr", ln.Addr().String())
	if c.listening != nil {
		c.listening(ln.Addr().String())
	}

	started := time.Now()
	store, handler, err := startAPI(ctx, c, log)
	if err != nil {
		_ = srv.Close()
		return err
	}
	defer store.Close()
	current.Store(&handler)
	log.Info("ready", "addr", ln.Addr().String(), "startup", time.Since(started).Round(time.Millisecond).String())

	select {
	case err := <-served:
		return fmt.Errorf("serving: %w", err)
	case <-ctx.Done():
	}
	log.Info("shutting down", "timeout", c.shutdown.String())
	if c.shutdownStarted != nil {
		c.shutdownStarted()
	}
	sctx, cancel := context.WithTimeout(context.Background(), c.shutdown)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		_ = srv.Close()
		return fmt.Errorf("shutting down: %w", err)
	}
	log.Info("stopped")
	return nil
}

// startAPI opens the journal, loads the engine and builds the API.
func startAPI(ctx context.Context, c serveConfig, log *slog.Logger) (journal.Store, http.Handler, error) {
	store, err := journal.Open(ctx, journalDir(c.dataDir), journal.WithLogger(log))
	if err != nil {
		return nil, nil, err
	}
	opts := []engine.Option{engine.WithJournal(store), engine.WithLogger(log)}
	if c.rules != "" {
		opts = append(opts, engine.WithRuleFiles(strings.Split(c.rules, ",")...))
	}
	e, err := engine.New(ctx, opts...)
	if err != nil {
		store.Close()
		return nil, nil, err
	}
	s, err := api.New(e, api.WithLogger(log), api.WithBodyLimit(c.maxBody), api.WithApp("levy "+programVersion()))
	if err != nil {
		store.Close()
		return nil, nil, err
	}
	return store, s.Handler(), nil
}

// notReady answers while the server loads its data.
func notReady(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Retry-After", "1")
	w.WriteHeader(http.StatusServiceUnavailable)
	_, _ = io.WriteString(w, `{"errors":[{"code":"unavailable","message":"the server is starting"}]}`+"\n")
}

// newLogger returns the server's structured logger.
func newLogger(w io.Writer, format, level string) (*slog.Logger, error) {
	var lv slog.Level
	if err := lv.UnmarshalText([]byte(level)); err != nil {
		return nil, usageError{fmt.Sprintf("--log-level %q: want debug, info, warn or error", level)}
	}
	opts := &slog.HandlerOptions{Level: lv}
	switch format {
	case "json":
		return slog.New(slog.NewJSONHandler(w, opts)), nil
	case "text":
		return slog.New(slog.NewTextHandler(w, opts)), nil
	}
	return nil, usageError{fmt.Sprintf("--log-format %q: want json or text", format)}
}

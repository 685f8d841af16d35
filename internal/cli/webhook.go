package cli

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"sync"
	"time"

	"github.com/levytax/levy/einvoice/webhook"
)

// webhookSecretEnv names the variable that holds the secret when
// --secret is not given, so that it stays out of the process list.
const webhookSecretEnv = "LEVY_WEBHOOK_SECRET"

// webhookPreviousSecretEnv names the variable that holds the previous
// secret when --previous-secret is not given.
const webhookPreviousSecretEnv = "LEVY_WEBHOOK_PREVIOUS_SECRET"

const webhookUsage = `usage:
  levy webhook receive --addr HOST:PORT --target-url URL [--secret S] [--previous-secret S] [--window 5m]
  levy webhook dead-letters list|replay --data-dir DIR ...   (levy webhook dead-letters -h)

receive serves a receiver of the signed events of an e-invoicing webhook
connection at every path of --addr, and prints each accepted event as one
JSON line on stdout; the log goes to stderr. --target-url is the target
URL exactly as the connection is configured, which the signature covers
(behind a proxy or a tunnel it is not the address served). The secret is
the connection's; without --secret it is read from ` + webhookSecretEnv + `,
which keeps it out of the process list. While the connection's secret is
replaced, --previous-secret (or ` + webhookPreviousSecretEnv + `) accepts events
signed with the old one too. It stops on SIGINT or SIGTERM.
`

// runWebhook runs a webhook subcommand.
func runWebhook(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return usageError{"webhook needs a subcommand\n" + webhookUsage}
	}
	switch args[0] {
	case "receive":
		return runWebhookReceive(ctx, args[1:], stdout, stderr)
	case "dead-letters":
		return runDeadLetters(ctx, args[1:], stdout, stderr)
	case "help", "-h", "-help", "--help":
		printHelp(stdout, webhookUsage, nil, nil)
		return nil
	}
	return usageError{fmt.Sprintf("unknown subcommand %q\n%s", args[0], webhookUsage)}
}

// runWebhookReceive serves a webhook.Receiver until ctx ends, then lets
// the deliveries in flight finish.
func runWebhookReceive(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("levy webhook receive", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	addr := fs.String("addr", "127.0.0.1:8090", "host:port to listen on")
	secret := fs.String("secret", "", "the connection's secret")
	previous := fs.String("previous-secret", "", "the connection's secret before it was replaced, also accepted while deliveries signed with it may still come")
	target := fs.String("target-url", "", "the connection's target URL exactly as configured; required")
	window := fs.Duration("window", webhook.DefaultWindow, "how far an event's timestamp may be from this clock")
	if helpRequested(args) {
		printHelp(stdout, webhookUsage, fs, commandEnv([]string{"webhook", "receive"}))
		return nil
	}
	if err := parseArgs(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageError{"webhook receive takes no arguments, only flags" + extraArg(fs.Args(), 0) + "\n" + webhookUsage}
	}
	secretFrom, previousFrom := "--secret", "--previous-secret"
	env := envOfContext(ctx)
	if *secret == "" {
		*secret, secretFrom = env("secret", webhookSecretEnv), webhookSecretEnv
	}
	if *previous == "" {
		*previous, previousFrom = env("previous-secret", webhookPreviousSecretEnv), webhookPreviousSecretEnv
	}
	if *secret == "" {
		return badFlag("secret", "webhook receive needs the connection's secret: %s or --secret", webhookSecretEnv)
	}
	// The receiver checks the secrets' lengths too; here the message
	// names the flag or variable that gave the secret.
	if len(*secret) < webhook.MinSecretBytes {
		return badFlag("secret", "%s: the secret has %d bytes; it needs at least %d", secretFrom, len(*secret), webhook.MinSecretBytes)
	}
	if *previous != "" && len(*previous) < webhook.MinSecretBytes {
		return badFlag("previous-secret", "%s: the previous secret has %d bytes; it needs at least %d", previousFrom, len(*previous), webhook.MinSecretBytes)
	}
	if u, err := url.Parse(*target); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return badFlag("target-url", "webhook receive needs the connection's target URL: --target-url https://HOST/PATH")
	}
	if err := checkAddr("addr", *addr); err != nil {
		return err
	}
	if *window <= 0 {
		return badFlag("window", "--window %v: want a positive duration", *window)
	}

	log := slog.New(slog.NewTextHandler(stderr, nil))
	out := &lineWriter{w: stdout}
	opts := []webhook.ReceiverOption{webhook.WithWindow(*window), webhook.WithLogger(log)}
	if *previous != "" {
		opts = append(opts, webhook.WithPreviousSecret([]byte(*previous)))
	}
	rc, err := webhook.NewReceiver([]byte(*secret), *target, func(_ context.Context, ev webhook.Event, _ []byte) error {
		return out.writeJSON(ev)
	}, opts...)
	if err != nil {
		return usageError{err.Error()}
	}

	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return fmt.Errorf("listening on %s: %w", *addr, err)
	}
	srv := &http.Server{
		Handler:           rc,
		ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 30 * time.Second, WriteTimeout: 60 * time.Second, IdleTimeout: 120 * time.Second,
		MaxHeaderBytes: 64 << 10,
		ErrorLog:       slog.NewLogLogger(log.Handler(), slog.LevelWarn),
		BaseContext:    func(net.Listener) context.Context { return context.WithoutCancel(ctx) },
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	log.Info("listening", "addr", ln.Addr().String(), "targetUrl", *target, "window", window.String())

	select {
	case err := <-served:
		return fmt.Errorf("serving: %w", err)
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		_ = srv.Close()
		return fmt.Errorf("shutting down: %w", err)
	}
	log.Info("stopped")
	return nil
}

// lineWriter writes values as JSON lines, one Write each, for concurrent
// callers.
type lineWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lineWriter) writeJSON(v any) error {
	line, err := json.Marshal(v)
	if err != nil {
		return err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	_, err = l.w.Write(append(line, '\n'))
	return err
}

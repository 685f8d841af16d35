package cli

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/api"
	"github.com/levytax/levy/api/console"
	"github.com/levytax/levy/api/einvoicing"
	"github.com/levytax/levy/api/journaladmin"
	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/auth"
	"github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/nexus"
)

// serveConfig is the configuration of `levy serve`. Every flag has an
// environment variable of the same name in upper case with LEVY_ in front
// and underscores for dashes (--data-dir is LEVY_DATA_DIR); a flag given
// on the command line wins over its variable.
type serveConfig struct {
	// nexusInterval is how often the economic-nexus statuses are checked
	// for changes to send to the webhooks (0: never).
	nexusInterval time.Duration
	addr          string
	dataDir       string
	database      string // a PostgreSQL URL, or "" for Badger in dataDir
	leaseTerm     time.Duration
	einvoiceNode  string // names the node's e-invoicing leases (einvoice.Config.Node)
	maxBody       int64
	readHeader    time.Duration
	read          time.Duration
	write         time.Duration
	idle          time.Duration
	shutdown      time.Duration
	logFormat     string
	logLevel      string
	rules         ruleFlag
	activation    time.Duration
	tokenTTL      time.Duration
	rateLimit     int
	rateWindow    time.Duration
	apiAudiences  listFlag
	adminAudience string
	// operatorAudience is the audience of the server's operator, who
	// reaches every tenant and the signing keys.
	operatorAudience string
	dev              bool
	webhookMin       time.Duration
	webhookMax       time.Duration
	webhookAttempts  int
	webhookTimeout   time.Duration
	webhookHTTP      bool
	content          contentFlags
	addressCheck     addressCheckFlags
	// levyMembers is whether calculations are answered with Levy's own
	// members, for the tenants whose policy does not say (api.WithLevyMembers).
	levyMembers levyMembersValue

	// E-invoicing hardening (see serve_einvoice.go): the key of the
	// webhook secrets at rest, private webhook targets, the documents'
	// size limit and the process's memory limit.
	secretsKeyFile      string
	secretsPrevFiles    listFlag
	secretsInsecureNone bool
	webhookPrivate      bool
	maxDocument         int64
	memoryLimit         string

	// The web console (serve_console.go): whether it is served, and the
	// audience of its credentials.
	console         bool
	consoleAudience string

	// The bounds of the journal's exports (the admin export route and
	// the console's download): the longest an export runs, and how many
	// of one tenant run at once.
	exportTimeout    time.Duration
	exportsPerTenant int

	// noticeEvery is how often the expiry notices of certificates are
	// looked for (serve_profile.go); 0, in production, is every hour.
	noticeEvery time.Duration

	listening       func(addr string) // tells tests the address; nil in production
	shutdownStarted func()            // tells tests shutdown began; nil in production
	// connState tells tests each change of a connection's state (as
	// http.Server.ConnState); nil in production.
	connState func(net.Conn, http.ConnState)

	// The throttling of failed client authentication.
	authClientFailures int
	authSourceFailures int
	authHashQueue      int
	authRefusalDelay   time.Duration
	trustedProxies     prefixesFlag
	// tenantCredentials bounds the credentials a tenant's admin makes.
	tenantCredentials int
	// metricsAddr, when set, is the only address /metrics is served at;
	// metricsListening tells tests that address (nil in production).
	metricsAddr      string
	metricsListening func(addr string)

	// tlsCert and tlsKey are the files of the certificate and the key
	// that the API is served with over HTTPS (serve_tls.go); without
	// them it is plain HTTP.
	tlsCert string
	tlsKey  string
}

func serveFlags(c *serveConfig) *flag.FlagSet {
	fs := flag.NewFlagSet("levy serve", flag.ContinueOnError)
	fs.StringVar(&c.addr, "addr", "127.0.0.1:8080", "host:port to listen on")
	fs.StringVar(&c.dataDir, "data-dir", "", "directory of the server's data (the tax journal is in DIR/journal); required")
	fs.StringVar(&c.database, "database", "", databaseUsage)
	fs.DurationVar(&c.leaseTerm, "einvoice-lease-term", 0, "how long a node holds an e-invoice or a webhook connection's events before another node sharing --database may take them over, when it stopped without releasing them (killed); the node renews it every third of the term while it works; at least twice --webhook-timeout; 0 means "+sharedLeaseTerm.String()+" with --database and "+einvoice.DefaultLeaseTerm.String()+" without")
	fs.StringVar(&c.einvoiceNode, "einvoice-node", "", "a name of this node alone among those sharing --database (such as its host or pod name: ASCII letters, digits, '.', '-', '_', ':'), under which it holds its e-invoicing leases, so that the node restarted after a crash under the same name resumes its work at once rather than after --einvoice-lease-term; never give two running nodes the same name; empty means a new name at every start")
	fs.Int64Var(&c.maxBody, "max-body", api.DefaultBodyLimit, "largest request body in bytes; a larger one is answered 413")
	fs.DurationVar(&c.readHeader, "read-header-timeout", 10*time.Second, "time allowed to read a request's headers")
	fs.DurationVar(&c.read, "read-timeout", 30*time.Second, "time allowed to read a whole request")
	fs.DurationVar(&c.write, "write-timeout", 60*time.Second, "time allowed to answer a request (a journal export is bounded by --export-timeout instead)")
	fs.DurationVar(&c.idle, "idle-timeout", 120*time.Second, "how long an idle keep-alive connection stays open")
	fs.DurationVar(&c.shutdown, "shutdown-timeout", 20*time.Second, "how long requests in flight may take to finish on SIGTERM")
	fs.StringVar(&c.logFormat, "log-format", "json", "log format: json or text")
	fs.StringVar(&c.logLevel, "log-level", "info", "log level: debug, info, warn or error")
	c.rules.register(fs, "comma-separated rule files to compile beside Levy's default tables")
	fs.DurationVar(&c.activation, "credential-activation-delay", 15*time.Minute, "how long a new credential must wait before it may request tokens")
	fs.DurationVar(&c.tokenTTL, "token-ttl", 20*time.Minute, "lifetime of an access token")
	fs.IntVar(&c.rateLimit, "token-rate-limit", 10, "tokens per client and audience per --token-rate-window at /oauth/token")
	fs.DurationVar(&c.rateWindow, "token-rate-window", 28800*time.Second, "window of --token-rate-limit")
	fs.Var(&c.apiAudiences, "api-audience", "an audience whose tokens the API accepts; repeat for several (default "+oauth.DefaultAudience+")")
	fs.StringVar(&c.adminAudience, "admin-audience", oauth.DefaultAdminAudience, "audience of a tenant's admin tokens: the /admin/v1 routes, for the token's own tenant only")
	fs.StringVar(&c.operatorAudience, "operator-audience", oauth.DefaultOperatorAudience, "audience of the server operator's tokens: the /admin/v1 routes for every tenant, and the signing keys (credentials of it are made only with levy clients create --operator)")
	fs.DurationVar(&c.webhookMin, "webhook-min-backoff", einvoice.DefaultMinBackoff, "delay before the first retry of a webhook event; each further retry waits twice as long, and each wait is cut at random to between half and all of that, so that a first retry comes after half of it at the soonest")
	fs.DurationVar(&c.webhookMax, "webhook-max-backoff", einvoice.DefaultMaxBackoff, "longest delay between two attempts of a webhook event, cut at random to between half and all of it, except that a target's Retry-After may ask for up to 24h")
	fs.IntVar(&c.webhookAttempts, "webhook-max-attempts", einvoice.DefaultMaxAttempts, "attempts of a webhook event before it goes to the dead-letter list")
	fs.DurationVar(&c.webhookTimeout, "webhook-timeout", einvoice.DefaultTimeout, "time allowed to one attempt of a webhook event")
	fs.BoolVar(&c.webhookHTTP, "webhook-allow-http", false, "allow plain http webhook targets on any host (by default only https, or http to loopback)")
	fs.StringVar(&c.secretsKeyFile, "secrets-key-file", "", "file of the key that encrypts webhook secrets at rest (32 random bytes in base64: openssl rand -base64 32), outside the data directory; or the key itself in "+secretsKeyEnv)
	fs.Var(&c.secretsPrevFiles, "secrets-previous-key-file", "file of a key the current one replaced: secrets under it are read, and encrypted again with the current key at startup; repeat for several (commas in the variable), or the keys themselves in "+secretsPreviousKeysEnv)
	fs.BoolVar(&c.secretsInsecureNone, "secrets-key-insecure-none", false, "store webhook secrets in clear, so that whoever copies the data directory can sign events; without a key, serve starts only with this or --dev")
	fs.BoolVar(&c.webhookPrivate, "webhook-allow-private-targets", false, "let webhook targets be loopback, private, link-local or other non-public addresses, for a single-tenant server (--dev allows them)")
	fs.Int64Var(&c.maxDocument, "einvoice-max-document", einvoice.DefaultMaxDocumentBytes, "largest e-invoice document in bytes (at most --max-body); a larger one is answered 413")
	fs.StringVar(&c.memoryLimit, "memory-limit", "auto", "soft memory limit of the process: a size (1536MiB, 2GiB), a percentage of the container's or the machine's memory (75%), off, or auto: 80% of the container's limit if it has one (GOMEMLIMIT wins over auto)")
	fs.StringVar(&c.tlsCert, "tls-cert-file", "", "PEM file of the certificate (followed by its chain) to serve the API with over HTTPS; with --tls-key-file. Without both, the server speaks plain HTTP, for a proxy that terminates TLS in front of it")
	fs.StringVar(&c.tlsKey, "tls-key-file", "", "PEM file of the private key of --tls-cert-file")
	fs.StringVar(&c.metricsAddr, "metrics-addr", "", "host:port to serve /metrics on, alone (it needs no token); when set, /metrics is not served at --addr")
	c.content.register(fs)
	c.addressCheck.register(fs)
	fs.Var(&c.levyMembers, "levy-members", levyMembersUsage)
	// The throttling of failed client authentication (package auth).
	fs.IntVar(&c.authClientFailures, "auth-client-failures", 10, "failed token requests per client ID per minute; beyond, its requests are refused (429, Retry-After) before their secret is hashed; 0 for no limit")
	fs.IntVar(&c.authSourceFailures, "auth-source-failures", 30, "failed token requests per source address (an IPv6 /64) per minute; beyond, its requests are refused (429, Retry-After) before their secret is hashed; 0 for no limit")
	fs.IntVar(&c.authHashQueue, "auth-hash-queue", 32, "token requests that may wait for a secret's hash, in each of two queues (known clients, unknown client IDs); beyond, 503 with Retry-After")
	fs.DurationVar(&c.authRefusalDelay, "auth-refusal-delay", oauth.DefaultRefusalDelay, "how long a token request refused with 429 or 503 is held before the answer (at most its Retry-After; 512 at once at most)")
	fs.IntVar(&c.tenantCredentials, "tenant-credentials", oauth.DefaultTenantCredentials, "credentials that are not revoked a tenant may have for its admin to create another at POST /admin/v1/clients (beyond, 409), and revoked ones kept until their tokens expire (--token-ttl and a minute after the revocation); the operator's creations and levy clients create are not bounded; 0 for no limit")
	fs.Var(&c.trustedProxies, "trusted-proxies", "comma-separated addresses or CIDR prefixes of reverse proxies whose X-Forwarded-For gives the source address of token requests (by default the connection's address counts)")
	fs.DurationVar(&c.nexusInterval, "nexus-interval", defaultNexusInterval, "how often the tenants' economic-nexus statuses are checked, each change sent to their webhooks (event Nexus Status Changed); 0 sends none")
	fs.DurationVar(&c.exportTimeout, "export-timeout", journaladmin.DefaultExportTimeout, "longest a journal export (the admin export route, the console's download) runs; one still running is cut and ends with its Levy-Export-Error trailer; an export's writes are never given longer, whatever --write-timeout")
	fs.IntVar(&c.exportsPerTenant, "exports-per-tenant", journaladmin.DefaultExportsPerTenant, "journal exports of one tenant that run at once (the admin export route and the console's download together); beyond, 429 with Retry-After")
	fs.BoolVar(&c.console, "console", true, "serve the web console under /console/ (sign in with a credential of --console-audience or --admin-audience)")
	fs.StringVar(&c.consoleAudience, "console-audience", console.DefaultAudience, "audience of the console's credentials; the API accepts its tokens too")
	fs.BoolVar(&c.dev, "dev", false, "create (once) a development credential that is active at once, give it a fresh secret and print it with a ready curl command")
	return fs
}

// envName is the environment variable of a flag: LEVY_ and its name in
// capitals, or, for --database, LEVY_DATABASE_URL.
func envName(flag string) string {
	if flag == "database" {
		return databaseEnv
	}
	return "LEVY_" + strings.ToUpper(strings.ReplaceAll(flag, "-", "_"))
}

// fromEnv sets every flag not given on the command line from its
// environment variable (envName), as env reads it, when that is set.
func fromEnv(fs *flag.FlagSet, env envReader) error {
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	var err error
	fs.VisitAll(func(f *flag.Flag) {
		name := envName(f.Name)
		if v := env(f.Name, name); v != "" && !given[f.Name] && err == nil {
			if e := f.Value.Set(v); e != nil {
				err = badFlag(f.Name, "%s", valueFault(name+"=", v, e, f.Value))
			}
		}
	})
	return err
}

// wantOf says what a flag of the flag package's own kinds takes, after
// the flag package's "parse error" or "value out of range", which do not.
func wantOf(v flag.Value) string {
	g, ok := v.(flag.Getter)
	if !ok {
		return ""
	}
	switch g.Get().(type) {
	case time.Duration:
		return "; want a duration such as 90s, 15m or 2h"
	case int, int64, uint, uint64:
		return "; want a whole number"
	case bool:
		return "; want true or false"
	}
	return ""
}

const serveUsage = `usage: levy serve --addr HOST:PORT --data-dir DIR [--database URL] [flags]

Serves the HTTP API (the v2 routes, tokens, e-invoicing, the web console
under /console/, /healthz and /metrics) until SIGTERM or SIGINT. Every flag may be given by its
environment variable instead; a flag on the command line wins.
`

// runServe runs the HTTP API until ctx ends (SIGTERM or SIGINT), then
// stops accepting connections, lets the requests in flight finish within
// the shutdown timeout, and closes the journal.
func runServe(ctx context.Context, args []string, stdout, stderr io.Writer, c serveConfig) error {
	fs := serveFlags(&c)
	fs.SetOutput(io.Discard)
	if helpRequested(args) {
		printHelp(stdout, serveUsage, fs, commandEnv([]string{"serve"}))
		return nil
	}
	if err := parseArgs(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageError{"serve takes no arguments, only flags: levy serve --addr HOST:PORT --data-dir DIR" + extraArg(fs.Args(), 0)}
	}
	if err := fromEnv(fs, envOfContext(ctx)); err != nil {
		return err
	}
	if c.dataDir == "" {
		return badFlag("data-dir", "serve needs a data directory: --data-dir DIR (or LEVY_DATA_DIR)")
	}
	if err := checkDataDir(c.dataDir); err != nil {
		return err
	}
	if err := checkAddr("addr", c.addr); err != nil {
		return err
	}
	if err := einvoice.CheckNode(c.einvoiceNode); err != nil {
		return badFlag("einvoice-node", "--einvoice-node: %v", err)
	}
	if c.metricsAddr != "" {
		if err := checkAddr("metrics-addr", c.metricsAddr); err != nil {
			return err
		}
	}
	if err := c.checkBounds(); err != nil {
		return err
	}
	if err := c.checkAudiences(); err != nil {
		return err
	}
	log, err := newLogger(stderr, c.logFormat, c.logLevel)
	if err != nil {
		return err
	}
	if err := applyMemoryLimit(c.memoryLimit, log); err != nil {
		return err
	}
	// The rule files are read and their records checked before anything
	// listens or is written, as the e-invoicing settings are below (the
	// engine checks them again against the dataset when it is built).
	if err := checkRuleFiles(c.rules.files); err != nil {
		return flagError{"rules", exitError{code: 2, msg: err.Error()}}
	}
	// So are the --content files, which the engine reads once the
	// server listens.
	if err := c.content.check(); err != nil {
		return err
	}
	// The e-invoicing settings (the webhook secrets' key) are checked
	// before anything listens or is written: a server that refuses to
	// start leaves the port and the data directory as they were.
	ecfg, err := einvoiceConfig(c, log)
	if err != nil {
		return err
	}
	tlsConf, err := c.tlsConfig()
	if err != nil {
		return err
	}

	ln, err := net.Listen("tcp", c.addr)
	if err != nil {
		return fmt.Errorf("listening on %s: %w", c.addr, err)
	}
	var current atomic.Pointer[http.Handler]
	starting := http.Handler(notReady(appName()))
	current.Store(&starting)
	srv := &http.Server{
		Handler:           http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { (*current.Load()).ServeHTTP(w, r) }),
		ReadHeaderTimeout: c.readHeader, ReadTimeout: c.read, WriteTimeout: c.write, IdleTimeout: c.idle,
		MaxHeaderBytes: 64 << 10,
		ErrorLog:       slog.NewLogLogger(log.Handler(), slog.LevelWarn),
		BaseContext:    func(net.Listener) context.Context { return context.WithoutCancel(ctx) },
		TLSConfig:      tlsConf,
		ConnState:      c.connState,
	}
	served := make(chan error, 1)
	go func() {
		if tlsConf != nil {
			served <- srv.ServeTLS(ln, "", "")
			return
		}
		served <- srv.Serve(ln)
	}()
	// The port is bound at once, so that a load balancer's probes meet
	// 503 "starting" rather than a refused connection, but "listening"
	// is logged only once the stores opened and the API serves: a start
	// whose store or migration fails logs "starting" and the error, and
	// never a line that reads as if the node had served.
	log.Info("starting", "addr", ln.Addr().String(), "tls", tlsConf != nil)
	if c.listening != nil {
		c.listening(ln.Addr().String())
	}

	started := time.Now()
	handler, closeAll, err := startAPI(ctx, c, ecfg, log, stdout, ln.Addr().String())
	if err != nil {
		_ = srv.Close()
		return err
	}
	defer closeAll()
	current.Store(&handler)
	log.Info("listening", "addr", ln.Addr().String(), "tls", tlsConf != nil)
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

// startAPI opens the journal and the credentials, loads the engine and
// builds the API with its token endpoints, e-invoicing with ecfg.
// closeAll closes the stores.
func startAPI(ctx context.Context, c serveConfig, ecfg einvoice.Config, log *slog.Logger, stdout io.Writer, addr string) (h http.Handler, closeAll func(), err error) {
	var closers []func() error
	closeStores := func() {
		for i := len(closers) - 1; i >= 0; i-- {
			if err := closers[i](); err != nil {
				log.Error("closing", "error", err.Error())
			}
		}
	}
	defer func() {
		// A failing return has set closeAll to nil; close what was opened.
		if err != nil {
			closeStores()
			err = whenHeld(err, badgerDir(c.dataDir, c.database), "")
		}
	}()
	st, err := openStorage(ctx, c.dataDir, c.database, log, true)
	if err != nil {
		return nil, nil, err
	}
	closers = append(closers, st.Close)
	store, journalCheck, err := st.journal(ctx)
	if err != nil {
		return nil, nil, err
	}
	creds, err := st.auth(ctx)
	if err != nil {
		return nil, nil, err
	}
	iss, err := auth.NewIssuer(ctx, creds, auth.Config{TTL: c.tokenTTL, ActivationDelay: c.activation, NoActivationDelay: c.activation == 0,
		RateLimit: c.rateLimit, RateWindow: c.rateWindow,
		ClientFailures: failureLimit(c.authClientFailures), SourceFailures: failureLimit(c.authSourceFailures),
		HashQueue: c.authHashQueue, Logger: log})
	if err != nil {
		return nil, nil, err
	}
	if st.shared() {
		// Revocations, rotations and keys made on the other nodes reach
		// this one's token checks within a second or two.
		followCtx, stopFollowing := context.WithCancel(context.WithoutCancel(ctx))
		following := make(chan struct{})
		go func() { iss.Follow(followCtx, sharedPoll); close(following) }()
		closers = append(closers, func() error { stopFollowing(); <-following; return nil })
	}
	if c.dev {
		if err := devCredential(ctx, iss, c, stdout, addr); err != nil {
			return nil, nil, err
		}
		if c.console {
			if err := devConsoleCredential(ctx, iss, c, stdout, addr); err != nil {
				return nil, nil, err
			}
		}
	}
	// Webhook events name the tenant by its stable UUID, kept with its
	// credentials.
	ecfg.TenantID = iss.TenantID
	// One registry for the API's metrics and e-invoicing's, served at
	// /metrics.
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	ecfg.Metrics = reg
	einv, err := st.einvoice(ctx, ecfg)
	if err != nil {
		return nil, nil, err
	}
	prof, err := openProfiles(ctx, st, c, log) // serve_profile.go
	if err != nil {
		return nil, nil, err
	}
	closers = append(closers, prof.Close)
	prof.notify(einv, c.noticeEvery, log)
	opts := []engine.Option{engine.WithJournal(store), engine.WithLogger(log), engine.WithProfiles(prof.cache),
		// The EU distance-sales threshold is decided from the tenant's
		// policy, which the engine reads from the calculation's own
		// snapshot of the profile, or else the journal's figures (package
		// nexus): the source reads no profile of its own, which could be
		// a later version than the rest of the calculation applies.
		engine.WithDistanceSales(nexus.NewEUSource(store, nil))}
	if err := checkInputs(&c.rules, &c.content); err != nil {
		return nil, nil, err
	}
	opts = append(opts, c.rules.engineOptions()...)
	opts = append(opts, c.content.engineOptions()...)
	opts = append(opts, c.addressCheck.engineOptions()...)
	e, err := engine.New(ctx, opts...)
	if err != nil {
		return nil, nil, err
	}
	audiences, readers := c.tokenAudiences()
	tokens := oauth.New(iss, oauth.WithAudiences(audiences...), oauth.WithReaderAudiences(readers...),
		oauth.WithAdminAudience(c.adminAudience), oauth.WithOperatorAudience(c.operatorAudience), oauth.WithLogger(log),
		oauth.WithTrustedProxies(c.trustedProxies...), oauth.WithRefusalDelay(c.authRefusalDelay),
		oauth.WithTenantCredentials(c.tenantCredentials))
	apiOpts := append([]api.Option{api.WithLogger(log), api.WithRegistry(reg), api.WithBodyLimit(c.maxBody), api.WithApp(appName()),
		api.WithAuthenticator(tokens.Authenticator()), api.WithLevyMembers(c.levyMembers.mode)}, tokens.Mounts()...)
	apiOpts = append(apiOpts, einvoicing.New(einv, einvoicing.WithAuthenticator(tokens.Authenticator()),
		einvoicing.WithAdminAuthenticator(tokens.AdminAuthenticator()), einvoicing.WithBodyLimit(int64(ecfg.MaxDocumentBytes)),
		einvoicing.WithJournal(store), einvoicing.WithVATGeography(e.VATGeography)).Mounts()...)
	// One Exporter for the admin export route and the console's download,
	// so that their exports count against one limit per tenant.
	exporter := journaladmin.NewExporter(store, journaladmin.ExportLimits{Timeout: c.exportTimeout, PerTenant: c.exportsPerTenant}, log)
	jaOpts := []journaladmin.Option{journaladmin.WithExporter(exporter), journaladmin.WithLogger(log)}
	// The Intrastat route reads the code lists of the dataset the engine
	// uses when each declaration is asked for, so that a reloaded
	// engine's lists are the ones declarations are checked against.
	jaOpts = append(jaOpts, journaladmin.WithIntrastatOf(e.IntrastatCodes))
	apiOpts = append(apiOpts, journaladmin.New(store, tokens.AdminAuthenticator(), jaOpts...).Mounts()...)
	apiOpts = append(apiOpts, prof.mounts(tokens, c, log)...)
	nexusOpts, stopNexus, err := nexusServe(ctx, store, prof.cache, tokens.AdminAuthenticator(), iss, einv, st.nexusSent, c.nexusInterval, log)
	if err != nil {
		return nil, nil, err
	}
	closers = append(closers, stopNexus)
	apiOpts = append(apiOpts, nexusOpts...)
	apiOpts = append(apiOpts, api.WithHealthCheck("journal", journalCheck), api.WithHealthCheck("einvoice", einv.CheckWrite),
		api.WithHealthCheck("auth", creds.CheckWrite), api.WithMetricsRoute(c.metricsAddr == ""),
		api.WithRouteBodyLimit("POST /einvoicing/v1/documents", int64(ecfg.MaxDocumentBytes)))
	if c.console {
		apiOpts = append(apiOpts, consoleMounts(c, e, store, exporter, tokens, log)...)
	}
	s, err := api.New(e, apiOpts...)
	if err != nil {
		return nil, nil, err
	}
	if c.metricsAddr != "" {
		stop, err := serveMetrics(c, log, s.MetricsHandler())
		if err != nil {
			return nil, nil, err
		}
		closers = append(closers, stop)
	}
	return s.Handler(), closeStores, nil
}

// devCredential gives the data directory a fresh development credential
// (tenant levy.DefaultTenant, the API's audience, active at once) on
// every start and prints it with ready commands. The previous one is
// revoked: a new credential starts with its own token rate limit, so
// that a developer who restarts the server often never meets the limit.
// The client ID is kept in DIR/dev-client-id; the secret only as its
// hash.
func devCredential(ctx context.Context, iss *auth.Issuer, c serveConfig, stdout io.Writer, addr string) error {
	aud := oauth.DefaultAudience
	if len(c.apiAudiences) > 0 {
		aud = c.apiAudiences[0]
	}
	cred, secret, err := freshDevCredential(ctx, iss, filepath.Join(c.dataDir, "dev-client-id"), []string{aud})
	if err != nil {
		return err
	}
	base := c.baseURL(addr)
	curlTLS := ""
	if c.tlsCert != "" {
		// A development certificate is seldom signed by a CA that curl
		// trusts: the printed commands trust the server's own.
		if abs, err := filepath.Abs(c.tlsCert); err == nil {
			curlTLS = " --cacert '" + strings.ReplaceAll(abs, "'", `'\''`) + "'"
		}
	}
	// The printed line keeps the token endpoint's answer: a refusal is
	// shown, and TOKEN stays empty, rather than the error's text becoming
	// the token. It asks the token caching endpoint, so that it may be
	// run again and again: the standard one grants --token-rate-limit
	// tokens per window, and then refuses.
	fmt.Fprintf(stdout, `Development credential (tenant %s, audience %s; a new one on every --dev start):
  client_id:     %s
  client_secret: %s
Get a token and calculate:
  RESP=$(curl -sS%s %s/cached/oauth/token -d grant_type=client_credentials -d client_id=%s -d client_secret=%s -d audience=%s); TOKEN=$(printf '%%s' "$RESP" | sed -n 's/.*"access_token":"\([^"]*\)".*/\1/p'); [ -n "$TOKEN" ] || echo "no token: $RESP" >&2
  curl -s%s %s/api/v2/supplies -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' -d @engine/testdata/golden/sale-us-ca-los-angeles-quotation.request.json
`, cred.Tenant, aud, cred.ClientID, secret, curlTLS, base, cred.ClientID, secret, url.QueryEscape(aud), curlTLS, base)
	return nil
}

// freshDevCredential revokes the development credential whose client ID
// idFile holds, if any, creates a new one of levy.DefaultTenant for
// audiences, active at once, and records its client ID in idFile.
func freshDevCredential(ctx context.Context, iss *auth.Issuer, idFile string, audiences []string) (auth.Credential, string, error) {
	if id, err := os.ReadFile(idFile); err == nil {
		if _, err := iss.Revoke(ctx, strings.TrimSpace(string(id))); err != nil && levy.ErrorCode(err) != levy.ENotFound {
			return auth.Credential{}, "", fmt.Errorf("revoking the previous development credential: %w", err)
		}
	}
	cred, secret, err := iss.Create(ctx, levy.DefaultTenant, audiences, true)
	if err != nil {
		return auth.Credential{}, "", fmt.Errorf("creating the development credential: %w", err)
	}
	if err := os.WriteFile(idFile, []byte(cred.ClientID+"\n"), 0o600); err != nil {
		return auth.Credential{}, "", fmt.Errorf("recording the development credential: %w", err)
	}
	return cred, secret, nil
}

// appName is the name the server gives itself in the meta of its
// answers: "levy" and the program's version.
func appName() string { return "levy " + programVersion() }

// notReady returns the handler that answers while the server loads its
// data: 503 with Retry-After, in the shape of every error answer of the
// API (api.ErrorBody: the errors, and a meta naming app, the API's own
// name for itself, the time received and the time elapsed), its code
// and status the API's for levy.EUnavailable, and not for any cache to
// keep.
func notReady(app string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		received := time.Now()
		status, items := api.ErrorItems(&levy.Error{Code: levy.EUnavailable, Message: "the server is starting"})
		body, err := json.Marshal(api.ErrorBody{Errors: items, Meta: api.Meta{App: app,
			TimeReceived: received.UTC().Truncate(time.Millisecond), TimeElapsed: time.Since(received).Milliseconds()}})
		if err != nil {
			// An ErrorBody of strings and a time always encodes.
			http.Error(w, "the server is starting", http.StatusServiceUnavailable)
			return
		}
		body = append(body, '\n')
		h := w.Header()
		h.Set("Content-Type", "application/json")
		h.Set("Content-Length", strconv.Itoa(len(body)))
		h.Set("Cache-Control", "no-store")
		h.Set("Retry-After", "1")
		w.WriteHeader(status)
		if r.Method != http.MethodHead {
			_, _ = w.Write(body)
		}
	}
}

// newLogger returns the server's structured logger.
func newLogger(w io.Writer, format, level string) (*slog.Logger, error) {
	var lv slog.Level
	if err := lv.UnmarshalText([]byte(level)); err != nil {
		return nil, badFlag("log-level", "--log-level %q: want debug, info, warn or error", level)
	}
	opts := &slog.HandlerOptions{Level: lv}
	switch format {
	case "json":
		return slog.New(slog.NewJSONHandler(w, opts)), nil
	case "text":
		return slog.New(slog.NewTextHandler(w, opts)), nil
	}
	return nil, badFlag("log-format", "--log-format %q: want json or text", format)
}

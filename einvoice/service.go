package einvoice

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/prometheus/client_golang/prometheus"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/einvoice/webhook"
	"github.com/levytax/levy/internal/storeclosed"
	"github.com/levytax/levy/internal/tick"
)

// ErrClosed is the error, wrapped, of the methods of a Service or a Store
// after Close. It carries the code levy.EUnavailable (errors.As finds a
// *levy.Error in it): e-invoicing cannot serve now, as when its host is
// shutting down, and the same call may succeed later, to a Service or a
// Store opened again.
var ErrClosed = storeclosed.New("e-invoicing is closed")

// DefaultLeaseTerm is how long, by default, a Service holds a document
// it processes or a connection whose events it sends before another
// owner may take it over (Config.LeaseTerm).
const DefaultLeaseTerm = 5 * time.Minute

// Defaults of Config.
const (
	DefaultMinBackoff  = 5 * time.Second
	DefaultMaxBackoff  = time.Hour
	DefaultMaxAttempts = 15
	DefaultTimeout     = 10 * time.Second
	// DefaultMaxDocumentBytes is half the API's default body limit: the
	// documents Levy reads are held whole, parsed and stored, so they get
	// a limit of their own, below that of the other routes.
	DefaultMaxDocumentBytes = 4 << 20
	DefaultWorkers          = 4
)

// Config configures a Service. Its zero value is the product's defaults.
type Config struct {
	// Transmitter delivers the documents that pass validation. By default
	// a DirTransmitter writes them under OutboxDir.
	Transmitter Transmitter
	// OutboxDir is the directory of the default DirTransmitter (by
	// convention <data-dir>/einvoice/outbox). A Service that processes
	// documents needs a Transmitter or an OutboxDir.
	OutboxDir string
	// MinBackoff is the delay before the first retry of an event;
	// every further retry waits twice as long, up to MaxBackoff, with
	// jitter. A target's Retry-After is honoured when it asks for longer.
	MinBackoff, MaxBackoff time.Duration
	// MaxAttempts is how many times an event is tried before it goes to
	// the dead-letter list; one answered 410 Gone goes there after that
	// attempt.
	MaxAttempts int
	// Timeout bounds one delivery attempt of an event.
	Timeout time.Duration
	// AllowHTTP lets a connection's target URL be plain http on any host;
	// without it plain http is allowed only to loopback addresses.
	AllowHTTP bool
	// AllowPrivateTargets lets events go to addresses that are not
	// public: loopback, private (10/8, 172.16/12, 192.168/16, fc00::/7),
	// link-local (169.254/16, where clouds serve their metadata, and
	// fe80::/10), unspecified (0.0.0.0, ::) and the other reserved
	// ranges publicAddr lists. Without it, which is the default and right
	// for a server that several tenants use, the default HTTP client
	// refuses to connect to such an address whatever name resolved to it
	// (the check runs on the address dialled, after DNS), and a
	// connection whose target is such an IP address, a host that
	// resolvers read as one (0, 127.1, 0x7f.1, 2130706433, 127.0.0.1.,
	// １２７.０.０.１ in fullwidth digits) or localhost (with or without a
	// trailing dot, or in fullwidth letters) is refused when it is
	// created. A single-tenant server whose receivers are on its own
	// network turns it on. Either way a target whose host is an IP
	// address in a short, octal, hexadecimal or fullwidth form is refused when it is
	// created (written so, it means different addresses to different
	// resolvers), and the default client dials such a host, stored
	// before, as the address the C library reads in it.
	AllowPrivateTargets bool
	// HTTPClient sends the events; by default one with Timeout that does
	// not follow redirects, reads at most 64 KiB of an answer's headers
	// (and of its body) and, unless AllowPrivateTargets, dials public
	// addresses only and uses no proxy (a proxy would be the address
	// dialled, and the target's address would go unchecked). A client
	// given here does its own checks.
	HTTPClient *http.Client
	// Secrets encrypts the secrets of webhook connections in the store
	// (AES-256-GCM, see SecretKeys); New re-encrypts the secrets stored
	// in clear or under a previous key with the current one. Without
	// keys, secrets are stored in clear, and New refuses a store that
	// holds encrypted ones (unless Passive, which never reads them).
	Secrets *SecretKeys
	// TenantID returns the ID that the events of a tenant's documents
	// carry in tenantId, such as the stable GUID the credentials store
	// keeps per tenant; an answer is kept for the life of the service.
	// When it is nil, returns "" or fails with levy.ENotFound (a tenant
	// it has no ID for yet; that answer is not kept), events carry the
	// tenant's name.
	TenantID func(ctx context.Context, tenant string) (string, error)
	// MaxDocumentBytes bounds a submitted document (default
	// DefaultMaxDocumentBytes).
	MaxDocumentBytes int
	// Workers is how many documents are processed at once.
	Workers int
	// TenantWorkers is how many of the workers one tenant's documents may
	// hold at once; default Workers-1 (at least 1), so that a tenant that
	// submits many documents leaves a worker to the others. Among the
	// documents waiting, a free worker takes one of the tenant that holds
	// the fewest workers, the tenants taking turns, and within a tenant
	// the oldest.
	TenantWorkers int
	// Passive serves the store without processing documents or sending
	// events, for the command-line tools of an operator.
	Passive bool
	// LeaseTerm is how long a lease of this Service on a document or on a
	// connection's events lasts (default DefaultLeaseTerm): the work of a
	// Service that stopped without releasing it is taken over by another
	// that shares the store once it lapses. The Service renews a
	// document's lease while it works on it, every third of the term, and
	// takes a connection's lease again before each attempt; the term must
	// exceed Timeout, which New sees to. It also bounds New's reads of
	// the outbox and of the work queue, and a worker's calls to the
	// store: each has a third of the term, and the work on a
	// document ends when its lease lapses unrenewed, so that a store
	// that does not answer (a hung database connection) holds no worker
	// for good; the document is tried again.
	LeaseTerm time.Duration
	// Node names the node (the process) this Service runs on, among the
	// nodes that share a store: "" (the default) gives the Service an
	// owner of its own, a new GUID, for its leases. With a name, the
	// Service's leases are held by the name, so that a node restarted
	// after a crash (killed, not closed) under the same name takes its
	// own leases back at once and resumes the documents and the
	// connections' events it held, rather than waiting for its leases to
	// lapse (LeaseTerm). The name must be the node's alone: two Services
	// running at once under one name hold each other's leases and may do
	// the same work at the same time. At most MaxNodeName bytes of ASCII
	// letters, digits, '.', '-', '_' and ':' (a host or pod name).
	Node string
	// PollInterval, when positive, makes the Service look at the store's
	// work queue and outbox that often for work it did not make itself:
	// documents submitted, and events queued, through another Service
	// that shares the store (the nodes of a cluster over PostgreSQL), and
	// work whose owner stopped. A Service alone on its store (Badger)
	// needs none: it learns of its own work as it makes it.
	PollInterval time.Duration
	// Logger receives the service's logs (identifiers only: never a
	// secret, a document or an event body). Default: no logs.
	Logger *slog.Logger
	// Now is the clock (default time.Now).
	Now func() time.Time
	// Metrics, when set, receives the Service's Prometheus collectors:
	// levy_einvoice_webhook_attempts_total by outcome,
	// levy_einvoice_webhook_connections_sending and, when the store is a
	// Counter, levy_einvoice_events_waiting and levy_einvoice_dead_letters
	// (see docs/serving.md).
	// New fails if they are registered there already.
	Metrics prometheus.Registerer
}

// Service is Levy's e-invoicing: it stores submitted documents, moves them
// through the workflow, delivers them with a Transmitter, and sends the
// events of every status they enter to the tenants' webhook connections,
// from a persistent outbox kept by a Store. Make it with New.
//
// Service is safe for concurrent use. Documents are processed by a pool
// of workers (Config.Workers), each document by one worker at a time;
// events are sent by one goroutine per connection, in order. Close stops
// them and waits for the calls in progress.
type Service struct {
	store Store
	owner string // the owner of the Service's leases (leaseOwner)
	cfg   Config
	log   *slog.Logger
	now   func() time.Time
	tx    Transmitter

	gate   serviceGate
	ctx    context.Context // ends when Close begins
	cancel context.CancelFunc
	wg     sync.WaitGroup

	proc    *processor
	disp    *dispatcher
	metrics *metrics

	// tenantIDs keeps the answers of Config.TenantID.
	tenantMu  sync.Mutex
	tenantIDs map[string]string
}

// New returns the e-invoicing of store and, unless cfg.Passive, resumes
// the documents in progress and the events waiting in the outbox. It
// first makes the stored secrets agree with cfg.Secrets (see
// Config.Secrets). The Service does not own store: close the Service,
// then the store.
func New(ctx context.Context, store Store, cfg Config) (*Service, error) {
	if store == nil {
		return nil, errors.New("einvoice: no store")
	}
	if cfg.MinBackoff <= 0 {
		cfg.MinBackoff = DefaultMinBackoff
	}
	if cfg.MaxBackoff <= 0 {
		cfg.MaxBackoff = DefaultMaxBackoff
	}
	if cfg.MaxBackoff < cfg.MinBackoff {
		cfg.MaxBackoff = cfg.MinBackoff
	}
	if cfg.MaxAttempts <= 0 {
		cfg.MaxAttempts = DefaultMaxAttempts
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.MaxDocumentBytes <= 0 {
		cfg.MaxDocumentBytes = DefaultMaxDocumentBytes
	}
	if cfg.Workers <= 0 {
		cfg.Workers = DefaultWorkers
	}
	if cfg.TenantWorkers <= 0 || cfg.TenantWorkers > cfg.Workers {
		cfg.TenantWorkers = max(1, cfg.Workers-1)
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.LeaseTerm <= 0 {
		cfg.LeaseTerm = DefaultLeaseTerm
	}
	// An attempt must end within the lease taken before it, so that no
	// other owner sends the same event at the same time.
	cfg.LeaseTerm = max(cfg.LeaseTerm, 2*cfg.Timeout)
	log := cfg.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = newHTTPClient(cfg.Timeout, cfg.AllowPrivateTargets)
	}
	if cfg.Transmitter == nil && cfg.OutboxDir != "" {
		cfg.Transmitter = &DirTransmitter{Dir: cfg.OutboxDir}
	}
	if cfg.Transmitter == nil && !cfg.Passive {
		return nil, errors.New("einvoice: no transmitter: give Config.Transmitter or Config.OutboxDir")
	}
	owner, err := leaseOwner(cfg.Node)
	if err != nil {
		return nil, err
	}
	n, err := reseal(ctx, store, cfg.Secrets, cfg.Passive)
	if err != nil {
		return nil, fmt.Errorf("einvoice: %w", err)
	}
	if n > 0 {
		log.Info("webhook secrets encrypted with the current key", "connections", n, "key_id", cfg.Secrets.Current.ID())
	}
	s := &Service{store: store, owner: owner, cfg: cfg, log: log, now: cfg.Now, tx: cfg.Transmitter, tenantIDs: map[string]string{}}
	s.metrics = newMetrics(s)
	if cfg.Metrics != nil {
		// Registered before any lane runs, so that every attempt is
		// counted where a scrape reads it; the gauge reads s.disp, which
		// is set below, only when scraped, and a scrape before that
		// would race with New: the gauge is registered at its end.
		if err := cfg.Metrics.Register(s.metrics.attempts); err != nil {
			return nil, fmt.Errorf("einvoice: registering metrics: %w", err)
		}
	}
	s.ctx, s.cancel = context.WithCancel(context.Background())
	if !cfg.Passive {
		s.proc = newProcessor(s)
		s.disp = newDispatcher(s)
		// The reads of the outbox and of the work queue are calls to the
		// store as a lane's or a worker's are, each bounded by a third of
		// the lease term (storeCall) as well as by ctx: a store that does
		// not answer (a hung database connection) fails New then, rather
		// than hold it for good.
		cctx, cancel := s.storeCall(ctx)
		lanes, err := s.disp.resume(cctx)
		cancel()
		if err != nil {
			s.cancel()
			s.wg.Wait()
			return nil, fmt.Errorf("einvoice: resume the events of the outbox: %w", err)
		}
		cctx, cancel = s.storeCall(ctx)
		docs, err := s.proc.start(cctx)
		cancel()
		if err != nil {
			s.cancel()
			s.wg.Wait()
			return nil, fmt.Errorf("einvoice: resume the documents in progress: %w", err)
		}
		// What a start after a crash (or a stop with work left) takes
		// up, so that the operator sees it was not lost: the documents
		// not finished yet and the connections with events to send.
		if docs > 0 || lanes > 0 {
			log.Info("einvoice: resumed the work left by an earlier run", "documents", docs, "connections", lanes)
		}
		if cfg.PollInterval > 0 {
			s.wg.Add(1)
			go s.poll(cfg.PollInterval)
		}
	}
	if cfg.Metrics != nil {
		if err := cfg.Metrics.Register(s.metrics.lanes); err != nil {
			_ = s.Close()
			return nil, fmt.Errorf("einvoice: registering metrics: %w", err)
		}
		if s.metrics.counts != nil {
			if err := cfg.Metrics.Register(s.metrics.counts); err != nil {
				cfg.Metrics.Unregister(s.metrics.lanes)
				_ = s.Close()
				return nil, fmt.Errorf("einvoice: registering metrics: %w", err)
			}
		}
	}
	return s, nil
}

// MaxNodeName bounds Config.Node, in bytes.
const MaxNodeName = 128

// CheckNode reports whether node may name a node in Config.Node: empty,
// or at most MaxNodeName bytes of ASCII letters, digits, '.', '-', '_'
// and ':'. NewService checks it too; a command checks it first to refuse
// a bad name before it opens anything.
func CheckNode(node string) error {
	_, err := leaseOwner(node)
	return err
}

// leaseOwner returns the owner of the leases of a Service on node: a new
// GUID without a name, or "node:" and the name, which no GUID owner can
// be.
func leaseOwner(node string) (string, error) {
	if node == "" {
		return NewGUID(), nil
	}
	if len(node) > MaxNodeName {
		return "", fmt.Errorf("einvoice: the node name (Config.Node) has %d bytes; the limit is %d", len(node), MaxNodeName)
	}
	for _, r := range node {
		ok := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune(".-_:", r)
		if !ok {
			return "", fmt.Errorf("einvoice: the node name (Config.Node) %q has %q: use ASCII letters, digits, '.', '-', '_' and ':'", truncate(node, 64), r)
		}
	}
	return "node:" + node, nil
}

// poll looks at the store's work queue and outbox every interval until
// the service closes, for the work other Services sharing the store made
// or left (see Config.PollInterval). A failed look is logged and tried
// again at the next tick. Each look is given tick.Bound intervals: one
// that the store does not answer, as over a connection that hangs
// without failing (a database server frozen, a network path gone
// silent), gives up then, and the next tick looks again on another
// connection, so that the work of the other nodes is not left waiting
// for good.
func (s *Service) poll(every time.Duration) {
	defer s.wg.Done()
	tick.Every(s.ctx, every, false, func(ctx context.Context) {
		if err := s.proc.sync(ctx); err != nil && s.ctx.Err() == nil {
			s.log.Warn("einvoice: read the work queue", "err", err)
		}
		if _, err := s.disp.resume(ctx); err != nil && s.ctx.Err() == nil {
			s.log.Warn("einvoice: read the outbox", "err", err)
		}
	})
}

// Close stops processing and sending and waits for the calls in
// progress. Events and documents in progress stay in the store and
// resume under the next Service; Close does not close the store. Closing
// a Service that New did not make, nil or zero, does nothing.
func (s *Service) Close() error {
	if s.made("close") != nil {
		return nil
	}
	s.gate.close(func() {
		s.cancel()
		s.wg.Wait()
		s.cfg.HTTPClient.CloseIdleConnections()
	})
	return nil
}

// serviceGate lets Close wait for the calls in progress and refuse new
// ones. Its zero value is open; it is safe for concurrent use. A call
// holds a read lock for its duration, and must not enter again.
type serviceGate struct {
	once   sync.Once
	mu     sync.RWMutex
	closed bool
}

// close closes the gate once the calls in progress have left, then runs
// fn; a later close waits for the first to finish.
func (g *serviceGate) close(fn func()) {
	g.once.Do(func() {
		g.mu.Lock()
		g.closed = true
		g.mu.Unlock()
		fn()
	})
}

// enter counts a call in, or fails once Close has begun; a call that
// entered must leave.
func (s *Service) enter(op string) error {
	if err := s.made(op); err != nil {
		return err
	}
	s.gate.mu.RLock()
	if s.gate.closed {
		s.gate.mu.RUnlock()
		return fmt.Errorf("einvoice: %s: %w", op, ErrClosed)
	}
	return nil
}

// made reports a Service that New did not make, nil (what a failed New
// returns) or zero, as levy.EInvalid, so that its calls fail instead of
// panicking on its missing store.
func (s *Service) made(op string) error {
	if s == nil || s.store == nil {
		return fmt.Errorf("einvoice: %s: %w", op, levy.Invalid("", "the Service was not made by einvoice.New"))
	}
	return nil
}

// leave counts a call out.
func (s *Service) leave() { s.gate.mu.RUnlock() }

// NewGUID returns a random version 4 GUID in its 8-4-4-4-12 form.
func NewGUID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	h := hex.EncodeToString(b[:])
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}

// Submit stores a document received for the tenant of ctx as Pending, with
// the events of Pending in the outbox, and returns its record. The record
// and the events are stored when Submit returns; pre-processing and
// delivery follow in the background. A non-empty idempotencyKey makes
// a repeated submission of the same document with the same key return
// the first one's record (and created false) instead of storing the
// document twice; a submission of another document (another SHA-256)
// under a key already used fails with levy.EConflict about
// Idempotency-Key, and stores nothing. An XML document in another
// encoding than UTF-8 (a UTF-16 byte order mark, or an XML declaration
// naming ISO-8859-1) fails with levy.EUnsupported, as pre-processing
// would fail it, and stores nothing.
func (s *Service) Submit(ctx context.Context, data []byte, idempotencyKey string) (d *Document, created bool, err error) {
	if err := s.enter("submit"); err != nil {
		return nil, false, err
	}
	defer s.leave()
	if err := levy.CheckWritable(ctx, "submit an e-invoice"); err != nil {
		return nil, false, err
	}
	tenant := levy.Tenant(ctx)
	if len(data) == 0 {
		return nil, false, levy.Invalid("body", "the document is empty; send an invoice or credit note in UBL 2.1 or CII XML, or a Factur-X PDF")
	}
	if len(data) > s.cfg.MaxDocumentBytes {
		return nil, false, &levy.Error{Code: levy.ETooLarge, Field: "body", Message: fmt.Sprintf("the document has %d bytes; the limit is %d", len(data), s.cfg.MaxDocumentBytes)}
	}
	if err := checkEncoding(data); err != nil {
		return nil, false, err
	}
	if len(idempotencyKey) > MaxIdempotencyKey {
		return nil, false, levy.Invalid("Idempotency-Key", "the idempotency key may have at most %d characters", MaxIdempotencyKey)
	}
	now := s.now().UTC()
	sum := sha256.Sum256(data)
	number, issueDate := peekHead(data, s.cfg.MaxDocumentBytes)
	d = &Document{
		DocumentID:            NewGUID(),
		TenantID:              tenant,
		DocumentNumber:        number,
		IssueDate:             issueDate,
		Status:                webhook.StatusPending,
		TransmissionDirection: DirectionOutbound,
		TransmissionDateTime:  now,
		MediaType:             MediaTypeOf(data),
		SizeBytes:             len(data),
		SHA256:                hex.EncodeToString(sum[:]),
		History:               []Transition{{Status: webhook.StatusPending, At: now}},
	}
	ev, err := s.statusEvent(ctx, d, now)
	if err != nil {
		return nil, false, err
	}
	res, err := s.store.Submit(ctx, Submission{Document: d, Content: data, IdempotencyKey: idempotencyKey, Digest: d.SHA256, Event: ev})
	if err != nil {
		return nil, false, err
	}
	if !res.Created {
		if err := sameDocument(res, d.SHA256); err != nil {
			return nil, false, err
		}
	}
	if res.Created {
		s.log.Info("document received", "tenant", tenant, "document_id", d.DocumentID, "size", len(data))
		s.wake(res.Notified)
		if s.proc != nil {
			s.proc.add(d.DocumentID, tenant)
		}
	}
	return res.Document, res.Created, nil
}

// sameDocument checks that a repeated submission of an idempotency key,
// whose content has digest sum, sends the document that the key's first
// submission sent (res, as Store.Submit returned it): a client that reuses
// a key for another invoice is told so, rather than answered with the
// first invoice's record while the second is never submitted. A key
// stored before stores kept digests is compared with the digest of the
// first document's record, which Levy has stored with every document.
func sameDocument(res Submitted, sum string) error {
	first := res.Digest
	if first == "" && res.Document != nil {
		first = res.Document.SHA256
	}
	if first == "" || first == sum {
		return nil
	}
	return &levy.Error{Code: levy.EConflict, Field: "Idempotency-Key", Message: fmt.Sprintf(
		"the idempotency key was used for another document (documentId %s, whose SHA-256 differs from this one's); submit this document under a new Idempotency-Key", res.Document.DocumentID)}
}

// statusEvent returns the event of the status d is in, entered at now.
func (s *Service) statusEvent(ctx context.Context, d *Document, now time.Time) (StatusEvent, error) {
	tenantID, err := s.eventTenant(ctx, d.TenantID)
	if err != nil {
		return StatusEvent{}, err
	}
	plain, err := json.Marshal(d.event(tenantID, false))
	if err != nil {
		return StatusEvent{}, fmt.Errorf("einvoice: encode the event: %w", err)
	}
	meta, err := json.Marshal(d.event(tenantID, true))
	if err != nil {
		return StatusEvent{}, fmt.Errorf("einvoice: encode the event: %w", err)
	}
	return StatusEvent{Body: plain, BodyWithMetadata: meta, At: now}, nil
}

// move moves a document, as it was read in d, to status to: it checks
// that the workflow allows it, applies change to a copy of the record,
// appends the transition to its history, and has the store replace the
// record if it is still in d's status, drop it from the work queue if
// the new status is final, and queue the events of the new status, all
// at once (Store.Move). It returns the new record, and fails with
// ErrMoved when another worker moved the document first.
func (s *Service) move(ctx context.Context, d *Document, to string, change func(*Document)) (*Document, error) {
	if !CanMove(d.Status, to) {
		return nil, fmt.Errorf("einvoice: the workflow has no move from %s to %s", d.Status, to)
	}
	nd := *d
	nd.History = slices.Clone(d.History)
	if change != nil {
		change(&nd)
	}
	now := s.now().UTC()
	nd.Status = to
	nd.History = append(nd.History, Transition{Status: to, At: now})
	ev, err := s.statusEvent(ctx, &nd, now)
	if err != nil {
		return nil, err
	}
	notified, err := s.store.Move(ctx, Move{From: d.Status, Document: &nd, Dequeue: Final(to), Event: ev})
	if err != nil {
		return nil, err
	}
	s.wake(notified)
	return &nd, nil
}

// CheckWrite returns nil when the store can take writes, and an error of
// code levy.EUnavailable that says why not (Store.CheckWrite); every
// write checks it first, so that no submission or connection is
// acknowledged that the store cannot keep. A Service that New did not make
// is levy.EInvalid.
func (s *Service) CheckWrite(ctx context.Context) error {
	if err := s.made("check write"); err != nil {
		return err
	}
	return s.store.CheckWrite(ctx)
}

// MaxDocumentBytes returns the largest document Submit accepts, 0 for a
// Service that New did not make.
func (s *Service) MaxDocumentBytes() int {
	if s == nil {
		return 0
	}
	return s.cfg.MaxDocumentBytes
}

// LeaseTerm returns how long the Service's leases on documents and on
// connections' events last (Config.LeaseTerm, as New settled it), 0 for a
// Service that New did not make.
func (s *Service) LeaseTerm() time.Duration {
	if s == nil {
		return 0
	}
	return s.cfg.LeaseTerm
}

// Get returns the record of a document of the tenant of ctx; a document
// of another tenant is not found.
func (s *Service) Get(ctx context.Context, id string) (*Document, error) {
	if err := s.enter("get"); err != nil {
		return nil, err
	}
	defer s.leave()
	id, err := checkID("documentId", id)
	if err != nil {
		return nil, err
	}
	return s.store.Document(ctx, levy.Tenant(ctx), id)
}

// Content returns the document as it was received.
func (s *Service) Content(ctx context.Context, id string) ([]byte, error) {
	if err := s.enter("content"); err != nil {
		return nil, err
	}
	defer s.leave()
	id, err := checkID("documentId", id)
	if err != nil {
		return nil, err
	}
	return s.store.Content(ctx, levy.Tenant(ctx), id)
}

// eventTenant returns what the events of tenant's documents carry in
// tenantId: Config.TenantID's answer, kept once known, or the name. A
// tenant that Config.TenantID knows no ID for (levy.ENotFound: under
// levy serve, one that never had a credential, whose notices come due
// all the same) is named by its name, which is not kept: it gets its ID
// with its first credential.
func (s *Service) eventTenant(ctx context.Context, tenant string) (string, error) {
	if s.cfg.TenantID == nil {
		return tenant, nil
	}
	s.tenantMu.Lock()
	id, ok := s.tenantIDs[tenant]
	s.tenantMu.Unlock()
	if ok {
		return id, nil
	}
	id, err := s.cfg.TenantID(ctx, tenant)
	if levy.ErrorCode(err) == levy.ENotFound {
		return tenant, nil
	}
	if err != nil {
		return "", fmt.Errorf("einvoice: the ID of tenant %s: %w", tenant, err)
	}
	if id == "" {
		id = tenant
	}
	s.tenantMu.Lock()
	s.tenantIDs[tenant] = id
	s.tenantMu.Unlock()
	return id, nil
}

// wake tells the dispatcher that connections have new events.
func (s *Service) wake(webhookIDs []string) {
	if s.disp == nil {
		return
	}
	for _, id := range webhookIDs {
		s.disp.wake(id)
	}
}

// checkID validates a GUID parameter and returns it as Levy writes the
// GUIDs it makes (NewGUID), in lower case: the digits of a GUID are
// case-insensitive on input, so that a client may send them in either.
func checkID(field, id string) (string, error) {
	if !IsGUID(id) {
		return "", levy.Invalid(field, "%q is not a GUID (8-4-4-4-12 hexadecimal digits)", truncate(id, 64))
	}
	return strings.ToLower(id), nil
}

// IsGUID reports whether s is a GUID in its 8-4-4-4-12 hexadecimal form.
func IsGUID(s string) bool { return webhook.IsGUID(s) }

// truncate shortens s, a name or an ID taken from a request, to its
// first n characters for an error message, never cutting one in two.
func truncate(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i] + "..."
		}
		n--
	}
	return s
}

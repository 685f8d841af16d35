package einvoice

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/dgraph-io/badger/v4"

	"github.com/levytax/levy"
	kv "github.com/levytax/levy/badger"
	"github.com/levytax/levy/einvoice/webhook"
)

// ErrClosed is the error, wrapped, of the methods of a Service after
// Close.
var ErrClosed = errors.New("e-invoicing is closed")

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
	// a DirTransmitter writes them under the service's directory, in
	// outbox/<receiver>/.
	Transmitter Transmitter
	// MinBackoff is the delay before the first retry of an event;
	// every further retry waits twice as long, up to MaxBackoff, with
	// jitter. A target's Retry-After is honoured when it asks for longer.
	MinBackoff, MaxBackoff time.Duration
	// MaxAttempts is how many times an event is tried before it goes to
	// the dead-letter list.
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
	// connection whose target is such an IP address or localhost is
	// refused when it is created. A single-tenant server whose receivers
	// are on its own network turns it on.
	AllowPrivateTargets bool
	// HTTPClient sends the events; by default one with Timeout that does
	// not follow redirects and, unless AllowPrivateTargets, dials public
	// addresses only and uses no proxy (a proxy would be the address
	// dialled, and the target's address would go unchecked). A client
	// given here does its own checks.
	HTTPClient *http.Client
	// Secrets encrypts the secrets of webhook connections in the store
	// (AES-256-GCM, see SecretKeys); Open re-encrypts the secrets stored
	// in clear or under a previous key with the current one. Without
	// keys, secrets are stored in clear, and Open refuses a store that
	// holds encrypted ones (unless Passive, which never reads them).
	Secrets *SecretKeys
	// TenantID returns the ID that the events of a tenant's documents
	// carry in tenantId, such as the stable GUID the credentials store
	// keeps per tenant; an answer is kept for the life of the service.
	// When it is nil or returns "", events carry the tenant's name.
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
	// Passive opens the store without processing documents or sending
	// events, for the command-line tools of an operator.
	Passive bool
	// Logger receives the service's logs (identifiers only: never a
	// secret, a document or an event body). Default: no logs.
	Logger *slog.Logger
	// Now is the clock (default time.Now).
	Now func() time.Time
}

// Service is Levy's e-invoicing: it stores submitted documents, moves them
// through the workflow, delivers them with a Transmitter, and sends the
// events of every status they enter to the tenants' webhook connections,
// from a persistent outbox. Open it with Open.
//
// Service is safe for concurrent use. Documents are processed by a pool
// of workers (Config.Workers), each document by one worker at a time;
// events are sent by one goroutine per connection, in order. Close stops
// them and waits for the calls in progress.
type Service struct {
	db    *badger.DB
	probe *kv.Probe // whether the store's directory still takes writes
	cfg   Config
	log   *slog.Logger
	now   func() time.Time
	tx    Transmitter
	dir   string
	// nums numbers the events of the outbox from a Badger sequence, which
	// leases its numbers in blocks, so taking one never makes two
	// transactions conflict; the numbers of a block unused at a crash are
	// skipped, never reused.
	nums numbering

	gate   kv.Gate
	ctx    context.Context // ends when Close begins
	cancel context.CancelFunc
	wg     sync.WaitGroup

	proc *processor
	disp *dispatcher

	// tenantIDs keeps the answers of Config.TenantID.
	tenantMu  sync.Mutex
	tenantIDs map[string]string
}

// Open opens the e-invoicing store in dir (by convention
// <data-dir>/einvoice), creating it if needed, and, unless cfg.Passive,
// resumes the documents in progress and the events waiting in the outbox.
// It refuses a directory written with another schema version than the
// one this Levy supports.
func Open(ctx context.Context, dir string, cfg Config) (*Service, error) {
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
	log := cfg.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = newHTTPClient(cfg.Timeout, cfg.AllowPrivateTargets)
	}
	outbox := filepath.Join(dir, "outbox")
	if cfg.Transmitter == nil {
		cfg.Transmitter = &DirTransmitter{Dir: outbox}
	}
	if dt, ok := cfg.Transmitter.(*DirTransmitter); ok {
		outbox = dt.Dir
	}
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return nil, fmt.Errorf("einvoice: open %s: %w", dir, err)
	}
	bo := badger.DefaultOptions(filepath.Join(dir, "db")).
		WithSyncWrites(true).
		WithMemTableSize(8 << 20).
		WithNumMemtables(2).
		WithBlockCacheSize(16 << 20).
		WithValueLogFileSize(64 << 20)
	schema := kv.Schema{Key: keySchema, Version: schemaVersion, Store: "the e-invoicing store"}
	db, err := kv.Open(ctx, bo, "einvoice", cfg.Logger, schema)
	if err != nil {
		// A store of version 1 is upgraded, then opened again.
		upgraded, uerr := upgradeV1(ctx, bo, outbox, log)
		if uerr != nil {
			return nil, fmt.Errorf("einvoice: upgrade %s to schema version %s: %w", dir, schemaVersion, uerr)
		}
		if !upgraded {
			return nil, err
		}
		if db, err = kv.Open(ctx, bo, "einvoice", cfg.Logger, schema); err != nil {
			return nil, err
		}
	}
	n, err := reseal(ctx, db, cfg.Secrets, cfg.Passive)
	if err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("einvoice: open %s: %w", dir, err)
	}
	if n > 0 {
		log.Info("webhook secrets encrypted with the current key", "connections", n, "key_id", cfg.Secrets.Current.ID())
	}
	probe, err := kv.NewProbe("the e-invoicing store", bo.Dir)
	if err != nil {
		_ = db.Close()
		return nil, err
	}
	s := &Service{db: db, cfg: cfg, log: log, now: cfg.Now, tx: cfg.Transmitter, dir: dir, probe: probe, tenantIDs: map[string]string{}}
	s.nums.open = map[uint64]struct{}{}
	if s.nums.seq, err = db.GetSequence([]byte{keySeq}, 256); err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("einvoice: open %s: %w", dir, err)
	}
	s.ctx, s.cancel = context.WithCancel(context.Background())
	if !cfg.Passive {
		s.proc = newProcessor(s)
		s.disp = newDispatcher(s)
		if err := s.disp.resume(ctx); err != nil {
			s.cancel()
			_ = s.nums.seq.Release()
			_ = db.Close()
			return nil, err
		}
		if err := s.proc.start(); err != nil {
			s.cancel()
			s.wg.Wait()
			_ = s.nums.seq.Release()
			_ = db.Close()
			return nil, err
		}
	}
	return s, nil
}

// Close stops processing and sending, waits for the calls in progress and
// closes the store. Events and documents in progress stay where they are
// and resume at the next Open.
func (s *Service) Close() error {
	return s.gate.Close(func() error {
		s.cancel()
		s.wg.Wait()
		if err := s.nums.seq.Release(); err != nil {
			s.log.Warn("release the outbox sequence", "err", err)
		}
		s.cfg.HTTPClient.CloseIdleConnections()
		if err := s.probe.Gone(); err != nil {
			// Badger would try to flush its memory table into the lost
			// directory for ever.
			return fmt.Errorf("einvoice: close: %w; its files were left open", err)
		}
		s.probe.Remove()
		if err := s.db.Close(); err != nil {
			return fmt.Errorf("einvoice: close: %w", err)
		}
		return nil
	})
}

// enter counts a call in, or fails once Close has begun.
func (s *Service) enter(op string) error {
	if !s.gate.Enter() {
		return fmt.Errorf("einvoice: %s: %w", op, ErrClosed)
	}
	return nil
}

// newID returns a random GUID (version 4).
func (s *Service) newID() string { return NewGUID() }

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
// and the events are on disk when Submit returns; pre-processing and
// delivery follow in the background. A non-empty idempotencyKey makes
// a repeated submission with the same key return the first one's record
// (and created false) instead of storing the document twice.
func (s *Service) Submit(ctx context.Context, data []byte, idempotencyKey string) (d *Document, created bool, err error) {
	if err := s.enter("submit"); err != nil {
		return nil, false, err
	}
	defer s.gate.Leave()
	tenant := levy.Tenant(ctx)
	if len(data) == 0 {
		return nil, false, levy.Invalid("body", "the document is empty; send UBL 2.1 XML")
	}
	if len(data) > s.cfg.MaxDocumentBytes {
		return nil, false, &levy.Error{Code: levy.ETooLarge, Field: "body", Message: fmt.Sprintf("the document has %d bytes; the limit is %d", len(data), s.cfg.MaxDocumentBytes)}
	}
	if len(idempotencyKey) > 128 {
		return nil, false, levy.Invalid("Idempotency-Key", "the idempotency key may have at most 128 characters")
	}
	now := s.now().UTC()
	sum := sha256.Sum256(data)
	d = &Document{
		DocumentID:            s.newID(),
		TenantID:              tenant,
		DocumentNumber:        peekNumber(data),
		Status:                webhook.StatusPending,
		TransmissionDirection: DirectionOutbound,
		TransmissionDateTime:  now,
		SizeBytes:             len(data),
		SHA256:                hex.EncodeToString(sum[:]),
		History:               []Transition{{Status: webhook.StatusPending, At: now}},
	}
	eventTenant, err := s.eventTenant(ctx, tenant)
	if err != nil {
		return nil, false, err
	}
	var woken []string
	var taken []uint64
	defer func() { s.nums.release(taken) }()
	created = true
	err = s.probe.Update(ctx, s.db, func(txn *badger.Txn) error {
		woken, created = nil, true
		if idempotencyKey != "" {
			var first string
			found, err := getJSON(txn, key(keySubmit, tenant, idempotencyKey), &first)
			if err != nil {
				return err
			}
			if found {
				prev, err := loadDocument(txn, tenant, first)
				if err != nil {
					return err
				}
				d, created = prev, false
				return nil
			}
			if err := setJSON(txn, key(keySubmit, tenant, idempotencyKey), d.DocumentID); err != nil {
				return err
			}
		}
		if err := setJSON(txn, key(keyDoc, tenant, d.DocumentID), d); err != nil {
			return err
		}
		if err := txn.Set(key(keyXML, tenant, d.DocumentID), data); err != nil {
			return err
		}
		if err := txn.Set(key(keyQueue, d.DocumentID), []byte(tenant)); err != nil {
			return err
		}
		var err error
		woken, err = s.enqueue(txn, d, eventTenant, now, &taken)
		return err
	})
	if err != nil {
		return nil, false, kv.Wrap("einvoice", "submit", "", err)
	}
	if created {
		s.log.Info("document received", "tenant", tenant, "document_id", d.DocumentID, "size", len(data))
		s.wake(woken)
		if s.proc != nil {
			s.proc.add(d.DocumentID, tenant)
		}
	}
	return d, created, nil
}

// CheckWrite returns nil when the store's directory can take writes, and
// an error of code levy.EUnavailable that says why not: the directory is
// gone or was replaced, or a file in it cannot be written and synced.
// The answer holds for a second (kv.ProbeInterval); every write checks
// it first, so that no submission or connection is acknowledged that the
// store cannot keep.
func (s *Service) CheckWrite(ctx context.Context) error { return s.probe.Check(ctx) }

// MaxDocumentBytes returns the largest document Submit accepts.
func (s *Service) MaxDocumentBytes() int { return s.cfg.MaxDocumentBytes }

// Get returns the record of a document of the tenant of ctx; a document
// of another tenant is not found.
func (s *Service) Get(ctx context.Context, id string) (*Document, error) {
	if err := s.enter("get"); err != nil {
		return nil, err
	}
	defer s.gate.Leave()
	if err := checkID("documentId", id); err != nil {
		return nil, err
	}
	var d *Document
	err := s.db.View(func(txn *badger.Txn) error {
		var err error
		d, err = loadDocument(txn, levy.Tenant(ctx), id)
		return err
	})
	return d, kv.Wrap("einvoice", "get", id, err)
}

// Content returns the document as it was received.
func (s *Service) Content(ctx context.Context, id string) ([]byte, error) {
	if err := s.enter("content"); err != nil {
		return nil, err
	}
	defer s.gate.Leave()
	if err := checkID("documentId", id); err != nil {
		return nil, err
	}
	var data []byte
	err := s.db.View(func(txn *badger.Txn) error {
		item, err := txn.Get(key(keyXML, levy.Tenant(ctx), id))
		if errors.Is(err, badger.ErrKeyNotFound) {
			return levy.NotFound("documentId", "there is no document %s", id)
		}
		if err != nil {
			return err
		}
		data, err = item.ValueCopy(nil)
		return err
	})
	return data, kv.Wrap("einvoice", "read", id, err)
}

// eventTenant returns what the events of tenant's documents carry in
// tenantId: Config.TenantID's answer, kept once known, or the name.
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

// checkID validates a GUID parameter.
func checkID(field, id string) error {
	if !IsGUID(id) {
		return levy.Invalid(field, "%q is not a GUID (8-4-4-4-12 hexadecimal digits)", truncate(id, 64))
	}
	return nil
}

// IsGUID reports whether s is a GUID in its 8-4-4-4-12 hexadecimal form.
func IsGUID(s string) bool { return webhook.IsGUID(s) }

// truncate shortens s for an error message.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}

package einvoice

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/einvoice/ubl"
	"github.com/levytax/levy/einvoice/webhook"
)

// Stages of an ErrorDetail.
const (
	StagePreProcessing = "pre-processing"
	StageDelivery      = "delivery"
)

// processor moves the documents of the work queue (the documents in
// Pending or In Progress) through the workflow: a feeder hands each
// document to one of the workers, never to two at once. The queue is in
// the store (Store.Queue), read once when the service starts; from then
// on the processor keeps it in memory, adding what Submit stores and
// dropping what reaches a final status. A worker leases its document in
// the store (Store.Claim) for the time it works on it.
//
// The feeder chooses a document only when a worker is free, and chooses
// fairly between tenants (see Config.TenantWorkers): one tenant's many
// documents never keep another's waiting for more than the time a worker
// takes over one document.
type processor struct {
	s    *Service
	work chan queued
	free chan struct{} // a token per free worker
	wake chan struct{}

	mu       sync.Mutex
	queue    map[string]queuedAt  // the work queue, by document ID
	arrivals uint64               // numbers the queue's documents in order of arrival
	busy     map[string]bool      // documents a worker holds
	running  map[string]int       // workers held per tenant
	turns    uint64               // numbers the choices of the feeder
	lastTurn map[string]uint64    // the last choice of a document of each tenant
	retry    map[string]time.Time // documents whose transmitter failed, not before
	failures map[string]int       // transmitter failures per document
}

// queued is a document of the work queue.
type queued struct{ id, tenant string }

// queuedAt is a document's tenant and its place in the queue.
type queuedAt struct {
	tenant string
	n      uint64
}

func newProcessor(s *Service) *processor {
	p := &processor{s: s, work: make(chan queued), free: make(chan struct{}, s.cfg.Workers), wake: make(chan struct{}, 1),
		queue: map[string]queuedAt{}, busy: map[string]bool{}, running: map[string]int{}, lastTurn: map[string]uint64{},
		retry: map[string]time.Time{}, failures: map[string]int{}}
	for range s.cfg.Workers {
		p.free <- struct{}{}
	}
	return p
}

// load reads the work queue from the store, and returns how many
// documents it holds.
func (p *processor) load(ctx context.Context) (int, error) {
	entries, err := p.s.store.Queue(ctx)
	if err != nil {
		return 0, err
	}
	for _, e := range entries {
		p.add(e.DocumentID, e.Tenant)
	}
	return len(entries), nil
}

// sync makes the queue in memory agree with the store's: it adds the
// documents that another Service submitted and drops those that left the
// store's queue (finished by another Service), unless a worker holds
// them.
func (p *processor) sync(ctx context.Context) error {
	entries, err := p.s.store.Queue(ctx)
	if err != nil {
		return err
	}
	inStore := make(map[string]bool, len(entries))
	for _, e := range entries {
		inStore[e.DocumentID] = true
		p.add(e.DocumentID, e.Tenant)
	}
	p.mu.Lock()
	for id := range p.queue {
		if !inStore[id] && !p.busy[id] {
			delete(p.queue, id)
			delete(p.retry, id)
			delete(p.failures, id)
		}
	}
	p.mu.Unlock()
	return nil
}

// add puts a document in the work queue.
func (p *processor) add(id, tenant string) {
	p.mu.Lock()
	if _, ok := p.queue[id]; !ok {
		p.arrivals++
		p.queue[id] = queuedAt{tenant, p.arrivals}
	}
	p.mu.Unlock()
	p.kick()
}

// done drops a document from the work queue.
func (p *processor) done(id string) {
	p.mu.Lock()
	delete(p.queue, id)
	delete(p.retry, id)
	delete(p.failures, id)
	p.mu.Unlock()
}

// start loads the queue and starts the feeder and the workers, and
// returns how many documents the queue held.
func (p *processor) start(ctx context.Context) (int, error) {
	n, err := p.load(ctx)
	if err != nil {
		return 0, err
	}
	p.s.wg.Add(1 + p.s.cfg.Workers)
	go p.feed()
	for range p.s.cfg.Workers {
		go p.worker()
	}
	return n, nil
}

// kick tells the feeder the queue has changed.
func (p *processor) kick() {
	select {
	case p.wake <- struct{}{}:
	default:
	}
}

// feed hands the documents of the queue to the workers until the service
// closes: when a worker is free, the document pick chooses; when none can
// go now, it sleeps until a kick or the next retry is due.
func (p *processor) feed() {
	defer p.s.wg.Done()
	defer close(p.work)
	ctx := p.s.ctx
	for {
		select {
		case <-p.free:
		case <-ctx.Done():
			return
		}
		for {
			q, ok, wait := p.pick(p.s.now())
			if ok {
				select {
				case p.work <- q:
				case <-ctx.Done():
					return
				}
				break
			}
			if !sleep(ctx, p.wake, wait) {
				return
			}
		}
	}
}

// pick chooses the next document for a free worker and marks it busy:
// among the documents no worker holds and that do not wait for a retry,
// of the tenants that hold fewer than Config.TenantWorkers workers, one
// of the tenant that holds the fewest, then of the tenant whose turn is
// oldest, then the oldest of that tenant. Without one, it returns how
// long to wait for the next retry (at most a minute).
func (p *processor) pick(now time.Time) (queued, bool, time.Duration) {
	p.mu.Lock()
	defer p.mu.Unlock()
	wait := time.Minute
	var best queued
	var bestAt queuedAt
	found := false
	better := func(q queuedAt) bool {
		if !found {
			return true
		}
		if a, b := p.running[q.tenant], p.running[bestAt.tenant]; a != b {
			return a < b
		}
		if a, b := p.lastTurn[q.tenant], p.lastTurn[bestAt.tenant]; a != b {
			return a < b
		}
		return q.n < bestAt.n
	}
	for id, q := range p.queue {
		if p.busy[id] || p.running[q.tenant] >= p.s.cfg.TenantWorkers {
			continue
		}
		if at, ok := p.retry[id]; ok && at.After(now) {
			wait = min(wait, at.Sub(now))
			continue
		}
		if better(q) {
			best, bestAt, found = queued{id: id, tenant: q.tenant}, q, true
		}
	}
	if !found {
		return queued{}, false, wait
	}
	p.busy[best.id] = true
	p.running[best.tenant]++
	p.turns++
	p.lastTurn[best.tenant] = p.turns
	delete(p.retry, best.id)
	return best, true, 0
}

// release counts a document's worker free again.
func (p *processor) release(q queued) {
	p.mu.Lock()
	delete(p.busy, q.id)
	if p.running[q.tenant]--; p.running[q.tenant] <= 0 {
		delete(p.running, q.tenant)
		p.forgetTurn(q.tenant)
	}
	p.mu.Unlock()
}

// forgetTurn drops the last turn of a tenant that has no document in the
// queue, so that the map does not grow with every tenant ever seen; p.mu
// is held.
func (p *processor) forgetTurn(tenant string) {
	for _, q := range p.queue {
		if q.tenant == tenant {
			return
		}
	}
	delete(p.lastTurn, tenant)
}

// worker processes the documents the feeder hands it.
func (p *processor) worker() {
	defer p.s.wg.Done()
	for q := range p.work {
		p.claimed(p.s.ctx, q)
		p.release(q)
		p.free <- struct{}{}
		p.kick()
	}
}

// errLapsed is the cause that ends a worker's hold on a document
// (leaseHold) when its lease lapses before a renewal could take it again,
// or when the store says another owner holds it.
var errLapsed = errors.New("einvoice: the lease of the document lapsed before its work ended")

// releaseBound bounds the release of a document's lease, which runs even
// as the Service closes: a release the store does not answer in that time
// is left to lapse at the end of its term, and Close does not wait longer.
const releaseBound = 5 * time.Second

// claimed leases a document in the store, steps it, and releases it.
//
// The worker's calls to the store are bounded by the lease, so that a
// store that does not answer (a database connection that hangs without
// failing) never holds a worker for good. Each call (the claim, each
// renewal, each read and move of the step) has a third of the term
// (storeCall), the period of the renewals: a claim that succeeds leaves
// at least two thirds of the term to work in, and a renewal that meets a
// hung connection fails in time for the next one to keep the lease. The
// work under the lease as a whole (the store's calls, the transmitter,
// the renewals) ends when the lease lapses, as this Service counts it:
// from the moment its last claim or renewal was sent, which is no later
// than the store starts the term, so that the work ends before the store
// lets another owner take the document, when waiting longer is of no use
// and risks the same work twice. A document whose call failed or whose
// lease lapsed is given back: it is tried again after Config.MinBackoff,
// here or on another node, on a connection that answers. The bound is
// the lease term rather than the poll interval because the lease is
// what lets another owner in, and a Service alone on its store polls
// nothing.
func (p *processor) claimed(ctx context.Context, q queued) {
	s := p.s
	term := s.cfg.LeaseTerm
	sent := time.Now()
	cctx, cancel := p.storeCall(ctx)
	err := s.store.Claim(cctx, q.id, Lease{Owner: s.owner, Term: term})
	cancel()
	switch {
	case levy.ErrorCode(err) == levy.ENotFound:
		p.done(q.id) // finished meanwhile
		return
	case errors.Is(err, ErrLeased):
		p.later(q.id, s.cfg.MinBackoff) // another owner works on it
		return
	case err != nil:
		if ctx.Err() == nil {
			s.log.Error("claim a queued document", "tenant", q.tenant, "document_id", q.id, "err", err)
			p.later(q.id, s.cfg.MinBackoff)
		}
		return
	}
	h := holdLease(ctx, sent.Add(term))
	renewed := make(chan struct{})
	go p.renew(h, q, renewed)
	p.step(h.ctx, q)
	lapsed := errors.Is(context.Cause(h.ctx), errLapsed)
	h.stop(nil)
	<-renewed
	h.timer.Stop()
	if lapsed && ctx.Err() == nil {
		s.log.Warn("einvoice: the lease of a document lapsed before its work ended (the store did not answer in time, or another owner took it); it will be tried again",
			"tenant", q.tenant, "document_id", q.id, "lease_term", term.String())
		p.later(q.id, s.cfg.MinBackoff)
	}
	// A document that left the queue took its lease with it.
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), min(term/3, releaseBound))
	defer cancel()
	if err := s.store.Release(rctx, q.id, s.owner); err != nil {
		s.log.Error("release a queued document", "tenant", q.tenant, "document_id", q.id, "err", err)
	}
}

// storeCall returns the context of one call of a worker to the store
// (Service.storeCall; see claimed).
func (p *processor) storeCall(ctx context.Context) (context.Context, context.CancelFunc) {
	return p.s.storeCall(ctx)
}

// storeCall returns the context of one call of a worker or of a lane of
// the dispatcher to the store: it ends a third of the lease term from
// now, or with ctx, so that a store that does not answer (a database
// connection that hangs without failing) holds neither for good.
func (s *Service) storeCall(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(ctx, s.cfg.LeaseTerm/3)
}

// move is Service.move bounded as one call to the store (storeCall).
func (p *processor) move(ctx context.Context, d *Document, to string, change func(*Document)) (*Document, error) {
	ctx, cancel := p.storeCall(ctx)
	defer cancel()
	return p.s.move(ctx, d, to, change)
}

// leaseHold is a worker's hold on the lease of a document: its context
// ends, with the cause errLapsed, when the lease lapses as the worker
// counts it (see claimed), and with the context it was made from.
type leaseHold struct {
	ctx   context.Context
	stop  context.CancelCauseFunc
	timer *time.Timer // ends ctx when the lease lapses
}

// holdLease returns the hold of a lease that lapses at end.
func holdLease(ctx context.Context, end time.Time) *leaseHold {
	h := &leaseHold{}
	h.ctx, h.stop = context.WithCancelCause(ctx)
	h.timer = time.AfterFunc(time.Until(end), func() { h.stop(errLapsed) })
	return h
}

// extend moves the end of the lease to end, after a renewal; a lease
// that lapsed already stays lapsed.
func (h *leaseHold) extend(end time.Time) {
	if h.timer.Stop() {
		h.timer.Reset(time.Until(end))
	}
}

// renew takes the lease of a document again every third of its term
// while h holds, so that a long step (a slow transmitter) keeps it, and
// moves the end of h with each renewal; it closes done when it returns.
// A renewal is one call to the store (storeCall) under h. One that fails,
// as one the store does not answer in its time, is tried again at the
// next third, while the lease holds; one that finds the
// document gone (finished) ends, and the work ends under the lease it
// holds; one that finds the document leased by another owner ends h at
// once.
func (p *processor) renew(h *leaseHold, q queued, done chan<- struct{}) {
	defer close(done)
	s := p.s
	t := time.NewTicker(s.cfg.LeaseTerm / 3)
	defer t.Stop()
	for {
		select {
		case <-h.ctx.Done():
			return
		case <-t.C:
		}
		sent := time.Now()
		cctx, cancel := p.storeCall(h.ctx)
		err := s.store.Claim(cctx, q.id, Lease{Owner: s.owner, Term: s.cfg.LeaseTerm})
		cancel()
		switch {
		case err == nil:
			h.extend(sent.Add(s.cfg.LeaseTerm))
		case h.ctx.Err() != nil, levy.ErrorCode(err) == levy.ENotFound:
			return
		case errors.Is(err, ErrLeased):
			s.log.Warn("einvoice: another owner took the lease of a document in work", "tenant", q.tenant, "document_id", q.id)
			h.stop(errLapsed)
			return
		default:
			s.log.Warn("einvoice: renew the lease of a document", "tenant", q.tenant, "document_id", q.id, "err", err)
		}
	}
}

// step takes a document as far through the workflow as it goes now.
func (p *processor) step(ctx context.Context, q queued) {
	s := p.s
	log := s.log.With("tenant", q.tenant, "document_id", q.id)
	rctx, cancel := p.storeCall(ctx)
	d, err := s.store.Document(rctx, q.tenant, q.id)
	cancel()
	var content []byte
	if err == nil {
		rctx, cancel := p.storeCall(ctx)
		content, err = s.store.Content(rctx, q.tenant, q.id)
		cancel()
	}
	if err != nil {
		log.Error("read a queued document", "err", err)
		p.later(q.id, s.cfg.MinBackoff)
		return
	}
	parsed, perr := readDocument(content, s.cfg.MaxDocumentBytes)
	if d.Status == webhook.StatusPending {
		if d, err = p.preprocess(ctx, d, parsed, perr); err != nil {
			if !errors.Is(err, ErrMoved) && ctx.Err() == nil {
				log.Error("pre-process", "err", err)
				p.later(q.id, s.cfg.MinBackoff)
			}
			return
		}
	}
	switch {
	case Final(d.Status):
		// Moved on before the queue entry went: drop the entry.
		dctx, cancel := p.storeCall(ctx)
		err := s.store.Dequeue(dctx, q.id)
		cancel()
		if err != nil {
			log.Error("drop a finished document from the queue", "err", err)
			return
		}
		p.done(q.id)
	case parsed == nil:
		// In Progress, yet its content no longer parses: nothing can
		// deliver it.
		err = p.fail(ctx, d, []webhook.Problem{{Code: "FORMAT", Message: fmt.Sprint(perr)}}, "the document can not be read")
	default:
		err = p.deliver(ctx, d, parsed, content)
	}
	if err != nil && !errors.Is(err, ErrMoved) && ctx.Err() == nil {
		log.Error("deliver", "err", err)
		p.later(q.id, s.cfg.MinBackoff)
	}
}

// later holds a document of the queue back for d.
func (p *processor) later(id string, d time.Duration) {
	p.mu.Lock()
	if _, ok := p.queue[id]; ok {
		p.retry[id] = p.s.now().Add(d)
	}
	p.mu.Unlock()
}

// preprocess moves a Pending document to Processing Issue when it is
// badly formatted, or to In Progress with what it says about itself.
func (p *processor) preprocess(ctx context.Context, d *Document, parsed *ubl.Document, perr error) (*Document, error) {
	s := p.s
	if perr != nil {
		detail := &webhook.ErrorDetail{Stage: StagePreProcessing}
		var fe *ubl.FormatError
		if errors.As(perr, &fe) {
			detail.Errors = problems(fe.Problems)
		} else {
			detail.Errors = []webhook.Problem{{Code: "FORMAT", Message: perr.Error()}}
		}
		detail.Message = summary("the document is badly formatted", detail.Errors)
		nd, err := p.move(ctx, d, webhook.StatusProcessingIssue, func(d *Document) { d.ErrorDetail = detail })
		if err != nil {
			return nil, err
		}
		p.done(d.DocumentID)
		s.log.Info("document not accepted", "tenant", d.TenantID, "document_id", d.DocumentID, "status", nd.Status, "problems", len(detail.Errors))
		return nd, nil
	}
	nd, err := p.move(ctx, d, webhook.StatusInProgress, func(d *Document) { describe(d, parsed) })
	if err != nil {
		return nil, err
	}
	s.log.Info("document accepted", "tenant", d.TenantID, "document_id", d.DocumentID, "status", nd.Status)
	return nd, nil
}

// describe copies what a parsed document says about itself into its
// record.
func describe(d *Document, u *ubl.Document) {
	d.Syntax = string(u.Syntax)
	d.DocumentNumber = u.ID
	d.DocumentType = u.Kind
	// Only a real date: the rules refuse the others later
	// (PEPPOL-EN16931-F001, FORMAT), and every event carries this one.
	// A UBL date may carry a time zone (xsd:date): the record keeps the
	// calendar date.
	if date, ok := ubl.CalendarDate(u.IssueDate); ok {
		if _, err := civil.Parse(date); err == nil {
			d.IssueDate = date
		}
	}
	d.CustomizationID = u.CustomizationID
	d.ProfileID = u.ProfileID
	d.Currency = u.Currency
	if v := u.Totals.PayableAmount.Value; u.Totals.PayableAmount.Present {
		d.PayableAmount = v.StringFixed(max(2, -v.Exponent()))
	}
	d.Endpoints = &webhook.Endpoints{
		Sender:   &webhook.Participant{Scheme: u.Supplier.EndpointScheme, ID: u.Supplier.EndpointID, Name: u.Supplier.Name},
		Receiver: &webhook.Participant{Scheme: u.Customer.EndpointScheme, ID: u.Customer.EndpointID, Name: u.Customer.Name},
	}
}

// deliver checks an In Progress document against the business rules and
// transmits it: Completed when the transmitter takes it, Error when the
// rules or the transmitter refuse it. A transmitter that fails otherwise
// (a full disk, a read-only or vanished outbox, a network down) is tried
// again later, after Config.MinBackoff doubled after each failure up to
// Config.MaxBackoff, for as long as it takes: the document stays In
// Progress, since the fault is not the document's.
func (p *processor) deliver(ctx context.Context, d *Document, parsed *ubl.Document, content []byte) error {
	s := p.s
	found := parsed.Check()
	if ubl.HasFatal(found) {
		return p.fail(ctx, d, problems(found), "the document breaks business rules")
	}
	ref, err := s.tx.Transmit(ctx, Parcel{DocumentID: d.DocumentID, TenantID: d.TenantID, DocumentNumber: d.DocumentNumber,
		Sender: *d.Endpoints.Sender, Receiver: *d.Endpoints.Receiver, Content: content, MediaType: MediaTypeOf(content)})
	var rej *Rejection
	switch {
	case errors.As(err, &rej):
		return p.fail(ctx, d, rej.Problems, "the document was rejected at delivery")
	case err != nil:
		if ctx.Err() != nil {
			return nil
		}
		p.mu.Lock()
		p.failures[d.DocumentID]++
		n := p.failures[d.DocumentID]
		p.mu.Unlock()
		delay := s.cfg.MinBackoff
		for i := 1; i < n && delay < s.cfg.MaxBackoff; i++ {
			delay *= 2
		}
		delay = min(delay, s.cfg.MaxBackoff)
		s.log.Warn("delivery failed; will retry", "tenant", d.TenantID, "document_id", d.DocumentID, "transmitter", s.tx.Name(),
			"attempts", n, "retry_in", delay.String(), "err", err)
		p.later(d.DocumentID, delay)
		return nil
	}
	nd, err := p.move(ctx, d, webhook.StatusCompleted, func(d *Document) {
		d.Delivery = &Delivery{Transmitter: s.tx.Name(), Reference: ref, At: s.now().UTC()}
		d.Warnings = problems(found)
	})
	if err != nil {
		return err
	}
	p.done(d.DocumentID)
	s.log.Info("document delivered", "tenant", d.TenantID, "document_id", d.DocumentID, "status", nd.Status)
	return nil
}

// fail moves an In Progress document to Error.
func (p *processor) fail(ctx context.Context, d *Document, found []webhook.Problem, what string) error {
	detail := &webhook.ErrorDetail{Stage: StageDelivery, Message: summary(what, found), Errors: found}
	nd, err := p.move(ctx, d, webhook.StatusError, func(d *Document) { d.ErrorDetail = detail })
	if err != nil {
		return err
	}
	p.done(d.DocumentID)
	p.s.log.Info("document in error", "tenant", d.TenantID, "document_id", d.DocumentID, "status", nd.Status, "problems", len(found))
	return nil
}

// problems converts the problems of the checks, with their flags; nil for
// none.
func problems(ps []ubl.Problem) []webhook.Problem {
	if len(ps) == 0 {
		return nil
	}
	out := make([]webhook.Problem, len(ps))
	for i, p := range ps {
		flag := string(p.Flag)
		if flag == "" {
			flag = string(ubl.Fatal)
		}
		out[i] = webhook.Problem{Code: p.Code, Message: p.Message, Location: p.Location, Flag: flag}
	}
	return out
}

// summary is the message of an ErrorDetail: what happened and the first
// fatal problem (the first problem when none is flagged).
func summary(what string, ps []webhook.Problem) string {
	first := 0
	for i, p := range ps {
		if p.Flag != string(ubl.Warning) {
			first = i
			break
		}
	}
	switch len(ps) {
	case 0:
		return what
	case 1:
		return what + ": " + ps[0].Message
	}
	return fmt.Sprintf("%s: [%s] %s (and %d more)", what, ps[first].Code, ps[first].Message, len(ps)-1)
}

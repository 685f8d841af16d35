package einvoice

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/levytax/levy"
	"github.com/levytax/levy/einvoice/webhook"
	"github.com/levytax/levy/internal/clip"
)

// maxRetryAfter bounds how long a target's Retry-After may hold its
// queue.
const maxRetryAfter = 24 * time.Hour

// errTargetGone is wrapped by the error of an attempt that the target
// answered 410 Gone: its receiver says that the URL takes no events any
// more, for good, so the event goes to the dead-letter list at once
// rather than after every retry of the schedule, which would only hold
// the connection's later events behind it. Any other answer that is not
// 2xx is retried (a 401 or 403 of a receiver whose secret is being
// replaced, a 404 of one being deployed, a 429).
var errTargetGone = errors.New("the receiver says the URL is gone for good, so the event goes to the dead-letter list without retries: " +
	"replay it once the receiver takes events there again, or delete the connection")

// dispatcher sends the events of the outbox: one lane (a goroutine) per
// connection that has events, which sends them one at a time in the
// order they were made, so that a target sees a document's statuses in
// order. A lane holds the lease of its connection's queue in the store
// (Store.NextEvent) while it runs. A lane ends when its queue is empty,
// and wake starts it again. Each call of a lane to the store has a third
// of the lease term (Service.storeCall), as a worker's has: one that
// meets a connection that hangs without failing gives up, and the lane
// tries again on another, rather than wait for good while its
// connection's events stay unsent.
type dispatcher struct {
	s *Service

	mu    sync.Mutex
	lanes map[string]chan struct{} // a wake-up signal per running lane
}

func newDispatcher(s *Service) *dispatcher {
	return &dispatcher{s: s, lanes: map[string]chan struct{}{}}
}

// resume starts a lane for every connection with events in the outbox,
// and returns how many it started.
func (d *dispatcher) resume(ctx context.Context) (int, error) {
	ids, err := d.s.store.Outboxes(ctx)
	if err != nil {
		return 0, err
	}
	for _, id := range ids {
		d.wake(id)
	}
	return len(ids), nil
}

// wake makes the lane of a connection look at its queue, starting it if
// it is not running.
func (d *dispatcher) wake(webhookID string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if ch, ok := d.lanes[webhookID]; ok {
		nudge(ch)
		return
	}
	if d.s.ctx.Err() != nil {
		return
	}
	ch := make(chan struct{}, 1)
	d.lanes[webhookID] = ch
	d.s.wg.Add(1)
	go d.lane(webhookID, ch)
}

// running returns how many lanes run: the connections with events that
// this Service is sending.
func (d *dispatcher) running() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return len(d.lanes)
}

// stop wakes the running lane of a connection that was deleted, if any:
// it finds its queue gone and ends at once, rather than sleep out a
// retry's wait (up to maxRetryAfter). No lane is started.
func (d *dispatcher) stop(webhookID string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if ch, ok := d.lanes[webhookID]; ok {
		nudge(ch)
	}
}

// nudge tells a lane, by its one-slot channel, to look at its queue
// again; a lane already told is not told twice.
func nudge(ch chan struct{}) {
	select {
	case ch <- struct{}{}:
	default:
	}
}

// idle removes a lane whose queue looked empty, unless a wake-up arrived
// meanwhile; it reports whether the lane may end.
func (d *dispatcher) idle(webhookID string, ch chan struct{}) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	select {
	case <-ch:
		return false
	default:
	}
	delete(d.lanes, webhookID)
	return true
}

// lane sends the events of one connection until its queue is empty or
// the service closes.
func (d *dispatcher) lane(webhookID string, wake chan struct{}) {
	defer d.s.wg.Done()
	ctx := d.s.ctx
	defer func() {
		if ctx.Err() == nil {
			return // the lane ended idle, and released the queue itself
		}
		// The Service is closing: another one that shares the store may
		// send this connection's events at once, not when the lease lapses.
		// The store outlives the Service (New's contract).
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		if err := d.s.store.ReleaseOutbox(rctx, webhookID, d.s.owner); err != nil {
			d.s.log.Warn("einvoice: release the outbox on close", "webhook_id", webhookID, "err", err)
		}
	}()
	// held is the outcome of the last attempt when the store did not
	// record it, kept until the store does or the head of the queue
	// changes.
	var held *unrecorded
	for ctx.Err() == nil {
		cctx, cancel := d.s.storeCall(ctx)
		ev, err := d.s.store.NextEvent(cctx, webhookID, Lease{Owner: d.s.owner, Term: d.s.cfg.LeaseTerm})
		cancel()
		if err != nil {
			if !errors.Is(err, ErrLeased) && ctx.Err() == nil {
				d.s.log.Error("read the outbox", "webhook_id", webhookID, "err", err)
			}
			if !sleep(ctx, wake, d.s.cfg.MinBackoff) {
				return
			}
			continue
		}
		if held != nil && (ev == nil || ev.EventID != held.ev.EventID || ev.Seq != held.ev.Seq) {
			held = nil // the event left the head: delivered, buried or dropped meanwhile
		}
		if held != nil {
			if held.final {
				// The attempts are over: the outcome is written again,
				// and the event is not sent again.
				if d.record(ctx, held) {
					held = nil
				} else if !sleep(ctx, wake, d.s.cfg.MinBackoff) {
					return
				}
				continue
			}
			if held.ev.Attempts > ev.Attempts {
				// The store did not record the retry: its wait is
				// counted by this Service's clock, which scheduled it.
				ev.Attempts, ev.NextAttempt, ev.LastError = held.ev.Attempts, held.ev.NextAttempt, held.ev.LastError
				ev.Wait = max(held.ev.NextAttempt.Sub(d.s.now()), 0)
			}
		}
		if ev == nil {
			// The lease goes back while the lane is still the
			// connection's: a lane that wake starts once this one has
			// left takes the lease afresh, and a release of this one
			// after it would clear the lease the new lane sends under,
			// so that another node could send the same event at once.
			cctx, cancel := d.s.storeCall(ctx)
			err := d.s.store.ReleaseOutbox(cctx, webhookID, d.s.owner)
			cancel()
			if err != nil && ctx.Err() == nil {
				d.s.log.Error("release the outbox", "webhook_id", webhookID, "err", err)
			}
			if d.idle(webhookID, wake) {
				return
			}
			continue
		}
		// An event never attempted is due at once: its next attempt is
		// when it was made or replayed, by the clock of the Service that
		// did (another node's, or a command's on another machine), which
		// may be ahead of this one's. A retry waits as long as the
		// store's clock says (OutboxEvent.Wait): the node that scheduled
		// it may have had a clock ahead of or behind this one's.
		if ev.Wait > 0 && ev.Attempts > 0 {
			if !sleep(ctx, wake, ev.Wait) {
				return
			}
			continue // the head may have changed: a replay, a deleted connection
		}
		if u, tried := d.attempt(ctx, ev); tried {
			held = u
		}
	}
}

// unrecorded is the outcome of an attempt that the store did not record
// (its write failed: a full disk, a database that refused it). The lane
// keeps it for the event while the event heads its queue, so that a
// store that takes reads but not writes neither makes the lane send the
// event again at once, without its backoff, nor loses the attempts
// counted, which would keep the event from the dead-letter list for as
// long as the writes fail.
type unrecorded struct {
	ev OutboxEvent // the event as the attempt left it
	// final: the target accepted the event (delivered), or its last
	// attempt failed; either way it is not sent again, and only the
	// outcome is written, again.
	final, delivered bool
	// outcome is the attempt's outcome for the metrics, counted once the
	// store records it.
	outcome string
}

// record writes a final outcome that the store did not record before
// and reports whether it now did.
func (d *dispatcher) record(ctx context.Context, u *unrecorded) bool {
	ev := u.ev
	var err error
	if u.delivered {
		dctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		err = d.s.store.Delivered(dctx, &ev)
		cancel()
	} else {
		cctx, cancel := d.s.storeCall(ctx)
		err = d.s.store.Bury(cctx, &ev)
		cancel()
	}
	if errors.Is(err, ErrLeaseLost) {
		d.s.log.Warn(leaseLostMessage, "tenant", ev.Tenant, "event_id", ev.EventID, "webhook_id", ev.WebhookID,
			"delivered", u.delivered, "err", err)
		return true // the outcome is dropped: the event is the new owner's
	}
	if err != nil {
		if ctx.Err() == nil {
			d.s.log.Error("record the outcome of an event's last attempt again", "tenant", ev.Tenant, "event_id", ev.EventID,
				"webhook_id", ev.WebhookID, "delivered", u.delivered, "err", err)
		}
		return false
	}
	if u.outcome != "" {
		d.s.metrics.attempted(u.outcome)
	}
	return true
}

// leaseLostMessage is what a lane logs when the store refused the
// outcome of its attempt because another owner took the connection's
// queue over (ErrLeaseLost): the attempt outlasted the lease. The
// outcome is dropped; the new owner sends the event again, under the
// same Idempotency-Key, if it has not recorded it yet.
const leaseLostMessage = "the outcome of an event's attempt is dropped: another owner took the connection's events over while it ran"

// maxLastError bounds the text of an attempt's failure that an event
// keeps (OutboxEvent.LastError), in bytes.
const maxLastError = 1024

// failureText is the text of an attempt's failure as the outbox, the
// dead-letter list and the log keep it: UTF-8 text without control
// characters, each byte that is not UTF-8 and each control character
// replaced with U+FFFD, cut to maxLastError bytes. A target's reason
// phrase is whatever bytes it sent, and a store may not hold them
// (PostgreSQL's text takes neither bytes that are not UTF-8 nor NUL).
func failureText(err error) string {
	s := strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return utf8.RuneError
		}
		return r
	}, strings.ToValidUTF8(err.Error(), string(utf8.RuneError)))
	return clip.To(s, maxLastError)
}

// sleep waits for d, a wake-up or the end of ctx, and reports whether
// ctx is still alive.
func sleep(ctx context.Context, wake <-chan struct{}, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-wake:
	case <-t.C:
	}
	return true
}

// attempt sends an event once and records the outcome: removed from the
// outbox when the target accepted it; otherwise its next attempt
// scheduled, or, after the last, moved to the dead-letter list. It
// reports whether it made an attempt that counts, and returns its
// outcome when the store did not record it.
func (d *dispatcher) attempt(ctx context.Context, ev *OutboxEvent) (*unrecorded, bool) {
	log := d.s.log.With("tenant", ev.Tenant, "document_id", ev.DocumentID, "event_id", ev.EventID, "webhook_id", ev.WebhookID)
	cctx, cancel := d.s.storeCall(ctx)
	c, err := d.s.loadConnection(cctx, ev.Tenant, ev.WebhookID)
	cancel()
	if levy.ErrorCode(err) == levy.ENotFound {
		// The connection was deleted; its events go with it.
		cctx, cancel := d.s.storeCall(ctx)
		err := d.s.store.DropEvents(cctx, ev.WebhookID)
		cancel()
		if err != nil {
			log.Error("drop the events of a deleted connection", "err", err)
			sleep(ctx, nil, d.s.cfg.MinBackoff)
		}
		return nil, false
	}
	if missing := (*keyMissingError)(nil); errors.As(err, &missing) {
		// Another node sealed the secret under a key this one lacks (a
		// secrets key rotated one node at a time): this node cannot sign
		// the events, and holding the lease, which each try takes again,
		// would keep every node that can from sending them. The lease
		// goes back, and this node looks again only after a third of the
		// term, which leaves the connection to the others meanwhile.
		log.Error("the webhook connection's secret is sealed with a key this node was not given: its events are left to a node that has the key",
			"key_id", missing.keyID)
		cctx, cancel := d.s.storeCall(ctx)
		if err := d.s.store.ReleaseOutbox(cctx, ev.WebhookID, d.s.owner); err != nil && ctx.Err() == nil {
			log.Error("release the outbox", "err", err)
		}
		cancel()
		sleep(ctx, nil, d.s.cfg.LeaseTerm/3)
		return nil, false
	}
	if err != nil {
		log.Error("read the webhook connection", "err", err)
		sleep(ctx, nil, d.s.cfg.MinBackoff)
		return nil, false
	}
	log = log.With("target", redactURL(c.TargetURL))
	ev.Attempts++
	retryAfter, err := d.send(ctx, c, ev)
	if err == nil {
		// The target accepted the event: that is recorded even when the
		// Service is closing (the store outlives it), or the next Service
		// would send the event again.
		dctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		err := d.s.store.Delivered(dctx, ev)
		if errors.Is(err, ErrLeaseLost) {
			log.Warn(leaseLostMessage, "delivered", true, "err", err)
			return nil, true
		}
		if err != nil {
			log.Error("remove a delivered event", "err", err)
			return &unrecorded{ev: *ev, final: true, delivered: true, outcome: outcomeDelivered}, true
		}
		d.s.metrics.attempted(outcomeDelivered)
		log.Info("event delivered", "status", ev.Status, "attempts", ev.Attempts)
		return nil, true
	}
	if ctx.Err() != nil {
		return nil, false // closing: the attempt does not count, the event stays
	}
	ev.LastError = failureText(err)
	now := d.s.now().UTC()
	gone := errors.Is(err, errTargetGone)
	if ev.Attempts >= d.s.cfg.MaxAttempts || gone {
		ev.DeadAt = now
		cctx, cancel := d.s.storeCall(ctx)
		defer cancel()
		err := d.s.store.Bury(cctx, ev)
		if errors.Is(err, ErrLeaseLost) {
			log.Warn(leaseLostMessage, "delivered", false, "err", err)
			return nil, true
		}
		if err != nil {
			log.Error("move an event to the dead-letter list", "err", err)
			outcome := outcomeGivenUp
			if gone {
				outcome = outcomeGone
			}
			return &unrecorded{ev: *ev, final: true, outcome: outcome}, true
		}
		if gone {
			d.s.metrics.attempted(outcomeGone)
			log.Warn("event given up at once: the target answered 410 Gone", "status", ev.Status, "attempts", ev.Attempts, "err", ev.LastError)
		} else {
			d.s.metrics.attempted(outcomeGivenUp)
			log.Warn("event given up", "status", ev.Status, "attempts", ev.Attempts, "err", ev.LastError)
		}
		return nil, true
	}
	delay := d.backoff(ev.Attempts)
	if retryAfter > delay {
		delay = min(retryAfter, maxRetryAfter)
	}
	ev.NextAttempt = now.Add(delay) // by this Service's clock, should the store not record it
	cctx, cancel = d.s.storeCall(ctx)
	defer cancel()
	err = d.s.store.Retry(cctx, ev, delay)
	if errors.Is(err, ErrLeaseLost) {
		log.Warn(leaseLostMessage, "delivered", false, "err", err)
		return nil, true
	}
	if err != nil {
		log.Error("schedule a retry", "err", err)
		return &unrecorded{ev: *ev}, true
	}
	d.s.metrics.attempted(outcomeRetried)
	log.Info("event not accepted; will retry", "status", ev.Status, "attempts", ev.Attempts, "retry_in", delay.String(), "err", ev.LastError)
	return nil, true
}

// backoff is the delay before the retry that follows attempt n (1 for
// the first): MinBackoff doubled n-1 times, at most MaxBackoff, with
// jitter that keeps it between half and all of that.
func (d *dispatcher) backoff(n int) time.Duration {
	delay := d.s.cfg.MinBackoff
	for i := 1; i < n && delay < d.s.cfg.MaxBackoff; i++ {
		delay *= 2
	}
	delay = min(delay, d.s.cfg.MaxBackoff)
	half := delay / 2
	return half + time.Duration(rand.Int64N(int64(half)+1))
}

// drainBytes and drainWait bound how much of a target's answer body is
// read, and for how long, after its status: the outcome of an attempt is
// its status, and the body is read only so that the connection can carry
// the next event. A target that answers and then holds its body open (or
// sends one without end) would otherwise hold its connection's lane until
// the attempt's timeout, for every event; past either bound the body is
// let go and the connection closed.
const (
	drainBytes = 4 << 10
	drainWait  = 250 * time.Millisecond
)

// send POSTs an event to its connection's target. It returns nil for a
// 2xx answer, otherwise an error that says what happened (wrapping
// errTargetGone for a 410) and the delay a Retry-After header asked for.
func (d *dispatcher) send(ctx context.Context, c connection, ev *OutboxEvent) (time.Duration, error) {
	ctx, cancel := context.WithTimeout(ctx, d.s.cfg.Timeout)
	defer cancel()
	// The body is read only so that the connection can be used again,
	// for drainWait at most: cancelling the request ends a read that a
	// target holds open, and closes the connection.
	ctx, drop := context.WithCancel(ctx)
	defer drop()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.TargetURL, bytes.NewReader(ev.Body))
	if err != nil {
		return 0, errors.New("build the request: " + sendError(err, c.TargetURL))
	}
	ts := webhook.Timestamp(d.s.now())
	h := req.Header
	h.Set("Content-Type", "application/json")
	h.Set("User-Agent", "levy-webhook/1")
	h.Set(webhook.HeaderTimestamp, ts)
	h.Set(webhook.HeaderIdempotencyKey, ev.EventID)
	h.Set(webhook.HeaderSignature, webhook.Sign([]byte(c.secret), ev.Body, c.TargetURL, ev.EventID, ts))
	resp, err := d.s.cfg.HTTPClient.Do(req)
	if err != nil {
		// The error names the target URL, whose path or query may carry a
		// secret: it goes to the logs and the dead-letter list with the
		// scheme and host only.
		return 0, errors.New("send: " + sendError(err, c.TargetURL))
	}
	defer resp.Body.Close()
	stop := time.AfterFunc(drainWait, drop)
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, drainBytes))
	stop.Stop()
	if resp.StatusCode >= 200 && resp.StatusCode < 300 {
		return 0, nil
	}
	if resp.StatusCode == http.StatusGone {
		return 0, fmt.Errorf("the target answered %s: %w", resp.Status, errTargetGone)
	}
	wait := retryAfter(resp.Header.Get("Retry-After"), d.s.now())
	if resp.StatusCode >= 300 && resp.StatusCode < 400 {
		return wait, fmt.Errorf("the target answered %s: %s", resp.Status, redirectText(resp, c.TargetURL))
	}
	return wait, fmt.Errorf("the target answered %s", resp.Status)
}

// redirectText says, for the error of an attempt answered with a
// redirect, that Levy does not follow it and where it pointed (scheme and
// host only, as the errors of a delivery name the target): a receiver
// that redirects its URL (to https, or to the path with a trailing
// slash) would otherwise see its events fail with no word of why.
func redirectText(resp *http.Response, target string) string {
	where := ""
	if loc, err := resp.Location(); err == nil {
		where = " to " + redactIn(redactURL(loc.String()), target)
	}
	return "a redirect" + where + ", which Levy does not follow (the signature covers the target URL as configured); " +
		"give the connection the URL the target redirects to"
}

// retryAfter reads a Retry-After header: seconds, or an HTTP date.
func retryAfter(v string, now time.Time) time.Duration {
	if v == "" {
		return 0
	}
	n, err := strconv.Atoi(v)
	if errors.Is(err, strconv.ErrRange) && v[0] != '-' {
		return maxRetryAfter // more seconds than an int holds
	}
	if err == nil {
		if n <= 0 {
			return 0
		}
		if n >= int(maxRetryAfter/time.Second) {
			return maxRetryAfter
		}
		return time.Duration(n) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil && t.After(now) {
		return min(t.Sub(now), maxRetryAfter)
	}
	return 0
}

package lastsent

import (
	"context"
	"strings"
	"sync"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/einvoice/webhook"
)

// Record is the watcher's record of the last change of status it notified
// for one company of a tenant in one jurisdiction: the status, the one
// notified before it, the figures and period of the notice, and when.
// A watcher sends a notice only when a row's status differs from the
// record's, so the record, not the day or the period, decides whether a
// change is new: a rolling period whose first day moves every day, or a
// fall back to none that the totals do not date, is notified once.
//
// A record is first claimed (Queued false), then its notice is queued
// under Key, then it is marked queued: a watcher that finds a claim not
// marked queues its notice again under the same key, which the
// notifier queues once (a node that stopped between the claim and the
// queueing, or two nodes that raced).
type Record struct {
	Company string `json:"company"`
	// Area is the state (US-style code), Canada's with its scheme
	// ("CA/GST"), or the EU's area.
	Area string `json:"area"`
	// Seq counts the writes of the record, from 1: a write names the
	// Seq it replaces (Store.PutSent), so that of two nodes that
	// read the same record one writes.
	Seq    uint64 `json:"seq"`
	Status string `json:"status"`
	// Previous is the status notified before Status ("" before any).
	Previous string `json:"previous,omitempty"`
	// Key is the notifier's key of the notice.
	Key string `json:"key"`
	// Notice is the event's content: the figures and period it was sent
	// for.
	Notice *webhook.NexusNotice `json:"notice,omitempty"`
	// Unregistered is the last day of the latest registration there
	// that had ended when the status was claimed ("" for none): the same
	// status after a registration that ended since is a new episode,
	// notified again.
	Unregistered string `json:"unregistered,omitempty"`
	// At is when the record was claimed.
	At time.Time `json:"at"`
	// Queued is whether the notice is known to be queued.
	Queued bool `json:"queued"`
}

// MaxField bounds the bytes of a record's company, area and key,
// which hold no NUL byte (PostgreSQL's text cannot).
const MaxField = 512

// Store keeps the watcher's records of what it last notified, per
// tenant, company and area, where the watcher's nodes share them (the
// e-invoicing store of Badger, PostgreSQL; NewMemory in one process).
// Package lastsenttest is the suite every implementation passes.
type Store interface {
	// LastSent returns the record of tenant's company in area, and
	// false when there is none.
	LastSent(ctx context.Context, tenant, company, area string) (Record, bool, error)
	// PutSent writes s as tenant's record of s.Company in s.Area when
	// the record stored has Seq after (0: when none is stored) and
	// s.Seq is after+1, and reports whether it wrote: false when
	// another write came first. A record that Check refuses is an
	// error naming the field.
	PutSent(ctx context.Context, tenant string, s Record, after uint64) (bool, error)
}

// Check returns the error, naming the field, of a record that a Store
// refuses to write after the record of Seq after.
func Check(tenant string, s *Record, after uint64) error {
	nul := func(v string) bool { return strings.IndexByte(v, 0) >= 0 }
	switch {
	case tenant == "" || nul(tenant):
		return levy.Invalid("tenant", "is required, without a NUL byte")
	case len(s.Company) > MaxField || nul(s.Company):
		return levy.Invalid("company", "must be at most %d bytes, without a NUL byte", MaxField)
	case s.Area == "" || len(s.Area) > MaxField || nul(s.Area):
		return levy.Invalid("area", "must be 1 to %d bytes, without a NUL byte", MaxField)
	case s.Status == "":
		return levy.Invalid("status", "is required")
	case s.Key == "" || len(s.Key) > MaxField || nul(s.Key):
		return levy.Invalid("key", "must be 1 to %d bytes, without a NUL byte", MaxField)
	case s.Seq != after+1:
		return levy.Invalid("seq", "must be %d, one past the record it replaces", after+1)
	}
	return nil
}

// Memory is a Store in memory: the records of one process,
// which a restart forgets. It is safe for concurrent use.
type Memory struct {
	mu   sync.Mutex
	recs map[[3]string]Record // tenant, company, area
}

// NewMemory returns an empty Memory.
func NewMemory() *Memory { return &Memory{recs: map[[3]string]Record{}} }

// LastSent implements Store.
func (m *Memory) LastSent(ctx context.Context, tenant, company, area string) (Record, bool, error) {
	if err := ctx.Err(); err != nil {
		return Record{}, false, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	s, ok := m.recs[[3]string{tenant, company, area}]
	if ok && s.Notice != nil {
		n := *s.Notice
		s.Notice = &n
	}
	return s, ok, nil
}

// PutSent implements Store.
func (m *Memory) PutSent(ctx context.Context, tenant string, s Record, after uint64) (bool, error) {
	if err := ctx.Err(); err != nil {
		return false, err
	}
	if err := Check(tenant, &s, after); err != nil {
		return false, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	k := [3]string{tenant, s.Company, s.Area}
	if cur, ok := m.recs[k]; (ok && cur.Seq != after) || (!ok && after != 0) {
		return false, nil
	}
	if s.Notice != nil {
		n := *s.Notice
		s.Notice = &n
	}
	m.recs[k] = s
	return true, nil
}

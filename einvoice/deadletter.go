package einvoice

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/dgraph-io/badger/v4"

	"github.com/levytax/levy"
	kv "github.com/levytax/levy/badger"
)

// DeadLetter is an event whose delivery was given up after the last
// attempt. An operator lists them with DeadLetters and sends one again
// with Replay.
type DeadLetter struct {
	EventID    string    `json:"eventId"` // the Idempotency-Key, kept on replay
	TenantID   string    `json:"tenantId"`
	WebhookID  string    `json:"webhookId"`
	DocumentID string    `json:"documentId"`
	Status     string    `json:"status"`
	CreatedAt  time.Time `json:"createdAt"`
	Attempts   int       `json:"attempts"`
	LastError  string    `json:"lastError,omitempty"`
	DeadAt     time.Time `json:"deadAt"`
}

func (ev *outboxEvent) deadLetter() DeadLetter {
	return DeadLetter{EventID: ev.EventID, TenantID: ev.Tenant, WebhookID: ev.WebhookID, DocumentID: ev.DocumentID,
		Status: ev.Status, CreatedAt: ev.CreatedAt, Attempts: ev.Attempts, LastError: ev.LastError, DeadAt: ev.DeadAt}
}

// DeadLetters lists the dead-letter list, of one tenant or, with tenant
// "", of all of them, in the order of their event IDs.
func (s *Service) DeadLetters(ctx context.Context, tenant string) ([]DeadLetter, error) {
	if err := s.enter("list dead letters"); err != nil {
		return nil, err
	}
	defer s.gate.Leave()
	list := []DeadLetter{}
	err := s.db.View(func(txn *badger.Txn) error {
		return scan(txn, []byte{keyDead}, func(_, v []byte) (bool, error) {
			var ev outboxEvent
			if err := json.Unmarshal(v, &ev); err != nil {
				return false, fmt.Errorf("read a dead letter: %w", err)
			}
			if tenant == "" || ev.Tenant == tenant {
				list = append(list, ev.deadLetter())
			}
			return ctx.Err() == nil, ctx.Err()
		})
	})
	return list, kv.Wrap("einvoice", "list dead letters", "", err)
}

// Replay puts a dead letter back at the end of its connection's queue
// with its attempts reset, to be sent with the same Idempotency-Key. It
// fails with a not-found error when there is no such dead letter, or when
// its connection has been deleted since.
func (s *Service) Replay(ctx context.Context, eventID string) (DeadLetter, error) {
	if err := s.enter("replay"); err != nil {
		return DeadLetter{}, err
	}
	defer s.gate.Leave()
	if err := checkID("eventId", eventID); err != nil {
		return DeadLetter{}, err
	}
	var ev outboxEvent
	var taken []uint64
	defer func() { s.nums.release(taken) }()
	err := s.probe.Update(ctx, s.db, func(txn *badger.Txn) error {
		found, err := getJSON(txn, key(keyDead, eventID), &ev)
		if err != nil {
			return err
		}
		if !found {
			return levy.NotFound("eventId", "there is no dead letter %s", eventID)
		}
		if _, err := txn.Get(key(keyConn, ev.Tenant, ev.WebhookID)); err != nil {
			return levy.NotFound("eventId", "the webhook connection %s of dead letter %s has been deleted", ev.WebhookID, eventID)
		}
		seq, err := s.nums.take()
		if err != nil {
			return err
		}
		taken = append(taken, seq)
		if err := txn.Delete(key(keyDead, eventID)); err != nil {
			return err
		}
		// The answer shows the dead letter as it was; the queue gets it
		// as new.
		queued := ev
		queued.Attempts, queued.LastError, queued.DeadAt, queued.NextAttempt = 0, "", time.Time{}, s.now().UTC()
		return setJSON(txn, outboxKey(queued.WebhookID, seq), queued)
	})
	if err != nil {
		return DeadLetter{}, kv.Wrap("einvoice", "replay", eventID, err)
	}
	s.log.Info("dead letter replayed", "tenant", ev.Tenant, "document_id", ev.DocumentID, "event_id", ev.EventID, "webhook_id", ev.WebhookID)
	s.wake([]string{ev.WebhookID})
	return ev.deadLetter(), nil
}

package einvoice

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/einvoice/webhook"
)

// DeadLetter is an event whose delivery was given up after the last
// attempt. An operator lists them with DeadLetters, sends one again with
// Replay, or drops one for good with DropDeadLetter.
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

// deadLetter is the dead letter of an event given up.
func deadLetter(ev *OutboxEvent) DeadLetter {
	return DeadLetter{EventID: ev.EventID, TenantID: ev.Tenant, WebhookID: ev.WebhookID, DocumentID: ev.DocumentID,
		Status: ev.Status, CreatedAt: ev.CreatedAt, Attempts: ev.Attempts, LastError: ev.LastError, DeadAt: ev.DeadAt}
}

// DeadLetters lists the dead-letter list, of one tenant or, with tenant
// "", of all of them, in the order the events were made (then of when
// they were given up, then of their IDs), each document's of one
// connection in the order of their statuses (see inStatusOrder): the
// order of each connection's queue, so that replaying the list in its
// order sends a document's events in the order of its statuses, Pending
// before Completed.
func (s *Service) DeadLetters(ctx context.Context, tenant string) ([]DeadLetter, error) {
	if err := s.enter("list dead letters"); err != nil {
		return nil, err
	}
	defer s.leave()
	evs, err := s.store.DeadLetters(ctx, tenant)
	if err != nil {
		return nil, err
	}
	list := make([]DeadLetter, len(evs))
	for i := range evs {
		list[i] = deadLetter(&evs[i])
	}
	// The stores list them by event ID, which is random.
	slices.SortStableFunc(list, func(a, b DeadLetter) int {
		if c := a.CreatedAt.Compare(b.CreatedAt); c != 0 {
			return c
		}
		if c := a.DeadAt.Compare(b.DeadAt); c != 0 {
			return c
		}
		return strings.Compare(a.EventID, b.EventID)
	})
	inStatusOrder(list)
	return list, nil
}

// inStatusOrder puts the dead letters of each document and connection
// in the order of their statuses (Pending, In Progress, then the final
// one), in the places the list gave them. The times that order the list
// are those of the clocks of the nodes that made the events: the node
// that took a submission made its Pending event, and the one that
// processed it the others, milliseconds later, so that a clock a little
// ahead put Pending after Completed. A document's statuses only move
// forward, so their order is the order the events were made in.
func inStatusOrder(list []DeadLetter) {
	type doc struct{ webhook, document string }
	at := map[doc][]int{}
	for i, dl := range list {
		if dl.DocumentID != "" && statusRank(dl.Status) >= 0 {
			k := doc{dl.WebhookID, dl.DocumentID}
			at[k] = append(at[k], i)
		}
	}
	for _, places := range at {
		if len(places) < 2 {
			continue
		}
		group := make([]DeadLetter, len(places))
		for j, i := range places {
			group[j] = list[i]
		}
		slices.SortStableFunc(group, func(a, b DeadLetter) int { return statusRank(a.Status) - statusRank(b.Status) })
		for j, i := range places {
			list[i] = group[j]
		}
	}
}

// statusRank is the place of a document's status in its workflow:
// Pending 0, In Progress 1, a final status 2; -1 for the status of an
// event that is not a document's (a certificate's, a nexus change).
func statusRank(status string) int {
	switch status {
	case webhook.StatusPending:
		return 0
	case webhook.StatusInProgress:
		return 1
	case webhook.StatusCompleted, webhook.StatusProcessingIssue, webhook.StatusError:
		return 2
	}
	return -1
}

// Replay puts a dead letter back at the end of its connection's queue
// with its attempts reset, to be sent with the same Idempotency-Key. It
// fails with a not-found error when there is no such dead letter, or when
// its connection has been deleted since. With a tenant it replays only a
// dead letter of that tenant, and answers another tenant's as it answers
// an unknown one; tenant "" replays any tenant's (the operator's).
func (s *Service) Replay(ctx context.Context, tenant, eventID string) (DeadLetter, error) {
	if err := s.enter("replay"); err != nil {
		return DeadLetter{}, err
	}
	defer s.leave()
	eventID, err := checkID("eventId", eventID)
	if err != nil {
		return DeadLetter{}, err
	}
	if err := levy.CheckAdminWritable(ctx, "replay a dead letter"); err != nil {
		return DeadLetter{}, err
	}
	ev, err := s.store.Replay(ctx, tenant, eventID, s.now().UTC())
	if err != nil {
		return DeadLetter{}, err
	}
	s.log.Info("dead letter replayed", "tenant", ev.Tenant, "document_id", ev.DocumentID, "event_id", ev.EventID, "webhook_id", ev.WebhookID)
	s.wake([]string{ev.WebhookID})
	return deadLetter(ev), nil
}

// DropDeadLetter removes a dead letter for good, without sending it, and
// returns it as it was: the way to be rid of one that is not to be sent
// (such as a dead letter of a connection deleted since, which Replay
// refuses). It fails with a not-found error when there is no such dead
// letter. With a tenant it drops only a dead letter of that tenant, and
// answers another tenant's as it answers an unknown one, removing
// nothing; tenant "" drops any tenant's (the operator's).
func (s *Service) DropDeadLetter(ctx context.Context, tenant, eventID string) (DeadLetter, error) {
	if err := s.enter("drop a dead letter"); err != nil {
		return DeadLetter{}, err
	}
	defer s.leave()
	eventID, err := checkID("eventId", eventID)
	if err != nil {
		return DeadLetter{}, err
	}
	if err := levy.CheckAdminWritable(ctx, "drop a dead letter"); err != nil {
		return DeadLetter{}, err
	}
	ev, err := s.store.DropDeadLetter(ctx, tenant, eventID)
	if err != nil {
		return DeadLetter{}, err
	}
	s.log.Info("dead letter dropped", "tenant", ev.Tenant, "document_id", ev.DocumentID, "event_id", ev.EventID, "webhook_id", ev.WebhookID)
	return deadLetter(ev), nil
}

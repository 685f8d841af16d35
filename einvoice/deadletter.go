package einvoice

import (
	"context"
	"encoding/base64"
	"fmt"
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

// Paging of the dead-letter list: the dead letters a page holds unless
// its limit says otherwise, and the most it may hold.
const (
	DefaultDeadLetterLimit = 500
	MaxDeadLetterLimit     = 5000
)

// DeadLetterKey is the place of a dead letter in the order the stores
// list them and a page's cursor names: the time its event was made, then
// the time it was given up, then its event ID. The zero key comes before
// every dead letter.
type DeadLetterKey struct {
	CreatedAt time.Time
	DeadAt    time.Time
	EventID   string
}

// KeyOf is the key of the dead letter ev.
func KeyOf(ev *OutboxEvent) DeadLetterKey {
	return DeadLetterKey{CreatedAt: ev.CreatedAt, DeadAt: ev.DeadAt, EventID: ev.EventID}
}

// Compare orders k and o as the stores list dead letters: -1 when k
// comes first, 1 when o does, 0 when they are the same.
func (k DeadLetterKey) Compare(o DeadLetterKey) int {
	if c := k.CreatedAt.Compare(o.CreatedAt); c != 0 {
		return c
	}
	if c := k.DeadAt.Compare(o.DeadAt); c != 0 {
		return c
	}
	return strings.Compare(k.EventID, o.EventID)
}

// cursor is the text of a page's next: the key of its last dead letter,
// which the client hands back as is (it is opaque, and URL-safe).
func (k DeadLetterKey) cursor() string {
	text := k.CreatedAt.UTC().Format(time.RFC3339Nano) + "|" + k.DeadAt.UTC().Format(time.RFC3339Nano) + "|" + k.EventID
	return base64.RawURLEncoding.EncodeToString([]byte(text))
}

// parseCursor reads a page's cursor, the key after which the next page
// begins; "" is the start of the list.
func parseCursor(v string) (DeadLetterKey, error) {
	if v == "" {
		return DeadLetterKey{}, nil
	}
	bad := levy.Invalid("after", "%q is not the next of a page of dead letters", truncate(v, 64))
	text, err := base64.RawURLEncoding.DecodeString(v)
	if err != nil {
		return DeadLetterKey{}, bad
	}
	parts := strings.Split(string(text), "|")
	if len(parts) != 3 || !IsGUID(parts[2]) {
		return DeadLetterKey{}, bad
	}
	var k DeadLetterKey
	if k.CreatedAt, err = time.Parse(time.RFC3339Nano, parts[0]); err != nil {
		return DeadLetterKey{}, bad
	}
	if k.DeadAt, err = time.Parse(time.RFC3339Nano, parts[1]); err != nil {
		return DeadLetterKey{}, bad
	}
	k.CreatedAt, k.DeadAt, k.EventID = k.CreatedAt.UTC(), k.DeadAt.UTC(), strings.ToLower(parts[2])
	return k, nil
}

// DeadLetterPage is a page of the dead-letter list. Next, when not "",
// is the cursor of the page that follows (DeadLetterPage's after); ""
// on the last page.
type DeadLetterPage struct {
	DeadLetters []DeadLetter
	Next        string
}

// DeadLetterPage lists a page of the dead-letter list, of one tenant or,
// with tenant "", of all of them: at most limit dead letters
// (DefaultDeadLetterLimit when 0; 1 to MaxDeadLetterLimit, or an error
// naming the field limit), from the one after the cursor after ("" for
// the first page; one that no page answered is an error naming the field
// after).
//
// The list is in the order the events were made (then of when they were
// given up, then of their IDs), each document's of one connection in the
// order of their statuses (see inStatusOrder): the order of each
// connection's queue, so that replaying the list in its order sends a
// document's events in the order of its statuses, Pending before
// Completed. The pages, concatenated, are the list in that order: a
// document's dead letters whose times disagree with their statuses (the
// clocks of two nodes) are kept on one page, which may then hold a few
// fewer than limit, or, when they alone are more, a few more. A dead
// letter replayed or dropped between two pages leaves the others where
// they were: the next page begins after the key of the last one read.
func (s *Service) DeadLetterPage(ctx context.Context, tenant, after string, limit int) (DeadLetterPage, error) {
	if err := s.enter("list dead letters"); err != nil {
		return DeadLetterPage{}, err
	}
	defer s.leave()
	if limit == 0 {
		limit = DefaultDeadLetterLimit
	}
	if limit < 1 || limit > MaxDeadLetterLimit {
		return DeadLetterPage{}, levy.Invalid("limit", "%d is not a number from 1 to %d", limit, MaxDeadLetterLimit)
	}
	key, err := parseCursor(after)
	if err != nil {
		return DeadLetterPage{}, err
	}
	fetch := fetchFor(limit)
	evs, err := s.store.DeadLetters(ctx, tenant, key, fetch)
	if err != nil {
		return DeadLetterPage{}, fmt.Errorf("list dead letters: %w", err)
	}
	return pageOf(evs, limit, fetch), nil
}

// fetchFor is how many dead letters a page of limit reads: the page and
// as many after it, at least 100: a document's dead letter of an earlier
// status a little after the page's end (by the clocks of two nodes)
// belongs with those of the page.
func fetchFor(limit int) int { return limit + max(limit, 100) }

// pageOf makes a page of limit of evs, the dead letters in key order
// that the store listed when asked for fetch of them.
func pageOf(evs []OutboxEvent, limit, fetch int) DeadLetterPage {
	end := pageEnd(evs, limit)
	page := DeadLetterPage{DeadLetters: make([]DeadLetter, end)}
	for i := range end {
		page.DeadLetters[i] = deadLetter(&evs[i])
	}
	inStatusOrder(page.DeadLetters)
	if end > 0 && (end < len(evs) || len(evs) == fetch) {
		page.Next = KeyOf(&evs[end-1]).cursor()
	}
	return page
}

// DeadLetters lists the whole dead-letter list, of one tenant or, with
// tenant "", of all of them, in the order of DeadLetterPage, reading
// every page: for lists known to be short, and for tests. A list that a
// receiver gone for days can make long is read page by page.
func (s *Service) DeadLetters(ctx context.Context, tenant string) ([]DeadLetter, error) {
	var list []DeadLetter
	after := ""
	for {
		page, err := s.DeadLetterPage(ctx, tenant, after, MaxDeadLetterLimit)
		if err != nil {
			return nil, err
		}
		list = append(list, page.DeadLetters...)
		if page.Next == "" {
			return list, nil
		}
		after = page.Next
	}
}

// pageEnd returns how many of evs, dead letters in key order, a page of
// limit holds: limit, unless a document's dead letter of an earlier
// status than one of the page's comes after the page's end (their
// times disagree with their statuses). Then the page ends before that
// document's first dead letter, so that the next page has them all; or,
// when that would leave the page empty, the page goes on to that
// document's last one.
func pageEnd(evs []OutboxEvent, limit int) int {
	if len(evs) <= limit {
		return len(evs)
	}
	end := limit
	for {
		first, _, ok := straddling(evs, end)
		if !ok {
			return end
		}
		if first == 0 {
			break
		}
		end = first
	}
	end = limit
	for {
		_, last, ok := straddling(evs, end)
		if !ok {
			return end
		}
		end = last + 1
	}
}

// straddling finds the documents that a page of evs[:end] would split
// against the order of their statuses: a dead letter after end of an
// earlier status than one of the same document and connection before
// end. It returns the first place before end and the last after it of
// such documents' dead letters.
func straddling(evs []OutboxEvent, end int) (first, last int, ok bool) {
	type doc struct{ webhook, document string }
	type seen struct{ first, top int }
	in := map[doc]seen{}
	for i := range end {
		ev := &evs[i]
		r := statusRank(ev.Status)
		if ev.DocumentID == "" || r < 0 {
			continue
		}
		k := doc{ev.WebhookID, ev.DocumentID}
		if g, found := in[k]; found {
			in[k] = seen{g.first, max(g.top, r)}
		} else {
			in[k] = seen{i, r}
		}
	}
	first = end
	for i := end; i < len(evs); i++ {
		ev := &evs[i]
		r := statusRank(ev.Status)
		if ev.DocumentID == "" || r < 0 {
			continue
		}
		if g, found := in[doc{ev.WebhookID, ev.DocumentID}]; found && g.top > r {
			first, last, ok = min(first, g.first), i, true
		}
	}
	return first, last, ok
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

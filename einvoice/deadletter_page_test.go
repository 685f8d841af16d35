package einvoice_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/levytax/levy"
	. "github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/einvoice/webhook"
)

// skewedDeadLetters returns dead letters of docs documents of two
// connections in key order, each document's Pending, In Progress and
// Completed; every third document's Completed was made by a node whose
// clock is ahead, and so comes before its Pending by time.
func skewedDeadLetters(docs int) []OutboxEvent {
	hooks := []string{NewGUID(), NewGUID()}
	base := time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)
	dead := base.Add(time.Hour)
	var evs []OutboxEvent
	for i := range docs {
		doc, hook := NewGUID(), hooks[i%2]
		at := base.Add(time.Duration(i) * 10 * time.Millisecond)
		times := []time.Duration{0, 2 * time.Millisecond, 4 * time.Millisecond}
		if i%3 == 0 {
			times[2] = -time.Millisecond // Completed made "before" Pending
		}
		for j, st := range []string{webhook.StatusPending, webhook.StatusInProgress, webhook.StatusCompleted} {
			evs = append(evs, OutboxEvent{EventID: NewGUID(), Tenant: "acme", WebhookID: hook, DocumentID: doc, Status: st,
				CreatedAt: at.Add(times[j]), DeadAt: dead, Attempts: 3})
		}
		if i%5 == 0 { // a certificate's notice, of no document
			evs = append(evs, OutboxEvent{EventID: NewGUID(), Tenant: "acme", WebhookID: hook, Status: "CertificateExpiring",
				CreatedAt: at.Add(time.Millisecond), DeadAt: dead, Attempts: 3})
		}
	}
	slices.SortFunc(evs, func(a, b OutboxEvent) int { return KeyOf(&a).Compare(KeyOf(&b)) })
	return evs
}

// TestDeadLetterPagesKeepStatusOrder: the pages of the dead-letter list,
// read each after the cursor of the one before, concatenated, are the
// whole list in its documented order, a document's dead letters in the
// order of their statuses even when the clocks of two nodes put its
// Completed before its Pending and a page would end between them.
func TestDeadLetterPagesKeepStatusOrder(t *testing.T) {
	evs := skewedDeadLetters(120)
	whole := PageOf(evs, len(evs), 2*len(evs)+1)
	if whole.Next != "" {
		t.Fatalf("a single page of the whole list has a next: %q", whole.Next)
	}
	checkStatusOrder(t, "the whole list", whole.DeadLetters)
	for limit := 1; limit <= 9; limit++ {
		var walked []DeadLetter
		after := ""
		for pages := 0; ; pages++ {
			if pages > len(evs) {
				t.Fatalf("limit %d: more pages than dead letters", limit)
			}
			key, err := ParseCursor(after)
			if err != nil {
				t.Fatalf("limit %d: the cursor %q: %v", limit, after, err)
			}
			// The store: the fetch lowest keys after the cursor.
			fetch := FetchFor(limit)
			i, _ := slices.BinarySearchFunc(evs, key, func(ev OutboxEvent, k DeadLetterKey) int {
				if KeyOf(&ev).Compare(k) <= 0 {
					return -1
				}
				return 1
			})
			listed := evs[i:min(i+fetch, len(evs))]
			page := PageOf(slices.Clone(listed), limit, fetch)
			if len(page.DeadLetters) == 0 && page.Next != "" {
				t.Fatalf("limit %d: an empty page with a next", limit)
			}
			if len(page.DeadLetters) > limit+3 { // one document's three and a notice between
				t.Errorf("limit %d: a page of %d", limit, len(page.DeadLetters))
			}
			walked = append(walked, page.DeadLetters...)
			if page.Next == "" {
				break
			}
			after = page.Next
		}
		if got, want := eventIDs(walked), eventIDs(whole.DeadLetters); !slices.Equal(got, want) {
			t.Errorf("limit %d: the pages concatenated are not the whole list:\n got %v\nwant %v", limit, got, want)
		}
		checkStatusOrder(t, "the pages", walked)
	}
}

// TestDeadLetterPageRandomLimits walks lists of random shapes with
// random page sizes.
func TestDeadLetterPageRandomLimits(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	for range 50 {
		evs := skewedDeadLetters(1 + r.IntN(80))
		whole := PageOf(evs, len(evs), 2*len(evs)+1)
		var walked []DeadLetter
		key := DeadLetterKey{}
		for {
			limit := 1 + r.IntN(6)
			i := 0
			for i < len(evs) && KeyOf(&evs[i]).Compare(key) <= 0 {
				i++
			}
			page := PageOf(slices.Clone(evs[i:min(i+FetchFor(limit), len(evs))]), limit, FetchFor(limit))
			walked = append(walked, page.DeadLetters...)
			if page.Next == "" {
				break
			}
			var err error
			if key, err = ParseCursor(page.Next); err != nil {
				t.Fatal(err)
			}
		}
		if got, want := eventIDs(walked), eventIDs(whole.DeadLetters); !slices.Equal(got, want) {
			t.Fatalf("the pages concatenated are not the whole list:\n got %v\nwant %v", got, want)
		}
	}
}

func eventIDs(list []DeadLetter) []string {
	ids := make([]string, len(list))
	for i, dl := range list {
		ids[i] = dl.EventID
	}
	return ids
}

// checkStatusOrder fails unless each document's dead letters of one
// connection come in the order of their statuses.
func checkStatusOrder(t *testing.T, what string, list []DeadLetter) {
	t.Helper()
	rank := map[string]int{webhook.StatusPending: 0, webhook.StatusInProgress: 1, webhook.StatusCompleted: 2}
	top := map[[2]string]int{}
	for _, dl := range list {
		if dl.DocumentID == "" {
			continue
		}
		k := [2]string{dl.WebhookID, dl.DocumentID}
		if r, ok := top[k]; ok && rank[dl.Status] < r {
			t.Errorf("%s: document %s's %s comes after a later status", what, dl.DocumentID, dl.Status)
		}
		top[k] = max(top[k], rank[dl.Status])
	}
}

// TestDeadLetterPageBadInput: a limit out of its range and a cursor that
// no page answered are refused, naming their fields.
func TestDeadLetterPageBadInput(t *testing.T) {
	s, _ := open(t, t.TempDir(), Config{})
	for _, c := range []struct {
		limit int
		after string
		field string
	}{
		{-1, "", "limit"},
		{MaxDeadLetterLimit + 1, "", "limit"},
		{10, "not a cursor", "after"},
		{10, "eyJ4IjoxfQ", "after"},
	} {
		_, err := s.DeadLetterPage(tenantCtx("acme"), "acme", c.after, c.limit)
		var le *levy.Error
		if !errors.As(err, &le) || le.Code != levy.EInvalid || le.Field != c.field {
			t.Errorf("limit %d after %q: %v, want an invalid %s", c.limit, c.after, err, c.field)
		}
	}
	page, err := s.DeadLetterPage(tenantCtx("acme"), "acme", "", 0)
	if err != nil || len(page.DeadLetters) != 0 || page.Next != "" {
		t.Errorf("an empty list's first page: %+v %v", page, err)
	}
}

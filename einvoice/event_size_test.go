package einvoice_test

import (
	"context"
	"fmt"
	"log/slog"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	. "github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/einvoice/webhook"
)

// TestEventsOfALargeDocumentFitTheReceiver: the events of a document
// carried its texts whole, so that a valid invoice whose seller has a
// name of 1.5 MB (nothing in EN 16931 bounds it) made In Progress and
// Completed events of 1.5 MB, which Levy's own receiver, with its
// defaults, refused (413) at every attempt: the customer never learnt
// that the document was delivered. Each text of an event is cut to
// MaxEventText bytes (valid UTF-8, ending "…"), so that every event is
// accepted; the document's record keeps the name whole.
func TestEventsOfALargeDocumentFitTheReceiver(t *testing.T) {
	var mu sync.Mutex
	var got []webhook.Event
	var sizes []int
	srv := httptest.NewUnstartedServer(nil)
	url := "http://" + srv.Listener.Addr().String() + "/levy"
	rcv, err := webhook.NewReceiver([]byte(testSecret), url, func(_ context.Context, ev webhook.Event, raw []byte) error {
		mu.Lock()
		got = append(got, ev)
		sizes = append(sizes, len(raw))
		mu.Unlock()
		return nil
	}, webhook.WithLogger(slog.New(slog.DiscardHandler)))
	if err != nil {
		t.Fatal(err)
	}
	srv.Config.Handler = rcv
	srv.Start()
	t.Cleanup(srv.Close)

	s, _ := open(t, t.TempDir(), Config{MaxAttempts: 3})
	if _, err := s.CreateConnection(tenantCtx("acme"), NewConnection{TargetURL: url, SecretKey: testSecret, Events: AllEvents, IncludeMetadata: true}); err != nil {
		t.Fatal(err)
	}
	name := strings.Repeat("Nordlys Værktøj ", 100_000) // 1.7 MB, letters of two bytes among them
	d, _, err := s.Submit(tenantCtx("acme"), validInvoice(t, "<cbc:RegistrationName>Nordlys Tools ApS</cbc:RegistrationName>",
		"<cbc:RegistrationName>"+name+"</cbc:RegistrationName>"), "")
	if err != nil {
		t.Fatal(err)
	}
	final := waitFinal(t, s, "acme", d.DocumentID)
	if final.Status != webhook.StatusCompleted || final.Endpoints.Sender.Name != strings.TrimSpace(name) {
		t.Fatalf("the document is %s, its seller's name %d bytes", final.Status, len(final.Endpoints.Sender.Name))
	}
	eventually(t, "the three events accepted by the receiver", func() bool {
		mu.Lock()
		defer mu.Unlock()
		return len(got) == 3
	})
	if l, err := s.DeadLetters(tenantCtx("acme"), "acme"); err != nil || len(l) != 0 {
		t.Errorf("dead letters %v %v", l, err)
	}
	mu.Lock()
	defer mu.Unlock()
	for i, ev := range got[1:] {
		n := ev.Endpoints.Sender.Name
		if len(n) > MaxEventText || !utf8.ValidString(n) || !strings.HasSuffix(n, "…") || !strings.HasPrefix(name, strings.TrimSuffix(n, "…")) {
			t.Errorf("event %s: the seller's name is %d bytes: %.40q…", ev.Status, len(n), n)
		}
		if sizes[i+1] > 64<<10 {
			t.Errorf("event %s has %d bytes", ev.Status, sizes[i+1])
		}
	}
}

// rejectsAll is a transmitter that refuses every document with the
// problems it holds.
type rejectsAll struct{ problems []webhook.Problem }

func (r rejectsAll) Name() string { return "rejects-all" }

func (r rejectsAll) Transmit(context.Context, Parcel) (string, error) {
	return "", &Rejection{Problems: r.problems}
}

// TestErrorEventOfALongRejectionFitsTheReceiver: an Error event listed
// every problem of a transmitter's rejection, so that a rejection of
// 20,000 problems (one per line of a large invoice) made an event of
// more than a megabyte, which Levy's own receiver refused at every
// attempt. The event lists as many problems as the checks do, the last
// a TRUNCATED entry that counts the rest (fatal, as one left out is);
// the document's record keeps them all.
func TestErrorEventOfALongRejectionFitsTheReceiver(t *testing.T) {
	var mu sync.Mutex
	var got []webhook.Event
	srv := httptest.NewUnstartedServer(nil)
	url := "http://" + srv.Listener.Addr().String() + "/levy"
	rcv, err := webhook.NewReceiver([]byte(testSecret), url, func(_ context.Context, ev webhook.Event, _ []byte) error {
		mu.Lock()
		got = append(got, ev)
		mu.Unlock()
		return nil
	}, webhook.WithLogger(slog.New(slog.DiscardHandler)))
	if err != nil {
		t.Fatal(err)
	}
	srv.Config.Handler = rcv
	srv.Start()
	t.Cleanup(srv.Close)

	problems := make([]webhook.Problem, 20_000)
	for i := range problems {
		problems[i] = webhook.Problem{Code: "AUTHORITY-LINE", Message: fmt.Sprintf("the authority refused line %d: its item is not registered", i+1),
			Location: fmt.Sprintf("/Invoice/cac:InvoiceLine[%d]", i+1)}
	}
	s, _ := open(t, t.TempDir(), Config{MaxAttempts: 3, Transmitter: rejectsAll{problems}})
	if _, err := s.CreateConnection(tenantCtx("acme"), NewConnection{TargetURL: url, SecretKey: testSecret,
		Events: Events{Statuses: []string{webhook.StatusError}}}); err != nil {
		t.Fatal(err)
	}
	d, _, err := s.Submit(tenantCtx("acme"), validInvoice(t), "")
	if err != nil {
		t.Fatal(err)
	}
	if final := waitFinal(t, s, "acme", d.DocumentID); final.Status != webhook.StatusError || len(final.ErrorDetail.Errors) != len(problems) {
		t.Fatalf("the document is %s with %d problems", final.Status, len(final.ErrorDetail.Errors))
	}
	eventually(t, "the Error event accepted by the receiver", func() bool {
		mu.Lock()
		defer mu.Unlock()
		return len(got) == 1
	})
	mu.Lock()
	defer mu.Unlock()
	list := got[0].ErrorDetail.Errors
	if n := len(list); n != 101 || list[99] != problems[99] || list[100].Code != "TRUNCATED" || list[100].Flag != "fatal" ||
		!strings.HasPrefix(list[100].Message, "19900 more problems") {
		t.Errorf("the event lists %d problems, the last %+v", n, list[n-1])
	}
}

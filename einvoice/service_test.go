package einvoice_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/levytax/levy"
	. "github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/einvoice/webhook"
)

func TestCanMove(t *testing.T) {
	allowed := map[[2]string]bool{
		{webhook.StatusPending, webhook.StatusInProgress}:      true,
		{webhook.StatusPending, webhook.StatusProcessingIssue}: true,
		{webhook.StatusInProgress, webhook.StatusCompleted}:    true,
		{webhook.StatusInProgress, webhook.StatusError}:        true,
	}
	for _, from := range webhook.Statuses {
		for _, to := range webhook.Statuses {
			if got := CanMove(from, to); got != allowed[[2]string{from, to}] {
				t.Errorf("CanMove(%s, %s) = %v", from, to, got)
			}
		}
		moves := false
		for _, to := range webhook.Statuses {
			moves = moves || CanMove(from, to)
		}
		if Final(from) == moves {
			t.Errorf("Final(%s) = %v", from, Final(from))
		}
	}
}

func TestValidDocumentCompletes(t *testing.T) {
	dir := t.TempDir()
	s, logs := open(t, dir, Config{})
	tg := newTarget(t, nil)
	connect(t, s, "acme", tg, AllEvents, true)

	d, created, err := s.Submit(tenantCtx("acme"), validInvoice(t), "")
	if err != nil || !created {
		t.Fatal(created, err)
	}
	if d.Status != webhook.StatusPending || d.DocumentNumber != "LVY-2026-0042" || d.TenantID != "acme" || !IsGUID(d.DocumentID) {
		t.Fatalf("submitted: %+v", d)
	}
	d = waitFinal(t, s, "acme", d.DocumentID)
	if d.Status != webhook.StatusCompleted || d.ErrorDetail != nil {
		t.Fatalf("final: %+v", d)
	}
	var hist []string
	for _, h := range d.History {
		hist = append(hist, h.Status)
	}
	want := []string{webhook.StatusPending, webhook.StatusInProgress, webhook.StatusCompleted}
	if !slices.Equal(hist, want) {
		t.Errorf("history %v, want %v", hist, want)
	}
	if d.IssueDate != "2026-11-20" || d.DocumentType != "Invoice" || d.Currency != "EUR" || d.PayableAmount != "281.25" ||
		d.Endpoints.Receiver.Scheme != "0088" || d.Endpoints.Receiver.ID != "5790000435975" {
		t.Errorf("record: %+v, endpoints %+v", d, d.Endpoints.Receiver)
	}
	// The outbox directory holds the document as received; the receipt
	// names it relative to the outbox.
	path := filepath.Join(dir, "outbox", "0088_5790000435975", d.DocumentID+".xml")
	if d.Delivery == nil || d.Delivery.Reference != "0088_5790000435975/"+d.DocumentID+".xml" {
		t.Fatalf("delivery %+v, want reference 0088_5790000435975/%s.xml", d.Delivery, d.DocumentID)
	}
	if got, err := os.ReadFile(path); err != nil || string(got) != string(validInvoice(t)) {
		t.Fatalf("outbox file: %v", err)
	}
	eventually(t, "three events", func() bool { return len(tg.statuses(d.DocumentID)) == 3 })
	if got := tg.statuses(d.DocumentID); !slices.Equal(got, want) {
		t.Errorf("events %v, want %v", got, want)
	}
	for _, dl := range tg.deliveries() {
		if !dl.signatureValid {
			t.Errorf("event %s: bad signature %s", dl.key, dl.sig)
		}
		if !IsGUID(dl.key) {
			t.Errorf("Idempotency-Key %q is not a GUID", dl.key)
		}
		ev := dl.event
		if ev.TenantID != "acme" || ev.DocumentID != d.DocumentID || ev.TransmissionDirection != "Outbound" || ev.Metadata == nil || ev.Endpoints == nil {
			t.Errorf("event: %s", dl.body)
		}
		if ev.Status != webhook.StatusPending && (ev.DocumentNumber != "LVY-2026-0042" || ev.IssueDate != "2026-11-20") {
			t.Errorf("event: %s", dl.body)
		}
		// camelCase keys on the wire.
		if !strings.Contains(string(dl.body), `"documentId":`) || strings.Contains(string(dl.body), `"DocumentId"`) {
			t.Errorf("event keys: %s", dl.body)
		}
	}
	if strings.Contains(logs.String(), testSecret) {
		t.Error("the secret reached the logs")
	}
	content, err := s.Content(tenantCtx("acme"), d.DocumentID)
	if err != nil || string(content) != string(validInvoice(t)) {
		t.Errorf("content: %v", err)
	}
}

func TestProblemsAndErrorDetail(t *testing.T) {
	s, _ := open(t, t.TempDir(), Config{})
	tg := newTarget(t, nil)
	connect(t, s, "acme", tg, AllEvents, false)
	for _, tc := range []struct {
		name     string
		doc      []byte
		status   string
		code     string
		location string
	}{
		{"not xml", []byte("this is not a document"), webhook.StatusProcessingIssue, "XML", ""},
		{"json", []byte(`{"invoice": 1}`), webhook.StatusProcessingIssue, "XML", ""},
		{"not an invoice", []byte(`<Order xmlns="urn:oasis:names:specification:ubl:schema:xsd:Order-2"><ID>1</ID></Order>`), webhook.StatusProcessingIssue, "ROOT", ""},
		{"no issue date", validInvoice(t, "<cbc:IssueDate>2026-11-20</cbc:IssueDate>", ""), webhook.StatusError, "BR-03", "IssueDate"},
		{"bad issue date", validInvoice(t, "<cbc:IssueDate>2026-11-20</cbc:IssueDate>", "<cbc:IssueDate>20/11/2026</cbc:IssueDate>"), webhook.StatusError, "PEPPOL-EN16931-F001", "IssueDate"},
		{"bad amount", validInvoice(t, `<cbc:PayableAmount currencyID="EUR">281.25</cbc:PayableAmount>`, `<cbc:PayableAmount currencyID="EUR">281,25</cbc:PayableAmount>`), webhook.StatusProcessingIssue, "FORMAT", "PayableAmount"},
		{"BR-CO-15", validInvoice(t, `<cbc:TaxInclusiveAmount currencyID="EUR">281.25</cbc:TaxInclusiveAmount>`, `<cbc:TaxInclusiveAmount currencyID="EUR">281.52</cbc:TaxInclusiveAmount>`,
			`<cbc:PayableAmount currencyID="EUR">281.25</cbc:PayableAmount>`, `<cbc:PayableAmount currencyID="EUR">281.52</cbc:PayableAmount>`), webhook.StatusError, "BR-CO-15", "TaxInclusiveAmount"},
		{"GLN check digit", validInvoice(t, "5790000435975", "5790000435976"), webhook.StatusError, "PEPPOL-COMMON-R040", "AccountingCustomerParty"},
		{"two amounts due", validInvoice(t, `<cbc:PayableAmount currencyID="EUR">281.25</cbc:PayableAmount>`, `<cbc:PayableAmount currencyID="EUR">281.25</cbc:PayableAmount><cbc:PayableAmount currencyID="EUR">2812.50</cbc:PayableAmount>`),
			webhook.StatusError, "FORMAT", "/cac:LegalMonetaryTotal/cbc:PayableAmount[2]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, _, err := s.Submit(tenantCtx("acme"), tc.doc, "")
			if err != nil {
				t.Fatal(err)
			}
			d = waitFinal(t, s, "acme", d.DocumentID)
			if d.Status != tc.status || d.ErrorDetail == nil || len(d.ErrorDetail.Errors) == 0 {
				t.Fatalf("record: %+v", d)
			}
			wantStage := StageDelivery
			if tc.status == webhook.StatusProcessingIssue {
				wantStage = StagePreProcessing
			}
			var found bool
			for _, p := range d.ErrorDetail.Errors {
				if p.Code == tc.code && strings.Contains(p.Location, tc.location) {
					found = true
				}
			}
			if !found || d.ErrorDetail.Stage != wantStage || d.ErrorDetail.Message == "" {
				t.Fatalf("error detail %+v, want code %s at %s", d.ErrorDetail, tc.code, tc.location)
			}
			want := []string{webhook.StatusPending, tc.status}
			if tc.status == webhook.StatusError {
				want = []string{webhook.StatusPending, webhook.StatusInProgress, tc.status}
			}
			eventually(t, "events", func() bool { return len(tg.statuses(d.DocumentID)) == len(want) })
			if got := tg.statuses(d.DocumentID); !slices.Equal(got, want) {
				t.Fatalf("events %v, want %v", got, want)
			}
			last := tg.deliveries()
			for _, dl := range last {
				if dl.event.DocumentID == d.DocumentID && dl.event.Status == tc.status {
					if dl.event.ErrorDetail == nil || dl.event.ErrorDetail.Errors[0].Code == "" {
						t.Errorf("the event of %s has no error detail: %s", tc.status, dl.body)
					}
					if dl.event.Metadata != nil {
						t.Errorf("metadata sent to a connection without it: %s", dl.body)
					}
				}
			}
		})
	}
}

func TestSubmitRefusesEmptyAndLarge(t *testing.T) {
	s, _ := open(t, t.TempDir(), Config{MaxDocumentBytes: 1000})
	_, _, err := s.Submit(tenantCtx("acme"), nil, "")
	if levy.ErrorCode(err) != levy.EInvalid {
		t.Errorf("empty: %v", err)
	}
	_, _, err = s.Submit(tenantCtx("acme"), make([]byte, 1001), "")
	if levy.ErrorCode(err) != levy.ETooLarge {
		t.Errorf("large: %v", err)
	}
}

func TestSubmitIdempotencyKey(t *testing.T) {
	s, _ := open(t, t.TempDir(), Config{})
	a, created, err := s.Submit(tenantCtx("acme"), validInvoice(t), "order-77")
	if err != nil || !created {
		t.Fatal(err)
	}
	b, created, err := s.Submit(tenantCtx("acme"), validInvoice(t), "order-77")
	if err != nil || created || b.DocumentID != a.DocumentID {
		t.Fatalf("repeat: %v %v %v", b, created, err)
	}
	// Another document under the key is refused, and not stored.
	_, _, err = s.Submit(tenantCtx("acme"), validInvoice(t, "LVY-2026-0042", "LVY-2026-0043"), "order-77")
	var le *levy.Error
	if !errors.As(err, &le) || le.Code != levy.EConflict || le.Field != "Idempotency-Key" {
		t.Fatalf("another document under the key: %v", err)
	}
	c, created, err := s.Submit(tenantCtx("other"), validInvoice(t), "order-77")
	if err != nil || !created || c.DocumentID == a.DocumentID {
		t.Fatalf("another tenant's key: %v %v", created, err)
	}
}

func TestTenancy(t *testing.T) {
	s, _ := open(t, t.TempDir(), Config{})
	ta, tb := newTarget(t, nil), newTarget(t, nil)
	connect(t, s, "acme", ta, AllEvents, false)
	cb := connect(t, s, "globex", tb, AllEvents, false)
	d, _, err := s.Submit(tenantCtx("acme"), validInvoice(t), "")
	if err != nil {
		t.Fatal(err)
	}
	waitFinal(t, s, "acme", d.DocumentID)
	if _, err := s.Get(tenantCtx("globex"), d.DocumentID); levy.ErrorCode(err) != levy.ENotFound {
		t.Errorf("another tenant's document: %v", err)
	}
	if _, err := s.Content(tenantCtx("globex"), d.DocumentID); levy.ErrorCode(err) != levy.ENotFound {
		t.Errorf("another tenant's content: %v", err)
	}
	eventually(t, "acme's events", func() bool { return len(ta.statuses(d.DocumentID)) == 3 })
	if n := len(tb.deliveries()); n != 0 {
		t.Errorf("globex's target received %d events of acme's document", n)
	}
	if _, err := s.Connection(tenantCtx("acme"), cb.WebhookID); levy.ErrorCode(err) != levy.ENotFound {
		t.Errorf("another tenant's connection: %v", err)
	}
	if _, err := s.DeleteConnection(tenantCtx("acme"), cb.WebhookID); levy.ErrorCode(err) != levy.ENotFound {
		t.Errorf("deleting another tenant's connection: %v", err)
	}
	list, err := s.Connections(tenantCtx("acme"))
	if err != nil || len(list) != 1 || list[0].TargetURL != ta.url {
		t.Errorf("acme's connections: %+v %v", list, err)
	}
}

func TestEventSelection(t *testing.T) {
	s, _ := open(t, t.TempDir(), Config{})
	all, final, none := newTarget(t, nil), newTarget(t, nil), newTarget(t, nil)
	connect(t, s, "acme", all, AllEvents, false)
	connect(t, s, "acme", final, Events{Statuses: []string{webhook.StatusCompleted, webhook.StatusError}}, true)
	connect(t, s, "acme", none, Events{Statuses: []string{webhook.StatusProcessingIssue}}, false)
	d, _, err := s.Submit(tenantCtx("acme"), validInvoice(t), "")
	if err != nil {
		t.Fatal(err)
	}
	waitFinal(t, s, "acme", d.DocumentID)
	eventually(t, "events", func() bool { return len(all.statuses(d.DocumentID)) == 3 && len(final.statuses(d.DocumentID)) == 1 })
	if got := final.statuses(d.DocumentID); !slices.Equal(got, []string{webhook.StatusCompleted}) {
		t.Errorf("final-only target: %v", got)
	}
	if dl := final.deliveries(); dl[0].event.Metadata == nil || dl[0].event.Metadata.SHA256 == "" {
		t.Errorf("metadata missing: %s", dl[0].body)
	}
	time.Sleep(50 * time.Millisecond)
	if n := len(none.deliveries()); n != 0 {
		t.Errorf("a target of Processing Issue only received %d events", n)
	}
}

func TestRetriesKeepKeyAndHonourRetryAfter(t *testing.T) {
	s, _ := open(t, t.TempDir(), Config{MaxBackoff: time.Second})
	tg := newTarget(t, func(n int, d delivery) (int, http.Header) {
		switch n {
		case 0:
			return http.StatusServiceUnavailable, http.Header{"Retry-After": {"1"}}
		case 1:
			return http.StatusInternalServerError, nil
		}
		return http.StatusNoContent, nil
	})
	connect(t, s, "acme", tg, Events{Statuses: []string{webhook.StatusPending}}, false)
	if _, _, err := s.Submit(tenantCtx("acme"), validInvoice(t), ""); err != nil {
		t.Fatal(err)
	}
	eventually(t, "three attempts", func() bool { return len(tg.deliveries()) == 3 })
	got := tg.deliveries()
	for i, d := range got {
		if d.key != got[0].key || !d.signatureValid || string(d.body) != string(got[0].body) {
			t.Errorf("attempt %d: key %s, valid %v, body %s", i, d.key, d.signatureValid, d.body)
		}
	}
	t0, _ := time.Parse(webhook.TimestampFormat, got[0].ts)
	t1, _ := time.Parse(webhook.TimestampFormat, got[1].ts)
	if t1.Sub(t0) < time.Second {
		t.Errorf("the retry came %v after a Retry-After of 1 s", t1.Sub(t0))
	}
	time.Sleep(100 * time.Millisecond)
	if n := len(tg.deliveries()); n != 3 {
		t.Errorf("%d attempts after the target accepted the event", n)
	}
}

func TestDeadLetterAndReplay(t *testing.T) {
	var healthy atomic.Bool
	s, _ := open(t, t.TempDir(), Config{MaxAttempts: 3})
	tg := newTarget(t, func(int, delivery) (int, http.Header) {
		if healthy.Load() {
			return http.StatusOK, nil
		}
		return http.StatusBadGateway, nil
	})
	connect(t, s, "acme", tg, Events{Statuses: []string{webhook.StatusPending}}, false)
	d, _, err := s.Submit(tenantCtx("acme"), validInvoice(t), "")
	if err != nil {
		t.Fatal(err)
	}
	var dead []DeadLetter
	eventually(t, "a dead letter", func() bool {
		dead, err = s.DeadLetters(context.Background(), "")
		return err == nil && len(dead) == 1
	})
	if dead[0].DocumentID != d.DocumentID || dead[0].Attempts != 3 || !strings.Contains(dead[0].LastError, "502") || dead[0].TenantID != "acme" {
		t.Errorf("dead letter %+v", dead[0])
	}
	if n := len(tg.deliveries()); n != 3 {
		t.Errorf("%d attempts, want 3", n)
	}
	if list, _ := s.DeadLetters(context.Background(), "globex"); len(list) != 0 {
		t.Errorf("another tenant's dead letters: %v", list)
	}
	healthy.Store(true)
	if _, err := s.Replay(context.Background(), "", dead[0].EventID); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the replayed event", func() bool { return len(tg.deliveries()) == 4 })
	last := tg.deliveries()[3]
	if last.key != dead[0].EventID || !last.signatureValid {
		t.Errorf("replay: key %s, valid %v", last.key, last.signatureValid)
	}
	if list, _ := s.DeadLetters(context.Background(), ""); len(list) != 0 {
		t.Errorf("dead letters after the replay: %v", list)
	}
	if _, err := s.Replay(context.Background(), "", dead[0].EventID); levy.ErrorCode(err) != levy.ENotFound {
		t.Errorf("replaying twice: %v", err)
	}
	if _, err := s.Replay(context.Background(), "", "nope"); levy.ErrorCode(err) != levy.EInvalid {
		t.Errorf("a bad event ID: %v", err)
	}
}

func TestOrderPerTarget(t *testing.T) {
	s, _ := open(t, t.TempDir(), Config{})
	var calls atomic.Int32
	tg := newTarget(t, func(n int, d delivery) (int, http.Header) {
		if calls.Add(1)%3 == 0 {
			return http.StatusServiceUnavailable, nil // every third attempt fails
		}
		return http.StatusNoContent, nil
	})
	connect(t, s, "acme", tg, AllEvents, false)
	var ids []string
	for i := range 10 {
		d, _, err := s.Submit(tenantCtx("acme"), validInvoice(t, "LVY-2026-0042", fmt.Sprintf("LVY-%d", i)), "")
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, d.DocumentID)
	}
	want := []string{webhook.StatusPending, webhook.StatusInProgress, webhook.StatusCompleted}
	for _, id := range ids {
		eventually(t, "events of "+id, func() bool { return len(tg.statuses(id)) == 3 })
		if got := tg.statuses(id); !slices.Equal(got, want) {
			t.Errorf("document %s: events in order %v", id, got)
		}
	}
	// The target saw a failed event again before any later one.
	got := tg.deliveries()
	for i := 1; i < len(got); i++ {
		if got[i].key != got[i-1].key {
			for _, later := range got[i:] {
				if later.key == got[i-1].key {
					t.Fatalf("event %s came back after a later event", later.key)
				}
			}
		}
	}
}

func TestRestartResumesOutbox(t *testing.T) {
	dir := t.TempDir()
	var up atomic.Bool
	tg := newTarget(t, func(int, delivery) (int, http.Header) {
		if up.Load() {
			return http.StatusNoContent, nil
		}
		return http.StatusServiceUnavailable, nil
	})
	s, _ := open(t, dir, Config{MaxAttempts: 1000})
	connect(t, s, "acme", tg, AllEvents, false)
	var ids []string
	for range 5 {
		d, _, err := s.Submit(tenantCtx("acme"), validInvoice(t), "")
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, d.DocumentID)
	}
	for _, id := range ids {
		waitFinal(t, s, "acme", id)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	up.Store(true)
	s2, _ := open(t, dir, Config{})
	for _, id := range ids {
		eventually(t, "events of "+id, func() bool { return len(tg.statuses(id)) == 3 })
	}
	_ = s2
}

// flaky fails its first n transmissions with an I/O error, then rejects
// documents of one number and delivers the rest to a directory.
type flaky struct {
	fails  atomic.Int32
	reject string
	dir    DirTransmitter
}

func (f *flaky) Name() string { return "flaky" }

func (f *flaky) Transmit(ctx context.Context, p Parcel) (string, error) {
	if f.fails.Add(-1) >= 0 {
		return "", errors.New("the network is down")
	}
	if p.DocumentNumber == f.reject {
		return "", &Rejection{Problems: []webhook.Problem{{Code: "AUTHORITY", Message: "the tax authority refused the invoice"}}}
	}
	return f.dir.Transmit(ctx, p)
}

func TestTransmitterFailuresAndRejections(t *testing.T) {
	tx := &flaky{reject: "REJECT-1", dir: DirTransmitter{Dir: t.TempDir()}}
	tx.fails.Store(2)
	s, _ := open(t, t.TempDir(), Config{Transmitter: tx})
	d, _, _ := s.Submit(tenantCtx("acme"), validInvoice(t), "")
	if d = waitFinal(t, s, "acme", d.DocumentID); d.Status != webhook.StatusCompleted || d.Delivery.Transmitter != "flaky" {
		t.Errorf("after two failures: %+v", d)
	}
	r, _, _ := s.Submit(tenantCtx("acme"), validInvoice(t, "LVY-2026-0042", "REJECT-1"), "")
	if r = waitFinal(t, s, "acme", r.DocumentID); r.Status != webhook.StatusError || r.ErrorDetail.Errors[0].Code != "AUTHORITY" {
		t.Errorf("rejected: %+v", r.ErrorDetail)
	}
	// Failures of the transmitter are never the document's fault: ten of
	// them in a row (five used to end in Error) delay the delivery only.
	tx.fails.Store(10)
	f, _, _ := s.Submit(tenantCtx("acme"), validInvoice(t), "")
	if f = waitFinal(t, s, "acme", f.DocumentID); f.Status != webhook.StatusCompleted || f.ErrorDetail != nil {
		t.Errorf("after ten failures: %s %+v", f.Status, f.ErrorDetail)
	}
}

func TestConnections(t *testing.T) {
	s, logs := open(t, t.TempDir(), Config{})
	ctx := tenantCtx("acme")
	long := strings.Repeat("k", 32)
	for _, tc := range []struct {
		nc    NewConnection
		field string
	}{
		{NewConnection{TargetURL: "http://example.com/hook", SecretKey: long, Events: AllEvents}, "targetUrl"},
		{NewConnection{TargetURL: "ftp://example.com/hook", SecretKey: long, Events: AllEvents}, "targetUrl"},
		{NewConnection{TargetURL: "/hook", SecretKey: long, Events: AllEvents}, "targetUrl"},
		{NewConnection{TargetURL: "https://user:pw@example.com/hook", SecretKey: long, Events: AllEvents}, "targetUrl"},
		{NewConnection{TargetURL: "", SecretKey: long, Events: AllEvents}, "targetUrl"},
		{NewConnection{TargetURL: "https://example.com/hook", SecretKey: long[:31], Events: AllEvents}, "secretKey"},
		{NewConnection{TargetURL: "https://example.com/hook", SecretKey: long}, "events"},
		{NewConnection{TargetURL: "https://example.com/hook", SecretKey: long, Events: Events{Statuses: []string{"Done"}}}, "events[0]"},
	} {
		_, err := s.CreateConnection(ctx, tc.nc)
		var errs levy.Errors
		if !errors.As(err, &errs) || errs[0].Field != tc.field {
			t.Errorf("%+v: %v, want an error of %s", tc.nc, err, tc.field)
		}
	}
	for _, ok := range []string{"https://example.com/hook", "http://127.0.0.1:9/hook", "http://localhost/x", "http://[::1]:8080/"} {
		if _, err := s.CreateConnection(ctx, NewConnection{TargetURL: ok, SecretKey: long, Events: Events{Statuses: []string{"completed"}}}); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
	list, err := s.Connections(ctx)
	if err != nil || len(list) != 4 {
		t.Fatalf("%d connections, %v", len(list), err)
	}
	b, _ := json.Marshal(list)
	if strings.Contains(string(b), long) || strings.Contains(logs.String(), long) {
		t.Error("a secret was listed or logged")
	}
	if list[0].Events.Statuses[0] != webhook.StatusCompleted {
		t.Errorf("status names are not made canonical: %v", list[0].Events)
	}
	if _, err := s.DeleteConnection(ctx, list[0].WebhookID); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Connection(ctx, list[0].WebhookID); levy.ErrorCode(err) != levy.ENotFound {
		t.Errorf("deleted connection: %v", err)
	}
	// With AllowHTTP, any host.
	s2, _ := open(t, t.TempDir(), Config{AllowHTTP: true})
	if _, err := s2.CreateConnection(ctx, NewConnection{TargetURL: "http://example.com/hook", SecretKey: long, Events: AllEvents}); err != nil {
		t.Error(err)
	}
}

func TestEventsJSON(t *testing.T) {
	for in, want := range map[string]Events{
		`"all"`:                   AllEvents,
		`"ALL"`:                   AllEvents,
		`["all"]`:                 AllEvents,
		`["Pending","Completed"]`: {Statuses: []string{"Pending", "Completed"}},
		`[]`:                      {Statuses: []string{}},
	} {
		var e Events
		if err := json.Unmarshal([]byte(in), &e); err != nil || e.All != want.All || !slices.Equal(e.Statuses, want.Statuses) {
			t.Errorf("%s: %+v %v", in, e, err)
		}
	}
	for _, bad := range []string{`"some"`, `3`, `{"a":1}`} {
		var e Events
		if err := json.Unmarshal([]byte(bad), &e); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
	// An item of a list that is not a string is read, and refused by
	// the check of the connection, named by its index in the list.
	s, _ := open(t, t.TempDir(), Config{})
	var nc NewConnection
	if err := json.Unmarshal([]byte(`{"targetUrl":"https://a.example/x","secretKey":"`+testSecret+`","events":["all",1]}`), &nc); err != nil {
		t.Fatal(err)
	}
	if _, err := s.CreateConnection(tenantCtx("acme"), nc); levy.ErrorCode(err) != levy.EInvalid || !strings.Contains(err.Error(), "events[1]") {
		t.Errorf("[\"all\",1]: %v", err)
	}
	b, _ := json.Marshal(AllEvents)
	c, _ := json.Marshal(Events{Statuses: []string{"Error"}})
	if string(b) != `"all"` || string(c) != `["Error"]` {
		t.Errorf("%s %s", b, c)
	}
}

func TestDeleteConnectionDropsEvents(t *testing.T) {
	s, _ := open(t, t.TempDir(), Config{MaxAttempts: 1000})
	tg := newTarget(t, func(int, delivery) (int, http.Header) { return http.StatusServiceUnavailable, nil })
	c := connect(t, s, "acme", tg, AllEvents, false)
	d, _, _ := s.Submit(tenantCtx("acme"), validInvoice(t), "")
	waitFinal(t, s, "acme", d.DocumentID)
	if _, err := s.DeleteConnection(tenantCtx("acme"), c.WebhookID); err != nil {
		t.Fatal(err)
	}
	n := len(tg.deliveries())
	time.Sleep(150 * time.Millisecond)
	if m := len(tg.deliveries()); m > n+1 {
		t.Errorf("%d more attempts after the connection was deleted", m-n)
	}
}

func TestBackoff(t *testing.T) {
	for n, base := range map[int]time.Duration{1: time.Second, 2: 2 * time.Second, 3: 4 * time.Second, 7: time.Minute, 40: time.Minute} {
		for range 50 {
			if got := Backoff(time.Second, time.Minute, n); got < base/2 || got > base {
				t.Fatalf("backoff(%d) = %v, want within [%v, %v]", n, got, base/2, base)
			}
		}
	}
	now := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	for in, want := range map[string]time.Duration{
		"":             0,
		"3":            3 * time.Second,
		"-1":           0,
		"999999999999": MaxRetryAfter,
		// More seconds than an int holds: as long as may be waited, not
		// no wait at all.
		"99999999999999999999":          MaxRetryAfter,
		"Sun, 22 Nov 2026 10:00:30 GMT": 30 * time.Second,
		"Sun, 22 Nov 2026 09:00:00 GMT": 0,
		"soon":                          0,
	} {
		if got := RetryAfter(in, now); got != want {
			t.Errorf("retryAfter(%q) = %v, want %v", in, got, want)
		}
	}
}

// TestWarningsDoNotRefuse delivers a document whose only problem is a
// rule flagged warning (DK-R-003, a TST classification without its
// version, between Danish parties): it completes, and the record keeps
// the warning with its flag.
func TestWarningsDoNotRefuse(t *testing.T) {
	s, _ := open(t, t.TempDir(), Config{})
	doc := validInvoice(t, "<cbc:Name>Torque wrench</cbc:Name>",
		"<cbc:Name>Torque wrench</cbc:Name>\n      <cac:CommodityClassification><cbc:ItemClassificationCode listID=\"TST\">27120000</cbc:ItemClassificationCode></cac:CommodityClassification>")
	d, _, err := s.Submit(tenantCtx("acme"), doc, "")
	if err != nil {
		t.Fatal(err)
	}
	d = waitFinal(t, s, "acme", d.DocumentID)
	if d.Status != webhook.StatusCompleted || d.ErrorDetail != nil {
		t.Fatalf("final: %+v %+v", d, d.ErrorDetail)
	}
	if len(d.Warnings) != 1 || d.Warnings[0].Code != "DK-R-003" || d.Warnings[0].Flag != "warning" || d.Warnings[0].Location == "" {
		t.Fatalf("warnings %+v", d.Warnings)
	}
}

package api

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/internal/profilecase"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
)

// TestProfileCases runs the worked example of tax profiles (package
// profilecase) through the API on loopback, each tenant by its token:
// every answer is checked as the example says and against the OpenAPI
// document (the exempting certificate on each tax, the assisted
// parameters of the certificates that did not apply and of the product
// codes), and the journal keeps the certificate of the stored invoice.
func TestProfileCases(t *testing.T) {
	store := profile.NewMemory()
	profilecase.Load(t, store)
	j := journal.NewMemory()
	e, err := engine.New(context.Background(), engine.WithProfileStore(store), engine.WithJournal(j),
		engine.WithToday(func() civil.Date { return civil.MustParse("2026-06-01") }))
	if err != nil {
		t.Fatal(err)
	}
	logs := &syncBuffer{}
	s, err := New(e, WithLogger(slog.New(slog.NewJSONHandler(logs, nil))), WithAuthenticator(tokenAuth{}))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(srv.Close)
	h := &harness{t: t, api: s, srv: srv, logs: logs}
	for _, c := range profilecase.Cases() {
		t.Run(c.Name, func(t *testing.T) {
			h.t = t
			a := h.do("POST", "/api/v2/supplies", strings.NewReader(c.Request), "Authorization", "Bearer "+c.Tenant)
			if a.status != 200 {
				t.Fatalf("%d %s", a.status, a.body)
			}
			var body struct{ Data wire.SaleResponse }
			if err := json.Unmarshal(a.body, &body); err != nil {
				t.Fatal(err)
			}
			if err := c.Check(&body.Data); err != nil {
				t.Error(err)
			}
		})
	}
	h.t = t
	tx, err := j.Get(context.Background(), profilecase.Tenant, profilecase.InvoiceID)
	if err != nil {
		t.Fatal(err)
	}
	if err := profilecase.CheckJournal(tx); err != nil {
		t.Error(err)
	}
}

package console_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/api"
	"github.com/levytax/levy/api/console"
	"github.com/levytax/levy/api/journaladmin"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
)

// TestExportThatBrokeOffFailsTheDownload: the console's download of an
// export that broke off (here cut at once by its time limit) does not
// end as an answer, so that a browser, which reads no trailer, fails the
// download instead of saving a part of the journal as the whole; a whole
// export ends well. The route used to end both alike.
func TestExportThatBrokeOffFailsTheDownload(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	a := money.MustParse("100.00")
	tx := &journal.Transaction{TransactionID: "CUT-1", Perspective: "SELLER", MessageType: "INVOICE", DocumentDate: civil.MustParse("2021-03-01"),
		Currency: "USD", SubTotal: a, TotalTax: money.Zero(), Total: a, Lines: []journal.Line{{LineItemID: "1", Amount: a}}}
	if _, err := f.journal.Post(ctx, levy.DefaultTenant, tx); err != nil {
		t.Fatal(err)
	}
	quiet := slog.New(slog.DiscardHandler)
	for _, c := range []struct {
		timeout time.Duration
		whole   bool
	}{{time.Nanosecond, false}, {time.Minute, true}} {
		exp := journaladmin.NewExporter(f.journal, journaladmin.ExportLimits{Timeout: c.timeout}, quiet)
		s, err := api.New(f.engine, append([]api.Option{api.WithLogger(quiet)},
			console.New(f.engine, console.WithJournal(f.journal), console.WithExporter(exp), console.WithLogger(quiet)).Mounts()...)...)
		if err != nil {
			t.Fatal(err)
		}
		srv := httptest.NewServer(s.Handler())
		for _, format := range []string{"csv", "jsonl"} {
			resp, err := http.Get(srv.URL + "/console/api/journal/export?from=2021-03-01&to=2021-03-31&format=" + format)
			if err != nil {
				t.Fatalf("timeout %s, %s: %v", c.timeout, format, err)
			}
			body, err := io.ReadAll(resp.Body)
			resp.Body.Close()
			if c.whole && (err != nil || resp.Trailer.Get(journaladmin.TrailerCount) != "1") {
				t.Errorf("a whole %s export: %v, trailers %v, %d bytes", format, err, resp.Trailer, len(body))
			}
			if !c.whole && (resp.StatusCode != http.StatusOK || err == nil) {
				t.Errorf("a %s export cut by its time limit: %d, ended as a whole answer of %d bytes (trailers %v)", format, resp.StatusCode, len(body), resp.Trailer)
			}
		}
		srv.Close()
	}
}

package einvoicing_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"time"

	"github.com/levytax/levy/api"
	"github.com/levytax/levy/api/einvoicing"
	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/engine"
)

// A single-tenant host mounts the e-invoicing routes beside the API
// (without an authenticator every request is the default tenant's): a
// UBL invoice posted to /einvoicing/v1/documents is accepted 202 as
// Pending, and its record, read again, shows it delivered.
func ExampleNew() {
	ctx := context.Background()
	dir, err := os.MkdirTemp("", "levy-einvoicing-example")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	store, err := badger.OpenEInvoice(ctx, filepath.Join(dir, "einvoice"))
	if err != nil {
		panic(err)
	}
	defer store.Close()
	svc, err := einvoice.New(ctx, store, einvoice.Config{OutboxDir: filepath.Join(dir, "outbox")})
	if err != nil {
		panic(err)
	}
	defer svc.Close()
	e, err := engine.New(ctx)
	if err != nil {
		panic(err)
	}
	s, err := api.New(e, append([]api.Option{api.WithLogger(slog.New(slog.DiscardHandler))}, einvoicing.New(svc).Mounts()...)...)
	if err != nil {
		panic(err)
	}
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()

	invoice, err := os.ReadFile("../../einvoice/ubl/testdata/invoice.xml")
	if err != nil {
		panic(err)
	}
	var doc struct{ Data einvoice.Document }
	read := func(resp *http.Response, err error) int {
		if err != nil {
			panic(err)
		}
		defer resp.Body.Close()
		if err := json.NewDecoder(resp.Body).Decode(&doc); err != nil {
			panic(err)
		}
		return resp.StatusCode
	}
	status := read(srv.Client().Post(srv.URL+"/einvoicing/v1/documents", "application/xml", bytes.NewReader(invoice)))
	fmt.Println(status, doc.Data.DocumentNumber, doc.Data.Status)
	// A client polls the record, or listens on a webhook connection.
	for tries := 0; !einvoice.Final(doc.Data.Status) && tries < 500; tries++ {
		time.Sleep(10 * time.Millisecond)
		status = read(srv.Client().Get(srv.URL + "/einvoicing/v1/documents/" + doc.Data.DocumentID))
	}
	fmt.Println(status, doc.Data.DocumentNumber, doc.Data.Status, doc.Data.PayableAmount, doc.Data.Currency)
	// Output:
	// 202 VRB-2025-00417 Pending
	// 200 VRB-2025-00417 Completed 290.30 EUR
}

package client_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/api"
	"github.com/levytax/levy/api/client"
	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/wire"
)

// setup returns an engine and a client of a server over the same engine
// on loopback.
func setup(t *testing.T) (*engine.Engine, *client.Client) {
	t.Helper()
	ctx := context.Background()
	store, err := badger.OpenJournal(ctx, filepath.Join(t.TempDir(), "journal"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	e, err := engine.New(ctx, engine.WithJournal(store), engine.WithToday(func() civil.Date { return civil.MustParse("2026-06-01") }))
	if err != nil {
		t.Fatal(err)
	}
	s, err := api.New(e)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(srv.Close)
	c, err := client.New(srv.URL+"/api/v2", client.WithHTTPClient(srv.Client()), client.WithStaticToken("unused-by-an-open-server"))
	if err != nil {
		t.Fatal(err)
	}
	return e, c
}

func sameJSON(t *testing.T, what string, local, remote any) {
	t.Helper()
	a, _ := json.Marshal(local)
	b, _ := json.Marshal(remote)
	if string(a) != string(b) {
		t.Errorf("%s: in-process and remote differ:\n%s\n%s", what, a, b)
	}
}

// TestSameAnswers runs every golden request in-process and through the
// client and expects the same responses: a host can switch between them.
func TestSameAnswers(t *testing.T) {
	e, c := setup(t)
	files, _ := filepath.Glob("../../engine/testdata/golden/*.request.json")
	if len(files) == 0 {
		t.Fatal("no golden requests")
	}
	for _, f := range files {
		body, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		name := strings.TrimSuffix(filepath.Base(f), ".request.json")
		switch {
		case strings.HasPrefix(name, "sale-"):
			sameAnswer(t, name, body, e.Sale, c.Sale)
		case strings.HasPrefix(name, "purchase-"):
			sameAnswer(t, name, body, e.Purchase, c.Purchase)
		case strings.HasPrefix(name, "owner-"):
			sameAnswer(t, name, body, e.Owner, c.Owner)
		}
	}
}

// sameAnswer decodes body twice, calculates it with local and with
// remote, and compares the answers but for the transaction IDs, which
// the two sides generate for stored kinds.
func sameAnswer[Req, Resp any](t *testing.T, name string, body []byte, local, remote func(context.Context, *Req) (*Resp, error)) {
	t.Helper()
	var r1, r2 Req
	if err := json.Unmarshal(body, &r1); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(body, &r2); err != nil {
		t.Fatal(err)
	}
	a, err1 := local(context.Background(), &r1)
	b, err2 := remote(context.Background(), &r2)
	if err1 != nil || err2 != nil {
		t.Fatalf("%s: %v / %v", name, err1, err2)
	}
	sameJSON(t, name, withoutID(t, a), withoutID(t, b))
}

// withoutID returns v as a JSON object without its transactionId.
func withoutID(t *testing.T, v any) map[string]any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	delete(m, "transactionId")
	return m
}

// TestSameErrors expects the same codes and fields from both sides.
func TestSameErrors(t *testing.T) {
	e, c := setup(t)
	ctx := context.Background()
	bad := func() *wire.SaleRequest {
		return &wire.SaleRequest{SaleMessageType: "ESTIMATE", TransactionType: "SALE", DocumentNumber: strings.Repeat("9", 51)}
	}
	_, err1 := e.Sale(ctx, bad())
	_, err2 := c.Sale(ctx, bad())
	fields := func(err error) []string {
		var out []string
		var list levy.Errors
		var one *levy.Error
		switch {
		case errors.As(err, &list):
			for _, x := range list {
				out = append(out, x.Code+" "+x.Field)
			}
		case errors.As(err, &one):
			out = append(out, one.Code+" "+one.Field)
		}
		return out
	}
	if f1, f2 := fields(err1), fields(err2); len(f1) < 2 || !reflect.DeepEqual(f1, f2) {
		t.Fatalf("in-process %v, remote %v", f1, f2)
	}
	for _, calc := range []wire.Calculator{e, c} {
		if err := calc.DeleteTransaction(ctx, "no-such"); levy.ErrorCode(err) != levy.ENotFound {
			t.Errorf("%T delete unknown: %v", calc, err)
		}
		if _, err := calc.TransactionExists(ctx, strings.Repeat("x", 41)); levy.ErrorCode(err) != levy.EInvalid {
			t.Errorf("%T long ID: %v", calc, err)
		}
	}
	var lookups []wire.Lookups = []wire.Lookups{e.Resolver(), c}
	for _, l := range lookups {
		_, err := l.LookupCoordinates(ctx, wire.CoordinatesLookupRequest{Coordinates: &wire.Coordinates{Latitude: 91}})
		var le *levy.Error
		if !errors.As(err, &le) || le.Field != "coordinates.latitude" {
			t.Errorf("%T latitude 91: %v", l, err)
		}
	}
	if _, err := client.New("ftp://example.com"); err == nil {
		t.Error("a non-HTTP base URL was accepted")
	}
	dead, _ := client.New("http://127.0.0.1:1/api/v2")
	if _, err := dead.TransactionExists(ctx, "x"); err == nil || levy.ErrorCode(err) != levy.EUnavailable {
		t.Errorf("unreachable server: %v", err)
	}
}

func TestTransactionsAndLookups(t *testing.T) {
	e, c := setup(t)
	ctx := context.Background()
	var req wire.SaleRequest
	body, _ := os.ReadFile("../../engine/testdata/sale_invoice.json")
	if err := json.Unmarshal(body, &req); err != nil {
		t.Fatal(err)
	}
	req.TransactionID = "client-1"
	if _, err := c.Sale(ctx, &req); err != nil {
		t.Fatal(err)
	}
	if ok, err := c.TransactionExists(ctx, "client-1"); err != nil || !ok {
		t.Fatalf("exists: %v %v", ok, err)
	}
	rev, err := c.ReverseTransaction(ctx, "client-1", wire.ReversalRequest{TransactionID: "client-1-r"})
	if err != nil || rev.TransactionID != "client-1-r" {
		t.Fatalf("reversal: %+v %v", rev, err)
	}
	if _, err := c.RollbackTransaction(ctx, "client-1"); levy.ErrorCode(err) != levy.EConflict {
		t.Fatalf("rollback without a sync: %v", err)
	}
	if err := c.DeleteTransaction(ctx, "client-1-r"); err != nil {
		t.Fatal(err)
	}
	if ok, err := e.TransactionExists(ctx, "client-1-r"); err != nil || ok {
		t.Fatalf("after a remote delete, in-process exists = %v %v", ok, err)
	}

	addr := wire.AddressLookupRequest{PostalAddress: wire.PostalAddress{StreetAddress1: "350 5th Ave", City: "New York",
		MainDivision: "NY", PostalCode: "10118"}, AsOfDate: civil.MustParse("2026-06-01")}
	a1, err1 := e.Resolver().LookupAddress(ctx, addr)
	a2, err2 := c.LookupAddress(ctx, addr)
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	sameJSON(t, "address", a1, a2)
	day := civil.MustParse("2026-10-01")
	ids1, _ := e.Resolver().ChangedTaxAreas(ctx, day, day)
	ids2, err := c.ChangedTaxAreas(ctx, day, day)
	if err != nil || len(ids2) == 0 {
		t.Fatal(err)
	}
	sameJSON(t, "changed", ids1, ids2)
	if ch, err := c.TaxAreaChanged(ctx, ids2[0], day, day); err != nil || !ch {
		t.Fatalf("changed %v %v", ch, err)
	}
	searches := []wire.Search{{LookupID: "1", TaxAreaID: &wire.TaxAreaIDLookupRequest{TaxAreaID: a1.LookupResults[0].TaxAreaID}},
		{LookupID: "2", Coordinates: &wire.CoordinatesLookupRequest{Coordinates: &wire.Coordinates{Latitude: 48.85837, Longitude: 2.294481}}},
		{LookupID: "3", External: &wire.ExternalJurisdictionLookupRequest{ExternalJurisdictionCode: "06037", Country: "US"}}}
	f1, _ := e.Resolver().Find(ctx, searches)
	f2, err := c.Find(ctx, searches)
	if err != nil {
		t.Fatal(err)
	}
	sameJSON(t, "find", f1, f2)
}

package postgres

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/pgtest"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
)

// nodes opens n DBs over one new schema, as n levy serve nodes would,
// each with a pool of its own.
func nodes(t *testing.T, n int) []*DB {
	t.Helper()
	schema := fmt.Sprintf("n%d_%d", os.Getpid(), schemas.Add(1))
	out := make([]*DB, n)
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range out {
		wg.Go(func() {
			// The nodes start together: the migration runs once.
			out[i], errs[i] = Open(context.Background(), pgtest.AdminURL(t), WithSchema(schema))
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("node %d: %v", i, err)
		}
		t.Cleanup(func() { out[i].Close() })
	}
	return out
}

func posting(id, doc string) *journal.Transaction {
	d := civil.MustParse("2026-03-14")
	net, tax := money.MustParse("100.00"), money.MustParse("7.25")
	return &journal.Transaction{
		TransactionID: id, Perspective: "SELLER", MessageType: "INVOICE", DocumentNumber: doc,
		DocumentDate: d, PostingDate: d, Currency: "USD", SubTotal: net, TotalTax: tax, Total: net.Add(tax),
		Lines: []journal.Line{{LineItemID: "1", Amount: net, TotalTax: tax, Taxes: []journal.Tax{{JurisdictionID: "US-CA", Taxable: net, Tax: tax}}}},
	}
}

// TestSameIDOnSeveralNodes posts one transaction ID from three nodes at
// once: every post is a version of its own, numbered without a gap, and
// none is lost.
func TestSameIDOnSeveralNodes(t *testing.T) {
	ctx := context.Background()
	dbs := nodes(t, 3)
	const each = 12
	var wg sync.WaitGroup
	errs := make(chan error, 3*each)
	for n, db := range dbs {
		s := db.Journal()
		for i := range each {
			wg.Go(func() {
				if _, err := s.Post(ctx, "acme", posting("SAME", fmt.Sprintf("N%d-%02d", n, i))); err != nil {
					errs <- err
				}
			})
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	vs, err := dbs[0].Journal().Versions(ctx, "acme", "SAME")
	if err != nil {
		t.Fatal(err)
	}
	if len(vs) != 3*each {
		t.Fatalf("%d versions after %d posts", len(vs), 3*each)
	}
	seen := map[string]bool{}
	for i, v := range vs {
		if v.Version != i+1 || seen[v.DocumentNumber] {
			t.Fatalf("version %d is numbered %d, document %s (seen before: %v)", i+1, v.Version, v.DocumentNumber, seen[v.DocumentNumber])
		}
		seen[v.DocumentNumber] = true
	}
}

// TestNewerSchemaRefused: a database migrated by a newer Levy is refused
// with a message that names both versions.
func TestNewerSchemaRefused(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	if _, err := db.pool.Exec(ctx, "UPDATE levy_schema SET version = version + 1"); err != nil {
		t.Fatal(err)
	}
	schema := db.pool.Config().ConnConfig.RuntimeParams["search_path"]
	_, err := Open(ctx, pgtest.AdminURL(t), WithSchema(strings.Trim(schema, `"`)))
	want := fmt.Sprintf("version %d, newer than version %d", SchemaVersion()+1, SchemaVersion())
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("Open of a newer schema: %v, want an error saying %q", err, want)
	}
}

// TestReopenKeepsSchema: a second Open of a migrated database migrates
// nothing and sees the data.
func TestReopenKeepsSchema(t *testing.T) {
	ctx := context.Background()
	dbs := nodes(t, 1)
	if _, err := dbs[0].Journal().Post(ctx, "acme", posting("INV-1", "D")); err != nil {
		t.Fatal(err)
	}
	schema := strings.Trim(dbs[0].pool.Config().ConnConfig.RuntimeParams["search_path"], `"`)
	again, err := Open(ctx, pgtest.AdminURL(t), WithSchema(schema))
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	if ok, err := again.Journal().Exists(ctx, "acme", "INV-1"); !ok || err != nil {
		t.Fatalf("after reopening: exists %v, %v", ok, err)
	}
	var n int
	if err := again.pool.QueryRow(ctx, "SELECT count(*) FROM levy_schema").Scan(&n); err != nil || n != 1 {
		t.Fatalf("levy_schema has %d rows (%v), want 1", n, err)
	}
}

// TestUnreachableIsUnavailable: a database that cannot be reached
// answers EUnavailable (503 over HTTP), from Open, from a store whose
// pool is closed, and from CheckWrite.
func TestUnreachableIsUnavailable(t *testing.T) {
	ctx := context.Background()
	_, err := Open(ctx, "postgres://levy:secret@/levy?host=/nonexistent-levy-socket-dir&connect_timeout=2")
	if levy.ErrorCode(err) != levy.EUnavailable {
		t.Errorf("Open of a database that is not there: %v, want unavailable", err)
	}
	if err != nil && strings.Contains(err.Error(), "secret") {
		t.Errorf("the error repeats the password: %v", err)
	}
	db := openTest(t)
	s := db.Journal()
	db.Close()
	if _, err := s.Post(ctx, "acme", posting("INV-1", "D")); levy.ErrorCode(err) != levy.EUnavailable {
		t.Errorf("Post after the pool closed: %v, want unavailable", err)
	}
	if err := db.CheckWrite(ctx); levy.ErrorCode(err) != levy.EUnavailable {
		t.Errorf("CheckWrite after the pool closed: %v, want unavailable", err)
	}
}

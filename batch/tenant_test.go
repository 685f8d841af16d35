package batch_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/batch"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/wire"
)

// tenantInvoice is one invoice body under the transaction ID id, on one
// line.
func tenantInvoice(id string) string {
	return `{"saleMessageType":"INVOICE","transactionType":"SALE","transactionId":"` + id + `","documentDate":"2026-06-01",` +
		`"seller":{"physicalOrigin":{"postalCode":"98101","country":"US"}},"customer":{"destination":{"postalCode":"10118","country":"US"}},` +
		`"lineItems":[{"extendedPrice":100}]}` + "\n"
}

// tenantsOf returns those of tenants under which j holds id.
func tenantsOf(t *testing.T, j journal.Store, id string, tenants ...string) []string {
	t.Helper()
	var out []string
	for _, tenant := range tenants {
		ok, err := j.Exists(context.Background(), tenant, id)
		if levy.ErrorCode(err) == levy.EInvalid {
			continue // a tenant the journal keeps nothing under
		}
		if err != nil {
			t.Fatalf("exists %s for %q: %v", id, tenant, err)
		}
		if ok {
			out = append(out, tenant)
		}
	}
	return out
}

// TestConfigRefusesBadTenant: a Config.Tenant that no credential may
// carry (levy.CheckTenant: a space at an end, a control character, more
// than 200 bytes) is refused by Run, OpenFile and Sales with the
// invalid-input error naming "Tenant", before anything is read, written
// or stored. Run stored every invoice under " acme" or "acme\x01", which
// no caller of the API can ever read, and a tenant too long for the
// journal failed every document on its own, with an error record each
// and exit status 1, instead of the run.
func TestConfigRefusesBadTenant(t *testing.T) {
	e := newEngine(t)
	ctx := context.Background()
	for _, tenant := range []string{" acme", "acme ", "acme\x01", strings.Repeat("t", levy.MaxTenantLength+1), "ac\u202eme"} {
		store := journal.NewMemory()
		cfg := batch.Config{Engine: e, Perspective: batch.Sale, Journal: store, Tenant: tenant}
		check := func(what string, err error) {
			t.Helper()
			var le *levy.Error
			if !errors.As(err, &le) || le.Code != levy.EInvalid || le.Field != "Tenant" {
				t.Errorf("%s with tenant %q: error %v, want %s about %q", what, tenant, err, levy.EInvalid, "Tenant")
			}
		}
		var out bytes.Buffer
		sum, err := batch.Run(ctx, cfg, strings.NewReader(tenantInvoice("T-1")), &out)
		check("Run", err)
		if out.Len() != 0 || sum.Documents != 0 {
			t.Errorf("Run with tenant %q answered %d documents: %.200q", tenant, sum.Documents, out.String())
		}
		if got := tenantsOf(t, store, "T-1", slices.Compact([]string{tenant, strings.TrimSpace(tenant)})...); len(got) > 0 {
			t.Errorf("Run with tenant %q stored T-1 under %q", tenant, got)
		}
		path := filepath.Join(t.TempDir(), "out.jsonl")
		_, err = batch.OpenFile(ctx, cfg, path, false)
		check("OpenFile", err)
		if _, serr := os.Stat(path); serr == nil {
			t.Errorf("OpenFile with tenant %q created its output", tenant)
		}
		n := 0
		reqs := func(yield func(*wire.SaleRequest) bool) { t.Errorf("Sales with tenant %q read its requests", tenant) }
		for _, err := range batch.Sales(ctx, cfg, reqs) {
			n++
			check("Sales", err)
		}
		if n != 1 {
			t.Errorf("Sales with tenant %q yielded %d results, want 1", tenant, n)
		}
	}
}

// TestTenantFromContext: a run whose Config names no tenant calculates
// and stores for the tenant its context carries (levy.WithTenant), as
// the engine's own calls do; a Config.Tenant wins over it, and a
// context with none is levy.DefaultTenant's. A host's job for tenant
// "acme" stored its documents under "default", where neither acme's
// tax profile applied nor acme's callers could read them.
func TestTenantFromContext(t *testing.T) {
	e := newEngine(t)
	all := []string{"acme", "other", levy.DefaultTenant}
	for _, c := range []struct {
		ctx    context.Context
		tenant string // Config.Tenant
		want   string
	}{
		{levy.WithTenant(context.Background(), "acme"), "", "acme"},
		{levy.WithTenant(context.Background(), "acme"), "other", "other"},
		{context.Background(), "", levy.DefaultTenant},
	} {
		// Run.
		store := journal.NewMemory()
		cfg := batch.Config{Engine: e, Perspective: batch.Sale, Journal: store, Tenant: c.tenant}
		if _, err := batch.Run(c.ctx, cfg, strings.NewReader(tenantInvoice("T-1")), &bytes.Buffer{}); err != nil {
			t.Fatal(err)
		}
		if got := tenantsOf(t, store, "T-1", all...); !slices.Equal(got, []string{c.want}) {
			t.Errorf("Run, context tenant %q, Config.Tenant %q: stored under %q, want %q", levy.Tenant(c.ctx), c.tenant, got, c.want)
		}

		// A File of T-1, resumed under the same context with T-2 after
		// it: the checkpoint's tenant is the context's, and the resumed
		// run goes on with it.
		store = journal.NewMemory()
		cfg.Journal = store
		path := filepath.Join(t.TempDir(), "out.jsonl")
		in := tenantInvoice("T-1") + tenantInvoice("T-2")
		f, err := batch.OpenFile(c.ctx, cfg, path, false)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.Run(c.ctx, strings.NewReader(tenantInvoice("T-1"))); err != nil {
			t.Fatal(err)
		}
		if f, err = batch.OpenFile(c.ctx, cfg, path, true); err != nil {
			t.Fatalf("resume, context tenant %q, Config.Tenant %q: %v", levy.Tenant(c.ctx), c.tenant, err)
		}
		if _, err := f.Run(c.ctx, strings.NewReader(in)); err != nil {
			t.Fatal(err)
		}
		for _, id := range []string{"T-1", "T-2"} {
			if got := tenantsOf(t, store, id, all...); !slices.Equal(got, []string{c.want}) {
				t.Errorf("File, context tenant %q, Config.Tenant %q: %s stored under %q, want %q", levy.Tenant(c.ctx), c.tenant, id, got, c.want)
			}
		}

		// Sales.
		store = journal.NewMemory()
		cfg.Journal = store
		reqs := func(yield func(*wire.SaleRequest) bool) { yield(saleInvoice(t, 1)) }
		var id string
		for r, err := range batch.Sales(c.ctx, cfg, reqs) {
			if err != nil {
				t.Fatal(err)
			}
			if r.Err != nil {
				t.Fatal(r.Err)
			}
			id = r.Response.TransactionID
		}
		if got := tenantsOf(t, store, id, all...); !slices.Equal(got, []string{c.want}) {
			t.Errorf("Sales, context tenant %q, Config.Tenant %q: stored under %q, want %q", levy.Tenant(c.ctx), c.tenant, got, c.want)
		}
	}
}

package engine

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/profilecase"
	"github.com/levytax/levy/internal/requesttest"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
)

// scaledRequest returns body, a request's JSON, with n copies of its
// lines and the members of set over those it has (requesttest.Scale).
func scaledRequest(t testing.TB, body []byte, n int, set map[string]any) []byte {
	t.Helper()
	out, err := requesttest.Scale(body, n, set)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// loadDoc is one request of TestEveryAnswerUnderLoad calculated in each
// way: each function returns a function that encodes what it handed
// over, to be called at once and again after the load.
type loadDoc struct {
	name, tenant string
	// kept is Sale, Purchase or Owner; explained their Explain method
	// (the response and the explanation); prepared their Prepare method
	// (the response and the transaction).
	kept, explained, prepared func(context.Context, *Engine) (func() string, error)
	// lent is SaleWith, PurchaseWith or OwnerWith, encoding the response
	// inside the function.
	lent func(context.Context, *Engine) (string, error)
}

// appended is the JSON of a response as its own AppendJSON writes it.
func appended(t testing.TB, resp any) string {
	b, err := resp.(interface{ AppendJSON([]byte) ([]byte, error) }).AppendJSON(nil)
	if err != nil {
		t.Error(err)
	}
	return string(b)
}

// loadDocOf is the loadDoc of body, a request of type Q, by the methods
// of one perspective.
func loadDocOf[Q, S any](t testing.TB, name, tenant string, body []byte,
	kept func(*Engine, context.Context, *Q) (*S, error),
	lent func(*Engine, context.Context, *Q, func(*S) error) error,
	explained func(*Engine, context.Context, *Q) (*S, wire.Explanation, error),
	prepared func(*Engine, context.Context, *Q) (*S, *journal.Transaction, error)) *loadDoc {
	req := new(Q)
	if err := json.Unmarshal(body, req); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return &loadDoc{name: name, tenant: tenant,
		kept: func(ctx context.Context, e *Engine) (func() string, error) {
			r, err := kept(e, ctx, req)
			return func() string { return appended(t, r) }, err
		},
		explained: func(ctx context.Context, e *Engine) (func() string, error) {
			r, ex, err := explained(e, ctx, req)
			return func() string { return appended(t, r) + mustJSON(t, ex) }, err
		},
		prepared: func(ctx context.Context, e *Engine) (func() string, error) {
			r, tx, err := prepared(e, ctx, req)
			return func() string { return appended(t, r) + mustJSON(t, tx) }, err
		},
		lent: func(ctx context.Context, e *Engine) (string, error) {
			var got string
			err := lent(e, ctx, req, func(r *S) error { got = appended(t, r); return nil })
			return got, err
		}}
}

// loadDocs are the golden requests of every perspective, one copy each;
// the profile example's requests of its two tenants (stored certificates,
// refusals said in assisted parameters, codes mapped, registrations);
// and, not posted so that they lend, larger documents of many taxes a
// line: a Brazilian document of 1,100 copies (over the bound of a
// pooled block), communications lines with their fees, members not
// acted on, and a profile's mapped code on 1,100 lines. Each request has
// a transaction ID of its own, so that Prepare generates none.
func loadDocs(t *testing.T) []*loadDoc {
	t.Helper()
	type source struct {
		file, tenant string
		n            int
	}
	var sources []source
	golden, _ := filepath.Glob("testdata/golden/*.request.json")
	for _, f := range golden {
		sources = append(sources, source{f, levy.DefaultTenant, 1})
	}
	profiles, _ := filepath.Glob("testdata/profile/*.request.json")
	for _, f := range profiles {
		sources = append(sources, source{f, profilecase.Tenant, 1})
	}
	sources = append(sources,
		source{"testdata/golden/sale-br-sp-to-ba-non-contributor-difal-fcp.request.json", levy.DefaultTenant, 1100},
		source{"testdata/golden/sale-us-al-communications.request.json", levy.DefaultTenant, 300},
		source{"testdata/golden/sale-not-acted-on.request.json", levy.DefaultTenant, 300},
		source{"testdata/profile/sale-us-ca-saas-by-sku.request.json", profilecase.Tenant, 1100},
		source{"testdata/profile/sale-us-ca-saas-by-sku.request.json", profilecase.Other, 40},
	)
	if len(golden) == 0 || len(profiles) == 0 {
		t.Fatal("no golden requests")
	}
	var out []*loadDoc
	for i, s := range sources {
		raw, err := os.ReadFile(s.file)
		if err != nil {
			t.Fatal(err)
		}
		set := map[string]any{"transactionId": "LOAD-" + strconv.Itoa(i)}
		if s.n > 1 {
			set["postToJournal"] = false
		}
		body := scaledRequest(t, raw, s.n, set)
		name := strings.TrimSuffix(filepath.Base(s.file), ".request.json") + "-" + s.tenant + "-" + strconv.Itoa(s.n)
		switch {
		case strings.HasPrefix(filepath.Base(s.file), "sale-"):
			out = append(out, loadDocOf(t, name, s.tenant, body, (*Engine).Sale, (*Engine).SaleWith, (*Engine).ExplainSale, (*Engine).PrepareSale))
		case strings.HasPrefix(filepath.Base(s.file), "purchase-"):
			out = append(out, loadDocOf(t, name, s.tenant, body, (*Engine).Purchase, (*Engine).PurchaseWith, (*Engine).ExplainPurchase, (*Engine).PreparePurchase))
		case strings.HasPrefix(filepath.Base(s.file), "owner-"):
			out = append(out, loadDocOf(t, name, s.tenant, body, (*Engine).Owner, (*Engine).OwnerWith, (*Engine).ExplainOwner, (*Engine).PrepareOwner))
		}
	}
	return out
}

// TestEveryAnswerUnderLoad calculates the documents of loadDocs in every
// way (lent, kept, explained, prepared) from several goroutines at once
// on one engine that applies two tenants' profiles and has a journal (go
// test -race): every answer is the one an engine of the same profiles
// gave the same request alone, and every response, explanation and
// transaction that was handed over to keep is still that answer once
// the load has ended, though the lent documents carved their taxes from
// blocks that others handed back and every calculation reused the
// pooled scratch of another.
func TestEveryAnswerUnderLoad(t *testing.T) {
	store := profile.NewMemory()
	profilecase.Load(t, store)
	docs := loadDocs(t)
	type answers struct{ kept, explained, prepared string }
	want := make([]answers, len(docs))
	alone, _ := profileEngine(t, store)
	for i, d := range docs {
		ctx := levy.WithTenant(context.Background(), d.tenant)
		for _, w := range []struct {
			calc func(context.Context, *Engine) (func() string, error)
			into *string
		}{{d.kept, &want[i].kept}, {d.explained, &want[i].explained}, {d.prepared, &want[i].prepared}} {
			enc, err := w.calc(ctx, alone)
			if err != nil {
				t.Fatalf("%s alone: %v", d.name, err)
			}
			*w.into = enc()
		}
	}
	e, _ := profileEngine(t, store)
	type handed struct {
		doc  int
		way  string
		enc  func() string
		want string
	}
	var mu sync.Mutex
	var held []handed
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(g), 17))
			for range len(docs) {
				i := rng.IntN(len(docs))
				d := docs[i]
				ctx := levy.WithTenant(context.Background(), d.tenant)
				var calc func(context.Context, *Engine) (func() string, error)
				var way, w string
				switch rng.IntN(5) {
				case 0:
					calc, way, w = d.kept, "kept", want[i].kept
				case 1:
					calc, way, w = d.explained, "explained", want[i].explained
				case 2:
					calc, way, w = d.prepared, "prepared", want[i].prepared
				default:
					got, err := d.lent(ctx, e)
					if err != nil {
						t.Errorf("%s lent: %v", d.name, err)
					} else if got != want[i].kept {
						t.Errorf("%s lent under load:\n%.3000s\nalone:\n%.3000s", d.name, got, want[i].kept)
					}
					continue
				}
				enc, err := calc(ctx, e)
				if err != nil {
					t.Errorf("%s %s: %v", d.name, way, err)
					continue
				}
				if got := enc(); got != w {
					t.Errorf("%s %s under load:\n%.3000s\nalone:\n%.3000s", d.name, way, got, w)
				}
				mu.Lock()
				held = append(held, handed{i, way, enc, w})
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if len(held) == 0 {
		t.Fatal("nothing was handed over to keep")
	}
	for _, h := range held {
		if got := h.enc(); got != h.want {
			t.Errorf("%s %s: changed after the load:\n%.3000s\nwhen handed over:\n%.3000s", docs[h.doc].name, h.way, got, h.want)
		}
	}
}

// TestPooledMemoryIsBounded calculates documents of a mix of sizes, up
// to wire.MaxLines, lent and kept, and measures the heap that the
// engine's pools keep (runtime.ReadMemStats: after one collection, which
// leaves pooled values in place, less after three, which drop them): it
// is at most the blocks of one scratch and one loan (pool.go's six, lend
// go's two, each bounded by maxPooledBytes): 4 to 12 MiB in runs on the
// two-core host. With the bounds of reuse, refit and reclaim taken out
// they kept 121.9 MiB, in one run.
func TestPooledMemoryIsBounded(t *testing.T) {
	e, err := New(context.Background(), WithToday(func() civil.Date { return civil.MustParse("2026-06-01") }))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	sizes := []int{1, wire.MaxLines, 100, 900, 2000, 50, 1000, 3000, 10, 990, 1001, 5000, 7}
	reqs := make([]*wire.SaleRequest, len(sizes))
	for i, n := range sizes {
		reqs[i] = benchQuotation(n)
	}
	var m runtime.MemStats
	heap := func(collections int) int64 {
		for range collections {
			runtime.GC()
		}
		runtime.ReadMemStats(&m)
		return int64(m.HeapAlloc)
	}
	mix := func() {
		for _, req := range reqs {
			if err := e.SaleWith(ctx, req, func(*wire.SaleResponse) error { return nil }); err != nil {
				t.Fatal(err)
			}
			if _, err := e.Sale(ctx, req); err != nil {
				t.Fatal(err)
			}
		}
	}
	// A first round loads what the engine loads on first use, and the
	// collections after it drop what its making left.
	mix()
	heap(3)
	mix()
	mix()
	pooled := heap(1) - heap(3)
	limit := int64(8 * maxPooledBytes)
	t.Logf("the pools keep %.1f MiB (at most %.1f MiB)", float64(pooled)/(1<<20), float64(limit)/(1<<20))
	if pooled > limit {
		t.Errorf("the pools keep %d bytes after documents of up to %d lines, over %d", pooled, wire.MaxLines, limit)
	}
	// The engine stays in use: a pool is reachable from the runtime
	// until it has been empty for two collections, and through it the
	// snapshot it is a member of, which the second collection would
	// otherwise count as pooled.
	runtime.KeepAlive(e)
	runtime.KeepAlive(reqs)
}

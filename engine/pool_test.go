package engine

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/rules"
	"github.com/levytax/levy/wire"
)

// goldenCalc is one golden request, ready to be calculated.
type goldenCalc struct {
	name string
	run  func(*Engine) (any, error)
}

// goldenDoc is a request under testdata/golden, decoded as the type
// its name's perspective says: *wire.SaleRequest (sale-*),
// *wire.PurchaseRequest (purchase-*) or *wire.OwnerRequest (owner-*).
type goldenDoc struct {
	name string
	req  any
}

// goldenRequests decodes every golden request, in name order.
func goldenRequests(t *testing.T) []goldenDoc {
	t.Helper()
	files, err := filepath.Glob("testdata/golden/*.request.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden requests: %v", err)
	}
	var out []goldenDoc
	for _, f := range files {
		body, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		name := strings.TrimSuffix(filepath.Base(f), ".request.json")
		var req any
		switch {
		case strings.HasPrefix(name, "sale-"):
			req = new(wire.SaleRequest)
		case strings.HasPrefix(name, "purchase-"):
			req = new(wire.PurchaseRequest)
		case strings.HasPrefix(name, "owner-"):
			req = new(wire.OwnerRequest)
		default:
			continue
		}
		mustDecode(t, body, req)
		out = append(out, goldenDoc{name, req})
	}
	return out
}

func goldenCalcs(t *testing.T) []goldenCalc {
	t.Helper()
	ctx := context.Background()
	var out []goldenCalc
	for _, g := range goldenRequests(t) {
		switch req := g.req.(type) {
		case *wire.SaleRequest:
			out = append(out, goldenCalc{g.name, func(e *Engine) (any, error) { return e.Sale(ctx, req) }})
		case *wire.PurchaseRequest:
			out = append(out, goldenCalc{g.name, func(e *Engine) (any, error) { return e.Purchase(ctx, req) }})
		case *wire.OwnerRequest:
			out = append(out, goldenCalc{g.name, func(e *Engine) (any, error) { return e.Owner(ctx, req) }})
		}
	}
	// A request that fails while building its lines, and a valid one.
	bad := usSale("200 N Spring St", "Los Angeles", "CA", "90012", "GENERAL", "10.00")
	bad.Customer.Destination = &wire.Location{TaxAreaID: "999999999"}
	out = append(out, goldenCalc{"bad-location", func(e *Engine) (any, error) { return e.Sale(context.Background(), bad) }},
		goldenCalc{"quotation-7", func(e *Engine) (any, error) { return e.Sale(context.Background(), benchQuotation(7)) }})
	return out
}

func mustJSON(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestScratchReuse checks that calculations that reuse pooled state give
// the results of a fresh engine, in any order and after failures, and
// that a response does not change when later calculations run: nothing
// it holds is reused.
func TestScratchReuse(t *testing.T) {
	calcs := goldenCalcs(t)
	e, err := New(context.Background(), WithToday(func() civil.Date { return civil.MustParse("2026-06-01") }))
	if err != nil {
		t.Fatal(err)
	}
	type result struct {
		resp any
		text string
	}
	want := map[string]string{}
	first := map[string]result{}
	for _, c := range calcs {
		resp, err := c.run(e)
		if err != nil {
			want[c.name] = "error: " + err.Error()
			continue
		}
		want[c.name] = mustJSON(t, resp)
		first[c.name] = result{resp, want[c.name]}
	}
	if !strings.HasPrefix(want["bad-location"], "error: ") {
		t.Fatalf("bad-location: want an error, got %s", want["bad-location"])
	}
	backward := slices.Clone(calcs)
	slices.Reverse(backward)
	for round, order := range [][]goldenCalc{backward, calcs, backward} {
		for _, c := range order {
			resp, err := c.run(e)
			got := "error: "
			if err != nil {
				got += err.Error()
			} else {
				got = mustJSON(t, resp)
			}
			if got != want[c.name] {
				t.Errorf("round %d, %s: got\n%s\nwant\n%s", round, c.name, got, want[c.name])
			}
		}
	}
	for name, r := range first {
		if got := mustJSON(t, r.resp); got != r.text {
			t.Errorf("%s: the response changed after later calculations:\n%s\nwas\n%s", name, got, r.text)
		}
	}
}

// TestConcurrentScratch runs the golden calculations from several
// goroutines at once (go test -race).
func TestConcurrentScratch(t *testing.T) {
	calcs := goldenCalcs(t)
	e := testEngine(t)
	want := map[string]string{}
	for _, c := range calcs {
		resp, err := c.run(e)
		if err == nil {
			want[c.name] = mustJSON(t, resp)
		}
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range 3 * len(calcs) {
				c := calcs[(i*(g+1))%len(calcs)]
				resp, err := c.run(e)
				if err != nil {
					if _, ok := want[c.name]; ok {
						t.Errorf("%s: %v", c.name, err)
					}
					continue
				}
				if got := mustJSON(t, resp); got != want[c.name] {
					t.Errorf("%s: got\n%s\nwant\n%s", c.name, got, want[c.name])
				}
			}
		})
	}
	wg.Wait()
}

func TestDecisionCache(t *testing.T) {
	var c decisionCache
	r1, r2 := &rules.Rule{ID: "one"}, &rules.Rule{ID: "two"}
	key := func(id string) *decisionKey {
		return &decisionKey{env: rules.Env{JurisdictionID: id, Tax: "Sales and Use Tax"}, date: civil.MustParse("2026-06-01")}
	}
	// The hash of a key: its ID's first letter, so that "c" and "c2"
	// share one.
	hash := func(k *decisionKey) uint64 { return uint64(k.env.JurisdictionID[0]) }
	load := func(k *decisionKey) (*decided, bool) {
		dd := c.load(hash(k), &k.env, k.date)
		return dd, dd != nil
	}
	if _, ok := load(key("a")); ok {
		t.Fatal("found a decision in an empty cache")
	}
	c.store(hash(key("a")), &decided{key: *key("a"), rule: r1})
	c.store(hash(key("b")), &decided{key: *key("b"), rule: r2})
	// Enough lookups to merge the new decisions into the read map, and
	// more to read them there.
	for i := range 10 {
		for _, k := range []struct {
			id   string
			want *rules.Rule
		}{{"a", r1}, {"b", r2}} {
			dd, ok := load(key(k.id))
			if !ok || dd.rule != k.want {
				t.Fatalf("lookup %d of %s: got %v, %v", i, k.id, dd.rule, ok)
			}
		}
	}
	if m := c.read.Load(); m == nil || len(*m) != 2 || len(c.dirty) != 0 {
		t.Errorf("decisions were not merged: read %v, dirty %v", m, c.dirty)
	}
	c.store(hash(key("c")), &decided{key: *key("c"), rule: r2})
	if dd, ok := load(key("c")); !ok || dd.rule != r2 {
		t.Errorf("c: got %v, %v", dd.rule, ok)
	}
	if _, ok := load(key("d")); ok {
		t.Error("found a decision never stored")
	}
	// A key with the hash of another is not given the other's decision,
	// and is not cached over it.
	c.store(hash(key("c2")), &decided{key: *key("c2"), rule: r1})
	if _, ok := load(key("c2")); ok {
		t.Error("c2 was given the decision of c, which has its hash")
	}
	if dd, ok := load(key("c")); !ok || dd.rule != r2 {
		t.Errorf("c after c2: got %v, %v", dd.rule, ok)
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range 200 {
				k := key(string(rune('a' + (i+g)%8)))
				if _, ok := load(k); !ok {
					c.store(hash(k), &decided{key: *k, rule: r1})
				}
			}
		})
	}
	wg.Wait()
	for _, id := range []string{"a", "b", "c"} {
		if _, ok := load(key(id)); !ok {
			t.Errorf("%s was lost", id)
		}
	}
}

// TestDecisionCacheStartsAgainWhenFull fills a cache with
// maxCachedDecisions decisions (a long-running server's past dates) and
// stores one more: it is kept, for the documents of a new day, and the
// cache starts again rather than refusing every new decision for good.
func TestDecisionCacheStartsAgainWhenFull(t *testing.T) {
	var c decisionCache
	r := &rules.Rule{ID: "r"}
	day := civil.MustParse("2020-01-01")
	env := rules.Env{JurisdictionID: "US-CA", Tax: "Sales and Use Tax"}
	for i := range maxCachedDecisions {
		c.store(uint64(i), &decided{key: decisionKey{env: env, date: day.AddDays(i)}, rule: r})
	}
	if n := c.size(); n != maxCachedDecisions {
		t.Fatalf("the cache holds %d decisions, want %d", n, maxCachedDecisions)
	}
	today := day.AddDays(maxCachedDecisions)
	c.store(uint64(maxCachedDecisions), &decided{key: decisionKey{env: env, date: today}, rule: r})
	if dd := c.load(uint64(maxCachedDecisions), &env, today); dd == nil || dd.rule != r {
		t.Fatalf("a decision stored into a full cache was refused: %v", dd)
	}
	if n := c.size(); n != 1 {
		t.Errorf("the cache holds %d decisions after starting again, want 1", n)
	}
}

func TestDateString(t *testing.T) {
	for _, d := range []civil.Date{{}, {Year: 2026, Month: 6, Day: 1}, {Year: 1, Month: 1, Day: 1}, {Year: 9999, Month: 12, Day: 31},
		{Year: 10000, Month: 1, Day: 1}, {Year: 0, Month: 1, Day: 1}, {Year: -5, Month: 3, Day: 9}, {Year: 2024, Month: 2, Day: 29},
		{Year: 2024, Month: 13, Day: 40}} {
		if got, want := dateString(d), d.String(); got != want {
			t.Errorf("%#v: got %q, want %q", d, got, want)
		}
	}
}

// TestGoldenAppendJSON checks that the generated encoder of the wire
// responses (wire's AppendJSON, which the API answers with) writes what
// encoding/json writes for every golden response.
func TestGoldenAppendJSON(t *testing.T) {
	e := testEngine(t)
	for _, gc := range goldenCalcs(t) {
		resp, err := gc.run(e)
		if err != nil {
			continue // bad-location
		}
		want, err := json.Marshal(resp)
		if err != nil {
			t.Fatal(err)
		}
		got, err := resp.(interface{ AppendJSON([]byte) ([]byte, error) }).AppendJSON(nil)
		if err != nil || string(got) != string(want) {
			t.Errorf("%s: AppendJSON wrote (%v)\n%s\njson.Marshal\n%s", gc.name, err, got, want)
		}
	}
}

// TestRatesMemo checks that the rates ratesOn returns, from the
// snapshot's memo or not, are the rates of the jurisdiction on the date:
// every 7th jurisdiction of the dataset and Jungholz (whose rates are
// partly Austria's), on dates before, inside and after rate changes,
// asked twice (the second answer is the memo's), and again after the memo
// has been emptied for holding maxMemoRates entries.
func TestRatesMemo(t *testing.T) {
	s := testEngine(t).snap.Load()
	dates := []civil.Date{civil.MustParse("2000-01-01"), civil.MustParse("2019-06-30"), civil.MustParse("2024-07-01"),
		civil.MustParse("2026-06-01")}
	ids := []string{"AT-X-JUNGHOLZ", "US-CA", "NO-SUCH-JURISDICTION"}
	for i := 0; i < s.jur.Len(); i += 7 {
		ids = append(ids, s.jur.At(i).ID)
	}
	check := func(c *calc, id string, d civil.Date) {
		t.Helper()
		want, wantInfo := s.ratesInto(id, d, nil, nil)
		got, info := c.ratesOn(id, d)
		if len(got) != len(want) || len(got) > 0 && (!reflect.DeepEqual(got, want) || !reflect.DeepEqual(info, wantInfo)) {
			t.Fatalf("ratesOn(%s, %s) = %v %v, want %v %v", id, d, got, info, want, wantInfo)
		}
	}
	c := &calc{s: s}
	for _, id := range ids {
		for _, d := range dates {
			check(c, id, d)
			check(c, id, d)
		}
	}
	if r, _ := c.ratesOn("AT-X-JUNGHOLZ", dates[3]); len(r) < 2 {
		t.Errorf("Jungholz has %d rates, want its own and Austria's others", len(r))
	}
	// A snapshot of its own, whose memo fills and starts again: a day
	// for each of the first jurisdictions, more than it keeps.
	own := &snapshot{jur: s.jur, rates: s.rates, vat: s.vat}
	oc := &calc{s: own}
	day := civil.MustParse("2020-01-01")
	for i := range maxMemoRates + 100 {
		check(oc, ids[i%len(ids)], day.AddDays(i/len(ids)))
	}
	m := &own.ratesMemo
	if n := len(m.dirty) + lenOf(m.read.Load()); n == 0 || n > maxMemoRates {
		t.Errorf("the memo holds %d entries, want 1 to %d", n, maxMemoRates)
	}
	for _, id := range ids[:20] {
		for _, d := range dates {
			check(oc, id, d)
			check(oc, id, d)
		}
	}
}

// TestRateMemo checks the memo's own workings: entries stored are found
// before and after they are merged into the read map, concurrently, and
// a memo that holds maxMemoRates entries starts again with the next.
func TestRateMemo(t *testing.T) {
	var m rateMemo
	d := civil.MustParse("2026-06-01")
	key := func(i int) rateKey { return rateKey{id: "J" + strconv.Itoa(i), d: d} }
	val := func(i int) *ratesOnDate { return &ratesOnDate{meta: make([]rateMeta, i)} }
	if m.load(key(1)) != nil {
		t.Fatal("found rates in an empty memo")
	}
	m.store(key(1), val(1))
	m.store(key(2), val(2))
	m.store(key(2), val(5)) // the first stays
	for range 10 {
		for _, i := range []int{1, 2} {
			if r := m.load(key(i)); r == nil || len(r.meta) != i {
				t.Fatalf("rates of %d: %v", i, r)
			}
		}
	}
	if r := m.read.Load(); r == nil || len(*r) != 2 || len(m.dirty) != 0 {
		t.Errorf("entries were not merged: read %v, dirty %v", r, m.dirty)
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range 200 {
				k := (i + g) % 50
				if r := m.load(key(k)); r == nil {
					m.store(key(k), val(k))
				} else if len(r.meta) != k {
					t.Errorf("rates of %d: %v", k, r)
				}
			}
		})
	}
	wg.Wait()
	for k := range 50 {
		if r := m.load(key(k)); r == nil || len(r.meta) != k {
			t.Errorf("rates of %d were lost: %v", k, r)
		}
	}
	for k := 50; k < maxMemoRates; k++ {
		m.store(key(k), val(1))
	}
	if n := len(m.dirty) + lenOf(m.read.Load()); n != maxMemoRates {
		t.Fatalf("the memo holds %d entries, want %d", n, maxMemoRates)
	}
	m.store(key(maxMemoRates), val(3))
	if r := m.load(key(maxMemoRates)); r == nil || len(r.meta) != 3 {
		t.Errorf("the entry past the bound: %v", r)
	}
	if m.load(key(7)) != nil {
		t.Error("a memo past its bound kept its entries")
	}
	if n := len(m.dirty) + lenOf(m.read.Load()); n != 1 {
		t.Errorf("the memo holds %d entries after starting again, want 1", n)
	}
}

// TestReleasedBlocksAreZero checks that a calculation leaves its pooled
// blocks (lines' taxes, leaf lines, wire line views, places) zero over
// their whole capacity when it ends: the next calculation fills the
// items it carves from them member by member, trusting them zero, and a
// pooled scratch must point to nothing of an earlier request or
// response. The golden calculations run in turn with quotations of 1, 7
// and 100 lines (which take templates), and each is compared with a
// fresh engine's answer.
func TestReleasedBlocksAreZero(t *testing.T) {
	today := WithToday(func() civil.Date { return civil.MustParse("2026-06-01") })
	e, err := New(context.Background(), today)
	if err != nil {
		t.Fatal(err)
	}
	calcs := goldenCalcs(t)
	for _, n := range []int{1, 100} {
		calcs = append(calcs, goldenCalc{"quotation-" + strconv.Itoa(n), func(e *Engine) (any, error) {
			return e.Sale(context.Background(), benchQuotation(n))
		}})
	}
	want := map[string]string{}
	for _, c := range calcs {
		fresh, err := New(context.Background(), today)
		if err != nil {
			t.Fatal(err)
		}
		want[c.name] = answer(t, c, fresh)
	}
	checked := 0
	for round := range 2 {
		for i, c := range calcs {
			// Every calculation follows a different one: the last, or a
			// 100-line quotation.
			if got := answer(t, c, e); got != want[c.name] {
				t.Errorf("round %d, %s after %s: got\n%s\nwant\n%s", round, c.name, calcs[max(i-1, 0)].name, got, want[c.name])
			}
			w := e.snap.Load().newScratch()
			checked += zeroOverCapacity(t, c.name, "taxBlock", w.c.taxBlock)
			checked += zeroOverCapacity(t, c.name, "lineBlock", w.c.lineBlock)
			checked += zeroOverCapacity(t, c.name, "inBlock", w.c.inBlock)
			checked += zeroOverCapacity(t, c.name, "placeBlock", w.c.placeBlock)
			w.c.release()
			if round == 1 {
				if got := answer(t, calcs[len(calcs)-1], e); got != want[calcs[len(calcs)-1].name] {
					t.Errorf("round %d, the 100-line quotation after %s differs from a fresh engine's", round, c.name)
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("the pool gave back no scratch with a block: nothing was checked")
	}
}

// answer is the JSON of a calculation's response, or its error.
func answer(t *testing.T, c goldenCalc, e *Engine) string {
	t.Helper()
	resp, err := c.run(e)
	if err != nil {
		return "error: " + err.Error()
	}
	return mustJSON(t, resp)
}

// zeroOverCapacity fails the test when an item of b, up to its capacity,
// is not zero, and returns the number of items it checked.
func zeroOverCapacity[T any](t *testing.T, calc, name string, b []T) int {
	t.Helper()
	b = b[:cap(b)]
	for i := range b {
		if !reflect.ValueOf(&b[i]).Elem().IsZero() {
			t.Errorf("after %s, %s[%d] of %d is not zero", calc, name, i, len(b))
			return len(b)
		}
	}
	return len(b)
}

// TestPooledBlocksAreBoundedInBytes checks the pool's memory policy: a
// block of up to 4 MiB is kept (refitted to what the calculation used),
// a larger one is dropped, whatever the size of its items.
func TestPooledBlocksAreBoundedInBytes(t *testing.T) {
	if n := maxPooled[taxOut](); n < 6000 {
		t.Fatalf("a pooled tax block keeps %d taxes, fewer than a 1,000-line document of six taxes a line needs", n)
	}
	if n := maxPooled[line](); n < 1000 {
		t.Fatalf("a pooled line block keeps %d lines, fewer than a 1,000-line document needs", n)
	}
	small := make([]taxOut, 10, 512)
	if got := refit(small, 6000); cap(got) != 6000 || len(got) != 0 {
		t.Fatalf("refit to 6,000 taxes: len %d cap %d, want 0 and 6,000", len(got), cap(got))
	}
	over := maxPooled[taxOut]() + 1
	if got := refit(small, over); cap(got) != 512 {
		t.Fatalf("refit past the bound replaced the block (cap %d), want the old block of 512 kept", cap(got))
	}
	huge := make([]taxOut, 1, over)
	if got := reuse(huge, maxPooled[taxOut]()); got != nil {
		t.Fatalf("a block of %d taxes (over 4 MiB) was kept", over)
	}
}

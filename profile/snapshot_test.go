package profile_test

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/rules"
)

// TestBuiltinClassesAreThoseOfRules: the list of built-in classes that
// the generated file holds is package rules' own, so that a profile
// refuses the classes the engine does not know and accepts the others.
// (go generate ./profile/... writes it again.)
func TestBuiltinClassesAreThoseOfRules(t *testing.T) {
	if got := profile.BuiltinClasses(); !slices.Equal(got, rules.ProductClasses) {
		t.Fatalf("the built-in classes of package profile: %v\nof package rules: %v", got, rules.ProductClasses)
	}
	if !profile.BuiltinClass("SAAS") || profile.BuiltinClass("saas") || profile.BuiltinClass("") {
		t.Fatal("BuiltinClass")
	}
}

func TestCrosswalk(t *testing.T) {
	for _, tc := range []struct {
		codeType, code, class string
	}{
		{"TIC", "20010", "CLOTHING"},
		{"TIC", "20030", "PROTECTIVE_CLOTHING"},
		{"TIC", "30070", "SAAS"},
		{"TIC", "31100", "EBOOKS"},
		{"TIC", "40030", "FOOD"},
		{"TIC", "41030", "FOOD"},
		{"TIC", "52020", "MEDICAL_EQUIPMENT"},
		{"TIC", "52010", ""}, // durable medical equipment without a prescription
		{"TIC", "54200", "MEDICAL_DEVICES"},
		{"TIC", "51010", ""},
		{"TIC", "61000", ""}, // telecommunications: no class
		{"TIC", "99999", ""},
		{"HS", "02", "FOOD"},
		{"HS", "0201.10", "FOOD"},
		{"HS", "0301.11", ""}, // live ornamental fish
		{"HS", "0302.11.0010", "FOOD"},
		{"HS", "040711", ""},
		{"HS", "040721", "FOOD"},
		{"HS", "6109.10.0012", "CLOTHING"},
		{"HS", "611220", ""}, // ski suits
		{"HS", "6213.20", "CLOTHING_ACCESSORIES"},
		{"HS", "640212", ""}, // ski boots
		{"HS", "6402.99.3100", "CLOTHING"},
		{"HS", "640340", "CLOTHING"}, // steel-toed shoes are clothing
		{"HS", "650610", "PROTECTIVE_CLOTHING"},
		{"HS", "6506", ""},
		{"HS", "8471.30.0100", "ELECTRONICS"},
		{"HS", "8443.31", "ELECTRONICS"},
		{"HS", "8443.11", ""},
		{"HS", "9401.61", "FURNITURE"},
		{"HS", "9401.20", ""},
		{"HS", "1806.32", ""},
		{"HS", "1704.90", "CANDY"},
		{"HS", "9", ""},
		{"HS", "", ""},
		{"HS", "61O9", ""},
		{"HS", "12345678901234567", ""},
		{"SKU", "20010", ""},
		{"hs", "02", ""}, // Crosswalk takes the stored, upper-case type
	} {
		class, ok := profile.Crosswalk(tc.codeType, tc.code)
		if class != tc.class || ok != (tc.class != "") {
			t.Errorf("Crosswalk(%q, %q) = %q, %v; want %q", tc.codeType, tc.code, class, ok, tc.class)
		}
	}
}

// snapshotOf applies cs for acme in a memory store and compiles it.
func snapshotOf(t testing.TB, cs profile.ChangeSet) *profile.Snapshot {
	t.Helper()
	s := profile.NewMemory()
	if _, err := profile.NewService(s, profile.Config{}).Apply(context.Background(), "acme", "cli", cs); err != nil {
		t.Fatal(err)
	}
	r, err := s.Records(context.Background(), "acme", time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	return profile.Compile(r)
}

// threeCertificates is a customer with three certificates and a few
// products, registrations and a policy.
func threeCertificates() profile.ChangeSet {
	return profile.ChangeSet{
		Customers: []profile.Customer{{Code: "C-1", ClassCode: "RESELLER", IsBusiness: true}, {Code: "C-2"}},
		Certificates: []profile.Certificate{
			{Number: "CA-1", CustomerCode: "C-1", Jurisdictions: []string{"US-CA"}, ReasonCode: "G", EffectiveDate: date("2025-01-01")},
			{Number: "TX-1", CustomerCode: "C-1", Jurisdictions: []string{"TX"}, ReasonCode: "G", EffectiveDate: date("2026-01-01"), ExpirationDate: date("2026-12-31")},
			{Number: "WA-1", CustomerCode: "C-1", Jurisdictions: []string{"WA", "OR"}, ReasonCode: "E", ProductClasses: []string{"CLOTHING"}, EffectiveDate: date("2026-01-01")},
			{Number: "X-1", CustomerCode: "C-2", Jurisdictions: []string{"US"}, ReasonCode: "A", EffectiveDate: date("2026-01-01")},
		},
		Registrations: []profile.Registration{
			{CompanyCode: "ACME", Jurisdiction: "TX", Number: "1"},
			{CompanyCode: "ACME", Jurisdiction: "CA", Number: "2", PhysicalPresence: true},
			{Jurisdiction: "NY", Number: "3"},
		},
		Products: []profile.Product{
			{Code: "SKU-1", Class: "SAAS"},
			{CodeType: "HS", Code: "6402", Class: "ATHLETIC_CLOTHING"},
			{CodeType: "TIC", Code: "20010", Class: "FORMAL_CLOTHING"},
			{CodeType: "ERP", Code: "A-7", Class: "BOOKS"},
			{CodeType: "HS", Code: "8471.30.01", Class: "PREWRITTEN_SOFTWARE"},
		},
		Policy: &profile.Policy{AddressCheck: "strict"},
	}
}

func TestSnapshotLookups(t *testing.T) {
	s := snapshotOf(t, threeCertificates())
	if s.Version() != 1 || s.At().IsZero() {
		t.Fatalf("version %d at %v", s.Version(), s.At())
	}
	if c, ok := s.Customer("C-1"); !ok || c.ClassCode != "RESELLER" || !c.IsBusiness {
		t.Fatalf("Customer(C-1): %+v, %v", c, ok)
	}
	if _, ok := s.Customer("C-9"); ok {
		t.Fatal("Customer(C-9) found")
	}
	// The spaces an ERP pads a code with are ignored, as the stored codes
	// have none; the case is not.
	if c, ok := s.Customer(" C-1  "); !ok || c.Code != "C-1" || len(s.CertificatesOf("C-1 ")) != 3 || len(s.Registrations(" ACME")) != 2 {
		t.Fatal("a padded code finds nothing")
	}
	if _, ok := s.Customer("c-1"); ok {
		t.Fatal("Customer(c-1) found C-1")
	}
	var nums []string
	for _, c := range s.CertificatesOf("C-1") {
		nums = append(nums, c.Number)
	}
	if strings.Join(nums, " ") != "CA-1 TX-1 WA-1" || len(s.CertificatesOf("C-2")) != 1 || s.CertificatesOf("C-9") != nil {
		t.Fatalf("CertificatesOf(C-1): %v", nums)
	}
	if r := s.Registrations("ACME"); len(r) != 2 || r[0].Jurisdiction != "US-CA" || r[1].Jurisdiction != "US-TX" {
		t.Fatalf("Registrations(ACME): %+v", r)
	}
	if r := s.Registrations(""); len(r) != 1 || r[0].Jurisdiction != "US-NY" {
		t.Fatalf("Registrations(\"\"): %+v", r)
	}
	if p := s.Policy(); p == nil || p.AddressCheck != "strict" {
		t.Fatalf("Policy: %+v", p)
	}
	for _, tc := range []struct {
		codeType, code, class string
	}{
		{"", "SKU-1", "SAAS"},
		{"SKU", "SKU-1", "SAAS"},
		{"sku", "SKU-1", "SAAS"},
		{"", "sku-1", ""},
		{"HS", "6402.99", "ATHLETIC_CLOTHING"}, // the tenant's heading before the crosswalk's subheading
		{"HS", "640212", "ATHLETIC_CLOTHING"},
		{"hs", "6403.99", "CLOTHING"}, // the crosswalk
		{"HS", "6111.20", "CHILDRENS_CLOTHING"},
		{"HS", "620930", "CHILDRENS_CLOTHING"},
		{"HS", "6110.20", "CLOTHING"},
		{"HS", "0301", ""},
		{"HS", "8471.30.0100", "PREWRITTEN_SOFTWARE"}, // the tenant's eight digits under its ten
		{"HS", "8471.30.01", "PREWRITTEN_SOFTWARE"},
		{"HS", "8471.30.02", "ELECTRONICS"},
		{"TIC", "20010", "FORMAL_CLOTHING"},
		{"TIC", "20.010", "FORMAL_CLOTHING"},
		{"TIC", "40030", "FOOD"},
		{"ERP", "A-7", "BOOKS"},
		{"erp", "A-7", "BOOKS"},
		{"ERP", "A-8", ""},
		{" SKU ", " SKU-1  ", "SAAS"},
		{"", "SKU-1 ", "SAAS"},
		{"TIC", " 20010 ", "FORMAL_CLOTHING"},
		{"OTHER", "SKU-1", ""},
	} {
		class, ok := s.Class(tc.codeType, tc.code)
		if class != tc.class || ok != (tc.class != "") {
			t.Errorf("Class(%q, %q) = %q, %v; want %q", tc.codeType, tc.code, class, ok, tc.class)
		}
	}
	empty := profile.Compile(&profile.Records{})
	if _, ok := empty.Customer("C-1"); ok || empty.Policy() != nil || empty.CertificatesOf("C-1") != nil {
		t.Fatal("the snapshot of no records has some")
	}
	if class, ok := empty.Class("HS", "0201"); !ok || class != "FOOD" {
		t.Fatalf("the crosswalk through an empty snapshot: %q", class)
	}
}

// TestSnapshotLookupsAllocateNothing: the lookups the engine makes per
// line allocate nothing.
func TestSnapshotLookupsAllocateNothing(t *testing.T) {
	s := snapshotOf(t, threeCertificates())
	cache := profile.NewCache(storeOf(t, threeCertificates()), nil)
	ctx := context.Background()
	if _, err := cache.Snapshot(ctx, "acme"); err != nil {
		t.Fatal(err)
	}
	use := profile.Use{Date: date("2026-06-01"), Jurisdiction: "US-4819000", Class: "GENERAL"}
	for name, fn := range map[string]func(){
		"Cache.Snapshot":   func() { _, _ = cache.Snapshot(ctx, "acme") },
		"Customer":         func() { _, _ = s.Customer("C-1") },
		"Customer padded":  func() { _, _ = s.Customer(" C-1 ") },
		"Class padded":     func() { _, _ = s.Class(" SKU", "SKU-1 ") },
		"CertificatesOf":   func() { _ = s.CertificatesOf("C-1") },
		"Registrations":    func() { _ = s.Registrations("ACME") },
		"Class SKU":        func() { _, _ = s.Class("", "SKU-1") },
		"Class HS":         func() { _, _ = s.Class("HS", "6403.99.90") },
		"Class hs":         func() { _, _ = s.Class("hs", "6403.99.90") },
		"Class TIC":        func() { _, _ = s.Class("TIC", "40030") },
		"Class own type":   func() { _, _ = s.Class("ERP", "A-7") },
		"Check all three":  func() { checkAll(s, "C-1", use) },
		"Crosswalk HS":     func() { _, _ = profile.Crosswalk("HS", "8471.30.0100") },
		"Covers by FIPS":   func() { _ = profile.Covers("US-TX", "US-4819000") },
		"Covers by prefix": func() { _ = profile.Covers("US-CA", "US-06037-MEASURE_A") },
	} {
		if n := testing.AllocsPerRun(200, fn); n != 0 {
			t.Errorf("%s allocates %v times", name, n)
		}
	}
}

// checkAll checks every certificate of a customer for u and returns the
// number of the one that covers it.
func checkAll(s *profile.Snapshot, customer string, u profile.Use) string {
	for i := range s.CertificatesOf(customer) {
		c := &s.CertificatesOf(customer)[i]
		if c.Check(u) == "" {
			return c.Number
		}
	}
	return ""
}

// storeOf returns a memory store with cs applied for acme.
func storeOf(t testing.TB, cs profile.ChangeSet) profile.Store {
	t.Helper()
	s := profile.NewMemory()
	if _, err := profile.NewService(s, profile.Config{}).Apply(context.Background(), "acme", "cli", cs); err != nil {
		t.Fatal(err)
	}
	return s
}

// BenchmarkCachedCustomerLookup measures what the engine pays per line
// for a customer with three certificates: the cached snapshot of the
// tenant, the customer, and the check of its three certificates for one
// tax (the first two refuse it, the third covers it).
func BenchmarkCachedCustomerLookup(b *testing.B) {
	cs := threeCertificates()
	cs.Certificates[2].ProductClasses = nil
	cache := profile.NewCache(storeOf(b, cs), nil)
	ctx := context.Background()
	use := profile.Use{Date: date("2027-03-01"), Jurisdiction: "US-5363000", Class: "GENERAL"} // Seattle
	b.ReportAllocs()
	for b.Loop() {
		s, err := cache.Snapshot(ctx, "acme")
		if err != nil {
			b.Fatal(err)
		}
		if _, ok := s.Customer("C-1"); !ok {
			b.Fatal("no customer")
		}
		if checkAll(s, "C-1", use) != "WA-1" {
			b.Fatal("the Washington certificate does not cover Seattle")
		}
	}
}

// BenchmarkClassLookup measures the class of a line's product code: the
// tenant's SKU, and an HS code through the crosswalk.
func BenchmarkClassLookup(b *testing.B) {
	s := snapshotOf(b, threeCertificates())
	b.Run("SKU", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, ok := s.Class("", "SKU-1"); !ok {
				b.Fatal("unmapped")
			}
		}
	})
	b.Run("HS crosswalk", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, ok := s.Class("HS", "8471.30.0100"); !ok {
				b.Fatal("unmapped")
			}
		}
	})
}

func TestCache(t *testing.T) {
	ctx := context.Background()
	store := profile.NewMemory()
	cache := profile.NewCache(store, nil)
	svc := profile.NewService(store, profile.Config{Cache: cache})

	s, err := cache.Snapshot(ctx, "acme")
	if err != nil || s.Version() != 0 {
		t.Fatalf("the snapshot of a tenant without a profile: %v, %v", s, err)
	}
	// A change through a Service of the cache is seen at once.
	if _, err := svc.Apply(ctx, "acme", "cli", threeCertificates()); err != nil {
		t.Fatal(err)
	}
	if s, _ := cache.Snapshot(ctx, "acme"); s.Version() != 1 || len(s.CertificatesOf("C-1")) != 3 {
		t.Fatalf("after a change through the service: version %d", s.Version())
	}
	// A change made elsewhere (another node, an import) is seen at the
	// next refresh.
	other := profile.NewService(store, profile.Config{})
	if _, err := other.Apply(ctx, "acme", "client-2", profile.ChangeSet{Customers: []profile.Customer{{Code: "C-3"}}}); err != nil {
		t.Fatal(err)
	}
	if _, err := other.Apply(ctx, "globex", "client-3", profile.ChangeSet{Customers: []profile.Customer{{Code: "C-1", Name: "Globex's"}}}); err != nil {
		t.Fatal(err)
	}
	if s, _ := cache.Snapshot(ctx, "acme"); s.Version() != 1 {
		t.Fatalf("before the refresh: version %d", s.Version())
	}
	if n, err := cache.Refresh(ctx); err != nil || n != 1 {
		t.Fatalf("Refresh: %d, %v", n, err)
	}
	s, _ = cache.Snapshot(ctx, "acme")
	if _, ok := s.Customer("C-3"); !ok || s.Version() != 2 {
		t.Fatalf("after the refresh: version %d", s.Version())
	}
	// Another tenant's customer of the same code is its own.
	g, err := cache.Snapshot(ctx, "globex")
	if err != nil {
		t.Fatal(err)
	}
	if c, _ := g.Customer("C-1"); c.Name != "Globex's" || len(g.CertificatesOf("C-1")) != 0 {
		t.Fatalf("globex's C-1: %+v with %d certificates", c, len(g.CertificatesOf("C-1")))
	}
	if c, _ := s.Customer("C-1"); c.ClassCode != "RESELLER" || len(s.CertificatesOf("C-1")) != 3 {
		t.Fatalf("acme's C-1: %+v", c)
	}
	if n, err := cache.Refresh(ctx); err != nil || n != 0 {
		t.Fatalf("Refresh without a change: %d, %v", n, err)
	}
}

// TestCacheFollow: Follow picks up a change made elsewhere.
func TestCacheFollow(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	store := profile.NewMemory()
	cache := profile.NewCache(store, nil)
	if _, err := cache.Snapshot(ctx, "acme"); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { cache.Follow(ctx, time.Millisecond); close(done) }()
	if _, err := profile.NewService(store, profile.Config{}).Apply(ctx, "acme", "cli", threeCertificates()); err != nil {
		t.Fatal(err)
	}
	waitForVersion(t, cache, "acme", 1)
	cancel()
	<-done
}

// waitForVersion waits until the cache's snapshot of tenant is at version
// v, and fails after a minute.
func waitForVersion(t *testing.T, cache *profile.Cache, tenant string, v uint64) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		s, err := cache.Snapshot(context.Background(), tenant)
		if err == nil && s.Version() == v {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the cache has not seen version %d of %s (it has %v, %v)", v, tenant, s, err)
		}
		time.Sleep(time.Millisecond)
	}
}

// TestCacheForgetsOnError: a tenant whose refresh fails is dropped, and
// the next Snapshot returns the store's error rather than stale data.
func TestCacheForgetsOnError(t *testing.T) {
	ctx := context.Background()
	store := storeOf(t, threeCertificates())
	cache := profile.NewCache(store, nil)
	if _, err := cache.Snapshot(ctx, "acme"); err != nil {
		t.Fatal(err)
	}
	store.Close()
	if _, err := cache.Refresh(ctx); !errors.Is(err, profile.ErrClosed) {
		t.Fatalf("Refresh over a closed store: %v", err)
	}
	if _, err := cache.Snapshot(ctx, "acme"); !errors.Is(err, profile.ErrClosed) {
		t.Fatalf("Snapshot after a failed refresh: %v", err)
	}
}

func TestNewDocumentRef(t *testing.T) {
	pdf := []byte("%PDF-1.7 scan")
	ref, err := profile.NewDocumentRef(pdf, " Application/PDF ", `..\..\certs/TX 1.pdf`)
	if err != nil {
		t.Fatal(err)
	}
	if ref.MediaType != "application/pdf" || ref.FileName != "TX 1.pdf" || ref.Size != int64(len(pdf)) || ref.SHA256 != profile.Digest(pdf) {
		t.Fatalf("ref %+v", ref)
	}
	for _, tc := range []struct {
		name          string
		content       []byte
		mediaType, fn string
		field, code   string
	}{
		{"empty", nil, "application/pdf", "", "content", levy.EInvalid},
		{"too large", append([]byte("%PDF-"), make([]byte, profile.MaxDocumentSize)...), "application/pdf", "", "content", levy.ETooLarge},
		{"HTML", []byte("<html><script>alert(1)</script>"), "text/html", "", "mediaType", levy.EInvalid},
		{"HTML said to be a PDF", []byte("<html><script>alert(1)</script>"), "application/pdf", "", "content", levy.EInvalid},
		{"SVG said to be a PNG", []byte("<svg onload=alert(1)>"), "image/png", "", "content", levy.EInvalid},
		{"parameters", pdf, "application/pdf; charset=utf-8", "", "mediaType", levy.EInvalid},
		{"name with a newline", pdf, "application/pdf", "a\r\nb.pdf", "fileName", levy.EInvalid},
		{"name dot-dot", pdf, "application/pdf", "x/..", "fileName", levy.EInvalid},
		{"name too long", pdf, "application/pdf", strings.Repeat("n", 256), "fileName", levy.EInvalid},
	} {
		_, err := profile.NewDocumentRef(tc.content, tc.mediaType, tc.fn)
		var list levy.Errors
		if !errors.As(err, &list) || len(list) != 1 || list[0].Field != tc.field || list[0].Code != tc.code {
			t.Errorf("%s: %v, want %s of %s", tc.name, err, tc.code, tc.field)
		}
	}
	for mt, content := range map[string][]byte{
		"image/png":  []byte("\x89PNG\r\n\x1a\nrest"),
		"image/jpeg": []byte("\xff\xd8\xff\xe0rest"),
		"image/tiff": []byte("II*\x00rest"),
		"image/gif":  []byte("GIF89arest"),
		"image/webp": []byte("RIFF\x10\x00\x00\x00WEBPVP8 "),
	} {
		if _, err := profile.NewDocumentRef(content, mt, ""); err != nil {
			t.Errorf("%s: %v", mt, err)
		}
	}
	if !bytes.Equal([]byte(profile.Digest([]byte("abc"))), []byte("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")) {
		t.Fatal("Digest")
	}
}

// hungStore is a store whose Version, once armed, hangs as over a
// connection that neither answers nor fails: it tells entered, then
// waits for release whatever its context.
type hungStore struct {
	profile.Store
	armed   atomic.Bool
	once    sync.Once
	entered chan struct{}
	release chan struct{}
}

func (h *hungStore) Version(ctx context.Context, tenant string) (uint64, error) {
	if h.armed.Load() {
		h.once.Do(func() { close(h.entered) })
		<-h.release
	}
	return h.Store.Version(ctx, tenant)
}

// TestCacheWaitEndsWithContext: while a Refresh holds the cache's lock,
// waiting on a hung store, a Snapshot of a tenant not in memory (a
// calculation's) and an Invalidate (a change's) stop waiting when their
// context ends, and return its error, wrapped. Before, they waited for
// the Refresh whatever their context. The tenant whose Invalidate
// stopped is not served from before its change, and once the store
// answers the cache works on.
func TestCacheWaitEndsWithContext(t *testing.T) {
	ctx := context.Background()
	h := &hungStore{Store: storeOf(t, threeCertificates()), entered: make(chan struct{}), release: make(chan struct{})}
	cache := profile.NewCache(h, nil)
	if s, err := cache.Snapshot(ctx, "acme"); err != nil || s.Version() != 1 {
		t.Fatalf("acme: %v, %v", s, err)
	}
	h.armed.Store(true)
	refreshed := make(chan error, 1)
	go func() { _, err := cache.Refresh(ctx); refreshed <- err }()
	<-h.entered

	// The change is stored, and its Invalidate is cancelled.
	if _, err := profile.NewService(h.Store, profile.Config{}).Apply(ctx, "acme", "cli",
		profile.ChangeSet{Customers: []profile.Customer{{Code: "C-9"}}}); err != nil {
		t.Fatal(err)
	}
	for _, call := range []struct {
		name string
		run  func(context.Context) error
	}{
		{"Snapshot of globex", func(ctx context.Context) error { _, err := cache.Snapshot(ctx, "globex"); return err }},
		{"Invalidate of acme", func(ctx context.Context) error { return cache.Invalidate(ctx, "acme") }},
	} {
		cctx, cancel := context.WithCancel(ctx)
		got := make(chan error, 1)
		go func() { got <- call.run(cctx) }()
		cancel()
		if err := <-got; !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "profile: ") {
			t.Errorf("%s, cancelled while a refresh hangs: %v; want context.Canceled, wrapped", call.name, err)
		}
	}

	close(h.release)
	if err := <-refreshed; err != nil {
		t.Fatalf("Refresh: %v", err)
	}
	h.armed.Store(false)
	if s, err := cache.Snapshot(ctx, "acme"); err != nil || s.Version() != 2 {
		t.Fatalf("acme after its change: %v, %v; want version 2", s, err)
	}
	if _, err := cache.Snapshot(ctx, "globex"); err != nil {
		t.Fatalf("globex once the store answers: %v", err)
	}
}

// TestCacheInvalidateCancelledForgets: an Invalidate whose context has
// ended before it starts refreshes nothing, but the tenant is not
// served from before the change: the next Snapshot loads it, as when
// the store fails.
func TestCacheInvalidateCancelledForgets(t *testing.T) {
	ctx := context.Background()
	store := storeOf(t, threeCertificates())
	cache := profile.NewCache(store, nil)
	if _, err := cache.Snapshot(ctx, "acme"); err != nil {
		t.Fatal(err)
	}
	if _, err := profile.NewService(store, profile.Config{}).Apply(ctx, "acme", "cli",
		profile.ChangeSet{Customers: []profile.Customer{{Code: "C-9"}}}); err != nil {
		t.Fatal(err)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if err := cache.Invalidate(cctx, "acme"); !errors.Is(err, context.Canceled) {
		t.Fatalf("Invalidate under a cancelled context: %v", err)
	}
	s, err := cache.Snapshot(ctx, "acme")
	if err != nil || s.Version() != 2 {
		t.Fatalf("acme after a cancelled Invalidate: %v, %v; want version 2", s, err)
	}
	if n, err := cache.Refresh(ctx); err != nil || n != 0 {
		t.Fatalf("Refresh: %d, %v", n, err)
	}
}

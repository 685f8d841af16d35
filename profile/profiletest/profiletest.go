package profiletest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/profile"
)

// Run runs the suite: each subtest opens a new, empty store with open,
// and closes it when it ends (so a store's Close must accept a second
// call).
func Run(t *testing.T, open func(t *testing.T) profile.Store) {
	for _, tc := range []struct {
		name string
		fn   func(t *testing.T, s profile.Store)
	}{
		{"ApplyAndRead", testApplyAndRead},
		{"Versions", testVersions},
		{"AsOf", testAsOf},
		{"TimesNeverGoBack", testTimesNeverGoBack},
		{"Delete", testDelete},
		{"History", testHistory},
		{"CheckInsideTheUnit", testCheckInsideTheUnit},
		{"CheckSeesWhatItNeeds", testCheckSeesWhatItNeeds},
		{"BadRecordStoresNothing", testBadRecordStoresNothing},
		{"CrossRecordRules", testCrossRecordRules},
		{"TenantIsolation", testTenantIsolation},
		{"Tenants", testTenants},
		{"CreateAndUpdate", testCreateAndUpdate},
		{"Documents", testDocuments},
		{"CarriedDocuments", testCarriedDocuments},
		{"ConcurrentApplies", testConcurrentApplies},
		{"LargeChange", testLargeChange},
		{"CancelledContext", testCancelled},
		{"Close", testClose},
		{"RegistrationSpellings", testRegistrationSpellings},
		{"IdentityAndTaxRegistration", testIdentityAndTaxRegistration},
		{"IdentityMoved", testIdentityMoved},
		{"RegistrationRepresentative", testRegistrationRepresentative},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := open(t)
			t.Cleanup(func() {
				if err := s.Close(); err != nil {
					t.Errorf("Close: %v", err)
				}
			})
			tc.fn(t, s)
		})
	}
}

const tenant = "acme"

// epoch is the time of the first change of the tests.
var epoch = time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)

// clock returns a clock for a Service that starts at epoch and moves a
// minute at each reading.
func clock() func() time.Time {
	var mu sync.Mutex
	t := epoch.Add(-time.Minute)
	return func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		t = t.Add(time.Minute)
		return t
	}
}

// service returns a Service over s with the test clock.
func service(s profile.Store) *profile.Service {
	return profile.NewService(s, profile.Config{Now: clock()})
}

// jsonOf returns v as indented JSON, for comparisons and messages.
func jsonOf(t *testing.T, v any) string {
	t.Helper()
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// sameJSON fails t when got and want differ as JSON.
func sameJSON(t *testing.T, what string, got, want any) {
	t.Helper()
	if g, w := jsonOf(t, got), jsonOf(t, want); g != w {
		t.Fatalf("%s:\ngot  %s\nwant %s", what, g, w)
	}
}

// records reads the tenant's records as of asOf.
func records(t *testing.T, s profile.Store, tenant string, asOf time.Time) *profile.Records {
	t.Helper()
	r, err := s.Records(context.Background(), tenant, asOf)
	if err != nil {
		t.Fatalf("Records as of %v: %v", asOf, err)
	}
	return r
}

// version reads the tenant's version.
func version(t *testing.T, s profile.Store, tenant string) uint64 {
	t.Helper()
	v, err := s.Version(context.Background(), tenant)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// apply applies cs through svc as credential "client-1".
func apply(t *testing.T, svc *profile.Service, tenant string, cs profile.ChangeSet) uint64 {
	t.Helper()
	v, err := svc.Apply(context.Background(), tenant, "client-1", cs)
	if err != nil {
		t.Fatalf("Apply: %v", err)
	}
	return v
}

func date(s string) civil.Date { return civil.MustParse(s) }

// sample is a change set of every kind of record.
func sample() profile.ChangeSet {
	return profile.ChangeSet{
		Customers: []profile.Customer{
			{Code: "C-2", Name: "Beta Stores", IsBusiness: true},
			{Code: "C-1", ClassCode: "RESELLER", IsBusiness: true, Name: "Alpha Supply"},
		},
		Certificates: []profile.Certificate{{
			Number: "TX-1", CustomerCode: "C-1", Jurisdictions: []string{"TX"}, ReasonCode: "g",
			EffectiveDate: date("2026-01-01"), ExpirationDate: date("2026-12-31"),
		}, {
			Number: "SP-9", CustomerCode: "C-1", Jurisdictions: []string{"US-4819000", "US-CA"}, ReasonCode: "3",
			ProductClasses: []string{"CLOTHING"}, EffectiveDate: date("2026-02-01"), TransactionID: "INV-7",
		}},
		Registrations: []profile.Registration{{
			CompanyCode: "ACME", Jurisdiction: "US-TX", Number: "32000000001", Type: "State Identification Number",
			EffectiveDate: date("2025-01-01"), PhysicalPresence: true,
		}},
		Products: []profile.Product{
			{Code: "SKU-1", Class: "SAAS"},
			{CodeType: "hs", Code: "6402.99", Class: "CLOTHING"},
		},
		Franchises: []profile.Franchise{
			{AreaID: "SEA-VIDEO-2", Name: "Video Service Fee", Amount: dec("0.85"), Currency: "eur", ExpirationDate: date("2026-12-31")},
			{AreaID: "CHI-CABLE-1", Name: "Cable Franchise Fee", Jurisdiction: "US-1714000", Rate: dec("0.05"),
				EffectiveDate: date("2026-01-01"), Source: "franchise agreement s. 7"},
		},
		Policy: &profile.Policy{AddressCheck: "strict", ExpiryNoticeDays: 30, LevyMembers: " Omit "},
	}
}

// dec is a decimal of s.
func dec(s string) *decimal.Decimal {
	d := decimal.RequireFromString(s)
	return &d
}

// sampleRecords are the records of sample once normalised, in key order.
func sampleRecords() *profile.Records {
	return &profile.Records{
		Customers: []profile.Customer{
			{Code: "C-1", ClassCode: "RESELLER", IsBusiness: true, Name: "Alpha Supply"},
			{Code: "C-2", Name: "Beta Stores", IsBusiness: true},
		},
		Certificates: []profile.Certificate{{
			Number: "SP-9", CustomerCode: "C-1", Jurisdictions: []string{"US-4819000", "US-CA"}, ReasonCode: "0003",
			ProductClasses: []string{"CLOTHING"}, EffectiveDate: date("2026-02-01"), TransactionID: "INV-7", Status: "active",
		}, {
			Number: "TX-1", CustomerCode: "C-1", Jurisdictions: []string{"US-TX"}, ReasonCode: "G",
			EffectiveDate: date("2026-01-01"), ExpirationDate: date("2026-12-31"), Status: "active",
		}},
		Registrations: []profile.Registration{{
			CompanyCode: "ACME", Jurisdiction: "US-TX", Number: "32000000001", Type: "State Identification Number",
			EffectiveDate: date("2025-01-01"), PhysicalPresence: true,
		}},
		Products: []profile.Product{
			{CodeType: "HS", Code: "640299", Class: "CLOTHING"},
			{CodeType: "SKU", Code: "SKU-1", Class: "SAAS"},
		},
		Franchises: []profile.Franchise{
			{AreaID: "CHI-CABLE-1", Name: "Cable Franchise Fee", Jurisdiction: "US-1714000", Rate: dec("0.05"),
				EffectiveDate: date("2026-01-01"), Source: "franchise agreement s. 7"},
			{AreaID: "SEA-VIDEO-2", Name: "Video Service Fee", PerLine: true, Amount: dec("0.85"), Currency: "EUR", ExpirationDate: date("2026-12-31")},
		},
		Policy: &profile.Policy{AddressCheck: "strict", ExpiryNoticeDays: 30, LevyMembers: "omit"},
	}
}

// withVersion returns r stamped with version v, made at at by client-1.
func withVersion(r *profile.Records, v uint64, at time.Time) *profile.Records {
	r.Version, r.At, r.By = v, at, "client-1"
	return r
}

func testApplyAndRead(t *testing.T, s profile.Store) {
	if v := version(t, s, tenant); v != 0 {
		t.Fatalf("the version of a new tenant is %d, want 0", v)
	}
	empty := records(t, s, tenant, time.Time{})
	sameJSON(t, "the records of a new tenant", empty, &profile.Records{})
	svc := service(s)
	if v := apply(t, svc, tenant, sample()); v != 1 {
		t.Fatalf("the first change made version %d, want 1", v)
	}
	if v := version(t, s, tenant); v != 1 {
		t.Fatalf("Version after the first change: %d", v)
	}
	sameJSON(t, "the records", records(t, s, tenant, time.Time{}), withVersion(sampleRecords(), 1, epoch))
}

func testVersions(t *testing.T, s profile.Store) {
	svc := service(s)
	apply(t, svc, tenant, sample())
	v := apply(t, svc, tenant, profile.ChangeSet{Customers: []profile.Customer{{Code: "C-2", Name: "Beta Stores Inc."}}})
	if v != 2 {
		t.Fatalf("the second change made version %d, want 2", v)
	}
	want := sampleRecords()
	want.Customers[1] = profile.Customer{Code: "C-2", Name: "Beta Stores Inc."}
	sameJSON(t, "the records after the second change", records(t, s, tenant, time.Time{}), withVersion(want, 2, epoch.Add(time.Minute)))
	if v := version(t, s, tenant); v != 2 {
		t.Fatalf("Version: %d, want 2", v)
	}
}

func testAsOf(t *testing.T, s profile.Store) {
	svc := service(s)
	apply(t, svc, tenant, sample())                                                                          // at epoch
	apply(t, svc, tenant, profile.ChangeSet{Customers: []profile.Customer{{Code: "C-3", Name: "Gamma"}}})    // +1m
	apply(t, svc, tenant, profile.ChangeSet{Customers: []profile.Customer{{Code: "C-2", Name: "Beta Two"}}}) // +2m
	apply(t, svc, tenant, profile.ChangeSet{Deletes: []profile.Key{profile.CustomerKey("C-3")}})             // +3m
	for _, tc := range []struct {
		asOf    time.Time
		version uint64
		names   string
	}{
		{epoch.Add(-time.Nanosecond), 0, ""},
		{epoch, 1, "C-1 C-2"},
		{epoch.Add(59 * time.Second), 1, "C-1 C-2"},
		{epoch.Add(time.Minute), 2, "C-1 C-2 C-3"},
		{epoch.Add(2*time.Minute + time.Microsecond), 3, "C-1 C-2:Beta Two C-3"},
		{epoch.Add(3 * time.Minute), 4, "C-1 C-2:Beta Two"},
		{time.Time{}, 4, "C-1 C-2:Beta Two"},
		{epoch.Add(24 * time.Hour), 4, "C-1 C-2:Beta Two"},
	} {
		r := records(t, s, tenant, tc.asOf)
		var names []string
		for _, c := range r.Customers {
			n := c.Code
			if strings.HasPrefix(c.Name, "Beta Two") {
				n += ":" + c.Name
			}
			names = append(names, n)
		}
		if r.Version != tc.version || strings.Join(names, " ") != tc.names {
			t.Errorf("as of %v: version %d, customers %q; want %d, %q", tc.asOf, r.Version, strings.Join(names, " "), tc.version, tc.names)
		}
		if tc.version > 0 && !r.At.Equal(epoch.Add(time.Duration(tc.version-1)*time.Minute)) {
			t.Errorf("as of %v: At %v", tc.asOf, r.At)
		}
	}
}

func testTimesNeverGoBack(t *testing.T, s profile.Store) {
	ctx := context.Background()
	at := epoch.Add(time.Hour)
	put := func(at time.Time, code string) uint64 {
		t.Helper()
		cs := profile.ChangeSet{Customers: []profile.Customer{{Code: code}}}
		entries, err := cs.Entries()
		if err != nil {
			t.Fatal(err)
		}
		v, err := s.Apply(ctx, tenant, profile.Commit{At: at, By: "node-a", Entries: entries})
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	put(at, "A")
	// A node whose clock lags stamps its change before the last one.
	put(at.Add(-time.Minute), "B")
	h, err := s.History(ctx, tenant, profile.CustomerKey("B"))
	if err != nil {
		t.Fatal(err)
	}
	if len(h) != 1 || !h[0].At.Equal(at) {
		t.Fatalf("the change stamped before the last one: %+v, want it at %v", h, at)
	}
	if r := records(t, s, tenant, at); r.Version != 2 || len(r.Customers) != 2 {
		t.Fatalf("as of %v: version %d with %d customers, want both changes", at, r.Version, len(r.Customers))
	}
	if r := records(t, s, tenant, at.Add(-time.Nanosecond)); r.Version != 0 {
		t.Fatalf("before both changes: version %d", r.Version)
	}
}

func testDelete(t *testing.T, s profile.Store) {
	svc := service(s)
	apply(t, svc, tenant, sample())
	v := apply(t, svc, tenant, profile.ChangeSet{Deletes: []profile.Key{
		profile.CertificateKey("C-1", "TX-1"),
		profile.ProductKey("", "SKU-1"),
		profile.ProductKey("HS", "6402.99"),
		profile.RegistrationKey("ACME", "TX", "32000000001"),
		profile.FranchiseKey("SEA-VIDEO-2", "Video Service Fee"),
		profile.PolicyKey(),
	}})
	r := records(t, s, tenant, time.Time{})
	if r.Version != v || len(r.Certificates) != 1 || r.Certificates[0].Number != "SP-9" || len(r.Products) != 0 ||
		len(r.Registrations) != 0 || r.Policy != nil || len(r.Customers) != 2 || len(r.Franchises) != 1 || r.Franchises[0].AreaID != "CHI-CABLE-1" {
		t.Fatalf("after the deletions: %s", jsonOf(t, r))
	}
	// The deleted records are there as of before the deletion.
	if before := records(t, s, tenant, epoch); len(before.Certificates) != 2 || before.Policy == nil || len(before.Franchises) != 2 {
		t.Fatalf("before the deletions: %s", jsonOf(t, before))
	}
	// A record deleted can be stored again.
	apply(t, svc, tenant, profile.ChangeSet{Products: []profile.Product{{Code: "SKU-1", Class: "BOOKS"}}})
	if r := records(t, s, tenant, time.Time{}); len(r.Products) != 1 || r.Products[0].Class != "BOOKS" {
		t.Fatalf("a product stored again after its deletion: %+v", r.Products)
	}
}

func testHistory(t *testing.T, s profile.Store) {
	ctx := context.Background()
	svc := service(s)
	apply(t, svc, tenant, sample())
	if _, err := svc.Apply(ctx, tenant, "cli", profile.ChangeSet{Certificates: []profile.Certificate{{
		Number: "TX-1", CustomerCode: "C-1", Jurisdictions: []string{"US-TX"}, ReasonCode: "G",
		EffectiveDate: date("2026-01-01"), ExpirationDate: date("2026-12-31"), Status: "revoked", RevokedDate: date("2026-06-15"),
	}}}); err != nil {
		t.Fatal(err)
	}
	apply(t, svc, tenant, profile.ChangeSet{Customers: []profile.Customer{{Code: "C-9"}}})
	if _, err := svc.Apply(ctx, tenant, "client-2", profile.ChangeSet{Deletes: []profile.Key{profile.CertificateKey("C-1", "TX-1")}}); err != nil {
		t.Fatal(err)
	}
	h, err := svc.History(ctx, tenant, profile.CertificateKey("C-1", "TX-1"))
	if err != nil {
		t.Fatal(err)
	}
	if len(h) != 3 {
		t.Fatalf("History: %d versions, want 3: %s", len(h), jsonOf(t, h))
	}
	want := []struct {
		version uint64
		at      time.Time
		by      string
		deleted bool
		status  string
	}{
		{1, epoch, "client-1", false, "active"},
		{2, epoch.Add(time.Minute), "cli", false, "revoked"},
		{4, epoch.Add(3 * time.Minute), "client-2", true, ""},
	}
	for i, w := range want {
		var c profile.Certificate
		if err := h[i].Decode(&c); err != nil {
			t.Fatal(err)
		}
		if h[i].Version != w.version || !h[i].At.Equal(w.at) || h[i].By != w.by || h[i].Deleted != w.deleted || c.Status != w.status {
			t.Errorf("version %d: %+v (status %q), want %+v", i+1, h[i], c.Status, w)
		}
		if w.deleted != (h[i].Data == nil) {
			t.Errorf("version %d: deleted %v with data %s", i+1, h[i].Deleted, h[i].Data)
		}
	}
	if h, err := svc.History(ctx, tenant, profile.CustomerKey("NOBODY")); err != nil || len(h) != 0 {
		t.Fatalf("History of a record never stored: %v, %v", h, err)
	}
	// A registration's key is normalised as its record was.
	if h, err := svc.History(ctx, tenant, profile.RegistrationKey("ACME", "tx", "32000000001")); err != nil || len(h) != 1 {
		t.Fatalf("History of the registration by its state's short code: %v, %v", h, err)
	}
}

func testCheckInsideTheUnit(t *testing.T, s profile.Store) {
	ctx := context.Background()
	svc := service(s)
	apply(t, svc, tenant, sample())
	cs := profile.ChangeSet{Customers: []profile.Customer{{Code: "C-5"}}}
	entries, err := cs.Entries()
	if err != nil {
		t.Fatal(err)
	}
	refusal := errors.New("refused by the check")
	var seen *profile.Records
	_, err = s.Apply(ctx, tenant, profile.Commit{At: epoch.Add(time.Hour), By: "x", Entries: entries, Need: profile.Need{All: true},
		Check: func(cur *profile.Records) error {
			seen = cur
			return refusal
		}})
	if !errors.Is(err, refusal) {
		t.Fatalf("Apply with a check that refuses: %v, want the check's error", err)
	}
	if seen == nil || seen.Version != 1 || len(seen.Customers) != 2 || len(seen.Certificates) != 2 {
		t.Fatalf("the check saw %s", jsonOf(t, seen))
	}
	if v := version(t, s, tenant); v != 1 {
		t.Fatalf("a refused change moved the version to %d", v)
	}
	if r := records(t, s, tenant, time.Time{}); len(r.Customers) != 2 {
		t.Fatalf("a refused change stored %+v", r.Customers)
	}
	if h, _ := s.History(ctx, tenant, profile.CustomerKey("C-5")); len(h) != 0 {
		t.Fatalf("a refused change left a version: %+v", h)
	}
}

func testCheckSeesWhatItNeeds(t *testing.T, s profile.Store) {
	ctx := context.Background()
	svc := service(s)
	apply(t, svc, tenant, sample())
	cs := sample()
	cs.Customers = append(cs.Customers, profile.Customer{Code: "C-1X"})
	cs.Certificates = append(cs.Certificates, profile.Certificate{Number: "OTHER", CustomerCode: "C-1X", Jurisdictions: []string{"US"}, ReasonCode: "A", EffectiveDate: date("2026-01-01")})
	apply(t, svc, tenant, cs)
	apply(t, svc, tenant, profile.ChangeSet{Deletes: []profile.Key{profile.ProductKey("HS", "640299")}})
	if _, err := svc.Apply(ctx, "globex", "client-9", sample()); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		need profile.Need
		want string
	}{
		{"nothing", profile.Need{}, ""},
		{"keys", profile.Need{Keys: []profile.Key{profile.CustomerKey("C-1"), profile.CustomerKey("NOBODY"), profile.ProductKey("", "SKU-1"),
			profile.ProductKey("HS", "640299"), profile.PolicyKey(), profile.RegistrationKey("ACME", "US-TX", "32000000001")}},
			"customer C-1, registration ACME/US-TX/32000000001, product SKU/SKU-1, policy"},
		{"certificates of a customer", profile.Need{CertificatesOf: []string{"C-1"}}, "certificate C-1/SP-9, certificate C-1/TX-1"},
		{"certificates of two customers", profile.Need{CertificatesOf: []string{"C-1X", "C-2", "C-1"}},
			"certificate C-1/SP-9, certificate C-1/TX-1, certificate C-1X/OTHER"},
		{"a certificate by its key", profile.Need{Keys: []profile.Key{profile.CertificateKey("C-1", "TX-1")}}, "certificate C-1/TX-1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var saw *profile.Records
			_, err := s.Apply(ctx, tenant, profile.Commit{At: epoch.Add(time.Hour), By: "x", Need: tc.need, Check: func(cur *profile.Records) error {
				saw = cur
				return errors.New("seen")
			}})
			if err == nil || saw == nil {
				t.Fatalf("Apply: %v", err)
			}
			var keys []string
			for _, c := range saw.Customers {
				keys = append(keys, c.Key().String())
			}
			for _, c := range saw.Certificates {
				keys = append(keys, c.Key().String())
			}
			for _, r := range saw.Registrations {
				keys = append(keys, r.Key().String())
			}
			for _, p := range saw.Products {
				keys = append(keys, p.Key().String())
			}
			if saw.Policy != nil {
				keys = append(keys, "policy")
			}
			if got := strings.Join(keys, ", "); got != tc.want || saw.Version != 3 || saw.By != "client-1" {
				t.Fatalf("the check saw %q at version %d by %q; want %q at version 3", got, saw.Version, saw.By, tc.want)
			}
		})
	}
}

func testBadRecordStoresNothing(t *testing.T, s profile.Store) {
	ctx := context.Background()
	svc := service(s)
	apply(t, svc, tenant, sample())
	before := jsonOf(t, records(t, s, tenant, time.Time{}))
	good := profile.Certificate{Number: "OK-1", CustomerCode: "C-2", Jurisdictions: []string{"US"}, ReasonCode: "A", EffectiveDate: date("2026-01-01")}
	for _, tc := range []struct {
		name  string
		cs    profile.ChangeSet
		field string
	}{
		{"expiration before effective", profile.ChangeSet{
			Customers: []profile.Customer{{Code: "C-7"}},
			Certificates: []profile.Certificate{good, {Number: "BAD", CustomerCode: "C-2", Jurisdictions: []string{"US-TX"}, ReasonCode: "G",
				EffectiveDate: date("2026-05-01"), ExpirationDate: date("2026-04-30")}},
		}, "certificates[1].expirationDate"},
		{"unknown customer", profile.ChangeSet{
			Customers:    []profile.Customer{{Code: "C-7"}},
			Certificates: []profile.Certificate{good, {Number: "BAD", CustomerCode: "NOBODY", Jurisdictions: []string{"US-TX"}, ReasonCode: "G", EffectiveDate: date("2026-05-01")}},
		}, "certificates[1].customerCode"},
		{"deleting a customer that holds certificates", profile.ChangeSet{
			Customers: []profile.Customer{{Code: "C-7"}},
			Deletes:   []profile.Key{profile.CustomerKey("C-1")},
		}, "deletes[0]"},
		{"deleting nothing", profile.ChangeSet{
			Customers: []profile.Customer{{Code: "C-7"}},
			Deletes:   []profile.Key{profile.ProductKey("", "NOPE")},
		}, "deletes[0]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := svc.Apply(ctx, tenant, "client-1", tc.cs)
			var list levy.Errors
			if !errors.As(err, &list) || len(list) == 0 || list[0].Field != tc.field || list[0].Code != levy.EInvalid {
				t.Fatalf("Apply: %v, want an EInvalid error naming %s", err, tc.field)
			}
			if after := jsonOf(t, records(t, s, tenant, time.Time{})); after != before {
				t.Fatalf("a refused change set changed the records:\n%s", after)
			}
			if v := version(t, s, tenant); v != 1 {
				t.Fatalf("a refused change set moved the version to %d", v)
			}
		})
	}
}

func testCrossRecordRules(t *testing.T, s profile.Store) {
	ctx := context.Background()
	svc := service(s)
	// A certificate may come with its customer in one change.
	apply(t, svc, tenant, profile.ChangeSet{
		Customers:    []profile.Customer{{Code: "C-1"}},
		Certificates: []profile.Certificate{{Number: "N-1", CustomerCode: "C-1", Jurisdictions: []string{"US-WA"}, ReasonCode: "G", EffectiveDate: date("2026-01-01")}},
	})
	// A customer may go with its certificates in one change.
	apply(t, svc, tenant, profile.ChangeSet{Deletes: []profile.Key{profile.CustomerKey("C-1"), profile.CertificateKey("C-1", "N-1")}})
	// A certificate of a deleted customer is refused.
	_, err := svc.Apply(ctx, tenant, "client-1", profile.ChangeSet{
		Certificates: []profile.Certificate{{Number: "N-2", CustomerCode: "C-1", Jurisdictions: []string{"US-WA"}, ReasonCode: "G", EffectiveDate: date("2026-01-01")}},
	})
	if levy.ErrorCode(err) != levy.EInvalid || !strings.Contains(err.Error(), "certificates[0].customerCode") {
		t.Fatalf("a certificate of a deleted customer: %v", err)
	}
	// The same certificate number of two customers is two certificates.
	apply(t, svc, tenant, profile.ChangeSet{
		Customers: []profile.Customer{{Code: "A"}, {Code: "B"}},
		Certificates: []profile.Certificate{
			{Number: "SAME", CustomerCode: "A", Jurisdictions: []string{"US"}, ReasonCode: "G", EffectiveDate: date("2026-01-01")},
			{Number: "SAME", CustomerCode: "B", Jurisdictions: []string{"US"}, ReasonCode: "G", EffectiveDate: date("2026-01-01")},
		},
	})
	if r := records(t, s, tenant, time.Time{}); len(r.Certificates) != 2 {
		t.Fatalf("certificates: %+v", r.Certificates)
	}
}

func testTenantIsolation(t *testing.T, s profile.Store) {
	ctx := context.Background()
	svc := service(s)
	apply(t, svc, tenant, sample())
	// Another tenant's customer of the same code, with a certificate of
	// its own.
	v, err := svc.Apply(ctx, "globex", "client-9", profile.ChangeSet{
		Customers:    []profile.Customer{{Code: "C-1", Name: "Globex's C-1"}},
		Certificates: []profile.Certificate{{Number: "TX-1", CustomerCode: "C-1", Jurisdictions: []string{"US-NY"}, ReasonCode: "E", EffectiveDate: date("2020-01-01")}},
	})
	if err != nil || v != 1 {
		t.Fatalf("the other tenant's first change: version %d, %v", v, err)
	}
	sameJSON(t, "acme's records", records(t, s, tenant, time.Time{}), withVersion(sampleRecords(), 1, epoch))
	other := records(t, s, "globex", time.Time{})
	if len(other.Customers) != 1 || other.Customers[0].Name != "Globex's C-1" || len(other.Certificates) != 1 ||
		other.Certificates[0].Jurisdictions[0] != "US-NY" || len(other.Products) != 0 || other.Policy != nil {
		t.Fatalf("globex's records: %s", jsonOf(t, other))
	}
	// A deletion in one tenant leaves the other's record.
	if _, err := svc.Apply(ctx, "globex", "client-9", profile.ChangeSet{Deletes: []profile.Key{profile.CertificateKey("C-1", "TX-1")}}); err != nil {
		t.Fatal(err)
	}
	if r := records(t, s, tenant, time.Time{}); len(r.Certificates) != 2 {
		t.Fatalf("acme's certificates after globex deleted its TX-1: %+v", r.Certificates)
	}
	if h, _ := s.History(ctx, tenant, profile.CertificateKey("C-1", "TX-1")); len(h) != 1 {
		t.Fatalf("acme's history of TX-1: %+v", h)
	}
	if a, g := version(t, s, tenant), version(t, s, "globex"); a != 1 || g != 2 {
		t.Fatalf("versions: acme %d, globex %d", a, g)
	}
	// A deletion of a record that only the other tenant has is refused.
	_, err = svc.Apply(ctx, "globex", "client-9", profile.ChangeSet{Deletes: []profile.Key{profile.ProductKey("", "SKU-1")}})
	if levy.ErrorCode(err) != levy.EInvalid {
		t.Fatalf("globex deleting acme's product: %v", err)
	}
}

func testTenants(t *testing.T, s profile.Store) {
	ctx := context.Background()
	svc := service(s)
	if got, err := s.Tenants(ctx); err != nil || len(got) != 0 {
		t.Fatalf("the tenants of an empty store: %q, %v", got, err)
	}
	apply(t, svc, "globex", profile.ChangeSet{Customers: []profile.Customer{{Code: "C-1"}}})
	apply(t, svc, tenant, sample())
	// A refused change makes no tenant, nor does reading one.
	if _, err := svc.Apply(ctx, "initech", "client-1", profile.ChangeSet{Deletes: []profile.Key{profile.CustomerKey("C-1")}}); err == nil {
		t.Fatal("a deletion of nothing was applied")
	}
	records(t, s, "hooli", time.Time{})
	version(t, s, "hooli")
	got, err := s.Tenants(ctx)
	if err != nil || strings.Join(got, ",") != "acme,globex" {
		t.Fatalf("Tenants: %q, %v; want acme, globex", got, err)
	}
}

func testCreateAndUpdate(t *testing.T, s profile.Store) {
	ctx := context.Background()
	svc := service(s)
	apply(t, svc, tenant, sample())
	apply(t, svc, "globex", profile.ChangeSet{Customers: []profile.Customer{{Code: "G-1"}}})
	before := records(t, s, tenant, time.Time{})

	// Creating what exists: refused, naming the key's field, nothing
	// stored.
	dup := profile.ChangeSet{
		Customers:    []profile.Customer{{Code: "C-9"}},
		Certificates: []profile.Certificate{{Number: "TX-1", CustomerCode: "C-1", Jurisdictions: []string{"US-OK"}, ReasonCode: "G", EffectiveDate: date("2026-01-01")}},
	}
	_, err := svc.Create(ctx, tenant, "client-1", dup)
	if levy.ErrorCode(err) != levy.EInvalid || !strings.Contains(err.Error(), "certificates[0].number") {
		t.Fatalf("creating certificate TX-1 again: %v", err)
	}
	sameJSON(t, "the records after a refused creation", records(t, s, tenant, time.Time{}), before)
	// The same number of another customer, or of another tenant, is new.
	if _, err := svc.Create(ctx, tenant, "client-1", profile.ChangeSet{Certificates: []profile.Certificate{
		{Number: "TX-1", CustomerCode: "C-2", Jurisdictions: []string{"US-OK"}, ReasonCode: "G", EffectiveDate: date("2026-01-01")}}}); err != nil {
		t.Fatalf("creating another customer's TX-1: %v", err)
	}
	if _, err := svc.Create(ctx, "globex", "client-9", profile.ChangeSet{Customers: []profile.Customer{{Code: "C-1"}}}); err != nil {
		t.Fatalf("creating globex's C-1: %v", err)
	}

	// Updating what does not exist, here or only in another tenant:
	// refused as not found, nothing stored.
	before = records(t, s, tenant, time.Time{})
	for _, cs := range []profile.ChangeSet{
		{Customers: []profile.Customer{{Code: "G-1", Name: "not acme's"}}},
		{Products: []profile.Product{{Code: "SKU-404", Class: "GENERAL"}}},
	} {
		_, err := svc.Update(ctx, tenant, "client-1", cs)
		if levy.ErrorCode(err) != levy.ENotFound {
			t.Fatalf("updating %s: %v", jsonOf(t, cs), err)
		}
	}
	sameJSON(t, "the records after refused updates", records(t, s, tenant, time.Time{}), before)
	if r := records(t, s, "globex", time.Time{}); len(r.Customers) != 2 || r.Customers[1].Name != "" {
		t.Fatalf("globex's customers after acme's update of G-1: %+v", r.Customers)
	}
	// Updating what exists, and a policy, which may always be stored.
	v, err := svc.Update(ctx, tenant, "client-1", profile.ChangeSet{Customers: []profile.Customer{{Code: "C-2", Name: "Beta Stores Inc."}},
		Policy: &profile.Policy{ExpiryNoticeDays: 10}})
	if err != nil {
		t.Fatalf("updating C-2: %v", err)
	}
	if r := records(t, s, tenant, time.Time{}); r.Version != v || r.Customers[1].Name != "Beta Stores Inc." || r.Policy.ExpiryNoticeDays != 10 {
		t.Fatalf("after the update: %s", jsonOf(t, r))
	}
}

// pdf returns a small PDF-like document that names n.
func pdf(n int) []byte { return fmt.Appendf(nil, "%%PDF-1.7\n%% certificate %d\n%%%%EOF\n", n) }

func testDocuments(t *testing.T, s profile.Store) {
	ctx := context.Background()
	svc := service(s)
	doc := pdf(1)
	ref, err := svc.PutDocument(ctx, tenant, doc, "application/pdf", `C:\scans\TX-1.pdf`)
	if err != nil {
		t.Fatal(err)
	}
	if ref.SHA256 != profile.Digest(doc) || ref.Size != int64(len(doc)) || ref.FileName != "TX-1.pdf" || ref.MediaType != "application/pdf" {
		t.Fatalf("the reference: %+v", ref)
	}
	got, err := s.Document(ctx, tenant, ref.SHA256)
	if err != nil || !bytes.Equal(got, doc) {
		t.Fatalf("Document: %q, %v", got, err)
	}
	// Storing it again does nothing.
	if err := s.PutDocument(ctx, tenant, ref.SHA256, doc); err != nil {
		t.Fatal(err)
	}
	// Another tenant has no such document.
	if _, err := s.Document(ctx, "globex", ref.SHA256); levy.ErrorCode(err) != levy.ENotFound {
		t.Fatalf("another tenant's document: %v", err)
	}
	if _, err := svc.Document(ctx, tenant, profile.Digest([]byte("never stored"))); levy.ErrorCode(err) != levy.ENotFound {
		t.Fatalf("a document never stored: %v", err)
	}
	// A certificate names it; another tenant's certificate cannot.
	c := profile.Certificate{Number: "D-1", CustomerCode: "C-1", Jurisdictions: []string{"US-TX"}, ReasonCode: "G", EffectiveDate: date("2026-01-01"), Document: &ref}
	apply(t, svc, tenant, profile.ChangeSet{Customers: []profile.Customer{{Code: "C-1"}}, Certificates: []profile.Certificate{c}})
	_, err = svc.Apply(ctx, "globex", "client-9", profile.ChangeSet{Customers: []profile.Customer{{Code: "C-1"}}, Certificates: []profile.Certificate{c}})
	if levy.ErrorCode(err) != levy.EInvalid || !strings.Contains(err.Error(), "certificates[0].document.sha256") {
		t.Fatalf("another tenant's certificate naming acme's document: %v", err)
	}
	// A certificate whose document's size or type is not the stored one's
	// is refused.
	bad := c
	badRef := ref
	badRef.Size++
	badRef.MediaType = "image/png"
	bad.Document = &badRef
	_, err = svc.Apply(ctx, tenant, "client-1", profile.ChangeSet{Certificates: []profile.Certificate{bad}})
	var list levy.Errors
	if !errors.As(err, &list) || len(list) != 2 || list[0].Field != "certificates[0].document.size" || list[1].Field != "certificates[0].document.mediaType" {
		t.Fatalf("a certificate with the wrong size and type of its document: %v", err)
	}
	// A document as large as may be kept.
	big := bytes.Repeat([]byte{0xab}, profile.MaxDocumentSize)
	copy(big, "\x89PNG\r\n\x1a\n")
	bigRef, err := svc.PutDocument(ctx, tenant, big, "image/png", "scan.png")
	if err != nil {
		t.Fatal(err)
	}
	if got, err := s.Document(ctx, tenant, bigRef.SHA256); err != nil || !bytes.Equal(got, big) {
		t.Fatalf("the largest document: %d bytes, %v", len(got), err)
	}
}

func testConcurrentApplies(t *testing.T, s profile.Store) {
	ctx := context.Background()
	const n = 12
	var wg sync.WaitGroup
	type result struct {
		version, saw uint64
		err          error
	}
	results := make([]result, n)
	for i := range n {
		wg.Go(func() {
			cs := profile.ChangeSet{Customers: []profile.Customer{{Code: fmt.Sprintf("C-%02d", i)}}}
			entries, err := cs.Entries()
			if err != nil {
				results[i].err = err
				return
			}
			var saw uint64
			v, err := s.Apply(ctx, tenant, profile.Commit{At: time.Now().UTC().Truncate(time.Microsecond), By: "c", Entries: entries,
				Need: profile.Need{All: true},
				Check: func(cur *profile.Records) error {
					// The records the check sees are those of the
					// version the change follows.
					if uint64(len(cur.Customers)) != cur.Version {
						return fmt.Errorf("version %d with %d customers", cur.Version, len(cur.Customers))
					}
					saw = cur.Version
					return nil
				}})
			results[i] = result{v, saw, err}
		})
	}
	wg.Wait()
	seen := map[uint64]bool{}
	for i, r := range results {
		if r.err != nil {
			t.Fatalf("change %d: %v", i, r.err)
		}
		if r.version != r.saw+1 || seen[r.version] {
			t.Fatalf("change %d made version %d after its check saw version %d (versions so far %v)", i, r.version, r.saw, seen)
		}
		seen[r.version] = true
	}
	if r := records(t, s, tenant, time.Time{}); r.Version != n || len(r.Customers) != n {
		t.Fatalf("after %d changes at once: version %d, %d customers", n, r.Version, len(r.Customers))
	}
}

func testLargeChange(t *testing.T, s profile.Store) {
	svc := service(s)
	var cs profile.ChangeSet
	const customers = 2500
	for i := range customers {
		code := fmt.Sprintf("CUST-%05d", i)
		cs.Customers = append(cs.Customers, profile.Customer{Code: code, Name: "Customer " + code + strings.Repeat(" of a long name", 8), IsBusiness: true})
		cs.Certificates = append(cs.Certificates, profile.Certificate{Number: "R-" + code, CustomerCode: code,
			Jurisdictions: []string{"US-TX", "US-CA", "US-NY", "US-WA"}, ReasonCode: "G", EffectiveDate: date("2026-01-01")})
	}
	for i := range profile.MaxChanges - 2*customers {
		cs.Products = append(cs.Products, profile.Product{Code: fmt.Sprintf("SKU-%05d", i), Class: "GENERAL"})
	}
	if cs.Len() != profile.MaxChanges {
		t.Fatalf("the change set has %d records", cs.Len())
	}
	apply(t, svc, tenant, cs)
	r := records(t, s, tenant, time.Time{})
	if r.Len() != profile.MaxChanges {
		t.Fatalf("stored %d records of %d", r.Len(), profile.MaxChanges)
	}
	cs.Products = append(cs.Products, profile.Product{Code: "ONE-TOO-MANY", Class: "GENERAL"})
	if _, err := svc.Apply(context.Background(), tenant, "client-1", cs); levy.ErrorCode(err) != levy.ETooLarge {
		t.Fatalf("a change set of %d records: %v", cs.Len(), err)
	}
}

func testCancelled(t *testing.T, s profile.Store) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := s.Records(ctx, tenant, time.Time{}); !errors.Is(err, context.Canceled) {
		t.Errorf("Records: %v", err)
	}
	if _, err := s.Apply(ctx, tenant, profile.Commit{At: epoch, By: "x", Entries: []profile.Entry{{Key: profile.CustomerKey("C"), Data: []byte(`{"code":"C"}`)}}}); err == nil {
		t.Errorf("Apply with a cancelled context succeeded")
	}
	if v := version(t, s, tenant); v != 0 {
		t.Errorf("an Apply with a cancelled context made version %d", v)
	}
}

func testClose(t *testing.T, s profile.Store) {
	ctx := context.Background()
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatalf("a second Close: %v", err)
	}
	check := func(what string, err error) {
		t.Helper()
		// A closed store cannot serve now (its host is shutting down):
		// the code says so, not that Levy failed.
		if !errors.Is(err, profile.ErrClosed) || levy.ErrorCode(err) != levy.EUnavailable {
			t.Errorf("%s after Close: %v (code %q), want ErrClosed of code %q", what, err, levy.ErrorCode(err), levy.EUnavailable)
		}
	}
	_, err := s.Apply(ctx, tenant, profile.Commit{At: epoch, By: "x"})
	check("Apply", err)
	_, err = s.Records(ctx, tenant, time.Time{})
	check("Records", err)
	_, err = s.History(ctx, tenant, profile.CustomerKey("C"))
	check("History", err)
	_, err = s.Version(ctx, tenant)
	check("Version", err)
	check("PutDocument", s.PutDocument(ctx, tenant, profile.Digest(pdf(1)), pdf(1)))
	_, err = s.Document(ctx, tenant, profile.Digest(pdf(1)))
	check("Document", err)
	check("CheckWrite", s.CheckWrite(ctx))
}

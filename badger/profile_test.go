package badger

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	bdb "github.com/dgraph-io/badger/v4"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/profile/profiletest"
)

// TestProfileConformance runs the conformance suite of profile.Store
// over the Badger store, and checks after each of its tests that every
// key it wrote is of the documented layout.
func TestProfileConformance(t *testing.T) {
	profiletest.Run(t, func(t *testing.T) profile.Store {
		dir := t.TempDir()
		t.Cleanup(func() { checkKeyLayout(t, "profile", dir) })
		s, err := OpenProfile(context.Background(), dir)
		if err != nil {
			t.Fatal(err)
		}
		return s
	})
}

// openProfile opens the profile store in dir, closed when the test ends.
func openProfile(t *testing.T, dir string) *ProfileStore {
	t.Helper()
	s, err := OpenProfile(context.Background(), dir, WithSyncWrites(false))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// customers returns a commit of n customers whose names have size bytes.
func customers(prefix string, n, size int) profile.Commit {
	var entries []profile.Entry
	for i := range n {
		code := fmt.Sprintf("%s-%05d", prefix, i)
		data := fmt.Appendf(nil, `{"code":%q,"name":%q}`, code, strings.Repeat("n", size))
		entries = append(entries, profile.Entry{Key: profile.CustomerKey(code), Data: data})
	}
	return profile.Commit{At: time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC), By: "cli", Entries: entries}
}

// TestProfileChangeOfManyTransactions stores a change far larger than one
// Badger transaction holds (its batch is 15% of the 16 MiB memory table):
// it is stored whole, as one version.
func TestProfileChangeOfManyTransactions(t *testing.T) {
	ctx := context.Background()
	s := openProfile(t, t.TempDir())
	const n, size = 8000, 2000 // about 16 MB
	v, err := s.Apply(ctx, "acme", customers("C", n, size))
	if err != nil {
		t.Fatal(err)
	}
	r, err := s.Records(ctx, "acme", time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	if v != 1 || r.Version != 1 || len(r.Customers) != n {
		t.Fatalf("version %d, read at %d with %d customers, want 1 and %d", v, r.Version, len(r.Customers), n)
	}
}

// staleVersions writes versions of customers for the tenant's version v
// without moving its head, as a change that a crash interrupts leaves
// them.
func staleVersions(t *testing.T, s *ProfileStore, tenant string, v uint64, codes ...string) {
	t.Helper()
	err := s.db.Update(func(txn *bdb.Txn) error {
		for _, c := range codes {
			k := binary.BigEndian.AppendUint64(profRecordPrefix(tenant, profile.CustomerKey(c)), v)
			if err := txn.Set(k, append([]byte{1}, fmt.Appendf(nil, `{"code":%q}`, c)...)); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// customerCodes returns the codes of the tenant's customers now.
func customerCodes(t *testing.T, s *ProfileStore, tenant string) string {
	t.Helper()
	r, err := s.Records(context.Background(), tenant, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	var codes []string
	for _, c := range r.Customers {
		codes = append(codes, c.Code)
	}
	return strings.Join(codes, " ")
}

// TestProfileInterruptedChange: the versions that an interrupted change
// wrote above the head are never read, and are gone after the store opens
// again, so that the next change, which takes the same version, shows
// none of them.
func TestProfileInterruptedChange(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s, err := OpenProfile(ctx, dir, WithSyncWrites(false))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Apply(ctx, "acme", customers("A", 2, 1)); err != nil {
		t.Fatal(err)
	}
	staleVersions(t, s, "acme", 2, "GHOST-1", "GHOST-2")
	if got := customerCodes(t, s, "acme"); got != "A-00000 A-00001" {
		t.Fatalf("the records with an interrupted change on disk: %s", got)
	}
	if h, err := s.History(ctx, "acme", profile.CustomerKey("GHOST-1")); err != nil || len(h) != 0 {
		t.Fatalf("the history of a record of the interrupted change: %+v, %v", h, err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s = openProfile(t, dir)
	var left int
	err = s.db.View(func(txn *bdb.Txn) error {
		it := txn.NewIterator(bdb.IteratorOptions{Prefix: profRecordPrefix("acme", profile.CustomerKey("GHOST-1"))})
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			left++
		}
		return nil
	})
	if err != nil || left != 0 {
		t.Fatalf("versions of the interrupted change after the store opened again: %d, %v", left, err)
	}
	if _, err := s.Apply(ctx, "acme", customers("B", 1, 1)); err != nil {
		t.Fatal(err)
	}
	if got := customerCodes(t, s, "acme"); got != "A-00000 A-00001 B-00000" {
		t.Fatalf("the records after the next change: %s", got)
	}
}

// TestProfileFailedChangeCleaned: after a change that failed having
// written versions, the tenant's next change deletes them first.
func TestProfileFailedChangeCleaned(t *testing.T) {
	ctx := context.Background()
	s := openProfile(t, t.TempDir())
	staleVersions(t, s, "acme", 1, "GHOST")
	s.dirty["acme"] = true // as Apply leaves it after a failed write
	if _, err := s.Apply(ctx, "acme", customers("A", 1, 1)); err != nil {
		t.Fatal(err)
	}
	if got := customerCodes(t, s, "acme"); got != "A-00000" {
		t.Fatalf("the records after the change that followed a failed one: %s", got)
	}
}

func TestProfileSchemaVersion(t *testing.T) {
	dir := t.TempDir()
	s, err := OpenProfile(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	writeRaw(t, dir, func(txn *bdb.Txn) error { return txn.Set([]byte("V"), []byte("3")) })
	_, err = OpenProfile(context.Background(), dir)
	if err == nil || !strings.Contains(err.Error(), `the profile store has schema version "3", this Levy supports version "2" only`) {
		t.Fatalf("OpenProfile of version 3: %v", err)
	}
}

// TestProfileUpgradeFromV1: a store of schema version 1, with its
// records, opens as version 2 with the records as they were, so that a
// Levy that reads version 1 only refuses it afterwards.
func TestProfileUpgradeFromV1(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s, err := OpenProfile(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Apply(ctx, "acme", customers("A", 2, 1)); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	writeRaw(t, dir, func(txn *bdb.Txn) error { return txn.Set([]byte("V"), []byte("1")) })
	s, err = OpenProfile(ctx, dir)
	if err != nil {
		t.Fatalf("OpenProfile of version 1: %v", err)
	}
	if got := customerCodes(t, s, "acme"); got != "A-00000 A-00001" {
		t.Fatalf("the records after the upgrade: %s", got)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	var version string
	writeRaw(t, dir, func(txn *bdb.Txn) error { // reads only
		item, err := txn.Get([]byte("V"))
		if err != nil {
			return err
		}
		v, err := item.ValueCopy(nil)
		version = string(v)
		return err
	})
	if version != "2" {
		t.Fatalf("schema version after the upgrade: %q", version)
	}
}

// TestProfileRestart: records, versions, history and documents survive a
// restart.
func TestProfileRestart(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s, err := OpenProfile(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	svc := profile.NewService(s, profile.Config{})
	doc := []byte("%PDF-1.4 scan")
	ref, err := svc.PutDocument(ctx, "acme", doc, "application/pdf", "a.pdf")
	if err != nil {
		t.Fatal(err)
	}
	cs := profile.ChangeSet{
		Customers: []profile.Customer{{Code: "C-1"}},
		Certificates: []profile.Certificate{{Number: "N", CustomerCode: "C-1", Jurisdictions: []string{"TX"}, ReasonCode: "G",
			EffectiveDate: civil.MustParse("2026-01-01"), Document: &ref}},
	}
	if _, err := svc.Apply(ctx, "acme", "cli", cs); err != nil {
		t.Fatal(err)
	}
	before, err := s.Records(ctx, "acme", time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s = openProfile(t, dir)
	after, err := s.Records(ctx, "acme", time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	if b, a := jsonText(t, before), jsonText(t, after); a != b || after.Version != 1 || after.Certificates[0].Document.SHA256 != ref.SHA256 {
		t.Fatalf("after the restart: %s, before %s", jsonText(t, after), jsonText(t, before))
	}
	if got, err := s.Document(ctx, "acme", ref.SHA256); err != nil || string(got) != string(doc) {
		t.Fatalf("the document after the restart: %q, %v", got, err)
	}
}

// jsonText returns v as JSON.
func jsonText(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// BenchmarkProfileApply applies a change of one customer to a tenant of
// five thousand customers with a certificate each, writes synced: the
// change reads only the records its checks need.
func BenchmarkProfileApply(b *testing.B) {
	ctx := context.Background()
	s, err := OpenProfile(ctx, b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { s.Close() })
	svc := profile.NewService(s, profile.Config{})
	var cs profile.ChangeSet
	for i := range 5000 {
		code := fmt.Sprintf("C-%05d", i)
		cs.Customers = append(cs.Customers, profile.Customer{Code: code})
		cs.Certificates = append(cs.Certificates, profile.Certificate{Number: "TX-1", CustomerCode: code, Jurisdictions: []string{"TX"},
			ReasonCode: "G", EffectiveDate: civil.MustParse("2026-01-01")})
	}
	if _, err := svc.Apply(ctx, "acme", "cli", cs); err != nil {
		b.Fatal(err)
	}
	i := 0
	for b.Loop() {
		i++
		if _, err := svc.Apply(ctx, "acme", "cli", profile.ChangeSet{Customers: []profile.Customer{{Code: "C-00000", Name: fmt.Sprint(i)}}}); err != nil {
			b.Fatal(err)
		}
	}
}

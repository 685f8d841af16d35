package profilecsv_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/api/profileadmin"
	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/profile/profilecsv"
)

// stores returns a Service over each kind of store an import runs on:
// memory (levy serve without a data directory) and Badger (--data-dir).
func stores(t *testing.T) map[string]*profile.Service {
	t.Helper()
	b, err := badger.OpenProfile(context.Background(), filepath.Join(t.TempDir(), "profile"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return map[string]*profile.Service{
		"memory": service(t),
		"badger": profile.NewService(b, profile.Config{Validator: validator(t)}),
	}
}

// reimport reads files (name, content, ...) as the CLI and the admin
// route do: KeepStored against the current records, then ApplyIf with
// Unchanged. It returns the version stored and the located error.
func reimport(t *testing.T, svc *profile.Service, reinstate bool, files ...string) (uint64, error) {
	t.Helper()
	ctx := context.Background()
	im, err := readNamed(files...)
	if err != nil {
		return 0, err
	}
	cur, err := svc.Records(ctx, "acme", time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	im.ReinstateRevoked = reinstate
	if err := im.KeepStored(cur, civil.MustParse("2026-06-15")); err != nil {
		return 0, err
	}
	return profileadmin.ApplyImport(ctx, svc, "acme", "cli", im, cur)
}

// TestReimportDoesNotUnrevoke imports the files, revokes TX-1 as the
// console does, and imports the same files again: their row of TX-1,
// status active, is refused naming the file, the row and the
// certificate, and nothing is stored; with ReinstateRevoked the
// certificate is active again.
func TestReimportDoesNotUnrevoke(t *testing.T) {
	for name, svc := range stores(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			files := []string{"customers.csv", customersCSV, "certificates.csv", certificatesCSV}
			if _, err := reimport(t, svc, false, files...); err != nil {
				t.Fatal(err)
			}
			revoked := profile.Certificate{Number: "TX-1", CustomerCode: "C-1", Jurisdictions: []string{"US-TX"}, ReasonCode: "G",
				EffectiveDate: civil.MustParse("2026-01-01"), ExpirationDate: civil.MustParse("2026-12-31"),
				Status: profile.StatusRevoked, RevokedDate: civil.MustParse("2026-03-01")}
			v, err := svc.Update(ctx, "acme", "console", profile.ChangeSet{Certificates: []profile.Certificate{revoked}})
			if err != nil {
				t.Fatal(err)
			}

			_, err = reimport(t, svc, false, files...)
			if levy.ErrorCode(err) != levy.EConflict || !strings.Contains(err.Error(), "certificates.csv:2:status") ||
				!strings.Contains(err.Error(), "TX-1 of customer C-1 is revoked (from 2026-03-01)") ||
				!strings.Contains(err.Error(), "--reinstate-revoked") {
				t.Fatalf("a row of status active for a revoked certificate: %v", err)
			}
			if got, _ := svc.Store().Version(ctx, "acme"); got != v {
				t.Errorf("the refused import stored version %d (was %d)", got, v)
			}
			if c := certificate(t, svc, "TX-1"); !c.Revoked() || c.RevokedDate != civil.MustParse("2026-03-01") {
				t.Errorf("TX-1 after the refused import: %+v", c)
			}

			if _, err := reimport(t, svc, true, files...); err != nil {
				t.Fatalf("with ReinstateRevoked: %v", err)
			}
			if c := certificate(t, svc, "TX-1"); c.Revoked() || !c.RevokedDate.IsZero() {
				t.Errorf("TX-1 reinstated: %+v", c)
			}
		})
	}
}

// certificate returns C-1's certificate number of acme.
func certificate(t *testing.T, svc *profile.Service, number string) profile.Certificate {
	t.Helper()
	r, err := svc.Records(context.Background(), "acme", time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range r.Certificates {
		if c.CustomerCode == "C-1" && c.Number == number {
			return c
		}
	}
	t.Fatalf("no certificate %s", number)
	return profile.Certificate{}
}

// TestReimportChangesNothing imports the same files twice: the second
// import stores nothing (the version and every record's history stay)
// and counts the records unchanged; a file with one row changed stores
// that record alone; and a record left out because it equalled the
// stored one but changed between the import's read and its write is
// refused as a conflict, naming its row, rather than skipped unseen.
func TestReimportChangesNothing(t *testing.T) {
	for name, svc := range stores(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			files := []string{"customers.csv", customersCSV, "certificates.csv", certificatesCSV,
				"products.csv", productsCSV, "registrations.csv", registrationsCSV}
			v, err := reimport(t, svc, false, files...)
			if err != nil || v != 1 {
				t.Fatalf("the first import: version %d, %v", v, err)
			}
			im := read(t, files...)
			cur, _ := svc.Records(ctx, "acme", time.Time{})
			if err := im.KeepStored(cur, civil.MustParse("2026-06-15")); err != nil {
				t.Fatal(err)
			}
			v, err = profileadmin.ApplyImport(ctx, svc, "acme", "cli", im, cur)
			if err != nil || v != 1 || im.ChangeSet.Len() != 0 || im.Skipped() != 6 {
				t.Fatalf("the same files again: version %d, %d records stored, %d unchanged, %v", v, im.ChangeSet.Len(), im.Skipped(), err)
			}
			if got, _ := svc.Store().Version(ctx, "acme"); got != 1 {
				t.Errorf("the same files again made version %d", got)
			}
			for _, k := range []profile.Key{profile.CustomerKey("C-1"), profile.CertificateKey("C-1", "TX-1"), profile.ProductKey("SKU", "SKU-1")} {
				if h, err := svc.History(ctx, "acme", k); err != nil || len(h) != 1 {
					t.Errorf("%s after the same files again: %d versions, %v", k, len(h), err)
				}
			}

			// One row changed: that record alone is stored.
			changed := strings.Replace(customersCSV, "Alpha Supply", "Alpha Supply Co", 1)
			files[1] = changed
			im = read(t, files...)
			cur, _ = svc.Records(ctx, "acme", time.Time{})
			if err := im.KeepStored(cur, civil.MustParse("2026-06-15")); err != nil {
				t.Fatal(err)
			}
			v, err = profileadmin.ApplyImport(ctx, svc, "acme", "cli", im, cur)
			if err != nil || v != 2 || len(im.ChangeSet.Customers) != 1 || im.ChangeSet.Len() != 1 || im.Skipped() != 5 {
				t.Fatalf("one row changed: version %d, %+v, %d unchanged, %v", v, im.ChangeSet, im.Skipped(), err)
			}

			// TX-1 is revoked after the import read it, equal then to its
			// row: the import, which stores C-2 anew, is refused.
			files[1] = strings.Replace(changed, "Beta Stores", "Beta Shops", 1)
			im = read(t, files...)
			cur, _ = svc.Records(ctx, "acme", time.Time{})
			if err := im.KeepStored(cur, civil.MustParse("2026-06-15")); err != nil {
				t.Fatal(err)
			}
			revoked := profile.Certificate{Number: "TX-1", CustomerCode: "C-1", Jurisdictions: []string{"US-TX"}, ReasonCode: "G",
				EffectiveDate: civil.MustParse("2026-01-01"), ExpirationDate: civil.MustParse("2026-12-31"),
				Status: profile.StatusRevoked, RevokedDate: civil.MustParse("2026-03-01")}
			if v, err = svc.Update(ctx, "acme", "console", profile.ChangeSet{Certificates: []profile.Certificate{revoked}}); err != nil {
				t.Fatal(err)
			}
			_, err = profileadmin.ApplyImport(ctx, svc, "acme", "cli", im, cur)
			if levy.ErrorCode(err) != levy.EConflict || !strings.Contains(err.Error(), "certificates.csv:2") {
				t.Fatalf("TX-1 revoked meanwhile: %v", err)
			}
			if got, _ := svc.Store().Version(ctx, "acme"); got != v {
				t.Errorf("the refused import made version %d (was %d)", got, v)
			}
		})
	}
}

// read reads files (name, content, ...) into an Import.
func read(t *testing.T, files ...string) *profilecsv.Import {
	t.Helper()
	im, err := readNamed(files...)
	if err != nil {
		t.Fatal(err)
	}
	return im
}

package profilecsv_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/profile/profilecsv"
)

// FuzzImport reads any bytes as an import file, as the admin route
// /admin/v1/profile/import/files and levy profile import do, and applies
// what it reads to a tenant's profile: nothing panics, every fault of the
// file is a levy.Error whose field names the file, and an import the
// service takes leaves records that export and read back.
func FuzzImport(f *testing.F) {
	for _, s := range []string{customersCSV, certificatesCSV, productsCSV, registrationsCSV,
		"franchise_area_id,name,basis,rate,jurisdiction,effective_date\nCHI-1,Cable Fee,revenue,0.05,US-1714000,2026-01-01\n",
		"customer_code\n\"", "product_code,product_class\nA,\"SAAS\nB,GENERAL\n"} {
		f.Add("import.csv", s)
	}
	v := validator(f)
	f.Fuzz(func(t *testing.T, name, content string) {
		svc := profile.NewService(profile.NewMemory(), profile.Config{Validator: v})
		if name == "" || strings.ContainsAny(name, ":\n") {
			name = "import.csv"
		}
		im, err := profilecsv.ReadFiles(profilecsv.File{Name: name, Content: strings.NewReader(content)})
		if err != nil {
			var es levy.Errors
			if !errors.As(err, &es) {
				t.Fatalf("not a list of faults: %v", err)
			}
			for _, e := range es {
				if !strings.HasPrefix(e.Field, name) {
					t.Fatalf("a fault that does not name the file %q: %#v", name, e)
				}
			}
			return
		}
		ctx := context.Background()
		cur, err := svc.Records(ctx, "fuzz", time.Time{})
		if err != nil {
			t.Fatal(err)
		}
		if err := im.KeepStored(cur, civil.MustParse("2026-06-15")); err != nil {
			if err := im.Locate(err); err == nil {
				t.Fatal("Locate lost the fault of an import")
			}
			return
		}
		if _, err := svc.Apply(ctx, "fuzz", "fuzz", im.ChangeSet); err != nil {
			if err := im.Locate(err); err == nil {
				t.Fatal("Locate lost the fault of an import")
			}
			return
		}
		recs, err := svc.Records(ctx, "fuzz", time.Time{})
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range profilecsv.Kinds {
			var b strings.Builder
			if err := profilecsv.Write(&b, k, recs); err != nil {
				t.Fatalf("writing %v after an import: %v", k, err)
			}
			if _, err := profilecsv.ReadFiles(profilecsv.File{Name: "back.csv", Content: strings.NewReader(b.String())}); err != nil {
				t.Fatalf("the %v export does not read back: %v\n%s", k, err, b.String())
			}
		}
	})
}

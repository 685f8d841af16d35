package profilecsv_test

import (
	"context"
	"testing"
	"time"

	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
)

// TestReimportKeepsRegistrationType stores a registration for the EU's
// Union scheme (its type set through the admin routes) and imports a
// registrations.csv of the columns an ERP exports, which has no
// registration_type column, holding the same registration: it keeps
// its type (the calculations read the scheme from it), and the file
// imports as unchanged. A file with the column says the type, an empty
// cell none.
func TestReimportKeepsRegistrationType(t *testing.T) {
	const header = "company_code,jurisdiction,registration_number,effective_date,end_date,physical_presence"
	for name, svc := range stores(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			oss := profile.Registration{CompanyCode: "ACME", Jurisdiction: "NL", Number: "NL004909665B07", Type: wire.TaxRegistrationTypeUnionScheme}
			v, err := svc.Apply(ctx, "acme", "console", profile.ChangeSet{Registrations: []profile.Registration{oss}})
			if err != nil {
				t.Fatal(err)
			}
			typeOf := func() wire.TaxRegistrationType {
				t.Helper()
				r, err := svc.Records(ctx, "acme", time.Time{})
				if err != nil || len(r.Registrations) != 1 {
					t.Fatalf("the registrations: %v %+v", err, r)
				}
				return r.Registrations[0].Type
			}

			got, err := reimport(t, svc, false, "registrations.csv", header+"\nACME,NLD,NL 0049.09.665.B07,,,false\n")
			if err != nil {
				t.Fatal(err)
			}
			if typ := typeOf(); typ != wire.TaxRegistrationTypeUnionScheme || got != v {
				t.Errorf("after a file without registration_type: type %q, version %d (was %d)", typ, got, v)
			}

			if _, err := reimport(t, svc, false, "registrations.csv", header+",registration_type\nACME,NLD,NL004909665B07,,,false,\n"); err != nil {
				t.Fatal(err)
			}
			if typ := typeOf(); typ != "" {
				t.Errorf("after a file whose registration_type is empty: type %q", typ)
			}
		})
	}
}

// TestReimportKeepsFeeCurrency stores a per-line franchise fee in
// Canadian dollars and imports a franchises.csv of the server's table
// without the currency column holding the same fee: it keeps its
// currency (its amount is not read as US dollars), and the file imports
// as unchanged.
func TestReimportKeepsFeeCurrency(t *testing.T) {
	const header = "franchise_area_id,name,basis,amount,jurisdiction"
	for name, svc := range stores(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			if _, err := reimport(t, svc, false, "franchises.csv", header+",currency\nTOR-1,Cable Fee,per-line,0.85,,CAD\n"); err != nil {
				t.Fatal(err)
			}
			v, err := svc.Store().Version(ctx, "acme")
			if err != nil {
				t.Fatal(err)
			}
			got, err := reimport(t, svc, false, "franchises.csv", header+"\nTOR-1,Cable Fee,per-line,0.85,\n")
			if err != nil {
				t.Fatal(err)
			}
			r, err := svc.Records(ctx, "acme", time.Time{})
			if err != nil || len(r.Franchises) != 1 {
				t.Fatalf("the fees: %v %+v", err, r)
			}
			if c := r.Franchises[0].Currency; c != "CAD" || got != v {
				t.Errorf("after a file without currency: currency %q, version %d (was %d)", c, got, v)
			}
		})
	}
}

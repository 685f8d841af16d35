package profilecsv_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/api/profileadmin"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
)

// TestKeptValuesChangedMeanwhileRefused reads a registrations.csv
// without the registration_type column and a franchises.csv without the
// currency column, each changing a stored record (so that neither is
// left out as unchanged), and completes them from the stored records;
// then another request changes the stored type and currency before the
// import is applied. The import is refused, naming each file's row, and
// the other request's change stands: the import wrote the type and the
// currency it had read, undoing that change unseen.
func TestKeptValuesChangedMeanwhileRefused(t *testing.T) {
	for name, svc := range stores(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			oss := profile.Registration{CompanyCode: "ACME", Jurisdiction: "NL", Number: "NL004909665B07", Type: wire.TaxRegistrationTypeUnionScheme}
			fee := profile.Franchise{AreaID: "TOR-1", Name: "Cable Fee", PerLine: true, Amount: dec("0.85"), Currency: "CAD"}
			if _, err := svc.Apply(ctx, "acme", "console", profile.ChangeSet{Registrations: []profile.Registration{oss}, Franchises: []profile.Franchise{fee}}); err != nil {
				t.Fatal(err)
			}
			for _, c := range []struct {
				file, content, place string
				change               profile.ChangeSet
				check                func(r *profile.Records) bool
			}{
				{"registrations.csv", "company_code,jurisdiction,registration_number,effective_date,end_date,physical_presence\nACME,NLD,NL004909665B07,,,true\n",
					"registrations.csv:2:registration_number",
					profile.ChangeSet{Registrations: []profile.Registration{{CompanyCode: "ACME", Jurisdiction: "NL", Number: "NL004909665B07",
						Type: wire.TaxRegistrationTypeImportOneStopShop}}},
					func(r *profile.Records) bool {
						return len(r.Registrations) == 1 && r.Registrations[0].Type == wire.TaxRegistrationTypeImportOneStopShop && !r.Registrations[0].PhysicalPresence
					}},
				{"franchises.csv", "franchise_area_id,name,basis,amount,jurisdiction\nTOR-1,Cable Fee,per-line,0.95,\n",
					"franchises.csv:2:name",
					profile.ChangeSet{Franchises: []profile.Franchise{{AreaID: "TOR-1", Name: "Cable Fee", PerLine: true, Amount: dec("0.85"), Currency: "USD"}}},
					func(r *profile.Records) bool {
						return len(r.Franchises) == 1 && r.Franchises[0].Currency == "USD" && r.Franchises[0].Amount != nil && r.Franchises[0].Amount.Equal(*dec("0.85"))
					}},
			} {
				im, err := readNamed(c.file, c.content)
				if err != nil {
					t.Fatal(err)
				}
				cur, err := svc.Records(ctx, "acme", time.Time{})
				if err != nil {
					t.Fatal(err)
				}
				if err := im.KeepStored(cur, civil.MustParse("2026-06-15")); err != nil {
					t.Fatal(err)
				}
				if _, err := svc.Update(ctx, "acme", "console", c.change); err != nil {
					t.Fatalf("%s: the other request: %v", c.file, err)
				}
				_, err = profileadmin.ApplyImport(ctx, svc, "acme", "cli", im, cur)
				if levy.ErrorCode(err) != levy.EConflict || !strings.Contains(err.Error(), c.place) ||
					!strings.Contains(err.Error(), "changed by another request") {
					t.Errorf("%s: %v; want a conflict at %s", c.file, err, c.place)
				}
				r, err := svc.Records(ctx, "acme", time.Time{})
				if err != nil {
					t.Fatal(err)
				}
				if !c.check(r) {
					t.Errorf("%s: the other request's change was undone: %+v %+v", c.file, r.Registrations, r.Franchises)
				}
			}
		})
	}
}

// TestRepeatedColumnNamesBothPositions reads files whose header names a
// column twice (once in other case, once three times): each is refused
// naming the file, the column and both of its positions, the first
// kept as the one repeated.
func TestRepeatedColumnNamesBothPositions(t *testing.T) {
	for _, c := range []struct {
		name, content string
		want          []string
	}{
		{"customers.csv", "customer_code,name,class_code,is_business,Name\nC-1,Alpha,,no,Beta\n",
			[]string{"customers.csv:1:name: the column name is named twice, as columns 2 and 5"}},
		{"products.csv", "product_code,product_class,product_code,product_code\nA,GENERAL,B,C\n",
			[]string{"products.csv:1:product_code: the column product_code is named twice, as columns 1 and 3",
				"products.csv:1:product_code: the column product_code is named twice, as columns 1 and 4"}},
	} {
		_, err := readNamed(c.name, c.content)
		var errs levy.Errors
		if !errors.As(err, &errs) || len(errs) != len(c.want) {
			t.Errorf("%s: %v; want %d errors", c.name, err, len(c.want))
			continue
		}
		for i, e := range errs {
			if got := e.Field + ": " + e.Message; !strings.HasPrefix(got, c.want[i]) || e.Code != levy.EInvalid {
				t.Errorf("%s: %s %q; want %q", c.name, e.Code, got, c.want[i])
			}
		}
	}
}

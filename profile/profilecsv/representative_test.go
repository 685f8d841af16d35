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
)

// TestRegistrationRepresentativeColumns: a registrations.csv with the
// representative columns stores the row's fiscal representative, its
// country as its alpha-2 code; a row that names a representative
// without a country is refused at its row and column; a file of the
// columns an ERP exports, without them, keeps the representative stored
// and imports as unchanged; and a file with the columns whose cells are
// empty takes the representative away.
func TestRegistrationRepresentativeColumns(t *testing.T) {
	const old = "company_code,jurisdiction,registration_number,effective_date,end_date,physical_presence"
	const header = old + ",representative_name,representative_number,representative_street1,representative_city,representative_postal_code,representative_country"
	for name, svc := range stores(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			stored := func() *profile.Representative {
				t.Helper()
				r, err := svc.Records(ctx, "acme", time.Time{})
				if err != nil || len(r.Registrations) != 1 {
					t.Fatalf("the registrations: %v %+v", err, r)
				}
				return r.Registrations[0].Representative
			}

			v, err := reimport(t, svc, false, "registrations.csv", header+"\nACME,DEU,DE136695976,,,false,Elbe Steuervertretung GmbH,DE129273398,Jungfernstieg 7,Hamburg,20354,deu\n")
			if err != nil {
				t.Fatal(err)
			}
			rep := stored()
			if rep == nil || rep.Name != "Elbe Steuervertretung GmbH" || rep.Number != "DE129273398" || rep.Address == nil ||
				rep.Address.Street1 != "Jungfernstieg 7" || rep.Address.City != "Hamburg" || rep.Address.PostalCode != "20354" || rep.Address.Country != "DE" {
				t.Fatalf("the representative stored: %+v", rep)
			}

			_, err = reimport(t, svc, false, "registrations.csv", header+"\nACME,DEU,DE136695976,,,false,Elbe Steuervertretung GmbH,DE129273398,,Hamburg,,\n")
			var list levy.Errors
			if !errors.As(err, &list) || len(list) != 1 || list[0].Field != "registrations.csv:2:representative_country" || !strings.Contains(list[0].Message, "required") {
				t.Errorf("a representative without a country: %v, want it refused at registrations.csv:2:representative_country", err)
			}

			got, err := reimport(t, svc, false, "registrations.csv", old+"\nACME,DEU,DE 136 695 976,,,false\n")
			if err != nil {
				t.Fatal(err)
			}
			if r := stored(); r == nil || r.Name != "Elbe Steuervertretung GmbH" || got != v {
				t.Errorf("after a file without the representative columns: %+v, version %d (was %d)", r, got, v)
			}

			if _, err := reimport(t, svc, false, "registrations.csv", header+"\nACME,DEU,DE136695976,,,false,,,,,,\n"); err != nil {
				t.Fatal(err)
			}
			if r := stored(); r != nil {
				t.Errorf("after a file whose representative cells are empty: %+v", r)
			}
		})
	}
}

// TestRepresentativeKeptChangedMeanwhile: a file without the
// representative columns is completed from the registration as read;
// when another request changes that registration's representative
// before the import is applied, the import is refused (EConflict at the
// row) and does not undo the change.
func TestRepresentativeKeptChangedMeanwhile(t *testing.T) {
	ctx := context.Background()
	svc := service(t)
	reg := func(name string) profile.Registration {
		return profile.Registration{CompanyCode: "ACME", Jurisdiction: "DEU", Number: "DE136695976", PhysicalPresence: true,
			Representative: &profile.Representative{Name: name, Number: "DE129273398", Address: &profile.RepresentativeAddress{Country: "DE"}}}
	}
	if _, err := svc.Apply(ctx, "acme", "console", profile.ChangeSet{Registrations: []profile.Registration{reg("Alte Vertretung GmbH")}}); err != nil {
		t.Fatal(err)
	}
	im, err := readNamed("registrations.csv", "company_code,jurisdiction,registration_number,effective_date,end_date,physical_presence\nACME,DEU,DE136695976,,,false\n")
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
	if _, err := svc.Apply(ctx, "acme", "console", profile.ChangeSet{Registrations: []profile.Registration{reg("Neue Vertretung GmbH")}}); err != nil {
		t.Fatal(err)
	}
	_, err = profileadmin.ApplyImport(ctx, svc, "acme", "cli", im, cur)
	var le *levy.Error
	if !errors.As(err, &le) || le.Code != levy.EConflict || !strings.HasPrefix(le.Field, "registrations.csv:2") || !strings.Contains(le.Message, "fiscal representative") {
		t.Fatalf("the import after the representative changed: %v, want an EConflict at registrations.csv:2", err)
	}
	now, _ := svc.Records(ctx, "acme", time.Time{})
	if rep := now.Registrations[0].Representative; rep == nil || rep.Name != "Neue Vertretung GmbH" || !now.Registrations[0].PhysicalPresence {
		t.Errorf("the registration after the refused import: %+v", now.Registrations[0])
	}
}

package cli

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levytax/levy/data"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/taxarea"
)

// TestProfileRegistrationRepresentative: levy profile import reads a
// registrations.csv whose representative columns name the seller's
// fiscal representative, with its country's name, which the dataset
// reads; list shows the representative, and export writes it back in
// its columns, the country as its alpha-2 code.
func TestProfileRegistrationRepresentative(t *testing.T) {
	dir := t.TempDir()
	file := writeFiles(t, "registrations.csv",
		"company_code,jurisdiction,registration_number,effective_date,end_date,physical_presence,representative_name,representative_number,representative_city,representative_country\n"+
			"GRACHTEN,DEU,DE136695976,,,false,Elbe Steuervertretung GmbH,DE129273398,Hamburg,Germany\n")[0]
	profileCLI(t, 0, "import", "--data-dir", dir, file)
	out, _ := profileCLI(t, 0, "list", "--data-dir", dir, "registrations")
	if !strings.Contains(out, "REPRESENTATIVE") || !strings.Contains(out, "Elbe Steuervertretung GmbH (DE129273398)") {
		t.Errorf("list registrations does not show the representative:\n%s", out)
	}
	exp := t.TempDir()
	profileCLI(t, 0, "export", "--data-dir", dir, "--format", "csv", "--out", exp)
	b, err := os.ReadFile(filepath.Join(exp, "registrations.csv"))
	if err != nil {
		t.Fatal(err)
	}
	if got := string(b); !strings.Contains(got, "Elbe Steuervertretung GmbH,DE129273398,,,Hamburg,,,DE") {
		t.Errorf("the export of the registration:\n%s", got)
	}
}

// TestProfileRepresentativeVATRegion: the profile's validation reads a
// representative's country as a calculation's request does, a VAT region
// of the dataset by its code or name (XI, Northern Ireland) being its
// country (GB), which a request naming the same representative would
// give: a stored registration may name what a request may.
func TestProfileRepresentativeVATRegion(t *testing.T) {
	v, err := profileValidator(data.Default(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, country := range []string{"XI", "Northern Ireland", "northern ireland", "GB", "United Kingdom"} {
		cs := profile.ChangeSet{Registrations: []profile.Registration{{Jurisdiction: "GBR", Number: "XI123456782",
			Representative: &profile.Representative{Name: "Lagan Tax Agents Ltd", Number: "XI987654321",
				Address: &profile.RepresentativeAddress{City: "Belfast", Country: country}}}}}
		if err := v.Check(&cs); err != nil {
			t.Errorf("a representative in %q: %v", country, err)
			continue
		}
		if got := cs.Registrations[0].Representative.Address.Country; got != "GB" {
			t.Errorf("a representative in %q is stored in %q, want GB", country, got)
		}
	}
	cs := profile.ChangeSet{Registrations: []profile.Registration{{Jurisdiction: "DEU", Number: "DE136695976",
		Representative: &profile.Representative{Name: "X", Number: "DE129273398", Address: &profile.RepresentativeAddress{Country: "Atlantis"}}}}}
	if err := v.Check(&cs); err == nil {
		t.Error("a representative in Atlantis was accepted")
	}
}

// TestProfileRepresentativeCountryAsARequest: a representative's country
// given by name is stored as the address lookups read the same name in a
// calculation's request (taxarea.Resolver.Country), so that a stored
// registration and a request naming the same representative keep the
// same country in the journal: a US territory's name the US, a VAT
// region's name its country. Before, the profile stored "Puerto Rico"
// as PR where a request gave US.
func TestProfileRepresentativeCountryAsARequest(t *testing.T) {
	v, err := profileValidator(data.Default(), nil)
	if err != nil {
		t.Fatal(err)
	}
	r, err := taxarea.New(context.Background(), data.Default())
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"Puerto Rico", "Guam", "Germany", "Northern Ireland", "Netherlands"} {
		want, ok := r.Country(name)
		if !ok {
			t.Fatalf("the address lookups do not read %q", name)
		}
		cs := profile.ChangeSet{Registrations: []profile.Registration{{Jurisdiction: "DEU", Number: "DE136695976",
			Representative: &profile.Representative{Name: "Elbe Steuervertretung GmbH", Number: "DE129273398",
				Address: &profile.RepresentativeAddress{Country: name}}}}}
		if err := v.Check(&cs); err != nil {
			t.Errorf("a representative in %q: %v", name, err)
			continue
		}
		if got := cs.Registrations[0].Representative.Address.Country; got != want {
			t.Errorf("a representative in %q is stored in %q; a request gives %q", name, got, want)
		}
	}
}

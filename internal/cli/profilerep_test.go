package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
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

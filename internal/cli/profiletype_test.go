package cli

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/levytax/levy/api/profileadmin"
)

// twoRegistrations is a change set of a Danish company's VAT number and
// its CVR of the same digits: two records of one number.
const twoRegistrations = `{"registrations":[
 {"companyCode":"ACME","jurisdiction":"DNK","number":"DK13585628","type":"VAT Registration"},
 {"companyCode":"ACME","jurisdiction":"DNK","number":"13585628","type":"Commercial Registration"}]}`

// TestProfileRegistrationType: levy profile show and delete name one of
// a number's two registrations by --type, over a data directory and
// through a server. A show or a deletion that names neither is refused
// naming --type, and the deletion deletes nothing; a --type that is neither identity nor tax,
// or given for another kind of record, is refused before anything is
// opened.
func TestProfileRegistrationType(t *testing.T) {
	dir := t.TempDir()
	file := writeFiles(t, "two.json", twoRegistrations)[0]
	for _, tenant := range []string{"acme", "beta"} {
		profileCLI(t, 0, "import", "--data-dir", dir, "--tenant", tenant, file)
	}
	detail := func(out string) profileadmin.RegistrationDetail {
		t.Helper()
		var d profileadmin.RegistrationDetail
		if err := json.Unmarshal([]byte(out), &d); err != nil {
			t.Fatalf("%v: %s", err, out)
		}
		return d
	}
	remaining := func(where ...string) string {
		t.Helper()
		out, _ := profileCLI(t, 0, append(append([]string{"list"}, where...), "registrations", "--json")...)
		var page profileadmin.RegistrationPage
		if err := json.Unmarshal([]byte(out), &page); err != nil {
			t.Fatalf("%v: %s", err, out)
		}
		var got []string
		for _, g := range page.Items {
			got = append(got, string(g.Type))
		}
		return strings.Join(got, ", ")
	}
	reg := []string{"registration", "DNK", "DK13585628", "--company", "ACME"}
	check := func(where ...string) {
		t.Helper()
		cmd := func(verb string, more ...string) []string {
			return append(append(append([]string{verb}, where...), reg...), more...)
		}
		for typ, want := range map[string]string{"identity": "Commercial Registration", "tax": "VAT Registration", "TAX": "VAT Registration"} {
			out, _ := profileCLI(t, 0, cmd("show", "--type", typ)...)
			if d := detail(out); d.Registration == nil || string(d.Registration.Type) != want {
				t.Errorf("show --type %s %v: %+v, want the %s", typ, where, d.Registration, want)
			}
		}
		if _, errOut := profileCLI(t, 1, cmd("show")...); !strings.Contains(errOut, "--type") {
			t.Errorf("show without --type %v: %s, want an error naming --type", where, errOut)
		}
		if _, errOut := profileCLI(t, 1, cmd("delete")...); !strings.Contains(errOut, "--type") {
			t.Errorf("delete without --type %v: %s, want an error naming --type", where, errOut)
		}
		if got := remaining(where...); got != "Commercial Registration, VAT Registration" && got != "VAT Registration, Commercial Registration" {
			t.Fatalf("after a refused deletion %v: %s", where, got)
		}
		out, _ := profileCLI(t, 0, cmd("delete", "--type", "identity")...)
		if d := detail(out); !d.Deleted || len(d.Versions) != 2 || d.Versions[0].Registration == nil ||
			string(d.Versions[0].Registration.Type) != "Commercial Registration" {
			t.Errorf("delete --type identity %v printed %+v, want the CVR deleted", where, d)
		}
		if got := remaining(where...); got != "VAT Registration" {
			t.Errorf("after delete --type identity %v: %s, want the VAT registration alone", where, got)
		}
		// The one registration left needs no --type.
		profileCLI(t, 0, cmd("delete")...)
		if got := remaining(where...); got != "" {
			t.Errorf("after the last deletion %v: %s", where, got)
		}
	}
	for _, bad := range [][]string{
		append([]string{"show", "--data-dir", dir}, append(reg, "--type", "vat")...),
		{"show", "--data-dir", dir, "customer", "C-1", "--type", "tax"},
		{"delete", "--data-dir", dir, "customer", "C-1", "--type", "identity"},
	} {
		if _, errOut := profileCLI(t, 2, bad...); !strings.Contains(errOut, "--type") {
			t.Errorf("levy profile %s: %s, want an error naming --type", strings.Join(bad, " "), errOut)
		}
	}
	check("--data-dir", dir, "--tenant", "acme")

	base := serveAsAdmin(t, dir, "beta")
	check("--server", base)
}

// TestProfileDeleteNotFoundNamesItsField: levy profile delete of a
// record the tenant does not have fails naming the key's last part, as
// show does and as the server's route answers: over a data directory
// and through a server alike.
func TestProfileDeleteNotFoundNamesItsField(t *testing.T) {
	dir := t.TempDir()
	file := writeFiles(t, "two.json", twoRegistrations)[0]
	profileCLI(t, 0, "import", "--data-dir", dir, "--tenant", "beta", file)
	missing := []struct {
		args  []string
		field string
	}{
		{[]string{"customer", "C-404"}, "code"},
		{[]string{"certificate", "C-404", "X-1"}, "number"},
		{[]string{"registration", "DNK", "DK99999999", "--company", "ACME"}, "number"},
		{[]string{"product", "HS", "640299"}, "code"},
		{[]string{"franchise", "US-TX", "fee"}, "name"},
	}
	check := func(where ...string) {
		t.Helper()
		for _, m := range missing {
			for _, verb := range []string{"show", "delete"} {
				_, errOut := profileCLI(t, 1, append(append([]string{verb}, where...), m.args...)...)
				if !strings.Contains(errOut, " "+m.field+": ") || !strings.Contains(errOut, "not in the") {
					t.Errorf("%s %s %v: %q, want not found naming %s", verb, strings.Join(m.args, " "), where, errOut, m.field)
				}
			}
		}
	}
	check("--data-dir", dir, "--tenant", "beta")

	base := serveAsAdmin(t, dir, "beta")
	check("--server", base)
}

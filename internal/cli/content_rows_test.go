package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestContentRowsThroughCommands loads a tax team's own Levy CSV through
// the commands: its rate is charged on its dates only and coverage names
// the file; a district whose rows name no where, and a file whose lines
// end with carriage returns alone, stop the command with the file, line
// and column named.
func TestContentRowsThroughCommands(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	const header = "state,jurisdiction,type,name,code,rate,category,effective,expiration,where,source\n"
	rates := write("team-rates.csv", header+"TX,US-4835000,CITY,Houston,,2%,general,2026-01-01,2026-06-30,place:4835000,team\n")
	for _, c := range []struct{ date, total string }{{"2026-03-01", `"totalTax": 8.25`}, {"2026-08-01", `"totalTax": 6.25`}} {
		req := write("houston-"+c.date+".json", `{"saleMessageType":"QUOTATION","transactionType":"SALE","documentDate":"`+c.date+`",
			"seller":{"company":"ACME","physicalOrigin":{"city":"Houston","mainDivision":"TX","postalCode":"77002","country":"US"}},
			"customer":{"destination":{"city":"Houston","mainDivision":"TX","postalCode":"77002","country":"US"}},
			"lineItems":[{"lineItemId":"1","product":{"productClass":"GENERAL"},"quantity":{"value":1},"extendedPrice":100.00}]}`)
		code, out, errOut := runCLI(t, "calc", "sale", "--content", rates, req)
		if code != 0 || !strings.Contains(out, c.total) {
			t.Errorf("calc on %s: exit %d, stderr %s, stdout %.600s", c.date, code, errOut, out)
		}
	}
	code, out, errOut := runCLI(t, "data", "coverage", "--state", "TX", "--content", rates)
	if code != 0 || !strings.Contains(out, "| TX | loaded content | team-rates.csv |") {
		t.Errorf("coverage: exit %d, stderr %s, stdout %.600s", code, errOut, out)
	}

	nowhere := write("districts.csv", header+
		"TX,US-4835000,CITY,Houston,,0.01,general,,,place:4835000,city\n"+
		"TX,US-TX-DFOO,SPECIAL_PURPOSE_DISTRICT,Foo District,,0.005,general,,,,district\n")
	mac := write("mac.csv", strings.ReplaceAll(header+"TX,US-4835000,CITY,Houston,,0.01,general,,,place:4835000,city\n", "\n", "\r"))
	for _, c := range []struct{ file, want string }{
		{nowhere, "districts.csv:3: column where: US-TX-DFOO applies nowhere"},
		{mac, "mac.csv:1: the file's lines end with a carriage return alone"},
	} {
		for _, args := range [][]string{
			{"data", "coverage", "--state", "TX", "--content", c.file},
			{"lookup", "address", "--city", "Houston", "--state", "TX", "--zip", "77002", "--content", c.file},
		} {
			code, _, errOut := runCLI(t, args...)
			if code != 1 || !strings.Contains(errOut, c.want) {
				t.Errorf("%v: exit %d, stderr %.600s; want exit 1 and %q", args, code, errOut, c.want)
			}
		}
	}
}

package cli

import (
	"encoding/json"
	"regexp"
	"testing"
)

// TestDataCoverageTaxabilityJSONNames: levy data coverage --taxability
// --format json wrote the rows under their Go field names ("State",
// "Class", "Taxable", "BasisPercent", "Effective"), unlike every other
// JSON output of Levy, whose members are in lower camel case ("code",
// "notCovered" in the coverage without --taxability). Every member of the
// whole matrix and of one state's rows, an election's included, is in
// lower camel case now, with the values as before.
func TestDataCoverageTaxabilityJSONNames(t *testing.T) {
	lowerCamel := regexp.MustCompile(`^[a-z][a-zA-Z]*$`)
	var check func(path string, v any)
	check = func(path string, v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, x := range v {
				if !lowerCamel.MatchString(k) {
					t.Errorf("%s: member %q is not in lower camel case", path, k)
				}
				check(path+"."+k, x)
			}
		case []any:
			for _, x := range v {
				check(path+"[]", x)
			}
		}
	}
	type election struct {
		Jurisdiction string `json:"jurisdiction"`
		Effective    string `json:"effective"`
	}
	type row struct {
		State         string     `json:"state"`
		Class         string     `json:"class"`
		Taxable       *bool      `json:"taxable"`
		BasisPercent  string     `json:"basisPercent"`
		Threshold     string     `json:"threshold"`
		ThresholdKind string     `json:"thresholdKind"`
		Local         string     `json:"local"`
		Elected       []election `json:"elected"`
		Status        string     `json:"status"`
		Citation      string     `json:"citation"`
	}
	for _, c := range []struct {
		args []string
		want []string // the rows looked for: TX data processing, NY clothing
	}{
		{[]string{"data", "coverage", "--taxability", "--format", "json", "--date", "2026-06-01"}, []string{"TX", "NY"}},
		{[]string{"data", "coverage", "--taxability", "--state", "ny", "--format", "json", "--date", "2026-06-01"}, []string{"NY"}},
		{[]string{"data", "coverage", "--taxability", "--state", "tx", "--format", "json", "--date", "2026-06-01"}, []string{"TX"}},
	} {
		args := c.args
		code, out, errOut := runCLI(t, args...)
		if code != 0 {
			t.Fatalf("%q: exit %d, %s", args, code, errOut)
		}
		var generic []any
		if err := json.Unmarshal([]byte(out), &generic); err != nil || len(generic) == 0 {
			t.Fatalf("%q: %v, %d rows", args, err, len(generic))
		}
		check("rows[]", generic)
		var rows []row
		if err := json.Unmarshal([]byte(out), &rows); err != nil {
			t.Fatal(err)
		}
		found := map[string]bool{}
		for _, r := range rows {
			if r.State == "" || r.Class == "" || r.Taxable == nil || r.Local == "" || r.Status == "" || r.Citation == "" {
				t.Errorf("%q: a row lacks a member it always has: %+v", args, r)
			}
			switch {
			case r.State == "TX" && r.Class == "DATA_PROCESSING":
				found["TX"] = r.BasisPercent == "0.8"
			case r.State == "NY" && r.Class == "CLOTHING":
				found["NY"] = r.Threshold == "110" && r.ThresholdKind == "below_exempt" &&
					len(r.Elected) > 0 && r.Elected[0].Jurisdiction != ""
			}
		}
		for _, st := range c.want {
			if !found[st] {
				t.Errorf("%q: the %s row looked for is missing or differs: %.1500s", args, st, out)
			}
		}
	}
}

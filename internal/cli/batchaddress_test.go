package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBatchCityZIPConflicts runs levy batch on the three addresses whose
// city does not contain their ZIP code: each output line is the
// calculation's response, whose destination carries the lookup's
// BAD_REGION_FIELDS status and confidence 50, in input order.
func TestBatchCityZIPConflicts(t *testing.T) {
	var lines []string
	for _, c := range cityZIPConflicts {
		var b bytes.Buffer
		if err := json.Compact(&b, []byte(conflictQuotation(c.city, c.state, c.zip))); err != nil {
			t.Fatal(err)
		}
		lines = append(lines, b.String())
	}
	dir := t.TempDir()
	in, out := filepath.Join(dir, "in.jsonl"), filepath.Join(dir, "out.jsonl")
	if err := os.WriteFile(in, []byte(strings.Join(lines, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runCLI(t, "batch", "sale", "--in", in, "--out", out, "--quiet"); code != 0 {
		t.Fatalf("exit %d, stderr %s", code, errOut)
	}
	raw, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Split(strings.TrimSuffix(string(raw), "\n"), "\n")
	if len(got) != len(cityZIPConflicts) {
		t.Fatalf("%d output lines for %d input lines", len(got), len(cityZIPConflicts))
	}
	for i, c := range cityZIPConflicts {
		var resp struct {
			Customer struct {
				Destination struct {
					City          string `json:"city"`
					TaxAreaID     string `json:"taxAreaId"`
					TaxAreaLookup struct {
						ConfidenceIndicator string `json:"confidenceIndicator"`
						Statuses            []struct{ LookupResult, Value string }
					} `json:"taxAreaLookup"`
				} `json:"destination"`
			} `json:"customer"`
		}
		if err := json.Unmarshal([]byte(got[i]), &resp); err != nil {
			t.Fatalf("line %d: %v: %s", i+1, err, got[i])
		}
		d := resp.Customer.Destination
		if d.City != c.city || d.TaxAreaID == "" || d.TaxAreaLookup.ConfidenceIndicator != "50" || len(d.TaxAreaLookup.Statuses) != 1 ||
			d.TaxAreaLookup.Statuses[0].LookupResult != "BAD_REGION_FIELDS" || !strings.HasPrefix(d.TaxAreaLookup.Statuses[0].Value, c.status) {
			t.Errorf("line %d (%s): %+v", i+1, c.city, d)
		}
	}
}

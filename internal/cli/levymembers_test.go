package cli

import (
	"io"
	"strings"
	"testing"
)

// TestServeLevyMembers runs levy serve with --levy-members omit and
// sends it a quotation whose ZIP code contradicts its state: the answer
// has no taxAreaLookup and tells the fault in the line's
// assistedParameters. LEVY_LEVY_MEMBERS sets the flag too, and a value
// other than include or omit is refused naming the flag.
func TestServeLevyMembers(t *testing.T) {
	base, stop, _, token := startServe(t, t.TempDir(), serveConfig{}, "--levy-members", "omit")
	defer func() {
		if err := stop(); err != nil {
			t.Error(err)
		}
	}()
	body := strings.Replace(serveQuotation, `"mainDivision":"CA"`, `"mainDivision":"NY"`, 1)
	resp := authed(t, "POST", base+"/api/v2/supplies", token, strings.NewReader(body))
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("%s %v %s", resp.Status, err, b)
	}
	if strings.Contains(string(b), "taxAreaLookup") || !strings.Contains(string(b), `"paramName":"customer.destination","phase":"PRE","ruleName":"tax-area-lookup"`) {
		t.Errorf("the answer under --levy-members omit: %s", b)
	}

	var c serveConfig
	if err := fromEnv(serveFlags(&c), func(_, k string) string {
		return map[string]string{"LEVY_LEVY_MEMBERS": " Omit"}[k]
	}); err != nil || c.levyMembers.mode != "omit" {
		t.Errorf("LEVY_LEVY_MEMBERS=' Omit': %q, %v", c.levyMembers.mode, err)
	}
	if code, _, errOut := runCLI(t, "serve", "--data-dir", t.TempDir(), "--levy-members", "strip"); code != 2 || !strings.Contains(errOut, "levy-members") ||
		!strings.Contains(errOut, "want include or omit") {
		t.Errorf("--levy-members strip: exit %d %q", code, errOut)
	}
}

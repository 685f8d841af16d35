package ubl

import "testing"

// TestNilAndZeroDocumentFail: a nil Document and a zero one, which Parse
// did not read, each fail Check and CheckWith with a fatal MISSING problem
// rather than pass as a document without problems; reading nil or empty
// bytes is an error.
func TestNilAndZeroDocumentFail(t *testing.T) {
	for name, d := range map[string]*Document{"nil": nil, "zero": {}} {
		for set, ps := range map[string][]Problem{"Check": d.Check(), "CheckWith(RulesPeppol)": d.CheckWith(RulesPeppol)} {
			if len(ps) != 1 || ps[0].Code != "MISSING" || !HasFatal(ps) {
				t.Errorf("%s Document: %s gave %v, want one fatal MISSING problem", name, set, ps)
			}
		}
	}
	for _, data := range [][]byte{nil, {}} {
		if _, err := Parse(data); err == nil {
			t.Errorf("Parse(%q) read a document", data)
		}
		if _, err := Read(data); err == nil {
			t.Errorf("Read(%q) read a document", data)
		}
		if _, err := ParseCII(data); err == nil {
			t.Errorf("ParseCII(%q) read a document", data)
		}
	}
}

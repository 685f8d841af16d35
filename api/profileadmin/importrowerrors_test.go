package profileadmin_test

import (
	"testing"
)

// TestImportFilesTellEveryBadRow: the import of files whose rows hold a
// day that is none beside a certificate that expires before it takes
// effect, and a jurisdiction Levy does not know, answers 400 naming
// every one of them, rather than the day alone (the others came to light
// only once it was mended), and stores nothing.
func TestImportFilesTellEveryBadRow(t *testing.T) {
	s := newServer(t)
	s.seed(t)
	before := s.version(t, "acme")
	a := s.multipart(t, p+"/import/files", s.acme, map[string]string{
		"certificates.csv": "certificate_number,customer_code,jurisdictions,reason_code,product_classes,effective_date,expiration_date,transaction_id,status\n" +
			"T-1,C-1,TX,G,,2026-01-01,2025-12-31,,active\n" +
			"T-2,C-1,TX,G,,2026-02-30,,,active\n" +
			"T-3,C-1,US-99999,G,,2026-01-01,,,active\n" +
			"T-4,C-1,TX,G,,2026-01-01,,,active\n",
	})
	if a.status != 400 {
		t.Fatalf("import: %d %s, want 400", a.status, a.body)
	}
	errs := a.errs()
	for _, f := range []string{"certificates.csv:2:expiration_date", "certificates.csv:3:effective_date", "certificates.csv:4:jurisdictions"} {
		if errs[f] == "" {
			t.Errorf("import: no error names %s: %s", f, a.body)
		}
	}
	if v := s.version(t, "acme"); v != before {
		t.Errorf("the import stored version %d (was %d)", v, before)
	}
}

package api_test

import (
	"strings"
	"testing"
)

// TestProfileRoutesAnswerAsDocumented sends the profile's admin routes
// of a whole server, as levy serve mounts them, with a tenant's admin
// token, and checks every answer, of success and of error, against the
// OpenAPI document the server serves.
func TestProfileRoutesAnswerAsDocumented(t *testing.T) {
	s := newBadServer(t)
	const p = "/admin/v1/profile"
	admin := []string{"Authorization", "Bearer " + s.admin}
	csv := append([]string{"Content-Type", "text/csv"}, admin...)
	pdf := append([]string{"Content-Type", "application/pdf"}, admin...)
	for _, r := range []struct {
		method, path, body string
		header             []string
		status             int
	}{
		{"POST", p + "/customers", `{"code":"C-1","name":"Alpha","isBusiness":true}`, admin, 201},
		{"POST", p + "/customers/C-1/certificates", `{"number":"TX-1","jurisdictions":["TX"],"reasonCode":"G","effectiveDate":"2026-01-01","expirationDate":"2026-12-31"}`, admin, 201},
		{"POST", p + "/customers/C-1/certificates", `{"number":"TX-2","jurisdictions":["TX"],"reasonCode":"G","effectiveDate":"2026-06-01","expirationDate":"2026-01-01"}`, admin, 400},
		{"PUT", p + "/customers/C-1/certificates/TX-1/document?fileName=tx.pdf", "%PDF-1.7\n%%EOF\n", pdf, 200},
		{"GET", p + "/customers/C-1/certificates/TX-1/document", "", admin, 200},
		{"POST", p + "/customers/C-1/certificates/TX-1/revoke", `{"revokedDate":"2026-06-01"}`, admin, 200},
		{"GET", p + "/customers/C-1", "", admin, 200},
		{"GET", p + "/customers/C-404", "", admin, 404},
		{"GET", p + "/customers?limit=10", "", admin, 200},
		{"GET", p + "/certificates?jurisdiction=TX&expiringBefore=2027-01-01", "", admin, 200},
		{"POST", p + "/registrations", `{"jurisdiction":"TX","number":"1","type":"State Identification Number"}`, admin, 201},
		{"GET", p + "/registrations/TX/1", "", admin, 200},
		{"GET", p + "/registrations", "", admin, 200},
		{"POST", p + "/products", `{"code":"SKU-1","class":"SAAS"}`, admin, 201},
		{"GET", p + "/products/SKU/SKU-1", "", admin, 200},
		{"GET", p + "/products", "", admin, 200},
		{"PUT", p + "/policy", `{"expiryNoticeDays":30,"tolerance":{"amount":"1.50","percent":"2"},"rounding":{"US-*":"HalfUp"}}`, admin, 200},
		{"GET", p + "/policy", "", admin, 200},
		{"POST", p + "/import", `{"customers":[{"code":"C-2"}]}`, admin, 200},
		{"POST", p + "/import/files?name=products.csv", "product_code,product_class\nSKU-2,GENERAL\n", csv, 200},
		{"POST", p + "/import/files?name=products.csv", "product_code,product_class\nSKU-3,WIDGETS\n", csv, 400},
		{"GET", p + "/export", "", admin, 200},
		{"GET", p + "/export/customers", "", admin, 200},
		{"DELETE", p + "/products/SKU/SKU-1", "", admin, 200},
	} {
		x := s.send(t, r.method, r.path, r.body, r.header...)
		if x.status != r.status {
			t.Errorf("%s %s: %d, want %d: %s", r.method, r.path, x.status, r.status, clipped(x.body))
			continue
		}
		if strings.HasSuffix(r.path, "/document") && r.method == "GET" {
			continue // a PDF, which the document describes as such
		}
		s.srv.CheckAnswer(t, x.req, x.status, x.header, x.body)
	}
}

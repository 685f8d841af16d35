package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levytax/levy/wire"
)

// TestProfileWalkCommands follows a distributor on the command line: the
// ERP's files imported with levy profile import reach levy calc over the
// same data directory, for the tenant named and no other; a certificate
// revoked by a later import charges the sales from its revocation day,
// saying so, and a row that would make it active again is refused
// storing nothing; a SKU imported gives its class; --explain-only names
// the certificate that exempts each tax.
func TestProfileWalkCommands(t *testing.T) {
	tmp := t.TempDir()
	dir := filepath.Join(tmp, "levy-data")
	write := func(name, body string) string {
		t.Helper()
		p := filepath.Join(tmp, name)
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	const header = "certificate_number,customer_code,jurisdictions,reason_code,product_classes,effective_date,expiration_date,transaction_id,status,revoked_date\n"
	customers := write("customers.csv", "customer_code,class_code,is_business,name\nC-1,,yes,Alpha Supply\n")
	certs := write("certificates.csv", header+"TX-1,C-1,TX,G,,2026-01-01,2026-12-31,,active,\n")
	if code, _, errOut := runCLI(t, "profile", "import", "--data-dir", dir, "--tenant", "acme", customers, certs); code != 0 {
		t.Fatalf("the import: exit %d, %s", code, errOut)
	}
	sale := func(name, day, customer, product string) string {
		return write(name, `{"saleMessageType":"QUOTATION","transactionType":"SALE","documentDate":"`+day+`",
 "seller":{"company":"ACME","physicalOrigin":{"city":"Seattle","mainDivision":"WA","postalCode":"98101","country":"US"}},
 "customer":{"customerCode":{"value":"`+customer+`"},"destination":{"streetAddress1":"1500 Marilla St","city":"Dallas","mainDivision":"TX","postalCode":"75201","country":"US"}},
 "lineItems":[{"lineItemId":"1","product":{`+product+`},"quantity":{"value":1},"extendedPrice":100}]}`)
	}
	june := sale("june.json", "2026-06-01", "C-1", `"productClass":"GENERAL"`)
	april := sale("april.json", "2026-04-30", "C-1", `"productClass":"GENERAL"`)
	calc := func(tenant, path string) (wire.SaleResponse, []string) {
		t.Helper()
		code, out, errOut := runCLI(t, "calc", "sale", "--data-dir", dir, "--tenant", tenant, path)
		if code != 0 {
			t.Fatalf("levy calc %s: exit %d, %s", path, code, errOut)
		}
		var r wire.SaleResponse
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatalf("levy calc %s: %v\n%s", path, err, out)
		}
		var said []string
		for _, p := range r.LineItems[0].AssistedParameters {
			if p.ParamName == "exemptionCertificate" {
				said = append(said, p.RuleName+" "+p.OriginalValue)
			}
		}
		return r, said
	}
	exempt := func(what string, r wire.SaleResponse, said []string) {
		t.Helper()
		if !r.TotalTax.IsZero() || len(said) != 0 {
			t.Errorf("%s: tax %s, said %v", what, r.TotalTax, said)
		}
		for _, x := range r.LineItems[0].Taxes {
			if x.CertificateNumber == nil || x.CertificateNumber.Value != "TX-1" {
				t.Errorf("%s: the tax of %s names %+v", what, x.Jurisdiction.JurisdictionID, x.CertificateNumber)
			}
		}
	}
	r, said := calc("acme", june)
	exempt("acme's June sale", r, said)
	if r, said = calc("beta", june); r.TotalTax.String() != "8.25" || len(said) != 0 {
		t.Errorf("beta's June sale: tax %s, said %v", r.TotalTax, said)
	}
	code, out, errOut := runCLI(t, "calc", "sale", "--data-dir", dir, "--tenant", "acme", "--explain-only", june)
	if code != 0 || strings.Count(out, "certificate TX-1 of customer C-1, reason G") < 2 {
		t.Errorf("--explain-only: exit %d, %s%s", code, out, errOut)
	}

	revoked := write("revoked.csv", header+"TX-1,C-1,TX,G,,2026-01-01,2026-12-31,,revoked,2026-05-01\n")
	if code, _, errOut := runCLI(t, "profile", "import", "--data-dir", dir, "--tenant", "acme", revoked); code != 0 {
		t.Fatalf("the revocation: exit %d, %s", code, errOut)
	}
	if r, said = calc("acme", june); r.TotalTax.String() != "8.25" || strings.Join(said, ",") != "certificate-revoked TX-1" {
		t.Errorf("acme's June sale after the revocation: tax %s, said %v", r.TotalTax, said)
	}
	r, said = calc("acme", april)
	exempt("acme's April sale after the revocation", r, said)
	if code, _, errOut := runCLI(t, "profile", "import", "--data-dir", dir, "--tenant", "acme", certs); code == 0 || !strings.Contains(errOut, "--reinstate-revoked") {
		t.Errorf("the old export's active row: exit %d, %s", code, errOut)
	}
	if r, said = calc("acme", june); r.TotalTax.String() != "8.25" || strings.Join(said, ",") != "certificate-revoked TX-1" {
		t.Errorf("acme's June sale after the refused import: tax %s, said %v", r.TotalTax, said)
	}

	products := write("products.csv", "product_code,product_class\nCRM-SEAT,SAAS\n")
	if code, _, errOut := runCLI(t, "profile", "import", "--data-dir", dir, "--tenant", "acme", products); code != 0 {
		t.Fatalf("the products: exit %d, %s", code, errOut)
	}
	r, _ = calc("acme", sale("sku.json", "2026-06-01", "C-2", `"value":"CRM-SEAT"`))
	if p := r.LineItems[0].Product; p == nil || p.ProductClass != "SAAS" {
		t.Errorf("the SKU imported: the line's product %+v", p)
	}
}

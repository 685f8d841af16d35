package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/profilecase"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
)

// TestProfileSinglePurchaseLifecycle follows the example's
// single-purchase certificate TX-PO-1 (customer C-SINGLE, transaction
// PO-1) through a document's life over each profile store: a QUOTATION
// of PO-1 is covered and uses nothing up, the INVOICE of PO-1 is covered
// and its journal keeps the certificate, the reversal of that invoice
// takes back exempt amounts naming it, an INVOICE of PO-2 is not
// covered, and after the invoice is deleted the INVOICE of PO-1 made
// again is covered as before. A transactionId sent with the spaces a
// fixed-width ERP field pads it with ("PO-1    ") is PO-1, as the
// customer code " C-1" is C-1: the certificate's transaction is stored
// without them.
func TestProfileSinglePurchaseLifecycle(t *testing.T) {
	for name, open := range profileStores(t) {
		t.Run(name, func(t *testing.T) {
			store := open(t)
			profilecase.Load(t, store)
			e, j := profileEngine(t, store)
			ctx := levy.WithTenant(context.Background(), profilecase.Tenant)
			sale := func(kind wire.SaleMessageType, id string) *wire.SaleResponse {
				t.Helper()
				req := profileSale("C-SINGLE", "GENERAL")
				req.SaleMessageType, req.TransactionID = kind, id
				r, err := e.Sale(ctx, req)
				if err != nil {
					t.Fatalf("%s %q: %v", kind, id, err)
				}
				return r
			}
			covered := func(what string, r *wire.SaleResponse) {
				t.Helper()
				for _, tx := range r.LineItems[0].Taxes {
					if tx.TaxResult != wire.TaxResultExempt || tx.CertificateNumber == nil || tx.CertificateNumber.Value != "TX-PO-1" {
						t.Errorf("%s: the tax of %s is %s, certificate %+v; parameters %+v", what, tx.Jurisdiction.JurisdictionID,
							tx.TaxResult, tx.CertificateNumber, r.LineItems[0].AssistedParameters)
					}
				}
			}
			journaled := func(what, id string, sign int) {
				t.Helper()
				tx, err := j.Get(ctx, profilecase.Tenant, id)
				if err != nil {
					t.Fatalf("%s: %v", what, err)
				}
				// The certificate's key is its customer and its number.
				if tx.Customer == nil || tx.Customer.Code != "C-SINGLE" {
					t.Errorf("%s: the journal's customer is %+v", what, tx.Customer)
				}
				for _, x := range tx.Lines[0].Taxes {
					if x.CertificateNumber != "TX-PO-1" || x.RuleID != CertificateRule || x.Exempt.Sign() != sign {
						t.Errorf("%s: the journal's tax of %s: certificate %q, rule %q, exempt %v", what, x.JurisdictionID,
							x.CertificateNumber, x.RuleID, x.Exempt)
					}
				}
			}

			covered("QUOTATION of PO-1", sale(wire.SaleQuotation, "PO-1"))
			covered("INVOICE of PO-1", sale(wire.SaleInvoice, "PO-1"))
			journaled("the INVOICE of PO-1", "PO-1", 1)
			if _, err := e.ReverseTransaction(ctx, "PO-1", wire.ReversalRequest{TransactionID: "PO-1-R"}); err != nil {
				t.Fatal(err)
			}
			journaled("the reversal of PO-1", "PO-1-R", -1)
			if r := sale(wire.SaleInvoice, "PO-2"); r.TotalTax.IsZero() {
				t.Error("the INVOICE of PO-2 is exempt by the certificate of PO-1")
			}
			if err := e.DeleteTransaction(ctx, "PO-1-R"); err != nil {
				t.Fatal(err)
			}
			if err := e.DeleteTransaction(ctx, "PO-1"); err != nil {
				t.Fatal(err)
			}
			covered("INVOICE of PO-1 after its delete", sale(wire.SaleInvoice, "PO-1"))
			journaled("the INVOICE of PO-1 made again", "PO-1", 1)

			for _, id := range []string{"PO-1    ", " PO-1"} {
				covered("QUOTATION of "+id, sale(wire.SaleQuotation, id))
			}
		})
	}
}

// TestProfileExplainNamesCertificate: the explanation of a tax that a
// stored certificate exempts names the certificate, its customer, its
// reason and the version of the tenant's profile the calculation read,
// over each profile store; after the certificate is edited, the
// explanation names the new version, and the certificate's history holds
// the revision the first calculation applied, at the version it named.
func TestProfileExplainNamesCertificate(t *testing.T) {
	for name, open := range profileStores(t) {
		t.Run(name, func(t *testing.T) {
			store := open(t)
			profilecase.Load(t, store)
			e, _ := profileEngine(t, store)
			ctx := levy.WithTenant(context.Background(), profilecase.Tenant)
			explainReasons := func() []string {
				t.Helper()
				_, ex, err := e.ExplainSale(ctx, profileSale("C-1", "GENERAL"))
				if err != nil {
					t.Fatal(err)
				}
				var out []string
				for _, x := range ex[0].Taxes {
					out = append(out, x.Reason)
				}
				return out
			}
			check := func(reasons []string, version string) {
				t.Helper()
				want := "certificate " + profilecase.Resale + " of customer C-1, reason G (Resale), as version " + version + " of the tenant's profile holds it"
				if len(reasons) < 2 {
					t.Fatalf("%d taxes explained", len(reasons))
				}
				for _, r := range reasons {
					if !strings.Contains(r, want) {
						t.Errorf("the reason %q does not say %q", r, want)
					}
				}
			}
			check(explainReasons(), "1")

			svc := profile.NewService(store, profile.Config{Cache: e.Profiles()})
			edited := profilecase.ChangeSet().Certificates[0]
			edited.ExpirationDate = civil.MustParse("2027-12-31")
			if _, err := svc.Apply(ctx, profilecase.Tenant, "test", profile.ChangeSet{Certificates: []profile.Certificate{edited}}); err != nil {
				t.Fatal(err)
			}
			check(explainReasons(), "2")
			revs, err := svc.History(ctx, profilecase.Tenant, edited.Key())
			if err != nil {
				t.Fatal(err)
			}
			if len(revs) != 2 || revs[0].Version != 1 || revs[1].Version != 2 {
				t.Fatalf("the certificate's history: %+v", revs)
			}
		})
	}
}

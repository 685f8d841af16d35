package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
)

// TestStoredTransactionNamesProfileVersion: a stored calculation records
// the version of the tenant's profile it read, so that an audit finds
// the certificate as it stood for that invoice. Two versions of the
// profile, an invoice stored under each, an accrual and an owner's
// movement under the second: each names its own; the reversal of the
// second invoice names the version its original was calculated under,
// and an engine without profiles stores 0.
func TestStoredTransactionNamesProfileVersion(t *testing.T) {
	ctx := context.Background()
	store := profile.NewMemory()
	svc := profile.NewService(store, profile.Config{})
	d := civil.MustParse
	v1, err := svc.Apply(ctx, levy.DefaultTenant, "test", profile.ChangeSet{
		Customers: []profile.Customer{{Code: "C-1"}},
		Certificates: []profile.Certificate{{Number: "TX-1", CustomerCode: "C-1", Jurisdictions: []string{"TX"}, ReasonCode: "G",
			EffectiveDate: d("2026-01-01")}},
	})
	if err != nil {
		t.Fatal(err)
	}
	e, j := profileEngine(t, store)

	invoice := func(id string) *wire.SaleResponse {
		t.Helper()
		req := profileSale("C-1", "GENERAL")
		req.SaleMessageType, req.TransactionID = wire.SaleInvoice, id
		r, err := e.Sale(ctx, req)
		if err != nil {
			t.Fatalf("invoice %s: %v", id, err)
		}
		return r
	}
	r := invoice("INV-A")
	if st := taxOf(t, r.LineItems[0].Taxes, "US-TX"); st.CertificateNumber == nil || st.CertificateNumber.Value != "TX-1" {
		t.Fatalf("under version %d the certificate does not exempt: %+v", v1, st)
	}

	// The certificate is revoked: the second version charges the tax.
	v2, err := svc.Apply(ctx, levy.DefaultTenant, "test", profile.ChangeSet{
		Certificates: []profile.Certificate{{Number: "TX-1", CustomerCode: "C-1", Jurisdictions: []string{"TX"}, ReasonCode: "G",
			EffectiveDate: d("2026-01-01"), ExpirationDate: d("2026-03-31")}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if v2 == v1 {
		t.Fatalf("the change made no new version (%d)", v2)
	}
	if err := e.Profiles().Invalidate(ctx, levy.DefaultTenant); err != nil {
		t.Fatal(err)
	}
	r = invoice("INV-B")
	if st := taxOf(t, r.LineItems[0].Taxes, "US-TX"); st.CalculatedTax.IsZero() {
		t.Fatalf("under version %d the expired certificate still exempts: %+v", v2, st)
	}
	buy := basePurchase()
	buy.PostToJournal, buy.TransactionID = nil, "ACC-1"
	if _, err := e.Purchase(ctx, buy); err != nil {
		t.Fatalf("accrual: %v", err)
	}
	own := baseOwner()
	own.PostToJournal, own.TransactionID = nil, "OWN-1"
	if _, err := e.Owner(ctx, own); err != nil {
		t.Fatalf("owner's movement: %v", err)
	}
	if _, err := e.ReverseTransaction(ctx, "INV-B", wire.ReversalRequest{TransactionID: "REV-B", PostingDate: d("2026-06-02")}); err != nil {
		t.Fatalf("reversal: %v", err)
	}

	for id, want := range map[string]uint64{"INV-A": v1, "INV-B": v2, "ACC-1": v2, "OWN-1": v2, "REV-B": v2} {
		tx, err := j.Get(ctx, levy.DefaultTenant, id)
		if err != nil {
			t.Fatalf("Get %s: %v", id, err)
		}
		if tx.ProfileVersion != want {
			t.Errorf("%s names profile version %d, want %d", id, tx.ProfileVersion, want)
		}
	}

	// PrepareSale (a journaled batch) hands the same to the journal.
	req := profileSale("C-1", "GENERAL")
	req.SaleMessageType, req.TransactionID = wire.SaleInvoice, "INV-C"
	_, tx, err := e.PrepareSale(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	if tx == nil {
		t.Fatal("PrepareSale of an invoice prepared no transaction")
	}
	if tx.ProfileVersion != v2 {
		t.Errorf("the prepared transaction names profile version %d, want %d", tx.ProfileVersion, v2)
	}

	// An engine that applies no profiles names none.
	plain := journal.NewMemory()
	ne, err := New(ctx, WithJournal(plain), WithToday(func() civil.Date { return d("2026-06-01") }))
	if err != nil {
		t.Fatal(err)
	}
	req = profileSale("", "GENERAL")
	req.SaleMessageType, req.TransactionID = wire.SaleInvoice, "INV-P"
	if _, err := ne.Sale(ctx, req); err != nil {
		t.Fatal(err)
	}
	if tx, err := plain.Get(ctx, levy.DefaultTenant, "INV-P"); err != nil {
		t.Fatal(err)
	} else if tx.ProfileVersion != 0 {
		t.Errorf("without profiles the invoice names profile version %d, want 0", tx.ProfileVersion)
	}
}

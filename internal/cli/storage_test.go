package cli

import (
	"context"
	"testing"
	"time"

	"github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/internal/pgtest"
)

// TestEInvoiceLeaseTerm: over a shared database, e-invoicing's leases
// last sharedLeaseTerm unless the configuration sets a term, so that the
// work of a killed node waits half a minute for another, not five; alone
// on Badger they keep einvoice's default.
func TestEInvoiceLeaseTerm(t *testing.T) {
	ctx := context.Background()
	url := pgtest.URL(t)
	for _, tc := range []struct {
		name     string
		database string
		set      time.Duration
		want     time.Duration
	}{
		{"database", url, 0, sharedLeaseTerm},
		{"database with a term", url, 2 * time.Minute, 2 * time.Minute},
		{"badger", "", 0, einvoice.DefaultLeaseTerm},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st, err := openStorage(ctx, t.TempDir(), tc.database, nil, false)
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			svc, err := st.einvoice(ctx, einvoice.Config{LeaseTerm: tc.set})
			if err != nil {
				t.Fatal(err)
			}
			if got := svc.LeaseTerm(); got != tc.want {
				t.Errorf("lease term %v, want %v", got, tc.want)
			}
		})
	}
}

package profilecsv_test

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
)

// TestReimportLaterRevocationDate stores TX-1 revoked from 2026-03-01
// and imports a row revoking it from a later day: the row is refused as
// a conflict naming its revoked_date and both dates, and nothing is
// stored, as the revocation route refuses a later day; with
// ReinstateRevoked the later day is taken, and an earlier day (revoking
// sooner) is taken without it.
func TestReimportLaterRevocationDate(t *testing.T) {
	const header = "certificate_number,customer_code,jurisdictions,reason_code,product_classes,effective_date,expiration_date,transaction_id,status,revoked_date\n"
	row := func(day string) string {
		return header + "TX-1,C-1,TX,G,,2026-01-01,2026-12-31,,revoked," + day + "\n"
	}
	for name, svc := range stores(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			if _, err := reimport(t, svc, false, "customers.csv", customersCSV, "certificates.csv", row("2026-03-01")); err != nil {
				t.Fatal(err)
			}
			v, _ := svc.Store().Version(ctx, "acme")

			_, err := reimport(t, svc, false, "certificates.csv", row("2026-05-01"))
			if levy.ErrorCode(err) != levy.EConflict || !strings.Contains(err.Error(), "certificates.csv:2:revoked_date") ||
				!strings.Contains(err.Error(), "2026-03-01") || !strings.Contains(err.Error(), "2026-05-01") ||
				!strings.Contains(err.Error(), "--reinstate-revoked") {
				t.Fatalf("a later revoked_date: %v", err)
			}
			if got, _ := svc.Store().Version(ctx, "acme"); got != v {
				t.Errorf("the refused import stored version %d (was %d)", got, v)
			}
			if c := certificate(t, svc, "TX-1"); c.RevokedDate != civil.MustParse("2026-03-01") {
				t.Errorf("TX-1 after the refused import: %+v", c)
			}

			if _, err := reimport(t, svc, false, "certificates.csv", row("2026-02-01")); err != nil {
				t.Fatalf("an earlier revoked_date: %v", err)
			}
			if c := certificate(t, svc, "TX-1"); c.RevokedDate != civil.MustParse("2026-02-01") {
				t.Errorf("TX-1 revoked sooner: %+v", c)
			}

			if _, err := reimport(t, svc, true, "certificates.csv", row("2026-05-01")); err != nil {
				t.Fatalf("a later revoked_date with ReinstateRevoked: %v", err)
			}
			if c := certificate(t, svc, "TX-1"); !c.Revoked() || c.RevokedDate != civil.MustParse("2026-05-01") {
				t.Errorf("TX-1 partly reinstated: %+v", c)
			}
		})
	}
}

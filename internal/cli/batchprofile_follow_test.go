package cli

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/levytax/levy/internal/pgtest"
	"github.com/levytax/levy/internal/profilecase"
	"github.com/levytax/levy/postgres"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
)

// TestJournalEngineFollowsDatabaseProfile: the engine of levy batch and
// levy calc over a database (journalEngine) applies a change of the
// tenant's profile made meanwhile elsewhere (a server's admin route,
// another node), as every calculation reads the profile as it is when it
// runs: a certificate revoked while a long batch runs no longer exempts
// its later documents. It kept the snapshot of its first calculation for
// the whole run.
func TestJournalEngineFollowsDatabaseProfile(t *testing.T) {
	url := pgtest.URL(t)
	loadProfiles(t, url)
	ctx := context.Background()
	e, ctx, closeAll, err := journalEngine(ctx, nil, "", url, profilecase.Tenant, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		if err := closeAll(); err != nil {
			t.Error(err)
		}
	}()
	covered := profilecase.Cases()[0]
	if covered.Name != "dallas-covered" {
		t.Fatalf("the first case is %s", covered.Name)
	}
	calc := func() *wire.SaleResponse {
		t.Helper()
		var req wire.SaleRequest
		if err := json.Unmarshal([]byte(covered.Request), &req); err != nil {
			t.Fatal(err)
		}
		r, err := e.Sale(ctx, &req)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	if err := covered.Check(calc()); err != nil {
		t.Fatalf("before the revocation: %v", err)
	}

	// Another process revokes the certificate from before the sale's day.
	db, err := postgres.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	svc := profile.NewService(db.Profile(), profile.Config{})
	cs := profilecase.ChangeSet()
	cert := cs.Certificates[0]
	if cert.Number != profilecase.Resale {
		t.Fatalf("the first certificate is %s", cert.Number)
	}
	cert.Status, cert.RevokedDate = profile.StatusRevoked, cert.EffectiveDate
	if _, err := svc.Update(context.Background(), profilecase.Tenant, "other-node", profile.ChangeSet{Certificates: []profile.Certificate{cert}}); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		r := calc()
		if !r.TotalTax.IsZero() {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the engine still exempts the sale by the certificate revoked in the database: total tax %s", r.TotalTax)
		}
	}
}

package postgres

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/levytax/levy/api"
	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/api/profileadmin"
	"github.com/levytax/levy/auth"
	"github.com/levytax/levy/auth/authtest"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/nexus"
	"github.com/levytax/levy/profile"
)

// adminNode serves the profile's admin routes of one node over store on
// loopback, and returns its URL and a token of acme's admin.
func adminNode(t *testing.T, store profile.Store) (string, string) {
	return adminNodeWith(t, store, func() civil.Date { return civil.MustParse("2026-06-15") })
}

// adminNodeWith is adminNode with the routes' clock today.
func adminNodeWith(t *testing.T, store profile.Store, today func() civil.Date) (string, string) {
	t.Helper()
	quiet := slog.New(slog.DiscardHandler)
	e, err := engine.New(context.Background(), engine.WithLogger(quiet))
	if err != nil {
		t.Fatal(err)
	}
	svc := profile.NewService(store, profile.Config{})
	iss := authtest.Issuer(t, auth.Config{NoActivationDelay: true})
	tokens := oauth.New(iss, oauth.WithLogger(quiet))
	opts := append([]api.Option{api.WithLogger(quiet), api.WithAuthenticator(tokens.Authenticator())}, tokens.Mounts()...)
	opts = append(opts, profileadmin.New(svc, tokens.AdminReaderAuthenticator(), profileadmin.WithToday(today)).Mounts()...)
	srv, err := api.New(e, opts...)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	return ts.URL, authtest.Token(t, iss, "acme", oauth.DefaultAdminAudience)
}

// certificateOf returns the tenant's certificate of customer and number
// as the store has it now.
func certificateOf(t *testing.T, s profile.Store, tenant, customer, number string) profile.Certificate {
	t.Helper()
	r, err := s.Records(context.Background(), tenant, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range r.Certificates {
		if c.CustomerCode == customer && c.Number == number {
			return c
		}
	}
	t.Fatalf("%s has no certificate %s of %s", tenant, number, customer)
	return profile.Certificate{}
}

// TestProfileScanDoesNotUndoARevocation: node A's admin uploads the scan
// of a certificate (PUT .../document) while node B's revokes the same
// certificate, between A's read of it and A's write. The upload must not
// store back the certificate as A read it, unrevoked: a customer whose
// exemption was revoked would be exempted again on every node, unseen.
// The upload is refused with a conflict, and the revocation stays.
//
// The upload's body is sent with Expect: 100-continue from a pipe, so
// that its first bytes leave only once the handler reads the body, which
// it does after it has read the certificate: B revokes then.
func TestProfileScanDoesNotUndoARevocation(t *testing.T) {
	ctx := context.Background()
	dbs := nodes(t, 2)
	a, b := dbs[0].Profile(), dbs[1].Profile()
	svcB := profile.NewService(b, profile.Config{})
	if _, err := svcB.Apply(ctx, "acme", "admin-b", texasCertificate("Alpha")); err != nil {
		t.Fatal(err)
	}
	url, token := adminNode(t, a)

	pr, pw := io.Pipe()
	req, err := http.NewRequest("PUT", url+profileadmin.Prefix+"/customers/C-1/certificates/TX-1/document", pr)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "application/pdf")
	req.Header.Set("Expect", "100-continue")
	client := &http.Client{Transport: &http.Transport{ExpectContinueTimeout: time.Minute}}
	type reply struct {
		status int
		body   string
		err    error
	}
	replied := make(chan reply, 1)
	go func() {
		resp, err := client.Do(req)
		if err != nil {
			replied <- reply{err: err}
			return
		}
		defer resp.Body.Close()
		body, err := io.ReadAll(resp.Body)
		replied <- reply{status: resp.StatusCode, body: string(body), err: err}
	}()
	// The first bytes go once node A reads the body: it has read the
	// certificate.
	if _, err := pw.Write([]byte("%PDF-1.7\n")); err != nil {
		t.Fatal(err)
	}
	revoked := certificateOf(t, b, "acme", "C-1", "TX-1")
	revoked.Status, revoked.RevokedDate = profile.StatusRevoked, civil.MustParse("2026-03-01")
	if _, err := svcB.Update(ctx, "acme", "admin-b", profile.ChangeSet{Certificates: []profile.Certificate{revoked}}.AsInput()); err != nil {
		t.Fatalf("node B's revocation: %v", err)
	}
	if _, err := pw.Write([]byte("% a scanned certificate\n%%EOF\n")); err != nil {
		t.Fatal(err)
	}
	pw.Close()
	r := <-replied
	if r.err != nil {
		t.Fatal(r.err)
	}

	c := certificateOf(t, b, "acme", "C-1", "TX-1")
	if !c.Revoked() || c.RevokedDate != civil.MustParse("2026-03-01") {
		t.Fatalf("after node A's upload (%d %s) the certificate is %+v: node B's revocation is undone", r.status, r.body, c)
	}
	if r.status != http.StatusConflict {
		t.Errorf("node A's upload over a certificate changed meanwhile: %d %s, want 409", r.status, r.body)
	}

	// Sent again, with nothing changing meanwhile, the scan is given to
	// the certificate as it now is: revoked.
	req, err = http.NewRequest("PUT", req.URL.String(), strings.NewReader("%PDF-1.7\n% a scanned certificate\n%%EOF\n"))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "application/pdf")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	c = certificateOf(t, b, "acme", "C-1", "TX-1")
	if resp.StatusCode != http.StatusOK || c.Document == nil || !c.Revoked() || c.RevokedDate != civil.MustParse("2026-03-01") {
		t.Fatalf("the upload sent again: %d %s; the certificate is %+v", resp.StatusCode, body, c)
	}
}

// TestProfileFollowOutlivesAHungConnection: the connection of node B's
// pool hangs under a statement (its server process stopped, as a
// server that froze or a network path that went silent would leave it:
// the statement neither answers nor fails, and the server's
// statement_timeout cannot fire). Node A revokes a certificate. Node B's
// cache, which follows the store, must still reach the revocation: the
// refresh that met the hung connection gives up within its bound, and
// the next one, on a new connection, loads the change. Before, Follow
// waited on the hung statement for good: node B exempted the revoked
// certificate's customer until it restarted.
func TestProfileFollowOutlivesAHungConnection(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	a := nodes(t, 1)[0]
	b := peerNode(ctx, t, a)
	svcA := profile.NewService(a.Profile(), profile.Config{})
	if _, err := svcA.Apply(ctx, "acme", "admin-a", texasCertificate("Alpha")); err != nil {
		t.Fatal(err)
	}
	cacheB := profile.NewCache(b.Profile(), nil)
	if s, err := cacheB.Snapshot(ctx, "acme"); err != nil || s.Version() != 1 {
		t.Fatalf("node B's snapshot: %v, %v", s, err)
	}

	// Stop the server process of node B's one connection, which its next
	// statement takes: the pool has opened no other.
	hangNextConn(ctx, t, b)

	done := make(chan struct{})
	go func() { cacheB.Follow(ctx, 10*time.Millisecond); close(done) }()
	defer func() { cancel(); <-done }()

	revoked := certificateOf(t, a.Profile(), "acme", "C-1", "TX-1")
	revoked.Status, revoked.RevokedDate = profile.StatusRevoked, civil.MustParse("2026-03-01")
	if _, err := svcA.Update(ctx, "acme", "admin-a", profile.ChangeSet{Certificates: []profile.Certificate{revoked}}.AsInput()); err != nil {
		t.Fatal(err)
	}
	s := waitForSnapshot(t, cacheB, "acme", 2)
	if cs := s.CertificatesOf("C-1"); len(cs) != 1 || !cs[0].Revoked() {
		t.Fatalf("node B's certificates of C-1 after the revocation: %+v", cs)
	}
}

// meddling is a journal whose Figures first runs meddle, once: another
// node's post that lands while a rebuild of this one runs, between its
// read of the journal and its read of the stored figures.
type meddling struct {
	journal.Store
	meddle func()
}

func (m *meddling) Figures(ctx context.Context, tenant string, from, to civil.Date) ([]journal.Figure, error) {
	if f := m.meddle; f != nil {
		m.meddle = nil
		f()
	}
	return m.Store.Figures(ctx, tenant, from, to)
}

// TestRebuildRepairKeepsAPostOfAnotherNode: node B repairs the tenant's
// figures (levy nexus rebuild --repair) while node A, serving, posts a
// sale. The post commits after the rebuild read the journal and before
// it replaced the figures: the repair must not drop that sale from the
// figures, which every node's nexus report reads. Before, the
// repair wrote back the figures of the journal as it read it, and the
// sale stayed out of them, unseen, until another rebuild.
func TestRebuildRepairKeepsAPostOfAnotherNode(t *testing.T) {
	ctx := context.Background()
	dbs := nodes(t, 2)
	a, b := dbs[0].Journal(), dbs[1].Journal()
	for i := range 3 {
		if _, err := a.Post(ctx, "acme", posting(fmt.Sprintf("INV-%d", i), "D")); err != nil {
			t.Fatal(err)
		}
	}
	// Figures to repair: none stored.
	if err := b.ReplaceFigures(ctx, "acme", nil); err != nil {
		t.Fatal(err)
	}
	m := &meddling{Store: b, meddle: func() {
		if _, err := a.Post(ctx, "acme", posting("INV-LATE", "D")); err != nil {
			t.Errorf("node A's post: %v", err)
		}
	}}
	fixed, err := nexus.Rebuild(ctx, m, "acme", true)
	if err != nil || !fixed.Repaired {
		t.Fatalf("repair: %+v, %v", fixed, err)
	}
	again, err := nexus.Rebuild(ctx, a, "acme", false)
	if err != nil {
		t.Fatal(err)
	}
	if len(again.Differences)+len(again.Months) != 0 {
		var w strings.Builder
		_ = again.WriteText(&w)
		t.Fatalf("after the repair the figures differ from the journal (node A's post lost):\n%s", w.String())
	}
}

// TestProfileImportDoesNotWidenARevocation: node A imports a
// certificates file (POST /admin/v1/profile/import/files) whose row
// revokes TX-1 without a revoked_date, while node B revokes TX-1 from
// March 1st, between A's read of the stored certificates (which the
// import completes a row from: a certificate stored as active is revoked
// from the day of the import) and A's write. The import must not store
// the revocation from the day of the import over B's: that would make
// the certificate cover March to June again, on every node. It is
// refused with a conflict naming the row, and B's revocation stays.
//
// B's revocation is made from the routes' clock, which the import reads
// between its read and its write.
func TestProfileImportDoesNotWidenARevocation(t *testing.T) {
	ctx := context.Background()
	dbs := nodes(t, 2)
	a, b := dbs[0].Profile(), dbs[1].Profile()
	svcB := profile.NewService(b, profile.Config{})
	if _, err := svcB.Apply(ctx, "acme", "admin-b", texasCertificate("Alpha")); err != nil {
		t.Fatal(err)
	}
	meddle := true
	url, token := adminNodeWith(t, a, func() civil.Date {
		if meddle {
			meddle = false
			revoked := certificateOf(t, b, "acme", "C-1", "TX-1")
			revoked.Status, revoked.RevokedDate = profile.StatusRevoked, civil.MustParse("2026-03-01")
			if _, err := svcB.Update(ctx, "acme", "admin-b", profile.ChangeSet{Certificates: []profile.Certificate{revoked}}.AsInput()); err != nil {
				t.Errorf("node B's revocation: %v", err)
			}
		}
		return civil.MustParse("2026-06-15")
	})
	file := "certificate_number,customer_code,jurisdictions,reason_code,product_classes,effective_date,expiration_date,transaction_id,status\n" +
		"TX-1,C-1,US-TX,G,,2026-01-01,2026-12-31,,revoked\n"
	req, err := http.NewRequest("POST", url+profileadmin.Prefix+"/import/files?name=certificates.csv", strings.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "text/csv")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if meddle {
		t.Fatal("the import did not read the routes' clock: node B's revocation was not made")
	}

	c := certificateOf(t, b, "acme", "C-1", "TX-1")
	if c.RevokedDate != civil.MustParse("2026-03-01") {
		t.Fatalf("after node A's import (%d %s) TX-1 is revoked from %s: node B's revocation from 2026-03-01 is widened", resp.StatusCode, body, c.RevokedDate)
	}
	if resp.StatusCode != http.StatusConflict || !strings.Contains(string(body), "certificates.csv:2") {
		t.Errorf("node A's import over a certificate changed meanwhile: %d %s, want 409 naming certificates.csv:2", resp.StatusCode, body)
	}

	// Imported again, with nothing changing meanwhile: the row keeps
	// the revocation stored.
	req, err = http.NewRequest("POST", req.URL.String(), strings.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "text/csv")
	if resp, err = http.DefaultClient.Do(req); err != nil {
		t.Fatal(err)
	}
	body, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	c = certificateOf(t, b, "acme", "C-1", "TX-1")
	if resp.StatusCode != http.StatusOK || c.RevokedDate != civil.MustParse("2026-03-01") {
		t.Fatalf("the import sent again: %d %s; TX-1 is revoked from %s, want 2026-03-01", resp.StatusCode, body, c.RevokedDate)
	}
}

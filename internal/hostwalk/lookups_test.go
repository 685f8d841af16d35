package hostwalk_test

import (
	"context"
	"net/http"
	"runtime"
	"testing"
	"time"

	"github.com/levytax/levy/api/client"
	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/wire"
)

// A host looks up tax areas in-process (the engine's resolver) or through
// a remote server (the client) behind the same wire.Lookups: the same
// address gives the same tax area and jurisdictions. Once the server and
// the host's idle connections are closed, no goroutine of the calls is
// left.
func TestLookupsLocalAndRemoteAgree(t *testing.T) {
	ctx := context.Background()
	before := runtime.NumGoroutine()
	e, err := engine.New(ctx)
	if err != nil {
		t.Fatal(err)
	}
	srv, id, secret, _ := remoteServer(t, nil)
	hc := &http.Client{Transport: &http.Transport{}}
	c, err := client.New(srv.URL+"/api/v2", client.WithHTTPClient(hc),
		client.WithClientCredentials(srv.URL+"/cached/oauth/token", id, secret, oauth.DefaultAudience))
	if err != nil {
		t.Fatal(err)
	}
	req := wire.AddressLookupRequest{
		PostalAddress: wire.PostalAddress{City: "Boston", MainDivision: "MA", PostalCode: "02108", Country: "US"},
		AsOfDate:      civil.MustParse("2026-06-01"),
	}
	answers := map[string]*wire.LookupResponse{}
	for name, l := range map[string]wire.Lookups{"local": e.Resolver(), "remote": c} {
		resp, err := l.LookupAddress(ctx, req)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(resp.LookupResults) == 0 || resp.LookupResults[0].TaxAreaID == "" {
			t.Fatalf("%s: no tax area for Boston: %+v", name, resp)
		}
		answers[name] = resp
	}
	l, r := answers["local"].LookupResults[0], answers["remote"].LookupResults[0]
	if l.TaxAreaID != r.TaxAreaID || len(l.Jurisdictions) != len(r.Jurisdictions) {
		t.Fatalf("local %s (%d jurisdictions), remote %s (%d)", l.TaxAreaID, len(l.Jurisdictions), r.TaxAreaID, len(r.Jurisdictions))
	}
	for i := range l.Jurisdictions {
		if l.Jurisdictions[i].JurisdictionID != r.Jurisdictions[i].JurisdictionID {
			t.Fatalf("jurisdiction %d: local %v, remote %v", i, l.Jurisdictions[i].JurisdictionID, r.Jurisdictions[i].JurisdictionID)
		}
	}

	srv.Close()
	hc.CloseIdleConnections()
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if after := runtime.NumGoroutine(); after > before {
		buf := make([]byte, 1<<20)
		t.Fatalf("%d goroutines before, %d after closing the server and the connections:\n%s", before, after, buf[:runtime.Stack(buf, true)])
	}
}

package profileadmin_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/levytax/levy/api/profileadmin"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/profile"
)

// TestExportCarriesScans moves acme's profile, whose certificates hold
// a scan, to beta through the export route with documents=true and the
// import route: beta's certificates serve the same scan. The export
// without documents names the scan alone and is refused where the scan
// is not stored; a scan changed in the body, or held by no certificate
// of it, is answered 400 naming it, and nothing is stored.
func TestExportCarriesScans(t *testing.T) {
	s := newServer(t)
	ctx := context.Background()
	const p = "/admin/v1/profile"
	ref, err := s.svc.PutDocument(ctx, "acme", []byte(pdfScan), "application/pdf", "tx-1.pdf")
	if err != nil {
		t.Fatal(err)
	}
	cert := func(n string) profile.Certificate {
		return profile.Certificate{Number: n, CustomerCode: "C-1", Jurisdictions: []string{"US-TX"}, ReasonCode: "G",
			EffectiveDate: civil.MustParse("2026-01-01"), Document: &ref}
	}
	if _, err := s.svc.Apply(ctx, "acme", "test", profile.ChangeSet{Customers: []profile.Customer{{Code: "C-1"}},
		Certificates: []profile.Certificate{cert("TX-1"), cert("TX-2")}}); err != nil {
		t.Fatal(err)
	}

	bare := s.must(t, 200, "GET", p+"/export", s.acme, "")
	if strings.Contains(string(bare.body), `"documents"`) {
		t.Errorf("the export without documents=true carries them: %s", bare.body)
	}
	full := s.must(t, 200, "GET", p+"/export?documents=true", s.acme, "")
	var cs profile.ChangeSet
	if err := json.Unmarshal(full.body, &cs); err != nil {
		t.Fatal(err)
	}
	if len(cs.Documents) != 1 || cs.Documents[0].SHA256 != ref.SHA256 || string(cs.Documents[0].Content) != pdfScan || cs.Documents[0].MediaType != "application/pdf" {
		t.Fatalf("the export carries %+v, want the scan once", cs.Documents)
	}

	// Without its scan, beta cannot take it: the certificate names it.
	a := s.json(t, "POST", p+"/import", s.beta, string(bare.body))
	if a.status != 400 || !strings.Contains(a.errs()["certificates[0].document.sha256"], "nor does the change set carry it") {
		t.Fatalf("the export without its scan: %d %s", a.status, a.body)
	}
	// A scan changed, or one that no certificate holds: 400 naming it.
	tampered := cs
	tampered.Documents = []profile.Document{cs.Documents[0]}
	tampered.Documents[0].Content = append([]byte(pdfScan), "% added\n"...)
	body, _ := json.Marshal(tampered)
	a = s.json(t, "POST", p+"/import", s.beta, string(body))
	if a.status != 400 || !strings.Contains(a.errs()["documents[0].sha256"], "is not the SHA-256 of the content") {
		t.Fatalf("a scan changed: %d %s", a.status, a.body)
	}
	orphan := cs
	orphan.Certificates = nil
	orphan.Customers = []profile.Customer{{Code: "C-9"}}
	body, _ = json.Marshal(orphan)
	a = s.json(t, "POST", p+"/import", s.beta, string(body))
	if a.status != 400 || !strings.Contains(a.errs()["documents[0].sha256"], "no certificate of the change set names") {
		t.Fatalf("a scan without its certificate: %d %s", a.status, a.body)
	}
	if v := s.version(t, "beta"); v != 0 {
		t.Fatalf("the refused imports stored version %d", v)
	}
	if a := s.send(t, "GET", p+"/documents/"+ref.SHA256, s.beta, "", nil); a.status != 404 {
		t.Fatalf("a refused import stored the scan: %d", a.status)
	}

	var ans profileadmin.ImportAnswer
	s.must(t, 200, "POST", p+"/import", s.beta, string(full.body)).data(t, &ans)
	if ans.Certificates != 2 || ans.Documents != 1 {
		t.Errorf("the import answered %+v, want 2 certificates and 1 scan", ans)
	}
	for _, path := range []string{p + "/customers/C-1/certificates/TX-1/document", p + "/customers/C-1/certificates/TX-2/document", p + "/documents/" + ref.SHA256} {
		if a := s.send(t, "GET", path, s.beta, "", nil); a.status != 200 || string(a.body) != pdfScan {
			t.Errorf("beta's %s: %d %q", path, a.status, a.body)
		}
	}
	// beta's export is acme's, and imported again changes nothing.
	if again := s.must(t, 200, "GET", p+"/export?documents=true", s.beta, ""); string(again.body) != string(full.body) {
		t.Errorf("beta's export:\n%s\nacme's:\n%s", again.body, full.body)
	}
	v := s.version(t, "beta")
	s.must(t, 200, "POST", p+"/import", s.beta, string(full.body))
	if s.version(t, "beta") != v {
		t.Errorf("the export imported again stored a version")
	}
}

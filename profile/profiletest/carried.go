package profiletest

import (
	"bytes"
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/profile"
)

// png returns a small PNG-like document that names n.
func png(n int) []byte {
	return append([]byte("\x89PNG\r\n\x1a\n"), []byte(strings.Repeat("scan ", n))...)
}

// testCarriedDocuments moves a profile whose certificates hold scans to
// another tenant through its export: the scans go with it, each once,
// and a scan that is not what its digest says, or whose certificate is
// not in the change set, stores nothing.
func testCarriedDocuments(t *testing.T, s profile.Store) {
	ctx := context.Background()
	svc := service(s)
	a, b := pdf(7), png(3)
	refA, err := svc.PutDocument(ctx, tenant, a, "application/pdf", "TX-1.pdf")
	if err != nil {
		t.Fatal(err)
	}
	refB, err := svc.PutDocument(ctx, tenant, b, "image/png", "CA-1.png")
	if err != nil {
		t.Fatal(err)
	}
	cert := func(n string, ref profile.DocumentRef) profile.Certificate {
		return profile.Certificate{Number: n, CustomerCode: "C-1", Jurisdictions: []string{"US-TX"}, ReasonCode: "G",
			EffectiveDate: date("2026-01-01"), Document: &ref}
	}
	// Two certificates hold the same scan.
	apply(t, svc, tenant, profile.ChangeSet{Customers: []profile.Customer{{Code: "C-1"}},
		Certificates: []profile.Certificate{cert("TX-1", refA), cert("TX-2", refA), cert("CA-1", refB)}})

	cs, v, err := svc.Export(ctx, tenant, time.Time{}, true)
	if err != nil || v != 1 {
		t.Fatalf("Export: version %d, %v", v, err)
	}
	digests := []string{}
	for _, d := range cs.Documents {
		digests = append(digests, d.SHA256)
	}
	slices.Sort(digests)
	want := []string{refA.SHA256, refB.SHA256}
	slices.Sort(want)
	if !slices.Equal(digests, want) {
		t.Fatalf("the export carries %v, want each scan once: %v", digests, want)
	}
	// Through JSON, as the file is written and read.
	raw, err := json.Marshal(cs)
	if err != nil {
		t.Fatal(err)
	}
	var back profile.ChangeSet
	if err := json.Unmarshal(raw, &back); err != nil {
		t.Fatal(err)
	}

	// The same scan twice in one change set is stored once, and a
	// tampered or orphan scan refuses the change whole.
	tampered := cloneSet(t, back)
	tampered.Documents[0].Content = append(bytes.Clone(tampered.Documents[0].Content), '!')
	orphan := cloneSet(t, back)
	orphan.Documents = append(orphan.Documents, profile.Document{SHA256: profile.Digest(pdf(99)), MediaType: "application/pdf", Content: pdf(99)})
	for name, c := range map[string]struct {
		cs    profile.ChangeSet
		field string
	}{
		"tampered": {tampered, "documents[0].sha256"},
		"orphan":   {orphan, "documents[2].sha256"},
	} {
		_, err := svc.Apply(ctx, "globex", "client-9", c.cs)
		if levy.ErrorCode(err) != levy.EInvalid || !strings.Contains(err.Error(), c.field) {
			t.Fatalf("%s: %v, want an error on %s", name, err, c.field)
		}
		if v, err := s.Version(ctx, "globex"); err != nil || v != 0 {
			t.Fatalf("%s: version %d, %v: nothing is stored", name, v, err)
		}
		for _, d := range c.cs.Documents {
			if _, err := s.Document(ctx, "globex", d.SHA256); levy.ErrorCode(err) != levy.ENotFound {
				t.Fatalf("%s: document %s stored: %v", name, d.SHA256, err)
			}
		}
	}
	// Without its scans, the export cannot go to a tenant that lacks them.
	bare := cloneSet(t, back)
	bare.Documents = nil
	if _, err := svc.Apply(ctx, "globex", "client-9", bare); levy.ErrorCode(err) != levy.EInvalid || !strings.Contains(err.Error(), "certificates[0].document.sha256") {
		t.Fatalf("the export without its scans: %v", err)
	}

	twice := cloneSet(t, back)
	twice.Documents = append(twice.Documents, twice.Documents...)
	counted := &countingStore{Store: s, puts: map[string]int{}}
	apply(t, service(counted), "globex", twice)
	for sum, n := range counted.puts {
		if n != 1 {
			t.Errorf("document %s was stored %d times", sum, n)
		}
	}
	if len(counted.puts) != 2 {
		t.Errorf("%d documents stored, want 2", len(counted.puts))
	}
	recs, err := s.Records(ctx, "globex", time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	if len(recs.Certificates) != 3 {
		t.Fatalf("globex has %d certificates", len(recs.Certificates))
	}
	for _, c := range recs.Certificates {
		if c.Document == nil {
			t.Fatalf("certificate %s lost its scan", c.Number)
		}
		got, err := s.Document(ctx, "globex", c.Document.SHA256)
		if err != nil {
			t.Fatalf("the scan of %s: %v", c.Number, err)
		}
		if c.Number == "CA-1" && !bytes.Equal(got, b) || c.Number != "CA-1" && !bytes.Equal(got, a) {
			t.Fatalf("the scan of %s is %q", c.Number, got)
		}
		if c.Document.FileName == "" || c.Document.Size != int64(len(got)) {
			t.Fatalf("the reference of %s: %+v", c.Number, c.Document)
		}
	}
	// An export without its scans still imports where they are stored.
	plain, _, err := svc.Export(ctx, tenant, time.Time{}, false)
	if err != nil || len(plain.Documents) != 0 {
		t.Fatalf("Export without documents: %d documents, %v", len(plain.Documents), err)
	}
	plain.Customers[0].Name = "Alpha"
	apply(t, svc, "globex", plain)
}

// cloneSet returns a deep copy of cs, through its JSON.
func cloneSet(t *testing.T, cs profile.ChangeSet) profile.ChangeSet {
	t.Helper()
	b, err := json.Marshal(cs)
	if err != nil {
		t.Fatal(err)
	}
	var out profile.ChangeSet
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// countingStore counts the documents stored through it, by digest.
type countingStore struct {
	profile.Store
	puts map[string]int
}

func (c *countingStore) PutDocument(ctx context.Context, tenant, digest string, content []byte) error {
	c.puts[digest]++
	return c.Store.PutDocument(ctx, tenant, digest, content)
}

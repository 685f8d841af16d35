package journaltest

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
)

// testProfileVersion stores transactions calculated under different
// versions of the tenant's profile, and reads back from every version,
// read and export the profile version that each was calculated under: a
// new version of a transaction carries its own, a sync its own, a
// reversal its original's (it calculates nothing), a rollback the
// restored version's; a transaction without one reads 0, and its JSON
// leaves the member out.
func testProfileVersion(t *testing.T, s journal.Store) {
	ctx := context.Background()
	withProfile := func(tx *journal.Transaction, v uint64) *journal.Transaction {
		tx.ProfileVersion = v
		return tx
	}
	mustPost(t, s, tenant, withProfile(simple(t, "INV-1", "2026-03-14"), 7))
	mustPost(t, s, tenant, withProfile(simple(t, "INV-1", "2026-03-14"), 8))
	mustPost(t, s, tenant, simple(t, "INV-0", "2026-03-14"))
	mustPost(t, s, tenant, withProfile(invoice(t, "INV-2", "2026-03-15", line(t, "A", "100.00", "6.00", "1.50")), 3))
	up := line(t, "A", "150.00", "9.00", "2.25")
	up.SyncType = "UPDATE"
	if got := mustPost(t, s, tenant, withProfile(sync_(t, "INV-2", "2026-03-15", up), 5)); got.ProfileVersion != 5 {
		t.Fatalf("the sync as stored names profile version %d, want its own 5", got.ProfileVersion)
	}
	rb, err := s.Rollback(ctx, tenant, "INV-2")
	if err != nil {
		t.Fatalf("Rollback: %v", err)
	}
	if rb.ProfileVersion != 3 {
		t.Fatalf("the rollback names profile version %d, want the restored version's 3", rb.ProfileVersion)
	}
	rev, err := s.Reverse(ctx, tenant, "INV-1", journal.Reversal{TransactionID: "REV-1", PostingDate: civil.MustParse("2026-03-20")})
	if err != nil {
		t.Fatalf("Reverse: %v", err)
	}
	if rev.ProfileVersion != 8 {
		t.Fatalf("the reversal names profile version %d, want its original's latest, 8", rev.ProfileVersion)
	}

	want := map[string][]uint64{"INV-1": {7, 8}, "INV-0": {0}, "INV-2": {3, 5, 3}, "REV-1": {8}}
	for id, versions := range want {
		stored := mustVersions(t, s, tenant, id)
		var got []uint64
		for _, v := range stored {
			got = append(got, v.ProfileVersion)
		}
		if !slices.Equal(got, versions) {
			t.Errorf("%s: versions name profile versions %v, want %v", id, got, versions)
		}
		if g := mustGet(t, s, tenant, id); g.ProfileVersion != versions[len(versions)-1] {
			t.Errorf("Get %s: profile version %d, want %d", id, g.ProfileVersion, versions[len(versions)-1])
		}
		h, err := s.History(ctx, tenant, id)
		if err != nil {
			t.Fatalf("History %s: %v", id, err)
		}
		if len(h.Versions) != len(versions) || h.Versions[0].ProfileVersion != versions[0] {
			t.Errorf("History %s: %s", id, encode(t, h.Versions))
		}
	}
	if enc := encode(t, mustGet(t, s, tenant, "INV-0")); strings.Contains(enc, "profileVersion") {
		t.Errorf("a transaction without a profile version encodes one: %s", enc)
	}

	// The exports name the latest version's.
	latest := map[string]string{"INV-1": "8", "INV-0": "0", "INV-2": "3", "REV-1": "8"}
	var jl bytes.Buffer
	if _, err := journal.Export(ctx, s, tenant, civil.MustParse("2026-03-01"), civil.MustParse("2026-03-31"), journal.JSONLines, &jl, nil); err != nil {
		t.Fatalf("Export jsonl: %v", err)
	}
	seen := 0
	for _, row := range strings.Split(strings.TrimSpace(jl.String()), "\n") {
		var tx struct {
			TransactionID  string      `json:"transactionId"`
			ProfileVersion json.Number `json:"profileVersion"`
		}
		if err := json.Unmarshal([]byte(row), &tx); err != nil {
			t.Fatalf("export row %s: %v", row, err)
		}
		w := latest[tx.TransactionID]
		if w == "0" {
			w = "" // left out
		}
		if string(tx.ProfileVersion) != w {
			t.Errorf("jsonl export of %s: profileVersion %q, want %q", tx.TransactionID, tx.ProfileVersion, w)
		}
		seen++
	}
	if seen != len(latest) {
		t.Errorf("jsonl export: %d transactions, want %d", seen, len(latest))
	}
	var cb bytes.Buffer
	if _, err := journal.Export(ctx, s, tenant, civil.MustParse("2026-03-01"), civil.MustParse("2026-03-31"), journal.CSV, &cb, nil); err != nil {
		t.Fatalf("Export csv: %v", err)
	}
	rows, err := csv.NewReader(&cb).ReadAll()
	if err != nil {
		t.Fatalf("csv export: %v", err)
	}
	col := slices.Index(rows[0], "profileVersion")
	if len(rows) < 2 || col < 0 {
		t.Fatalf("csv export: no column profileVersion: %v", rows[0])
	}
	for _, r := range rows[1:] {
		if got, w := r[col], latest[r[0]]; got != w {
			t.Errorf("csv export of %s: profileVersion %q, want %q", r[0], got, w)
		}
	}
}

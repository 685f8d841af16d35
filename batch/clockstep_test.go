package batch_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/levytax/levy/batch"
	"github.com/levytax/levy/internal/batchtest"
	"github.com/levytax/levy/journal"
)

// clockBehind is a journal whose clock was an hour behind the batch
// run's when it stored its versions: the wall clock stepped back (an NTP
// correction, say) between the checkpoint and the commit. Its versions
// read back with PostedAt an hour before the time they were stored at.
type clockBehind struct {
	journal.Store
}

func (c clockBehind) Versions(ctx context.Context, tenant, id string) ([]*journal.Transaction, error) {
	vs, err := c.Store.Versions(ctx, tenant, id)
	out := make([]*journal.Transaction, len(vs))
	for i, v := range vs {
		shifted := *v
		shifted.PostedAt = v.PostedAt.Add(-time.Hour)
		out[i] = &shifted
	}
	return out, err
}

// TestFileResumeStoredGroupClockBehind stops a journaled run after the
// journal stored its second group and before that group's output was
// written, where the journal's clock stood behind the checkpoint's time.
// The resumed run writes the group's output from the checkpoint and
// stores nothing again. Before, resuming counted the versions posted
// since the checkpoint's time, found none, took the group for not
// stored, and stored its 256 invoices a second time.
func TestFileResumeStoredGroupClockBehind(t *testing.T) {
	dir := t.TempDir()
	e := newEngine(t)
	in, ids := batchtest.InvoiceFile(t, dir, 600)
	want, got := filepath.Join(dir, "want.jsonl"), filepath.Join(dir, "got.jsonl")
	if _, err := runFile(t, e, in, want, nil, false); err != nil {
		t.Fatal(err)
	}
	j := journal.NewMemory()
	if _, err := runFile(t, e, in, got, &lostAck{Store: clockBehind{j}, at: 2}, false); !errors.Is(err, errLostAck) {
		t.Fatalf("interrupted run: %v", err)
	}
	if sum, err := runFile(t, e, in, got, clockBehind{j}, true); err != nil || sum.Documents != 600-2*batch.GroupSize {
		t.Fatalf("resumed run: %+v, %v", sum, err)
	}
	batchtest.SameFile(t, got, want)
	wantVersions(t, j, ids, 1)
}

// TestFileResumeEarlierCheckpoint resumes a run whose checkpoint an
// earlier Levy wrote (layout 1, without the version numbers before the
// group), judged by the time of the versions as that Levy judged it, and
// refuses a checkpoint of a layout newer than this Levy knows, naming it.
func TestFileResumeEarlierCheckpoint(t *testing.T) {
	dir := t.TempDir()
	e := newEngine(t)
	in, ids := batchtest.InvoiceFile(t, dir, 600)
	want, got := filepath.Join(dir, "want.jsonl"), filepath.Join(dir, "got.jsonl")
	if _, err := runFile(t, e, in, want, nil, false); err != nil {
		t.Fatal(err)
	}
	j := journal.NewMemory()
	if _, err := runFile(t, e, in, got, &lostAck{Store: j, at: 2}, false); !errors.Is(err, errLostAck) {
		t.Fatalf("interrupted run: %v", err)
	}
	side := got + batch.CheckpointSuffix
	b, err := os.ReadFile(side)
	if err != nil {
		t.Fatal(err)
	}
	var cp map[string]any
	if err := json.Unmarshal(b, &cp); err != nil {
		t.Fatal(err)
	}
	if _, ok := cp["latest"]; !ok || cp["version"] != float64(3) {
		t.Fatalf("the checkpoint is not of layout 3 with the version numbers before the group: layout %v", cp["version"])
	}

	cp["version"] = 4
	rewrite := func() {
		t.Helper()
		b, err := json.Marshal(cp)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(side, b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	rewrite()
	_, err = runFile(t, e, in, got, j, true)
	if err == nil || !strings.Contains(err.Error(), "layout version 4") || !strings.Contains(err.Error(), "newer Levy") {
		t.Fatalf("resumed over a checkpoint of layout 4: %v", err)
	}

	cp["version"] = 1
	delete(cp, "latest")
	rewrite()
	if sum, err := runFile(t, e, in, got, j, true); err != nil || sum.Documents != 600-2*batch.GroupSize {
		t.Fatalf("resumed run over a checkpoint of layout 1: %+v, %v", sum, err)
	}
	batchtest.SameFile(t, got, want)
	wantVersions(t, j, ids, 1)
}

// TestFileResumeDamagedLatest refuses a checkpoint of layout 3 that
// lacks the version number before the group of an ID it stores, rather
// than count every version of that ID as the group's.
func TestFileResumeDamagedLatest(t *testing.T) {
	dir := t.TempDir()
	e := newEngine(t)
	in, _ := batchtest.InvoiceFile(t, dir, 300)
	got := filepath.Join(dir, "got.jsonl")
	j := journal.NewMemory()
	if _, err := runFile(t, e, in, got, &lostAck{Store: j, at: 1}, false); !errors.Is(err, errLostAck) {
		t.Fatalf("interrupted run: %v", err)
	}
	side := got + batch.CheckpointSuffix
	b, err := os.ReadFile(side)
	if err != nil {
		t.Fatal(err)
	}
	var cp map[string]any
	if err := json.Unmarshal(b, &cp); err != nil {
		t.Fatal(err)
	}
	stored, _ := cp["stored"].([]any)
	latest, ok := cp["latest"].(map[string]any)
	if len(stored) == 0 || !ok {
		t.Fatalf("the checkpoint has %d stored IDs and no version numbers before the group", len(stored))
	}
	delete(latest, stored[0].(string))
	if b, err = json.Marshal(cp); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(side, b, 0o600); err != nil {
		t.Fatal(err)
	}
	_, err = runFile(t, e, in, got, j, true)
	if err == nil || !strings.Contains(err.Error(), "damaged") || !strings.Contains(err.Error(), stored[0].(string)) {
		t.Fatalf("resumed over a checkpoint without the version number of %v: %v", stored[0], err)
	}
}

package cli

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/levytax/levy/batch"
)

// TestBatchProgressTimeLeftAfterResume draws the progress of a resumed
// run of a 1,000-byte input on a clock of the test's own: the skipped
// documents took 900 bytes and 10 seconds, and the run then reads 10
// bytes a second. The time left is 9 seconds, judged by the bytes read
// since the first document. Before, it was judged by every byte read
// since the start, skipped ones included: 1 second, while the run had 9
// to go.
func TestBatchProgressTimeLeftAfterResume(t *testing.T) {
	start := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
	clock := start
	var w bytes.Buffer
	p := &batchProgress{w: &w, terminal: true, size: 1000, start: start, now: func() time.Time { return clock }}
	clock = start.Add(10 * time.Second)
	p.update(batch.Progress{Documents: 1, Read: 900})
	clock = start.Add(11 * time.Second)
	w.Reset()
	p.update(batch.Progress{Documents: 11, Read: 910})
	got := w.String()
	if !strings.Contains(got, "91%, 9s left") || !strings.Contains(got, "10/s") {
		t.Fatalf("progress %q, want 91%%, 9s left at 10/s", got)
	}
}

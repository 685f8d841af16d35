package einvoice

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDirTransmitterOddValues: a DirTransmitter without a directory, nil
// or zero, and a parcel without a document ID are refused, naming what is
// missing, and nothing is written into the working directory; a nil
// Rejection reads as a bare refusal.
func TestDirTransmitterOddValues(t *testing.T) {
	ctx := context.Background()
	t.Chdir(t.TempDir())
	doc := Parcel{DocumentID: "d1", Content: []byte("<x/>")}
	for name, tc := range map[string]struct {
		tr   *DirTransmitter
		p    Parcel
		want string
	}{
		"nil transmitter":           {nil, doc, "no directory"},
		"zero transmitter":          {&DirTransmitter{}, doc, "no directory"},
		"parcel without a document": {&DirTransmitter{Dir: "out"}, Parcel{}, "no document ID"},
	} {
		ref, err := tc.tr.Transmit(ctx, tc.p)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: Transmit gave %q, %v; want an error saying %q", name, ref, err, tc.want)
		}
	}
	if left, _ := os.ReadDir("."); len(left) != 0 {
		t.Errorf("the refused parcels left %v in the working directory", left)
	}
	ref, err := (&DirTransmitter{Dir: "out"}).Transmit(ctx, doc)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join("out", filepath.FromSlash(ref))); err != nil {
		t.Errorf("a good parcel was not written at %s: %v", ref, err)
	}
	var r *Rejection
	if got := r.Error(); got != "the document was rejected" {
		t.Errorf("a nil Rejection reads %q", got)
	}
}

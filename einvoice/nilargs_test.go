package einvoice

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/einvoice/webhook"
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

// TestServiceNotMade: a Service that New did not make, nil (what a failed
// New returns) or zero, answers every call with levy.EInvalid saying so,
// its getters answer zero and Close does nothing, instead of panicking on
// its missing store.
func TestServiceNotMade(t *testing.T) {
	ctx := context.Background()
	id := NewGUID()
	for name, s := range map[string]*Service{"nil": nil, "zero": {}} {
		calls := map[string]func() error{
			"CheckWrite":  func() error { return s.CheckWrite(ctx) },
			"Connection":  func() error { _, err := s.Connection(ctx, id); return err },
			"Connections": func() error { _, err := s.Connections(ctx); return err },
			"Content":     func() error { _, err := s.Content(ctx, id); return err },
			"CreateConnection": func() error {
				_, err := s.CreateConnection(ctx, NewConnection{})
				return err
			},
			"CreateConnectionWithKey": func() error {
				_, _, err := s.CreateConnectionWithKey(ctx, NewConnection{}, "k")
				return err
			},
			"DeadLetterPage":   func() error { _, err := s.DeadLetterPage(ctx, "", "", 10); return err },
			"DeadLetters":      func() error { _, err := s.DeadLetters(ctx, ""); return err },
			"DeleteConnection": func() error { _, err := s.DeleteConnection(ctx, id); return err },
			"DropDeadLetter":   func() error { _, err := s.DropDeadLetter(ctx, "", id); return err },
			"Get":              func() error { _, err := s.Get(ctx, id); return err },
			"Notify":           func() error { _, err := s.Notify(ctx, "", "", "", webhook.Event{}); return err },
			"ReplaceSecret":    func() error { _, err := s.ReplaceSecret(ctx, id, "s"); return err },
			"Replay":           func() error { _, err := s.Replay(ctx, "", id); return err },
			"Submit":           func() error { _, _, err := s.Submit(ctx, []byte("<x/>"), ""); return err },
		}
		for method, call := range calls {
			err := call()
			if levy.ErrorCode(err) != levy.EInvalid || !strings.Contains(fmt.Sprint(err), "not made by einvoice.New") {
				t.Errorf("%s Service: %s gave %v, want levy.EInvalid saying it was not made by New", name, method, err)
			}
		}
		if s.LeaseTerm() != 0 || s.MaxDocumentBytes() != 0 {
			t.Errorf("%s Service: lease term %v, document limit %d", name, s.LeaseTerm(), s.MaxDocumentBytes())
		}
		if err := s.Close(); err != nil {
			t.Errorf("%s Service: Close gave %v", name, err)
		}
	}
}

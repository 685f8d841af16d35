package profile

import (
	"context"
	"testing"
	"time"

	"github.com/levytax/levy"
)

// TestServiceNotMade checks that a nil Service, a zero one and one over a
// nil Store refuse every call as invalid, where each used to panic on a
// nil pointer at its first read or write of the store.
func TestServiceNotMade(t *testing.T) {
	ctx := context.Background()
	cs := ChangeSet{Customers: []Customer{{Code: "C1"}}}
	digest := "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
	services := map[string]*Service{"nil": nil, "zero": {}, "nil store": NewService(nil, Config{})}
	for name, s := range services {
		t.Run(name, func(t *testing.T) {
			calls := map[string]func() error{
				"Apply":           func() error { _, err := s.Apply(ctx, "acme", "admin", cs); return err },
				"Create":          func() error { _, err := s.Create(ctx, "acme", "admin", cs); return err },
				"Update":          func() error { _, err := s.Update(ctx, "acme", "admin", cs); return err },
				"UpdateIf":        func() error { _, err := s.UpdateIf(ctx, "acme", "admin", cs, nil); return err },
				"ApplyIf":         func() error { _, err := s.ApplyIf(ctx, "acme", "admin", cs, nil); return err },
				"ApplyIfWatching": func() error { _, err := s.ApplyIfWatching(ctx, "acme", "admin", cs, nil, nil); return err },
				"Normalize":       func() error { _, err := s.Normalize(cs); return err },
				"PutDocument": func() error {
					_, err := s.PutDocument(ctx, "acme", []byte("%PDF-1.7\n"), "application/pdf", "c.pdf")
					return err
				},
				"Document": func() error { _, err := s.Document(ctx, "acme", digest); return err },
				"Tenants":  func() error { _, err := s.Tenants(ctx); return err },
				"Records":  func() error { _, err := s.Records(ctx, "acme", time.Time{}); return err },
				"History":  func() error { _, err := s.History(ctx, "acme", cs.Customers[0].Key()); return err },
				"Export":   func() error { _, _, err := s.Export(ctx, "acme", time.Time{}, true); return err },
				"CompleteDocuments": func() error {
					c := ChangeSet{Certificates: []Certificate{{Number: "X", Document: &DocumentRef{SHA256: digest}}}}
					return s.CompleteDocuments(ctx, "acme", &c)
				},
			}
			for call, f := range calls {
				func() {
					defer func() {
						if r := recover(); r != nil {
							t.Errorf("%s panics: %v", call, r)
						}
					}()
					if err := f(); levy.ErrorCode(err) != levy.EInvalid {
						t.Errorf("%s: %v, want %s", call, err, levy.EInvalid)
					}
				}()
			}
			if s.Store() != nil {
				t.Errorf("Store: %v, want nil", s.Store())
			}
		})
	}
}

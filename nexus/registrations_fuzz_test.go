package nexus

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/levytax/levy"
)

// FuzzReadRegistrations reads any bytes as a registration list (levy
// nexus report --registrations FILE): nothing panics, a bad list is a
// levy error naming where (registrations...), and every registration
// read is marked as the list's (the states are checked later, by
// Options.Check).
func FuzzReadRegistrations(f *testing.F) {
	f.Add([]byte("state,company,effective,end,number\nTX,ACME,2025-01-01,,32000000001\nus-ca,,,,\nEU,ACME,2024-07-01,2026-06-30,EU123\n"))
	f.Add([]byte("\ufeffState\r\n\"TX\r\n"))
	f.Add([]byte("state,effective\nTX,2025-13-01\n"))
	f.Fuzz(func(t *testing.T, raw []byte) {
		regs, err := ReadRegistrations(bytes.NewReader(raw))
		if err != nil {
			var le *levy.Error
			var les levy.Errors
			switch {
			case errors.As(err, &les):
				for _, e := range les {
					if !strings.HasPrefix(e.Field, "registrations") {
						t.Fatalf("a fault that does not say where: %#v", e)
					}
				}
			case errors.As(err, &le):
				if !strings.HasPrefix(le.Field, "registrations") {
					t.Fatalf("a fault that does not say where: %#v", le)
				}
			default:
				t.Fatalf("not a levy error: %v", err)
			}
			return
		}
		for _, r := range regs {
			if r.Source != "list" {
				t.Fatalf("a registration not marked as the list's: %+v", r)
			}
		}
	})
}

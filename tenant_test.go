package levy_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/levytax/levy"
)

// TestCheckTenant: a tenant of up to MaxTenantLength (200) bytes is
// accepted, one byte more is refused naming tenant, as are the tenants
// no credential may have.
func TestCheckTenant(t *testing.T) {
	for _, ok := range []string{
		"acme", "acme corp", "société-générale", "日本", "a\uFFFDb",
		strings.Repeat("t", 100), strings.Repeat("t", 101), strings.Repeat("t", levy.MaxTenantLength),
		strings.Repeat("é", levy.MaxTenantLength/2),
	} {
		if err := levy.CheckTenant(ok); err != nil {
			t.Errorf("CheckTenant(%d bytes %.20q): %v", len(ok), ok, err)
		}
	}
	for _, bad := range []string{
		"", strings.Repeat("t", levy.MaxTenantLength+1), strings.Repeat("é", levy.MaxTenantLength/2) + "t",
		" acme", "acme ", "\u00a0acme", "ac\x00me", "ac\x7fme", "ac\u0085me", "ac\xffme",
		"ac\u2028me", "\u202eacme", "ac\u2066me",
	} {
		err := levy.CheckTenant(bad)
		var le *levy.Error
		if !errors.As(err, &le) || le.Code != levy.EInvalid || le.Field != "tenant" {
			t.Errorf("CheckTenant(%d bytes %.20q): %v, want invalid tenant", len(bad), bad, err)
		}
	}
}

package levy_test

import (
	"context"
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

// TestCheckNewTenant: the tenant of a new credential is checked as
// CheckTenant checks it, and may not hold a character that is not seen
// either (a default ignorable code point), which CheckTenant, the rule
// of the stores, still takes so that the tenants made before keep
// working.
func TestCheckNewTenant(t *testing.T) {
	for _, ok := range []string{"acme", "acme corp", "société-générale", "日本", "a\uFFFDb", strings.Repeat("t", levy.MaxTenantLength)} {
		if err := levy.CheckNewTenant(ok); err != nil {
			t.Errorf("CheckNewTenant(%.20q): %v", ok, err)
		}
	}
	for _, bad := range []string{" acme", "ac\x00me", "\u202eacme", "ac\u200bme", "acme\u200d", "\u2060acme", "ac\u00adme", "\ufeffacme",
		"acme\ufe0f", "ac\u3164me", "ac\u034fme", "ac\U000e0041me"} {
		err := levy.CheckNewTenant(bad)
		var le *levy.Error
		if !errors.As(err, &le) || le.Code != levy.EInvalid || le.Field != "tenant" {
			t.Errorf("CheckNewTenant(%+q): %v, want invalid tenant", bad, err)
			continue
		}
		if strings.TrimSpace(bad) == bad && levy.CheckTenant(bad) == nil && !strings.Contains(le.Message, "not seen") {
			t.Errorf("CheckNewTenant(%+q): %v, want the character that is not seen named", bad, err)
		}
	}
	if err := levy.CheckTenant("ac\u200bme"); err != nil {
		t.Errorf("CheckTenant of a tenant made before the rule: %v", err)
	}
}

// TestTenantContext: a context made by WithTenant carries its tenant,
// the nearest WithTenant wins, an empty tenant reads as DefaultTenant,
// and WithReadOnly marks a context without changing its tenant, whatever
// the order of the two.
func TestTenantContext(t *testing.T) {
	bg := context.Background()
	if got := levy.Tenant(bg); got != levy.DefaultTenant {
		t.Errorf("Tenant(Background) = %q, want %q", got, levy.DefaultTenant)
	}
	acme := levy.WithTenant(bg, "acme")
	for _, c := range []struct {
		ctx      context.Context
		tenant   string
		readOnly bool
	}{
		{acme, "acme", false},
		{levy.WithTenant(acme, "globex"), "globex", false},
		{levy.WithTenant(acme, ""), levy.DefaultTenant, false},
		{levy.WithReadOnly(acme), "acme", true},
		{levy.WithTenant(levy.WithReadOnly(bg), "acme"), "acme", true},
		{context.WithValue(acme, struct{}{}, "other"), "acme", false},
	} {
		if got := levy.Tenant(c.ctx); got != c.tenant {
			t.Errorf("Tenant(%v) = %q, want %q", c.ctx, got, c.tenant)
		}
		if got := levy.ReadOnly(c.ctx); got != c.readOnly {
			t.Errorf("ReadOnly(%v) = %v, want %v", c.ctx, got, c.readOnly)
		}
		err := levy.CheckWritable(c.ctx, "write")
		if (levy.ErrorCode(err) == levy.EForbidden) != c.readOnly {
			t.Errorf("CheckWritable(%v) = %v, want refused %v", c.ctx, err, c.readOnly)
		}
	}
}

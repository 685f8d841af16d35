package levy

import (
	"context"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/levytax/levy/internal/reqctx"
)

// DefaultTenant is the tenant of calls whose context names none: a host
// application that embeds Levy for one business need not think of
// tenants at all.
const DefaultTenant = "default"

// MaxTenantLength is the most bytes a tenant may have: a credential's
// tenant, a profile's, a stored transaction's. Every store that keeps a
// tenant checks it with CheckTenant (or this bound), so that a tenant
// that may hold a credential may also write everything it owns.
const MaxTenantLength = 200

// CheckTenant returns an EInvalid error naming "tenant" when tenant is
// not one that a credential may carry: empty, longer than
// MaxTenantLength bytes, with a space at either end, not UTF-8, or with
// a control character, a line or paragraph separator or a bidirectional
// formatting character (a tenant is named in the query of the admin
// routes, and in logs). It returns nil otherwise.
func CheckTenant(tenant string) error {
	switch {
	case tenant == "":
		return Invalid("tenant", "is required")
	case len(tenant) > MaxTenantLength:
		return Invalid("tenant", "has %d bytes, at most %d are allowed", len(tenant), MaxTenantLength)
	case strings.TrimSpace(tenant) != tenant:
		return Invalid("tenant", "%q begins or ends with a space", tenant)
	}
	if msg := tenantCharViolation(tenant); msg != "" {
		return Invalid("tenant", "%s", msg)
	}
	return nil
}

// tenantCharViolation says which character of tenant no tenant may
// hold, or returns "".
func tenantCharViolation(tenant string) string {
	for i, r := range tenant {
		switch {
		case r == utf8.RuneError && !strings.HasPrefix(tenant[i:], "\uFFFD"):
			return fmt.Sprintf("must be valid UTF-8, and is not at byte %d", i)
		case unicode.IsControl(r):
			return fmt.Sprintf("must not contain control characters, and holds U+%04X at byte %d", r, i)
		case r == '\u2028' || r == '\u2029':
			return fmt.Sprintf("must not contain line or paragraph separators, and holds U+%04X at byte %d", r, i)
		case unicode.Is(unicode.Bidi_Control, r):
			return fmt.Sprintf("must not contain bidirectional formatting characters, and holds U+%04X at byte %d", r, i)
		}
	}
	return ""
}

// CheckNewTenant is CheckTenant for the tenant of a new credential,
// which makes the tenant: it also refuses a character that is not seen,
// one of Unicode's default ignorable code points (a zero width space or
// joiner, a soft hyphen, a byte order mark, a variation selector, a
// Hangul filler), with which a second tenant would read as another,
// "be\u200bta" as beta, in every list, log and answer. Tenants made
// before the rule keep working: the stores check the tenants of what
// they keep with CheckTenant.
func CheckNewTenant(tenant string) error {
	if err := CheckTenant(tenant); err != nil {
		return err
	}
	for i, r := range tenant {
		if unicode.In(r, unicode.Cf, unicode.Variation_Selector, unicode.Other_Default_Ignorable_Code_Point) {
			return Invalid("tenant", "must not contain characters that are not seen, and holds U+%04X at byte %d", r, i)
		}
	}
	return nil
}

// WithTenant returns a context that carries the tenant whose records the
// calls made with it read and write. The HTTP adapter sets it from the
// caller's access token (in the request's own record, which its context
// answers for without a node of its own).
func WithTenant(ctx context.Context, tenant string) context.Context {
	return context.WithValue(ctx, reqctx.TenantKey{}, &tenant)
}

// Tenant returns the tenant that ctx carries, or DefaultTenant.
func Tenant(ctx context.Context) string {
	if t, ok := ctx.Value(reqctx.TenantKey{}).(*string); ok && t != nil && *t != "" {
		return *t
	}
	return DefaultTenant
}

// WithReadOnly returns a context whose calls may read the tenant's
// records and change none of them: the HTTP adapter sets it for the
// tokens of a read-only audience (the console's analysts). Every write of
// Levy's domain packages (a stored calculation, a transaction operation,
// an e-invoice, a webhook connection) checks it with CheckWritable.
func WithReadOnly(ctx context.Context) context.Context {
	return context.WithValue(ctx, reqctx.ReadOnlyKey{}, true)
}

// ReadOnly reports whether ctx is read-only (see WithReadOnly).
func ReadOnly(ctx context.Context) bool {
	ro, _ := ctx.Value(reqctx.ReadOnlyKey{}).(bool)
	return ro
}

// CheckWritable returns an EForbidden error naming what, the write that
// was asked for, when ctx is read-only, and nil otherwise. The error
// sends the caller to a credential of the API's audience, which makes
// the writes of a tenant's data (stored calculations, transaction
// operations, e-invoices, webhook connections).
func CheckWritable(ctx context.Context, what string) error {
	return checkWritable(ctx, what, "a credential of the API's audience")
}

// CheckAdminWritable is CheckWritable for a write of a tenant's
// administration (its tax profile, its dead letters), which a tenant
// admin's credential makes and the API's audience does not: the error
// sends the caller there.
func CheckAdminWritable(ctx context.Context, what string) error {
	return checkWritable(ctx, what, "a tenant admin's credential")
}

// checkWritable refuses a write of a read-only ctx, naming what and the
// credential to use instead.
func checkWritable(ctx context.Context, what, use string) error {
	if ReadOnly(ctx) {
		return &Error{Code: EForbidden, Message: "this access token is read-only and may not " + what + "; use " + use}
	}
	return nil
}

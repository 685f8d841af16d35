package levy

import "context"

// DefaultTenant is the tenant of calls whose context names none: a host
// application that embeds Levy for one business need not think of
// tenants at all.
const DefaultTenant = "default"

// tenantKey is the context key of the tenant.
type tenantKey struct{}

// WithTenant returns a context that carries the tenant whose records the
// calls made with it read and write. The HTTP adapter sets it from the
// caller's access token.
func WithTenant(ctx context.Context, tenant string) context.Context {
	return context.WithValue(ctx, tenantKey{}, tenant)
}

// Tenant returns the tenant that ctx carries, or DefaultTenant.
func Tenant(ctx context.Context) string {
	if t, ok := ctx.Value(tenantKey{}).(string); ok && t != "" {
		return t
	}
	return DefaultTenant
}

// readOnlyKey is the context key of a read-only caller.
type readOnlyKey struct{}

// WithReadOnly returns a context whose calls may read the tenant's
// records and change none of them: the HTTP adapter sets it for the
// tokens of a read-only audience (the console's analysts). Every write of
// Levy's domain packages (a stored calculation, a transaction operation,
// an e-invoice, a webhook connection) checks it with CheckWritable.
func WithReadOnly(ctx context.Context) context.Context {
	return context.WithValue(ctx, readOnlyKey{}, true)
}

// ReadOnly reports whether ctx is read-only (see WithReadOnly).
func ReadOnly(ctx context.Context) bool {
	ro, _ := ctx.Value(readOnlyKey{}).(bool)
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

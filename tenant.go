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
// was asked for, when ctx is read-only, and nil otherwise.
func CheckWritable(ctx context.Context, what string) error {
	if ReadOnly(ctx) {
		return &Error{Code: EForbidden, Message: "this access token is read-only and may not " + what +
			"; use a credential of the API's audience"}
	}
	return nil
}

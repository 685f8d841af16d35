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

// Package reqctx holds the context keys of a call's tenant and read-only
// mark, which the root package levy sets and reads (levy.WithTenant,
// levy.Tenant, levy.WithReadOnly, levy.ReadOnly) and which the HTTP
// adapter answers from its per-request record without a context node of
// their own.
//
// A context answers TenantKey with a *string (the tenant; a pointer, so
// that reading it boxes nothing) and ReadOnlyKey with a bool.
package reqctx

// TenantKey is the context key of the tenant: its value is a *string.
type TenantKey struct{}

// ReadOnlyKey is the context key of a read-only caller: its value is a
// bool.
type ReadOnlyKey struct{}

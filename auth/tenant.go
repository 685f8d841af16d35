package auth

import (
	"context"
	"encoding/hex"
	"fmt"

	"github.com/levytax/levy"
)

// NewTenantID returns a new tenant ID: a random UUID (RFC 9562, version
// 4) in its canonical form. A Store that must give IDs to tenants it has
// none for (a store written before tenants had one) makes them with it.
func NewTenantID() string {
	b := randomBytes(16)
	b[6] = b[6]&0x0f | 0x40 // version 4
	b[8] = b[8]&0x3f | 0x80 // the variant of RFC 9562
	h := hex.EncodeToString(b)
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:32]
}

// TenantID returns the UUID of tenant, which the store made with the
// tenant's first credential and keeps while the store lives, whatever
// happens to the credentials. It reads memory, and the Store only for a
// tenant that memory does not know (made by another process since the
// last Refresh). It fails with a levy.ENotFound error for a tenant that
// never had a credential.
func (r *Registry) TenantID(ctx context.Context, tenant string) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", fmt.Errorf("auth: tenant ID of %s: %w", tenant, err)
	}
	if id, ok := r.mem.Load().tenants[tenant]; ok {
		return id, nil
	}
	if tenant == "" {
		return "", levy.NotFound("tenant", "no tenant %q", tenant)
	}
	return r.store.TenantID(ctx, tenant)
}

package auth_test

import (
	"bytes"
	"context"
	"regexp"
	"testing"

	"github.com/dgraph-io/badger/v4"

	"github.com/levytax/levy"
	"github.com/levytax/levy/auth"
)

var uuidV4 = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)

// TestTenantID gives each tenant a stable UUID with its first credential,
// the same for its other credentials, kept through revocation and
// restarts, and not stored in the credentials' records.
func TestTenantID(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s := open(t, dir)
	i := issuer(t, s, newClock(), auth.Config{})
	a1, _ := create(t, i, "calc")
	a2, _ := create(t, i, "lookup")
	b, _, err := i.Create(ctx, "beta", []string{"calc"}, true)
	if err != nil {
		t.Fatal(err)
	}
	if !uuidV4.MatchString(a1.TenantID) || a2.TenantID != a1.TenantID || !uuidV4.MatchString(b.TenantID) || b.TenantID == a1.TenantID {
		t.Fatalf("tenant IDs %q %q %q", a1.TenantID, a2.TenantID, b.TenantID)
	}
	for tenant, want := range map[string]string{"acme": a1.TenantID, "beta": b.TenantID} {
		if id, err := i.TenantID(ctx, tenant); err != nil || id != want {
			t.Errorf("TenantID(%s): %q, %v, want %q", tenant, id, err, want)
		}
	}
	if _, err := s.TenantID(ctx, "nobody"); levy.ErrorCode(err) != levy.ENotFound {
		t.Errorf("TenantID(nobody): %v", err)
	}
	for _, id := range []string{a1.ClientID, a2.ClientID} {
		if c, err := i.Revoke(ctx, id); err != nil || c.TenantID != a1.TenantID {
			t.Fatalf("Revoke: %+v, %v", c, err)
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	// The credentials' records do not hold it; removing the tenants'
	// records makes a store as earlier versions wrote it.
	db, err := badger.Open(badger.DefaultOptions(dir).WithLogger(nil))
	if err != nil {
		t.Fatal(err)
	}
	err = db.Update(func(txn *badger.Txn) error {
		it := txn.NewIterator(badger.DefaultIteratorOptions)
		var tenants [][]byte
		for it.Rewind(); it.Valid(); it.Next() {
			item := it.Item()
			switch item.Key()[0] {
			case 'C':
				if err := item.Value(func(v []byte) error {
					if bytes.Contains(v, []byte("tenant_id")) {
						t.Errorf("a credential's record holds the tenant ID: %s", v)
					}
					return nil
				}); err != nil {
					return err
				}
			case 'N':
				tenants = append(tenants, item.KeyCopy(nil))
			}
		}
		it.Close()
		if len(tenants) != 2 {
			t.Errorf("%d tenant records", len(tenants))
		}
		if err := txn.Delete(tenants[0]); err != nil {
			return err
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}

	// Opened again, the tenant without a record gets one, once.
	s = open(t, dir)
	cs, err := s.List(ctx, "")
	if err != nil || len(cs) != 3 {
		t.Fatalf("List: %d, %v", len(cs), err)
	}
	ids := map[string]string{}
	for _, c := range cs {
		if !uuidV4.MatchString(c.TenantID) || ids[c.Tenant] != "" && ids[c.Tenant] != c.TenantID {
			t.Fatalf("List: %+v", cs)
		}
		ids[c.Tenant] = c.TenantID
	}
	if ids["acme"] != a1.TenantID && ids["beta"] != b.TenantID {
		t.Fatalf("both tenants changed IDs: %v", ids)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s = open(t, dir)
	for tenant, want := range ids {
		if id, err := s.TenantID(ctx, tenant); err != nil || id != want {
			t.Errorf("after another restart TenantID(%s): %q, %v, want %q", tenant, id, err, want)
		}
	}
	c, err := s.Get(ctx, b.ClientID)
	if err != nil || c.TenantID != ids["beta"] {
		t.Fatalf("Get: %+v, %v", c, err)
	}
}

package journal

import (
	"context"
	"fmt"

	"github.com/levytax/levy"
)

// LatestVersioner is a Store that reads the number of the latest version
// of many transaction IDs in one consistent state, without reading the
// versions themselves. The stores of NewStore (the memory store, and
// those over Badger and PostgreSQL) are LatestVersioners.
type LatestVersioner interface {
	// LatestVersions returns the number of the latest version of each
	// of ids in tenant's journal: 0 for an ID the journal does not
	// hold, and a deleted transaction's last number (a deletion stores
	// no version; the next post is numbered after it).
	LatestVersions(ctx context.Context, tenant string, ids []string) (map[string]int, error)
}

// LatestVersions returns the number of the latest version of each of ids
// as LatestVersioner does: in one read when s is a LatestVersioner,
// otherwise from s.Versions of each ID, one read each. A caller that
// records the numbers before it posts can tell the versions its post
// stored by their numbers, whatever the wall clock said at the time
// (package batch does, to resume a run).
func LatestVersions(ctx context.Context, s Store, tenant string, ids []string) (map[string]int, error) {
	if err := needStore(s); err != nil {
		return nil, err
	}
	if lv, ok := s.(LatestVersioner); ok {
		return lv.LatestVersions(ctx, tenant, ids)
	}
	out := make(map[string]int, len(ids))
	for _, id := range ids {
		vs, err := s.Versions(ctx, tenant, id)
		if err != nil && levy.ErrorCode(err) != levy.ENotFound {
			return nil, fmt.Errorf("journal: latest version of %s: %w", id, err)
		}
		n := 0
		for _, v := range vs {
			n = max(n, v.Version)
		}
		out[id] = n
	}
	return out, nil
}

// LatestVersions implements LatestVersioner.
func (o operations) LatestVersions(ctx context.Context, tenant string, ids []string) (map[string]int, error) {
	out := make(map[string]int, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	for _, id := range ids {
		if err := checkKey(tenant, id); err != nil {
			return nil, err
		}
	}
	err := o.view(ctx, "latest versions", tenant, ids[0], func(st State) error {
		for _, id := range ids {
			h, found, err := st.Head(id)
			if err != nil {
				return err
			}
			if found {
				out[id] = h.Latest
			} else {
				out[id] = 0
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

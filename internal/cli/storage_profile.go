package cli

import (
	"context"
	"path/filepath"

	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/profile"
)

// profileDir is the directory of the tax profiles in a data directory.
func profileDir(dataDir string) string { return filepath.Join(dataDir, "profile") }

// profiles opens the store of the tenants' tax profiles beside the
// journal: Badger in DIR/profile, or the database's. It is opened once
// per storage, however many callers ask (a Badger directory admits one
// opener), and closed with the other stores.
func (s *storage) profiles(ctx context.Context) (profile.Store, error) {
	if s.profile != nil {
		return s.profile, nil
	}
	var ps profile.Store
	if s.db != nil {
		ps = s.db.Profile()
	} else {
		b, err := badger.OpenProfile(ctx, profileDir(s.dataDir), badger.WithLogger(s.log))
		if err != nil {
			return nil, err
		}
		ps = b
	}
	s.closers = append(s.closers, ps.Close)
	s.profile = ps
	return ps, nil
}

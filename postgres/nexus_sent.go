package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/levytax/levy/nexus/lastsent"
)

// NexusSent returns the records of the nexus watcher's last notices
// (lastsent.Store) in the table nexus_sent: a row per tenant, company
// and area, whose column seq each write names, so that of nodes that
// read one record and write at once, one writes (an INSERT that meets
// the row's key does nothing; an UPDATE names the seq it replaces).
func (db *DB) NexusSent() lastsent.Store { return nexusSentStore{db} }

// nexusSentStore is the lastsent.Store of NexusSent.
type nexusSentStore struct{ db *DB }

// LastSent implements lastsent.Store.
func (s nexusSentStore) LastSent(ctx context.Context, tenant, company, area string) (lastsent.Record, bool, error) {
	var rec lastsent.Record
	var raw []byte
	op := fmt.Sprintf("read the nexus notice of %q %q", company, area)
	err := s.db.retry(ctx, op, nil, func() error {
		return s.db.pool.QueryRow(ctx, "SELECT record FROM nexus_sent WHERE tenant = $1 AND company = $2 AND area = $3",
			tenant, company, area).Scan(&raw)
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return rec, false, nil
	}
	if err != nil {
		return rec, false, err
	}
	if err := json.Unmarshal(raw, &rec); err != nil {
		return lastsent.Record{}, false, fmt.Errorf("postgres: %s: %w", op, err)
	}
	return rec, true, nil
}

// PutSent implements lastsent.Store.
func (s nexusSentStore) PutSent(ctx context.Context, tenant string, rec lastsent.Record, after uint64) (bool, error) {
	if err := lastsent.Check(tenant, &rec, after); err != nil {
		return false, err
	}
	if rec.Seq > math.MaxInt64 {
		return false, fmt.Errorf("postgres: record the nexus notice of %q %q: seq %d is past a bigint", rec.Company, rec.Area, rec.Seq)
	}
	raw, err := json.Marshal(rec)
	if err != nil {
		return false, fmt.Errorf("postgres: encode the nexus notice of %q %q: %w", rec.Company, rec.Area, err)
	}
	op := fmt.Sprintf("record the nexus notice of %q %q", rec.Company, rec.Area)
	var n int64
	err = s.db.retry(ctx, op, nil, func() error {
		var sql string
		args := []any{tenant, rec.Company, rec.Area, int64(rec.Seq), raw, time.Now().UTC()}
		if after == 0 {
			sql = `INSERT INTO nexus_sent (tenant, company, area, seq, record, updated_at) VALUES ($1, $2, $3, $4, $5, $6)
				ON CONFLICT (tenant, company, area) DO NOTHING`
		} else {
			sql = `UPDATE nexus_sent SET seq = $4, record = $5, updated_at = $6
				WHERE tenant = $1 AND company = $2 AND area = $3 AND seq = $7`
			args = append(args, int64(after))
		}
		tag, err := s.db.pool.Exec(ctx, sql, args...)
		n = tag.RowsAffected()
		return err
	})
	if err != nil {
		return false, err
	}
	return n == 1, nil
}

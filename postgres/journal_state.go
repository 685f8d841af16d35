package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/levytax/levy/journal"
)

// journalState is the journal.State of one tenant in a unit of the
// journal's backend. It belongs to the goroutine that runs the unit.
//
// In a unit of View, it reads the database as fn asks. In a unit of
// Update (write), the heads of the unit's IDs were read, and locked, by
// the unit's first round trip (heads; read holds the IDs whose head was
// read, found or not), and the writes are kept in memory (newHeads,
// newVersions) until queueWrites sends them with the commit: Head and
// Version see them first, so that fn reads what it wrote. A State that
// assumes the IDs new (assumeNew, see journalBackend.tryNew) reads
// nothing: every head is missing, and it notes in read the IDs whose head
// fn asked for.
type journalState struct {
	ctx       context.Context
	q         querier // nil when assumeNew
	tenant    string
	write     bool
	assumeNew bool

	heads map[string]journal.Head // the heads read, by ID
	read  map[string]bool         // the IDs whose head was read

	newHeads    map[string]journal.Head
	headOrder   []string
	newVersions map[versionKey][]byte // the JSON of each version written
	versions    []versionKey
	figures     []journal.Figure // the sales figures the unit adds
	part        int16            // the part of the figures' rows the unit adds to (figurePart)
	// scalarFigures is the most figures the unit upserts with scalar
	// parameters (smallFigures, see journalBackend.scalars).
	scalarFigures int
	// held is whether the unit's figures go through the held statements
	// (figureStatements.held), after the server refused their exact sums.
	held bool
}

// newState returns the State of tenant in a unit that reads with q and,
// when write, writes.
func newState(ctx context.Context, q querier, tenant string, write bool) *journalState {
	return &journalState{ctx: ctx, q: q, tenant: tenant, write: write,
		heads: make(map[string]journal.Head), read: make(map[string]bool)}
}

// querier is what a read runs its statements on: a transaction, a
// connection in one, or the pool (the reads of the e-invoicing store).
type querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// versionKey names a version of a transaction ID.
type versionKey struct {
	id      string
	version int
}

// smallUnit is the most rows a unit reads or writes with one statement
// per row; more go in one statement per table, with arrays. One statement
// per row is cheaper for the database when they are few (a statement of
// arrays is planned anew each time), and each is a plan by the table's
// key however stale its statistics.
const smallUnit = 8

// The statements that read the heads of a unit and lock them. In READ
// COMMITTED, a head that another unit holds is read once that unit has
// committed, as it left it. The array form looks each ID up by the key
// in a subquery of its own, which keeps the order of the IDs (the order
// of the locks) and a plan by the key (a join or "= ANY" of a large
// array may be planned as a scan of all the tenant's heads).
const (
	headForUpdate = `SELECT id, latest, deleted, reversed_by, posting_date::text FROM journal_heads
		WHERE tenant = $1 AND id = $2 FOR UPDATE`
	headsForUpdate = `SELECT h.id, h.latest, h.deleted, h.reversed_by, h.posting_date::text
		FROM unnest($2::text[]) WITH ORDINALITY AS u(id, n)
		CROSS JOIN LATERAL (SELECT * FROM journal_heads h WHERE h.tenant = $1 AND h.id = u.id FOR UPDATE) h
		ORDER BY u.n`
)

// queueHeadReads queues on b the statements that read and lock the heads
// of ids (sorted) of tenant: one per ID, or one for all.
func queueHeadReads(b *pgx.Batch, tenant string, ids []string) {
	if len(ids) > smallUnit {
		b.Queue(headsForUpdate, tenant, ids)
		return
	}
	for _, id := range ids {
		b.Queue(headForUpdate, tenant, id)
	}
}

// keepHeads reads the results of n statements of queueHeadReads into
// s.heads.
func (s *journalState) keepHeads(br pgx.BatchResults, n int) error {
	for range n {
		rows, err := br.Query()
		if err != nil {
			return fmt.Errorf("read heads: %w", err)
		}
		if err := s.keepRows(rows); err != nil {
			return err
		}
	}
	return nil
}

// keepRows reads rows of heads into s.heads and closes rows.
func (s *journalState) keepRows(rows pgx.Rows) error {
	defer rows.Close()
	for rows.Next() {
		var id string
		h, err := scanHead(rows, &id)
		if err != nil {
			return fmt.Errorf("read heads: %w", err)
		}
		s.heads[id] = h
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("read heads: %w", err)
	}
	return nil
}

// rowScanner is a row of a result, of QueryRow or of Rows.
type rowScanner interface {
	Scan(dest ...any) error
}

// scanHead reads a head: its ID into id when id is not nil, then its
// latest version, deleted flag, reversal and posting date.
func scanHead(r rowScanner, id *string) (journal.Head, error) {
	var h journal.Head
	var date string
	dest := []any{&h.Latest, &h.Deleted, &h.ReversedBy, &date}
	if id != nil {
		dest = append([]any{id}, dest...)
	}
	if err := r.Scan(dest...); err != nil {
		return journal.Head{}, err
	}
	d, err := dateValue(date)
	if err != nil {
		return journal.Head{}, fmt.Errorf("read head: %w", err)
	}
	h.PostingDate = d
	return h, nil
}

// Head implements journal.State.
func (s *journalState) Head(id string) (journal.Head, bool, error) {
	if h, ok := s.newHeads[id]; ok {
		return h, true, nil
	}
	if s.read[id] || s.assumeNew {
		s.read[id] = true
		h, ok := s.heads[id]
		return h, ok, nil
	}
	if s.write {
		// An ID outside the unit's: read and lock it as the unit's.
		rows, err := s.q.Query(s.ctx, headForUpdate, s.tenant, id)
		if err != nil {
			return journal.Head{}, false, fmt.Errorf("read head: %w", err)
		}
		if err := s.keepRows(rows); err != nil {
			return journal.Head{}, false, err
		}
		s.read[id] = true
		h, ok := s.heads[id]
		return h, ok, nil
	}
	h, err := scanHead(s.q.QueryRow(s.ctx, `SELECT latest, deleted, reversed_by, posting_date::text FROM journal_heads WHERE tenant = $1 AND id = $2`,
		s.tenant, id), nil)
	if errors.Is(err, pgx.ErrNoRows) {
		return journal.Head{}, false, nil
	}
	if err != nil {
		return journal.Head{}, false, fmt.Errorf("read head: %w", err)
	}
	return h, true, nil
}

// errAssumedNew is the error of a State that assumes its IDs new when fn
// asks for a stored version: the assumption does not hold, and the unit
// runs again under locks.
var errAssumedNew = errors.New("a stored version read in a unit that assumed its transaction IDs new")

// Version implements journal.State.
func (s *journalState) Version(id string, v int) (*journal.Transaction, error) {
	body, ok := s.newVersions[versionKey{id, v}]
	if !ok {
		if s.assumeNew {
			return nil, errAssumedNew
		}
		err := s.q.QueryRow(s.ctx, `SELECT body FROM journal_versions WHERE tenant = $1 AND id = $2 AND version = $3`,
			s.tenant, id, v).Scan(&body)
		if err != nil {
			return nil, fmt.Errorf("read version %d: %w", v, err)
		}
	}
	t := new(journal.Transaction)
	if err := json.Unmarshal(body, t); err != nil {
		return nil, fmt.Errorf("read version %d: %w", v, err)
	}
	return t, nil
}

// errReadOnly is the error of a write in a unit of View.
var errReadOnly = errors.New("a write in a read-only unit")

// PutVersion implements journal.State. The version is encoded at once:
// the State keeps its JSON, not t.
func (s *journalState) PutVersion(t *journal.Transaction) error {
	if !s.write {
		return errReadOnly
	}
	body, err := json.Marshal(t)
	if err != nil {
		return fmt.Errorf("encode version %d: %w", t.Version, err)
	}
	k := versionKey{t.TransactionID, t.Version}
	if s.newVersions == nil {
		s.newVersions = make(map[versionKey][]byte)
	}
	if _, ok := s.newVersions[k]; !ok {
		s.versions = append(s.versions, k)
	}
	s.newVersions[k] = body
	return nil
}

// PutHead implements journal.State. The period index is the partial
// index of the heads table, which follows the head by itself.
func (s *journalState) PutHead(id string, _ journal.Head, _ bool, h journal.Head) error {
	if !s.write {
		return errReadOnly
	}
	if s.newHeads == nil {
		s.newHeads = make(map[string]journal.Head)
	}
	if _, ok := s.newHeads[id]; !ok {
		s.headOrder = append(s.headOrder, id)
	}
	s.newHeads[id] = h
	return nil
}

// The statements that store a unit's writes. A head that the unit read
// and holds locked is updated; one of an ID that had none is inserted
// without a conflict clause, as is every version, so that an ID created
// meanwhile by another unit makes the statement fail (and the unit run
// again) rather than be overwritten.
const (
	insertVersion  = `INSERT INTO journal_versions (tenant, id, version, body) VALUES ($1, $2, $3, $4::jsonb)`
	insertVersions = `INSERT INTO journal_versions (tenant, id, version, body)
		SELECT $1, u.id, u.version, u.body::jsonb FROM unnest($2::text[], $3::integer[], $4::text[]) AS u(id, version, body)`
	insertHead = `INSERT INTO journal_heads (tenant, id, latest, deleted, reversed_by, posting_date)
		VALUES ($1, $2, $3, $4, $5, $6::date)`
	insertHeads = `INSERT INTO journal_heads (tenant, id, latest, deleted, reversed_by, posting_date)
		SELECT $1, u.id, u.latest, u.deleted, u.reversed_by, u.posting_date::date
		FROM unnest($2::text[], $3::integer[], $4::boolean[], $5::text[], $6::text[]) AS u(id, latest, deleted, reversed_by, posting_date)`
	updateHead = `UPDATE journal_heads SET latest = $3, deleted = $4, reversed_by = $5, posting_date = $6::date
		WHERE tenant = $1 AND id = $2`
	// An upsert, which finds each row by the key whatever the plan.
	updateHeads = insertHeads + `
		ON CONFLICT (tenant, id) DO UPDATE SET latest = EXCLUDED.latest, deleted = EXCLUDED.deleted,
			reversed_by = EXCLUDED.reversed_by, posting_date = EXCLUDED.posting_date`
)

// insertFirstVersion stores the first version and the head of an ID in
// one statement (see firstVersion): the arguments of insertVersion, then
// those of insertHead but the tenant and ID.
const insertFirstVersion = `WITH v AS (INSERT INTO journal_versions (tenant, id, version, body) VALUES ($1, $2, $3, $4::jsonb))
	INSERT INTO journal_heads (tenant, id, latest, deleted, reversed_by, posting_date) VALUES ($1, $2, $5, $6, $7, $8::date)`

// firstVersion reports whether the unit's writes are one version and the
// head of an ID that had none, and then returns the statement that
// stores them in one round trip with the unit's sales figures, if any
// (insertFirstVersion, or the first statement of the figures' form,
// figureSQL), and its arguments.
func (s *journalState) firstVersion() (bool, string, []any) {
	if len(s.versions) != 1 || len(s.headOrder) != 1 {
		return false, "", nil
	}
	k, id := s.versions[0], s.headOrder[0]
	if _, held := s.heads[id]; held || k.id != id {
		return false, "", nil
	}
	h := s.newHeads[id]
	figs, _ := unitFigures(s.figures)
	nums := unitNumbers(figs, s.scalarFigures)
	n := 8
	if len(figs) > 0 {
		n += 1 + figureArgCount(len(figs), s.scalarFigures, nums)
	}
	args := append(make([]any, 0, n), s.tenant, id, k.version, string(s.newVersions[k]), h.Latest, h.Deleted, h.ReversedBy, dateParam(h.PostingDate))
	if len(figs) == 0 {
		return true, insertFirstVersion, args
	}
	return true, deltaSQL(len(figs), s.scalarFigures, nums).first, appendFigureArgs(append(args, s.tenant), s.part, figs, s.scalarFigures, nums)
}

// queueWrites queues on b the statements that store the unit's writes:
// one per row when they are few (smallUnit), else one per table and
// kind of head.
func (s *journalState) queueWrites(b *pgx.Batch) {
	if n := len(s.versions); n > smallUnit {
		ids, nums, bodies := make([]string, n), make([]int32, n), make([]string, n)
		for i, k := range s.versions {
			ids[i], nums[i], bodies[i] = k.id, int32(k.version), string(s.newVersions[k])
		}
		b.Queue(insertVersions, s.tenant, ids, nums, bodies)
	} else {
		for _, k := range s.versions {
			b.Queue(insertVersion, s.tenant, k.id, k.version, string(s.newVersions[k]))
		}
	}
	var created, held headColumns
	for _, id := range s.headOrder {
		if _, ok := s.heads[id]; ok {
			held.add(id, s.newHeads[id])
		} else {
			created.add(id, s.newHeads[id])
		}
	}
	created.queue(b, s.tenant, insertHead, insertHeads)
	held.queue(b, s.tenant, updateHead, updateHeads)
	queueDeltas(b, s.tenant, s.part, s.figures, s.scalarFigures)
}

// headColumns are heads to write, one slice per column.
type headColumns struct {
	ids, reversed, dates []string
	latest               []int32
	deleted              []bool
}

// add appends the head h of id.
func (c *headColumns) add(id string, h journal.Head) {
	c.ids = append(c.ids, id)
	c.latest = append(c.latest, int32(h.Latest))
	c.deleted = append(c.deleted, h.Deleted)
	c.reversed = append(c.reversed, h.ReversedBy)
	c.dates = append(c.dates, dateParam(h.PostingDate))
}

// queue queues on b the writes of the heads of tenant: one statement one
// per head (one), or one of arrays for all (many).
func (c *headColumns) queue(b *pgx.Batch, tenant, one, many string) {
	if len(c.ids) > smallUnit {
		b.Queue(many, tenant, c.ids, c.latest, c.deleted, c.reversed, c.dates)
		return
	}
	for i, id := range c.ids {
		b.Queue(one, tenant, id, c.latest[i], c.deleted[i], c.reversed[i], c.dates[i])
	}
}

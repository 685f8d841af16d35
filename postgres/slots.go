package postgres

import (
	"context"
	"sync"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// connSlots numbers the open connections of a DB's pool: each connection
// takes the lowest number that no other open connection holds when it
// connects, and gives it back when it closes, so that the connections
// open at one time hold distinct numbers from 0 up. A unit of the journal
// adds its sales figures to the part of its connection's number
// (partOf), so that units that run at the same time on one node never
// add to the same row and never wait for each other's row locks. It is
// safe for concurrent use; its zero value has no number taken.
type connSlots struct {
	mu    sync.Mutex
	taken []bool
}

// slotKey is the key of a connection's number in its CustomData.
const slotKey = "levy.slot"

// take gives conn the lowest free number. A connection without
// CustomData (never one of pgx's) is left without a number.
func (s *connSlots) take(conn *pgconn.PgConn) {
	if data := conn.CustomData(); data != nil {
		data[slotKey] = s.next()
	}
}

// give takes conn's number back, if it has one.
func (s *connSlots) give(conn *pgconn.PgConn) {
	if n, ok := slotOf(conn); ok {
		delete(conn.CustomData(), slotKey)
		s.free(n)
	}
}

// next takes the lowest free number and returns it.
func (s *connSlots) next() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for n < len(s.taken) && s.taken[n] {
		n++
	}
	if n == len(s.taken) {
		s.taken = append(s.taken, false)
	}
	s.taken[n] = true
	return n
}

// free gives number n back.
func (s *connSlots) free(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if n >= 0 && n < len(s.taken) {
		s.taken[n] = false
	}
}

// afterConnect is the pool's AfterConnect hook: it numbers a new
// connection.
func (s *connSlots) afterConnect(_ context.Context, conn *pgx.Conn) error {
	s.take(conn.PgConn())
	return nil
}

// beforeClose is the pool's BeforeClose hook: it takes the number of a
// connection that closes back.
func (s *connSlots) beforeClose(conn *pgx.Conn) { s.give(conn.PgConn()) }

// slotOf returns the number of conn, and false when it has none (a
// connection that is not the pool's).
func slotOf(conn *pgconn.PgConn) (int, bool) {
	n, ok := conn.CustomData()[slotKey].(int)
	return n, ok
}

// partOf returns the part of the figures' rows that a unit on conn adds
// to: its connection's number (connSlots) modulo figureParts, or, on a
// connection without one, the part of the unit's IDs (figurePart).
func partOf(conn *pgconn.PgConn, tenant string, ids []string) int16 {
	if n, ok := slotOf(conn); ok {
		return int16(n % figureParts)
	}
	return figurePart(tenant, ids)
}

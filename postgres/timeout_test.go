package postgres

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/levytax/levy"
	"github.com/levytax/levy/internal/pgtest"
)

// TestStatementTimeoutIsUnavailable posts a transaction whose head
// another node holds locked for longer than the poster's statement
// timeout: the post is refused as unavailable (503 with Retry-After over
// HTTP, not a fault of Levy's, 500), with a message that names no
// server detail, while the error for the operator's log says what the
// server did; nothing of it is stored, and it is not run again while the
// lock is held.
func TestStatementTimeoutIsUnavailable(t *testing.T) {
	ctx := context.Background()
	schema := newSchema()
	db, err := Open(ctx, pgtest.AdminURL(t), WithSchema(schema), WithStatementTimeout(300*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	s := db.Journal()
	if _, err := s.Post(ctx, "acme", posting("X", "D1")); err != nil {
		t.Fatal(err)
	}
	// Another node's unit over X, which holds X's head.
	other, err := adminConn(ctx, t).Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = other.Rollback(ctx) }()
	if _, err := other.Exec(ctx, "SELECT 1 FROM "+pgx.Identifier{schema, "journal_heads"}.Sanitize()+" WHERE id = 'X' FOR UPDATE"); err != nil {
		t.Fatal(err)
	}
	_, err = s.Post(ctx, "acme", posting("X", "D2"))
	if code := levy.ErrorCode(err); code != levy.EUnavailable {
		t.Fatalf("a post past the statement timeout: code %q (%v), want unavailable", code, err)
	}
	var le *levy.Error
	if !errors.As(err, &le) || strings.Contains(le.Message, "statement") || strings.Contains(le.Message, "SQLSTATE") {
		t.Errorf("the client is told %q, want a message without the server's words", le.Message)
	}
	if !strings.Contains(err.Error(), "statement timeout") {
		t.Errorf("the operator's error %q does not say that the statement timed out", err)
	}
	if err := other.Rollback(ctx); err != nil {
		t.Fatal(err)
	}
	vs, err := s.Versions(ctx, "acme", "X")
	if err != nil || len(vs) != 1 || vs[0].DocumentNumber != "D1" {
		t.Fatalf("after the refused post: %d versions (%v), want D1 alone", len(vs), err)
	}
}

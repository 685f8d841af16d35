package journal

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/storeclosed"
)

// maxTenantLength is the most bytes a tenant may have: a credential's
// tenant may have as many, and writes all it owns.
const maxTenantLength = levy.MaxTenantLength

// checkTenant reports a tenant that is empty or longer than
// maxTenantLength bytes.
func checkTenant(tenant string) error {
	switch {
	case tenant == "":
		return levy.Invalid("tenant", "tenant is empty")
	case len(tenant) > maxTenantLength:
		return levy.Invalid("tenant", "tenant has %d bytes, at most %d are allowed", len(tenant), maxTenantLength)
	}
	return nil
}

// Fields of the errors about transaction IDs: FieldTransactionID names the
// transaction a method acts on, FieldReversalID the ID a reversal is to
// be stored under (Reversal.TransactionID).
const (
	FieldTransactionID = "transactionId"
	FieldReversalID    = "reversal.transactionId"
	// FieldReversalPostingDate names the date a reversal is to count for
	// (Reversal.PostingDate).
	FieldReversalPostingDate = "reversal.postingDate"
)

// checkID reports a transaction ID that is empty, longer than
// MaxIDLength characters or not valid UTF-8, as an error about field.
func checkID(field, id string) error {
	switch n := utf8.RuneCountInString(id); {
	case n == 0:
		return levy.Invalid(field, "transaction ID is empty")
	case n > MaxIDLength:
		return levy.Invalid(field, "transaction ID has %d characters, at most %d are allowed", n, MaxIDLength)
	case !utf8.ValidString(id):
		return levy.Invalid(field, "transaction ID is not valid UTF-8")
	}
	return nil
}

// checkNewID reports what checkID does, and a transaction ID that is only
// whitespace, for an ID about to be written (a posting or a reversal's
// own): no new transaction gets a key no one can tell from an absent
// one, while one stored before that rule can still be read and deleted.
func checkNewID(field, id string) error {
	if err := checkID(field, id); err != nil {
		return err
	}
	if strings.TrimSpace(id) == "" {
		return levy.Invalid(field, "transaction ID is only whitespace")
	}
	return nil
}

// checkKey checks the tenant and the transaction ID of a method that
// names one transaction.
func checkKey(tenant, id string) error {
	if err := checkTenant(tenant); err != nil {
		return err
	}
	return checkID(FieldTransactionID, id)
}

// checkDate reports a date that the period index can not file: a
// non-zero date outside the years 1 to 9999 or with a month or day out of
// range.
func checkDate(field string, d civil.Date) error {
	if d.IsZero() {
		return nil
	}
	if d.Year < 1 || d.Year > 9999 || d.Month < 1 || d.Month > 12 || d.Day < 1 || d.Day > 31 {
		return levy.Invalid(field, "date %04d-%02d-%02d is out of range", d.Year, int(d.Month), d.Day)
	}
	return nil
}

// checkPost checks what Post is given.
func CheckPost(tenant string, tx *Transaction) error {
	if err := checkTenant(tenant); err != nil {
		return err
	}
	if tx == nil {
		return levy.Invalid("transaction", "transaction is missing")
	}
	if err := checkNewID(FieldTransactionID, tx.TransactionID); err != nil {
		return err
	}
	if tx.DocumentDate.IsZero() {
		return levy.Invalid("documentDate", "document date is missing")
	}
	if err := checkDate("documentDate", tx.DocumentDate); err != nil {
		return err
	}
	if err := checkDate("postingDate", tx.PostingDate); err != nil {
		return err
	}
	return checkIntrastatLines(tx)
}

// checkReversal checks what Reverse is given besides the original's key.
func checkReversal(r Reversal) error {
	if r.TransactionID != "" {
		if err := checkNewID(FieldReversalID, r.TransactionID); err != nil {
			return err
		}
	}
	return checkDate(FieldReversalPostingDate, r.PostingDate)
}

// checkScan checks what Scan is given besides fn.
func checkScan(tenant string, from, to civil.Date) error {
	if err := checkTenant(tenant); err != nil {
		return err
	}
	if err := checkDate("from", from); err != nil {
		return err
	}
	return checkDate("to", to)
}

// conflict returns an EConflict error about field.
func conflict(field, format string, args ...any) *levy.Error {
	return &levy.Error{Code: levy.EConflict, Field: field, Message: fmt.Sprintf(format, args...)}
}

// notFound returns the ENotFound error of a transaction ID that is unknown
// or deleted.
func notFound(id string) *levy.Error {
	return levy.NotFound(FieldTransactionID, "transaction %q not found", id)
}

// newID returns a random transaction ID of 32 hexadecimal characters, for
// a reversal that names none.
func newID() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails
	return hex.EncodeToString(b[:])
}

// ErrClosed is the error, wrapped, of the methods of a store after Close.
// It carries the code levy.EUnavailable (errors.As finds a *levy.Error
// in it): the store cannot serve now, as when its host is shutting down,
// and the same call may succeed later, to a store opened again.
var ErrClosed = storeclosed.New("the journal is closed")

// wrap returns err with the operation and the transaction ID that met it
// ("journal: post INV-1: ..."), except a *levy.Error, which is the
// caller's to read as it is, and nil, which stays nil. ErrClosed, which
// carries a *levy.Error, is wrapped too, for the logs of a shutdown.
func wrap(op, id string, err error) error {
	if err == nil {
		return nil
	}
	var le *levy.Error
	if errors.As(err, &le) && !errors.Is(err, ErrClosed) {
		return err
	}
	if id == "" {
		return fmt.Errorf("journal: %s: %w", op, err)
	}
	return fmt.Errorf("journal: %s %s: %w", op, id, err)
}

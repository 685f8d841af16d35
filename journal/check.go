package journal

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/storeclosed"
	"github.com/levytax/levy/wire"
)

// maxTenantLength is the most bytes a tenant may have: a credential's
// tenant may have as many, and writes all it owns.
const maxTenantLength = levy.MaxTenantLength

// checkTenant reports a tenant that is empty, longer than
// maxTenantLength bytes, not valid UTF-8 or holding U+0000, which no
// credential's tenant is (levy.CheckTenant) and PostgreSQL can not keep.
func checkTenant(tenant string) error {
	switch {
	case tenant == "":
		return levy.Invalid("tenant", "tenant is empty")
	case len(tenant) > maxTenantLength:
		return levy.Invalid("tenant", "tenant has %d bytes, at most %d are allowed", len(tenant), maxTenantLength)
	case !utf8.ValidString(tenant):
		return levy.Invalid("tenant", "tenant is not valid UTF-8")
	case strings.IndexByte(tenant, 0) >= 0:
		return levy.Invalid("tenant", "tenant holds U+0000 (NUL) at byte %d, which no tenant may hold", strings.IndexByte(tenant, 0))
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
	// FieldReversalDocumentNumber names the document number a reversal
	// is to carry (Reversal.DocumentNumber).
	FieldReversalDocumentNumber = "reversal.documentNumber"
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
	case strings.IndexByte(id, 0) >= 0:
		return levy.Invalid(field, "transaction ID holds U+0000 (NUL) at byte %d, which no transaction ID may hold", strings.IndexByte(id, 0))
	}
	return nil
}

// checkNewID reports what checkID does, a transaction ID that is only
// whitespace, and one that is not fit to be an identifier
// (wire.CheckIdentifier: a control, line-separator or bidirectional
// formatting character), for an ID about to be written (a posting or a
// reversal's own): no new transaction gets a key no one can tell from
// an absent one, or one that the operations over HTTP, whose path
// parameters hold no such character, could not name. One stored before
// these rules can still be read and deleted in-process. "." and "..",
// which a request may not give, are stored: the operations over HTTP
// name them percent-encoded (%2E).
func checkNewID(field, id string) error {
	if err := checkID(field, id); err != nil {
		return err
	}
	if strings.TrimSpace(id) == "" {
		return levy.Invalid(field, "transaction ID is only whitespace")
	}
	return wire.CheckIdentifier(field, id)
}

// checkIdentifiers reports the first identifier of tx, besides its
// transaction ID (checkNewID), that a request could not have given it
// and so an operation over HTTP could not name: a document number or a
// line item ID longer than the wire allows (50 and 40 characters), or
// one that is not fit to be an identifier
// (wire.CheckIdentifier: a control, line-separator or bidirectional
// formatting character), or a company code that a report's company=
// could not ask for (CheckCompany); also a line marked NoCompany that
// names a company, and a line's conversion factor (Line.Factors)
// without a currency code or a rate above zero. A transaction posted in-process is
// held to the rules of one posted through a calculation, so that what
// is stored one way can be reported on, reversed or synced the other.
func checkIdentifiers(tx *Transaction) error {
	if err := checkLength("documentNumber", tx.DocumentNumber, wire.MaxDocumentNumberLength); err != nil {
		return err
	}
	if err := wire.CheckIdentifier("documentNumber", tx.DocumentNumber); err != nil {
		return err
	}
	if err := CheckCompany(tx.Company); err != nil {
		return err
	}
	for i := range tx.Lines {
		field := "lines[" + strconv.Itoa(i) + "].lineItemId"
		if err := checkLength(field, tx.Lines[i].LineItemID, wire.MaxLineItemIDLength); err != nil {
			return err
		}
		if err := wire.CheckIdentifier(field, tx.Lines[i].LineItemID); err != nil {
			return err
		}
		if err := CheckCompany(tx.Lines[i].Company); err != nil {
			var e *levy.Error
			if errors.As(err, &e) {
				// Named as the line's, not the transaction's.
				named := *e
				named.Field = "lines[" + strconv.Itoa(i) + "].company"
				return &named
			}
			return err
		}
		if l := &tx.Lines[i]; l.NoCompany && l.Company != "" {
			return levy.Invalid("lines["+strconv.Itoa(i)+"].noCompany", "is set, but the line names company %s: a line is of one company", CompanyName(l.Company))
		}
		for k, f := range tx.Lines[i].Factors {
			if len(f.Currency) != 3 || f.Rate.Sign() <= 0 {
				return levy.Invalid("lines["+strconv.Itoa(i)+"].factors["+strconv.Itoa(k)+"]", "converts into %q at %s: a factor needs a three-letter currency code and a rate above zero", f.Currency, f.Rate)
			}
		}
	}
	return nil
}

// checkLength reports s, the value of field, when it has more than max
// characters: more than a request may give the member (the wire's
// limit), so that a transaction posted in-process holds nothing that
// the same calculation over HTTP would have been refused.
func checkLength(field, s string, max int) error {
	if n := utf8.RuneCountInString(s); n > max {
		return levy.Invalid(field, "has %d characters, at most %d are allowed (as a request may send it)", n, max)
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
// non-zero date outside the years 1 to 9999, with a month or day out of
// range, or that does not exist (2026-02-30, which a journal over
// PostgreSQL failed to store, as a fault of the store, where one over
// Badger filed it).
func checkDate(field string, d civil.Date) error {
	if d.IsZero() {
		return nil
	}
	if d.Year < 1 || d.Year > 9999 || d.Month < 1 || d.Month > 12 || d.Day < 1 || d.Day > 31 {
		return levy.Invalid(field, "date %04d-%02d-%02d is out of range", d.Year, int(d.Month), d.Day)
	}
	if civil.New(d.Year, d.Month, d.Day) != d {
		return levy.Invalid(field, "date %04d-%02d-%02d does not exist: %s has no day %d", d.Year, int(d.Month), d.Day, d.Month, d.Day)
	}
	return nil
}

// CheckPost checks what Post is given: the tenant, the transaction's
// ID, its dates, its text (no U+0000, valid UTF-8), its identifiers (no
// longer than a request's may be, and no control, line-separator or
// bidirectional formatting character, as a request's: checkIdentifiers) and its Intrastat lines. Its errors are
// levy.EInvalid, naming the field.
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
	if err := checkText(tx); err != nil {
		return err
	}
	if err := checkIdentifiers(tx); err != nil {
		return err
	}
	return checkIntrastatLines(tx)
}

// checkText reports the first string of tx that holds U+0000 (NUL) or
// is not valid UTF-8, naming it by its path of JSON members
// ("customer.name", "lines[2].item.description"). Such a string is
// refused in every store alike: PostgreSQL keeps neither a key nor a
// JSON string that holds NUL, nor a key that is not UTF-8, and fails as
// a fault of the store (500) where a journal over Badger stored the
// text, or stored it with U+FFFD in place of the bytes that were not
// UTF-8.
func checkText(tx *Transaction) error {
	path, at, found := findBadText(reflect.ValueOf(tx).Elem())
	if !found {
		return nil
	}
	return badText(path, at)
}

// textFault reports s, the value of field, when it holds U+0000 or is
// not valid UTF-8, as checkText reports a transaction's text.
func textFault(field, s string) error {
	if at, bad := badTextAt(s); bad {
		return badText(field, at)
	}
	return nil
}

// badText is the EInvalid error about field, whose text is at fault at
// at (badTextAt).
func badText(field string, at int) error {
	if at < 0 {
		return levy.Invalid(field, "is not valid UTF-8 at byte %d, which the tax journal does not store: send the text in UTF-8", -at-1)
	}
	return levy.Invalid(field, "holds U+0000 (NUL) at byte %d, which the tax journal does not store: send the text without it", at)
}

// findBadText returns the path under v (a transaction or a part of one)
// of its first string that holds U+0000 or is not valid UTF-8, where it
// is at fault (badTextAt), and whether there is one. It visits only the
// members that may hold a string (nulFields), and makes the path only
// for the string found.
func findBadText(v reflect.Value) (path string, at int, found bool) {
	switch v.Kind() {
	case reflect.String:
		at, found = badTextAt(v.String())
		return "", at, found
	case reflect.Pointer:
		if !v.IsNil() {
			return findBadText(v.Elem())
		}
	case reflect.Slice:
		for i := range v.Len() {
			if path, at, found = findBadText(v.Index(i)); found {
				return "[" + strconv.Itoa(i) + "]" + member(path), at, true
			}
		}
	case reflect.Struct:
		for _, f := range nulFields(v.Type()) {
			if path, at, found = findBadText(v.Field(f.index)); found {
				return f.name + member(path), at, true
			}
		}
	}
	return "", 0, false
}

// badTextAt returns where s is at fault, and whether it is: the byte
// that is U+0000, or -1-i for the byte i that starts a sequence that is
// not UTF-8.
func badTextAt(s string) (int, bool) {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == 0:
			return i, true
		case c >= utf8.RuneSelf:
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n == 1 {
				return -1 - i, true
			}
			i += n - 1
		}
	}
	return 0, false
}

// member returns path, the path of a string under a value, as it
// follows the value's own: after a dot, unless it starts with an index.
func member(path string) string {
	if path == "" || path[0] == '[' {
		return path
	}
	return "." + path
}

// nulField is a member of a struct that findBadText visits: its index and
// its JSON name.
type nulField struct {
	index int
	name  string
}

// textPlans holds, for each struct type a transaction holds, the
// members findBadText visits. It is made once, from the Transaction type
// itself, and only read after.
var textPlans = planText(reflect.TypeFor[Transaction](), map[reflect.Type][]nulField{})

// nulFields returns the exported members of struct type t that the JSON
// of a transaction holds and that may hold a string, at any depth:
// amounts and dates, which hold none, are passed over.
func nulFields(t reflect.Type) []nulField { return textPlans[t] }

// planText adds to plans the nulFields of t and of every struct type
// under it, and returns plans.
func planText(t reflect.Type, plans map[reflect.Type][]nulField) map[reflect.Type][]nulField {
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice:
		return planText(t.Elem(), plans)
	case reflect.Struct:
	default:
		return plans
	}
	if _, done := plans[t]; done {
		return plans
	}
	plan := []nulField{}
	plans[t] = plan
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() || !mayHoldString(f.Type, map[reflect.Type]bool{}) {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		switch name {
		case "-":
			continue
		case "":
			name = f.Name
		}
		plan = append(plan, nulField{index: i, name: name})
		planText(f.Type, plans)
	}
	plans[t] = plan
	return plans
}

// mayHoldString reports whether a value of type t may hold a string in
// an exported member, at any depth; seen holds the struct types being
// looked at.
func mayHoldString(t reflect.Type, seen map[reflect.Type]bool) bool {
	switch t.Kind() {
	case reflect.String:
		return true
	case reflect.Pointer, reflect.Slice:
		return mayHoldString(t.Elem(), seen)
	case reflect.Struct:
		if seen[t] {
			return false
		}
		seen[t] = true
		for i := range t.NumField() {
			if f := t.Field(i); f.IsExported() && mayHoldString(f.Type, seen) {
				return true
			}
		}
	}
	return false
}

// checkReversal checks what Reverse is given besides the original's key.
func checkReversal(r Reversal) error {
	if r.TransactionID != "" {
		if err := checkNewID(FieldReversalID, r.TransactionID); err != nil {
			return err
		}
	}
	if err := textFault(FieldReversalDocumentNumber, r.DocumentNumber); err != nil {
		return err
	}
	if err := checkLength(FieldReversalDocumentNumber, r.DocumentNumber, wire.MaxDocumentNumberLength); err != nil {
		return err
	}
	if err := wire.CheckIdentifier(FieldReversalDocumentNumber, r.DocumentNumber); err != nil {
		return err
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

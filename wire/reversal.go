package wire

import (
	"errors"
	"unicode/utf8"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
)

// MaxTransactionIDLength is the most characters of a transaction ID, as
// the journal keeps them (journal.MaxIDLength).
const MaxTransactionIDLength = 40

// MaxDocumentNumberLength is the most characters of a document number
// (a calculation's documentNumber, a reversal's data.documentNumber), as
// a request may give one and so as the journal keeps them.
const MaxDocumentNumberLength = 50

// MaxLineItemIDLength is the most characters of a line's lineItemId, as
// a request may give one and so as the journal keeps them.
const MaxLineItemIDLength = 40

// ReversalRequest asks for the reversal of a stored transaction (the
// data member of the wire's reversal request). Every member is optional:
// TransactionID names the reversal (generated when empty), PostingDate
// is the date it counts for (today when absent), DocumentNumber is the
// host's document (the original's when empty).
type ReversalRequest struct {
	TransactionID  string     `json:"transactionId,omitempty"`
	PostingDate    civil.Date `json:"postingDate,omitzero"`
	DocumentNumber string     `json:"documentNumber,omitempty"`
}

// ReversalResponse describes the reversal stored.
type ReversalResponse struct {
	TransactionID  string     `json:"transactionId"`
	PostingDate    civil.Date `json:"postingDate"`
	DocumentNumber string     `json:"documentNumber,omitempty"`
}

// RollbackResponse describes the version a rollback stored: Version is
// the new version, RestoredVersion the one whose content it restores.
type RollbackResponse struct {
	TransactionID   string `json:"transactionId"`
	Version         int    `json:"version"`
	RestoredVersion int    `json:"restoredVersion"`
}

// Validate checks a reversal request's members: the lengths, that a
// transaction ID given is fit to be one (CheckTransactionID), and that
// the document number is fit to be an identifier (CheckIdentifier), as
// a calculation's documentNumber is: the engine in-process stored a
// reversal whose document number held a control character that the
// same request over HTTP was refused for.
func (r *ReversalRequest) Validate() error {
	var errs levy.Errors
	var e *levy.Error
	if r.TransactionID != "" {
		if errors.As(CheckTransactionID("data.transactionId", r.TransactionID), &e) {
			errs = append(errs, e)
		}
	}
	if n := utf8.RuneCountInString(r.DocumentNumber); n > MaxDocumentNumberLength {
		errs = append(errs, levy.Invalid("data.documentNumber", "must be at most %d characters", MaxDocumentNumberLength))
	} else if errors.As(CheckIdentifier("data.documentNumber", r.DocumentNumber), &e) {
		errs = append(errs, e)
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

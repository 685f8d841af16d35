package profile

import (
	"slices"

	"github.com/levytax/levy/civil"
)

// Use is what a certificate is asked to cover: one tax of one line.
type Use struct {
	// Date is the line's tax date.
	Date civil.Date
	// TransactionID is the transaction's ID ("" when it has none).
	TransactionID string
	// Jurisdiction is the ID of the tax's jurisdiction.
	Jurisdiction string
	// Class is the line's product class.
	Class string
	// Within are the broader classes that Class belongs to, nearest
	// first (CLOTHING for CHILDRENS_CLOTHING, BOOKS for TEXTBOOKS: the
	// engine's rules.ParentOf), whose rules it follows where none names
	// it: a certificate of one of them covers Class too. The engine
	// shares one slice per class; Check only reads it.
	Within []string
}

// Refusal says why a certificate does not cover a use; "" means it does.
// The values are fit to name an assisted parameter of the engine's
// response (its ruleName).
type Refusal string

// The refusals, in the order Check tries them.
const (
	// RefusalJurisdiction: the certificate covers other jurisdictions.
	RefusalJurisdiction Refusal = "certificate-other-jurisdiction"
	// RefusalClass: the certificate covers other product classes.
	RefusalClass Refusal = "certificate-other-class"
	// RefusalTransaction: a single-purchase certificate of another
	// transaction.
	RefusalTransaction Refusal = "certificate-other-transaction"
	// RefusalRevoked: revoked on or before the date.
	RefusalRevoked Refusal = "certificate-revoked"
	// RefusalNotYetValid: the date is before the effective date.
	RefusalNotYetValid Refusal = "certificate-not-yet-valid"
	// RefusalExpired: the date is after the expiration date.
	RefusalExpired Refusal = "certificate-expired"
)

// Check returns why c does not cover u, or "" when it does. It tries, in
// order: the jurisdiction (a jurisdiction of the certificate covers u's,
// see Covers), the class (the certificate lists none, u's, or a class
// that u's is within: a certificate of CLOTHING covers
// CHILDRENS_CLOTHING, never the reverse), the transaction (a
// single-purchase certificate covers its own transaction only), the
// revocation (a revoked certificate covers the days before
// its revocation date), then the dates (from the effective date to the
// expiration date, both included). So the refusal names the first thing
// that keeps the certificate from the tax: a Texas certificate is
// "other jurisdiction" for a sale to California, whatever its dates.
// It allocates nothing.
func (c *Certificate) Check(u Use) Refusal {
	covered := false
	for _, e := range c.Jurisdictions {
		if Covers(e, u.Jurisdiction) {
			covered = true
			break
		}
	}
	if !covered {
		return RefusalJurisdiction
	}
	if len(c.ProductClasses) > 0 {
		listed := false
		for _, cl := range c.ProductClasses {
			if cl == u.Class || slices.Contains(u.Within, cl) {
				listed = true
				break
			}
		}
		if !listed {
			return RefusalClass
		}
	}
	if c.TransactionID != "" && c.TransactionID != u.TransactionID {
		return RefusalTransaction
	}
	if c.Status == StatusRevoked && !u.Date.Before(c.RevokedDate) {
		return RefusalRevoked
	}
	if u.Date.Before(c.EffectiveDate) {
		return RefusalNotYetValid
	}
	if !c.ExpirationDate.IsZero() && u.Date.After(c.ExpirationDate) {
		return RefusalExpired
	}
	return ""
}

package profile

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/levytax/levy/jurisdiction/taxreg"
)

// CanonicalNumber returns the form in which the profile stores a
// registration number of jurisdiction (a stored form: DE, US-TX, EU), so
// that one number written with other spacing or case is one record: a
// number valid for the country of its VAT prefix ("de 136.695.976":
// DE136695976), or else for the jurisdiction's country ("136 695 976"
// in DE: DE136695976), in jurisdiction/taxreg's canonical form, the
// country's VAT prefix followed by the number in upper case without
// separators. Any other number (one Levy does not validate, as a US
// state's permit, or one that fails its country's check) is kept as
// written, without the spaces around it, and is matched in its cleaned
// form (matchNumber). "" stays "".
func CanonicalNumber(jurisdiction, number string) string {
	if c, ok := validNumber(jurisdiction, number); ok {
		return c
	}
	return strings.TrimSpace(number)
}

// matchNumber returns the form in which a registration number of
// jurisdiction is matched with the stored ones: its canonical form when
// it is valid, else the number in upper case without spaces, dots,
// dashes, slashes, colons or parentheses ("de-555 1234": DE5551234).
func matchNumber(jurisdiction, number string) string {
	if c, ok := validNumber(jurisdiction, number); ok {
		return c
	}
	return taxreg.Validate("", number).Normalized // cleaned, as for a country not covered
}

// validNumber returns number in taxreg's canonical form when it is valid
// for the country of its VAT prefix, or else for jurisdiction's country.
func validNumber(jurisdiction, number string) (string, bool) {
	number = strings.TrimSpace(number)
	if number == "" {
		return "", false
	}
	country := taxreg.PrefixCountry(number)
	if country == "" && jurisdiction != UnionJurisdiction {
		country, _, _ = strings.Cut(jurisdiction, "-")
	}
	if country == "" {
		return "", false
	}
	r := taxreg.Validate(country, number)
	return r.Normalized, r.IsSyntaxValid
}

// storedSpellings maps the key of each registration that the tenant's
// profile stores under a number other than its matched form (one stored
// before numbers were canonicalised, "DE 136 695 976", or a number
// Levy does not validate, "DE-5551234") from the key of that form, so
// that a change or a read of another spelling of the number reaches
// that record rather than make a second one. Nothing on disk is
// rewritten: the record keeps the spelling it was stored with.
func (s *Service) storedSpellings(ctx context.Context, tenant string) (map[Key]Key, error) {
	recs, err := s.store.Records(ctx, tenant, time.Time{})
	if err != nil {
		return nil, fmt.Errorf("profile: the registrations of tenant %s: %w", tenant, err)
	}
	var m map[Key]Key
	for i := range recs.Registrations {
		g := &recs.Registrations[i]
		if c := matchNumber(g.Jurisdiction, g.Number); c != g.Number {
			if m == nil {
				m = map[Key]Key{}
			}
			m[RegistrationKey(g.CompanyCode, g.Jurisdiction, c)] = g.Key()
		}
	}
	return m, nil
}

// matchStoredRegistrations points the registrations of cs, and its
// deletions of registrations, whose canonical key names a record stored
// under another spelling of its number at that record: the change
// replaces or deletes it, under its stored key.
func (s *Service) matchStoredRegistrations(ctx context.Context, tenant string, cs *ChangeSet) error {
	has := len(cs.Registrations) > 0
	for i := range cs.Deletes {
		has = has || cs.Deletes[i].Kind == KindRegistration
	}
	if !has {
		return nil
	}
	m, err := s.storedSpellings(ctx, tenant)
	if err != nil || len(m) == 0 {
		return err
	}
	for i := range cs.Registrations {
		g := &cs.Registrations[i]
		if old, ok := m[RegistrationKey(g.CompanyCode, g.Jurisdiction, matchNumber(g.Jurisdiction, g.Number))]; ok {
			g.Number = old.Code
		}
	}
	for i := range cs.Deletes {
		if k := &cs.Deletes[i]; k.Kind == KindRegistration {
			if old, ok := m[RegistrationKey(k.Scope, k.Jurisdiction, matchNumber(k.Jurisdiction, k.Code))]; ok {
				*k = old
			}
		}
	}
	return nil
}

// SameRegistrationNumber reports whether a and b are one registration
// number of jurisdiction (a stored form, or "" to read each number's
// VAT prefix alone) as the profile matches numbers: other spacing, case
// or separators make no other number ("DE 136 695 976", "de136695976").
func SameRegistrationNumber(jurisdiction, a, b string) bool {
	return matchNumber(jurisdiction, a) == matchNumber(jurisdiction, b)
}

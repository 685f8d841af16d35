package profile

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/levytax/levy"

	"github.com/levytax/levy/jurisdiction/taxreg"
)

// CanonicalNumber returns the form in which the profile stores a
// registration number of jurisdiction (a stored form: DE, US-TX, EU), so
// that one number written with other spacing or case is one record: a
// number valid for the country of its VAT prefix ("de 136.695.976":
// DE136695976), or else for the jurisdiction's country ("136 695 976"
// in DE: DE136695976), in jurisdiction/taxreg's canonical form, the
// country's VAT prefix followed by the number in upper case without
// separators. An Icelandic kennitala, which identifies a company or a
// person and is no VAT number, is stored as its 10 digits, written with
// or without the dash after the sixth ("550500-3530": 5505003530), as
// taxreg.ValidateIdentity writes it. Any other number (one Levy does not validate, as a US
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
// for the country of its VAT prefix, or else for jurisdiction's country,
// or is a kennitala in Iceland.
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
	if !r.IsSyntaxValid && country == "IS" {
		// Iceland's VAT numbers have 5 or 6 digits; a kennitala has 10,
		// and no other number of the country does.
		r = taxreg.ValidateIdentity(taxreg.KindCommercialRegistration, country, number)
	}
	return r.Normalized, r.IsSyntaxValid
}

// storedReg is a registration of a tenant's profile with the key it is
// stored under.
type storedReg struct {
	key Key
	reg Registration
}

// matchKey is the key, without a Type, of a registration of company in
// jurisdiction under number in its matched form (matchNumber): the
// registrations of one key so are those of one number, whatever its
// spelling, an identity number and a tax registration alike.
func matchKey(company, jurisdiction, number string) Key {
	return RegistrationKey(company, jurisdiction, matchNumber(jurisdiction, number))
}

// sameClass reports whether a key of Type typ ("" for either) names a
// registration whose key is an identity key when identity is true.
func sameClass(typ string, identity bool) bool {
	return typ == "" || (typ == KeyTypeIdentity) == identity
}

// storedRegistrations returns the tenant's registrations by their
// matchKey, each with the key it is stored under: a number stored under
// a spelling other than its matched form (one stored before numbers were
// canonicalised, "DE 136 695 976", or a number Levy does not validate,
// "DE-5551234"), and a number of identity stored before keys had a Type
// (under the key of a tax registration), keep their keys.
func (s *Service) storedRegistrations(ctx context.Context, tenant string) (map[Key][]storedReg, error) {
	recs, err := s.store.Records(ctx, tenant, time.Time{})
	if err != nil {
		return nil, fmt.Errorf("profile: the registrations of tenant %s: %w", tenant, err)
	}
	m := make(map[Key][]storedReg, len(recs.Registrations))
	for i := range recs.Registrations {
		g := &recs.Registrations[i]
		mk := matchKey(g.CompanyCode, g.Jurisdiction, g.Number)
		m[mk] = append(m[mk], storedReg{key: recs.storedKey(g), reg: *g})
	}
	return m, nil
}

// matchStoredRegistrations points the registrations of cs, and its
// deletions of registrations, at the stored records they name. A
// registration whose number is stored under another spelling replaces
// that record, under its stored key; an identity number and a tax
// registration of one number are two records, which never replace each
// other. A deletion names the one registration of its number, or the one
// of its Type when it has one; a deletion without a Type of a number that
// has both is refused, naming deletes[i].type. A number of identity
// stored before keys had a Type (under the key of a tax registration) is
// moved to its own key by the first change of its number, so that a tax
// registration written then does not replace it.
func (s *Service) matchStoredRegistrations(ctx context.Context, tenant string, cs *ChangeSet) error {
	has := len(cs.Registrations) > 0
	for i := range cs.Deletes {
		has = has || cs.Deletes[i].Kind == KindRegistration
	}
	if !has {
		return nil
	}
	m, err := s.storedRegistrations(ctx, tenant)
	if err != nil {
		return err
	}
	touched := map[Key]bool{} // the matchKeys of the numbers the change names
	var errs levy.Errors
	for i := range cs.Deletes {
		k := &cs.Deletes[i]
		if k.Kind != KindRegistration {
			continue
		}
		mk := matchKey(k.Scope, k.Jurisdiction, k.Code)
		touched[mk] = true
		var pick []storedReg
		for _, c := range m[mk] {
			if sameClass(k.Type, c.reg.IdentityOnly()) {
				pick = append(pick, c)
			}
		}
		switch {
		case len(pick) > 1:
			errs = append(errs, levy.Invalid(fmt.Sprintf("deletes[%d].type", i),
				"%s has two registrations of number %s, a number of identity and a tax registration: say which to delete, %q or %q",
				clip(k.String()), clip(k.Code), KeyTypeIdentity, KeyTypeTax))
		case len(pick) == 1:
			*k = pick[0].key
		default:
			if k.Type == KeyTypeTax {
				k.Type = ""
			}
			// A tax registration's key may be where a number of identity
			// was stored before keys had a type: that is not the one
			// named.
			for _, c := range m[mk] {
				if c.key == *k {
					errs = append(errs, levy.Invalid(fmt.Sprintf("deletes[%d]", i),
						"there is no tax registration %s to delete: the number is stored as a number of identity (type %q)", clip(k.String()), KeyTypeIdentity))
				}
			}
		}
	}
	if len(errs) > 0 {
		return errs
	}
	identities := map[Key]bool{} // the matchKeys of the identity numbers the change writes
	for i := range cs.Registrations {
		g := &cs.Registrations[i]
		ident := g.IdentityOnly()
		mk := matchKey(g.CompanyCode, g.Jurisdiction, g.Number)
		touched[mk] = true
		identities[mk] = identities[mk] || ident
		for _, c := range m[mk] {
			if c.reg.IdentityOnly() == ident && c.key.Type == g.Key().Type {
				g.Number = c.key.Code // another spelling: replaced under its stored key
			}
		}
	}
	taken := map[Key]bool{}
	for i := range cs.Registrations {
		taken[cs.Registrations[i].Key()] = true
	}
	for _, k := range cs.Deletes {
		taken[k] = true
	}
	for mk := range touched {
		for _, c := range m[mk] {
			if !c.reg.IdentityOnly() || c.key.Type != "" || slices.Contains(cs.Deletes, c.key) {
				continue
			}
			// A number of identity under a tax registration's key: kept
			// under its own key, unless the change writes it anew.
			if !identities[mk] && !taken[c.reg.Key()] {
				cs.Registrations = append(cs.Registrations, c.reg)
				taken[c.reg.Key()] = true
			}
			if !taken[c.key] {
				cs.Deletes = append(cs.Deletes, c.key)
				taken[c.key] = true
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

package profile

import (
	"strings"
	"time"
)

// Snapshot is a tenant's profile at one version, compiled for the
// engine: read-only, indexed, and cheap to query per line. Its lookups
// allocate nothing; the values they return are shared by every caller
// and must not be changed.
//
// A Snapshot is immutable and safe for concurrent use. A nil or zero
// Snapshot is the empty profile of version 0: it holds no records.
type Snapshot struct {
	version uint64
	at      time.Time

	customers map[string]*Customer
	certs     map[string][]Certificate  // by customer code, in number order
	holders   map[string]*Certificate   // by number: the first customer's, in key order
	regs      map[string][]Registration // by company code
	products  map[string]map[string]string
	franchise map[string][]Franchise // by area ID, in name order; nil when none
	policy    *Policy
}

// emptySnapshot stands for a nil *Snapshot in its lookups.
var emptySnapshot Snapshot

// Compile returns the snapshot of r. It keeps r's records; r must not be
// changed afterwards. A nil r compiles to the empty profile of version 0.
func Compile(r *Records) *Snapshot {
	if r == nil {
		r = &Records{}
	}
	s := &Snapshot{
		version:   r.Version,
		at:        r.At,
		customers: make(map[string]*Customer, len(r.Customers)),
		certs:     map[string][]Certificate{},
		holders:   make(map[string]*Certificate, len(r.Certificates)),
		regs:      map[string][]Registration{},
		products:  map[string]map[string]string{},
		policy:    r.Policy,
	}
	for i := range r.Customers {
		s.customers[r.Customers[i].Code] = &r.Customers[i]
	}
	// The records come in key order, so each customer's certificates
	// and each company's registrations are runs of the slices: the
	// snapshot shares them rather than copy.
	for i := 0; i < len(r.Certificates); {
		j := i + 1
		for j < len(r.Certificates) && r.Certificates[j].CustomerCode == r.Certificates[i].CustomerCode {
			j++
		}
		s.certs[r.Certificates[i].CustomerCode] = r.Certificates[i:j:j]
		i = j
	}
	for i := range r.Certificates {
		if _, ok := s.holders[r.Certificates[i].Number]; !ok {
			s.holders[r.Certificates[i].Number] = &r.Certificates[i]
		}
	}
	for i := 0; i < len(r.Registrations); {
		j := i + 1
		for j < len(r.Registrations) && r.Registrations[j].CompanyCode == r.Registrations[i].CompanyCode {
			j++
		}
		s.regs[r.Registrations[i].CompanyCode] = r.Registrations[i:j:j]
		i = j
	}
	for i := 0; i < len(r.Franchises); {
		j := i + 1
		for j < len(r.Franchises) && r.Franchises[j].AreaID == r.Franchises[i].AreaID {
			j++
		}
		if s.franchise == nil {
			s.franchise = map[string][]Franchise{}
		}
		s.franchise[r.Franchises[i].AreaID] = r.Franchises[i:j:j]
		i = j
	}
	for _, p := range r.Products {
		m := s.products[p.CodeType]
		if m == nil {
			m = map[string]string{}
			s.products[p.CodeType] = m
		}
		m[p.Code] = p.Class
	}
	return s
}

// Version returns the tenant's version the snapshot is at.
func (s *Snapshot) Version() uint64 {
	if s == nil {
		s = &emptySnapshot
	}
	return s.version
}

// At returns when that version was made (zero for version 0).
func (s *Snapshot) At() time.Time {
	if s == nil {
		s = &emptySnapshot
	}
	return s.at
}

// Customer returns the customer of code. As every lookup of a code, it
// ignores the spaces around code, which no stored code has (Validator.Check
// trims them): an ERP that pads its codes to a field's width finds its
// records. Codes are compared otherwise as they are, case included.
func (s *Snapshot) Customer(code string) (*Customer, bool) {
	if s == nil {
		s = &emptySnapshot
	}
	c, ok := s.customers[strings.TrimSpace(code)]
	return c, ok
}

// CertificatesOf returns the certificates of the customer of code, in
// number order, revoked and expired ones included (Certificate.Check
// tells which covers a tax).
func (s *Snapshot) CertificatesOf(customerCode string) []Certificate {
	if s == nil {
		s = &emptySnapshot
	}
	return s.certs[strings.TrimSpace(customerCode)]
}

// Certificate returns the certificate of number held by the customer of
// customerCode, revoked and expired ones included. Both codes are found
// with the spaces around them ignored, as every lookup of a code, and
// compared otherwise as they are. It allocates nothing.
func (s *Snapshot) Certificate(customerCode, number string) (*Certificate, bool) {
	if s == nil {
		s = &emptySnapshot
	}
	certs := s.certs[strings.TrimSpace(customerCode)]
	number = strings.TrimSpace(number)
	for i := range certs {
		if certs[i].Number == number {
			return &certs[i], true
		}
	}
	return nil, false
}

// CertificateHeldByOther returns a certificate of number that a customer
// other than the one of customerCode holds, when that customer holds
// none of that number: the first such, in customer code order. It finds
// a number sent with the wrong customer's request (an ERP that sends one
// customer's certificate on another's sale). Both codes are found with
// the spaces around them ignored. It allocates nothing.
func (s *Snapshot) CertificateHeldByOther(customerCode, number string) (*Certificate, bool) {
	if s == nil {
		s = &emptySnapshot
	}
	customerCode, number = strings.TrimSpace(customerCode), strings.TrimSpace(number)
	c, ok := s.holders[number]
	if !ok {
		return nil, false
	}
	if _, own := s.Certificate(customerCode, number); own {
		return nil, false
	}
	return c, true
}

// Registrations returns the registrations of the seller of company code
// ("" for the seller that names none), in jurisdiction order, ended ones
// included (Registration.InForce tells).
func (s *Snapshot) Registrations(company string) []Registration {
	if s == nil {
		s = &emptySnapshot
	}
	return s.regs[strings.TrimSpace(company)]
}

// HasFranchises reports whether the tenant has franchise fees of its
// own.
func (s *Snapshot) HasFranchises() bool {
	if s == nil {
		s = &emptySnapshot
	}
	return len(s.franchise) > 0
}

// Franchises returns the tenant's franchise fees of the area of areaID,
// in name order, those out of force included (Franchise.Period tells);
// none when the tenant has no fee of that area.
func (s *Snapshot) Franchises(areaID string) []Franchise {
	if s == nil {
		s = &emptySnapshot
	}
	return s.franchise[strings.TrimSpace(areaID)]
}

// Policy returns the tenant's policy, or nil when it has none.
func (s *Snapshot) Policy() *Policy {
	if s == nil {
		s = &emptySnapshot
	}
	return s.policy
}

// Class returns the product class of a product code of codeType (""
// means CodeTypeSKU; the type's case does not matter): the tenant's own
// product of that type and code first, then the crosswalk of a standard
// type (Crosswalk). For HS codes, which are hierarchical, the tenant's
// products of the code itself, then of each shorter code of an even
// number of digits that starts it (a national subheading, the
// subheading, the heading, the chapter) come before the crosswalk; dots
// and spaces in HS and TIC codes are ignored, and the spaces around any
// code and its type. It reports false for a code that nothing maps.
func (s *Snapshot) Class(codeType, code string) (string, bool) {
	if s == nil {
		s = &emptySnapshot
	}
	var tbuf [64]byte
	code = strings.TrimSpace(code)
	codeType, ok := upperCodeType(tbuf[:0], strings.TrimSpace(codeType))
	if !ok {
		return "", false
	}
	own := s.products[codeType]
	switch codeType {
	case CodeTypeHS:
		var buf [16]byte
		digits, ok := compactDigits(buf[:0], code)
		if !ok {
			return "", false
		}
		if own != nil {
			if class, ok := own[string(digits)]; ok {
				return class, true
			}
			for n := (len(digits) - 1) &^ 1; n >= 2; n -= 2 {
				if class, ok := own[string(digits[:n])]; ok {
					return class, true
				}
			}
		}
		return Crosswalk(CodeTypeHS, code)
	case CodeTypeTIC:
		var buf [16]byte
		digits, ok := compactDigits(buf[:0], code)
		if !ok {
			return "", false
		}
		if class, ok := own[string(digits)]; ok {
			return class, true
		}
		return Crosswalk(CodeTypeTIC, string(digits))
	}
	class, ok := own[code]
	return class, ok
}

// upperCodeType returns codeType upper-cased, CodeTypeSKU for "", using
// buf when it has lower-case letters, so that the usual upper-case type
// costs nothing; false when it is longer than buf.
func upperCodeType(buf []byte, codeType string) (string, bool) {
	if codeType == "" {
		return CodeTypeSKU, true
	}
	lower := false
	for i := 0; i < len(codeType); i++ {
		if c := codeType[i]; c >= 'a' && c <= 'z' {
			lower = true
			break
		}
	}
	if !lower {
		return codeType, true
	}
	if len(codeType) > cap(buf) {
		return "", false
	}
	for i := 0; i < len(codeType); i++ {
		c := codeType[i]
		if c >= 'a' && c <= 'z' {
			c -= 'a' - 'A'
		}
		buf = append(buf, c)
	}
	switch string(buf) {
	case CodeTypeSKU:
		return CodeTypeSKU, true
	case CodeTypeTIC:
		return CodeTypeTIC, true
	case CodeTypeHS:
		return CodeTypeHS, true
	}
	// A type of the tenant's own, in lower case: the rare path, which
	// allocates.
	return string(buf), true
}

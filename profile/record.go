package profile

import (
	"strings"

	"github.com/shopspring/decimal"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
)

// Kind is the kind of a profile record.
type Kind string

// The kinds of records of a tenant's profile.
const (
	KindCustomer     Kind = "customer"
	KindCertificate  Kind = "certificate"
	KindRegistration Kind = "registration"
	KindProduct      Kind = "product"
	KindPolicy       Kind = "policy"
	KindFranchise    Kind = "franchise"
)

// Valid reports whether k is one of the kinds of records.
func (k Kind) Valid() bool {
	switch k {
	case KindCustomer, KindCertificate, KindRegistration, KindProduct, KindPolicy, KindFranchise:
		return true
	}
	return false
}

// Key names one record of a tenant's profile: its kind and the parts of
// its identity, which depend on the kind (the constructors CustomerKey,
// CertificateKey, RegistrationKey, ProductKey, PolicyKey and FranchiseKey
// say which).
// Every version of a record has the same key. Key is comparable.
type Key struct {
	Kind Kind `json:"kind"`
	// Scope is the customer code of a certificate, the company code of a
	// registration, the code type of a product, and the area ID of a
	// franchise fee.
	Scope string `json:"scope,omitempty"`
	// Jurisdiction is the jurisdiction of a registration.
	Jurisdiction string `json:"jurisdiction,omitempty"`
	// Code is the code of a customer, the number of a certificate or a
	// registration, the code of a product, and the name of a franchise
	// fee.
	Code string `json:"code,omitempty"`
	// Type tells apart the registrations of one number: KeyTypeIdentity
	// on the key of a number that only identifies its company
	// (Registration.IdentityOnly: a Danish CVR stored as a Commercial
	// Registration), "" on that of a tax registration (its VAT number of
	// the same digits), which is also the key under which a Levy before
	// the type stored both. A deletion or a read may say KeyTypeTax
	// for the tax registration; one that says nothing names the one
	// registration of its number, and is refused when there are two.
	Type string `json:"type,omitempty"`
}

// The Types of the keys of registrations.
const (
	// KeyTypeIdentity is the Type of the key of a registration that only
	// identifies its company.
	KeyTypeIdentity = "identity"
	// KeyTypeTax names a tax registration in a deletion or a read; the
	// key of the record stored has no Type.
	KeyTypeTax = "tax"
)

// ValidKeyType reports whether t may be the Type of a registration's
// key: "" (the record's own key), KeyTypeIdentity or KeyTypeTax. It
// compares t as it is: a caller that reads a type as a person writes it
// lowers and trims it first.
func ValidKeyType(t string) bool {
	switch t {
	case "", KeyTypeIdentity, KeyTypeTax:
		return true
	}
	return false
}

// CustomerKey is the key of the customer of code.
func CustomerKey(code string) Key { return Key{Kind: KindCustomer, Code: code} }

// CertificateKey is the key of certificate number of the customer of
// customerCode: certificate numbers are unique per customer.
func CertificateKey(customerCode, number string) Key {
	return Key{Kind: KindCertificate, Scope: customerCode, Code: number}
}

// RegistrationKey is the key of a registration of company (a seller's
// company code, "" for a seller that names none) in a jurisdiction under
// number.
func RegistrationKey(company, jurisdiction, number string) Key {
	return Key{Kind: KindRegistration, Scope: company, Jurisdiction: jurisdiction, Code: number}
}

// IdentityKey is the key of a number of identity of company in a
// jurisdiction (Registration.IdentityOnly), which a tax registration of
// the same number does not replace.
func IdentityKey(company, jurisdiction, number string) Key {
	k := RegistrationKey(company, jurisdiction, number)
	k.Type = KeyTypeIdentity
	return k
}

// ProductKey is the key of a product code of codeType ("" is CodeTypeSKU).
func ProductKey(codeType, code string) Key {
	if codeType == "" {
		codeType = CodeTypeSKU
	}
	return Key{Kind: KindProduct, Scope: codeType, Code: code}
}

// PolicyKey is the key of a tenant's policy, of which there is one.
func PolicyKey() Key { return Key{Kind: KindPolicy} }

// FranchiseKey is the key of the franchise fee of name in the franchise
// area of areaID: an area may have several fees, one of each name.
func FranchiseKey(areaID, name string) Key {
	return Key{Kind: KindFranchise, Scope: areaID, Code: name}
}

// ID returns the parts of k after its kind as one string, as the stores
// keep it: the scope, the jurisdiction and the code (StoredCode),
// separated by the unit separator U+001F, which no part may hold (every
// part is an identifier, free of control characters).
func (k Key) ID() string {
	return k.Scope + "\x1f" + k.Jurisdiction + "\x1f" + k.StoredCode()
}

// StoredCode returns the code of k as the stores keep it: the code,
// followed by the unit separator and the Type when k has one. A key
// without a Type, as every key stored before registrations had one, is
// kept as it was.
func (k Key) StoredCode() string {
	if k.Type == "" {
		return k.Code
	}
	return k.Code + "\x1f" + k.Type
}

// KeyOf returns the key of kind whose ID (Key.ID) is id, as a store
// reads it back.
func KeyOf(kind Kind, id string) Key {
	scope, rest, _ := strings.Cut(id, "\x1f")
	jur, code, _ := strings.Cut(rest, "\x1f")
	code, typ, _ := strings.Cut(code, "\x1f")
	return Key{Kind: kind, Scope: scope, Jurisdiction: jur, Code: code, Type: typ}
}

// String formats k for messages: "certificate C-1/R-77".
func (k Key) String() string {
	parts := make([]string, 0, 3)
	for _, p := range []string{k.Scope, k.Jurisdiction, k.Code} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	if len(parts) == 0 {
		return string(k.Kind)
	}
	s := string(k.Kind) + " " + strings.Join(parts, "/")
	if k.Type != "" {
		s += " (" + k.Type + ")"
	}
	return s
}

// Customer is a buyer the business sells to, as the wire's customerCode
// names it.
type Customer struct {
	// Code is the customer code of the wire (customer.customerCode.value).
	Code string `json:"code"`
	// ClassCode groups customers of like taxability
	// (customerCode.classCode).
	ClassCode string `json:"classCode,omitempty"`
	// IsBusiness is the wire's isBusinessIndicator.
	IsBusiness bool `json:"isBusiness,omitempty"`
	// Name is the customer's name, shown to people.
	Name string `json:"name,omitempty"`
}

// Key returns the key of c.
func (c *Customer) Key() Key { return CustomerKey(c.Code) }

// The statuses of a certificate.
const (
	StatusActive  = "active"
	StatusRevoked = "revoked"
)

// Certificate is an exemption certificate that a customer gave the
// business: it exempts the customer's purchases of the product classes it
// lists (all, when it lists none) from the taxes of the jurisdictions it
// covers, from its effective date to its expiration date, for the reason
// it gives, until it is revoked. A single-purchase certificate
// (TransactionID not empty) covers that transaction alone. See Check.
type Certificate struct {
	// Number is the certificate's number, unique per customer; the wire's
	// exemptionCertificateNumber.
	Number string `json:"number"`
	// CustomerCode is the customer that holds it, a Customer of the same
	// tenant.
	CustomerCode string `json:"customerCode"`
	// Jurisdictions are the jurisdictions it covers, each a country
	// ("US": its taxes and those of every jurisdiction in it), a state or
	// province ("US-TX": the state's taxes and those of every jurisdiction
	// in it) or any other Levy jurisdiction ID ("US-4819000": that
	// jurisdiction's taxes alone). A bare US state code ("TX") is read as
	// the state and stored as "US-TX"; a three-letter country code
	// ("DEU") as the country, stored as "DE" (NormalizeJurisdiction).
	Jurisdictions []string `json:"jurisdictions"`
	// ReasonCode is the reason of the exemption: an SST reason (a letter,
	// A to M, see Reasons) or a code of the wire's exemptionReasonCode
	// (four digits; a single digit is stored padded to four).
	ReasonCode string `json:"reasonCode"`
	// ProductClasses are the classes it covers; none means every class.
	ProductClasses []string `json:"productClasses,omitempty"`
	// EffectiveDate is the first day it covers.
	EffectiveDate civil.Date `json:"effectiveDate"`
	// ExpirationDate is the last day it covers; zero means it does not
	// expire.
	ExpirationDate civil.Date `json:"expirationDate,omitzero"`
	// TransactionID makes it a single-purchase certificate of that
	// transaction (the wire's transactionId); "" makes it a blanket one.
	TransactionID string `json:"transactionId,omitempty"`
	// Status is StatusActive or StatusRevoked; "" reads as active.
	Status string `json:"status,omitempty"`
	// RevokedDate is the day a revoked certificate stopped covering
	// anything: it covers the days before it (within its other dates) and
	// none from it on. It is set with StatusRevoked only.
	RevokedDate civil.Date `json:"revokedDate,omitzero"`
	// Document is the scanned certificate, if one was kept.
	Document *DocumentRef `json:"document,omitempty"`
}

// Key returns the key of c.
func (c *Certificate) Key() Key { return CertificateKey(c.CustomerCode, c.Number) }

// Blanket reports whether c covers every purchase within its terms rather
// than one transaction.
func (c *Certificate) Blanket() bool { return c.TransactionID == "" }

// Revoked reports whether c has been revoked.
func (c *Certificate) Revoked() bool { return c.Status == StatusRevoked }

// DocumentRef names a document kept for a certificate: its content is
// stored once per tenant under its digest (Store.PutDocument).
type DocumentRef struct {
	// SHA256 is the digest of the content, 64 lower-case hex digits.
	SHA256 string `json:"sha256"`
	// MediaType is the content's type, one of DocumentTypes.
	MediaType string `json:"mediaType"`
	// FileName is the name the document was given, without a directory.
	FileName string `json:"fileName,omitempty"`
	// Size is the content's length in bytes.
	Size int64 `json:"size"`
}

// Registration is a registration of the business with a tax authority:
// the seller of company CompanyCode is registered, and so has nexus, in
// Jurisdiction from EffectiveDate to EndDate.
type Registration struct {
	// CompanyCode is the seller's company code (the wire's
	// seller.company); "" for the seller that names none.
	CompanyCode string `json:"companyCode,omitempty"`
	// Jurisdiction is the jurisdiction registered with: a country ("DE",
	// Germany, sent as "DEU"), a state ("US-TX"; "TX" is read as it) or
	// any Levy jurisdiction ID (NormalizeJurisdiction).
	Jurisdiction string `json:"jurisdiction"`
	// Number is the registration number the authority gave.
	Number string `json:"number"`
	// Type is the kind of number, one of the wire's taxRegistrationType
	// values; "" when not said.
	Type wire.TaxRegistrationType `json:"type,omitempty"`
	// EffectiveDate is the first day of the registration; zero means
	// since always.
	EffectiveDate civil.Date `json:"effectiveDate,omitzero"`
	// EndDate is its last day; zero means it has not ended.
	EndDate civil.Date `json:"endDate,omitzero"`
	// PhysicalPresence says the seller is physically present there (the
	// wire's hasPhysicalPresenceIndicator).
	PhysicalPresence bool `json:"physicalPresence,omitempty"`
	// Representative is the seller's fiscal representative in the
	// registering country (the wire's fiscalRepresentative), whom the
	// e-invoice of a sale made under this registration names (BG-11 of
	// EN 16931); nil when the seller has none there.
	Representative *Representative `json:"representative,omitempty"`
}

// Representative is a seller's fiscal representative in the country of
// a registration: a business that accounts for the VAT there on the
// seller's behalf under a VAT number of its own.
type Representative struct {
	// Name is the representative's name (BT-62).
	Name string `json:"name"`
	// Number is its VAT number in the registering country (BT-63).
	Number string `json:"number"`
	// Address is its postal address (BG-12), of which the country is
	// required.
	Address *RepresentativeAddress `json:"address,omitempty"`
}

// Clone returns a deep copy of r, nil for nil.
func (r *Representative) Clone() *Representative {
	if r == nil {
		return nil
	}
	out := *r
	if r.Address != nil {
		a := *r.Address
		out.Address = &a
	}
	return &out
}

// RepresentativeAddress is the postal address of a fiscal
// representative.
type RepresentativeAddress struct {
	Street1      string `json:"street1,omitempty"`
	Street2      string `json:"street2,omitempty"`
	City         string `json:"city,omitempty"`
	MainDivision string `json:"mainDivision,omitempty"`
	PostalCode   string `json:"postalCode,omitempty"`
	// Country is the ISO 3166-1 alpha-2 code of its country, as the
	// validation stores an alpha-3 code or a country's name.
	Country string `json:"country"`
}

// UnionJurisdiction is the jurisdiction of a registration that names the
// EU's Union scheme (the one stop shop) by the Union rather than by its
// member state of identification: the nexus report's EU row. Levy's own
// profile routes refuse it, as no jurisdiction of the dataset; the
// scheme's registration is stored under the member state of
// identification with the type "Union Scheme".
const UnionJurisdiction = "EU"

// UnionScheme reports whether r is a registration for the EU's Union
// scheme (the one stop shop, VAT Directive 2006/112/EC, articles 369a to
// 369k): its type is "Union Scheme", in the member state of
// identification whose VAT number the scheme uses (article 369d), or its
// jurisdiction is UnionJurisdiction and its type names no other scheme
// (none, or "VAT Registration"; an "Import One Stop Shop" or
// "Non-Union Scheme" registration is not the Union scheme). A
// calculation (the engine's stored registrations) and the nexus report
// (its EU row) read a stored registration so, and agree.
func (r *Registration) UnionScheme() bool {
	switch r.Type {
	case wire.TaxRegistrationTypeUnionScheme:
		return true
	case "", wire.TaxRegistrationTypeVAT:
		return r.Jurisdiction == UnionJurisdiction
	}
	return false
}

// IdentityOnly reports whether r only identifies its company and
// registers it for no tax: its type is a number of identity
// (wire.TaxRegistrationType.Identity: a Commercial Registration, FEIN,
// SSN or TIN) stored under a whole country ("DE", "US", "CA") or the
// Union. One stored under a state, a province or another jurisdiction
// within a country ("US-TX", "CA-BC") is a registration there under that
// number (a Texas taxpayer number built on the FEIN, a sole
// proprietor's permit under its SSN). A calculation (the engine's stored
// registrations) and the nexus report read a stored registration so,
// and agree.
func (r *Registration) IdentityOnly() bool {
	return r.Type.Identity() && !strings.Contains(r.Jurisdiction, "-")
}

// Key returns the key of r: an IdentityKey when r only identifies its
// company, so that its tax registration of the same number is another
// record.
func (r *Registration) Key() Key {
	if r.IdentityOnly() {
		return IdentityKey(r.CompanyCode, r.Jurisdiction, r.Number)
	}
	return RegistrationKey(r.CompanyCode, r.Jurisdiction, r.Number)
}

// InForce reports whether r is in force on d.
func (r *Registration) InForce(d civil.Date) bool {
	return civil.Period{Effective: r.EffectiveDate, Expiration: r.EndDate}.Contains(d)
}

// The code types of products that Levy knows. A tenant may use others
// of its own.
const (
	// CodeTypeSKU is the tenant's own product codes (the wire's
	// product.value).
	CodeTypeSKU = "SKU"
	// CodeTypeTIC is the TaxCloud Taxability Information Codes, numbered
	// as the Streamlined Sales Tax product definitions (20010 clothing).
	CodeTypeTIC = "TIC"
	// CodeTypeHS is the Harmonized System of the World Customs
	// Organization: a chapter (2 digits), heading (4), subheading (6) or a
	// national code under one, with or without dots.
	CodeTypeHS = "HS"
)

// Product maps a product code of a code type to a Levy product class.
type Product struct {
	// CodeType is the scheme of Code: CodeTypeSKU (the default when
	// empty), a standard one (CodeTypeTIC, CodeTypeHS) whose crosswalk the
	// entry overrides, or any name of the tenant's own.
	CodeType string `json:"codeType,omitempty"`
	// Code is the product code. HS and TIC codes are stored without dots
	// or spaces.
	Code string `json:"code"`
	// Class is the Levy product class the code maps to.
	Class string `json:"class"`
}

// Key returns the key of p.
func (p *Product) Key() Key { return ProductKey(p.CodeType, p.Code) }

// The address checks of a policy, the values of engine.AddressCheck.
const (
	AddressLenient = "lenient"
	AddressStrict  = "strict"
)

// The values of Policy.LevyMembers.
const (
	// LevyMembersInclude answers calculations over HTTP with every member
	// of Levy's own (the default).
	LevyMembersInclude = "include"
	// LevyMembersOmit answers them without the members of Levy's own that
	// the commercial wire format's OpenAPI description lacks and the
	// service specification does not define (taxAreaLookup,
	// procurementAction), for clients generated from that description
	// that refuse a member their model does not declare.
	LevyMembersOmit = "omit"
)

// Policy is a tenant's choices that the wire does not carry: the
// per-tenant form of the engine's Settings, as plain data. A member that
// shares its name with an engine setting has that setting's meaning, and
// at its zero value keeps the server's setting; the others (the EU
// distance sales figures, the nexus share, the expiry notice days, the
// Levy members) are the tenant's own, documented where they are
// declared. The engine turns a Policy into its Settings; this package
// does not import the engine.
type Policy struct {
	// DefaultCountry is the country of an address that names none (ISO
	// 3166-1 alpha-2).
	DefaultCountry string `json:"defaultCountry,omitempty"`
	// Tolerance is the threshold of INVOICE_VERIFICATION and
	// CONDITIONAL_PROCUREMENT variances.
	Tolerance *Tolerance `json:"tolerance,omitempty"`
	// Undercharge and Overcharge are the actions of
	// CONDITIONAL_PROCUREMENT beyond tolerance: wire.ProcurementAccrue or
	// wire.ProcurementHoldForReview for an undercharge,
	// wire.ProcurementHoldForReview or wire.ProcurementPayVendorTax for an
	// overcharge.
	Undercharge string `json:"undercharge,omitempty"`
	Overcharge  string `json:"overcharge,omitempty"`
	// EUDistanceSales is a seller's cross-border B2C sales to other EU
	// member states in the current and the previous calendar year, in
	// euros, by seller company code ("" for any seller not listed).
	EUDistanceSales map[string]decimal.Decimal `json:"euDistanceSales,omitempty"`
	// EUDistanceThreshold replaces the union-wide threshold, in euros.
	EUDistanceThreshold *decimal.Decimal `json:"euDistanceThreshold,omitempty"`
	// NexusShare is the share of an economic-nexus or registration
	// threshold from which the tenant's sellers are approaching it (the
	// nexus report's status "approaching", and the webhook event the
	// watcher sends when a state comes to it): above 0 and at most 1,
	// 0.5 warning at half the threshold, as a report's share parameter
	// reads it. Nil keeps 80%; a report that names a share (share=,
	// --share) uses that one instead.
	NexusShare *decimal.Decimal `json:"nexusShare,omitempty"`
	// Rounding is the rounding mode of a jurisdiction's tax by
	// jurisdiction ID, or ID prefix ending in "*"; the longest match wins.
	// Its keys are the engine's IDs as they are (StoredJurisdiction): "DE"
	// is Germany, "US-DE" Delaware. A US or Brazilian state's prefix
	// ("US-TX*") also matches the jurisdictions within it named by a
	// numeric code ("US-48113", "US-4819000"), as engine.Settings does;
	// a prefix that no ID can start with ("TX*") is refused.
	Rounding map[string]money.RoundingMode `json:"rounding,omitempty"`
	// AddressCheck is AddressLenient or AddressStrict.
	AddressCheck string `json:"addressCheck,omitempty"`
	// ExpiryNoticeDays is how many days before a certificate's
	// expiration date the tenant wants to hear of it; 0 means never.
	ExpiryNoticeDays int `json:"expiryNoticeDays,omitempty"`
	// LevyMembers is LevyMembersInclude or LevyMembersOmit: whether the
	// HTTP answers of the tenant's calculations (/supplies, /procurement,
	// /owner) carry the members of Levy's own. Unlike the other members
	// it is no engine setting: the engine, levy calc, levy batch, the
	// explain routes and the journal keep every member whatever it says.
	LevyMembers string `json:"levyMembers,omitempty"`
}

// DistanceSales returns the EU distance sales the policy sets for the
// seller company (its own entry, else the entry "" for every company),
// and whether it sets any. A nil policy sets none.
func (p *Policy) DistanceSales(company string) (decimal.Decimal, bool) {
	if p == nil {
		return decimal.Decimal{}, false
	}
	v, ok := p.EUDistanceSales[company]
	if !ok {
		v, ok = p.EUDistanceSales[""]
	}
	return v, ok
}

// Tolerance is a variance threshold: within it when the variance's
// absolute value is at most Amount and at most Percent of the calculated
// tax. A nil member does not limit, but a Tolerance sets at least one:
// validation refuses one that sets neither.
type Tolerance struct {
	Amount  *decimal.Decimal `json:"amount,omitempty"`
	Percent *decimal.Decimal `json:"percent,omitempty"` // 5 means 5%
}

// Franchise is a franchise area fee of the tenant's own: a local,
// contractual charge (a cable or telecommunications franchise fee, say)
// that the business agreed with a grantor, and that a line bears when its
// franchiseAreaId names the area. It has the meaning of a fee of the
// server's franchise table (levy serve --content franchise:FILE); the
// tenant's fees of an area replace the server's fees of that area.
type Franchise struct {
	// AreaID is the franchise area's ID, as lines send it
	// (lineItems[].details.franchiseAreaId).
	AreaID string `json:"areaId"`
	// Name names the fee; it is the tax's imposition. An area has one
	// fee of each name.
	Name string `json:"name"`
	// Jurisdiction is the ID of the Levy jurisdiction that grants the
	// franchise; "" charges the fee at the most local general government
	// of the line's place (its city, township or borough, else its county;
	// never a special district).
	Jurisdiction string `json:"jurisdiction,omitempty"`
	// PerLine charges Amount per line (the counts of the line's
	// lineTypes, else its quantity); otherwise the fee is Rate, a
	// fraction of the line's amount. Exactly one of Rate and Amount is
	// set, and PerLine says which. Amount is in Currency; a line of a
	// document in another currency bears it converted at the document's
	// conversion rate.
	PerLine bool             `json:"perLine,omitempty"`
	Rate    *decimal.Decimal `json:"rate,omitempty"`
	Amount  *decimal.Decimal `json:"amount,omitempty"`
	// Currency is the ISO 4217 code of Amount ("EUR"), a currency of the
	// dataset; only a fee per line gives one. "" takes US dollars for an
	// area in the US and the document's currency elsewhere, the rule of
	// the fees stored before fees had a currency.
	Currency string `json:"currency,omitempty"`
	// EffectiveDate is the first day the fee is in force; zero means
	// since always.
	EffectiveDate civil.Date `json:"effectiveDate,omitzero"`
	// ExpirationDate is its last day; zero means it does not expire.
	ExpirationDate civil.Date `json:"expirationDate,omitzero"`
	// Source cites the franchise agreement or ordinance; it is the
	// tax's reason in a response.
	Source string `json:"source,omitempty"`
}

// Key returns the key of f.
func (f *Franchise) Key() Key { return FranchiseKey(f.AreaID, f.Name) }

// Period returns when f is in force.
func (f *Franchise) Period() civil.Period {
	return civil.Period{Effective: f.EffectiveDate, Expiration: f.ExpirationDate}
}

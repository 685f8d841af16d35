package wire

import (
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/money"
)

// The wire types of this file describe the parties of a transaction and
// their places. Lengths in the check tags are counted in characters; see
// validate.go for the tag syntax.

// Location is a place of a transaction (the wire's LocationType). When
// TaxAreaID is empty, the address fields find the tax area; City,
// MainDivision, PostalCode and SubDivision are optional but make the match
// more precise.
type Location struct {
	StreetAddress1 string `json:"streetAddress1,omitempty" check:"max=100"`
	StreetAddress2 string `json:"streetAddress2,omitempty" check:"max=100"`
	City           string `json:"city,omitempty" check:"max=60"`
	// MainDivision is the state, province or territory, by name or postal
	// abbreviation.
	MainDivision string `json:"mainDivision,omitempty" check:"max=60"`
	// SubDivision is the county.
	SubDivision string `json:"subDivision,omitempty" check:"max=60"`
	PostalCode  string `json:"postalCode,omitempty" check:"id,max=20"`
	// Country is a country name or ISO 3166 code; empty means the
	// configured default country.
	Country string `json:"country,omitempty" check:"max=60"`
	// TaxAreaID is Levy's tax area identifier, for hosts that keep it; it
	// takes precedence over the address.
	TaxAreaID string `json:"taxAreaId,omitempty" check:"taxarea"`
	// Latitude and Longitude are decimal degrees written as strings.
	Latitude  string `json:"latitude,omitempty" check:"max=20,latitude"`
	Longitude string `json:"longitude,omitempty" check:"max=20,longitude"`
	// LocationCode names a retail location, for jurisdictions that file
	// per location.
	LocationCode string `json:"locationCode,omitempty" check:"id,max=20"`
	// ExternalJurisdictionCode is a government's code for the place.
	ExternalJurisdictionCode string `json:"externalJurisdictionCode,omitempty" check:"id,max=20"`
	// LocationCondition is a condition code whose taxability categories
	// apply only to the taxes sited at this location.
	LocationCondition     string                `json:"locationCondition,omitempty" check:"max=40"`
	LocationCustomsStatus LocationCustomsStatus `json:"locationCustomsStatus,omitempty"`
	CurrencyConversion    *CurrencyConversion   `json:"currencyConversion,omitempty"`
	// TaxAreaLookup is set in responses only, on the response's copy of
	// a location that the calculation resolved: what the tax area lookup
	// found. It is Levy's own member (the commercial wire's LocationType
	// has no room for it, hence the levy:"own" tag, which
	// AppendOptions.OmitLevyMembers leaves out); a request's is ignored.
	TaxAreaLookup *TaxAreaLookup `json:"taxAreaLookup,omitempty" levy:"own"`
}

// TaxAreaLookup is what the tax area lookup found for a location of a
// calculation, as the lookup routes report it for the same address. The
// tax area itself is in the location's taxAreaId.
type TaxAreaLookup struct {
	// ConfidenceIndicator is the lookup's confidence that the tax area is
	// right, from 1 to 100: 100 when every part of the address agrees, 70
	// when the postal code contradicts the state, lower when the address
	// leaves the tax area open (a ZIP code without a city, say).
	ConfidenceIndicator string `json:"confidenceIndicator,omitempty"`
	// Statuses are what the lookup found at fault or worth telling in the
	// address: BAD_REGION_FIELDS (the postal code contradicts the state or
	// province, or is unknown, and decided alone), IGNORED_REGION_FIELDS
	// (an unknown state was ignored), MAX_TAXAREAS_EXCEEDED, or NORMAL
	// with a note. A plain NORMAL, a clean address, is left out, and so
	// is the member when nothing remains.
	Statuses []TaxAreaLookupStatus `json:"statuses,omitempty"`
}

// TaxAreaLookupStatus is one status of a TaxAreaLookup, the wire's
// AddressLookupResultTypeStatus.
type TaxAreaLookupStatus struct {
	LookupResult LookupStatus `json:"lookupResult"`
	Value        string       `json:"value,omitempty"`
}

// PhysicalLocation is a place where a registered party is present: an
// address or a tax area, without the coordinates and codes of a Location.
type PhysicalLocation struct {
	StreetAddress1 string `json:"streetAddress1,omitempty" check:"max=100"`
	StreetAddress2 string `json:"streetAddress2,omitempty" check:"max=100"`
	City           string `json:"city,omitempty" check:"max=60"`
	MainDivision   string `json:"mainDivision,omitempty" check:"max=60"`
	SubDivision    string `json:"subDivision,omitempty" check:"max=60"`
	PostalCode     string `json:"postalCode,omitempty" check:"id,max=20"`
	Country        string `json:"country,omitempty" check:"max=60"`
	TaxAreaID      string `json:"taxAreaId,omitempty" check:"taxarea"`
}

// Currency names an ISO 4217 currency by its alphabetic or numeric code
// (the wire's CurrencyType).
type Currency struct {
	ISOCurrencyCodeAlpha string `json:"isoCurrencyCodeAlpha,omitempty" check:"pattern=alpha3"`
	// ISOCurrencyCodeNum is the three-digit numeric code, 978 for EUR.
	ISOCurrencyCodeNum *int32 `json:"isoCurrencyCodeNum,omitempty" check:"min=1,max=999"`
	// ISOCurrencyName is filled in responses; requests may omit it and
	// Levy ignores it there.
	ISOCurrencyName string `json:"isoCurrencyName,omitempty"`
}

// CurrencyConversion converts amounts of the transaction currency into a
// filing currency: filing amount = amount × Rate.
type CurrencyConversion struct {
	Currency *Currency     `json:"currency,omitempty"`
	Rate     *money.Amount `json:"rate,omitempty" check:"gt=0"`
}

// CurrencyConversionFactor converts amounts of SourceCurrency into
// TargetCurrency: target = source × ConversionFactor.
type CurrencyConversionFactor struct {
	ConversionFactor *money.Amount `json:"conversionFactor,omitempty" check:"gt=0"`
	SourceCurrency   *Currency     `json:"sourceCurrency,omitempty"`
	TargetCurrency   *Currency     `json:"targetCurrency,omitempty"`
}

// CurrencyAmount is an amount with its currency.
type CurrencyAmount struct {
	Amount   *money.Amount `json:"amount,omitempty"`
	Currency *Currency     `json:"currency,omitempty"`
}

// ImpositionType names a kind of tax a jurisdiction imposes, such as
// "General Sales and Use Tax" or "VAT".
type ImpositionType struct {
	ImpositionTypeID string `json:"impositionTypeId,omitempty" check:"id"`
	// UserDefined is true for an imposition type a user defined.
	UserDefined     bool   `json:"userDefined,omitempty"`
	Value           string `json:"value,omitempty"`
	WithholdingType string `json:"withholdingType,omitempty" check:"max=60"`
	// InformationOnly marks an imposition whose tax is reported but left
	// out of the totals.
	InformationOnly bool `json:"informationOnly,omitempty"`
}

// Imposition names one tax of a jurisdiction.
type Imposition struct {
	ImpositionID string `json:"impositionId,omitempty" check:"id"`
	UserDefined  bool   `json:"userDefined,omitempty"`
	Value        string `json:"value,omitempty"`
}

// TaxRegistration is a registration of a party with a tax authority (the
// wire's TaxRegistrationType).
type TaxRegistration struct {
	// ISOCountryCode is the ISO 3166 code of the registering country, two
	// or three capital letters or digits.
	ISOCountryCode string `json:"isoCountryCode,omitempty" check:"pattern=country"`
	MainDivision   string `json:"mainDivision,omitempty" check:"max=60"`
	JurisdictionID string `json:"jurisdictionId,omitempty" check:"id"`
	// TaxRegistrationNumber is the number the authority assigned. A party
	// with a number must not also send a class code.
	TaxRegistrationNumber string `json:"taxRegistrationNumber,omitempty" check:"id,max=40"`
	// TaxRegistrationAdditionalID is a second identifier some validation
	// services need. It is sensitive: Levy never stores it.
	TaxRegistrationAdditionalID string              `json:"taxRegistrationAdditionalId,omitempty" check:"id,max=64"`
	TaxRegistrationType         TaxRegistrationType `json:"taxRegistrationType,omitempty"`
	// HasPhysicalPresenceIndicator says the party is physically present in
	// the registering country.
	HasPhysicalPresenceIndicator bool               `json:"hasPhysicalPresenceIndicator,omitempty"`
	ImpositionType               *ImpositionType    `json:"impositionType,omitempty"`
	NexusOverrides               []NexusOverride    `json:"nexusOverrides,omitempty" check:"max=4"`
	PhysicalLocations            []PhysicalLocation `json:"physicalLocations,omitempty"`
	FilingCurrency               *Currency          `json:"filingCurrency,omitempty"`
	// FiscalRepresentative is, in the wire format, printed on generated
	// invoices whose country is the registering country. The journal keeps
	// it with a seller's registration (journal.Registration.Representative),
	// and the e-invoice rendered from a stored sale whose seller's VAT
	// identifier is this registration's number, and that carries the VAT
	// of the registering country, names it as the seller's tax
	// representative (BG-11 of EN 16931) when it has a name, a tax
	// registration number and an address with its country; otherwise it
	// names none (see docs/wire-fields.md). A customer's is echoed only.
	FiscalRepresentative *FiscalRepresentative `json:"fiscalRepresentative,omitempty"`
	ValidationResult     *ValidationResult     `json:"validationResult,omitempty"`
}

// NexusOverride declares at which levels of the jurisdictions of one
// location the party has nexus, whatever Levy would conclude.
type NexusOverride struct {
	LocationRole LocationRole `json:"locationRole,omitempty"`
	Country      bool         `json:"country,omitempty"`
	MainDivision bool         `json:"mainDivision,omitempty"`
	SubDivision  bool         `json:"subDivision,omitempty"`
	City         bool         `json:"city,omitempty"`
	District     bool         `json:"district,omitempty"`
}

// FiscalRepresentative is the party that represents a foreign registrant
// before the tax authority.
type FiscalRepresentative struct {
	BusinessName          string    `json:"businessName,omitempty"`
	TaxRegistrationNumber string    `json:"taxRegistrationNumber,omitempty" check:"id,max=40"`
	Address               *Location `json:"address,omitempty"`
}

// ValidationResult is the outcome of the validation of a tax registration
// number (the wire's TaxRegistrationValidationResult).
type ValidationResult struct {
	IsValid                         *bool          `json:"isValid,omitempty"`
	IsSyntaxValid                   *bool          `json:"isSyntaxValid,omitempty"`
	ValidationInfo                  ValidationInfo `json:"validationInfo,omitempty"`
	TaxRegistrationNumberNormalized string         `json:"taxRegistrationNumberNormalized,omitempty"`
	// CacheTimestamp is when an external service last confirmed the
	// result.
	CacheTimestamp string `json:"cacheTimestamp,omitempty"`
	// Cached is true when the result of an external service was reused.
	Cached bool `json:"cached,omitempty"`
	// TaxNumberService names the external validator.
	TaxNumberService string `json:"taxNumberService,omitempty"`
}

// LocationEvidence is what is known of where a customer is (the wire's
// LocationEvidenceRequest). When a customer has evidence and no
// destination, Levy derives the destination from the evidence. Every
// member is optional.
type LocationEvidence struct {
	// IPAddress is the customer's IP address.
	IPAddress *EvidenceValue `json:"ipAddress,omitempty"`
	// BIN is the first 6 to 8 digits of the customer's payment card.
	BIN                           *EvidenceValue   `json:"bin,omitempty"`
	SelfDeclaration               *EvidenceAddress `json:"selfDeclaration,omitempty"`
	Forced                        *EvidenceAddress `json:"forced,omitempty"`
	PaymentMethod                 *EvidenceCountry `json:"paymentMethod,omitempty"`
	OtherCommerciallyRelevantInfo *EvidenceCountry `json:"otherCommerciallyRelevantInfo,omitempty"`
}

// EvidenceValue is a piece of evidence given as one string.
type EvidenceValue struct {
	Value string `json:"value,omitempty" check:"required"`
}

// EvidenceAddress is a piece of evidence given as an address.
type EvidenceAddress struct {
	Address LocationEvidenceAddress `json:"address,omitzero" check:"required"`
}

// EvidenceCountry is a piece of evidence given as a country.
type EvidenceCountry struct {
	Country string `json:"country,omitempty" check:"required,max=60"`
}

// LocationEvidenceAddress is the country and main division evidence
// points to.
type LocationEvidenceAddress struct {
	Country      string `json:"country,omitempty" check:"max=60"`
	MainDivision string `json:"mainDivision,omitempty" check:"max=60"`
}

// Customer is the buyer of a sale (the wire's CustomerType).
type Customer struct {
	CustomerCode *CustomerCode `json:"customerCode,omitempty"`
	// CustomerName appears on generated invoices.
	CustomerName              string    `json:"customerName,omitempty"`
	Destination               *Location `json:"destination,omitempty"`
	AdministrativeDestination *Location `json:"administrativeDestination,omitempty"`
	// IsTaxExempt exempts every line; an exemption certificate number
	// implies it.
	IsTaxExempt          bool                  `json:"isTaxExempt,omitempty"`
	ExemptionCertificate *ExemptionCertificate `json:"exemptionCertificate,omitempty"`
	// ExemptionReasonCode is the reason of the exemption. A standard
	// one-digit code is sent padded to four digits ("0004"); Levy keeps
	// the code as sent.
	ExemptionReasonCode string            `json:"exemptionReasonCode,omitempty" check:"id"`
	LocationEvidence    *LocationEvidence `json:"locationEvidence,omitempty"`
	TaxRegistrations    []TaxRegistration `json:"taxRegistrations,omitempty"`
}

// CustomerCode identifies a customer and its class.
type CustomerCode struct {
	Value string `json:"value,omitempty" check:"id,max=40"`
	// ClassCode groups customers of like taxability. It must not come
	// with a tax registration number on the same party.
	ClassCode           string `json:"classCode,omitempty" check:"id,max=40"`
	IsBusinessIndicator bool   `json:"isBusinessIndicator,omitempty"`
}

// ExemptionCertificate is the certificate that supports an exemption.
type ExemptionCertificate struct {
	// ExemptionCertificateNumber is recorded in the tax journal.
	ExemptionCertificateNumber string `json:"exemptionCertificateNumber,omitempty" check:"id,max=30"`
	Value                      string `json:"value,omitempty"`
}

// Seller is the seller of a sale (the wire's SellerType).
type Seller struct {
	Company              string      `json:"company,omitempty" check:"id,max=40"`
	Division             string      `json:"division,omitempty" check:"max=40"`
	Department           string      `json:"department,omitempty" check:"max=40"`
	PhysicalOrigin       *Location   `json:"physicalOrigin,omitempty"`
	AdministrativeOrigin *Location   `json:"administrativeOrigin,omitempty"`
	Dispatcher           *Dispatcher `json:"dispatcher,omitempty"`
	// NexusIndicator, when present, says whether the seller has nexus
	// where the tax is sited, instead of Levy's own determination.
	NexusIndicator   *bool             `json:"nexusIndicator,omitempty"`
	NexusReasonCode  string            `json:"nexusReasonCode,omitempty" check:"id"`
	UtilityProvider  UtilityProvider   `json:"utilityProvider,omitempty"`
	TaxRegistrations []TaxRegistration `json:"taxRegistrations,omitempty"`
}

// Dispatcher is the party that dispatches the goods of a sale.
type Dispatcher struct {
	DispatcherCode   *DispatcherCode   `json:"dispatcherCode,omitempty"`
	TaxRegistrations []TaxRegistration `json:"taxRegistrations,omitempty"`
}

// DispatcherCode identifies a dispatcher and its class.
type DispatcherCode struct {
	Value     string `json:"value,omitempty" check:"id,max=40"`
	ClassCode string `json:"classCode,omitempty" check:"id,max=40"`
}

// Buyer is the buyer of a purchase (the wire's BuyerType).
type Buyer struct {
	Company                   string                `json:"company,omitempty" check:"id,max=40"`
	Division                  string                `json:"division,omitempty" check:"max=40"`
	Department                string                `json:"department,omitempty" check:"max=40"`
	Destination               *Location             `json:"destination,omitempty"`
	AdministrativeDestination *Location             `json:"administrativeDestination,omitempty"`
	IsTaxExempt               bool                  `json:"isTaxExempt,omitempty"`
	ExemptionCertificate      *ExemptionCertificate `json:"exemptionCertificate,omitempty"`
	ExemptionReasonCode       string                `json:"exemptionReasonCode,omitempty" check:"id"`
	Recipient                 *Recipient            `json:"recipient,omitempty"`
	UtilityProvider           UtilityProvider       `json:"utilityProvider,omitempty"`
	TaxRegistrations          []TaxRegistration     `json:"taxRegistrations,omitempty"`
}

// Recipient is the party that receives the goods of a purchase.
type Recipient struct {
	RecipientCode    *RecipientCode    `json:"recipientCode,omitempty"`
	TaxRegistrations []TaxRegistration `json:"taxRegistrations,omitempty"`
}

// RecipientCode identifies a recipient and its class.
type RecipientCode struct {
	Value               string `json:"value,omitempty" check:"id,max=40"`
	ClassCode           string `json:"classCode,omitempty" check:"id,max=40"`
	IsBusinessIndicator bool   `json:"isBusinessIndicator,omitempty"`
}

// Vendor is the seller of a purchase (the wire's VendorType).
type Vendor struct {
	VendorCode           *VendorCode       `json:"vendorCode,omitempty"`
	DispatcherCode       *DispatcherCode   `json:"dispatcherCode,omitempty"`
	PhysicalOrigin       *Location         `json:"physicalOrigin,omitempty"`
	AdministrativeOrigin *Location         `json:"administrativeOrigin,omitempty"`
	TaxRegistrations     []TaxRegistration `json:"taxRegistrations,omitempty"`
}

// VendorCode identifies a vendor and its class.
type VendorCode struct {
	Value     string `json:"value,omitempty" check:"id,max=40"`
	ClassCode string `json:"classCode,omitempty" check:"id,max=40"`
}

// Owner is the owner of the goods or assets of an owner calculation (the
// wire's OwnerType).
type Owner struct {
	Company             string            `json:"company,omitempty" check:"id,max=40"`
	Division            string            `json:"division,omitempty" check:"max=40"`
	Department          string            `json:"department,omitempty" check:"max=40"`
	PhysicalOrigin      *Location         `json:"physicalOrigin,omitempty"`
	Destination         *Location         `json:"destination,omitempty"`
	IsTaxExempt         bool              `json:"isTaxExempt,omitempty"`
	ExemptionReasonCode string            `json:"exemptionReasonCode,omitempty" check:"id"`
	UtilityProvider     UtilityProvider   `json:"utilityProvider,omitempty"`
	TaxRegistrations    []TaxRegistration `json:"taxRegistrations,omitempty"`
}

// TaxingJurisdictionLocation is the place and tax a vendor-charged tax
// belongs to.
type TaxingJurisdictionLocation struct {
	Location
	ImpositionType   *ImpositionType   `json:"impositionType,omitempty"`
	JurisdictionType jurisdiction.Type `json:"jurisdictionType,omitempty"`
}

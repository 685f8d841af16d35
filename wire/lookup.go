package wire

import (
	"encoding/json"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/jurisdiction"
)

// PostalAddress is an address as the wire's PostalAddressType carries it.
type PostalAddress struct {
	StreetAddress1 string `json:"streetAddress1,omitempty"`
	StreetAddress2 string `json:"streetAddress2,omitempty"`
	City           string `json:"city,omitempty"`
	MainDivision   string `json:"mainDivision,omitempty"`
	SubDivision    string `json:"subDivision,omitempty"`
	PostalCode     string `json:"postalCode,omitempty"`
	Country        string `json:"country,omitempty"`
}

// CheckText returns the violations of the members of address a, at JSON
// path field ("postalAddress"), that hold what the same member of a
// calculation's address (Location) may not hold, each naming its member
// ("postalAddress.city"): the postal code is held to the rule of an
// identifier (CheckIdentifier), the other members to that of free text
// of one line (CheckText), which refuses C0 control characters but a
// tab and bytes that are not UTF-8. The address lookups check it before
// they read the address, so that an address that a calculation refuses
// is refused by a lookup too, not cleansed into another. It returns nil
// when every member is fit, as it does for a nil address, which has no
// member to refuse.
func (a *PostalAddress) CheckText(field string) levy.Errors {
	if a == nil {
		return nil
	}
	var errs levy.Errors
	for _, m := range [...]struct {
		name, s string
		id      bool
	}{
		{"streetAddress1", a.StreetAddress1, false},
		{"streetAddress2", a.StreetAddress2, false},
		{"city", a.City, false},
		{"mainDivision", a.MainDivision, false},
		{"subDivision", a.SubDivision, false},
		{"postalCode", a.PostalCode, true},
		{"country", a.Country, false},
	} {
		msg := ""
		if m.id {
			msg = identifierViolation(m.s)
		} else {
			msg = textViolation(m.s, false)
		}
		if msg != "" {
			errs = append(errs, levy.Invalid(field+"."+m.name, "%s", msg))
		}
	}
	return errs
}

// Coordinates is a point in degrees (WGS 84).
type Coordinates struct {
	Latitude  float64 `json:"latitude"`
	Longitude float64 `json:"longitude"`
}

// AddressLookupRequest is the body of an address lookup.
type AddressLookupRequest struct {
	PostalAddress                     PostalAddress `json:"postalAddress"`
	AsOfDate                          civil.Date    `json:"asOfDate,omitzero"`
	ReturnTimeElapsedDetailsIndicator bool          `json:"returnTimeElapsedDetailsIndicator,omitempty"`
}

// CoordinatesLookupRequest is the body of a coordinates lookup.
type CoordinatesLookupRequest struct {
	Coordinates *Coordinates `json:"coordinates"`
	AsOfDate    civil.Date   `json:"asOfDate,omitzero"`
}

// TaxAreaIDLookupRequest is the body of a lookup by tax area ID.
type TaxAreaIDLookupRequest struct {
	TaxAreaID string     `json:"taxAreaId"`
	AsOfDate  civil.Date `json:"asOfDate,omitzero"`
}

// ExternalJurisdictionLookupRequest is the body of a lookup by a
// government's jurisdiction code.
type ExternalJurisdictionLookupRequest struct {
	ExternalJurisdictionCode string     `json:"externalJurisdictionCode"`
	Country                  string     `json:"country"`
	AsOfDate                 civil.Date `json:"asOfDate,omitzero"`
}

// LookupResponse is the wire's TaxAreaLookupResponseType.
type LookupResponse struct {
	LookupResults []LookupResult `json:"lookupResults"`
}

// LookupResult is one possible tax area for a search.
type LookupResult struct {
	TaxAreaID                      string             `json:"taxAreaId,omitempty"`
	Jurisdictions                  []Jurisdiction     `json:"jurisdictions,omitempty"`
	PostalAddresses                []PostalAddress    `json:"postalAddresses,omitempty"`
	Statuses                       []Status           `json:"statuses"`
	ConfidenceIndicator            string             `json:"confidenceIndicator,omitempty"`
	AsOfDate                       civil.Date         `json:"asOfDate,omitzero"`
	AddressCleansingResultMessages []CleansingMessage `json:"addressCleansingResultMessages,omitempty"`
}

// Jurisdiction is a jurisdiction as a lookup result lists it.
type Jurisdiction struct {
	JurisdictionID           string            `json:"jurisdictionId"`
	JurisdictionType         jurisdiction.Type `json:"jurisdictionType"`
	Value                    string            `json:"value"`
	EffectiveDate            civil.Date        `json:"effectiveDate"`
	ExpirationDate           civil.Date        `json:"expirationDate,omitzero"`
	ExternalJurisdictionCode string            `json:"externalJurisdictionCode,omitempty"`
}

// Status is one entry of a result's statuses.
type Status struct {
	LookupResult LookupStatus `json:"lookupResult"`
	Value        string       `json:"value,omitempty"`
	// Field names the member of the address that a status other than
	// NORMAL finds at fault (city, mainDivision, postalCode), for a
	// caller that refuses such addresses (engine.AddressStrict). It is
	// not on the wire; a status read from the wire has none.
	Field string `json:"-"`
}

// LookupStatus is the outcome named by a status.
type LookupStatus string

// The lookup statuses of the wire.
const (
	Normal                   LookupStatus = "NORMAL"
	BadRegionFields          LookupStatus = "BAD_REGION_FIELDS"
	BadStreetInformation     LookupStatus = "BAD_STREET_INFORMATION"
	IgnoredRegionFields      LookupStatus = "IGNORED_REGION_FIELDS"
	MaxTaxAreasExceeded      LookupStatus = "MAX_TAXAREAS_EXCEEDED"
	MaxFullAddressesExceeded LookupStatus = "MAX_FULL_ADDRESSES_EXCEEDED"
)

// CleansingMessage explains a change or failure of address cleansing.
type CleansingMessage struct {
	Code  string `json:"code"`
	Type  string `json:"type"`
	Value string `json:"value"`
}

// CheckCoordinates reports the latitude or longitude that body, the JSON
// of a coordinates lookup already decoded into a CoordinatesLookupRequest,
// leaves out of its coordinates or gives as null, naming each under
// prefix ("coordinates.latitude", or "lookupRequest.coordinates.latitude"
// with prefix "lookupRequest."). The Go value holds 0 for such a member,
// which would place the point on the equator or the prime meridian, in
// the sea or in another country, where CoordinatesType requires both. A
// body without coordinates is left to the lookup, which requires them.
func CheckCoordinates(prefix string, body []byte) error {
	var probe struct {
		Coordinates *struct {
			Latitude  *float64 `json:"latitude"`
			Longitude *float64 `json:"longitude"`
		} `json:"coordinates"`
	}
	if err := json.Unmarshal(body, &probe); err != nil || probe.Coordinates == nil {
		return nil
	}
	var errs levy.Errors
	if probe.Coordinates.Latitude == nil {
		errs = append(errs, levy.Invalid(prefix+"coordinates.latitude", "is required: a number from -90 to 90"))
	}
	if probe.Coordinates.Longitude == nil {
		errs = append(errs, levy.Invalid(prefix+"coordinates.longitude", "is required: a number from -180 to 180"))
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

package taxarea

import "github.com/levytax/levy/wire"

// The request and response types of the v2 wire format, their validation
// and decoding (the lookups' requests and answers) moved to package wire, which a
// program that calls a remote Levy imports without the calculator. The
// names below stay here for one release, each the same as package wire's;
// use those.

type (
	// Deprecated: use wire.AddressLookupRequest.
	AddressLookupRequest = wire.AddressLookupRequest
	// Deprecated: use wire.CleansingMessage.
	CleansingMessage = wire.CleansingMessage
	// Deprecated: use wire.Coordinates.
	Coordinates = wire.Coordinates
	// Deprecated: use wire.CoordinatesLookupRequest.
	CoordinatesLookupRequest = wire.CoordinatesLookupRequest
	// Deprecated: use wire.ExternalJurisdictionLookupRequest.
	ExternalJurisdictionLookupRequest = wire.ExternalJurisdictionLookupRequest
	// Deprecated: use wire.Jurisdiction.
	Jurisdiction = wire.Jurisdiction
	// Deprecated: use wire.LookupResponse.
	LookupResponse = wire.LookupResponse
	// Deprecated: use wire.LookupResult.
	LookupResult = wire.LookupResult
	// Deprecated: use wire.LookupStatus.
	LookupStatus = wire.LookupStatus
	// Deprecated: use wire.Lookups.
	Lookups = wire.Lookups
	// Deprecated: use wire.PostalAddress.
	PostalAddress = wire.PostalAddress
	// Deprecated: use wire.Search.
	Search = wire.Search
	// Deprecated: use wire.SearchResult.
	SearchResult = wire.SearchResult
	// Deprecated: use wire.Status.
	Status = wire.Status
	// Deprecated: use wire.TaxAreaIDLookupRequest.
	TaxAreaIDLookupRequest = wire.TaxAreaIDLookupRequest
)

const (
	// Deprecated: use wire.BadRegionFields.
	BadRegionFields = wire.BadRegionFields
	// Deprecated: use wire.BadStreetInformation.
	BadStreetInformation = wire.BadStreetInformation
	// Deprecated: use wire.IgnoredRegionFields.
	IgnoredRegionFields = wire.IgnoredRegionFields
	// Deprecated: use wire.MaxFullAddressesExceeded.
	MaxFullAddressesExceeded = wire.MaxFullAddressesExceeded
	// Deprecated: use wire.MaxSearches.
	MaxSearches = wire.MaxSearches
	// Deprecated: use wire.MaxTaxAreasExceeded.
	MaxTaxAreasExceeded = wire.MaxTaxAreasExceeded
	// Deprecated: use wire.Normal.
	Normal = wire.Normal
)

// ValidateTaxAreaID is wire.ValidateTaxAreaID.
//
// Deprecated: use wire.ValidateTaxAreaID.
func ValidateTaxAreaID(field, id string) error { return wire.ValidateTaxAreaID(field, id) }

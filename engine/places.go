package engine

// euMembers are the member states of the European Union, by ISO 3166-1
// alpha-2 code (Greece is GR here; its VAT prefix EL is taxreg's concern).
var euMembers = map[string]bool{
	"AT": true, "BE": true, "BG": true, "HR": true, "CY": true, "CZ": true, "DK": true, "EE": true, "FI": true,
	"FR": true, "DE": true, "GR": true, "HU": true, "IE": true, "IT": true, "LV": true, "LT": true, "LU": true,
	"MT": true, "NL": true, "PL": true, "PT": true, "RO": true, "SK": true, "SI": true, "ES": true, "SE": true,
}

// originStates source an intrastate sale to the seller's location: the
// states whose statutes make the seller's place of business the situs of a
// sale within the state. California is sourced to the destination here:
// its district taxes follow the destination and the dataset holds combined
// local rates.
var originStates = map[string]bool{
	"AZ": true, "IL": true, "MS": true, "MO": true, "NM": true, "OH": true,
	"PA": true, "TN": true, "TX": true, "UT": true, "VA": true,
}

// digitalClass reports whether a product class is an electronically
// supplied service for the place-of-supply rules.
func digitalClass(pc string) bool { return pc == "DIGITAL_GOODS" || pc == "SAAS" }

// serviceClass reports whether a product class is a service rather than
// goods.
func serviceClass(pc string) bool { return pc == "SERVICES" || digitalClass(pc) }

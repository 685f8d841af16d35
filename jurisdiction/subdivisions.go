package jurisdiction

import (
	"strings"
	"sync"
)

// Subdivision is a first-level division of a country as postal addresses
// name it: a US state, district or territory, a Canadian province or
// territory, or a Brazilian state (unidade federativa, the Federal
// District included).
type Subdivision struct {
	Country string // ISO 3166-1 alpha-2
	Code    string // postal abbreviation, the second part of its ISO 3166-2 code
	Name    string // English name
	FIPS    string // US state FIPS code; "" outside the US
	Type    Type   // State, Province or Territory
}

// ID returns the subdivision's jurisdiction ID, its ISO 3166-2 code.
func (s Subdivision) ID() string { return s.Country + "-" + s.Code }

var subdivisions = []Subdivision{
	{"US", "AL", "Alabama", "01", State}, {"US", "AK", "Alaska", "02", State},
	{"US", "AZ", "Arizona", "04", State}, {"US", "AR", "Arkansas", "05", State},
	{"US", "CA", "California", "06", State}, {"US", "CO", "Colorado", "08", State},
	{"US", "CT", "Connecticut", "09", State}, {"US", "DE", "Delaware", "10", State},
	{"US", "DC", "District of Columbia", "11", State}, {"US", "FL", "Florida", "12", State},
	{"US", "GA", "Georgia", "13", State}, {"US", "HI", "Hawaii", "15", State},
	{"US", "ID", "Idaho", "16", State}, {"US", "IL", "Illinois", "17", State},
	{"US", "IN", "Indiana", "18", State}, {"US", "IA", "Iowa", "19", State},
	{"US", "KS", "Kansas", "20", State}, {"US", "KY", "Kentucky", "21", State},
	{"US", "LA", "Louisiana", "22", State}, {"US", "ME", "Maine", "23", State},
	{"US", "MD", "Maryland", "24", State}, {"US", "MA", "Massachusetts", "25", State},
	{"US", "MI", "Michigan", "26", State}, {"US", "MN", "Minnesota", "27", State},
	{"US", "MS", "Mississippi", "28", State}, {"US", "MO", "Missouri", "29", State},
	{"US", "MT", "Montana", "30", State}, {"US", "NE", "Nebraska", "31", State},
	{"US", "NV", "Nevada", "32", State}, {"US", "NH", "New Hampshire", "33", State},
	{"US", "NJ", "New Jersey", "34", State}, {"US", "NM", "New Mexico", "35", State},
	{"US", "NY", "New York", "36", State}, {"US", "NC", "North Carolina", "37", State},
	{"US", "ND", "North Dakota", "38", State}, {"US", "OH", "Ohio", "39", State},
	{"US", "OK", "Oklahoma", "40", State}, {"US", "OR", "Oregon", "41", State},
	{"US", "PA", "Pennsylvania", "42", State}, {"US", "RI", "Rhode Island", "44", State},
	{"US", "SC", "South Carolina", "45", State}, {"US", "SD", "South Dakota", "46", State},
	{"US", "TN", "Tennessee", "47", State}, {"US", "TX", "Texas", "48", State},
	{"US", "UT", "Utah", "49", State}, {"US", "VT", "Vermont", "50", State},
	{"US", "VA", "Virginia", "51", State}, {"US", "WA", "Washington", "53", State},
	{"US", "WV", "West Virginia", "54", State}, {"US", "WI", "Wisconsin", "55", State},
	{"US", "WY", "Wyoming", "56", State},
	{"US", "AS", "American Samoa", "60", Territory}, {"US", "GU", "Guam", "66", Territory},
	{"US", "MP", "Northern Mariana Islands", "69", Territory}, {"US", "PR", "Puerto Rico", "72", Territory},
	{"US", "VI", "U.S. Virgin Islands", "78", Territory},
	{"CA", "AB", "Alberta", "", Province}, {"CA", "BC", "British Columbia", "", Province},
	{"CA", "MB", "Manitoba", "", Province}, {"CA", "NB", "New Brunswick", "", Province},
	{"CA", "NL", "Newfoundland and Labrador", "", Province}, {"CA", "NS", "Nova Scotia", "", Province},
	{"CA", "NT", "Northwest Territories", "", Territory}, {"CA", "NU", "Nunavut", "", Territory},
	{"CA", "ON", "Ontario", "", Province}, {"CA", "PE", "Prince Edward Island", "", Province},
	{"CA", "QC", "Quebec", "", Province}, {"CA", "SK", "Saskatchewan", "", Province},
	{"CA", "YT", "Yukon", "", Territory},
	{"BR", "AC", "Acre", "", State}, {"BR", "AL", "Alagoas", "", State},
	{"BR", "AP", "Amapá", "", State}, {"BR", "AM", "Amazonas", "", State},
	{"BR", "BA", "Bahia", "", State}, {"BR", "CE", "Ceará", "", State},
	{"BR", "DF", "Distrito Federal", "", State}, {"BR", "ES", "Espírito Santo", "", State},
	{"BR", "GO", "Goiás", "", State}, {"BR", "MA", "Maranhão", "", State},
	{"BR", "MT", "Mato Grosso", "", State}, {"BR", "MS", "Mato Grosso do Sul", "", State},
	{"BR", "MG", "Minas Gerais", "", State}, {"BR", "PA", "Pará", "", State},
	{"BR", "PB", "Paraíba", "", State}, {"BR", "PR", "Paraná", "", State},
	{"BR", "PE", "Pernambuco", "", State}, {"BR", "PI", "Piauí", "", State},
	{"BR", "RJ", "Rio de Janeiro", "", State}, {"BR", "RN", "Rio Grande do Norte", "", State},
	{"BR", "RS", "Rio Grande do Sul", "", State}, {"BR", "RO", "Rondônia", "", State},
	{"BR", "RR", "Roraima", "", State}, {"BR", "SC", "Santa Catarina", "", State},
	{"BR", "SP", "São Paulo", "", State}, {"BR", "SE", "Sergipe", "", State},
	{"BR", "TO", "Tocantins", "", State},
}

// Subdivisions returns the US states, district and territories, the
// Canadian provinces and territories and the 27 Brazilian states.
func Subdivisions() []Subdivision { return append([]Subdivision(nil), subdivisions...) }

// brazilIBGE is the IBGE number of each Brazilian state and the Federal
// District by its two-letter code: the first two digits of the IBGE codes
// of its municipalities (IBGE, Códigos da Unidade da Federação; the
// uf_code column of the municipalities' source file). It is never
// changed.
var brazilIBGE = map[string]string{
	"RO": "11", "AC": "12", "AM": "13", "RR": "14", "PA": "15", "AP": "16", "TO": "17",
	"MA": "21", "PI": "22", "CE": "23", "RN": "24", "PB": "25", "PE": "26", "AL": "27", "SE": "28", "BA": "29",
	"MG": "31", "ES": "32", "RJ": "33", "SP": "35",
	"PR": "41", "SC": "42", "RS": "43",
	"MS": "50", "MT": "51", "GO": "52", "DF": "53",
}

// BrazilIBGE returns the IBGE number of the Brazilian state whose
// two-letter code is code ("SP": "35"), and false for no such state. It
// allocates nothing.
func BrazilIBGE(code string) (string, bool) {
	n, ok := brazilIBGE[code]
	return n, ok
}

// SubdivisionByIBGE returns the Brazilian state with an IBGE number
// ("35": São Paulo).
func SubdivisionByIBGE(number string) (Subdivision, bool) {
	for _, s := range subdivisions {
		if s.Country == "BR" && brazilIBGE[s.Code] == number {
			return s, true
		}
	}
	return Subdivision{}, false
}

// SubdivisionByFIPS returns the US state or territory with a state FIPS code.
func SubdivisionByFIPS(fips string) (Subdivision, bool) {
	for _, s := range subdivisions {
		if s.FIPS != "" && s.FIPS == fips {
			return s, true
		}
	}
	return Subdivision{}, false
}

// subdivisionKey is a country and a folded subdivision code or name.
type subdivisionKey struct{ country, name string }

// subdivisionNames maps codes and names to the index of a subdivision. It
// is built once and never changed.
var subdivisionNames = sync.OnceValue(func() map[subdivisionKey]int {
	m := map[subdivisionKey]int{}
	for i, s := range subdivisions {
		m[subdivisionKey{s.Country, s.Code}] = i
		m[subdivisionKey{s.Country, foldName(s.Name)}] = i
		// Brazilian names are also written without their accents
		// ("Sao Paulo", "Goias").
		m[subdivisionKey{s.Country, foldName(FoldAccents(s.Name))}] = i
	}
	alias := func(country, name, code string) { m[subdivisionKey{country, name}] = m[subdivisionKey{country, code}] }
	alias("US", "WASHINGTON DC", "DC")
	alias("US", "VIRGIN ISLANDS", "VI")
	alias("US", "US VIRGIN ISLANDS", "VI")
	alias("US", "VIRGIN ISLANDS OF THE UNITED STATES", "VI")
	alias("CA", "QUÉBEC", "QC")
	alias("CA", "PQ", "QC")
	alias("CA", "NEWFOUNDLAND", "NL")
	alias("CA", "LABRADOR", "NL")
	alias("CA", "NF", "NL")
	alias("CA", "YUKON TERRITORY", "YT")
	return m
})

// SubdivisionOf returns the subdivision of country named by s, which may be
// the postal abbreviation or the English name in any case ("ca", "Ontario",
// "new  york"). The periods of "D.C." and "U.S." are ignored.
func SubdivisionOf(country, s string) (Subdivision, bool) {
	i, ok := subdivisionNames()[subdivisionKey{country, foldName(s)}]
	if !ok {
		return Subdivision{}, false
	}
	return subdivisions[i], true
}

// foldName upper-cases s, drops periods and folds runs of spaces, so that
// " New   york " and "NEW YORK" compare equal.
func foldName(s string) string {
	if isFolded(s) {
		return s
	}
	s = strings.ToUpper(strings.ReplaceAll(s, ".", ""))
	return strings.Join(strings.Fields(s), " ")
}

// isFolded reports whether s is already upper-case ASCII with single inner
// spaces and no periods.
func isFolded(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'A' <= c && c <= 'Z':
		case c == ' ' && i > 0 && i < len(s)-1 && s[i+1] != ' ':
		default:
			return false
		}
	}
	return len(s) > 0
}

// FilingArea returns the ID of the area whose tax authority a
// jurisdiction's tax is filed with: the US state or territory, the
// Canadian province or territory, or the Brazilian state, whose ISO
// 3166-2 code its ID starts with or whose FIPS code starts its county,
// place or district code ("US-CA" for "US-CA", "US-06037-MEASURE_A" and
// "US-0644000"); a Brazilian municipality itself, which its ISS is filed
// with ("BR-3550308", São Paulo by its IBGE code); else the country, the
// ID's first part ("DE" for "DE"); "" for an empty ID.
func FilingArea(id string) string {
	country, rest, _ := strings.Cut(id, "-")
	if country == "" {
		return ""
	}
	first, _, _ := strings.Cut(rest, "-")
	switch {
	case first == "":
	case country == "BR" && len(first) == 7 && allDigits(first):
		return id
	case len(first) >= 2 && first[0] >= '0' && first[0] <= '9' && first[1] >= '0' && first[1] <= '9':
		if s, ok := SubdivisionByFIPS(first[:2]); ok && country == "US" {
			return s.ID()
		}
	default:
		if i, ok := subdivisionNames()[subdivisionKey{country, first}]; ok && subdivisions[i].Code == first {
			return subdivisions[i].ID()
		}
	}
	return country
}

// allDigits reports whether s is ASCII digits only (and not empty).
func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// accentFold maps the accented letters of Portuguese (and the other
// Latin-1 letters of place names) to their plain letters.
var accentFold = strings.NewReplacer(
	"Á", "A", "À", "A", "Â", "A", "Ã", "A", "Ä", "A", "á", "a", "à", "a", "â", "a", "ã", "a", "ä", "a",
	"É", "E", "È", "E", "Ê", "E", "Ë", "E", "é", "e", "è", "e", "ê", "e", "ë", "e",
	"Í", "I", "Ì", "I", "Î", "I", "Ï", "I", "í", "i", "ì", "i", "î", "i", "ï", "i",
	"Ó", "O", "Ò", "O", "Ô", "O", "Õ", "O", "Ö", "O", "ó", "o", "ò", "o", "ô", "o", "õ", "o", "ö", "o",
	"Ú", "U", "Ù", "U", "Û", "U", "Ü", "U", "ú", "u", "ù", "u", "û", "u", "ü", "u",
	"Ç", "C", "ç", "c", "Ñ", "N", "ñ", "n",
)

// FoldAccents returns s with the accents of its Latin letters dropped:
// "São Paulo" becomes "Sao Paulo", "Goiás" "Goias".
func FoldAccents(s string) string { return accentFold.Replace(s) }

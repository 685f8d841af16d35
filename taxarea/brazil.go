package taxarea

import (
	"regexp"
	"strings"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/wire"
)

// brKey is a Brazilian state's code and a municipality's folded name.
type brKey struct{ uf, name string }

// indexBrazil indexes the Brazilian municipalities of the dataset by
// their state and folded name.
func (r *Resolver) indexBrazil() {
	r.brNames = map[brKey][]string{}
	r.brAnyState = map[string][]string{}
	for _, s := range jurisdiction.Subdivisions() {
		if s.Country != "BR" {
			continue
		}
		for _, j := range r.juris.Children(s.ID()) {
			if j.Type != jurisdiction.City {
				continue
			}
			k := brFold(j.Name)
			r.brNames[brKey{s.Code, k}] = append(r.brNames[brKey{s.Code, k}], j.ID)
			r.brAnyState[k] = append(r.brAnyState[k], j.ID)
		}
	}
}

// brFold folds a municipality's name so that "São João d'Aliança",
// "SAO JOAO D ALIANCA" and "Sao Joao d’Aliança" compare equal.
func brFold(s string) string {
	s = strings.ToUpper(jurisdiction.FoldAccents(s))
	s = strings.Map(func(r rune) rune {
		switch r {
		case '\'', '’', '`', '´', '-', '.':
			return ' '
		}
		return r
	}, s)
	return strings.Join(strings.Fields(s), " ")
}

// cepPattern is a CEP, the Brazilian postal code: 12345-678 or 12345678.
var cepPattern = regexp.MustCompile(`^([0-9]{5})-?([0-9]{3})$`)

// brAddress resolves a Brazilian address to its state and municipality:
// mainDivision names the state (its two letters or its name); city names
// the municipality, by name within the state or by its 7-digit IBGE
// code. A CEP is checked for its form; no CEP table is among Levy's
// sources, so it places nothing. A city that is no municipality of the
// state leaves the result at the state, saying so.
func (r *Resolver) brAddress(field string, a wire.PostalAddress, d civil.Date) ([]wire.LookupResult, error) {
	var statuses []wire.Status
	conf := confExact
	var state jurisdiction.Subdivision
	haveState := false
	if a.MainDivision != "" {
		s, ok := jurisdiction.SubdivisionOf("BR", a.MainDivision)
		if !ok {
			return nil, levy.Invalid(field+".mainDivision", "%q is not a Brazilian state (its two letters, such as SP, or its name)", a.MainDivision)
		}
		state, haveState = s, true
	}
	cep := ""
	if a.PostalCode != "" {
		m := cepPattern.FindStringSubmatch(a.PostalCode)
		if m == nil {
			return nil, levy.Invalid(field+".postalCode", "%q is not a CEP (12345-678)", a.PostalCode)
		}
		cep = m[1] + "-" + m[2]
	}
	municipality := ""
	switch city := a.City; {
	case len(city) == 7 && isDigits(city):
		j, ok := r.juris.ByID("BR-" + city)
		if !ok || j.Type != jurisdiction.City {
			return nil, levy.Invalid(field+".city", "%s is not the IBGE code of a Brazilian municipality", city)
		}
		uf := strings.TrimPrefix(j.Parent, "BR-")
		if haveState && uf != state.Code {
			statuses = append(statuses, wire.Status{LookupResult: wire.BadRegionFields, Field: "city",
				Value: "municipality " + city + " (" + j.Name + ") is in " + uf + ", not " + state.Code + ": the lookup used the municipality"})
		}
		municipality = j.ID
		state, _ = jurisdiction.SubdivisionOf("BR", uf)
		haveState = true
	case city != "" && haveState:
		ids := r.brNames[brKey{state.Code, brFold(city)}]
		switch len(ids) {
		case 1:
			municipality = ids[0]
		default:
			statuses = append(statuses, wire.Status{LookupResult: wire.BadRegionFields, Field: "city",
				Value: "no municipality of " + state.Code + " is named " + city + ": the lookup stops at the state"})
			conf = confUninc
		}
	case city != "":
		ids := r.brAnyState[brFold(city)]
		switch len(ids) {
		case 1:
			j, _ := r.juris.ByID(ids[0])
			municipality = ids[0]
			state, _ = jurisdiction.SubdivisionOf("BR", strings.TrimPrefix(j.Parent, "BR-"))
			haveState = true
			statuses = append(statuses, wire.Status{LookupResult: wire.Normal, Value: "the state is the one of the only municipality named " + city})
			conf = confNamedCounty
		case 0:
			statuses = append(statuses, wire.Status{LookupResult: wire.BadRegionFields, Field: "city",
				Value: "no Brazilian municipality is named " + city + ", and no state is given"})
			conf = confCountryOnly
		default:
			statuses = append(statuses, wire.Status{LookupResult: wire.IgnoredRegionFields, Field: "mainDivision",
				Value: "municipalities named " + city + " lie in several states: send mainDivision"})
			conf = confCountryOnly
		}
	case !haveState:
		// Neither the state nor the municipality: a CEP alone places
		// nothing (no CEP table is among Levy's sources).
		conf = confCountryOnly
		v := "no state (mainDivision) or municipality (city) given: only the country could be told"
		if cep != "" {
			v = "no state (mainDivision) or municipality (city) given, and a CEP places no address (Levy has no table of CEPs): only the country could be told"
		}
		statuses = append(statuses, wire.Status{LookupResult: wire.Normal, Value: v})
	}
	var ar *area
	switch {
	case municipality != "":
		ar = r.areas.of(municipality)
	case haveState:
		ar = r.areas.of(state.ID())
		if conf == confExact {
			conf = confStateOnly
		}
	default:
		ar = r.areas.of("BR")
	}
	if ar == nil {
		return nil, levy.NotFound("postalAddress.country", "no tax area for Brazil")
	}
	res := r.result(ar, d, conf, statuses...)
	out := wire.PostalAddress{StreetAddress1: a.StreetAddress1, StreetAddress2: a.StreetAddress2, City: a.City,
		MainDivision: state.Code, PostalCode: cep, Country: "BRA"}
	if municipality != "" {
		if j, ok := r.juris.ByID(municipality); ok {
			out.City = j.Name
		}
	}
	res.PostalAddresses = []wire.PostalAddress{out}
	return []wire.LookupResult{res}, nil
}

// isDigits reports whether s is ASCII digits only.
func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

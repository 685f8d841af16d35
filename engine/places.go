package engine

import (
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/rules"
	"github.com/shopspring/decimal"
)

// usSourcing is how a US state sources a sale within it, and caps its
// local rates: data of the dataset's US local part (data.LocalState),
// read once per snapshot.
type usSourcing struct {
	// origin says, for each level (levelState to levelDistrict), whether
	// its tax follows the seller's location.
	origin   [levelDistrict + 1]bool
	anyOrig  bool
	allOrig  bool
	localCap *decimal.Decimal
	note     string // the state's sourcing rule, for the reason of a tax
}

// The levels of a US jurisdiction for sourcing.
const (
	levelOther = iota
	levelState
	levelCounty
	levelCity
	levelDistrict
)

// levelOf returns the sourcing level of a jurisdiction type.
func levelOf(t jurisdiction.Type) int {
	switch t {
	case jurisdiction.State, jurisdiction.Territory:
		return levelState
	case jurisdiction.County, jurisdiction.Parish, jurisdiction.Borough:
		return levelCounty
	case jurisdiction.City, jurisdiction.Township:
		return levelCity
	case jurisdiction.District, jurisdiction.SpecialPurposeDistrict, jurisdiction.TransitDistrict, jurisdiction.LocalImprovementDistrict:
		return levelDistrict
	}
	return levelOther
}

// newUSSourcing reads the sourcing of every state of the local part.
func newUSSourcing(l *data.Local) map[string]*usSourcing {
	out := map[string]*usSourcing{}
	for _, st := range l.States() {
		u := &usSourcing{localCap: st.LocalCap, note: st.Sourcing}
		for _, lv := range st.Origin {
			switch lv {
			case "STATE":
				u.origin[levelState] = true
			case "COUNTY":
				u.origin[levelCounty] = true
			case "CITY":
				u.origin[levelCity] = true
			case "DISTRICT":
				u.origin[levelDistrict] = true
			}
		}
		u.allOrig = u.origin[levelState] && u.origin[levelCounty] && u.origin[levelCity] && u.origin[levelDistrict]
		u.anyOrig = u.origin[levelState] || u.origin[levelCounty] || u.origin[levelCity] || u.origin[levelDistrict]
		out[st.Code] = u
	}
	return out
}

// digitalClass reports whether a product class is an electronically
// supplied service (rules.ClassInfo.Digital).
func digitalClass(pc string) bool {
	c, ok := rules.ClassOf(pc)
	return ok && c.Digital
}

// propertyClass reports whether a product class is a service supplied
// where the property it is connected with is (rules.ClassInfo.AtProperty):
// ACCOMMODATION.
func propertyClass(pc string) bool {
	c, ok := rules.ClassOf(pc)
	return ok && c.AtProperty
}

// serviceClass reports whether a product class is a service rather than
// goods (rules.ClassInfo.Service).
func serviceClass(pc string) bool {
	c, ok := rules.ClassOf(pc)
	return ok && c.Service
}

// customerPlaceClass reports whether a product class is among the
// services of article 59 of the VAT Directive (as in force from
// 2010-01-01, and article 56 before it, Sixth Directive article
// 9(2)(e)): consultancy, engineering, legal and accounting services and
// services similar to them (PROFESSIONAL_SERVICES), which a supplier in
// a member state supplies where its consumer lives when the consumer
// lives outside the Community, so that none of the Union's VAT is due.
// The electronic services of paragraph (k) are digitalClass; the other
// services to consumers stay where the supplier is (article 45).
func customerPlaceClass(pc string) bool { return pc == rules.ProfessionalServ }

package engine

import (
	"time"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/jurisdiction"
)

// Rule IDs of a buyer's accrual in Malaysia under the sales tax and the
// service tax (from September 1, 2018), single-stage taxes that the
// manufacturer, the provider of the service or the customs charge, not
// the buyer, with one exception: a taxable service acquired from abroad.
const (
	// MYImportCustomsRule: goods bought from abroad bear the sales tax at
	// import, which the Royal Malaysian Customs Department charges and
	// collects with the customs duty; the buyer accrues none.
	MYImportCustomsRule = "my-sales-tax-at-import"
	// MYNotSelfAccountedRule: goods or services bought in Malaysia bear
	// the sales tax or the service tax that the registered manufacturer
	// or provider charges; the buyer accrues none.
	MYNotSelfAccountedRule = "my-not-self-accounted"
	// MYImportedServiceRule: a taxable service acquired from a person
	// outside Malaysia (an imported taxable service) bears the service
	// tax, which the business in Malaysia that acquires it accounts for
	// itself, from January 1, 2019.
	MYImportedServiceRule = "my-imported-taxable-service"
	// MYImportedServiceBefore2019Rule: a service acquired from abroad
	// before January 1, 2019 bore no service tax.
	MYImportedServiceBefore2019Rule = "my-imported-service-before-2019"
)

// myImportedServicesFrom is the first day of the service tax on imported
// taxable services (Service Tax Act 2018, section 7(b) and sections 26
// and 26A, as the Finance Act 2018 amended it).
func myImportedServicesFrom() civil.Date { return civil.New(2019, time.January, 1) }

// leviesOn reports whether the dataset (or the host) gives the
// jurisdiction id a rate of tax in force on d.
func (s *snapshot) leviesOn(id string, tax jurisdiction.Tax, d civil.Date) bool {
	i, ok := s.jur.Index(id)
	if !ok {
		return false
	}
	for _, u := range s.rates.of(i) {
		if u.period.Contains(d) && jurisdiction.Tax(s.rates.words[u.tax]) == tax {
			return true
		}
	}
	return false
}

// malaysianAccrual decides where and whether a buyer in Malaysia (dest)
// accrues Malaysia's sales tax or service tax on a purchase from orig, on
// a day when they are in force (not the GST of 2015 to 2018, which it
// leaves to the general rules). Neither tax is a use tax: the sales tax
// is charged by the registered manufacturer on its sale, or by the
// customs on goods imported (Sales Tax Act 2018, section 8), and the
// service tax by the registered provider of a taxable service (Service
// Tax Act 2018, section 7(a)). A buyer accounts for the service tax
// itself only on an imported taxable service, a service of the First
// Schedule of the Service Tax Regulations 2018 acquired from a person
// outside Malaysia, from January 1, 2019, whether or not it is
// registered (sections 26 and 26A: return SST-02 or declaration
// SST-02A). It decides a purchase alone (an owner's movement of its own
// goods, which a registered manufacturer may owe the sales tax on, is left
// to the general rules), and returns false where these rules do not
// decide the line.
func (c *calc) malaysianAccrual(l *line, orig, dest *place) (situs, bool) {
	if c.d.perspective != "BUYER" || dest.country != "MY" || dest.vatArea() != "MY" {
		return situs{}, false
	}
	d := c.d.date
	if !c.s.leviesOn("MY", jurisdiction.GoodsSalesTax, d) && !c.s.leviesOn("MY", jurisdiction.ServiceTax, d) {
		return situs{}, false // the GST, or before any tax Levy models
	}
	abroad := orig.vatArea() != dest.vatArea()
	switch {
	case !serviceClass(l.productClass) && abroad:
		return situs{at: dest, role: dest.role, none: true, ruleID: MYImportCustomsRule,
			reason: "Malaysia's sales tax on goods imported is charged and collected by the Royal Malaysian Customs Department at import (Sales Tax Act 2018, section 8); the buyer does not accrue it"}, true
	case !serviceClass(l.productClass):
		return situs{at: dest, role: dest.role, none: true, ruleID: MYNotSelfAccountedRule,
			reason: "Malaysia's sales tax is a single-stage tax that the registered manufacturer charges on its sale (Sales Tax Act 2018, section 8); a buyer does not accrue it on goods bought in Malaysia"}, true
	case !abroad:
		return situs{at: dest, role: dest.role, none: true, ruleID: MYNotSelfAccountedRule,
			reason: "Malaysia's service tax is charged by the registered provider of a taxable service (Service Tax Act 2018, section 7(a)); a buyer does not accrue it on a service acquired in Malaysia"}, true
	case d.Before(myImportedServicesFrom()):
		return situs{at: dest, role: dest.role, none: true, ruleID: MYImportedServiceBefore2019Rule,
			reason: "Malaysia's service tax reached imported taxable services only from January 1, 2019"}, true
	}
	return situs{at: dest, role: dest.role, ruleID: MYImportedServiceRule,
		reason: "a taxable service acquired from a person outside Malaysia is an imported taxable service: the business in Malaysia that acquires it accounts for the service tax (Service Tax Act 2018, sections 7(b), 26 and 26A, from January 1, 2019)"}, true
}

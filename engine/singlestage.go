package engine

import (
	"fmt"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/jurisdiction"
)

// Rule IDs of a buyer's accrual of a single-stage tax, one whose accrual
// the dataset gives (jurisdiction.TaxAccrual, read from the curated
// tax-accruals.csv): the country's ISO 3166-1 alpha-2 code in lower case,
// a hyphen and the rule's suffix. The constants are Malaysia's, whose
// sales tax and service tax (from September 1, 2018) are such taxes: the
// manufacturer, the provider of the service or the customs charge them,
// not the buyer, with one exception, a taxable service acquired from
// abroad.
const (
	// MYImportCustomsRule: goods bought from abroad bear the sales tax at
	// import, which the Royal Malaysian Customs Department charges and
	// collects with the customs duty; the buyer accrues none.
	MYImportCustomsRule = "my-" + importCustomsSuffix
	// MYNotSelfAccountedRule: goods or services bought in Malaysia bear
	// the sales tax or the service tax that the registered manufacturer
	// or provider charges; the buyer accrues none.
	MYNotSelfAccountedRule = "my-" + notSelfAccountedSuffix
	// MYImportedServiceRule: a taxable service acquired from a person
	// outside Malaysia (an imported taxable service) bears the service
	// tax, which the business in Malaysia that acquires it accounts for
	// itself, from January 1, 2019.
	MYImportedServiceRule = "my-" + importedServiceSuffix
	// MYImportedServiceBefore2019Rule: a service acquired from abroad
	// before January 1, 2019 bore no service tax.
	MYImportedServiceBefore2019Rule = "my-" + importedServiceBeforeSuffix + "2019"
)

// The suffixes of the rule IDs of a single-stage tax's accrual.
const (
	importCustomsSuffix    = "sales-tax-at-import"
	notSelfAccountedSuffix = "not-self-accounted"
	importedServiceSuffix  = "imported-taxable-service"
	// importedServiceBeforeSuffix is followed by the year of the first
	// day the buyer accounts for the tax on imported taxable services.
	importedServiceBeforeSuffix = "imported-service-before-"
)

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

// singleStageAccrual decides where and whether a buyer in a country whose
// taxes in force on the document's date have an accrual in the dataset
// (dest's country, a VAT area of its own) accrues them on a purchase from
// orig; a country without one, or a day outside the accruals (Malaysia's
// GST of 2015 to 2018), is left to the general rules. Such a tax is not a
// use tax: the seller charges it (a registered manufacturer or provider),
// or the customs on goods imported, and the buyer accrues none
// (jurisdiction.AccrualNone), except that under
// jurisdiction.AccrualImportedServices a buyer accounts for it itself on
// a taxable service acquired from a person outside the country, whether
// or not it is registered (Malaysia's service tax from January 1, 2019,
// Service Tax Act 2018, sections 7(b), 26 and 26A: return SST-02 or
// declaration SST-02A). It decides a purchase alone (an owner's movement
// of its own goods, which a registered manufacturer may owe the sales tax
// on, is left to the general rules), and returns false where these rules
// do not decide the line. The reasons cite the accruals' sources.
func (c *calc) singleStageAccrual(l *line, orig, dest *place) (situs, bool) {
	if c.d.perspective != "BUYER" || dest.vatArea() != dest.country {
		return situs{}, false
	}
	all := c.s.jur.TaxAccruals(dest.country)
	if len(all) == 0 {
		return situs{}, false
	}
	d := c.d.date
	service := serviceClass(l.productClass)
	// a is the accrual in force on d of a tax levied on d that reaches
	// the line (a service tax for a service, another tax for goods), else
	// of the first such tax; imported says that one of them reaches
	// imported services.
	var a jurisdiction.TaxAccrual
	found, fits, imported := false, false, false
	for _, x := range all {
		if !x.Period.Contains(d) || !c.s.leviesOn(dest.country, x.Tax, d) {
			continue
		}
		imported = imported || x.Accrual == jurisdiction.AccrualImportedServices
		if f := (x.Tax == jurisdiction.ServiceTax) == service; !found || f && !fits {
			a, found, fits = x, true, f
		}
	}
	if !found {
		return situs{}, false
	}
	country := dest.country
	if j, ok := c.s.jur.ByID(dest.country); ok {
		country = j.Name
	}
	rule := func(suffix string) string { return strings.ToLower(dest.country) + "-" + suffix }
	none := func(suffix, why string) (situs, bool) {
		return situs{at: dest, role: dest.role, none: true, ruleID: rule(suffix), reason: why}, true
	}
	abroad := orig.vatArea() != dest.vatArea()
	switch {
	case !service && abroad:
		return none(importCustomsSuffix, fmt.Sprintf("%s's %s on goods imported is charged and collected by the customs at import; the buyer does not accrue it (%s)", country, a.Tax, a.Source))
	case !service:
		return none(notSelfAccountedSuffix, fmt.Sprintf("%s's %s is a single-stage tax that the seller charges; a buyer does not accrue it on goods bought in %s (%s)", country, a.Tax, country, a.Source))
	case !abroad:
		return none(notSelfAccountedSuffix, fmt.Sprintf("%s's %s is charged by the registered provider of a taxable service; a buyer does not accrue it on a service acquired in %s (%s)", country, a.Tax, country, a.Source))
	case !imported:
		// The first later day from which a buyer accounts for the tax on
		// imported services, if the dataset has one.
		for _, n := range all {
			if n.Tax == a.Tax && n.Accrual == jurisdiction.AccrualImportedServices && d.Before(n.Period.Effective) {
				return none(fmt.Sprintf("%s%d", importedServiceBeforeSuffix, n.Period.Effective.Year),
					fmt.Sprintf("%s's %s reached imported taxable services only from %s (%s)", country, a.Tax, n.Period.Effective, n.Source))
			}
		}
		return none(notSelfAccountedSuffix, fmt.Sprintf("%s's %s is charged by the provider of a taxable service, and a buyer does not account for it on a service acquired from abroad (%s)", country, a.Tax, a.Source))
	}
	return situs{at: dest, role: dest.role, ruleID: rule(importedServiceSuffix),
		reason: fmt.Sprintf("a taxable service acquired from a person outside %s is an imported taxable service: the business in %s that acquires it accounts for the %s itself (%s)", country, country, a.Tax, a.Source)}, true
}

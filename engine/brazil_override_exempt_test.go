package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
)

// TestBrazilOverrideBeforeExemptCustomer: on a Brazilian line, as on any
// other (compute.go, extras.go), an exempt or non-taxable override decides
// the taxes it matches and the customer's own exemption (isTaxExempt, an
// exemptionCertificate sent, a certificate stored in the tenant's profile)
// the others. A sale of 1,000.00 from São Paulo to Campinas whose request
// exempts 400.00 of the ICMS (reason ICMS-RED) and declares the IPI not
// taxable (IPI-NT) keeps the ICMS on the other 600.00 (18%: 108.00,
// calculationRuleId override) and the IPI NONTAXABLE (CST 53); the PIS,
// which no override names, is the customer's exemption.
//
// Before, an exempt customer's exemption replaced the overrides on a
// Brazilian line: the ICMS was exempt in full and the IPI exempt (CST 52),
// both customer-exempt, while a Texan line kept its override.
func TestBrazilOverrideBeforeExemptCustomer(t *testing.T) {
	d := civil.MustParse
	e := engineOfProfile(t, profile.ChangeSet{
		Customers:    []profile.Customer{{Code: "STORED"}},
		Certificates: []profile.Certificate{{Number: "BR-9", CustomerCode: "STORED", Jurisdictions: []string{"BR", "US-TX"}, ReasonCode: "G", EffectiveDate: d("2026-01-01")}},
	})
	part := money.MustParse("400.00")
	overrides := func(l *wire.SaleLineItem) {
		l.ExemptOverrides = []wire.Override{{ImpositionType: &wire.ImpositionType{Value: "ICMS"}, Amount: &part, ReasonCode: "ICMS-RED"}}
		l.NonTaxableOverrides = []wire.Override{{ImpositionType: &wire.ImpositionType{Value: "IPI"}, ReasonCode: "IPI-NT"}}
	}
	cases := []struct {
		name     string
		customer func(*wire.Customer)
		rule     string // the PIS's calculationRuleId
		cert     string // and its certificate number
	}{
		{"isTaxExempt", func(c *wire.Customer) { c.IsTaxExempt = true }, "customer-exempt", ""},
		{"exemptionCertificate sent", func(c *wire.Customer) {
			c.ExemptionCertificate = &wire.ExemptionCertificate{ExemptionCertificateNumber: "SENT-1"}
		}, "customer-exempt", "SENT-1"},
		{"certificate stored", func(c *wire.Customer) { c.CustomerCode = &wire.CustomerCode{Value: "STORED"} }, CertificateRule, "BR-9"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			req := brSale(brTo("Campinas", "SP"))
			req.LineItems[0].NatureOfFiscalOperation = wire.OperationVendaProducao
			overrides(&req.LineItems[0])
			c.customer(req.Customer)
			r, err := e.Sale(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			l := r.LineItems[0]
			icms := brMustTax(t, l, "ICMS", "BR-SP")
			if icms.TaxResult != wire.TaxResultTaxable || icms.Exempt.String() != "400.00" || icms.Taxable.String() != "600.00" ||
				icms.CalculatedTax.String() != "108.00" || icms.CalculationRuleID.Value != "override" || icms.ReasonCode != "ICMS-RED" {
				t.Errorf("ICMS: %s taxable %s exempt %s tax %s rule %s reason %q; want TAXABLE 600.00, 400.00 exempt, 108.00, override, ICMS-RED",
					icms.TaxResult, icms.Taxable, icms.Exempt, icms.CalculatedTax, icms.CalculationRuleID.Value, icms.ReasonCode)
			}
			ipi := brMustTax(t, l, "IPI", "BR")
			if ipi.TaxResult != wire.TaxResultNonTaxable || ipi.TaxCode != "53" || !ipi.CalculatedTax.IsZero() ||
				ipi.CalculationRuleID.Value != "override" || ipi.ReasonCode != "IPI-NT" || ipi.CertificateNumber != nil {
				t.Errorf("IPI: %s CST %s tax %s rule %s reason %q certificate %+v; want NONTAXABLE, CST 53, 0.00, override, IPI-NT, none",
					ipi.TaxResult, ipi.TaxCode, ipi.CalculatedTax, ipi.CalculationRuleID.Value, ipi.ReasonCode, ipi.CertificateNumber)
			}
			pis := brMustTax(t, l, "PIS", "BR")
			number := ""
			if pis.CertificateNumber != nil {
				number = pis.CertificateNumber.Value
			}
			if pis.TaxResult != wire.TaxResultExempt || !pis.CalculatedTax.IsZero() || pis.CalculationRuleID.Value != c.rule || number != c.cert {
				t.Errorf("PIS: %s tax %s rule %s certificate %q; want EXEMPT, 0.00, %s, %q",
					pis.TaxResult, pis.CalculatedTax, pis.CalculationRuleID.Value, number, c.rule, c.cert)
			}

			// The Texan twin: the state's tax keeps its override (400.00
			// exempt of 1,000.00), the city's is the customer's exemption.
			us := usSale("901 Bagby St", "Houston", "TX", "77002", "GENERAL", "1000.00")
			us.LineItems[0].ExemptOverrides = []wire.Override{{JurisdictionType: jurisdiction.State, Amount: &part, ReasonCode: "ICMS-RED"}}
			c.customer(us.Customer)
			ur, err := e.Sale(context.Background(), us)
			if err != nil {
				t.Fatal(err)
			}
			for _, x := range ur.LineItems[0].Taxes {
				want, exempt := c.rule, "1000.00"
				if x.Jurisdiction.JurisdictionType.String() == "STATE" {
					want, exempt = "override", "400.00"
				}
				if x.CalculationRuleID.Value != want || x.Exempt.String() != exempt {
					t.Errorf("Texas, %s %s: rule %s exempt %s; want %s, %s", x.Jurisdiction.JurisdictionID, x.Jurisdiction.JurisdictionType,
						x.CalculationRuleID.Value, x.Exempt, want, exempt)
				}
			}
		})
	}
}

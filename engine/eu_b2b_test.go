package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// Places and VAT numbers of the intra-EU tests. The numbers have valid
// check digits; deInvalid and frInvalid do not.
var (
	amsterdam = &wire.Location{City: "Amsterdam", PostalCode: "1012", Country: "NL"}
	euParis   = &wire.Location{City: "Paris", PostalCode: "75001", Country: "FR"}
	athens    = &wire.Location{City: "Athens", PostalCode: "10552", Country: "GR"}

	nlNumber  = wire.TaxRegistration{ISOCountryCode: "NL", TaxRegistrationNumber: "NL004909665B07"}
	nlUnion   = wire.TaxRegistration{ISOCountryCode: "NL", TaxRegistrationNumber: "NL004909665B07", TaxRegistrationType: "Union Scheme"}
	deNumber  = wire.TaxRegistration{ISOCountryCode: "DE", TaxRegistrationNumber: "DE136695976"}
	frNumber  = wire.TaxRegistration{ISOCountryCode: "FR", TaxRegistrationNumber: "FR40303265045"}
	deInvalid = wire.TaxRegistration{ISOCountryCode: "DE", TaxRegistrationNumber: "DE136695977"}
	frInvalid = wire.TaxRegistration{ISOCountryCode: "FR", TaxRegistrationNumber: "FRK8399859412"}
	frBare    = wire.TaxRegistration{ISOCountryCode: "FR"} // registered, no number given
	elNumber  = wire.TaxRegistration{ISOCountryCode: "EL", TaxRegistrationNumber: "094012834"}
	xiNumber  = wire.TaxRegistration{ISOCountryCode: "XI", TaxRegistrationNumber: "000472631"}
	gbNumber  = wire.TaxRegistration{ISOCountryCode: "GB", TaxRegistrationNumber: "GB000472631"}
	chNumber  = wire.TaxRegistration{ISOCountryCode: "CH", TaxRegistrationNumber: "CHE-432.825.998 MWST"}
	// Numbers sent without isoCountryCode, written with their VAT prefix.
	deBare = wire.TaxRegistration{TaxRegistrationNumber: "de 136.695.976"}
	elBare = wire.TaxRegistration{TaxRegistrationNumber: "EL094012834"}
	nlBare = wire.TaxRegistration{TaxRegistrationNumber: "NL004909665B07"}
)

// euSale returns an invoice of one line of 1000.00 EUR of class from a
// Dutch seller registered for VAT in the Netherlands (21%) and for the
// Union scheme (OSS), which covers its distance sales to consumers, to a
// customer at dest with the given registrations, dated date.
func euSale(date, class string, dest *wire.Location, business bool, regs ...wire.TaxRegistration) *wire.SaleRequest {
	cu := &wire.Customer{Destination: dest, TaxRegistrations: regs}
	if business {
		cu.CustomerCode = &wire.CustomerCode{IsBusinessIndicator: true}
	}
	return &wire.SaleRequest{SaleMessageType: wire.SaleInvoice, TransactionType: wire.TransactionTypeSale,
		DocumentDate: civil.MustParse(date), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"},
		Seller:    &wire.Seller{PhysicalOrigin: amsterdam, TaxRegistrations: []wire.TaxRegistration{nlNumber, nlUnion}},
		Customer:  cu,
		LineItems: []wire.SaleLineItem{{Product: &wire.Product{ProductClass: class}, ExtendedPrice: amt("1000.00")}}}
}

// euOutcome is what the EU tests check of a line's one VAT record.
type euOutcome struct {
	rule, jurisdiction, tax, from string
	reverse                       bool
}

func euLineOutcome(t *testing.T, name string, taxes []wire.Tax, total string) euOutcome {
	t.Helper()
	if len(taxes) != 1 {
		t.Fatalf("%s: %d taxes, want one: %+v", name, len(taxes), taxes)
	}
	tx := taxes[0]
	if tx.CalculatedTax.String() != total {
		t.Errorf("%s: the line's total tax %s is not its one tax %s", name, total, tx.CalculatedTax)
	}
	out := euOutcome{jurisdiction: tx.Jurisdiction.JurisdictionID, tax: tx.CalculatedTax.String(), from: string(tx.TaxCollectedFromParty),
		reverse: tx.ReasonCode == "REVERSE_CHARGE"}
	if tx.CalculationRuleID != nil {
		out.rule = tx.CalculationRuleID.Value
	}
	return out
}

// TestEUGoodsToABusinessOfAnotherMemberState: goods sent from the
// Netherlands to France, sold to customers that give VAT numbers of
// various states or none. Article 138(1) of the VAT directive (as amended
// by Directive (EU) 2018/1910) exempts the supply when the customer gives
// a valid number of a member state other than the Netherlands, whichever
// that state is; the customer then accounts for the acquisition in France
// (Article 40). A number of the Netherlands alone, or a business with no
// member-state number, leaves the supply taxed in the Netherlands at 21%
// (Article 32): not a distance sale, which is to consumers (Article
// 14(4)), so the seller's Union scheme does not cover it. A consumer is
// left to the distance-sales rules: the Union scheme, France's 20%. Figures by hand: 1000.00 at 21% is 210.00,
// at 20% 200.00, at Greece's 24% 240.00.
func TestEUGoodsToABusinessOfAnotherMemberState(t *testing.T) {
	e := testEngine(t)
	const today = "2026-06-01"
	cases := []struct {
		name string
		req  *wire.SaleRequest
		want euOutcome
	}{
		// The case of the brief: a German number, goods to France.
		{"a German number, goods to France", euSale(today, "GENERAL", euParis, false, deNumber),
			euOutcome{"eu-reverse-charge", "FR", "0.00", "BUYER", true}},
		{"a German number and the business indicator", euSale(today, "GENERAL", euParis, true, deNumber),
			euOutcome{"eu-reverse-charge", "FR", "0.00", "BUYER", true}},
		{"a French number (the arrival state), as before", euSale(today, "GENERAL", euParis, false, frNumber),
			euOutcome{"eu-reverse-charge", "FR", "0.00", "BUYER", true}},
		{"a Dutch number and a German one", euSale(today, "GENERAL", euParis, false, nlNumber, deNumber),
			euOutcome{"eu-reverse-charge", "FR", "0.00", "BUYER", true}},
		{"a Dutch number (the departure state) alone", euSale(today, "GENERAL", euParis, false, nlNumber),
			euOutcome{EUDepartureNumberRule, "NL", "210.00", "SELLER", false}},
		{"a Dutch number and the business indicator", euSale(today, "GENERAL", euParis, true, nlNumber),
			euOutcome{EUDepartureNumberRule, "NL", "210.00", "SELLER", false}},
		{"a business without a VAT number", euSale(today, "GENERAL", euParis, true),
			euOutcome{EUBusinessNoNumberRule, "NL", "210.00", "SELLER", false}},
		{"a business with an invalid German number", euSale(today, "GENERAL", euParis, true, deInvalid),
			euOutcome{EUBusinessNoNumberRule, "NL", "210.00", "SELLER", false}},
		// A registration in France without a valid number gives the
		// seller no number to exempt the supply with.
		{"a business registered in France, no number given", euSale(today, "GENERAL", euParis, true, frBare),
			euOutcome{EUBusinessNoNumberRule, "NL", "210.00", "SELLER", false}},
		{"a business with an invalid French number", euSale(today, "GENERAL", euParis, true, frInvalid),
			euOutcome{EUBusinessNoNumberRule, "NL", "210.00", "SELLER", false}},
		{"a Dutch number, registered in France without one", euSale(today, "GENERAL", euParis, false, nlNumber, frBare),
			euOutcome{EUDepartureNumberRule, "NL", "210.00", "SELLER", false}},
		{"a German number, registered in France without one", euSale(today, "GENERAL", euParis, false, deNumber, frBare),
			euOutcome{"eu-reverse-charge", "FR", "0.00", "BUYER", true}},
		{"a Swiss number only", euSale(today, "GENERAL", euParis, false, chNumber),
			euOutcome{EUBusinessNoNumberRule, "NL", "210.00", "SELLER", false}},
		{"a British number after the United Kingdom left", euSale(today, "GENERAL", euParis, false, gbNumber),
			euOutcome{EUBusinessNoNumberRule, "NL", "210.00", "SELLER", false}},
		{"a consumer, as before", euSale(today, "GENERAL", euParis, false),
			euOutcome{"eu-b2c-destination", "FR", "200.00", "SELLER", false}},
		{"a consumer with an invalid number, as before", euSale(today, "GENERAL", euParis, false, deInvalid),
			euOutcome{"eu-b2c-destination", "FR", "200.00", "SELLER", false}},
		// Greece's numbers come under the prefix EL.
		{"a Greek number under EL, goods to Greece", euSale(today, "GENERAL", athens, false, elNumber),
			euOutcome{"eu-reverse-charge", "GR", "0.00", "BUYER", true}},
		{"a Greek number under EL, goods to France", euSale(today, "GENERAL", euParis, false, elNumber),
			euOutcome{"eu-reverse-charge", "FR", "0.00", "BUYER", true}},
		// Northern Ireland's numbers identify for goods from 2021.
		{"a Northern Irish number", euSale(today, "GENERAL", euParis, false, xiNumber),
			euOutcome{"eu-reverse-charge", "FR", "0.00", "BUYER", true}},
		{"a Northern Irish number before the Protocol", euSale("2020-06-01", "GENERAL", euParis, false, xiNumber),
			euOutcome{EUBusinessNoNumberRule, "NL", "210.00", "SELLER", false}},
		// A registration that names no country is the country whose VAT
		// prefix its number is written with.
		{"a German number without its country", euSale(today, "GENERAL", euParis, false, deBare),
			euOutcome{"eu-reverse-charge", "FR", "0.00", "BUYER", true}},
		{"a Greek number under EL without its country", euSale(today, "GENERAL", euParis, false, elBare),
			euOutcome{"eu-reverse-charge", "FR", "0.00", "BUYER", true}},
		{"a Dutch number (the departure state) without its country", euSale(today, "GENERAL", euParis, false, nlBare),
			euOutcome{EUDepartureNumberRule, "NL", "210.00", "SELLER", false}},
		// The same rule before 2020 (see euGoodsToBusiness).
		{"a German number in 2019", euSale("2019-06-01", "GENERAL", euParis, false, deNumber),
			euOutcome{"eu-reverse-charge", "FR", "0.00", "BUYER", true}},
		{"a Dutch number alone in 2019", euSale("2019-06-01", "GENERAL", euParis, false, nlNumber),
			euOutcome{EUDepartureNumberRule, "NL", "210.00", "SELLER", false}},
		// Services keep Article 44: any business status will do.
		{"services, a German number", euSale(today, "PROFESSIONAL_SERVICES", euParis, false, deNumber),
			euOutcome{"eu-b2b-services", "FR", "0.00", "BUYER", true}},
		{"services, a Dutch number", euSale(today, "PROFESSIONAL_SERVICES", euParis, false, nlNumber),
			euOutcome{"eu-b2b-services", "FR", "0.00", "BUYER", true}},
		{"electronic services, a German number", euSale(today, "SAAS", euParis, false, deNumber),
			euOutcome{"eu-b2b-services", "FR", "0.00", "BUYER", true}},
		{"services, a business registered in France without a number", euSale(today, "PROFESSIONAL_SERVICES", euParis, true, frBare),
			euOutcome{"eu-reverse-charge", "FR", "0.00", "BUYER", true}},
		{"services, a business without a number", euSale(today, "PROFESSIONAL_SERVICES", euParis, true),
			euOutcome{"eu-b2b-services", "FR", "0.00", "BUYER", true}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, err := e.Sale(context.Background(), c.req)
			if err != nil {
				t.Fatal(err)
			}
			l := r.LineItems[0]
			if got := euLineOutcome(t, c.name, l.Taxes, l.TotalTax.String()); got != c.want {
				t.Errorf("got %+v, want %+v", got, c.want)
			}
			if want := c.want.tax; r.TotalTax.String() != want {
				t.Errorf("document's total tax %s, want %s", r.TotalTax, want)
			}
			// A business is no distance sale: nothing said of the
			// seller's threshold.
			for _, p := range l.AssistedParameters {
				if p.ParamName == "seller.company" && c.want.rule != "eu-b2c-destination" {
					t.Errorf("a sale to a business speaks of distance sales: %+v", p)
				}
			}
		})
	}
}

// TestEUGoodsToABusinessReasons: the reason of each decision names the
// states it turned on, the number's state first of all when it is not
// the arrival state.
func TestEUGoodsToABusinessReasons(t *testing.T) {
	nl, fr := &place{country: "NL", role: wire.PhysicalOrigin}, &place{country: "FR", role: wire.Destination}
	c := &calc{d: &doc{date: civil.MustParse("2026-06-01")}}
	reg := func(country, number string) registration {
		return registration{country: country, number: number, syntaxValid: true}
	}
	cases := []struct {
		name  string
		regs  []registration
		rule  string
		words []string
	}{
		{"a German number", []registration{reg("DE", "DE136695976")}, "eu-reverse-charge", []string{"identified for VAT in DE", "not in FR", "exempt in NL", "acquisition in FR"}},
		{"a French number", []registration{reg("DE", "DE136695976"), reg("FR", "FR40303265045")}, "eu-reverse-charge", []string{"registered for VAT in FR"}},
		{"a Dutch number", []registration{reg("NL", "NL004909665B07")}, EUDepartureNumberRule, []string{"only VAT number is of NL", "VAT of NL applies"}},
		{"no number", nil, EUBusinessNoNumberRule, []string{"no VAT number of a member state", "not a distance sale", "VAT of NL"}},
	}
	for _, tc := range cases {
		l := &line{customer: party{regs: tc.regs, business: true}}
		st := c.euGoodsToBusiness(l, nl, fr, "NL", "FR")
		if st.ruleID != tc.rule {
			t.Errorf("%s: rule %s, want %s", tc.name, st.ruleID, tc.rule)
		}
		for _, w := range tc.words {
			if !strings.Contains(st.reason, w) {
				t.Errorf("%s: reason %q does not say %q", tc.name, st.reason, w)
			}
		}
	}
}

// TestEUAcquisitionWithANumberOfAThirdState: the buyer's side of the
// supply above. A French business that gave a German VAT number buys goods
// that a Dutch vendor sends it in France. The vendor's supply is exempt, so
// the buyer's accrual self-assesses France's VAT on the acquisition (Article
// 40: where the goods arrive) and deducts it: a reverse charge, input and
// output, 1000.00 at 20% = 200.00. Before, the accrual took it for a use tax
// with nothing to deduct, and a purchase order expected the vendor to
// charge as to a consumer; the purchase order now estimates the 200.00
// the accrual self-assesses. A buyer whose only number is the Netherlands'
// accrues France's VAT as a use tax, as a buyer without a number does, and
// its purchase order expects the vendor to charge the Netherlands' VAT. A
// buyer registered in France that gave no number accrues France's VAT as
// a reverse charge all the same (it owes the acquisition VAT there,
// Articles 2(1)(b)(i) and 40), while its purchase order expects the
// vendor, which has no number to exempt the supply with, to charge the
// Netherlands' VAT.
func TestEUAcquisitionWithANumberOfAThirdState(t *testing.T) {
	e := testEngine(t)
	req := func(mt wire.PurchaseMessageType, regs ...wire.TaxRegistration) *wire.PurchaseRequest {
		return &wire.PurchaseRequest{PurchaseMessageType: mt, TransactionType: wire.TransactionTypePurchase,
			DocumentDate: civil.MustParse("2026-06-01"), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"},
			Vendor:    &wire.Vendor{PhysicalOrigin: amsterdam, TaxRegistrations: []wire.TaxRegistration{nlNumber}},
			Buyer:     &wire.Buyer{Destination: euParis, TaxRegistrations: regs},
			LineItems: []wire.PurchaseLineItem{{Purchase: &wire.Purchase{PurchaseClass: "GENERAL"}, ExtendedPrice: amt("1000.00")}}}
	}
	cases := []struct {
		name string
		req  *wire.PurchaseRequest
		want euOutcome
		io   wire.InputOutputType // "": not checked
	}{
		{"accrual, a German number", req(wire.PurchaseAccrual, deNumber),
			euOutcome{"eu-reverse-charge", "FR", "200.00", "BUYER", true}, wire.InputOutputTypeInputOutput},
		{"accrual, a French number, as before", req(wire.PurchaseAccrual, frNumber),
			euOutcome{"eu-reverse-charge", "FR", "200.00", "BUYER", true}, wire.InputOutputTypeInputOutput},
		{"purchase order, a German number", req(wire.PurchaseOrder, deNumber),
			euOutcome{"eu-reverse-charge", "FR", "200.00", "BUYER", true}, wire.InputOutputTypeInputOutput},
		{"purchase order, a Dutch number", req(wire.PurchaseOrder, nlNumber),
			euOutcome{EUDepartureNumberRule, "NL", "210.00", "SELLER", false}, ""},
		// The buyer knows it is registered in France: it owes the
		// acquisition VAT there whatever number it gave the vendor.
		{"accrual, registered in France without a number", req(wire.PurchaseAccrual, frBare),
			euOutcome{"eu-reverse-charge", "FR", "200.00", "BUYER", true}, wire.InputOutputTypeInputOutput},
		{"purchase order, registered in France without a number", req(wire.PurchaseOrder, frBare),
			euOutcome{EUBusinessNoNumberRule, "NL", "210.00", "SELLER", false}, ""},
		{"invoice verification, no number", req(wire.PurchaseInvoiceVerification),
			euOutcome{EUBusinessNoNumberRule, "NL", "210.00", "SELLER", false}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, err := e.Purchase(context.Background(), c.req)
			if err != nil {
				t.Fatal(err)
			}
			l := r.LineItems[0]
			if got := euLineOutcome(t, c.name, l.Taxes, l.TotalTax.String()); got != c.want {
				t.Errorf("got %+v, want %+v", got, c.want)
			}
			if got := l.Taxes[0].InputOutputType; c.io != "" && got != c.io {
				t.Errorf("input/output %s, want %s", got, c.io)
			}
		})
	}

	// A Dutch number alone: France's VAT accrued as a use tax, nothing
	// to deduct, as without a number (TestAccrualOfAnIntraCommunityAcquisition).
	for _, regs := range [][]wire.TaxRegistration{{nlNumber}, nil} {
		r, err := e.Purchase(context.Background(), req(wire.PurchaseAccrual, regs...))
		if err != nil {
			t.Fatal(err)
		}
		tx := r.LineItems[0].Taxes[0]
		if tx.Jurisdiction.JurisdictionID != "FR" || tx.CalculatedTax.String() != "200.00" || tx.InputOutputType == wire.InputOutputTypeInputOutput || tx.ReasonCode == "REVERSE_CHARGE" {
			t.Errorf("accrual with %v: %s %s %s %s, want FR 200.00 accrued as a use tax", regs, tx.Jurisdiction.JurisdictionID, tx.CalculatedTax, tx.InputOutputType, tx.ReasonCode)
		}
	}
}

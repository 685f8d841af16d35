package engine

import (
	"context"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
)

// parentLineTypes are the wire types whose members a line sends itself.
var parentLineTypes = map[string]string{"LineDetails": "sale", "SaleLineItem": "sale", "PurchaseLineItem": "purchase", "OwnerLineItem": "owner"}

// TestParentUseEachMember walks the members of the line types and fails
// on one without a use on an uncalculated parent (parentUses), or whose
// use the table of the wire fields contradicts. Then it sends each member
// that is refused or reported on such a parent, one at a time, and checks
// the answer: a member that acts on calculated lines (a deliveryTerm, a
// natureOfFiscalOperation, a commodityCode) was dropped without a word on
// a bundle whose children did not take it, and one that Levy acts on
// nowhere (a titleTransfer, a consignmentId) reached no line that could
// say so.
func TestParentUseEachMember(t *testing.T) {
	members, _ := wireMembers()
	rows := map[string]*wireField{}
	for i := range wireFields {
		rows[wireFields[i].member] = &wireFields[i]
	}
	var sent []string
	for _, m := range members {
		typ, _, _ := strings.Cut(m, ".")
		if _, ok := parentLineTypes[typ]; !ok || slices.Contains(sent, m) {
			continue
		}
		sent = append(sent, m)
		use, ok := parentUses[m]
		if !ok {
			t.Errorf("%s: no use on a line with child lines that is not calculated in parentUses (engine/parentfields.go)", m)
			continue
		}
		r := rows[m]
		switch {
		case r == nil:
			t.Errorf("%s: no row in wireFields", m)
		case r.acting == notActedOn && use == parentShape:
			t.Errorf("%s: flagged on a calculated line, and echoed without a word on a parent", m)
		case (use == parentActsOnLine || use == parentClassCode) && (r.acting != notActedOn || r.actsWhen == nil):
			t.Errorf("%s: refused on a parent as acting on some lines, but its row is %s without actsWhen", m, r.acting)
		case use == parentReported && r.acting != notActedOn && !strings.HasSuffix(m, ".quantity"):
			t.Errorf("%s: reported not acted on on a parent, but its row is %s, which has no accessor", m, r.acting)
		}
	}
	for m := range parentUses {
		if !slices.Contains(sent, m) {
			t.Errorf("%s: in parentUses, and no member of the line types", m)
		}
	}

	e := testEngine(t)
	ctx := context.Background()
	for _, m := range sent {
		use := parentUses[m]
		// testEngine has no tenant profile: a class code maps to none.
		if use != parentRefused && use != parentActsOnLine && use != parentClassCode && use != parentReported {
			continue
		}
		typ, name, _ := strings.Cut(m, ".")
		perspectives := []string{parentLineTypes[typ]}
		if typ == "LineDetails" {
			perspectives = []string{"sale", "purchase", "owner"}
		}
		for _, persp := range perspectives {
			t.Run(persp+"/"+m, func(t *testing.T) {
				req, parent := parentRequest(persp)
				member := fieldByJSON(t, parent, name)
				if !member.IsValid() {
					t.Fatalf("%s has no member %s", parent.Type(), name)
				}
				setSample(t, member, name)
				if name == "lineType" {
					fieldByJSON(t, member.Elem(), "value").SetString("WIRELESS")
				}
				if name == "lineTypes" {
					fieldByJSON(t, member.Index(0), "value").SetString("WIRELESS")
				}
				switch name {
				case "discount":
					fieldByJSON(t, member.Elem(), "discountValue").Set(reflect.ValueOf(amt("5.00")))
				case "inputTotalTax":
					distribute(req) // the only kind that acts on it
				case "chargedTax":
					req.(*wire.PurchaseRequest).PurchaseMessageType = wire.PurchaseAccrual // a kind that credits it
				}
				path := "lineItems[0]." + name
				params, err := parentAssisted(ctx, e, req)
				if use == parentReported {
					if err != nil {
						t.Fatalf("refused: %v", err)
					}
					for _, p := range params {
						if p.RuleName == NotActedOnRule && p.ParamName == path && p.Value != "" {
							return
						}
					}
					t.Errorf("the parent's response line does not say %s %s: %+v", path, NotActedOnRule, params)
					return
				}
				var errs levy.Errors
				if !errors.As(err, &errs) || !slices.ContainsFunc(errs, func(x *levy.Error) bool { return strings.HasPrefix(x.Field, path) }) {
					t.Errorf("sent on a parent that is not calculated: err %v, want a refusal naming %s", err, path)
				}
			})
		}
	}
}

// parentRequest returns a request of the perspective whose first line is
// a parent with one child line, without a price of its own, and the
// parent's wire line.
func parentRequest(persp string) (any, reflect.Value) {
	switch persp {
	case "purchase":
		r := basePurchase()
		r.PurchaseMessageType = wire.PurchaseOrder
		p := &r.LineItems[0]
		p.LineItems = []wire.PurchaseLineItem{{Purchase: p.Purchase, ExtendedPrice: p.ExtendedPrice}}
		p.Purchase, p.ExtendedPrice = nil, nil
		return r, reflect.ValueOf(p).Elem()
	case "owner":
		r := baseOwner()
		p := &r.LineItems[0]
		p.LineItems = []wire.OwnerLineItem{{Purchase: p.Purchase, ExtendedPrice: p.ExtendedPrice}}
		p.Purchase, p.ExtendedPrice = nil, nil
		return r, reflect.ValueOf(p).Elem()
	}
	r := baseSale()
	p := &r.LineItems[0]
	p.LineItems = []wire.SaleLineItem{{Product: p.Product, ExtendedPrice: p.ExtendedPrice}}
	p.Product, p.ExtendedPrice = nil, nil
	return r, reflect.ValueOf(p).Elem()
}

// parentAssisted calculates req and returns the assisted parameters of
// its first line, the parent.
func parentAssisted(ctx context.Context, e *Engine, req any) ([]wire.AssistedParameter, error) {
	switch r := req.(type) {
	case *wire.SaleRequest:
		resp, err := e.Sale(ctx, r)
		if err != nil {
			return nil, err
		}
		return resp.LineItems[0].AssistedParameters, nil
	case *wire.PurchaseRequest:
		resp, err := e.Purchase(ctx, r)
		if err != nil {
			return nil, err
		}
		return resp.LineItems[0].AssistedParameters, nil
	case *wire.OwnerRequest:
		resp, err := e.Owner(ctx, r)
		if err != nil {
			return nil, err
		}
		return resp.LineItems[0].AssistedParameters, nil
	}
	return nil, nil
}

// TestParentDeliveryTermRefused: a delivery term DDP sent on a bundle of
// goods that a seller registered in Germany sends from Seattle to Berlin,
// whose price is its components', did not reach them: they were taxed as
// goods the buyer imports (0.00 on the sale, where DDP charges Germany's
// 19%), and the answer said nothing. It is refused naming the member; the
// same term on the child line charges 19.00 on 100.00.
func TestParentDeliveryTermRefused(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	r := baseSale()
	r.Customer.Destination = &wire.Location{City: "Berlin", PostalCode: "10115", Country: "DE"}
	r.Seller.TaxRegistrations = []wire.TaxRegistration{{ISOCountryCode: "DE", TaxRegistrationNumber: "DE136695976"}}
	p := &r.LineItems[0]
	p.LineItems = []wire.SaleLineItem{{Product: p.Product, ExtendedPrice: p.ExtendedPrice}}
	p.Product, p.ExtendedPrice, p.DeliveryTerm = nil, nil, wire.DeliveryTermDDP
	_, err := e.Sale(ctx, r)
	var errs levy.Errors
	if !errors.As(err, &errs) || !slices.ContainsFunc(errs, func(x *levy.Error) bool { return x.Field == "lineItems[0].deliveryTerm" }) {
		t.Fatalf("a DDP bundle: err %v, want a refusal naming lineItems[0].deliveryTerm", err)
	}
	p.DeliveryTerm = ""
	p.LineItems[0].DeliveryTerm = wire.DeliveryTermDDP
	resp, err := e.Sale(ctx, r)
	if err != nil {
		t.Fatalf("the term on the child line: %v", err)
	}
	if !resp.TotalTax.Equal(money.MustParse("19.00")) {
		t.Errorf("the term on the child line: totalTax %s, want 19.00 (Germany's 19%% on 100.00)", resp.TotalTax)
	}
}

// distribute makes req, a sale or a purchase, a DISTRIBUTE_TAX with the
// tax to distribute on its first line's child line.
func distribute(req any) {
	switch r := req.(type) {
	case *wire.SaleRequest:
		r.SaleMessageType = wire.SaleDistributeTax
		r.LineItems[0].LineItems[0].InputTotalTax = amt("9.50")
	case *wire.PurchaseRequest:
		r.PurchaseMessageType = wire.PurchaseDistributeTax
		r.LineItems[0].LineItems[0].InputTotalTax = amt("9.50")
	}
}

// TestParentChargedTaxReported: a vendor's chargedTax on a parent line of
// a PURCHASE_ORDER, a kind that neither credits nor compares it, is said
// not acted on by the parent's response line, as on a calculated line;
// on an ACCRUAL it is refused (TestParentUseEachMember).
func TestParentChargedTaxReported(t *testing.T) {
	e := testEngine(t)
	req, parent := parentRequest("purchase")
	fieldByJSON(t, parent, "chargedTax").Set(reflect.ValueOf(amt("3.00")))
	params, err := parentAssisted(context.Background(), e, req)
	if err != nil {
		t.Fatal(err)
	}
	want := wire.AssistedParameter{ParamName: "lineItems[0].chargedTax", Phase: wire.PhasePre, RuleName: NotActedOnRule, OriginalValue: "3.00", Value: "3.00"}
	if !slices.Contains(params, want) {
		t.Errorf("the parent says %+v, want %+v", params, want)
	}
}

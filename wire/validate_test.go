package wire

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/levytax/levy"
)

// validateTestPurchase and validateTestOwner are valid requests the
// cases of TestValidate break; the sale is testdata/sale_invoice.json.
const (
	validateTestPurchase = `{"purchaseMessageType":"INVOICE_VERIFICATION","transactionType":"PURCHASE",
		"buyer":{"destination":{"city":"Austin","mainDivision":"TX","postalCode":"78701"}},
		"vendor":{"vendorCode":{"value":"V9"},"physicalOrigin":{"mainDivision":"CA"}},
		"lineItems":[{"lineItemId":"P1","extendedPrice":500,"chargedTax":41.25,"purchase":{"purchaseClass":"OFFICE"}}]}`
	validateTestOwner = `{"ownerMessageType":"INVENTORY_REMOVAL","owner":{"physicalOrigin":{"mainDivision":"WA"}},
		"lineItems":[{"lineItemId":"O1","cost":80,"lineItems":[{"lineItemId":"O1a","cost":20}]}]}`
)

// validatable is a request with a Validate method.
type validatable interface{ Validate() error }

// saleCase returns the valid sale request changed by edit.
func saleCase(t *testing.T, edit func(r *SaleRequest)) validatable {
	t.Helper()
	b, err := os.ReadFile("../engine/testdata/sale_invoice.json")
	if err != nil {
		t.Fatal(err)
	}
	var r SaleRequest
	if err := Decode(bytes.NewReader(b), &r, 0); err != nil {
		t.Fatal(err)
	}
	edit(&r)
	return &r
}

// purchaseCase returns the valid purchase request changed by edit.
func purchaseCase(t *testing.T, edit func(r *PurchaseRequest)) validatable {
	t.Helper()
	var r PurchaseRequest
	if err := Decode(strings.NewReader(validateTestPurchase), &r, 0); err != nil {
		t.Fatal(err)
	}
	edit(&r)
	return &r
}

// ownerCase returns the valid owner request changed by edit.
func ownerCase(t *testing.T, edit func(r *OwnerRequest)) validatable {
	t.Helper()
	var r OwnerRequest
	if err := Decode(strings.NewReader(validateTestOwner), &r, 0); err != nil {
		t.Fatal(err)
	}
	edit(&r)
	return &r
}

// violationsOf returns the errors of err, failing the test unless err is
// a levy.Errors of EInvalid errors with messages.
func violationsOf(t *testing.T, err error) levy.Errors {
	t.Helper()
	if err == nil {
		return nil
	}
	var es levy.Errors
	if !errors.As(err, &es) {
		t.Fatalf("error %T %v is not a levy.Errors", err, err)
	}
	for _, e := range es {
		if e.Code != levy.EInvalid || e.Message == "" {
			t.Errorf("bad error %#v", e)
		}
	}
	return es
}

func errorFields(es levy.Errors) []string {
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = e.Field
	}
	slices.Sort(out)
	return out
}

func TestValidateValid(t *testing.T) {
	for _, r := range []validatable{
		saleCase(t, func(*SaleRequest) {}),
		purchaseCase(t, func(*PurchaseRequest) {}),
		ownerCase(t, func(*OwnerRequest) {}),
	} {
		if err := r.Validate(); err != nil {
			t.Errorf("%T: %v", r, err)
		}
	}
}

func TestValidate(t *testing.T) {
	long := func(n int) string { return strings.Repeat("x", n) }
	i32 := func(n int32) *int32 { return &n }
	regNumber := []TaxRegistration{{TaxRegistrationNumber: "DE136695976"}}
	cases := []struct {
		name string
		req  validatable
		want []string // the fields of all the violations
		msg  string   // a part of the first message, if given
	}{
		{"message type missing", saleCase(t, func(r *SaleRequest) { r.SaleMessageType = "" }),
			[]string{"saleMessageType"}, "is required: one of QUOTATION, INVOICE, DISTRIBUTE_TAX, ARBILLING_SYNC"},
		{"message type unknown", saleCase(t, func(r *SaleRequest) { r.SaleMessageType = "SELL" }),
			[]string{"saleMessageType"}, "must be one of QUOTATION, INVOICE, DISTRIBUTE_TAX, ARBILLING_SYNC"},
		{"purchase transaction type on a sale", saleCase(t, func(r *SaleRequest) { r.TransactionType = TransactionTypePurchase }),
			[]string{"transactionType"}, "must be one of SALE, RENTAL, LEASE"},
		{"transaction type missing", saleCase(t, func(r *SaleRequest) { r.TransactionType = "" }),
			[]string{"transactionType"}, "is required"},
		{"line transaction type", saleCase(t, func(r *SaleRequest) { r.LineItems[1].TransactionType = "GIFT" }),
			[]string{"lineItems[1].transactionType"}, "must be one of SALE, RENTAL, LEASE"},
		{"no lines", saleCase(t, func(r *SaleRequest) { r.LineItems = nil }),
			[]string{"lineItems"}, "at least one line item"},
		{"transaction ID too long", saleCase(t, func(r *SaleRequest) { r.TransactionID = long(41) }),
			[]string{"transactionId"}, "must be at most 40 characters"},
		{"document number too long", saleCase(t, func(r *SaleRequest) { r.DocumentNumber = long(51) }),
			[]string{"documentNumber"}, "must be at most 50 characters"},
		{"lengths count characters, not bytes", saleCase(t, func(r *SaleRequest) {
			r.Seller.PhysicalOrigin.City = strings.Repeat("é", 60)
			r.Customer.Destination.City = strings.Repeat("é", 61)
		}), []string{"customer.destination.city"}, "must be at most 60 characters"},
		{"seller postal code", saleCase(t, func(r *SaleRequest) { r.Seller.PhysicalOrigin.PostalCode = long(21) }),
			[]string{"seller.physicalOrigin.postalCode"}, "at most 20"},
		{"latitude out of range", saleCase(t, func(r *SaleRequest) { r.Customer.Destination.Latitude = "91" }),
			[]string{"customer.destination.latitude"}, "from -90 to 90"},
		{"longitude not a number", saleCase(t, func(r *SaleRequest) { r.Customer.Destination.Longitude = "west" }),
			[]string{"customer.destination.longitude"}, "from -180 to 180"},
		{"tax area ID", saleCase(t, func(r *SaleRequest) { r.Customer.Destination.TaxAreaID = "12AB" }),
			[]string{"customer.destination.taxAreaId"}, "only digits"},
		{"currency code pattern", saleCase(t, func(r *SaleRequest) { r.Currency.ISOCurrencyCodeAlpha = "usd" }),
			[]string{"currency.isoCurrencyCodeAlpha"}, "[A-Z]{3}"},
		{"currency number", saleCase(t, func(r *SaleRequest) { r.Currency.ISOCurrencyCodeNum = i32(1000) }),
			[]string{"currency.isoCurrencyCodeNum"}, "between 1 and 999"},
		{"registration country", saleCase(t, func(r *SaleRequest) { r.Seller.TaxRegistrations[0].ISOCountryCode = "usa" }),
			[]string{"seller.taxRegistrations[0].isoCountryCode"}, "[A-Z0-9]{2,3}"},
		{"class code with a registration number", saleCase(t, func(r *SaleRequest) {
			r.Customer.CustomerCode.ClassCode = "RESELLER"
			r.Customer.TaxRegistrations = regNumber
		}), []string{"customer.customerCode.classCode"}, "taxRegistrationNumber"},
		{"dispatcher class code with a registration number", saleCase(t, func(r *SaleRequest) {
			r.Seller.Dispatcher = &Dispatcher{DispatcherCode: &DispatcherCode{ClassCode: "D"}, TaxRegistrations: regNumber}
		}), []string{"seller.dispatcher.dispatcherCode.classCode"}, ""},
		{"five nexus overrides", saleCase(t, func(r *SaleRequest) {
			r.Seller.TaxRegistrations[0].NexusOverrides = make([]NexusOverride, 5)
		}), []string{"seller.taxRegistrations[0].nexusOverrides"}, "at most 4 items"},
		{"additional ID too long", saleCase(t, func(r *SaleRequest) { r.Seller.TaxRegistrations[0].TaxRegistrationAdditionalID = long(65) }),
			[]string{"seller.taxRegistrations[0].taxRegistrationAdditionalId"}, "at most 64"},
		{"registration number too long", saleCase(t, func(r *SaleRequest) { r.Seller.TaxRegistrations[0].TaxRegistrationNumber = long(41) }),
			[]string{"seller.taxRegistrations[0].taxRegistrationNumber"}, "at most 40"},
		{"registration type", saleCase(t, func(r *SaleRequest) { r.Seller.TaxRegistrations[0].TaxRegistrationType = "VAT" }),
			[]string{"seller.taxRegistrations[0].taxRegistrationType"}, "LVG Registration"},
		{"exemption certificate number", saleCase(t, func(r *SaleRequest) {
			r.Customer.ExemptionCertificate = &ExemptionCertificate{ExemptionCertificateNumber: long(31)}
		}), []string{"customer.exemptionCertificate.exemptionCertificateNumber"}, "at most 30"},
		{"discount over 100 percent", saleCase(t, func(r *SaleRequest) { r.Discount.DiscountValue = wirePtr(wireAmount("100.01")) }),
			[]string{"discount.discountValue"}, "between 0 and 100"},
		{"negative discount amount", saleCase(t, func(r *SaleRequest) {
			r.LineItems[0].Discount = &Discount{DiscountType: DiscountAmount, DiscountValue: wirePtr(wireAmount("-1"))}
		}), []string{"lineItems[0].discount.discountValue"}, "at least 0"},
		{"discount value without its type", saleCase(t, func(r *SaleRequest) { r.Discount.DiscountType = "" }),
			[]string{"discount.discountType"}, "DiscountAmount, DiscountPercent"},
		{"discount type unknown", saleCase(t, func(r *SaleRequest) { r.Discount.DiscountType = "Coupon" }),
			[]string{"discount.discountType"}, "must be one of DiscountAmount, DiscountPercent"},
		{"zero quantity", saleCase(t, func(r *SaleRequest) { r.LineItems[0].Quantity.Value = wirePtr(wireAmount("0")) }),
			[]string{"lineItems[0].quantity.value"}, "greater than 0"},
		{"unit of measure", saleCase(t, func(r *SaleRequest) { r.LineItems[0].Quantity.UnitOfMeasure = "EACH" }),
			[]string{"lineItems[0].quantity.unitOfMeasure"}, "at most 3"},
		{"mode of transport", saleCase(t, func(r *SaleRequest) { r.LineItems[1].ModeOfTransport = i32(100) }),
			[]string{"lineItems[1].modeOfTransport"}, "between 1 and 99"},
		{"nature of transaction", saleCase(t, func(r *SaleRequest) { r.LineItems[0].NatureOfTransaction = i32(0) }),
			[]string{"lineItems[0].natureOfTransaction"}, "between 1 and 999"},
		{"CFOP code", saleCase(t, func(r *SaleRequest) { r.LineItems[0].CfopTaxCodeOverride = i32(10000) }),
			[]string{"lineItems[0].cfopTaxCodeOverride"}, "between 0 and 9999"},
		{"net mass", saleCase(t, func(r *SaleRequest) { r.LineItems[0].NetMassKilograms = i32(0) }),
			[]string{"lineItems[0].netMassKilograms"}, "at least 1"},
		{"line type number", saleCase(t, func(r *SaleRequest) {
			r.LineItems[0].LineTypes = []LineTypeSet{{LineTypeNumber: wirePtr(int64(1_000_000_000_000))}}
		}), []string{"lineItems[0].lineTypes[0].lineTypeNumber"}, "between 0 and 999999999999"},
		{"flexible field IDs", saleCase(t, func(r *SaleRequest) {
			ff := r.LineItems[0].FlexibleFields
			ff.FlexibleCodeFields[0].FieldID = i32(101)
			ff.FlexibleDateFields[0].FieldID = i32(11)
			ff.FlexibleNumericFields[0].FieldID = i32(51)
		}), []string{
			"lineItems[0].flexibleFields.flexibleCodeFields[0].fieldId",
			"lineItems[0].flexibleFields.flexibleDateFields[0].fieldId",
			"lineItems[0].flexibleFields.flexibleNumericFields[0].fieldId",
		}, ""},
		{"flexible field values", saleCase(t, func(r *SaleRequest) {
			ff := r.LineItems[0].FlexibleFields
			ff.FlexibleCodeFields[0].Value = long(251)
			ff.FlexibleNumericFields[0].Value = nil
			ff.FlexibleDateFields = append(ff.FlexibleDateFields, FlexibleDateField{})
		}), []string{
			"lineItems[0].flexibleFields.flexibleCodeFields[0].value",
			"lineItems[0].flexibleFields.flexibleDateFields[1].fieldId",
			"lineItems[0].flexibleFields.flexibleDateFields[1].value",
			"lineItems[0].flexibleFields.flexibleNumericFields[0].value",
		}, "at most 250 characters"},
		{"rate overrides", saleCase(t, func(r *SaleRequest) {
			r.LineItems[1].RateOverrides = []RateOverride{{Rate: wirePtr(wireAmount("1.5"))}, {}}
		}), []string{"lineItems[1].rateOverrides[0].rate", "lineItems[1].rateOverrides[1].rate"}, "between 0 and 1"},
		{"duplicate line ID", saleCase(t, func(r *SaleRequest) { r.LineItems[1].LineItemID = "L1" }),
			[]string{"lineItems[1].lineItemId"}, "lineItems[0].lineItemId has the same value"},
		{"duplicate line ID in a child", saleCase(t, func(r *SaleRequest) {
			r.LineItems[1].LineItems = []SaleLineItem{{LineItemID: "L3"}, {LineItemID: "L1"}}
		}), []string{"lineItems[1].lineItems[1].lineItemId"}, "unique"},
		{"negative line number", saleCase(t, func(r *SaleRequest) { r.LineItems[0].LineItemNumber = wirePtr(int64(-1)) }),
			[]string{"lineItems[0].lineItemNumber"}, "at least 0"},
		{"lines nested too deep", saleCase(t, func(r *SaleRequest) {
			line := &r.LineItems[0]
			for range MaxLineDepth {
				line.LineItems = []SaleLineItem{{}}
				line = &line.LineItems[0]
			}
		}), []string{"lineItems[0]" + strings.Repeat(".lineItems[0]", MaxLineDepth-1) + ".lineItems"}, "more than 8 levels deep"},
		{"too many lines", saleCase(t, func(r *SaleRequest) {
			r.LineItems[1].LineItems = make([]SaleLineItem, MaxLines-1)
		}), []string{"lineItems"}, "at most 10000 line items"},
		{"card prefix", saleCase(t, func(r *SaleRequest) {
			r.Customer.LocationEvidence = &LocationEvidence{BIN: &EvidenceValue{Value: "12345"}}
		}), []string{"customer.locationEvidence.bin.value"}, "6 to 8 digits"},
		{"card prefix letters", saleCase(t, func(r *SaleRequest) {
			r.Customer.LocationEvidence = &LocationEvidence{BIN: &EvidenceValue{Value: "4000ab"}, IPAddress: &EvidenceValue{Value: "10.0.0.300"}}
		}), []string{"customer.locationEvidence.bin.value", "customer.locationEvidence.ipAddress.value"}, ""},
		{"evidence without its values", saleCase(t, func(r *SaleRequest) {
			r.Customer.LocationEvidence = &LocationEvidence{IPAddress: &EvidenceValue{}, SelfDeclaration: &EvidenceAddress{},
				Forced: &EvidenceAddress{Address: LocationEvidenceAddress{Country: long(61)}}, PaymentMethod: &EvidenceCountry{},
				OtherCommerciallyRelevantInfo: &EvidenceCountry{Country: "DE"}}
		}), []string{
			"customer.locationEvidence.forced.address.country",
			"customer.locationEvidence.ipAddress.value",
			"customer.locationEvidence.paymentMethod.country",
			"customer.locationEvidence.selfDeclaration.address",
		}, "is required"},
		{"country of origin", saleCase(t, func(r *SaleRequest) { r.LineItems[0].CountryOfOriginISOCode = "US" }),
			[]string{"lineItems[0].countryOfOriginISOCode"}, "[A-Z]{3}"},
		{"line description", saleCase(t, func(r *SaleRequest) { r.LineItems[0].LineItemDescription = long(513) }),
			[]string{"lineItems[0].lineItemDescription"}, "at most 512"},
		{"citation", saleCase(t, func(r *SaleRequest) {
			r.LineItems[0].CitationOverrides = []CitationOverride{{Citation: long(513)}}
		}), []string{"lineItems[0].citationOverrides[0].citation"}, ""},
		{"commodity code type and product class", saleCase(t, func(r *SaleRequest) {
			r.LineItems[1].CommodityCode.CommodityCodeType = long(61)
			r.LineItems[1].Product.ProductClass = long(41)
		}), []string{"lineItems[1].commodityCode.commodityCodeType", "lineItems[1].product.productClass"}, ""},
		{"line enumerations", saleCase(t, func(r *SaleRequest) {
			l := &r.LineItems[0]
			l.DeliveryTerm, l.TitleTransfer, l.ChainTransactionPhase = "XYZ", "SEA", "RETAIL"
			l.ExporterOfRecord, l.SyncType, l.SimplificationCode = "BANK", "MERGE", "NONE"
			l.SitusOverride = &SitusOverride{TaxingLocation: "ORIGIN"}
			l.TaxOverride = &TaxOverride{OverrideType: "EXEMPT"}
			l.PautaOverrides = &PautaOverrides{PautaOverride: []PautaOverride{{QuantityType: "KG"}}}
		}), []string{
			"lineItems[0].chainTransactionPhase", "lineItems[0].deliveryTerm", "lineItems[0].exporterOfRecord",
			"lineItems[0].pautaOverrides.pautaOverride[0].quantityType", "lineItems[0].simplificationCode",
			"lineItems[0].situsOverride.taxingLocation", "lineItems[0].syncType", "lineItems[0].taxOverride.overrideType",
			"lineItems[0].titleTransfer",
		}, ""},
		{"conversion rate", saleCase(t, func(r *SaleRequest) {
			r.Customer.Destination.CurrencyConversion = &CurrencyConversion{Rate: wirePtr(wireAmount("0"))}
		}), []string{"customer.destination.currencyConversion.rate"}, "greater than 0"},
		{"prorate percentage", saleCase(t, func(r *SaleRequest) { r.ProratePercentage = wirePtr(wireAmount("100000000.5")) }),
			[]string{"proratePercentage"}, "between -100000000 and 100000000"},
		{"intrastat", saleCase(t, func(r *SaleRequest) {
			r.LineItems[0].IntrastatCommodityCode = "123456789"
			r.LineItems[0].ExportProcedure = long(21)
			r.LineItems[0].SupplementaryUnit = &SupplementaryUnit{UnitType: long(21)}
		}), []string{"lineItems[0].exportProcedure", "lineItems[0].intrastatCommodityCode", "lineItems[0].supplementaryUnit.unitType"}, ""},
		{"five violations at once", saleCase(t, func(r *SaleRequest) {
			r.SaleMessageType = "ESTIMATE"
			r.Seller.PhysicalOrigin.PostalCode = long(25)
			r.LineItems[0].Quantity.Value = wirePtr(wireAmount("-2"))
			r.LineItems[1].LineItems = []SaleLineItem{{}, {Customer: &Customer{TaxRegistrations: []TaxRegistration{{
				NexusOverrides: make([]NexusOverride, 6)}}}}}
			r.Customer.Destination.Latitude = "north"
		}), []string{
			"customer.destination.latitude",
			"lineItems[0].quantity.value",
			"lineItems[1].lineItems[1].customer.taxRegistrations[0].nexusOverrides",
			"saleMessageType",
			"seller.physicalOrigin.postalCode",
		}, ""},

		{"purchase message type", purchaseCase(t, func(r *PurchaseRequest) { r.PurchaseMessageType = "" }),
			[]string{"purchaseMessageType"}, "PURCHASE_ORDER, INVOICE_VERIFICATION, ACCRUAL, DISTRIBUTE_TAX, ERS, APINVOICE_SYNC, ACCRUAL_SYNC, CONDITIONAL_PROCUREMENT"},
		{"purchase parties", purchaseCase(t, func(r *PurchaseRequest) {
			r.Vendor.VendorCode.ClassCode = "V"
			r.Vendor.TaxRegistrations = regNumber
			r.Buyer.Recipient = &Recipient{RecipientCode: &RecipientCode{ClassCode: "R"}, TaxRegistrations: regNumber}
			r.Buyer.UtilityProvider = "CITY"
		}), []string{"buyer.recipient.recipientCode.classCode", "buyer.utilityProvider", "vendor.vendorCode.classCode"}, ""},
		{"purchase line", purchaseCase(t, func(r *PurchaseRequest) {
			l := &r.LineItems[0]
			l.BlockingOverridePercent = wirePtr(wireAmount("101"))
			l.VendorTaxes = []InputTax{{TaxingJurisdictionLocation: &TaxingJurisdictionLocation{Location: Location{PostalCode: long(21)}}}}
			l.Purchase.PurchaseClass = long(41)
		}), []string{
			"lineItems[0].blockingOverridePercent", "lineItems[0].purchase.purchaseClass",
			"lineItems[0].vendorTaxes[0].taxingJurisdictionLocation.postalCode",
		}, ""},
		{"purchase totals", purchaseCase(t, func(r *PurchaseRequest) {
			r.TaxabilityCategoryTotals = []TaxabilityCategoryTotal{{City: long(61)}}
			r.LineItems = nil
		}), []string{"lineItems", "taxabilityCategoryTotals[0].city"}, ""},
		{"owner", ownerCase(t, func(r *OwnerRequest) {
			r.OwnerMessageType = "TRANSFER"
			r.MovementMethod = "TRUCK"
			r.Owner.Destination = &Location{City: long(61)}
			r.LineItems[0].LineItems[0].LineItemID = "O1"
		}), []string{"lineItems[0].lineItems[0].lineItemId", "movementMethod", "owner.destination.city", "ownerMessageType"}, ""},
	}
	if len(cases) < 40 {
		t.Fatalf("only %d cases", len(cases))
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			es := violationsOf(t, c.req.Validate())
			slices.Sort(c.want)
			if got := errorFields(es); !slices.Equal(got, c.want) {
				t.Fatalf("fields %q, want %q (errors: %v)", got, c.want, describeAll(es))
			}
			if c.msg != "" && !strings.Contains(es[0].Message, c.msg) {
				t.Errorf("message %q lacks %q", es[0].Message, c.msg)
			}
		})
	}
}

func describeAll(es levy.Errors) string {
	var b strings.Builder
	for _, e := range es {
		fmt.Fprintf(&b, "\n\t%s: %s", e.Field, e.Message)
	}
	return b.String()
}

func TestValidateNil(t *testing.T) {
	var s *SaleRequest
	var p *PurchaseRequest
	var o *OwnerRequest
	for _, r := range []validatable{s, p, o, &SaleRequest{}, &PurchaseRequest{}, &OwnerRequest{}} {
		if es := violationsOf(t, r.Validate()); len(es) == 0 {
			t.Errorf("%T: no error", r)
		}
	}
	// Every pointer member present but empty: no panic, no surprise.
	r := &SaleRequest{SaleMessageType: SaleQuotation, TransactionType: TransactionTypeLease,
		Seller: &Seller{PhysicalOrigin: &Location{}, Dispatcher: &Dispatcher{DispatcherCode: &DispatcherCode{}}},
		Customer: &Customer{CustomerCode: &CustomerCode{}, LocationEvidence: &LocationEvidence{
			BIN: &EvidenceValue{Value: "412345"}, IPAddress: &EvidenceValue{Value: "2001:db8::1"}}},
		Discount: &Discount{}, Currency: &Currency{},
		LineItems: []SaleLineItem{{LineDetails: LineDetails{FlexibleFields: &FlexibleFields{}, PautaOverrides: &PautaOverrides{}}, Quantity: &Measure{}}}}
	if err := r.Validate(); err != nil {
		t.Errorf("empty members: %v", err)
	}
}

func TestValidateMaxErrors(t *testing.T) {
	r := saleCase(t, func(r *SaleRequest) {
		r.LineItems = make([]SaleLineItem, MaxErrors+5)
		for i := range r.LineItems {
			r.LineItems[i].ModeOfTransport = wirePtr(int32(0))
		}
	})
	es := violationsOf(t, r.Validate())
	if len(es) != MaxErrors+1 || !strings.Contains(es[MaxErrors].Message, "first 1000") {
		t.Errorf("%d errors, last %v", len(es), es[len(es)-1])
	}
}

// TestValidateSharedLines checks that lines shared or nested without end,
// as only Go code can build them, end the walk.
func TestValidateSharedLines(t *testing.T) {
	r := &SaleRequest{SaleMessageType: SaleInvoice, TransactionType: TransactionTypeSale, LineItems: make([]SaleLineItem, 3)}
	for i := range r.LineItems {
		r.LineItems[i].LineItems = r.LineItems
	}
	es := violationsOf(t, r.Validate())
	if len(es) == 0 {
		t.Fatal("no error")
	}
}

// TestValidateIdentifiers replays the review's finding Low 13: a
// transaction ID with a NUL, other control characters or a
// bidirectional override, and a document number with CR/LF, were
// accepted and stored. Every identifier of a request refuses them now,
// naming the member.
func TestValidateIdentifiers(t *testing.T) {
	cases := []struct {
		name  string
		req   validatable
		field string
		msg   string
	}{
		{"NUL in the transaction ID", saleCase(t, func(r *SaleRequest) { r.TransactionID = "tx\x00-1" }),
			"transactionId", "control characters, and holds U+0000 at byte 2"},
		{"escape in the transaction ID", saleCase(t, func(r *SaleRequest) { r.TransactionID = "tx\x1b[31m" }),
			"transactionId", "U+001B"},
		{"DEL in the transaction ID", saleCase(t, func(r *SaleRequest) { r.TransactionID = "tx\x7f" }), "transactionId", "U+007F"},
		{"C1 control in the transaction ID", saleCase(t, func(r *SaleRequest) { r.TransactionID = "tx\u0085" }), "transactionId", "U+0085"},
		{"right-to-left override", saleCase(t, func(r *SaleRequest) { r.TransactionID = "inv-\u202egnp.exe" }),
			"transactionId", "bidirectional formatting characters, and holds U+202E"},
		{"isolate", purchaseCase(t, func(r *PurchaseRequest) { r.TransactionID = "po-\u2066x\u2069" }), "transactionId", "U+2066"},
		{"CR LF in the document number", saleCase(t, func(r *SaleRequest) { r.DocumentNumber = "INV-1\r\nFORGED: yes" }),
			"documentNumber", "U+000D"},
		{"line separator in the document number", ownerCase(t, func(r *OwnerRequest) { r.DocumentNumber = "D\u2028" }),
			"documentNumber", "line or paragraph separators"},
		{"tab in a line item ID", saleCase(t, func(r *SaleRequest) { r.LineItems[1].LineItemID = "2\t" }),
			"lineItems[1].lineItemId", "U+0009"},
		{"customer code", saleCase(t, func(r *SaleRequest) { r.Customer.CustomerCode = &CustomerCode{Value: "C\n1"} }),
			"customer.customerCode.value", "U+000A"},
		{"not UTF-8", saleCase(t, func(r *SaleRequest) { r.TransactionID = "tx\xff" }), "transactionId", "valid UTF-8"},
		{"vendor code", purchaseCase(t, func(r *PurchaseRequest) { r.Vendor.VendorCode = &VendorCode{Value: "V\u200f"} }),
			"vendor.vendorCode.value", "U+200F"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := c.req.Validate()
			var errs levy.Errors
			if !errors.As(err, &errs) || len(errs) != 1 || errs[0].Field != c.field || !strings.Contains(errs[0].Message, c.msg) {
				t.Fatalf("got %v, want one error about %s: ...%s...", err, c.field, c.msg)
			}
		})
	}
	ok := saleCase(t, func(r *SaleRequest) {
		r.TransactionID = "Rechnung-Ä-2026/03 #7 (東京) 🧾"
		r.DocumentNumber = "N° 12 345"
	})
	if err := ok.Validate(); err != nil {
		t.Errorf("printable identifiers refused: %v", err)
	}
}

// TestCheckIdentifier checks the exported check that the HTTP adapter
// applies to path and query parameters.
func TestCheckIdentifier(t *testing.T) {
	for _, s := range []string{"", "abc", "stored-1", "Ä ö ü ß", "a b", "\u00a0nbsp", "عربي", "🧾"} {
		if err := CheckIdentifier("id", s); err != nil {
			t.Errorf("%q: %v", s, err)
		}
	}
	for _, s := range []string{"\x00", "a\x1f", "\x7f", "\u0080", "\u009f", "\u061c", "\u200e", "\u202a", "\u202e", "\u2066", "\u2069", "\u2028", "\u2029", "\xc3"} {
		var e *levy.Error
		if err := CheckIdentifier("id", s); !errors.As(err, &e) || e.Field != "id" || e.Code != levy.EInvalid {
			t.Errorf("%q: %v", s, err)
		}
	}
}

// TestValidateBlankTransactionID checks that a transaction ID of only
// whitespace, which the journal would keep as a key no one can tell from
// an absent one, is refused on every request that names one, naming the
// member, with one error even when the whitespace is also a control
// character.
func TestValidateBlankTransactionID(t *testing.T) {
	cases := []struct {
		name  string
		req   validatable
		field string
		msg   string
	}{
		{"spaces on a sale", saleCase(t, func(r *SaleRequest) { r.TransactionID = "   " }), "transactionId", "other than whitespace"},
		{"one space on a purchase", purchaseCase(t, func(r *PurchaseRequest) { r.TransactionID = " " }), "transactionId", "other than whitespace"},
		{"no-break and ideographic spaces on an owner request", ownerCase(t, func(r *OwnerRequest) { r.TransactionID = "\u00a0\u3000" }),
			"transactionId", "other than whitespace"},
		{"tab on a sale", saleCase(t, func(r *SaleRequest) { r.TransactionID = "\t" }), "transactionId", "U+0009"},
		{"spaces of a reversal", &ReversalRequest{TransactionID: "  "}, "data.transactionId", "other than whitespace"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := c.req.Validate()
			var errs levy.Errors
			if !errors.As(err, &errs) || len(errs) != 1 || errs[0].Field != c.field || !strings.Contains(errs[0].Message, c.msg) {
				t.Fatalf("got %v, want one error about %s: ...%s...", err, c.field, c.msg)
			}
		})
	}
	ok := saleCase(t, func(r *SaleRequest) { r.TransactionID = " INV 7 " })
	if err := ok.Validate(); err != nil {
		t.Errorf("an ID with spaces around a word refused: %v", err)
	}
}

// TestCheckTransactionID checks the check of a transaction ID that the
// engine applies to the path parameters of the journal's routes.
func TestCheckTransactionID(t *testing.T) {
	for _, s := range []string{"a", " a ", "INV-1", strings.Repeat("é", MaxTransactionIDLength)} {
		if err := CheckTransactionID("id", s); err != nil {
			t.Errorf("%q: %v", s, err)
		}
	}
	for _, s := range []string{"", " ", "   ", "\u2003", "\t", "a\x00", strings.Repeat("x", MaxTransactionIDLength+1), "\xff"} {
		var e *levy.Error
		if err := CheckTransactionID("id", s); !errors.As(err, &e) || e.Field != "id" || e.Code != levy.EInvalid {
			t.Errorf("%q: %v", s, err)
		}
	}
}

package wire

import (
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/jsonbody"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/money"
)

// generic decodes JSON into plain values, keeping numbers as written.
func wireGeneric(t *testing.T, b []byte) any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("decode %s: %v", b, err)
	}
	return v
}

func TestWireSaleRoundTrip(t *testing.T) {
	in, err := os.ReadFile("../engine/testdata/sale_invoice.json")
	if err != nil {
		t.Fatal(err)
	}
	var req SaleRequest
	if err := Decode(bytes.NewReader(in), &req, 1<<20); err != nil {
		t.Fatalf("Decode: %v", err)
	}
	if err := req.Validate(); err != nil {
		t.Fatalf("Validate: %v", err)
	}
	// Spot checks of the Go side.
	if req.SaleMessageType != SaleInvoice || req.DocumentDate != civil.New(2026, 3, 14) {
		t.Errorf("header = %q %v", req.SaleMessageType, req.DocumentDate)
	}
	if got := req.LineItems[0].Freight.String(); got != "12.50" {
		t.Errorf("freight = %s, want 12.50 with its scale", got)
	}
	if req.PostToJournal == nil || !*req.PostToJournal || req.RoundAtLineLevel != nil {
		t.Errorf("postToJournal %v, roundAtLineLevel %v", req.PostToJournal, req.RoundAtLineLevel)
	}
	if n := req.LineItems[1].LineItemNumber; n == nil || *n != 2 {
		t.Errorf("lineItemNumber = %v", n)
	}

	out, err := json.Marshal(&req)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(wireGeneric(t, in), wireGeneric(t, out)) {
		t.Errorf("round trip changed the request:\n in: %s\nout: %s", in, out)
	}
	for _, want := range []string{`"discountValue":5.0`, `"extendedPrice":150.00`, `"value":0.250`} {
		if !bytes.Contains(out, []byte(want)) {
			t.Errorf("output lacks %s: the scale of amounts must be kept", want)
		}
	}
}

func TestWirePurchaseAndOwnerRoundTrip(t *testing.T) {
	cases := []struct {
		name string
		body string
		v    any
	}{
		{"purchase", `{"purchaseMessageType":"ACCRUAL","transactionType":"PURCHASE","documentDate":"2026-01-31",` +
			`"buyer":{"company":"C1","destination":{"taxAreaId":"60910000"}},` +
			`"vendor":{"vendorCode":{"value":"V-1"},"physicalOrigin":{"country":"DEU","postalCode":"10115"}},` +
			`"chargedTax":0.00,"lineItems":[{"lineItemNumber":0,"purchase":{"purchaseClass":"IT"},"extendedPrice":1000.00,` +
			`"vendorTaxes":[{"inputAmount":190.00,"invoiceTaxRate":0.19,"taxingJurisdictionLocation":{"country":"DEU","jurisdictionType":"COUNTRY"}}],` +
			`"lineTypes":[{"value":"VOICE","lineTypeNumber":0,"count":2}]}]}`, new(PurchaseRequest)},
		{"owner", `{"ownerMessageType":"ASSET_MOVEMENT","movementMethod":"REGULAR","owner":{"physicalOrigin":{"mainDivision":"TX"},` +
			`"destination":{"mainDivision":"OK"}},"lineItems":[{"purchase":{"value":"FORKLIFT"},"netBookValue":18250.75,` +
			`"cfopTaxCodeOverride":0,"exemptOverrides":[{"jurisdictionType":"STATE","amount":100}]}]}`, new(OwnerRequest)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if err := Decode(strings.NewReader(c.body), c.v, 1<<20); err != nil {
				t.Fatal(err)
			}
			if err := c.v.(interface{ Validate() error }).Validate(); err != nil {
				t.Fatalf("Validate: %v", err)
			}
			out, err := json.Marshal(c.v)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(wireGeneric(t, []byte(c.body)), wireGeneric(t, out)) {
				t.Errorf("round trip changed the request:\n in: %s\nout: %s", c.body, out)
			}
		})
	}
}

// wireAmount parses an amount of a test.
func wireAmount(s string) money.Amount {
	a, err := money.Parse(s)
	if err != nil {
		panic(err)
	}
	return a
}

// wirePtr returns a pointer to a copy of v.
func wirePtr[T any](v T) *T { return &v }

func TestWireSaleResponse(t *testing.T) {
	resp := SaleResponse{
		SaleRequest: SaleRequest{
			SaleMessageType: SaleQuotation,
			TransactionType: TransactionTypeSale,
			DocumentDate:    civil.New(2026, 5, 1),
		},
		LineItems: []SaleResponseLineItem{{
			SaleLineItem: SaleLineItem{
				LineItemNumber: wirePtr(int64(1)),
				ExtendedPrice:  wirePtr(wireAmount("100.00")),
				Quantity:       &Measure{Value: wirePtr(wireAmount("1"))},
			},
			TotalTax: wireAmount("7.25"),
			Taxes: []Tax{{
				Jurisdiction: &Jurisdiction{
					JurisdictionID:   "US-CA",
					JurisdictionType: jurisdiction.State,
					Value:            "CALIFORNIA",
					EffectiveDate:    civil.New(1933, 8, 1),
				},
				ImpositionType: &ImpositionType{Value: "General Sales and Use Tax"},
				Imposition:     &Imposition{Value: "Sales and Use Tax"},
				TaxResult:      TaxResultTaxable,
				TaxType:        TaxTypeSales,
				Situs:          Destination,
				CalculatedTax:  wireAmount("7.25"),
				Taxable:        wireAmount("100.00"),
				EffectiveRate:  wireAmount("0.0725"),
				NominalRate:    wirePtr(wireAmount("0.0725")),
			}},
		}},
		SubTotal: wireAmount("100.00"),
		Total:    wireAmount("107.25"),
		TotalTax: wireAmount("7.25"),
	}
	out, err := json.Marshal(resp)
	if err != nil {
		t.Fatal(err)
	}
	s := string(out)
	if strings.Contains(s, "null") {
		t.Errorf("response holds null: %s", s)
	}
	for _, want := range []string{
		`"subTotal":100.00`, `"total":107.25`, `"totalTax":7.25`,
		`"calculatedTax":7.25`, `"taxable":100.00`, `"nonTaxable":0`, `"exempt":0`, `"effectiveRate":0.0725`,
		`"jurisdictionType":"STATE"`, `"effectiveDate":"1933-08-01"`, `"situs":"DESTINATION"`,
		`"lineItems":[{"lineItemNumber":1,`,
	} {
		if !strings.Contains(s, want) {
			t.Errorf("response lacks %s: %s", want, s)
		}
	}
	for _, absent := range []string{`"customer"`, `"seller"`, `"discount"`, `"postToJournal"`, `"maxTaxIndicator"`,
		`"expirationDate"`, `"transactionId"`, `"paymentDate"`, `"assistedParameters"`, `"procurementAction"`, `""`} {
		if strings.Contains(s, absent) {
			t.Errorf("response holds the empty member %s: %s", absent, s)
		}
	}
	// The response's lines, not the embedded request's, are on the wire.
	var back map[string]any
	if err := json.Unmarshal(out, &back); err != nil {
		t.Fatal(err)
	}
	lines := back["lineItems"].([]any)
	if _, ok := lines[0].(map[string]any)["taxes"]; !ok || len(lines) != 1 {
		t.Errorf("lineItems = %v", lines)
	}
}

func TestWirePurchaseResponseExtension(t *testing.T) {
	resp := PurchaseResponse{
		PurchaseRequest:   PurchaseRequest{PurchaseMessageType: PurchaseConditionalProcurement},
		Variance:          wirePtr(wireAmount("-3.10")),
		OutsideThreshold:  wirePtr(false),
		ProcurementAction: &ProcurementAction{Action: ProcurementAccrue, Reason: "vendor undercharged", AccruedTax: wirePtr(wireAmount("3.10"))},
	}
	out, err := json.Marshal(resp)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"purchaseMessageType":"CONDITIONAL_PROCUREMENT","subTotal":0,"total":0,"totalTax":0,"variance":-3.10,` +
		`"outsideThreshold":false,"procurementAction":{"action":"ACCRUE","reason":"vendor undercharged","accruedTax":3.10}}`
	if string(out) != want {
		t.Errorf("got  %s\nwant %s", out, want)
	}
}

func TestWireEnums(t *testing.T) {
	all := []valid{
		SaleQuotation, SaleInvoice, SaleDistributeTax, SaleARBillingSync,
		PurchaseOrder, PurchaseInvoiceVerification, PurchaseAccrual, PurchaseDistributeTax, PurchaseERS,
		PurchaseAPInvoiceSync, PurchaseAccrualSync, PurchaseConditionalProcurement,
		OwnerInventoryRemoval, OwnerAssetMovement,
		TransactionTypeSale, TransactionTypePurchase, AdministrativeDestination, PhysicalOrigin,
		TaxResultDPPApplied, TaxTypeConsumersUse, TaxStructureQuantityRateTieredEquivalent, TaxCollectedFromBuyer,
		InputOutputTypeInputOutput, DeliveryTermDPU, ChainTransactionPhaseFinal, LocationCustomsStatusFreeTradeZone,
		PartyRoleRecipient, DiscountPercent, TitleTransferInTransit, SimplificationCodeRegistrationGroup,
		MovementMethodCallOff, UtilityProviderUnregulatedTaxpayer, TaxRegistrationTypeLVGRegistration,
		TaxRegistrationTypeCommercialRegistration, ValidationInfoInvalidExternally, PautaQuantityTypeCOM,
		OverrideTypeNonTaxable, PhasePost, LineItemSyncTypeDelete,
	}
	for _, e := range all {
		if !e.Valid() {
			t.Errorf("%T %v is not Valid", e, e)
		}
		zero := reflect.Zero(reflect.TypeOf(e)).Interface().(valid)
		if zero.Valid() {
			t.Errorf("the zero %T is Valid", e)
		}
		bad := reflect.ValueOf("bogus").Convert(reflect.TypeOf(e)).Interface().(valid)
		if bad.Valid() {
			t.Errorf("%T accepts bogus", e)
		}
		if enumNames[reflect.TypeOf(e)] == "" {
			t.Errorf("%T has no names for messages", e)
		}
	}
	if got := enumNames[reflect.TypeFor[SaleMessageType]()]; got != "QUOTATION, INVOICE, DISTRIBUTE_TAX, ARBILLING_SYNC" {
		t.Errorf("sale message types = %s", got)
	}
	if n := len(taxRegistrationTypes); n != 11 {
		t.Errorf("%d tax registration types, want 11", n)
	}
}

// TestWireTags parses the check tags of every type reachable from the
// requests and responses: a malformed tag panics.
func TestWireTags(t *testing.T) {
	seen := map[reflect.Type]bool{}
	var visit func(reflect.Type)
	visit = func(rt reflect.Type) {
		rt = jsonbody.Deref(rt)
		switch {
		case rt.Kind() == reflect.Slice:
			visit(rt.Elem())
		case rt.Kind() != reflect.Struct || seen[rt] || jsonbody.IsLeaf(rt):
		default:
			seen[rt] = true
			infoOf(rt)
			for i := range rt.NumField() {
				visit(rt.Field(i).Type)
			}
		}
	}
	for _, v := range []any{SaleResponse{}, PurchaseResponse{}, OwnerResponse{}} {
		visit(reflect.TypeOf(v))
	}
	if len(seen) < 60 {
		t.Errorf("visited only %d types", len(seen))
	}
}

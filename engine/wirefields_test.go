package engine

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
)

// wireMembers walks the request types and returns every member as
// "Type.jsonName", with the order in which the types were first met.
func wireMembers() (members []string, types []string) {
	seen := map[reflect.Type]bool{}
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice {
			t = t.Elem()
		}
		if t.Kind() != reflect.Struct || t.PkgPath() != reflect.TypeFor[wire.SaleRequest]().PkgPath() || seen[t] {
			return
		}
		seen[t] = true
		types = append(types, t.Name())
		for i := range t.NumField() {
			f := t.Field(i)
			if f.Anonymous {
				// The embedded members are the outer type's on the wire,
				// but the table keeps them under the embedded type.
				walk(f.Type)
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "" || name == "-" {
				continue
			}
			members = append(members, t.Name()+"."+name)
			walk(f.Type)
		}
	}
	for _, t := range []reflect.Type{reflect.TypeFor[wire.SaleRequest](), reflect.TypeFor[wire.PurchaseRequest](), reflect.TypeFor[wire.OwnerRequest]()} {
		walk(t)
	}
	return members, types
}

// TestWireFieldsTable checks the table against the wire types: every
// member of a request has a row, every row names a member, and only the
// rows of members Levy does not act on read the request.
func TestWireFieldsTable(t *testing.T) {
	members, _ := wireMembers()
	exists := map[string]bool{}
	typeOf := map[string]bool{}
	for _, m := range members {
		exists[m] = true
		typ, _, _ := strings.Cut(m, ".")
		typeOf[typ] = true
	}
	rows := map[string]*wireField{}
	for i := range wireFields {
		f := &wireFields[i]
		if rows[f.member] != nil {
			t.Errorf("%s: two rows", f.member)
		}
		rows[f.member] = f
		typ, name, _ := strings.Cut(f.member, ".")
		switch {
		case name == "*" && !typeOf[typ]:
			t.Errorf("%s: no request reaches a wire type %s", f.member, typ)
		case name != "*" && !exists[f.member]:
			t.Errorf("%s: no such member in the requests", f.member)
		}
		switch {
		case f.acting == notActedOn && f.sent == nil:
			t.Errorf("%s: not acted on, but no accessor reads it", f.member)
		case f.acting != notActedOn && (f.sent != nil || f.actsWhen != nil):
			t.Errorf("%s: %s, but it has an accessor", f.member, f.acting)
		case f.acting == notActedOn && name == "*":
			t.Errorf("%s: a type-wide row can not be flagged", f.member)
		}
	}
	for _, m := range members {
		typ, _, _ := strings.Cut(m, ".")
		if rows[m] == nil && rows[typ+".*"] == nil {
			t.Errorf("%s: the wire has this member and the table (engine/wirefields.go) has no row for it", m)
		}
		if rows[m] != nil && rows[typ+".*"] != nil {
			t.Errorf("%s: both a row and a type-wide row", m)
		}
	}
}

// TestWireFieldsPage keeps the table of docs/wire-fields.md the same as
// the code's (-update rewrites it).
func TestWireFieldsPage(t *testing.T) {
	const path = "../docs/wire-fields.md"
	const start, end = "<!-- wire-fields:start (go test ./engine -run TestWireFieldsPage -update) -->\n", "<!-- wire-fields:end -->\n"
	page, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	i, j := bytes.Index(page, []byte(start)), bytes.Index(page, []byte(end))
	if i < 0 || j < i {
		t.Fatalf("%s: no %q ... %q region", path, start, end)
	}
	want := wireFieldsMarkdown()
	got := string(page[i+len(start) : j])
	if got == want {
		return
	}
	if *update {
		out := append(append(append([]byte(nil), page[:i+len(start)]...), want...), page[j:]...)
		if err := os.WriteFile(path, out, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s differs from the table of engine/wirefields.go; run go test ./engine -run TestWireFieldsPage -update", path)
}

// wireFieldsMarkdown writes the table: the flagged members first, then
// every type with its members.
func wireFieldsMarkdown() string {
	_, types := wireMembers()
	var b strings.Builder
	b.WriteString("### The members Levy does not act on\n\n")
	b.WriteString("A line reached by one of these carries `" + NotActedOnRule + "` (paramName its JSON path, the value sent).\n\n")
	b.WriteString("| member | what it does in the commercial engine |\n|---|---|\n")
	for i := range wireFields {
		f := &wireFields[i]
		if f.acting != notActedOn {
			continue
		}
		fmt.Fprintf(&b, "| `%s` | %s |\n", f.member, cell(f.note))
	}
	b.WriteString("\n### Every member, type by type\n")
	byType := map[string][]*wireField{}
	for i := range wireFields {
		typ, _, _ := strings.Cut(wireFields[i].member, ".")
		byType[typ] = append(byType[typ], &wireFields[i])
	}
	for _, typ := range types {
		fmt.Fprintf(&b, "\n`%s`\n\n| member | Levy | what |\n|---|---|---|\n", typ)
		for _, f := range byType[typ] {
			_, name, _ := strings.Cut(f.member, ".")
			if name == "*" {
				name = "every member"
			} else {
				name = "`" + name + "`"
			}
			what := f.acting.String()
			if f.actsWhen != nil {
				what = "not acted on, but on some lines"
			}
			fmt.Fprintf(&b, "| %s | %s | %s |\n", name, what, cell(f.note))
		}
	}
	b.WriteString("\n### On a line with child lines that is not calculated\n\n")
	b.WriteString("A line with child lines and no price of its own, or a multicomponent line, is not calculated: its children are. " +
		"What Levy does with each member of a line sent on such a line (`engine/parentfields.go`):\n\n")
	b.WriteString("| member | on such a line |\n|---|---|\n")
	members, _ := wireMembers()
	seen := map[string]bool{}
	for _, m := range members {
		typ, _, _ := strings.Cut(m, ".")
		if _, ok := parentLineTypes[typ]; !ok || seen[m] {
			continue
		}
		seen[m] = true
		fmt.Fprintf(&b, "| `%s` | %s |\n", m, parentUses[m])
	}
	return b.String()
}

// cell escapes a note for a table cell.
func cell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

// samples are values that pass the wire's checks, by the type of the
// member set: enumerations need one of their values.
var samples = map[reflect.Type]any{
	reflect.TypeFor[wire.DeliveryTerm]():          wire.DeliveryTermDDP,
	reflect.TypeFor[wire.TitleTransfer]():         wire.TitleTransferOrigin,
	reflect.TypeFor[wire.ChainTransactionPhase](): wire.ChainTransactionPhaseFinal,
	reflect.TypeFor[wire.SimplificationCode]():    wire.SimplificationCodeTriangulation,
	reflect.TypeFor[wire.PartyRole]():             wire.PartyRoleSeller,
	reflect.TypeFor[wire.LocationCustomsStatus](): wire.LocationCustomsStatusBondedWarehouse,
	reflect.TypeFor[wire.UtilityProvider]():       wire.UtilityProviderRegulatedTaxpayer,
	reflect.TypeFor[wire.MovementMethod]():        wire.MovementMethodConsignment,
	reflect.TypeFor[civil.Date]():                 civil.MustParse("2026-06-01"),
}

// sampleOf returns a value of type typ that a request may send.
func sampleOf(t *testing.T, typ reflect.Type) reflect.Value {
	t.Helper()
	if v, ok := samples[typ]; ok {
		return reflect.ValueOf(v)
	}
	switch typ.Kind() {
	case reflect.String:
		return reflect.ValueOf("X1").Convert(typ)
	case reflect.Bool:
		return reflect.ValueOf(true)
	case reflect.Pointer:
		v := reflect.New(typ.Elem())
		switch e := typ.Elem(); {
		case e == reflect.TypeFor[money.Amount]():
			v.Elem().Set(reflect.ValueOf(*amt("5")))
		case e.Kind() == reflect.Int32 || e.Kind() == reflect.Int64:
			v.Elem().SetInt(1)
		case e.Kind() == reflect.Struct:
			fillRequired(t, v.Elem())
		}
		return v
	case reflect.Slice:
		s := reflect.MakeSlice(typ, 1, 1)
		if typ.Elem().Kind() == reflect.Struct {
			fillRequired(t, s.Index(0))
		}
		return s
	}
	t.Fatalf("no sample of %s", typ)
	return reflect.Value{}
}

// fillRequired sets the members of a struct that the checks require.
func fillRequired(t *testing.T, v reflect.Value) {
	t.Helper()
	for i := range v.NumField() {
		f := v.Type().Field(i)
		if strings.Contains(f.Tag.Get("check"), "required") {
			v.Field(i).Set(sampleOf(t, f.Type))
		}
	}
	if x, ok := v.Addr().Interface().(*wire.TaxOverride); ok {
		x.OverrideType = wire.OverrideTypeTaxable
	}
}

// at returns the member at a dotted path under root ("lineItems.0.customer"),
// making the pointers and lists on the way.
func at(t *testing.T, root reflect.Value, path string) reflect.Value {
	t.Helper()
	v := root
	for part := range strings.SplitSeq(path, ".") {
		if part == "" {
			continue
		}
		for v.Kind() == reflect.Pointer {
			if v.IsNil() {
				v.Set(reflect.New(v.Type().Elem()))
			}
			v = v.Elem()
		}
		if n, err := strconv.Atoi(part); err == nil {
			if v.Len() <= n {
				grown := reflect.MakeSlice(v.Type(), n+1, n+1)
				reflect.Copy(grown, v)
				v.Set(grown)
			}
			v = v.Index(n)
			continue
		}
		v = fieldByJSON(t, v, part)
	}
	return v
}

// fieldByJSON finds the member of a struct by its JSON name, through
// embedded structs.
func fieldByJSON(t *testing.T, v reflect.Value, name string) reflect.Value {
	t.Helper()
	for i := range v.NumField() {
		f := v.Type().Field(i)
		if f.Anonymous {
			if w := fieldByJSON(t, v.Field(i), name); w.IsValid() {
				return w
			}
			continue
		}
		if n, _, _ := strings.Cut(f.Tag.Get("json"), ","); n == name {
			return v.Field(i)
		}
	}
	return reflect.Value{}
}

// memberHome says where a test sets a member of each type, under which
// request.
var memberHome = map[string]struct{ perspective, path string }{
	"SaleRequest":      {"sale", ""},
	"SaleLineItem":     {"sale", "lineItems.0"},
	"LineDetails":      {"sale", "lineItems.0"},
	"Seller":           {"sale", "seller"},
	"Customer":         {"sale", "customer"},
	"Location":         {"sale", "customer.destination"},
	"TaxRegistration":  {"sale", "seller.taxRegistrations.0"},
	"ImpositionType":   {"sale", "lineItems.0.exemptOverrides.0.impositionType"},
	"LineType":         {"sale", "lineItems.0.lineType"},
	"LineTypeSet":      {"sale", "lineItems.0.lineTypes.0"},
	"PurchaseRequest":  {"purchase", ""},
	"PurchaseLineItem": {"purchase", "lineItems.0"},
	"Buyer":            {"purchase", "buyer"},
	"Recipient":        {"purchase", "buyer.recipient"},
	"RecipientCode":    {"purchase", "buyer.recipient.recipientCode"},
	"Vendor":           {"purchase", "vendor"},
	"VendorCode":       {"purchase", "vendor.vendorCode"},
	"OwnerRequest":     {"owner", ""},
	"OwnerLineItem":    {"owner", "lineItems.0"},
	"Owner":            {"owner", "owner"},
}

// TestNotActedOnEachMember sends every member that Levy does not act on,
// one at a time, and checks that the line says so with the member's path
// and value.
func TestNotActedOnEachMember(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	for i := range wireFields {
		f := &wireFields[i]
		if f.acting != notActedOn {
			continue
		}
		t.Run(f.member, func(t *testing.T) {
			typ, name, _ := strings.Cut(f.member, ".")
			home, ok := memberHome[typ]
			if !ok {
				t.Fatalf("no home for the members of %s in memberHome", typ)
			}
			var req any
			switch home.perspective {
			case "sale":
				req = baseSale()
			case "purchase":
				p := basePurchase()
				if mt, ok := ignoredOn[f.member]; ok {
					p.PurchaseMessageType = mt
				}
				req = p
			default:
				req = baseOwner()
			}
			holder := at(t, reflect.ValueOf(req).Elem(), home.path)
			for holder.Kind() == reflect.Pointer {
				if holder.IsNil() {
					holder.Set(reflect.New(holder.Type().Elem()))
				}
				holder = holder.Elem()
			}
			member := fieldByJSON(t, holder, name)
			if !member.IsValid() {
				t.Fatalf("%s has no member %s", holder.Type(), name)
			}
			setSample(t, member, name)
			if typ == "LineType" || typ == "LineTypeSet" {
				fieldByJSON(t, holder, "value").SetString("WIRELESS")
			}
			params, err := assistedOf(ctx, e, req)
			if err != nil {
				t.Fatalf("%s: %v", f.member, err)
			}
			re := regexp.MustCompile(`(^|\.)` + regexp.QuoteMeta(name) + `$`)
			for _, p := range params {
				if p.RuleName == NotActedOnRule && re.MatchString(p.ParamName) && p.OriginalValue != "" && p.Value == p.OriginalValue {
					return
				}
			}
			t.Errorf("%s sent, and no line says %s: %+v", f.member, NotActedOnRule, params)
		})
	}
}

// ignoredOn names, for the members that the base purchase (an ACCRUAL)
// acts on, a kind that does not act on them, for TestNotActedOnEachMember.
var ignoredOn = map[string]wire.PurchaseMessageType{
	"PurchaseRequest.chargedTax":  wire.PurchaseOrder,
	"PurchaseLineItem.chargedTax": wire.PurchaseOrder,
}

// assistedOf calculates a request of any perspective and returns the
// assisted parameters of its lines.
func assistedOf(ctx context.Context, e *Engine, req any) ([]wire.AssistedParameter, error) {
	var out []wire.AssistedParameter
	switch r := req.(type) {
	case *wire.SaleRequest:
		resp, err := e.Sale(ctx, r)
		if err != nil {
			return nil, err
		}
		for _, l := range resp.LineItems {
			out = append(out, l.AssistedParameters...)
		}
	case *wire.PurchaseRequest:
		resp, err := e.Purchase(ctx, r)
		if err != nil {
			return nil, err
		}
		for _, l := range resp.LineItems {
			out = append(out, l.AssistedParameters...)
		}
	case *wire.OwnerRequest:
		resp, err := e.Owner(ctx, r)
		if err != nil {
			return nil, err
		}
		for _, l := range resp.LineItems {
			out = append(out, l.AssistedParameters...)
		}
	}
	return out, nil
}

func baseSale() *wire.SaleRequest {
	return &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale,
		DocumentDate: civil.MustParse("2026-06-01"),
		Seller:       &wire.Seller{PhysicalOrigin: &wire.Location{City: "Seattle", MainDivision: "WA", PostalCode: "98101", Country: "US"}},
		Customer:     &wire.Customer{Destination: &wire.Location{City: "Los Angeles", MainDivision: "CA", PostalCode: "90012", Country: "US"}},
		LineItems:    []wire.SaleLineItem{{Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt("100.00")}}}
}

func basePurchase() *wire.PurchaseRequest {
	return &wire.PurchaseRequest{PurchaseMessageType: wire.PurchaseAccrual, TransactionType: wire.TransactionTypePurchase,
		DocumentDate: civil.MustParse("2026-06-01"), PostToJournal: new(bool),
		Vendor:    &wire.Vendor{PhysicalOrigin: &wire.Location{City: "Seattle", MainDivision: "WA", PostalCode: "98101", Country: "US"}},
		Buyer:     &wire.Buyer{Destination: &wire.Location{City: "Los Angeles", MainDivision: "CA", PostalCode: "90012", Country: "US"}},
		LineItems: []wire.PurchaseLineItem{{Purchase: &wire.Purchase{PurchaseClass: "GENERAL"}, ExtendedPrice: amt("100.00")}}}
}

func baseOwner() *wire.OwnerRequest {
	return &wire.OwnerRequest{OwnerMessageType: wire.OwnerInventoryRemoval, DocumentDate: civil.MustParse("2026-06-01"), PostToJournal: new(bool),
		Owner:     &wire.Owner{Destination: &wire.Location{City: "Los Angeles", MainDivision: "CA", PostalCode: "90012", Country: "US"}},
		LineItems: []wire.OwnerLineItem{{Purchase: &wire.Purchase{PurchaseClass: "GENERAL"}, ExtendedPrice: amt("100.00")}}}
}

// TestNotActedOnQuiet checks that a request that sends no such member
// gets no such parameter, and that a document's member is said on each
// of its lines.
func TestNotActedOnQuiet(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	req := baseSale()
	params, err := assistedOf(ctx, e, req)
	if err != nil {
		t.Fatal(err)
	}
	if slices.ContainsFunc(params, func(p wire.AssistedParameter) bool { return p.RuleName == NotActedOnRule }) {
		t.Errorf("a plain sale carries %s: %+v", NotActedOnRule, params)
	}
	req.DeliveryTerm = wire.DeliveryTermDDP
	req.LineItems = append(req.LineItems, req.LineItems[0])
	resp, err := e.Sale(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range resp.LineItems {
		want := wire.AssistedParameter{ParamName: "deliveryTerm", Phase: wire.PhasePre, RuleName: NotActedOnRule, OriginalValue: "DDP", Value: "DDP"}
		if !slices.Contains(l.AssistedParameters, want) {
			t.Errorf("line %d: %+v, want %+v", i, l.AssistedParameters, want)
		}
	}
}

// brazilSamples are values of the Brazilian members that Brazil's rules
// accept, for TestNotActedOnEachMember.
var brazilSamples = map[string]any{
	"sellerCondition":         "LUCRO_REAL",
	"buyerCondition":          "CONTRIBUINTE",
	"natureOfFiscalOperation": "VENDA_MERCADORIA",
	"transactionCondition":    "FCP_LISTA",
	"sellerCNAE":              "4751201",
	"buyerCNAE":               "4751201",
}

// setSample sets member, the wire member named name, to a value sent in
// tests: sampleOf its type, or, for the members Brazil's rules read, a
// value those rules take (they are checked wherever they are sent, on a
// line outside Brazil too).
func setSample(t *testing.T, member reflect.Value, name string) {
	t.Helper()
	member.Set(sampleOf(t, member.Type()))
	if v, ok := brazilSamples[name]; ok {
		member.Set(reflect.ValueOf(v).Convert(member.Type()))
	}
	if name == "cfopTaxCodeOverride" {
		cfop := int32(5102)
		member.Set(reflect.ValueOf(&cfop))
	}
}

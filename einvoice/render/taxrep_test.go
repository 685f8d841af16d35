package render_test

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"errors"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/einvoice/render"
	"github.com/levytax/levy/einvoice/ubl"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/wire"
)

// walkXML calls visit with each token of content and the local names
// of the elements open around it (the start element's own name
// included for a start element).
func walkXML(t *testing.T, content []byte, visit func(tok xml.Token, stack []string)) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(content))
	var stack []string
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		if el, ok := tok.(xml.StartElement); ok {
			stack = append(stack, el.Name.Local)
		}
		visit(tok, stack)
		if _, ok := tok.(xml.EndElement); ok {
			stack = stack[:len(stack)-1]
		}
	}
}

// children returns the local names of the child elements of the
// element at path (local names from the root, the root included), in
// document order.
func children(t *testing.T, content []byte, path ...string) []string {
	var out []string
	walkXML(t, content, func(tok xml.Token, stack []string) {
		if el, ok := tok.(xml.StartElement); ok && slices.Equal(stack[:len(stack)-1], path) {
			out = append(out, el.Name.Local)
		}
	})
	return out
}

// texts returns the text of the elements at path, in document order.
func texts(t *testing.T, content []byte, path ...string) []string {
	var out []string
	walkXML(t, content, func(tok xml.Token, stack []string) {
		if !slices.Equal(stack, path) {
			return
		}
		switch el := tok.(type) {
		case xml.StartElement:
			out = append(out, "")
		case xml.CharData:
			out[len(out)-1] += strings.TrimSpace(string(el))
		}
	})
	return out
}

// between reports whether name is in names right after one of after
// (the elements before it that the document has) and before before.
func between(names []string, name string, after []string, before string) bool {
	i := slices.Index(names, name)
	j := slices.Index(names, before)
	if i < 1 || j >= 0 && j < i {
		return false
	}
	return slices.Contains(after, names[i-1])
}

// TestRenderTaxRepresentative: a Dutch seller in Amsterdam registered
// for VAT in the Netherlands and in Germany, where a fiscal
// representative in Hamburg acts for it, sells goods of 1000.00 euros to
// a consumer in Berlin: it charges Germany's VAT under its German number
// (BT-31), and the invoice, in UBL and in CII, names the German
// registration's representative as the seller's tax representative
// (BG-11): its name (BT-62), its VAT identifier with its prefix (BT-63),
// its postal address and country (BG-12, BT-69), in the place the
// schemas give it, and passes Levy's rules (BR-18, BR-19, BR-20, BR-56
// among them), Peppol BIS's too for the invoice with both parties'
// electronic addresses. The credit note of the invoice's reversal names
// it too.
// Sold to a consumer in Amsterdam (Dutch VAT, the Dutch number) or to a
// business in Berlin (an intra-community supply under the Dutch number),
// the invoice names no representative: the German registration's acts
// in Germany only. A customer's representative, which EN 16931 has no
// element for, is not kept.
func TestRenderTaxRepresentative(t *testing.T) {
	e, j := journaledEngine(t)
	ctx := context.Background()
	nl := wire.TaxRegistration{ISOCountryCode: "NL", TaxRegistrationNumber: "NL004909665B07", TaxRegistrationType: "VAT Registration"}
	de := wire.TaxRegistration{ISOCountryCode: "DE", TaxRegistrationNumber: "DE136695976", TaxRegistrationType: "VAT Registration",
		FiscalRepresentative: &wire.FiscalRepresentative{BusinessName: "Elbe Steuervertretung GmbH", TaxRegistrationNumber: "129 273 398",
			Address: &wire.Location{StreetAddress1: "Jungfernstieg 7", City: "Hamburg", PostalCode: "20354", Country: "Germany"}}}
	berlin := &wire.Location{City: "Berlin", PostalCode: "10115", Country: "DE"}
	amsterdam := &wire.Location{StreetAddress1: "Herengracht 182", City: "Amsterdam", PostalCode: "1016 BR", Country: "NL"}
	seller := &wire.Seller{Company: "Grachten BV", PhysicalOrigin: amsterdam, TaxRegistrations: []wire.TaxRegistration{nl, de}}
	sale := func(id string, customer *wire.Customer) *journal.Transaction {
		t.Helper()
		price := money.MustParse("1000.00")
		if _, err := e.Sale(ctx, &wire.SaleRequest{SaleMessageType: wire.SaleInvoice, TransactionType: wire.TransactionTypeSale,
			TransactionID: id, DocumentNumber: id, DocumentDate: civil.MustParse("2026-06-01"), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"},
			Seller: seller, Customer: customer,
			LineItems: []wire.SaleLineItem{{LineItemID: "1", Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: &price}}}); err != nil {
			t.Fatal(err)
		}
		tx, err := j.Get(ctx, levy.DefaultTenant, id)
		if err != nil {
			t.Fatal(err)
		}
		return tx
	}

	tx := sale("TR-1", &wire.Customer{CustomerName: "Max Mustermann", Destination: berlin})
	rep := tx.Seller.Registrations[1].Representative
	if rep == nil || rep.Name != "Elbe Steuervertretung GmbH" || rep.Number != "129 273 398" || rep.Address == nil ||
		rep.Address.Country != "DE" || rep.Address.City != "Hamburg" || rep.Address.Street1 != "Jungfernstieg 7" {
		t.Fatalf("the journal keeps the German registration's representative as %+v", rep)
	}
	if tx.Seller.Registrations[0].Representative != nil {
		t.Fatalf("the Dutch registration, which names no representative, keeps %+v", tx.Seller.Registrations[0].Representative)
	}
	rev, err := j.Reverse(ctx, levy.DefaultTenant, "TR-1", journal.Reversal{TransactionID: "TR-1-R", DocumentNumber: "CN-1"})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		tx   *journal.Transaction
		o    render.Options
	}{
		{"the invoice", tx, render.Options{DueDate: civil.MustParse("2026-07-01")}},
		{"the credit note", rev, render.Options{Original: tx}},
		{"the Peppol invoice", tx, render.Options{DueDate: civil.MustParse("2026-07-01"), SellerEndpoint: "9930:DE136695976", BuyerEndpoint: "0088:5790000435975",
			BuyerReference: "MM-2026", IBAN: "NL91ABNA0417164300", ContactName: "Joost Bakker", ContactPhone: "+31 20 555 0100", ContactEmail: "joost@grachten.example"}},
	} {
		for _, syntax := range []ubl.Syntax{ubl.SyntaxUBL, ubl.SyntaxCII} {
			c.o.Syntax = syntax
			r, d := read(t, c.tx, c.o)
			if peppol := syntax == ubl.SyntaxUBL && c.o.SellerEndpoint != ""; r.Peppol != peppol {
				t.Errorf("%s, %s: Peppol %v, want %v", c.name, syntax, r.Peppol, peppol)
			}
			if d.Supplier.VATID != "DE136695976" {
				t.Errorf("%s, %s: the seller's VAT identifier is %q, want its German number", c.name, syntax, d.Supplier.VATID)
			}
			for _, p := range d.Check() {
				if strings.HasPrefix(p.Code, "BR-") || strings.Contains(p.Code, "-SR-") {
					t.Errorf("%s, %s: %s %s: %s", c.name, syntax, p.Flag, p.Code, p.Message)
				}
			}
			var rep []string
			if syntax == ubl.SyntaxUBL {
				root := "Invoice"
				if c.tx.ReversalOf != "" {
					root = "CreditNote"
				}
				if r.Kind != root {
					t.Fatalf("%s is a %s", c.name, r.Kind)
				}
				names := children(t, r.Content, root)
				if !between(names, "TaxRepresentativeParty", []string{"AccountingCustomerParty"}, "Delivery") ||
					!between(names, "TaxRepresentativeParty", []string{"AccountingCustomerParty"}, "PaymentMeans") {
					t.Errorf("%s, UBL: the tax representative is not right after the buyer: %v", c.name, names)
				}
				at := []string{root, "TaxRepresentativeParty"}
				if got := children(t, r.Content, at...); !slices.Equal(got, []string{"PartyName", "PostalAddress", "PartyTaxScheme"}) {
					t.Errorf("%s, UBL: the tax representative holds %v", c.name, got)
				}
				rep = slices.Concat(texts(t, r.Content, append(at, "PartyName", "Name")...),
					texts(t, r.Content, append(at, "PartyTaxScheme", "CompanyID")...),
					texts(t, r.Content, append(at, "PartyTaxScheme", "TaxScheme", "ID")...),
					texts(t, r.Content, append(at, "PostalAddress", "StreetName")...),
					texts(t, r.Content, append(at, "PostalAddress", "CityName")...),
					texts(t, r.Content, append(at, "PostalAddress", "PostalZone")...),
					texts(t, r.Content, append(at, "PostalAddress", "Country", "IdentificationCode")...))
			} else {
				agreement := []string{"CrossIndustryInvoice", "SupplyChainTradeTransaction", "ApplicableHeaderTradeAgreement"}
				names := children(t, r.Content, agreement...)
				if !between(names, "SellerTaxRepresentativeTradeParty", []string{"BuyerTradeParty"}, "BuyerOrderReferencedDocument") {
					t.Errorf("%s, CII: the tax representative is not right after the buyer: %v", c.name, names)
				}
				at := append(agreement, "SellerTaxRepresentativeTradeParty")
				if got := children(t, r.Content, at...); !slices.Equal(got, []string{"Name", "PostalTradeAddress", "SpecifiedTaxRegistration"}) {
					t.Errorf("%s, CII: the tax representative holds %v", c.name, got)
				}
				rep = slices.Concat(texts(t, r.Content, append(at, "Name")...),
					texts(t, r.Content, append(at, "SpecifiedTaxRegistration", "ID")...),
					[]string{"VAT"},
					texts(t, r.Content, append(at, "PostalTradeAddress", "LineOne")...),
					texts(t, r.Content, append(at, "PostalTradeAddress", "CityName")...),
					texts(t, r.Content, append(at, "PostalTradeAddress", "PostcodeCode")...),
					texts(t, r.Content, append(at, "PostalTradeAddress", "CountryID")...))
				if !bytes.Contains(r.Content, []byte(`<ram:ID schemeID="VA">DE129273398</ram:ID>`)) {
					t.Errorf("%s, CII: the representative's VAT identifier is not under the scheme VA", c.name)
				}
			}
			want := []string{"Elbe Steuervertretung GmbH", "DE129273398", "VAT", "Jungfernstieg 7", "Hamburg", "20354", "DE"}
			if !slices.Equal(rep, want) {
				t.Errorf("%s, %s: the tax representative is %q, want %q", c.name, syntax, rep, want)
			}
		}
	}

	// The validator reads the representative where Levy writes it: without
	// its name, the same document breaks BR-18.
	r, _ := read(t, tx, render.Options{DueDate: civil.MustParse("2026-07-01")})
	broken := bytes.Replace(r.Content, []byte("<cbc:Name>Elbe Steuervertretung GmbH</cbc:Name>"), nil, 1)
	d, err := ubl.Read(broken)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(d.Check(), func(p ubl.Problem) bool { return p.Code == "BR-18" }) {
		t.Error("a tax representative without its name does not break BR-18")
	}

	for _, c := range []struct {
		name     string
		customer *wire.Customer
	}{
		{"a consumer in Amsterdam", &wire.Customer{CustomerName: "Anna de Vries", Destination: amsterdam}},
		{"a business in Berlin", &wire.Customer{CustomerName: "Spree Handel GmbH", Destination: berlin,
			CustomerCode: &wire.CustomerCode{Value: "SH", IsBusinessIndicator: true},
			TaxRegistrations: []wire.TaxRegistration{{ISOCountryCode: "DE", TaxRegistrationNumber: "DE811907980",
				FiscalRepresentative: &wire.FiscalRepresentative{BusinessName: "Vertreter des Käufers", TaxRegistrationNumber: "DE118716290",
					Address: &wire.Location{City: "Potsdam", Country: "DE"}}}}}},
	} {
		tx := sale("TR-"+c.name, c.customer)
		if c := tx.Customer; len(c.Registrations) > 0 && c.Registrations[0].Representative != nil {
			t.Errorf("the journal keeps a customer's representative %+v, which no e-invoice names", c.Registrations[0].Representative)
		}
		for _, syntax := range []ubl.Syntax{ubl.SyntaxUBL, ubl.SyntaxCII} {
			r, d := read(t, tx, render.Options{Syntax: syntax, DueDate: civil.MustParse("2026-07-01")})
			if d.Supplier.VATID != "NL004909665B07" {
				t.Errorf("%s, %s: the seller's VAT identifier is %q, want its Dutch number", c.name, syntax, d.Supplier.VATID)
			}
			if bytes.Contains(r.Content, []byte("TaxRepresentative")) || bytes.Contains(r.Content, []byte("Elbe")) {
				t.Errorf("%s, %s: the invoice under the Dutch number names the German representative", c.name, syntax)
			}
		}
	}
}

// TestRenderTaxRepresentativeIncomplete: the representative of the
// registration under which a German invoice is made is named (BG-11)
// when it has what EN 16931 requires of one, its country written as an
// alpha-2 or alpha-3 code; a representative without a name (BR-18), a
// VAT number (BR-56), an address (BR-19) or an address's country as an
// ISO code (BR-20, and BR-CL-14 for a code outside ISO 3166 such as EL),
// which the wire lets a request leave out, is left out, and the invoice
// renders as one without it. An invoice whose
// lines are all outside the scope of VAT names none (BR-O-02: no VAT
// identifier of the tax representative).
func TestRenderTaxRepresentativeIncomplete(t *testing.T) {
	full := func() *journal.Representative {
		return &journal.Representative{Name: "Elbe Steuervertretung GmbH", Number: "129273398",
			Address: &journal.Address{City: "Hamburg", PostalCode: "20354", Country: "DE"}}
	}
	for _, c := range []struct {
		name  string
		edit  func(*journal.Representative) *journal.Representative
		named bool
	}{
		{"complete", func(r *journal.Representative) *journal.Representative { return r }, true},
		{"its country by its alpha-3 code", func(r *journal.Representative) *journal.Representative { r.Address.Country = "DEU"; return r }, true},
		{"its address a country alone", func(r *journal.Representative) *journal.Representative {
			r.Address = &journal.Address{Country: "DE"}
			return r
		}, true},
		{"no name", func(r *journal.Representative) *journal.Representative { r.Name = " "; return r }, false},
		{"no number", func(r *journal.Representative) *journal.Representative { r.Number = ""; return r }, false},
		{"no address", func(r *journal.Representative) *journal.Representative { r.Address = nil; return r }, false},
		{"no country", func(r *journal.Representative) *journal.Representative { r.Address.Country = ""; return r }, false},
		{"a country's name", func(r *journal.Representative) *journal.Representative { r.Address.Country = "Deutschland"; return r }, false},
		{"a code outside ISO 3166", func(r *journal.Representative) *journal.Representative { r.Address.Country = "EL"; return r }, false},
		{"none", func(*journal.Representative) *journal.Representative { return nil }, false},
	} {
		for _, syntax := range []ubl.Syntax{ubl.SyntaxUBL, ubl.SyntaxCII} {
			tx := invoice()
			tx.Seller.Registrations[0].Representative = c.edit(full())
			r, _ := read(t, tx, render.Options{Syntax: syntax, DueDate: civil.MustParse("2026-10-01")})
			named := bytes.Contains(r.Content, []byte("TaxRepresentative"))
			if named != c.named {
				t.Errorf("a representative with %s, %s: named %v, want %v", c.name, syntax, named, c.named)
			}
			if named && !bytes.Contains(r.Content, []byte("DE129273398")) {
				t.Errorf("a representative with %s, %s: BT-63 is not DE129273398:\n%s", c.name, syntax, r.Content)
			}
		}
	}

	tx := invoice()
	tx.Seller.Registrations[0].Representative = full()
	for i := range tx.Lines {
		l := &tx.Lines[i]
		l.Taxes, l.TotalTax = nil, m("0")
	}
	tx.TotalTax, tx.Total = m("0"), tx.SubTotal
	for _, syntax := range []ubl.Syntax{ubl.SyntaxUBL, ubl.SyntaxCII} {
		r, _ := read(t, tx, render.Options{Syntax: syntax, DueDate: civil.MustParse("2026-10-01")})
		if bytes.Contains(r.Content, []byte("TaxRepresentative")) {
			t.Errorf("an invoice outside the scope of VAT, %s, names the tax representative", syntax)
		}
	}
}

// TestRenderStoredBeforeRepresentatives: a transaction stored before the
// journal kept the fiscal representatives, whose registrations have no
// member "representative", reads and renders as before, without a tax
// representative, and so does one whose registration's representative
// is null.
func TestRenderStoredBeforeRepresentatives(t *testing.T) {
	for _, seller := range []string{
		`{"code":"LINDEN","address":{"city":"Leipzig","postalCode":"04109","country":"DE"},"registrations":[{"country":"DE","number":"813495721","type":"VAT Registration"}]}`,
		`{"code":"LINDEN","address":{"city":"Leipzig","postalCode":"04109","country":"DE"},"registrations":[{"country":"DE","number":"813495721","type":"VAT Registration","representative":null}]}`,
	} {
		tx := invoice()
		tx.Seller = nil
		if err := json.Unmarshal([]byte(seller), &tx.Seller); err != nil {
			t.Fatal(err)
		}
		if tx.Seller.Registrations[0].Representative != nil {
			t.Fatalf("%s reads with a representative", seller)
		}
		for _, syntax := range []ubl.Syntax{ubl.SyntaxUBL, ubl.SyntaxCII} {
			r, d := read(t, tx, render.Options{Syntax: syntax, DueDate: civil.MustParse("2026-10-01")})
			if d.Supplier.VATID != "DE813495721" || bytes.Contains(r.Content, []byte("TaxRepresentative")) {
				t.Errorf("%s, %s: seller's VAT identifier %q, tax representative named: %v", seller, syntax, d.Supplier.VATID, bytes.Contains(r.Content, []byte("TaxRepresentative")))
			}
		}
	}
}

package engine

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestBrazilSimplesReformJurisdictions: a Simples Nacional seller's CBS
// and IBS records sit where a regular seller's do: the CBS at the Union
// (BR), the IBS, the states' and municipalities' tax, at the destination
// state and municipality; none at BR. In 2026 (outside the CBS and IBS)
// and in 2027 (in the DAS) alike, the records are non-taxable.
func TestBrazilSimplesReformJurisdictions(t *testing.T) {
	e := testEngine(t)
	reform := func(date string, seller wire.SellerCondition) ([]string, []wire.Tax) {
		t.Helper()
		req := brSale(brTo("Salvador", "BA"))
		req.DocumentDate = civil.MustParse(date)
		req.LineItems[0].LineDetails.SellerCondition = seller
		r, err := e.Sale(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		var taxes []wire.Tax
		for _, x := range r.LineItems[0].Taxes {
			if imp := x.Imposition.Value; imp == "CBS" || imp == "IBS" {
				got = append(got, imp+" "+x.Jurisdiction.JurisdictionID)
				taxes = append(taxes, x)
			}
		}
		slices.Sort(got)
		return got, taxes
	}
	for _, date := range []string{"2026-09-01", "2027-03-01"} {
		regular, _ := reform(date, "")
		simples, taxes := reform(date, wire.SellerSimplesNacional)
		if len(regular) != 3 || !slices.Equal(simples, regular) {
			t.Errorf("%s: Simples Nacional records %v, a regular seller's %v", date, simples, regular)
		}
		for _, x := range taxes {
			if x.TaxResult != wire.TaxResultNonTaxable || x.Imposition.Value == "IBS" && !strings.HasPrefix(x.Jurisdiction.JurisdictionID, "BR-") {
				t.Errorf("%s: Simples Nacional %s at %s, %s", date, x.Imposition.Value, x.Jurisdiction.JurisdictionID, x.TaxResult)
			}
		}
	}
}

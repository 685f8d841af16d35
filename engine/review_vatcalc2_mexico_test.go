package engine

import "testing"

// TestReviewVATCalc2MexicoPublications sends books, newspapers and
// magazines sold in Mexico City. The Ley del Impuesto al Valor Agregado,
// art. 2-A(I)(i), taxes at 0% the sale of books, newspapers and magazines
// that the seller publishes (edits) itself, and art. 9(III) exempts their
// sale by the author (secondary: sifiscal.com.mx, Tratamiento del IVA en
// venta de libros, July 22, 2021), so no 16% is charged on them. Levy had
// no row: they bore 16%. Bottled water in containers under ten litres
// stays at 16% (art. 2-A(I)(c)).
func TestReviewVATCalc2MexicoPublications(t *testing.T) {
	mx := func(class, rate string) worldClassCase {
		return worldClassCase{"Ciudad de México", "", "06000", "MX", "MXN", "2026-06-01", class, one(rate)}
	}
	checkWorldClassRates(t, []worldClassCase{
		mx("BOOKS", "0"),
		mx("TEXTBOOKS", "0"),
		mx("NEWSPAPERS", "0"),
		mx("MAGAZINES", "0"),
		mx("BOTTLED_WATER", "0.16"),
		mx("GENERAL", "0.16"),
	})
}

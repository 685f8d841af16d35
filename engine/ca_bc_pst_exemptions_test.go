package engine

import (
	"strings"
	"testing"
)

// TestBritishColumbiaPSTExemptsReadingAndMedicines: British Columbia's
// PST leaves out most magazines, electronic books, the over-the-counter
// medicines known as household medical aids, and vitamins and
// supplements. The Ministry of Finance's list of the taxes on common items
// when the PST came back on April 1, 2013 gives each of them "5% GST, no
// PST" (as the Vancouver Sun, the Sooke News Mirror and the Golden Star
// printed it in March 2013), and the PST came back with all the permanent
// exemptions of the Social Service Tax before July 1, 2010 (Powell River
// Peak, January 11, 2013).
//
// Figures by hand, a 100.00 line from Toronto to Vancouver: in 2026 the
// GST is 5% of 100.00, 5.00, and the PST (7%) is EXEMPT; in 2009, under
// the Social Service Tax, the same; in 2011, under the HST, the province
// rebated nothing on these classes, so its 7% part is 7.00. A GENERAL line
// still bears the PST, 7.00. Levy used to charge the PST, 7.00, on all four
// classes.
func TestBritishColumbiaPSTExemptsReadingAndMedicines(t *testing.T) {
	const x = "EXEMPT"
	var cases []hstCase
	for _, class := range []string{"MAGAZINES", "EBOOKS", "OTC_DRUGS", "DIETARY_SUPPLEMENTS"} {
		rule := "ca-bc-" + strings.ToLower(class)
		cases = append(cases,
			hstCase{vancouver, "CA-BC", "2026-06-01", class, x, "5.00", rule, "the PST's exemption"},
			hstCase{vancouver, "CA-BC", "2009-06-01", class, x, "5.00", rule, "the Social Service Tax's exemption"},
			hstCase{vancouver, "CA-BC", "2011-06-01", class, "7.00", "5.00", "", "the HST, no point-of-sale rebate"},
		)
	}
	cases = append(cases, hstCase{vancouver, "CA-BC", "2026-06-01", "GENERAL", "7.00", "5.00", "", "the PST"})
	checkHSTCases(t, cases)
}

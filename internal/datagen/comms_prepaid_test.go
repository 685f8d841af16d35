package datagen

import (
	"regexp"
	"strings"
	"testing"
)

// TestCommsPrepaidCharges generates the communications content from the
// curated tables and checks the states' prepaid wireless 911 charges:
// each is a PREPAID911 row on PREPAID_WIRELESS alone, written as a
// percentage of the retail sale or an amount per retail transaction,
// dated and cited; the list of the states that have one names them; and
// a state with a prepaid charge but no postpaid fee (Louisiana, Kansas,
// Wyoming) is still listed as lacking its 911 fees.
func TestCommsPrepaidCharges(t *testing.T) {
	g, err := genCommsWith(t, nil)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(g.docs[commsDoc])
	for _, want := range []struct{ st, charge, period, cite string }{
		{"TX", "2% of the retail sale", "from 2010-06-01", "Health & Safety Code 771.0712"},
		{"WY", "1.5% of the retail sale", "from 2016-07-01", "W.S. 16-9-109"},
		{"LA", "2% of the retail sale", "2010-01-01 to 2016-09-30", "R.S. 33:9109.1"},
		{"LA", "4% of the retail sale", "from 2016-10-01", "Act 590 of 2016"},
		{"AL", "$0.70 per retail transaction", "2012-09-01 to 2013-09-30", "Ala. Code 11-98-5.3"},
		{"AL", "$2.23 per retail transaction", "from 2024-01-01", "Ala. Code 11-98-5.3"},
		{"IN", "$1.00 per retail transaction", "from 2022-07-01", "Ind. Code 36-8-16.6-11"},
		{"CO", "1.4% of the retail sale", "2011-01-01 to 2020-12-31", "C.R.S. 29-11-102.5"},
		{"KY", "$0.93 per retail transaction", "from 2017-01-01", "KRS 65.7634"},
		{"NC", "$0.55 per retail transaction", "from 2023-07-01", "143B-1414"},
		{"OK", "$1.25 per retail transaction", "from 2023-11-01", "63 O.S. 2865(A)(3)"},
		{"PA", "$1.95 per retail transaction", "2024-03-01 to 2026-01-31", "5307.1"},
		{"SD", "2% of the retail sale", "from 2012-07-01", "SDCL 34-45-4.2"},
		{"WI", "$0.38 per retail transaction", "from 2009-09-01", "PSC 172.05(2)(a)"},
		{"AZ", "0.8% of the retail sale", "from 2016-03-31", "A.R.S. 42-5402"},
		{"CA", "$0.41 per retail transaction", "2025-01-01 to 2025-12-31", "Rev. & Tax. Code 41030"},
		{"VA", "$0.50 per retail transaction", "2011-01-01 to 2019-06-30", "Va. Code 56-484.17:1"},
		{"MD", "$0.60 per retail transaction", "from 2013-07-01", "Public Safety 1-313"},
		{"MN", "$0.78 per retail transaction", "2014-01-01 to 2015-12-31", "New for 2014"},
		{"CT", "$0.67 per retail transaction", "2013-01-01 to 2013-06-30", "Conn. Gen. Stat. 28-30e"},
		{"CT", "$0.58 per retail transaction", "2017-07-01 to 2018-06-30", "SN 2017(3)"},
		{"CT", "$0.73 per retail transaction", "2024-07-01 to 2025-06-30", "16-256g(a)"},
		{"UT", "3.13% of the retail sale", "from 2025-01-01", "Utah Code 69-2-405(2)(a)(ii)"},
		{"WA", "$0.25 per retail transaction", "from 2014-01-01", "RCW 82.14B.030"},
		{"OR", "$1.00 per retail transaction", "2020-01-01 to 2020-12-31", "HB 2449"},
		{"OR", "$1.25 per retail transaction", "from 2021-01-01", "oregon.gov/oem/911"},
	} {
		row := "| PREPAID911 | US-" + want.st + " | PREPAID_WIRELESS | " + want.charge + " | " + want.period + " | "
		i := strings.Index(doc, row)
		if i < 0 {
			t.Errorf("%s: no row %q in %s", want.st, row, commsDoc)
			continue
		}
		line := doc[i:]
		if line = line[:strings.IndexByte(line, '\n')]; !strings.Contains(line, want.cite) {
			t.Errorf("%s: row without its citation %q: %s", want.st, want.cite, line)
		}
	}
	m := regexp.MustCompile(`Levy has the statewide prepaid charge of (\d+) states: ([A-Z, ]+)\.`).FindStringSubmatch(doc)
	if m == nil {
		t.Fatalf("no list of the states with a prepaid charge in %s", commsDoc)
	}
	if m[1] != "23" {
		t.Errorf("%s prepaid states, want 23: %s", m[1], m[2])
	}
	for _, st := range []string{"AL", "AZ", "CA", "CO", "CT", "IN", "KS", "KY", "LA", "MD", "MI", "MN", "NC", "OK", "OR", "PA", "SD", "TX", "UT", "VA", "WA", "WI", "WY"} {
		if !strings.Contains(", "+m[2]+",", ", "+st+",") {
			t.Errorf("%s is not listed among the prepaid states: %s", st, m[2])
		}
	}
	lack := regexp.MustCompile(`is charged no 911 fee and says so \(tax-not-computed\): ([A-Z, ]+)\.`).FindStringSubmatch(doc)
	if lack == nil {
		t.Fatal("no list of the states Levy lacks")
	}
	for _, st := range []string{"LA", "KS", "WY"} {
		if !strings.Contains(", "+lack[1]+",", ", "+st+",") {
			t.Errorf("%s has no postpaid 911 fee but is not listed as lacking one: %s", st, lack[1])
		}
	}
}

// TestCommsPrepaidRowsRefused checks that the generator refuses a
// prepaid charge that would reach the wrong lines, naming the file: a
// PREPAID911 row on a postpaid line type or on more than PREPAID_WIRELESS,
// a postpaid 911 fee on PREPAID_WIRELESS, an amount per transaction of
// a postpaid fee or with a limit of lines, a PREPAID911 row of the
// federal jurisdiction, and a per-transaction amount that is no amount.
func TestCommsPrepaidRowsRefused(t *testing.T) {
	gen := func(row string) (*gen, error) { return genCommsRow(t, row) }
	for _, row := range []string{
		`PREPAID911,US-TX,WIRELESS,revenue,0.02,,2010-06-01,,,,"postpaid line type"`,
		`PREPAID911,US-TX,PREPAID_WIRELESS;WIRELESS,revenue,0.02,,2010-06-01,,,,"two line types"`,
		`E911,US-TX,WIRELESS;PREPAID_WIRELESS,per-line,,0.50,2016-08-01,,,,"postpaid fee on prepaid"`,
		`E911,US-TX,WIRELESS,per-transaction,,0.50,2016-08-01,,,,"per transaction of a postpaid fee"`,
		`PREPAID911,US-AL,PREPAID_WIRELESS,per-transaction,,2.23,2024-01-01,,1,,"a limit of lines"`,
		`PREPAID911,US,PREPAID_WIRELESS,revenue,0.02,,,,,,"federal"`,
		`PREPAID911,US-AL,PREPAID_WIRELESS,per-transaction,,-1,2024-01-01,,,,"negative"`,
		`PREPAID911,US-AL,PREPAID_WIRELESS,per-transaction,,,2024-01-01,,,,"no amount"`,
	} {
		if _, err := gen(row); err == nil || !strings.Contains(err.Error(), commsTaxesFile) {
			t.Errorf("%s: error %v, want one naming %s", row, err, commsTaxesFile)
		}
	}
	g, err := gen(`PREPAID911,US-AL,PREPAID_WIRELESS,per-transaction,,2.23,2024-01-01,,,,"per transaction"`)
	if err != nil {
		t.Fatal(err)
	}
	if doc := string(g.docs[commsDoc]); !strings.Contains(doc,
		"| PREPAID911 | US-AL | PREPAID_WIRELESS | $2.23 per retail transaction | from 2024-01-01 | per transaction |") {
		t.Errorf("the charge's row is not written per retail transaction:\n%s", doc)
	}
}

package datagen

import (
	"io/fs"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"
)

// TestComms911Coverage generates the communications content from the
// curated tables and checks the 911 fees of the states added from their
// own statutes and agencies (Arizona's per account, Wisconsin's with a
// lower amount beyond an account's tenth line): each has a cited row of
// its amount, and none is listed among the states whose 911 fees Levy
// lacks, which still names the states not yet covered (20 of them since
// Colorado's surcharge of 2021 and Michigan's state charge of July 2008
// to 2017 were added).
func TestComms911Coverage(t *testing.T) {
	g, err := genCommsWith(t, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.files["comms.lvd"]) == 0 {
		t.Fatal("no comms.lvd written")
	}
	doc := string(g.docs[commsDoc])
	for _, want := range []struct{ st, types, charge, from, cite string }{
		{"TX", "WIRELESS", "$0.50 per line a month", "from 2016-08-01", "Health & Safety Code 771.0711"},
		{"FL", "WIRELESS", "$0.40 per line a month", "from 2015-01-01", "Fla. Stat. 365.172"},
		{"AR", "WIRELESS", "$1.30 per line a month", "from 2019-10-01", "Ark. Code 12-10-318"},
		{"WV", "WIRELESS", "$4.01 per line a month", "from 2025-07-01", "W. Va. Code 24-6-6b"},
		{"GU", "WIRELESS, LOCAL", "$1.00 per line a month", "from 2025-12-01", "12 GCA 12301"},
		{"MT", "WIRELESS, VOIP, LOCAL", "$1.00 per line a month", "from 2018-07-01", "MCA 10-4-201"},
		{"NM", "WIRELESS, VOIP, LOCAL", "$0.51 per line a month", "from 2021-05-06", "NMSA 63-9D-5"},
		{"DC", "WIRELESS, LOCAL", "$0.76 per line a month", "from 2009-03-30", "D.C. Code 34-1803"},
		{"RI", "WIRELESS, VOIP, LOCAL", "$0.50 per line a month", "from 2020-01-29", "R.I. Gen. Laws 39-21.1-14"},
		{"HI", "WIRELESS", "$0.66 per line a month", "from 2015-01-26", "HRS 138-4"},
		{"VA", "VOIP, LOCAL", "$0.75 per line a month", "from 2007-01-01", "Va. Code 58.1-1730"},
		{"IA", "WIRELESS", "$1.00 per line a month", "from 2024-03-29", "Iowa Code 34A.7A"},
		{"AZ", "WIRELESS, LOCAL", "$0.20 per account a month, charged on one of its lines", "from 2007-07-01", "A.R.S. 42-5252(A)"},
		{"AZ", "WIRELESS, LOCAL", "$0.28 per account a month, charged on one of its lines", "2006-07-01 to 2007-06-30", "A.R.S. 42-5252(A)(2)"},
		{"AZ", "WIRELESS, LOCAL", "$0.37 per account a month, charged on one of its lines", "2001-07-01 to 2006-06-30", "A.R.S. 42-5252(A)(1)"},
		{"WI", "WIRELESS, VOIP, LOCAL", "$0.75 per line a month on the first 10 lines of an account, $0.075 on each line beyond", "from 2009-09-01",
			"Wis. Stat. 196.025(6)"},
		{"NY", "WIRELESS", "$1.20 per line a month", "from 2017-12-01", "Tax Law 186-f"},
		{"MD", "WIRELESS, VOIP, LOCAL", "$0.50 per line a month", "from 2022-10-01", "Public Safety 1-310"},
		{"WA", "WIRELESS, VOIP, LOCAL", "$0.25 per line a month", "from 2011-01-01", "RCW 82.14B.030"},
		{"CO", "WIRELESS, VOIP, LOCAL", "$0.10 per line a month", "2021-01-01 to 2021-12-31", "C.R.S. 29-11-102.3"},
		{"MI", "WIRELESS, LOCAL", "$0.19 per line a month", "2008-07-01 to 2017-12-31", "MCL 484.1401a"},
		{"CA", "WIRELESS, VOIP, LOCAL", "$0.30 per line a month", "2020-01-01 to 2024-12-31", "cdtfa.ca.gov/taxes-and-fees/mts.htm"},
		{"CA", "WIRELESS, VOIP, LOCAL", "$0.41 per line a month", "2025-01-01 to 2025-12-31", "Rev. & Tax. Code 41020, 41030"},
	} {
		row := "| E911 | US-" + want.st + " | " + want.types + " | " + want.charge + " | " + want.from + " | "
		i := strings.Index(doc, row)
		if i < 0 {
			t.Errorf("%s: no row %q in %s", want.st, row, commsDoc)
			continue
		}
		line := doc[i:]
		line = line[:strings.IndexByte(line, '\n')]
		if !strings.Contains(line, want.cite) {
			t.Errorf("%s: row without its citation %q: %s", want.st, want.cite, line)
		}
	}
	m := regexp.MustCompile(`one of these (\d+) states or territories is charged no 911 fee and says so \(tax-not-computed\): ([A-Z, ]+)\.`).
		FindStringSubmatch(doc)
	if m == nil {
		t.Fatalf("no list of the states Levy lacks in %s", commsDoc)
	}
	lacking := strings.Split(m[2], ", ")
	for _, st := range lacking {
		switch st {
		case "TX", "FL", "AR", "WV", "GU", "MT", "NM", "DC", "RI", "HI", "VA", "IA", "AZ", "WI", "NY", "MD", "WA", "CO", "MI", "CA":
			t.Errorf("%s has a 911 fee but is listed as lacking one: %s", st, m[2])
		}
	}
	if m[1] != "20" || len(lacking) != 20 {
		t.Errorf("%s states lacking (%d listed), want 20: %s", m[1], len(lacking), m[2])
	}
	for _, st := range []string{"SC", "MS", "NE", "AK", "KS", "NH", "GA", "IL", "DE", "PR"} {
		if !strings.Contains(", "+m[2]+",", ", "+st+",") {
			t.Errorf("%s, which has no row, is not listed as lacking: %s", st, m[2])
		}
	}
}

// TestCommsOverAmountRefused checks that the generator refuses an
// over_amount it could not charge, naming the column: one on a fee
// without max_lines (no lines are beyond a limit), one of a fee of the
// revenue, and one that is not an amount above zero; and that a fee with
// both is written with its tiers in COMMUNICATIONS.md.
func TestCommsOverAmountRefused(t *testing.T) {
	gen := func(row string) (*gen, error) { return genCommsRow(t, row) }
	for _, row := range []string{
		`E911,US-WI,WIRELESS,per-line,,0.75,2009-09-01,,,0.075,"no limit"`,
		`FET,US,LOCAL,revenue,0.03,,,,,0.01,"a rate"`,
		`E911,US-WI,WIRELESS,per-line,,0.75,2009-09-01,,10,0,"zero"`,
		`E911,US-WI,WIRELESS,per-line,,0.75,2009-09-01,,10,-0.075,"negative"`,
		`E911,US-WI,WIRELESS,per-line,,0.75,2009-09-01,,10,abc,"not a number"`,
	} {
		if _, err := gen(row); err == nil || !strings.Contains(err.Error(), "over_amount") {
			t.Errorf("%s: error %v, want one naming over_amount", row, err)
		}
	}
	g, err := gen(`E911,US-WI,WIRELESS;LOCAL,per-line,,0.75,2009-09-01,,10,0.075,"tiers"`)
	if err != nil {
		t.Fatal(err)
	}
	if doc := string(g.docs[commsDoc]); !strings.Contains(doc,
		"| E911 | US-WI | WIRELESS, LOCAL | $0.75 per line a month on the first 10 lines of an account, $0.075 on each line beyond | from 2009-09-01 | tiers |") {
		t.Errorf("the fee's row is not written with its tiers:\n%s", doc)
	}
}

// TestComms911LackingNotes checks the notes on the states whose 911
// fees Levy lacks: each is written under the list of those states, for
// a state on that list, every state on the list has one (Georgia's
// charge being local, Illinois's statewide surcharge leaving Chicago
// out, American Samoa collecting none), and the generator refuses a
// note on a state that has a 911 fee in the taxes table, on a code that
// is not a US state, on a state given twice and without text, naming
// the file.
func TestComms911LackingNotes(t *testing.T) {
	g, err := genCommsWith(t, nil)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(g.docs[commsDoc])
	m := regexp.MustCompile(`charged no 911 fee and says so \(tax-not-computed\): ([A-Z, ]+)\.`).FindStringSubmatch(doc)
	if m == nil {
		t.Fatalf("no list of the states Levy lacks in %s", commsDoc)
	}
	lacking := ", " + m[1] + ","
	notes := regexp.MustCompile(`(?m)^- ([A-Z]{2}): (.+)$`).FindAllStringSubmatch(doc[strings.Index(doc, "## States whose 911 fees Levy lacks"):], -1)
	noted := map[string]bool{}
	for _, n := range notes {
		noted[n[1]] = true
		if !strings.Contains(lacking, ", "+n[1]+",") {
			t.Errorf("a note on %s, which is not listed as lacking: %s", n[1], m[1])
		}
	}
	for _, st := range strings.Split(m[1], ", ") {
		if !noted[st] {
			t.Errorf("%s is listed as lacking but has no note saying why", st)
		}
	}
	for _, want := range []struct{ st, text string }{
		{"AK", "AS 29.35.131(a)"},
		{"AS", "general fund"},
		{"GA", "O.C.G.A. 46-5-133"},
		{"ID", "Idaho Code 31-4804"},
		{"IL", "outside Chicago"},
		{"LA", "R.S. 33:9106"},
		{"MO", "RSMo 190.460"},
		{"MP", "no 9-1-1 fees or charges"},
		{"ND", "N.D.C.C. 57-40.6-02"},
		{"NV", "NRS 244A.7643"},
		{"SC", "S.C. Code 23-47-50(F)"},
		{"VI", "Emergency Services Surcharge"},
		{"VT", "Vermont Universal Service Fund"},
		{"WY", "W.S. 16-9-103(b)"},
	} {
		found := false
		for _, n := range notes {
			found = found || n[1] == want.st && strings.Contains(n[2], want.text)
		}
		if !found {
			t.Errorf("no note on %s naming %q", want.st, want.text)
		}
	}

	for _, c := range []struct{ file, rows, want string }{
		{commsLackingFile, `US-WI,"has a fee"`, "has a 911 fee"},
		{commsLackingFile, `US-XX,"no such state"`, "not a US state"},
		{commsLackingFile, `GA,"no country"`, "not a US state"},
		{commsLackingFile, "US-GA,a\nUS-GA,b", "given twice"},
		{commsLackingFile, `US-GA,""`, "no note"},
		{commsPrepaidLackingFile, `US-TX,"has a charge"`, "has a prepaid charge"},
		{commsPrepaidLackingFile, `US-MO,""`, "no note"},
	} {
		_, err := genCommsWith(t, map[string]string{c.file: "jurisdiction,note\n" + c.rows + "\n"})
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), c.file) {
			t.Errorf("%s: error %v, want one naming %s and %q", c.rows, err, c.file, c.want)
		}
	}
}

// genCommsWith runs the communications generator over the curated
// tables, each file of replace (a name of commsLineTypesFile, ...)
// standing in for the curated one (none: the curated tables as they
// are), for the tests of what it writes and what it refuses.
func genCommsWith(t *testing.T, replace map[string]string) (*gen, error) {
	t.Helper()
	curated, err := fs.Sub(curatedFiles, "curated")
	if err != nil {
		t.Fatal(err)
	}
	files := fstest.MapFS{}
	for _, name := range []string{commsLineTypesFile, commsUSFFile, commsTaxesFile, commsLackingFile, commsPrepaidLackingFile} {
		b, err := fs.ReadFile(curated, name)
		if err != nil {
			t.Fatal(err)
		}
		if r, ok := replace[name]; ok {
			b = []byte(r)
		}
		files[name] = &fstest.MapFile{Data: b}
	}
	g := &gen{curated: files, files: map[string][]byte{}, docs: map[string][]byte{}}
	return g, genComms(g)
}

// genCommsRow runs the communications generator over the curated line
// types and USF factors and a taxes table of one row, with no states
// listed as lacking, for the tests of the rows it refuses.
func genCommsRow(t *testing.T, row string) (*gen, error) {
	t.Helper()
	return genCommsWith(t, map[string]string{
		commsTaxesFile:          "tax,jurisdiction,line_types,basis,rate,amount,effective,expiration,max_lines,over_amount,citation\n" + row + "\n",
		commsLackingFile:        "jurisdiction,note\n",
		commsPrepaidLackingFile: "jurisdiction,note\n",
	})
}

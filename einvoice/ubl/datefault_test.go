package ubl

import (
	"os"
	"strings"
	"testing"
)

// TestDateFault: PEPPOL-EN16931-F001 tells a date of the form YYYY-MM-DD
// that is no day of the calendar apart from a text of another form, and
// says why, so that the sender of 2026-02-30 is not told to use the
// form it used.
func TestDateFault(t *testing.T) {
	for _, c := range []struct{ date, want string }{
		{"2026-02-30", "is not a day of the calendar: February 2026 has 28 days"},
		{"2024-02-30", "is not a day of the calendar: February 2024 has 29 days"},
		{"2025-05-32", "is not a day of the calendar: May 2025 has 31 days"},
		{"2026-13-01", "is not a day of the calendar: there is no month 13"},
		{"2026-06-00", "is not a day of the calendar: there is no day 0"},
		{"14.03.2025", "is not of the form YYYY-MM-DD"},
		{"2025-03-14+01:00", "is not of the form YYYY-MM-DD"},
		{"2024-02-29", ""},
	} {
		if got := dateFault(c.date); got != c.want {
			t.Errorf("dateFault(%q) = %q, want %q", c.date, got, c.want)
		}
		if got := validDate(c.date); got != (c.want == "") {
			t.Errorf("validDate(%q) = %v", c.date, got)
		}
	}
}

// TestDateFaultOfBothSyntaxes: the date rules outside Peppol (FORMAT,
// from the UBL schema's xsd:date) and of CII (CII-DT-097, format 102)
// tell a date of the right form that is no day of the calendar apart
// from a text of another form, and say why, as PEPPOL-EN16931-F001 does.
// Before, FORMAT asked for a real date of the form the text had, and
// CII-DT-097 told 20261302 that it was not of the form YYYYMMDD and
// accepted 20260230, reading an invoice issued on a day that does not
// exist.
func TestDateFaultOfBothSyntaxes(t *testing.T) {
	ubl, err := os.ReadFile("testdata/invoice.xml")
	if err != nil {
		t.Fatal(err)
	}
	cii := string(ciiBase(t, "cii-de-base"))
	const (
		ublIssue = "<cbc:IssueDate>2025-03-14</cbc:IssueDate>"
		ciiIssue = `<udt:DateTimeString format="102">20260302</udt:DateTimeString>`
	)
	for _, c := range []struct {
		name       string
		doc        string
		old, new   string
		sets       RuleSets
		code, want string // the one fatal problem's code and what its message says; "" for none
	}{
		{"UBL, February 30", string(ubl), ublIssue, "<cbc:IssueDate>2026-02-30</cbc:IssueDate>", RulesEN16931,
			"FORMAT", `cbc:IssueDate "2026-02-30" is not a day of the calendar: February 2026 has 28 days`},
		{"UBL, February 29 of 2025 with a zone", string(ubl), ublIssue, "<cbc:IssueDate>2025-02-29+01:00</cbc:IssueDate>", RulesEN16931,
			"FORMAT", `"2025-02-29+01:00" is not a day of the calendar: February 2025 has 28 days`},
		{"UBL, month 13", string(ubl), ublIssue, "<cbc:IssueDate>2026-13-01</cbc:IssueDate>", RulesEN16931,
			"FORMAT", `"2026-13-01" is not a day of the calendar: there is no month 13`},
		{"UBL, another form", string(ubl), ublIssue, "<cbc:IssueDate>14.03.2025</cbc:IssueDate>", RulesEN16931,
			"FORMAT", `"14.03.2025" is not a real date of the form YYYY-MM-DD`},
		{"UBL, no day and a wrong zone", string(ubl), ublIssue, "<cbc:IssueDate>2026-02-30+0100</cbc:IssueDate>", RulesEN16931,
			"FORMAT", `"2026-02-30+0100" is not a real date of the form YYYY-MM-DD`},
		{"UBL, February 29 of 2024", string(ubl), ublIssue, "<cbc:IssueDate>2024-02-29</cbc:IssueDate>", RulesEN16931, "", ""},
		{"CII, February 30", cii, ciiIssue, `<udt:DateTimeString format="102">20260230</udt:DateTimeString>`, RulesEN16931,
			"CII-DT-097", `the date "20260230" of format 102 is not a day of the calendar: February 2026 has 28 days`},
		{"CII, April 31", cii, ciiIssue, `<udt:DateTimeString format="102">20260431</udt:DateTimeString>`, RulesEN16931,
			"CII-DT-097", `"20260431" of format 102 is not a day of the calendar: April 2026 has 30 days`},
		{"CII, month 13", cii, ciiIssue, `<udt:DateTimeString format="102">20261302</udt:DateTimeString>`, RulesEN16931,
			"CII-DT-097", `"20261302" of format 102 is not a day of the calendar: there is no month 13`},
		{"CII, day 0", cii, ciiIssue, `<udt:DateTimeString format="102">20260200</udt:DateTimeString>`, RulesEN16931,
			"CII-DT-097", `"20260200" of format 102 is not a day of the calendar: there is no day 0`},
		{"CII, another form", cii, ciiIssue, `<udt:DateTimeString format="102">2026-03-02</udt:DateTimeString>`, RulesEN16931,
			"CII-DT-097", `"2026-03-02" of format 102 is not of the form YYYYMMDD`},
		{"CII, seven digits", cii, ciiIssue, `<udt:DateTimeString format="102">2026032</udt:DateTimeString>`, RulesEN16931,
			"CII-DT-097", `"2026032" of format 102 is not of the form YYYYMMDD`},
		{"CII, February 29 of 2024 in white space", cii, ciiIssue, `<udt:DateTimeString format="102"> 20240229 </udt:DateTimeString>`, RulesEN16931, "", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			if !strings.Contains(c.doc, c.old) {
				t.Fatalf("the test document has no %s", c.old)
			}
			d, err := Read([]byte(strings.Replace(c.doc, c.old, c.new, 1)))
			if err != nil {
				t.Fatal(err)
			}
			var fatal []Problem
			for _, p := range d.CheckWith(c.sets) {
				if p.Flag == Fatal {
					fatal = append(fatal, p)
				}
			}
			switch {
			case c.code == "" && len(fatal) > 0:
				t.Errorf("a real date is refused: %v", fatal)
			case c.code != "" && (len(fatal) != 1 || fatal[0].Code != c.code || !strings.Contains(fatal[0].Message, c.want)):
				t.Errorf("fatal problems %v, want one %s saying %q", fatal, c.code, c.want)
			}
		})
	}
}

package ubl

import (
	"os"
	"strings"
	"testing"
)

// TestDateWithTimeZone: outside Peppol, a date is checked against the UBL
// schema, whose udt:DateType is an xsd:date: a real date YYYY-MM-DD
// followed, or not, by a time zone (Z, +hh:mm, -hh:mm up to 14:00). CEN's
// artefacts accept 2025-03-14+01:00 as an issue date; Levy refused it as
// FORMAT. Peppol still refuses it (PEPPOL-EN16931-F001), and a time zone
// that xsd:date does not allow is still FORMAT.
func TestDateWithTimeZone(t *testing.T) {
	doc, err := os.ReadFile("testdata/invoice.xml")
	if err != nil {
		t.Fatal(err)
	}
	issue := "<cbc:IssueDate>2025-03-14</cbc:IssueDate>"
	due := "<cbc:DueDate>2025-04-13</cbc:DueDate>"
	for _, c := range []struct {
		name, old, new string
		sets           RuleSets
		want           string // the one fatal code, "" for none
	}{
		{"issue date +01:00", issue, "<cbc:IssueDate>2025-03-14+01:00</cbc:IssueDate>", RulesEN16931, ""},
		{"issue date Z", issue, "<cbc:IssueDate>2025-03-14Z</cbc:IssueDate>", RulesEN16931, ""},
		{"due date -05:00", due, "<cbc:DueDate>2025-04-13-05:00</cbc:DueDate>", RulesEN16931, ""},
		{"due date +14:00", due, "<cbc:DueDate>2025-04-13+14:00</cbc:DueDate>", RulesEN16931, ""},
		{"zone past 14:00", issue, "<cbc:IssueDate>2025-03-14+14:30</cbc:IssueDate>", RulesEN16931, "FORMAT"},
		{"zone without colon", issue, "<cbc:IssueDate>2025-03-14+0100</cbc:IssueDate>", RulesEN16931, "FORMAT"},
		{"zone with 60 minutes", issue, "<cbc:IssueDate>2025-03-14+01:60</cbc:IssueDate>", RulesEN16931, "FORMAT"},
		{"impossible date with zone", issue, "<cbc:IssueDate>2025-02-29Z</cbc:IssueDate>", RulesEN16931, "FORMAT"},
		{"time zone in Peppol", issue, "<cbc:IssueDate>2025-03-14+01:00</cbc:IssueDate>", RulesPeppol, "PEPPOL-EN16931-F001"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if !strings.Contains(string(doc), c.old) {
				t.Fatalf("the test document has no %s", c.old)
			}
			d, err := Read([]byte(strings.Replace(string(doc), c.old, c.new, 1)))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, p := range d.CheckWith(c.sets) {
				if p.Flag == Fatal {
					got = append(got, p.Code)
				}
			}
			want := []string{}
			if c.want != "" {
				want = []string{c.want}
			}
			if strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("fatal problems %v, want %v", got, want)
			}
		})
	}
}

// TestCalendarDate: the date part of a UBL date, time zone left out.
func TestCalendarDate(t *testing.T) {
	for in, want := range map[string]string{
		"2025-03-14": "2025-03-14", "2025-03-14Z": "2025-03-14", "2025-03-14-11:30": "2025-03-14",
		"2025-03-14+15:00": "", "2025-03-14T10:00:00": "", "14.03.2025": "", "": "",
	} {
		got, ok := CalendarDate(in)
		if got != want || ok != (want != "") {
			t.Errorf("CalendarDate(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
}

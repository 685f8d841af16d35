package datagen

import (
	"bytes"
	"encoding/csv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
)

// electionsHeader is the header of internal/datagen/curated/us-local-elections.csv.
var electionsHeader = []string{"state", "jurisdiction", "name", "classes", "effective", "expiration", "as_of", "status", "citation", "decision"}

// goodElection is a row that passes every check, as a map of the header.
func goodElection() map[string]string {
	return map[string]string{"state": "NY", "jurisdiction": "US-36079", "name": "Putnam County", "classes": "CLOTHING FORMAL_CLOTHING",
		"effective": "2024-03-01", "expiration": "2026-02-28", "status": "decided", "citation": "Publication 718-C",
		"decision": "Putnam elected the exemption for two years."}
}

// electionsGen returns a generator whose curated elections table holds
// rows.
func electionsGen(t *testing.T, rows ...map[string]string) *gen {
	t.Helper()
	return curatedTableGen(t, localElectionsSrc, electionsHeader, rows...)
}

// curatedTableGen returns a generator whose curated file name holds a
// table of header and rows, each row a map of its cells by column.
func curatedTableGen(t *testing.T, name string, header []string, rows ...map[string]string) *gen {
	t.Helper()
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Write(header)
	for _, r := range rows {
		rec := make([]string, len(header))
		for i, h := range header {
			rec[i] = r[h]
		}
		w.Write(rec)
	}
	w.Flush()
	if err := w.Error(); err != nil {
		t.Fatal(err)
	}
	g, err := newGen(Config{})
	if err != nil {
		t.Fatal(err)
	}
	g.curated = fstest.MapFS{name: &fstest.MapFile{Data: b.Bytes()}}
	return g
}

// TestReadLocalElections checks the table's checks: each bad row fails
// with an error that names its line and what is wrong.
func TestReadLocalElections(t *testing.T) {
	rows, err := readLocalElections(electionsGen(t, goodElection()))
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 1 || rows[0].juris != "US-36079" || len(rows[0].classes) != 2 || rows[0].period.Expiration != civil.MustParse("2026-02-28") {
		t.Fatalf("read %+v", rows)
	}
	for _, c := range []struct {
		change map[string]string
		want   string
	}{
		{map[string]string{"state": "XX"}, "unknown state"},
		{map[string]string{"jurisdiction": "US-NY"}, "not the ID of a local jurisdiction"},
		{map[string]string{"jurisdiction": "US-36*"}, "not the ID of a local jurisdiction"},
		{map[string]string{"classes": ""}, "no classes"},
		{map[string]string{"classes": "CLOTHING SOCKS"}, `class "SOCKS"`},
		{map[string]string{"expiration": "2020-01-01"}, "ends before it starts"},
		{map[string]string{"effective": ""}, "as_of"},
		{map[string]string{"status": "sources"}, "status"},
		{map[string]string{"citation": ""}, "citation"},
		{map[string]string{"decision": ""}, "reason"},
		{map[string]string{"effective": "2024-3-1"}, "effective"},
	} {
		r := goodElection()
		for k, v := range c.change {
			r[k] = v
		}
		_, err := readLocalElections(electionsGen(t, r))
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), localElectionsSrc+":2") {
			t.Errorf("%v: %v, want an error at line 2 naming %q", c.change, err, c.want)
		}
	}
	// Two rows of a jurisdiction and a class that overlap.
	second := goodElection()
	second["effective"], second["expiration"], second["classes"] = "2026-01-01", "", "FORMAL_CLOTHING"
	if _, err := readLocalElections(electionsGen(t, goodElection(), second)); err == nil || !strings.Contains(err.Error(), "overlaps") {
		t.Errorf("overlapping rows: %v", err)
	}
}

// TestAttachElections checks that the elections go to the cells whose
// local taxes say elected, and the checks against the jurisdictions of
// the committed dataset: a cell elected without an election, an election
// of no elected cell, an unknown jurisdiction, one of another state and a
// name that is not the dataset's are refused.
func TestAttachElections(t *testing.T) {
	juris, err := data.Default().Jurisdictions()
	if err != nil {
		t.Fatal(err)
	}
	parent := namedIn(juris)
	rows, err := readLocalElections(electionsGen(t, goodElection()))
	if err != nil {
		t.Fatal(err)
	}
	cells := func() []usCell {
		return []usCell{
			{state: "NY", class: "CLOTHING", spec: taxSpec{taxable: true, local: localElected}},
			{state: "NY", class: "FORMAL_CLOTHING", spec: taxSpec{taxable: true, local: localElected}},
			{state: "NY", class: "GENERAL", spec: taxSpec{taxable: true, local: localSame}},
		}
	}
	got, err := attachElections(cells(), rows, parent)
	if err != nil {
		t.Fatal(err)
	}
	if len(got[0].elected) != 1 || len(got[1].elected) != 1 || len(got[2].elected) != 0 {
		t.Fatalf("attached %+v", got)
	}
	if recs := electionRecords(got[0]); len(recs) != 1 || recs[0].Jurisdiction != "US-36079" || recs[0].Citation == "" {
		t.Errorf("records %+v", recs)
	}
	lone := cells()
	lone = append(lone, usCell{state: "NY", class: "ATHLETIC_CLOTHING", spec: taxSpec{taxable: true, local: localElected}})
	if _, err := attachElections(lone, rows, parent); err == nil || !strings.Contains(err.Error(), "ATHLETIC_CLOTHING") {
		t.Errorf("an elected cell without an election: %v", err)
	}
	if _, err := attachElections(cells()[2:], rows, parent); err == nil || !strings.Contains(err.Error(), "no cell") {
		t.Errorf("an election of no elected cell: %v", err)
	}
	for _, c := range []struct {
		change map[string]string
		want   string
	}{
		{map[string]string{"jurisdiction": "US-36999"}, "no jurisdiction US-36999"},
		{map[string]string{"jurisdiction": "US-48201", "name": "Harris County"}, "does not lie in NY"},
		{map[string]string{"name": "Westchester County"}, `not "Westchester County"`},
	} {
		r := goodElection()
		for k, v := range c.change {
			r[k] = v
		}
		rs, err := readLocalElections(electionsGen(t, r))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := attachElections(cells(), rs, parent); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want %q", c.change, err, c.want)
		}
	}
}

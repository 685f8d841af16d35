package datagen

import (
	"strings"
	"testing"
)

// TestReadAddedNatures checks the curated nature of transaction codes: a
// code of 2022 the source lacks is added; a code the source lists
// already, one listed twice, one outside 11 to 99 and one without its
// citation are each refused naming the row.
func TestReadAddedNatures(t *testing.T) {
	header := []string{"code", "description", "citation"}
	source := []codedName{{11, "sale"}, {99, "other"}}
	row := func(code, cite string) map[string]string {
		return map[string]string{"code": code, "description": "recorded for national purposes", "citation": cite}
	}
	got, err := readAddedNatures(curatedTableGen(t, intrastatNaturesAddedFile, header, row("60", "Regulation (EU) 2020/1197")), source)
	if err != nil || len(got) != 1 || got[0].code != 60 {
		t.Fatalf("added %+v, %v; want code 60", got, err)
	}
	for name, rows := range map[string][]map[string]string{
		"row 2: code 11 is listed already": {row("11", "x")},
		"row 3: code 60 is listed already": {row("60", "x"), row("60", "x")},
		"row 2: \"100\" is not a code":     {row("100", "x")},
		"row 2: code 60 needs":             {row("60", "")},
	} {
		_, err := readAddedNatures(curatedTableGen(t, intrastatNaturesAddedFile, header, rows...), source)
		if err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("%s: error %v", name, err)
		}
	}
}

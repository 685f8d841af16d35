package rules

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
)

// TestWithholdingExample reads the example rule file and applies its
// withholding to the lines it names.
func TestWithholdingExample(t *testing.T) {
	f, err := os.Open("examples/withholding-kenya-services-from-abroad.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rf, err := ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	ws, err := CompileWithholdings(rf.Withholdings)
	if err != nil {
		t.Fatal(err)
	}
	if ws.Len() != 1 || ws.At(0).Rate.String() != "0.2" {
		t.Fatalf("withholdings %+v", rf.Withholdings)
	}
	d := civil.MustParse("2026-06-01")
	for _, c := range []struct {
		env    Env
		abroad bool
		want   bool
	}{
		{Env{ProductClass: "PROFESSIONAL_SERVICES", BusinessCustomer: true}, true, true},
		{Env{ProductClass: "PROFESSIONAL_SERVICES", BusinessCustomer: true}, false, false}, // a seller at home
		{Env{ProductClass: "PROFESSIONAL_SERVICES"}, true, false},                          // a consumer withholds nothing
		{Env{ProductClass: "GENERAL", BusinessCustomer: true}, true, false},
	} {
		got, err := ws.Applies(context.Background(), 0, &c.env, d, c.abroad)
		if err != nil || got != c.want {
			t.Errorf("%+v abroad %v: %v %v, want %v", c.env, c.abroad, got, err, c.want)
		}
	}
}

// TestWithholdingFaults refuses malformed withholdings, naming them.
func TestWithholdingFaults(t *testing.T) {
	for _, src := range []string{
		`{"version": 1, "withholdings": [{"id": "w", "jurisdiction": "KE", "tax": "WHT", "withholdingType": "X", "rate": "0.2", "colour": "red"}]}`,
	} {
		if _, err := ReadFile(strings.NewReader(src)); err == nil || !strings.Contains(err.Error(), "colour") {
			t.Errorf("%s: %v", src, err)
		}
	}
	for _, w := range []Withholding{
		{ID: "a", Jurisdiction: "KE*", Tax: "WHT", WithholdingType: "X"},
		{ID: "b", Jurisdiction: "KE", WithholdingType: "X"},
		{ID: "c", Jurisdiction: "KE", Tax: "WHT", WithholdingType: "X", Perspective: "OWNER"},
	} {
		if _, err := CompileWithholdings([]Withholding{w}); err == nil || !strings.Contains(err.Error(), "withholding "+w.ID) {
			t.Errorf("%s: %v", w.ID, err)
		}
	}
	w := Withholding{ID: "d", Jurisdiction: "KE", Tax: "WHT", WithholdingType: "X"}
	w.Rate = dec("0.1")
	if _, err := CompileWithholdings([]Withholding{w, w}); err == nil || !strings.Contains(err.Error(), "twice") {
		t.Errorf("a repeated ID: %v", err)
	}
}

package profile_test

import (
	"testing"

	"github.com/levytax/levy/data"
	"github.com/levytax/levy/profile"
)

// TestCoversBrazilianMunicipalities: every Brazilian municipality of the
// dataset is covered by the state it lies in, and by no other state, so
// that a certificate of a state covers the taxes of its municipalities
// (the ISS, the municipal IBS) as a US state's covers its cities.
func TestCoversBrazilianMunicipalities(t *testing.T) {
	js, err := data.Default().Jurisdictions()
	if err != nil {
		t.Fatal(err)
	}
	var states []string
	for _, j := range js.All() {
		if j.Country == "BR" && j.Parent == "BR" {
			states = append(states, j.ID)
		}
	}
	if len(states) != 27 {
		t.Fatalf("%d Brazilian states in the dataset: %v", len(states), states)
	}
	n := 0
	for _, j := range js.All() {
		if j.Country != "BR" || j.Parent == "BR" || j.ID == "BR" {
			continue
		}
		n++
		for _, st := range states {
			if got, want := profile.Covers(st, j.ID), st == j.Parent; got != want {
				t.Errorf("Covers(%s, %s %s, in %s) = %v", st, j.ID, j.Name, j.Parent, got)
			}
		}
	}
	if n < 5000 {
		t.Errorf("%d Brazilian municipalities in the dataset", n)
	}
}

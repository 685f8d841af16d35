package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/levytax/levy/internal/srcdata"
)

// TestCommittedCrosswalksAreUpToDate regenerates the crosswalks from the
// sources and checks that the committed files are what the generator
// writes now: nobody edited them by hand, and the rules still find every
// code they name in the sources.
func TestCommittedCrosswalksAreUpToDate(t *testing.T) {
	src := srcdata.Need(t)
	files, err := Generate(src)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 2 {
		t.Fatalf("the generator wrote %d files, want 2", len(files))
	}
	for name, b := range files {
		committed, err := os.ReadFile(filepath.Join("..", "..", name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(committed, b) {
			t.Errorf("profile/%s differs from the generator's output: run go generate ./profile/...", name)
		}
	}
}

// TestRulesRefuseMistakes: a rule that names a code missing from the
// sources, or a class Levy does not have, stops the generator.
func TestRulesRefuseMistakes(t *testing.T) {
	src := srcdata.Need(t)
	saveTIC, saveHS := ticRules, hsRules
	t.Cleanup(func() { ticRules, hsRules = saveTIC, saveHS })
	for _, tc := range []struct {
		name string
		tic  []ticRule
		hs   []hsRule
	}{
		{"unknown TIC code", []ticRule{{from: "99999", class: "FOOD"}}, nil},
		{"unknown TIC class", []ticRule{{from: "40030", class: "GROCERIES"}}, nil},
		{"TIC code twice", []ticRule{{from: "40030", class: "FOOD"}, {from: "40010", to: "40030", class: "CANDY"}}, nil},
		{"unknown HS code", nil, []hsRule{{"0199", "FOOD", ""}}},
		{"HS code of bad length", nil, []hsRule{{"020", "FOOD", ""}}},
		{"unknown HS class", nil, []hsRule{{"02", "MEAT", ""}}},
		{"HS exclusion under nothing", nil, []hsRule{{"0301", "", ""}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ticRules, hsRules = tc.tic, tc.hs
			if _, err := Generate(src); err == nil {
				t.Fatal("the generator accepted the rule")
			} else {
				t.Log(err)
			}
		})
	}
}

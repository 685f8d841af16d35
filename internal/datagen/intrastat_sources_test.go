package datagen

import (
	"strings"
	"testing"

	"github.com/levytax/levy/internal/srcdata"
)

// TestIntrastatUnitDescriptionsHaveTheirSource: intrastat.lvd stores the
// English description of every supplementary unit, which the source
// folder took from OCA/intrastat-extrastat (intrastat_unit.xml at commit
// ae2e84fe64ed), not from the CN; SOURCES.md must say so where it lists
// the units file. It named only php-cncodes and "unit symbols of the CN".
func TestIntrastatUnitDescriptionsHaveTheirSource(t *testing.T) {
	src := srcdata.Need(t)
	g, err := newGen(Config{Src: src})
	if err != nil {
		t.Fatal(err)
	}
	if err := genIntrastat(g); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, s := range g.sources {
		if !strings.Contains(s.Files, intrastatUnitsFile) {
			continue
		}
		found = true
		for _, want := range []string{"description", "OCA/intrastat-extrastat", "ae2e84fe64ed"} {
			if !strings.Contains(s.What+" "+s.From, want) {
				t.Errorf("source %s, which lists %s: %q is not said (What: %s; From: %s)", s.Key, intrastatUnitsFile, want, s.What, s.From)
			}
		}
	}
	if !found {
		t.Errorf("no source lists %s", intrastatUnitsFile)
	}
}

package datagen

import (
	"fmt"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/internal/datagen/br"
)

// brazilFile is the generated file of the Brazilian tables (data.Brazil
// reads it).
const brazilFile = "brazil.lvd"

// addBrazil builds Brazil's content (package br): the states' and
// municipalities' jurisdictions go to the jurisdictions file, the tables
// to brazil.lvd, and their coverage is kept for COVERAGE.md.
func addBrazil(g *gen, b *ratesBuilder) error {
	res, err := br.Build(g.src)
	if err != nil {
		return err
	}
	for _, j := range res.Jurisdictions {
		if err := b.addJuris(j); err != nil {
			return err
		}
	}
	out, err := res.Tables.Encode()
	if err != nil {
		return err
	}
	g.emit(brazilFile, out)
	tables, err := data.NewBrazil(res.Tables)
	if err != nil {
		return err
	}
	cov := tables.Coverage(brazilCoverageDate, len(res.Jurisdictions)-27)
	g.brazilCoverage = cov.Markdown()
	for _, s := range res.Sources {
		g.addSource(Source{Key: s.Key, Files: s.Files, What: s.What, From: s.From, Licence: s.Licence, Attribution: s.Attribution})
	}
	g.log.Info("brazil", "jurisdictions", len(res.Jurisdictions), "ncm", len(res.Tables.NCM))
	return nil
}

// brazilCoverageDate is the day of the Brazilian coverage in
// COVERAGE.md: the day the states' rates were checked for.
var brazilCoverageDate = civil.MustParse("2026-11-01")

// brazilCoverageSection is the Brazil section of COVERAGE.md.
func (g *gen) brazilCoverageSection() string {
	if g.brazilCoverage == "" {
		return ""
	}
	var b strings.Builder
	b.WriteString("\n## Brazil\n\n")
	fmt.Fprintf(&b, "`levy data coverage --country BR` prints this for the dataset in use (`--date D` for another day), municipal ISS rates loaded as content included. ")
	b.WriteString(g.brazilCoverage)
	return b.String()
}

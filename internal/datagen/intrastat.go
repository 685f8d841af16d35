package datagen

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/levytax/levy/internal/binfmt"
)

// The intrastat file: kind "intrastat", format version 1; data/intrastat.go
// describes its body and reads it back.
const (
	intrastatKind    = "intrastat"
	intrastatVersion = 1
	// intrastatYear is the year of the Combined Nomenclature read.
	intrastatYear = 2026
)

// Source files of the intrastat step, relative to --src.
const (
	intrastatCN8File     = "intrastat/cn8-2026.csv"
	intrastatUnitsFile   = "intrastat/supplementary-units.csv"
	intrastatNaturesFile = "intrastat/nature-of-transaction.csv"
	intrastatModesFile   = "intrastat/transport-modes.csv"
)

// genIntrastat writes the code lists that stored Intrastat members are
// checked against and that levy journal intrastat declares with.
func genIntrastat(g *gen) error {
	units, err := readTableFile(g.srcFile(intrastatUnitsFile), intrastatUnitsFile, "code", "symbol", "description_en")
	if err != nil {
		return err
	}
	unitIndex := map[string]int{}
	w := binfmt.NewWriter(intrastatKind, intrastatVersion)
	w.Int(intrastatYear)
	w.Uvarint(uint64(len(units.Rows)))
	for i, row := range units.Rows {
		code := units.Get(row, "code")
		if code == "" || unitIndex[code] > 0 {
			return fmt.Errorf("%s: row %d: unit %q empty or given twice", intrastatUnitsFile, i+2, code)
		}
		unitIndex[code] = i + 1
		w.String(code)
		w.String(units.Get(row, "symbol"))
		w.String(units.Get(row, "description_en"))
	}
	cn8, err := readTableFile(g.srcFile(intrastatCN8File), intrastatCN8File, "cn8", "supplementary_unit")
	if err != nil {
		return err
	}
	type code struct {
		cn8  string
		unit int
	}
	codes := make([]code, 0, len(cn8.Rows))
	seen := map[string]bool{}
	for i, row := range cn8.Rows {
		c, u := cn8.Get(row, "cn8"), cn8.Get(row, "supplementary_unit")
		if len(c) != 8 || !allDigits(c) || seen[c] {
			return fmt.Errorf("%s: row %d: %q is not a new eight-digit code", intrastatCN8File, i+2, c)
		}
		seen[c] = true
		idx := 0
		if u != "" {
			if idx = unitIndex[u]; idx == 0 {
				return fmt.Errorf("%s: row %d: unit %q is not in %s", intrastatCN8File, i+2, u, intrastatUnitsFile)
			}
		}
		codes = append(codes, code{c, idx})
	}
	slices.SortFunc(codes, func(a, b code) int {
		switch {
		case a.cn8 < b.cn8:
			return -1
		case a.cn8 > b.cn8:
			return 1
		}
		return 0
	})
	w.Uvarint(uint64(len(codes)))
	for _, c := range codes {
		w.String(c.cn8)
		w.Int(c.unit)
	}
	natures, err := readCodeTable(g, intrastatNaturesFile, "description", 11, 99)
	if err != nil {
		return err
	}
	added, err := readAddedNatures(g, natures)
	if err != nil {
		return err
	}
	natures = append(natures, added...)
	slices.SortFunc(natures, func(a, b codedName) int { return a.code - b.code })
	modes, err := readCodeTable(g, intrastatModesFile, "name", 1, 9)
	if err != nil {
		return err
	}
	for _, list := range [][]codedName{natures, modes} {
		w.Uvarint(uint64(len(list)))
		for _, n := range list {
			w.Int(n.code)
			w.String(n.name)
		}
	}
	b, err := w.Finish()
	if err != nil {
		return fmt.Errorf("encode intrastat.lvd: %w", err)
	}
	g.emit("intrastat.lvd", b)
	g.addSource(Source{
		Key:   "intrastat-cn8",
		Files: intrastatCN8File + ", " + intrastatUnitsFile,
		What: fmt.Sprintf("the Combined Nomenclature %d: %d CN8 codes with the supplementary unit each requires, and the %d supplementary units "+
			"with their symbols and English descriptions; stored Intrastat members are checked against them and levy journal intrastat declares with them", intrastatYear, len(codes), len(units.Rows)),
		From: "xterr/php-cncodes Resources/cnCodes_2026.json at commit edf79ad347ce (from the EU Publications Office CN 2026 dataset); unit symbols of the CN; " +
			"unit descriptions as compiled by OCA/intrastat-extrastat intrastat_product/data/intrastat_unit.xml at commit ae2e84fe64ed (2024-09-16), as the source folder records",
		Licence:     "EU data (reuse allowed with attribution, Decision 2011/833/EU); packaging MIT; unit descriptions: facts of EU acts (the AGPL-3 module is not copied)",
		Attribution: "Combined Nomenclature 2026, © European Union; php-cncodes, Copyright (c) 2022 Ceana Razvan, MIT License",
	})
	g.addSource(Source{
		Key:   "intrastat-codes",
		Files: intrastatNaturesFile + ", " + intrastatModesFile,
		What:  fmt.Sprintf("the %d nature of transaction codes of 2022 (two digits) and the %d mode of transport codes of Intrastat", len(natures), len(modes)),
		From: "Commission Implementing Regulation (EU) 2020/1197, Annex I part C table 1 (nature of transaction), and the EU Intrastat mode of transport codes, " +
			"as compiled by OCA/intrastat-extrastat intrastat_product/data at commit ae2e84fe64ed",
		Licence: "facts of EU acts",
	})
	g.addSource(Source{
		Key:     "intrastat-natures-added",
		Files:   curatedRef + intrastatNaturesAddedFile,
		What:    fmt.Sprintf("the %d nature of transaction codes of 2022 that the source's list lacks (60, transactions recorded for national purposes), each with its citation", len(added)),
		From:    "Commission Implementing Regulation (EU) 2020/1197, Annex I part C table 1; the code list of Statistics Estonia",
		Licence: "facts of EU acts",
	})
	return nil
}

// intrastatNaturesAddedFile is the curated table of the nature of
// transaction codes of 2022 that intrastat/nature-of-transaction.csv
// lacks.
const intrastatNaturesAddedFile = "intrastat-natures-added.csv"

// readAddedNatures reads the curated nature of transaction codes, each a
// code of 2022 from 11 to 99 with its description and citation. A code
// the source already lists is refused, so that the curated row is
// dropped once the source gains it.
func readAddedNatures(g *gen, natures []codedName) ([]codedName, error) {
	rel := curatedRef + intrastatNaturesAddedFile
	t, err := readTableFile(g.curatedFile(intrastatNaturesAddedFile), rel, "code", "description", "citation")
	if err != nil {
		return nil, err
	}
	var out []codedName
	for i, row := range t.Rows {
		c, err := strconv.Atoi(t.Get(row, "code"))
		if err != nil || c < 11 || c > 99 {
			return nil, fmt.Errorf("%s: row %d: %q is not a code from 11 to 99", rel, i+2, t.Get(row, "code"))
		}
		known := func(x codedName) bool { return x.code == c }
		if slices.ContainsFunc(natures, known) || slices.ContainsFunc(out, known) {
			return nil, fmt.Errorf("%s: row %d: code %d is listed already (by %s or an earlier row); drop the row", rel, i+2, c, intrastatNaturesFile)
		}
		if t.Get(row, "description") == "" || t.Get(row, "citation") == "" {
			return nil, fmt.Errorf("%s: row %d: code %d needs a description and a citation", rel, i+2, c)
		}
		out = append(out, codedName{c, t.Get(row, "description")})
	}
	return out, nil
}

// codedName is a numeric code with its name.
type codedName struct {
	code int
	name string
}

// readCodeTable reads a table of numeric codes (column code) in [lo, hi]
// with their names (column name).
func readCodeTable(g *gen, rel, name string, lo, hi int) ([]codedName, error) {
	t, err := readTableFile(g.srcFile(rel), rel, "code", name)
	if err != nil {
		return nil, err
	}
	var out []codedName
	for i, row := range t.Rows {
		c, err := strconv.Atoi(t.Get(row, "code"))
		if err != nil || c < lo || c > hi || slices.ContainsFunc(out, func(x codedName) bool { return x.code == c }) {
			return nil, fmt.Errorf("%s: row %d: %q is not a new code from %d to %d", rel, i+2, t.Get(row, "code"), lo, hi)
		}
		out = append(out, codedName{c, t.Get(row, name)})
	}
	slices.SortFunc(out, func(a, b codedName) int { return a.code - b.code })
	return out, nil
}

// allDigits reports whether s is made of ASCII digits.
func allDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

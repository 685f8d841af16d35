// Command conformance compares Levy's verdicts on e-invoices with those
// of the official validation artefacts: CEN's EN 16931 validation
// artefacts (their precompiled XSLT, for UBL and, with -cen-cii-sef, for
// CII) and OpenPEPPOL's BIS Billing 3.0 Schematron (compiled to XSLT with
// SchXslt), all run with SaxonJS. With -peppol-cen-sef, a Peppol document
// is validated as the Peppol network validates it: with Peppol's two
// Schematron files, its own rules and its copy of the EN 16931 rules
// (rules/sch/CEN-EN16931-UBL.sch), instead of CEN's artefacts. It is not part of go test: it needs Node.js, the npm package
// xslt3 and the two repositories checked out at their pinned releases.
// docs/einvoicing-validation.md says how to set it up and run it.
//
// The corpus is every example document of both repositories, every test
// of their unit test sets (each embedded document, with the rule the test
// is about), Levy's own mutation corpus (einvoice/ubl/internal/corpus,
// UBL and CII), the e-invoices Levy renders from the golden EU
// calculations of the engine and from its own sales (package
// einvoice/internal/scenario), and, with -cen-cii-sef, CEN's CII examples
// and unit tests.
// For each document it prints where Levy and the artefacts disagree, then
// a table of agreement per category.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/levytax/levy/einvoice/internal/scenario"
	"github.com/levytax/levy/einvoice/ubl"
	"github.com/levytax/levy/einvoice/ubl/internal/corpus"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/journal"
)

func main() {
	cen := flag.String("cen", "", "checkout of ConnectingEurope/eInvoicing-EN16931 at validation-1.3.16")
	peppol := flag.String("peppol", "", "checkout of OpenPEPPOL/peppol-bis-invoice-3 at v3.0.19")
	cenSEF := flag.String("cen-sef", "", "the CEN UBL XSLT compiled with xslt3 -export")
	ciiSEF := flag.String("cen-cii-sef", "", "the CEN CII XSLT compiled with xslt3 -export; without it, the CII documents are left out")
	peppolSEF := flag.String("peppol-sef", "", "the Peppol UBL Schematron compiled with SchXslt, then with xslt3 -export")
	peppolCENSEF := flag.String("peppol-cen-sef", "", "Peppol's copy of the EN 16931 UBL Schematron (rules/sch/CEN-EN16931-UBL.sch) compiled the same way; with it, Peppol documents are validated with it instead of CEN's artefacts")
	nodeModules := flag.String("node-modules", "", "the directory where npm installed xslt3 (it holds node_modules)")
	work := flag.String("work", "", "a directory for the extracted test documents (default: a temporary one)")
	verbose := flag.Bool("v", false, "print every document, not only disagreements")
	baseline := flag.String("baseline", "", "JSON lines {\"file\", \"codes\"} of another build of Levy (every code fatal), to report its agreement too")
	list := flag.String("list", "", "write the paths of the corpus' documents to this file, one a line, and stop")
	flag.Parse()
	if *cen == "" || *peppol == "" || *cenSEF == "" || *peppolSEF == "" || *nodeModules == "" {
		flag.Usage()
		os.Exit(2)
	}
	dir := *work
	if dir == "" {
		d, err := os.MkdirTemp("", "levy-conformance-")
		if err != nil {
			log.Fatal(err)
		}
		defer os.RemoveAll(d)
		dir = d
	}
	cases, err := gather(*cen, *peppol, dir, *ciiSEF != "")
	if err != nil {
		log.Fatalf("conformance: %v", err)
	}
	if *list != "" {
		var b strings.Builder
		for _, c := range cases {
			b.WriteString(c.file + "\n")
		}
		if err := os.WriteFile(*list, []byte(b.String()), 0o644); err != nil {
			log.Fatal(err)
		}
		return
	}
	official, err := runOfficial(context.Background(), cases, *nodeModules, *cenSEF, *peppolSEF, *peppolCENSEF, *ciiSEF)
	if err != nil {
		log.Fatalf("conformance: %v", err)
	}
	report(os.Stdout, cases, official, levy, *verbose, true)
	if *baseline != "" {
		base, err := readBaseline(*baseline)
		if err != nil {
			log.Fatalf("conformance: %v", err)
		}
		fmt.Println("\nBaseline:")
		report(os.Stdout, cases, official, func(c testCase) map[string]string { return base[c.file] }, false, false)
	}
}

// readBaseline reads the verdicts of another build of Levy.
func readBaseline(path string) (map[string]map[string]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	out := map[string]map[string]string{}
	for _, line := range bytes.Split(data, []byte("\n")) {
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		var r struct {
			File  string   `json:"file"`
			Codes []string `json:"codes"`
		}
		if err := json.Unmarshal(line, &r); err != nil {
			return nil, fmt.Errorf("baseline: %w", err)
		}
		m := map[string]string{}
		for _, c := range r.Codes {
			m[c] = "fatal"
		}
		out[r.File] = m
	}
	return out, nil
}

// testCase is one document to validate.
type testCase struct {
	category string // the row of the report
	file     string
	cii      bool   // a CII document, which the CEN CII artefacts validate
	peppol   bool   // apply the Peppol rules too
	scope    string // for a unit test: the rule the test is about
	expect   string // for a unit test: "success" or "error"
}

// gather lists the documents of the corpus, writing the embedded ones of
// the unit tests and the mutation corpus under dir.
func gather(cen, peppol, dir string, withCII bool) ([]testCase, error) {
	var cases []testCase
	add := func(category, pattern string, peppolRules func([]byte) bool) error {
		files, err := filepath.Glob(pattern)
		if err != nil {
			return err
		}
		sort.Strings(files)
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				return err
			}
			if !isUBL(data) {
				continue
			}
			cases = append(cases, testCase{category: category, file: f, peppol: peppolRules(data)})
		}
		return nil
	}
	byCustomization := func(data []byte) bool { return bytes.Contains(data, []byte(ubl.PeppolCustomization)) }
	always := func([]byte) bool { return true }
	for _, g := range []struct {
		category, pattern string
		peppol            func([]byte) bool
	}{
		{"CEN examples", filepath.Join(cen, "ubl/examples/*.xml"), byCustomization},
		{"CEN examples", filepath.Join(cen, "ubl/examples/*.XML"), byCustomization},
		{"CEN test files", filepath.Join(cen, "test/testfiles/*.xml"), byCustomization},
		{"Peppol examples", filepath.Join(peppol, "rules/examples/*.xml"), always},
		{"Peppol examples", filepath.Join(peppol, "rules/national-examples/*/*.xml"), always},
	} {
		if err := add(g.category, g.pattern, g.peppol); err != nil {
			return nil, err
		}
	}
	units := []struct{ category, pattern string }{
		{"CEN unit tests", filepath.Join(cen, "test/Invoice-unit-UBL/*.xml")},
		{"CEN unit tests", filepath.Join(cen, "test/CreditNote-unit-UBL/*.xml")},
		{"Peppol unit tests", filepath.Join(peppol, "rules/unit-UBL-PEPPOL/*.xml")},
		{"Peppol national unit tests", filepath.Join(peppol, "rules/unit-UBL-[A-Z][A-Z]/*.xml")},
	}
	for _, u := range units {
		files, err := filepath.Glob(u.pattern)
		if err != nil {
			return nil, err
		}
		sort.Strings(files)
		for _, f := range files {
			tests, err := extractTests(f, dir)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", f, err)
			}
			for _, t := range tests {
				t.category = u.category
				t.peppol = strings.HasPrefix(u.category, "Peppol")
				if strings.Contains(filepath.Base(f), "PEPPOL") || t.peppol {
					if u.category == "Peppol unit tests" && !strings.HasPrefix(t.scope, "PEPPOL") && t.scope != "" {
						t.category = "Peppol unit tests"
					}
				}
				cases = append(cases, t)
			}
		}
	}
	mut := filepath.Join(dir, "mutations")
	if err := os.MkdirAll(mut, 0o755); err != nil {
		return nil, err
	}
	for _, d := range corpus.Documents() {
		f := filepath.Join(mut, d.Name+".xml")
		if err := os.WriteFile(f, d.XML, 0o644); err != nil {
			return nil, err
		}
		cases = append(cases, testCase{category: "Levy mutation corpus", file: f, peppol: byCustomization(d.XML)})
	}
	rendered, err := renderScenarios(filepath.Join(dir, "rendered"))
	if err != nil {
		return nil, err
	}
	for _, c := range rendered {
		if !c.cii || withCII {
			cases = append(cases, c)
		}
	}
	if !withCII {
		return cases, nil
	}
	files, err := filepath.Glob(filepath.Join(cen, "cii/examples/*.xml"))
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	for _, f := range files {
		cases = append(cases, testCase{category: "CEN CII examples", file: f, cii: true})
	}
	// CEN's CII test files are unit test sets, as the UBL ones.
	if files, err = filepath.Glob(filepath.Join(cen, "test/cii/*.xml")); err != nil {
		return nil, err
	}
	sort.Strings(files)
	for _, f := range files {
		tests, err := extractTests(f, dir)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		for _, t := range tests {
			t.category, t.cii = "CEN CII unit tests", true
			cases = append(cases, t)
		}
	}
	for _, d := range corpus.CIIDocuments() {
		f := filepath.Join(mut, d.Name+".xml")
		if err := os.WriteFile(f, d.XML, 0o644); err != nil {
			return nil, err
		}
		cases = append(cases, testCase{category: "Levy CII mutation corpus", file: f, cii: true})
	}
	return cases, nil
}

// renderScenarios calculates the sales of package scenario (the golden EU
// calculations of the engine, split per customer, and Levy's own), renders
// each stored invoice as UBL, UBL for Peppol and CII, and writes the
// documents under dir.
func renderScenarios(dir string) ([]testCase, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	ctx := context.Background()
	j := journal.NewMemory()
	e, err := engine.New(ctx, engine.WithJournal(j))
	if err != nil {
		return nil, err
	}
	results, err := scenario.Run(ctx, e, j, "engine/testdata/golden")
	if err != nil {
		return nil, err
	}
	var cases []testCase
	for _, r := range results {
		if r.Err != nil {
			if r.Refused == "" {
				return nil, fmt.Errorf("%s: %w", r.Name(), r.Err)
			}
			continue
		}
		f := filepath.Join(dir, r.Name()+".xml")
		if err := os.WriteFile(f, r.Rendered.Content, 0o644); err != nil {
			return nil, err
		}
		category := "Rendered invoices, UBL"
		switch r.Variant {
		case "peppol":
			category = "Rendered invoices, UBL Peppol"
		case "cii":
			category = "Rendered invoices, CII"
		}
		cases = append(cases, testCase{category: category, file: f, peppol: r.Rendered.Peppol, cii: r.Rendered.Syntax == ubl.SyntaxCII})
	}
	return cases, nil
}

// isUBL reports whether data is a UBL Invoice or CreditNote.
func isUBL(data []byte) bool {
	return bytes.Contains(data, []byte(ubl.NamespaceInvoice)) || bytes.Contains(data, []byte(ubl.NamespaceCreditNote))
}

var scopeRE = regexp.MustCompile(`<scope>\s*([^<\s]+)\s*</scope>`)

// extractTests writes each document embedded in a unit test set (the
// VEFA testSet format) to its own file, with the rule it tests.
func extractTests(file, dir string) ([]testCase, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	scope := ""
	if m := scopeRE.FindSubmatch(data); m != nil {
		scope = string(m[1])
	}
	dec := xml.NewDecoder(bytes.NewReader(data))
	var out []testCase
	var expect, ruleID string
	n := 0
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		switch {
		case se.Name.Local == "success" || se.Name.Local == "error" || se.Name.Local == "warning":
			var s string
			if err := dec.DecodeElement(&s, &se); err != nil {
				return nil, err
			}
			expect, ruleID = se.Name.Local, strings.TrimSpace(s)
		case (se.Name.Local == "Invoice" && se.Name.Space == ubl.NamespaceInvoice) || (se.Name.Local == "CreditNote" && se.Name.Space == ubl.NamespaceCreditNote) ||
			(se.Name.Local == ubl.RootCII && se.Name.Space == ubl.NamespaceRSM):
			start := dec.InputOffset()
			if err := dec.Skip(); err != nil {
				return nil, err
			}
			end := dec.InputOffset()
			doc := extractElement(data, start, end, se.Name.Local)
			n++
			name := fmt.Sprintf("%s-%d.xml", strings.TrimSuffix(filepath.Base(file), filepath.Ext(file)), n)
			sub := filepath.Join(dir, filepath.Base(filepath.Dir(file)))
			if err := os.MkdirAll(sub, 0o755); err != nil {
				return nil, err
			}
			path := filepath.Join(sub, name)
			if err := os.WriteFile(path, doc, 0o644); err != nil {
				return nil, err
			}
			rule := ruleID
			if rule == "" {
				rule = scope
			}
			out = append(out, testCase{file: path, scope: rule, expect: expect})
			expect, ruleID = "", ""
		}
	}
	return out, nil
}

// extractElement returns the element that ends at end in data, whose
// start tag ends at start, as a document of its own. The start tag is
// found by searching back for "<" and the local name; namespace
// declarations of the enclosing test set are not needed, the UBL
// documents declare their own.
func extractElement(data []byte, start, end int64, local string) []byte {
	head := data[:start]
	i := bytes.LastIndex(head, []byte("<"+local))
	if j := bytes.LastIndex(head, []byte(":"+local)); j > i {
		i = bytes.LastIndex(head[:j], []byte("<"))
	}
	var b bytes.Buffer
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	b.Write(data[i:end])
	b.WriteString("\n")
	return b.Bytes()
}

// officialResult is what one validator said about one document.
type officialResult struct {
	File      string `json:"file"`
	Validator string `json:"validator"`
	Failed    []struct {
		ID   string `json:"id"`
		Flag string `json:"flag"`
	} `json:"failed"`
	Error string `json:"error"`
}

// runOfficial runs validate.mjs over the corpus and returns, per file, the
// rules that failed and their flags. A Peppol document is validated with
// Peppol's copy of the EN 16931 rules when peppolCENSEF is not empty, and
// with CEN's artefacts otherwise.
func runOfficial(ctx context.Context, cases []testCase, nodeModules, cenSEF, peppolSEF, peppolCENSEF, ciiSEF string) (map[string]map[string]string, error) {
	script, err := scriptPath()
	if err != nil {
		return nil, err
	}
	var jobs bytes.Buffer
	for _, c := range cases {
		v := []string{"cen"}
		if c.peppol {
			if peppolCENSEF != "" {
				v[0] = "peppol-cen"
			}
			v = append(v, "peppol")
		}
		if c.cii {
			v = []string{"cii"}
		}
		line, _ := json.Marshal(map[string]any{"file": c.file, "validators": v})
		jobs.Write(line)
		jobs.WriteByte('\n')
	}
	args := []string{script, "cen=" + cenSEF, "peppol=" + peppolSEF}
	if peppolCENSEF != "" {
		args = append(args, "peppol-cen="+peppolCENSEF)
	}
	if ciiSEF != "" {
		args = append(args, "cii="+ciiSEF)
	}
	cmd := exec.CommandContext(ctx, "node", args...)
	cmd.Dir = nodeModules
	cmd.Stdin = &jobs
	cmd.Stderr = os.Stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start node: %w", err)
	}
	out := map[string]map[string]string{}
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var r officialResult
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return nil, fmt.Errorf("read validator output: %w", err)
		}
		m := out[r.File]
		if m == nil {
			m = map[string]string{}
			out[r.File] = m
		}
		if r.Error != "" {
			m["ERROR:"+r.Validator] = "fatal"
			fmt.Fprintf(os.Stderr, "%s: %s: %s\n", r.File, r.Validator, r.Error)
		}
		for _, f := range r.Failed {
			if f.Flag == "" {
				f.Flag = "fatal"
			}
			if m[f.ID] != "fatal" {
				m[f.ID] = f.Flag
			}
		}
	}
	if err := cmd.Wait(); err != nil {
		return nil, fmt.Errorf("node: %w", err)
	}
	return out, nil
}

// scriptPath finds validate.mjs beside this program's source.
func scriptPath() (string, error) {
	for _, p := range []string{"einvoice/ubl/internal/conformance/validate.mjs", "validate.mjs"} {
		if abs, err := filepath.Abs(p); err == nil {
			if _, err := os.Stat(abs); err == nil {
				return abs, nil
			}
		}
	}
	return "", errors.New("validate.mjs not found: run from the repository root")
}

// levy returns Levy's problems: the codes and flags of what Parse or
// Check reports.
func levy(c testCase) map[string]string {
	data, err := os.ReadFile(c.file)
	if err != nil {
		return map[string]string{"READ": "fatal"}
	}
	out := map[string]string{}
	parse := ubl.Parse
	if c.cii {
		parse = ubl.ParseCII
	}
	doc, err := parse(data)
	var fe *ubl.FormatError
	if errors.As(err, &fe) {
		for _, p := range fe.Problems {
			out[p.Code] = "fatal"
		}
		return out
	}
	sets := ubl.RulesEN16931
	if c.peppol {
		sets = ubl.RulesPeppol
	}
	for _, p := range doc.CheckWith(sets) {
		if out[p.Code] != "fatal" {
			out[p.Code] = string(p.Flag)
		}
	}
	return out
}

// fatalIDs returns the IDs flagged fatal.
func fatalIDs(m map[string]string) []string {
	var ids []string
	for id, f := range m {
		if f == "fatal" {
			ids = append(ids, id)
		}
	}
	sort.Strings(ids)
	return ids
}

// row counts the agreement of one category.
type row struct {
	docs, verdicts                 int
	valid, validAccepted           int
	invalid, invalidRefused, named int
	exact                          int
	units, unitsAgree              int
	levyOnly, officialOnly         map[string]int
}

func report(w io.Writer, cases []testCase, official map[string]map[string]string, levy func(testCase) map[string]string, verbose, details bool) {
	rows := map[string]*row{}
	var order []string
	for _, c := range cases {
		r := rows[c.category]
		if r == nil {
			r = &row{levyOnly: map[string]int{}, officialOnly: map[string]int{}}
			rows[c.category] = r
			order = append(order, c.category)
		}
		off := official[c.file]
		mine := levy(c)
		offFatal, mineFatal := fatalIDs(off), fatalIDs(mine)
		offValid, mineValid := len(offFatal) == 0, len(mineFatal) == 0
		r.docs++
		if offValid == mineValid {
			r.verdicts++
		}
		if offValid {
			r.valid++
			if mineValid {
				r.validAccepted++
			}
		} else {
			r.invalid++
			if !mineValid {
				r.invalidRefused++
				for _, id := range mineFatal {
					if off[id] == "fatal" {
						r.named++
						break
					}
				}
			}
		}
		same := strings.Join(offFatal, " ") == strings.Join(mineFatal, " ")
		if same {
			r.exact++
		}
		for _, id := range mineFatal {
			if off[id] != "fatal" {
				r.levyOnly[id]++
			}
		}
		for _, id := range offFatal {
			if mine[id] != "fatal" {
				r.officialOnly[id]++
			}
		}
		unitOK := true
		if c.scope != "" && c.expect != "" {
			r.units++
			offFired, mineFired := off[c.scope] != "", mine[c.scope] != ""
			unitOK = offFired == mineFired
			if unitOK {
				r.unitsAgree++
			}
		}
		if verbose || details && (!same || !unitOK) {
			fmt.Fprintf(w, "%s: %s", c.category, c.file)
			if c.scope != "" {
				fmt.Fprintf(w, " [%s %s]", c.expect, c.scope)
			}
			fmt.Fprintf(w, "\n  official: %s\n  levy:     %s\n", strings.Join(offFatal, " "), strings.Join(mineFatal, " "))
		}
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| Category | Documents | Same verdict | Valid accepted | Invalid refused | Refusals naming a rule that fired | Same fatal rule IDs | Unit tests: scoped rule agrees |")
	fmt.Fprintln(w, "| --- | --- | --- | --- | --- | --- | --- | --- |")
	var total row
	for _, name := range order {
		r := rows[name]
		units := "–"
		if r.units > 0 {
			units = fmt.Sprintf("%d/%d", r.unitsAgree, r.units)
		}
		fmt.Fprintf(w, "| %s | %d | %d (%s) | %d/%d | %d/%d | %d/%d | %d/%d | %s |\n", name, r.docs, r.verdicts, pct(r.verdicts, r.docs),
			r.validAccepted, r.valid, r.invalidRefused, r.invalid, r.named, r.invalidRefused, r.exact, r.docs, units)
		total.docs += r.docs
		total.verdicts += r.verdicts
		total.valid += r.valid
		total.validAccepted += r.validAccepted
		total.invalid += r.invalid
		total.invalidRefused += r.invalidRefused
		total.named += r.named
		total.exact += r.exact
		total.units += r.units
		total.unitsAgree += r.unitsAgree
	}
	fmt.Fprintf(w, "| **All** | %d | %d (%s) | %d/%d | %d/%d | %d/%d | %d/%d | %d/%d |\n", total.docs, total.verdicts, pct(total.verdicts, total.docs),
		total.validAccepted, total.valid, total.invalidRefused, total.invalid, total.named, total.invalidRefused, total.exact, total.docs, total.unitsAgree, total.units)
	fmt.Fprintln(w)
	for _, name := range order {
		r := rows[name]
		if len(r.levyOnly) == 0 && len(r.officialOnly) == 0 {
			continue
		}
		fmt.Fprintf(w, "%s: rule IDs only Levy reported: %s; only the artefacts: %s\n", name, counts(r.levyOnly), counts(r.officialOnly))
	}
}

func pct(a, b int) string {
	if b == 0 {
		return "–"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(a)/float64(b))
}

func counts(m map[string]int) string {
	if len(m) == 0 {
		return "none"
	}
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s×%d", k, m[k]))
	}
	return strings.Join(parts, " ")
}

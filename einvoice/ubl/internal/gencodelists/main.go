// Command gencodelists writes einvoice/ubl/codelists_gen.go: the code
// lists that the EN 16931 rules (BR-CL-*, bound to UBL and, under keys
// that start with "CII/", to CII) and the Peppol BIS Billing 3.0 rules
// (PEPPOL-EN16931-CL*, P0100, P0101) check values against, and, under
// keys that start with "PEPPOL-CEN/", the lists of Peppol's own copy of
// the EN 16931 rules (rules/sch/CEN-EN16931-UBL.sch of Peppol BIS Billing
// 3.0) where they differ from CEN's, which Levy applies to Peppol
// documents as the Peppol network does. The lists
// are facts published by CEN and OpenPEPPOL in their validation artefacts;
// this command reads them from the artefacts' Schematron files at a pinned
// release and records the release and the SHA-256 of each file it read in
// the generated file.
//
// Usage, from the repository root, with the two repositories checked out at
// their pinned releases (docs/einvoicing-validation.md says how):
//
//	go run ./einvoice/ubl/internal/gencodelists \
//	  -cen /path/to/eInvoicing-EN16931 -cen-release validation-1.3.16 \
//	  -peppol /path/to/peppol-bis-invoice-3 -peppol-release v3.0.19 \
//	  -out einvoice/ubl/codelists_gen.go
package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"go/format"
	"log"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

const (
	cenFile    = "ubl/schematron/codelist/EN16931-UBL-codes.sch"
	cenModel   = "ubl/schematron/UBL/EN16931-UBL-model.sch"
	peppolFile = "rules/sch/PEPPOL-EN16931-UBL.sch"
	peppolCEN  = "rules/sch/CEN-EN16931-UBL.sch"
	ciiFile    = "cii/schematron/codelist/EN16931-CII-codes.sch"
	ciiModel   = "cii/schematron/CII/EN16931-CII-model.sch"
)

func main() {
	cen := flag.String("cen", "", "checkout of ConnectingEurope/eInvoicing-EN16931")
	cenRelease := flag.String("cen-release", "validation-1.3.16", "its release tag")
	peppol := flag.String("peppol", "", "checkout of OpenPEPPOL/peppol-bis-invoice-3")
	peppolRelease := flag.String("peppol-release", "v3.0.19", "its release tag")
	out := flag.String("out", "einvoice/ubl/codelists_gen.go", "file to write")
	flag.Parse()
	if *cen == "" || *peppol == "" {
		log.Fatal("gencodelists: -cen and -peppol are required")
	}
	cenData, err := os.ReadFile(filepath.Join(*cen, cenFile))
	if err != nil {
		log.Fatalf("gencodelists: %v", err)
	}
	modelData, err := os.ReadFile(filepath.Join(*cen, cenModel))
	if err != nil {
		log.Fatalf("gencodelists: %v", err)
	}
	peppolData, err := os.ReadFile(filepath.Join(*peppol, peppolFile))
	if err != nil {
		log.Fatalf("gencodelists: %v", err)
	}
	peppolCENData, err := os.ReadFile(filepath.Join(*peppol, peppolCEN))
	if err != nil {
		log.Fatalf("gencodelists: %v", err)
	}
	ciiData, err := os.ReadFile(filepath.Join(*cen, ciiFile))
	if err != nil {
		log.Fatalf("gencodelists: %v", err)
	}
	ciiModelData, err := os.ReadFile(filepath.Join(*cen, ciiModel))
	if err != nil {
		log.Fatalf("gencodelists: %v", err)
	}
	lists := map[string][]string{}
	if err := readCEN(string(cenData), lists); err != nil {
		log.Fatalf("gencodelists: %s: %v", cenFile, err)
	}
	if err := readModel(string(modelData), lists); err != nil {
		log.Fatalf("gencodelists: %s: %v", cenModel, err)
	}
	if err := readPeppol(string(peppolData), lists); err != nil {
		log.Fatalf("gencodelists: %s: %v", peppolFile, err)
	}
	// Peppol's copy of the EN 16931 rules has lists of its own for some
	// BR-CL rules (older currency and identifier scheme lists, the type
	// codes 502 and 503 of invoices rather than credit notes): those that
	// differ from CEN's are kept under "PEPPOL-CEN/" keys.
	copied := map[string][]string{}
	if err := readCEN(string(peppolCENData), copied); err != nil {
		log.Fatalf("gencodelists: %s: %v", peppolCEN, err)
	}
	for k, v := range copied {
		own, ok := lists[k]
		if !ok {
			log.Fatalf("gencodelists: %s: %s has no counterpart in CEN's artefacts", peppolCEN, k)
		}
		if !sameSet(own, v) {
			lists["PEPPOL-CEN/"+k] = v
		}
	}
	// The CII binding has lists of its own (one list of type codes for
	// invoices and credit notes, the due date type codes of BR-CL-06),
	// kept under "CII/" keys.
	cii := map[string][]string{}
	if err := readCEN(string(ciiData), cii); err != nil {
		log.Fatalf("gencodelists: %s: %v", ciiFile, err)
	}
	if err := readModelLists(string(ciiModelData), cii, "BR-CO-09"); err != nil {
		log.Fatalf("gencodelists: %s: %v", ciiModel, err)
	}
	for k, v := range cii {
		lists["CII/"+k] = v
	}
	src := render(lists, []source{
		{"ConnectingEurope/eInvoicing-EN16931", *cenRelease, cenFile, digest(cenData)},
		{"ConnectingEurope/eInvoicing-EN16931", *cenRelease, cenModel, digest(modelData)},
		{"OpenPEPPOL/peppol-bis-invoice-3", *peppolRelease, peppolFile, digest(peppolData)},
		{"ConnectingEurope/eInvoicing-EN16931", *cenRelease, ciiFile, digest(ciiData)},
		{"ConnectingEurope/eInvoicing-EN16931", *cenRelease, ciiModel, digest(ciiModelData)},
		{"OpenPEPPOL/peppol-bis-invoice-3", *peppolRelease, peppolCEN, digest(peppolCENData)},
	})
	formatted, err := format.Source(src)
	if err != nil {
		log.Fatalf("gencodelists: format: %v", err)
	}
	if err := os.WriteFile(*out, formatted, 0o644); err != nil {
		log.Fatalf("gencodelists: %v", err)
	}
}

// sameSet reports whether two lists hold the same codes, in any order.
func sameSet(a, b []string) bool {
	in := func(xs []string) map[string]bool {
		m := make(map[string]bool, len(xs))
		for _, x := range xs {
			m[x] = true
		}
		return m
	}
	ma, mb := in(a), in(b)
	if len(ma) != len(mb) {
		return false
	}
	for x := range ma {
		if !mb[x] {
			return false
		}
	}
	return true
}

type source struct{ repo, release, path, sha256 string }

func digest(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

var (
	assertRE   = regexp.MustCompile(`(?s)<assert\b((?:[^>"]|"[^"]*")*)>`)
	attrRE     = func(name string) *regexp.Regexp { return regexp.MustCompile(`\b` + name + `\s*=\s*"([^"]*)"`) }
	idRE       = attrRE("id")
	testRE     = attrRE("test")
	containsRE = regexp.MustCompile(`contains\(\s*'( [^']* )'`)
	mimeRE     = regexp.MustCompile(`@mimeCode\s*=\s*'([^']*)'`)
	letRE      = regexp.MustCompile(`<let\s+name="([A-Za-z0-9]+)"\s+value="tokenize\('([^']*)'`)
	tokRE      = regexp.MustCompile(`tokenize\('([^']*)',\s*'\\s'\)\s*satisfies`)
)

// readCEN takes each BR-CL assertion's lists of codes: the space-separated
// list each contains(' … ', …) tests against, or the mimeCode values.
// Rules with two lists (BR-CL-01: invoices and credit notes) get keys
// ID, ID/2.
func readCEN(s string, lists map[string][]string) error {
	for _, m := range assertRE.FindAllStringSubmatch(s, -1) {
		id := idRE.FindStringSubmatch(m[1])
		test := testRE.FindStringSubmatch(m[1])
		if id == nil || test == nil || !strings.HasPrefix(id[1], "BR-CL-") {
			continue
		}
		found := containsRE.FindAllStringSubmatch(test[1], -1)
		for i, f := range found {
			key := id[1]
			if i > 0 {
				key = fmt.Sprintf("%s/%d", id[1], i+1)
			}
			lists[key] = strings.Fields(f[1])
		}
		if len(found) == 0 {
			for _, f := range mimeRE.FindAllStringSubmatch(test[1], -1) {
				lists[id[1]] = append(lists[id[1]], f[1])
			}
		}
		if lists[id[1]] == nil {
			return fmt.Errorf("no code list found in %s", id[1])
		}
	}
	if len(lists) < 20 {
		return fmt.Errorf("only %d code lists found", len(lists))
	}
	return nil
}

// readModel takes the lists of BR-CL-08 (UNCL 4451 note subject codes)
// and BR-CO-09 (the country prefixes of VAT identifiers), which the CEN
// artefacts bind in the UBL model rather than with the other code lists.
func readModel(s string, lists map[string][]string) error {
	return readModelLists(s, lists, "BR-CL-08", "BR-CO-09")
}

// readModelLists takes the code list of each rule ids names from the
// parameters of a model binding.
func readModelLists(s string, lists map[string][]string, ids ...string) error {
	for _, id := range ids {
		m := regexp.MustCompile(`<param\s+name="` + id + `"\s+value="([^"]*)"`).FindStringSubmatch(s)
		if m == nil {
			return fmt.Errorf("%s not found", id)
		}
		f := regexp.MustCompile(`contains\(\s*'( [^']* )'`).FindStringSubmatch(m[1])
		if f == nil {
			return fmt.Errorf("no code list in %s", id)
		}
		lists[id] = strings.Fields(f[1])
	}
	return nil
}

// readPeppol takes the named code lists Peppol declares (ISO3166,
// ISO4217, MIMECODE, UNCL2005, UNCL5189, UNCL7161, UNCL5305, eaid) and the
// type code lists of P0100 and P0101.
func readPeppol(s string, lists map[string][]string) error {
	for _, m := range letRE.FindAllStringSubmatch(s, -1) {
		lists["PEPPOL:"+m[1]] = strings.Fields(m[2])
	}
	for _, m := range assertRE.FindAllStringSubmatch(s, -1) {
		id := idRE.FindStringSubmatch(m[1])
		test := testRE.FindStringSubmatch(m[1])
		if id == nil || test == nil || (id[1] != "PEPPOL-EN16931-P0100" && id[1] != "PEPPOL-EN16931-P0101") {
			continue
		}
		t := tokRE.FindStringSubmatch(test[1])
		if t == nil {
			return fmt.Errorf("no code list in %s", id[1])
		}
		lists[id[1]] = strings.Fields(t[1])
	}
	for _, want := range []string{"PEPPOL:ISO3166", "PEPPOL:ISO4217", "PEPPOL:MIMECODE", "PEPPOL:UNCL5189", "PEPPOL:UNCL7161", "PEPPOL:eaid", "PEPPOL-EN16931-P0100", "PEPPOL-EN16931-P0101"} {
		if len(lists[want]) == 0 {
			return fmt.Errorf("code list %s not found", want)
		}
	}
	return nil
}

func render(lists map[string][]string, sources []source) []byte {
	var b bytes.Buffer
	b.WriteString("// Code generated by einvoice/ubl/internal/gencodelists; DO NOT EDIT.\n\n")
	b.WriteString("package ubl\n\n")
	b.WriteString("// The code lists below were read from:\n")
	for _, s := range sources {
		fmt.Fprintf(&b, "//   - %s at %s, %s (SHA-256 %s)\n", s.repo, s.release, s.path, s.sha256)
	}
	b.WriteString("\n// CodeListSources names the releases of the validation artefacts the\n// code lists were read from.\n")
	fmt.Fprintf(&b, "const CodeListSources = %q\n\n", sources[0].repo+" "+sources[0].release+"; "+sources[2].repo+" "+sources[2].release)
	b.WriteString("// codeLists maps a rule ID (or PEPPOL:name for a list Peppol names,\n// CII/ and the rule ID for a list of the CII binding, or PEPPOL-CEN/ and\n// the rule ID for a list of Peppol's copy of the EN 16931 rules that\n// differs from CEN's) to its codes. It is never modified.\n")
	b.WriteString("var codeLists = map[string]map[string]bool{\n")
	keys := make([]string, 0, len(lists))
	for k := range lists {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(&b, "%q: {", k)
		seen := map[string]bool{}
		for i, c := range lists[k] {
			if seen[c] {
				continue
			}
			seen[c] = true
			if i%12 == 0 {
				b.WriteString("\n")
			}
			fmt.Fprintf(&b, "%q: true, ", c)
		}
		b.WriteString("\n},\n")
	}
	b.WriteString("}\n")
	return b.Bytes()
}

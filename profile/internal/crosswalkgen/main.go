// Command crosswalkgen writes the crosswalks of package profile, from
// standard product codes to Levy's product classes, from the curated
// rules of curated.go and the public lists of codes they are checked
// against:
//
//	go run ./internal/crosswalkgen --src ../../shared/data --out .
//
// It writes crosswalk_gen.go (the crosswalks and the list of built-in
// classes, in a compact text form that package profile reads once) and
// SOURCES.md (the sources, their licences, and every rule with its
// reason). Neither copies the source files: the crosswalks hold codes and
// class names only. go generate ./profile/... runs it.
package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/csv"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"go/format"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/levytax/levy/rules"
)

func main() {
	src := flag.String("src", "", "the folder of the source data (shared/data beside the repository)")
	out := flag.String("out", ".", "the folder of package profile")
	flag.Parse()
	if *src == "" {
		fmt.Fprintln(os.Stderr, "crosswalkgen: --src is required")
		os.Exit(2)
	}
	files, err := Generate(*src)
	if err != nil {
		fmt.Fprintln(os.Stderr, "crosswalkgen:", err)
		os.Exit(1)
	}
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(*out, name), b, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "crosswalkgen:", err)
			os.Exit(1)
		}
	}
}

// The source files, relative to the source folder.
const (
	ticFile = "product-codes/taxcloud-tic.csv"
	hsFile  = "product-codes/hs6-2022.csv"
)

// source is a CSV file read, with the digest of its bytes.
type source struct {
	rows   [][]string // without the header
	sha256 string
}

// readCSV reads the source file name under src and checks its header.
func readCSV(src, name string, header []string) (*source, error) {
	b, err := os.ReadFile(filepath.Join(src, name))
	if err != nil {
		return nil, err
	}
	r := csv.NewReader(bytes.NewReader(b))
	r.FieldsPerRecord = len(header)
	head, err := r.Read()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if !slices.Equal(head, header) {
		return nil, fmt.Errorf("%s: the header is %v, want %v", name, head, header)
	}
	s := &source{}
	for {
		row, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		s.rows = append(s.rows, row)
	}
	sum := sha256.Sum256(b)
	s.sha256 = hex.EncodeToString(sum[:])
	return s, nil
}

// Generate reads the sources under src and returns the files to write,
// by name.
func Generate(src string) (map[string][]byte, error) {
	tic, err := readCSV(src, ticFile, []string{"tic", "category", "name"})
	if err != nil {
		return nil, err
	}
	hs, err := readCSV(src, hsFile, []string{"hs6", "heading", "description"})
	if err != nil {
		return nil, err
	}
	ticMap, err := ticCrosswalk(tic)
	if err != nil {
		return nil, err
	}
	hsMap, hsStats, err := hsCrosswalk(hs)
	if err != nil {
		return nil, err
	}
	goSrc, err := goFile(ticMap, hsMap)
	if err != nil {
		return nil, err
	}
	return map[string][]byte{
		"crosswalk_gen.go": goSrc,
		"SOURCES.md":       notes(tic, hs, ticMap, hsMap, hsStats),
	}, nil
}

// knownClass reports whether class is a built-in class of package rules.
func knownClass(class string) bool {
	_, ok := rules.ClassOf(class)
	return ok
}

// ticCrosswalk applies ticRules to the TIC codes of the source and
// returns the class of each code mapped.
func ticCrosswalk(s *source) (map[string]string, error) {
	names := map[string]string{}
	var codes []string
	for _, row := range s.rows {
		if len(row[0]) != 5 || strings.Trim(row[0], "0123456789") != "" {
			return nil, fmt.Errorf("%s: %q is not a five-digit code", ticFile, row[0])
		}
		if _, dup := names[row[0]]; dup {
			return nil, fmt.Errorf("%s: code %s is listed twice", ticFile, row[0])
		}
		names[row[0]] = row[2]
		codes = append(codes, row[0])
	}
	slices.Sort(codes)
	out := map[string]string{}
	for _, r := range ticRules {
		to := r.to
		if to == "" {
			to = r.from
		}
		if !knownClass(r.class) {
			return nil, fmt.Errorf("TIC rule %s: %q is not a built-in class", r.from, r.class)
		}
		for _, c := range []string{r.from, to} {
			if _, ok := names[c]; !ok {
				return nil, fmt.Errorf("TIC rule %s: code %s is not in %s", r.from, c, ticFile)
			}
		}
		for _, c := range codes {
			if c < r.from || c > to {
				continue
			}
			if r.withoutRx && strings.Contains(strings.ToLower(names[c]), "without a prescription") {
				continue
			}
			if prev, ok := out[c]; ok {
				return nil, fmt.Errorf("TIC code %s is mapped twice (%s, %s)", c, prev, r.class)
			}
			out[c] = r.class
		}
	}
	return out, nil
}

// hsStats counts the subheadings of the source that the HS crosswalk
// places in a class.
type hsStats struct {
	subheadings int
	placed      int
	byClass     map[string]int
}

// hsCrosswalk checks hsRules against the HS codes of the source and
// returns the class of each code ("" for the codes that map to none).
func hsCrosswalk(s *source) (map[string]string, hsStats, error) {
	exists := map[string]bool{}
	var subs []string
	for _, row := range s.rows {
		if len(row[0]) != 6 || strings.Trim(row[0], "0123456789") != "" || row[1] != row[0][:4] {
			return nil, hsStats{}, fmt.Errorf("%s: %q (heading %q) is not a subheading of six digits under its heading", hsFile, row[0], row[1])
		}
		exists[row[0]], exists[row[0][:4]], exists[row[0][:2]] = true, true, true
		subs = append(subs, row[0])
	}
	out := map[string]string{}
	for _, r := range hsRules {
		switch {
		case len(r.code) != 2 && len(r.code) != 4 && len(r.code) != 6:
			return nil, hsStats{}, fmt.Errorf("HS rule %s: not a chapter, heading or subheading", r.code)
		case !exists[r.code]:
			return nil, hsStats{}, fmt.Errorf("HS rule %s: no such code in %s", r.code, hsFile)
		case r.class != "" && !knownClass(r.class):
			return nil, hsStats{}, fmt.Errorf("HS rule %s: %q is not a built-in class", r.code, r.class)
		}
		if _, dup := out[r.code]; dup {
			return nil, hsStats{}, fmt.Errorf("HS rule %s is listed twice", r.code)
		}
		out[r.code] = r.class
	}
	// A rule of no class must stop a broader one; otherwise it says
	// nothing.
	for code, class := range out {
		if class != "" {
			continue
		}
		if _, ok := broader(out, code); !ok {
			return nil, hsStats{}, fmt.Errorf("HS rule %s maps to no class under no broader rule: drop it", code)
		}
	}
	st := hsStats{subheadings: len(subs), byClass: map[string]int{}}
	for _, c := range subs {
		if class := resolve(out, c); class != "" {
			st.placed++
			st.byClass[class]++
		}
	}
	return out, st, nil
}

// broader returns the rule of the longest code shorter than code that
// starts it.
func broader(m map[string]string, code string) (string, bool) {
	for n := len(code) - 2; n >= 2; n -= 2 {
		if class, ok := m[code[:n]]; ok {
			return class, true
		}
	}
	return "", false
}

// resolve returns the class of the longest rule that starts code, as
// package profile looks it up.
func resolve(m map[string]string, code string) string {
	for n := min(len(code), 6); n >= 2; n -= 2 {
		if class, ok := m[code[:n]]; ok {
			return class
		}
	}
	return ""
}

// table formats a crosswalk as lines "CLASS code code ...", classes in
// order, "-" for the codes of no class.
func table(m map[string]string) string {
	by := map[string][]string{}
	for code, class := range m {
		if class == "" {
			class = "-"
		}
		by[class] = append(by[class], code)
	}
	classes := make([]string, 0, len(by))
	for c := range by {
		classes = append(classes, c)
	}
	sort.Strings(classes)
	var b strings.Builder
	for _, c := range classes {
		codes := by[c]
		slices.Sort(codes)
		b.WriteString(c)
		for _, code := range codes {
			b.WriteByte(' ')
			b.WriteString(code)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// goFile returns the source of crosswalk_gen.go.
func goFile(tic, hs map[string]string) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("// Code generated by go run ./internal/crosswalkgen. DO NOT EDIT.\n\n")
	b.WriteString("package profile\n\n")
	b.WriteString("// CrosswalkVersion is the version of the crosswalks from standard\n")
	b.WriteString("// product codes to Levy's classes; SOURCES.md lists their sources and\n// rules.\n")
	fmt.Fprintf(&b, "const CrosswalkVersion = %q\n\n", version)
	b.WriteString("// builtinClassList is the built-in product classes of package rules,\n")
	b.WriteString("// one per line, which Validator knows without a Class function.\n")
	fmt.Fprintf(&b, "const builtinClassList = `%s`\n\n", strings.Join(rules.ProductClasses, "\n")+"\n")
	b.WriteString("// The crosswalks, a line per class: the class, then its codes; \"-\" for\n")
	b.WriteString("// the codes that map to no class (and so stop a broader code's class).\n")
	fmt.Fprintf(&b, "const crosswalkTIC = `%s`\n\n", table(tic))
	fmt.Fprintf(&b, "const crosswalkHS = `%s`\n", table(hs))
	return format.Source(b.Bytes())
}

// notes returns SOURCES.md.
func notes(tic, hs *source, ticMap, hsMap map[string]string, st hsStats) []byte {
	var b bytes.Buffer
	b.WriteString("<!-- Code generated by go run ./internal/crosswalkgen. DO NOT EDIT. -->\n")
	b.WriteString("# Sources of package profile\n\n")
	fmt.Fprintf(&b, "Crosswalk version %s. The crosswalks map standard product codes to Levy's product classes, for the lines that send a code and no class. They are Levy's own rules (profile/internal/crosswalkgen/curated.go), checked against the public lists of codes below; no list is copied, and a code maps to a class only where the class is unambiguous. A tenant's own products of the same code type come first.\n\n", version)

	b.WriteString("## taxcloud-tic\n\n")
	fmt.Fprintf(&b, "- Files: %s (SHA-256 %s)\n", ticFile, tic.sha256)
	fmt.Fprintf(&b, "- What: the TIC codes (numbered as the Streamlined Sales Tax product definitions) that the rules name, checked to exist; %d of the %d codes map to a class (code type TIC)\n", len(ticMap), len(tic.rows))
	b.WriteString("- From: txcrb/tax_cloud `lib/tax_cloud/tax_code_constants.rb` at commit 6c2956c16b34 (file of 2020-10)\n")
	b.WriteString("- Licence: MIT (tax_cloud.LICENSE)\n")
	b.WriteString("- Attribution: tax_cloud, Copyright (c) 2011-2020 Drew Tempelmeyer & Contributors, MIT License\n\n")

	b.WriteString("## hs-2022\n\n")
	fmt.Fprintf(&b, "- Files: %s (SHA-256 %s)\n", hsFile, hs.sha256)
	fmt.Fprintf(&b, "- What: the HS 2022 chapters, headings and subheadings that the rules name, checked to exist; %d rules, which place %d of the %d subheadings in a class (code type HS)\n", len(hsMap), st.placed, st.subheadings)
	b.WriteString("- From: datasets/harmonized-system `data/harmonized-system.csv` at commit 905e5a0fa29f (2024-10-25)\n")
	b.WriteString("- Licence: ODC-PDDL 1.0\n\n")

	b.WriteString("## sst-exemption-reasons\n\n")
	b.WriteString("- Files: none (profile/reason.go)\n")
	b.WriteString("- What: the reasons for exemption, letters A to M, of a certificate's reason code\n")
	b.WriteString("- From: the Streamlined Sales Tax Certificate of Exemption, SSTGB Form F0003 (revised 2021-12-21), as published by the Streamlined Sales Tax Governing Board\n")
	b.WriteString("- Licence: public government information\n\n")

	b.WriteString("## wire-exemption-reason-codes\n\n")
	b.WriteString("- Files: none (profile/reason.go)\n")
	b.WriteString("- What: the form of the wire's reason codes: four digits, a standard single-digit code padded to four; the documentation lists no values\n")
	b.WriteString("- From: the v2 OpenAPI document, descriptions of CustomerType.exemptionReasonCode and of the reasonCode of the overrides\n\n")

	b.WriteString("## Rules\n\n### TIC\n\n| codes | class | why |\n|---|---|---|\n")
	for _, r := range ticRules {
		codes := r.from
		if r.to != "" && r.to != r.from {
			codes += "–" + r.to
		}
		if r.withoutRx {
			codes += " (not those sold without a prescription)"
		}
		fmt.Fprintf(&b, "| %s | %s | %s |\n", codes, r.class, r.why)
	}
	b.WriteString("\n### HS\n\nThe longest rule that starts a code wins; a rule of no class (–) keeps a code out of the class of a broader one.\n\n| code | class | why |\n|---|---|---|\n")
	sorted := slices.Clone(hsRules)
	slices.SortFunc(sorted, func(a, b hsRule) int { return strings.Compare(a.code, b.code) })
	for _, r := range sorted {
		class := r.class
		if class == "" {
			class = "–"
		}
		fmt.Fprintf(&b, "| %s | %s | %s |\n", r.code, class, r.why)
	}
	b.WriteString("\nSubheadings placed, by class:")
	classes := make([]string, 0, len(st.byClass))
	for c := range st.byClass {
		classes = append(classes, c)
	}
	slices.Sort(classes)
	for i, c := range classes {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, " %s %d", c, st.byClass[c])
	}
	b.WriteString(".\n")
	return b.Bytes()
}

package profile

import (
	"strings"
	"sync"
)

//go:generate go run ./internal/crosswalkgen --src ../../shared/data --out .

// crosswalks are the parsed crosswalks by code type, and the built-in
// classes; read once, never changed.
type crosswalks struct {
	tic     map[string]string
	hs      map[string]string // "" for a code of no class
	classes map[string]bool
}

var loadCrosswalks = sync.OnceValue(func() *crosswalks {
	c := &crosswalks{tic: parseCrosswalk(crosswalkTIC), hs: parseCrosswalk(crosswalkHS), classes: map[string]bool{}}
	for _, class := range strings.Fields(builtinClassList) {
		c.classes[class] = true
	}
	return c
})

// parseCrosswalk reads the lines "CLASS code code ..." of a generated
// crosswalk.
func parseCrosswalk(s string) map[string]string {
	m := map[string]string{}
	for _, line := range strings.Split(s, "\n") {
		f := strings.Fields(line)
		if len(f) < 2 {
			continue
		}
		class := f[0]
		if class == "-" {
			class = ""
		}
		for _, code := range f[1:] {
			m[code] = class
		}
	}
	return m
}

// BuiltinClass reports whether class is one of Levy's built-in product
// classes (the classes of package rules, which `levy classes` lists).
func BuiltinClass(class string) bool { return loadCrosswalks().classes[class] }

// BuiltinClasses returns the built-in product classes, in the order of
// package rules.
func BuiltinClasses() []string { return strings.Fields(builtinClassList) }

// Crosswalk returns the Levy product class of a standard product code:
// a TIC code (codeType TIC) or an HS code (codeType HS: a chapter,
// heading, subheading or national code; dots and spaces are ignored; the
// longest chapter, heading or subheading that starts it and has a rule
// decides). It reports false for a code that maps to no class and for
// any other code type. Code types are upper-case. It allocates nothing.
func Crosswalk(codeType, code string) (string, bool) {
	switch codeType {
	case CodeTypeTIC:
		class, ok := loadCrosswalks().tic[code]
		return class, ok
	case CodeTypeHS:
		var buf [16]byte
		digits, ok := compactDigits(buf[:0], code)
		if !ok {
			return "", false
		}
		hs := loadCrosswalks().hs
		for n := min(len(digits), 6) &^ 1; n >= 2; n -= 2 {
			if class, ok := hs[string(digits[:n])]; ok {
				return class, class != ""
			}
		}
	}
	return "", false
}

// compactDigits appends the digits of code to buf, skipping dots and
// spaces, and reports false when code holds anything else or more digits
// than buf holds.
func compactDigits(buf []byte, code string) ([]byte, bool) {
	for i := 0; i < len(code); i++ {
		switch c := code[i]; {
		case c == '.' || c == ' ':
		case c >= '0' && c <= '9' && len(buf) < cap(buf):
			buf = append(buf, c)
		default:
			return nil, false
		}
	}
	return buf, len(buf) > 0
}

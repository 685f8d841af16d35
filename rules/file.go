package rules

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"slices"
	"strings"

	"github.com/levytax/levy/civil"
)

// FileVersion is the version of the rule file format that this package
// reads.
const FileVersion = 1

// MaxFileSize bounds a rule file, in bytes.
const MaxFileSize = 64 << 20

// MaxRecords bounds the records (rules, structures and withholdings
// together) of one rule file, and of all the rule files an engine reads:
// every record is checked and compiled when the rules load and kept in
// memory while they serve. A taxability matrix of 500 product classes in
// every US state with a sales tax (23,000 rules) fits twice over.
const MaxRecords = 50_000

// MaxConditions bounds the records with a condition (when) of one rule
// file, and of all the rule files an engine reads: a condition is a
// compiled program, about 3 KB of memory, and a rule with a condition
// and no selector is run for every line in every jurisdiction until one
// applies.
const MaxConditions = 5_000

// File is a rule file: a host's own taxability rules, rate structures
// and withholdings, in JSON:
//
//	{"version": 1,
//	 "rules": [{"id": "acme-resale", "customerClass": "RESELLER", "outcome": "EXEMPT"}],
//	 "structures": [{"id": "acme-cap", "jurisdiction": "US-TX", "kind": "SINGLE_RATE", "maxTaxPerItem": "25"}],
//	 "withholdings": [{"id": "ke-wht", "jurisdiction": "KE", "tax": "Withholding Tax",
//	   "withholdingType": "NON_RESIDENT_SERVICES", "fromAbroad": true, "rate": "0.20"}]}
//
// Decimal values may be written as JSON numbers or strings. The
// folder rules/examples holds rule files that the tests read.
type File struct {
	Version      int           `json:"version"`
	Rules        []Rule        `json:"rules,omitempty"`
	Structures   []Structure   `json:"structures,omitempty"`
	Withholdings []Withholding `json:"withholdings,omitempty"`

	// lines holds the line each record starts on, by member, for a
	// File that ReadFile read.
	lines map[string][]int
}

// The members of a rule file that hold records, as Line names them.
const (
	MemberRules        = "rules"
	MemberStructures   = "structures"
	MemberWithholdings = "withholdings"
)

// Line returns the line (from 1) on which the i-th record of member
// (MemberRules, MemberStructures or MemberWithholdings) starts in the
// file ReadFile read, or 0 when f was not read from a file.
func (f *File) Line(member string, i int) int {
	if l := f.lines[member]; i >= 0 && i < len(l) {
		return l[i]
	}
	return 0
}

// ReadFile reads a rule file of at most MaxFileSize bytes, a UTF-8 byte
// order mark allowed before it. Unknown members are errors, so that a
// misspelt selector does not silently widen a rule; so are a member
// given twice (the second would replace the first's records), anything
// after the file's object, and a version other than FileVersion. Every
// error names the line it was found on. The rules are not compiled
// here: Check, Compile and CompileStructures do that. A nil r is an error.
func ReadFile(r io.Reader) (*File, error) {
	if r == nil {
		return nil, errors.New("rules: read rule file: nil reader")
	}
	b, err := io.ReadAll(io.LimitReader(r, MaxFileSize+1))
	if err != nil {
		return nil, fmt.Errorf("rules: read rule file: %w", err)
	}
	if len(b) > MaxFileSize {
		return nil, fmt.Errorf("rules: rule file: larger than %d bytes", MaxFileSize)
	}
	b = bytes.TrimPrefix(b, []byte("\xef\xbb\xbf"))
	f, err := readFile(b)
	if err != nil {
		return nil, fmt.Errorf("rules: rule file: %w", err)
	}
	return f, nil
}

// readFile decodes a rule file member by member and record by record,
// keeping the line each record starts on.
func readFile(b []byte) (*File, error) {
	at := func(off int64, err error) error { return fmt.Errorf("line %d: %w", lineAt(b, off), err) }
	// Syntax first, over the whole first value, so that a syntax error
	// has its offset in b.
	var whole json.RawMessage
	if err := json.NewDecoder(bytes.NewReader(b)).Decode(&whole); err != nil {
		var se *json.SyntaxError
		switch {
		case errors.As(err, &se):
			return nil, at(se.Offset, err)
		case errors.Is(err, io.EOF) && len(bytes.TrimSpace(b)) == 0:
			return nil, at(0, errors.New("a rule file is one JSON object: the file is empty"))
		default:
			return nil, at(int64(len(b)), jsonError(err))
		}
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	if err := openDelim(dec, '{'); err != nil {
		return nil, at(dec.InputOffset(), fmt.Errorf("a rule file is one JSON object: %w", err))
	}
	f := &File{lines: map[string][]int{}}
	lc := &lineCounter{b: b, line: 1}
	bounds := &Bounds{Scope: "the rule file"}
	seen := map[string]bool{}
	version := false
	for dec.More() {
		off := tokenStart(b, dec.InputOffset())
		tok, err := dec.Token()
		if err != nil {
			return nil, at(off, jsonError(err))
		}
		name, _ := tok.(string)
		if seen[name] {
			return nil, at(off, fmt.Errorf("member %q is given twice", name))
		}
		seen[name] = true
		switch name {
		case "version":
			version = true
			if err := dec.Decode(&f.Version); err != nil {
				return nil, at(off, fmt.Errorf("version: %w", jsonError(err)))
			}
		case MemberRules:
			err = readRecords(dec, lc, bounds, name, &f.Rules, f)
		case MemberStructures:
			err = readRecords(dec, lc, bounds, name, &f.Structures, f)
		case MemberWithholdings:
			err = readRecords(dec, lc, bounds, name, &f.Withholdings, f)
		default:
			return nil, at(off, fmt.Errorf("unknown member %q: a rule file has version, rules, structures and withholdings", name))
		}
		if err != nil {
			return nil, err
		}
	}
	if _, err := dec.Token(); err != nil { // the closing brace
		return nil, at(dec.InputOffset(), jsonError(err))
	}
	if off := dec.InputOffset(); len(bytes.TrimSpace(b[off:])) > 0 {
		return nil, at(off+int64(skipSpace(b[off:])),
			errors.New("there is more after the end of the rule file's object (one file holds one object; merge the lists)"))
	}
	if !version || f.Version != FileVersion {
		return nil, fmt.Errorf("rule file version %d, this version of Levy reads version %d", f.Version, FileVersion)
	}
	return f, nil
}

// readRecords decodes the array of records of a member (or null) into
// list, each record strictly (no unknown members), and keeps the line
// each starts on in f. It refuses the record that would make the file
// hold more than MaxRecords records or MaxConditions conditions
// (bounds, whose cost Check counts), before it decodes it.
func readRecords[T any](dec *json.Decoder, lc *lineCounter, bounds *Bounds, member string, list *[]T, f *File) error {
	b := lc.b
	off := dec.InputOffset()
	var raw json.RawMessage
	if err := dec.Decode(&raw); err != nil {
		return fmt.Errorf("line %d: %s: %w", lineAt(b, off), member, jsonError(err))
	}
	if bytes.Equal(raw, []byte("null")) {
		return nil
	}
	base := dec.InputOffset() - int64(len(raw)) // where the array opens in b
	inner := json.NewDecoder(bytes.NewReader(raw))
	if err := openDelim(inner, '['); err != nil {
		return fmt.Errorf("line %d: %s is a list of records: %w", lineAt(b, base), member, err)
	}
	for i := 0; inner.More(); i++ {
		var rec json.RawMessage
		if err := inner.Decode(&rec); err != nil {
			return fmt.Errorf("line %d: %s[%d]: %w", lineAt(b, base+inner.InputOffset()), member, i, jsonError(err))
		}
		start := base + inner.InputOffset() - int64(len(rec))
		line := lc.at(start)
		if err := bounds.addRecord(); err != nil {
			return fmt.Errorf("line %d: %s[%d]: %w", line, member, i, err)
		}
		var v T
		if err := decodeStrict(rec, &v); err != nil {
			return recordError(b, start, rec, reflect.TypeFor[T](), member, i, err)
		}
		if path, off := givenTwice(rec); path != "" {
			return fmt.Errorf("line %d: %s: member %q is given twice (the second would replace the first)",
				lineAt(b, start+off), recordWhere(rec, member, i), path)
		}
		if hasCondition(&v) {
			if err := bounds.addCondition(); err != nil {
				return fmt.Errorf("line %d: %s[%d]: %w", line, member, i, err)
			}
		}
		*list = append(*list, v)
		f.lines[member] = append(f.lines[member], line)
	}
	return nil
}

// decodeStrict decodes the JSON value b into v, refusing members that v
// does not have.
func decodeStrict(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

// recordKinds names the record of each member in errors.
var recordKinds = map[string]string{MemberRules: "rule", MemberStructures: "structure", MemberWithholdings: "withholding"}

// recordError makes err, the failure to decode the i-th record rec of
// member, which starts at offset start of the file b and is of type t,
// an error that names the line of the member at fault, the record's ID
// when it has one, and the member at fault ("threshold.amount",
// "tiers[1].rate"), which errors from dates and decimals do not.
func recordError(b []byte, start int64, rec []byte, t reflect.Type, member string, i int, err error) error {
	where := recordWhere(rec, member, i)
	path, off := faultAt(rec, t)
	if path != "" {
		where += ": " + path
	}
	return fmt.Errorf("line %d: %s: %w", lineAt(b, start+off), where, jsonError(err))
}

// recordWhere names the i-th record rec of member in errors: its place
// and, when it has one, its ID ("rules[3]: rule acme-resale").
func recordWhere(rec []byte, member string, i int) string {
	where := fmt.Sprintf("%s[%d]", member, i)
	var id struct {
		ID string `json:"id"`
	}
	if json.Unmarshal(rec, &id) == nil && id.ID != "" {
		where += fmt.Sprintf(": %s %s", recordKinds[member], id.ID)
	}
	return where
}

// givenTwice finds a member given twice within one object of the JSON
// value b, which decodes: encoding/json keeps the last silently, and
// takes names that differ only in case for the same member. It returns
// the path to the second giving ("jurisdiction", "threshold.amount",
// "tiers[1].rate") and its offset in b, or "" when there is none. It
// scans b itself, since b is valid JSON: a json.Decoder's tokens would
// make reading a rule file three times slower.
func givenTwice(b []byte) (string, int64) {
	type frame struct {
		object bool
		seen   []string // the members of an object so far
		key    string   // the last member of an object
		index  int      // the element of an array
	}
	var stack []frame
	key := false // the next text is a member's name
	for i := 0; i < len(b); i++ {
		switch b[i] {
		case '{':
			stack = append(stack, frame{object: true})
			key = true
		case '[':
			stack = append(stack, frame{})
			key = false
		case '}', ']':
			if len(stack) == 0 {
				return "", 0
			}
			stack = stack[:len(stack)-1]
			key = false
		case ',':
			if len(stack) == 0 {
				return "", 0
			}
			if top := &stack[len(stack)-1]; top.object {
				key = true
			} else {
				top.index++
			}
		case '"':
			start, escaped := i, false
			for i++; i < len(b) && b[i] != '"'; i++ {
				if b[i] == '\\' {
					escaped = true
					i++
				}
			}
			if !key || i >= len(b) || len(stack) == 0 {
				continue
			}
			key = false
			name := string(b[start+1 : i])
			if escaped && json.Unmarshal(b[start:i+1], &name) != nil {
				return "", 0
			}
			top := &stack[len(stack)-1]
			if slices.ContainsFunc(top.seen, func(m string) bool { return strings.EqualFold(m, name) }) {
				var path strings.Builder
				for _, f := range stack[:len(stack)-1] {
					if f.object {
						path.WriteString("." + f.key)
					} else {
						fmt.Fprintf(&path, "[%d]", f.index)
					}
				}
				path.WriteString("." + name)
				return strings.TrimPrefix(path.String(), "."), int64(start)
			}
			top.seen = append(top.seen, name)
			top.key = name
		}
	}
	return "", 0
}

// faultAt finds the value of b, a JSON value of type t that does not
// decode strictly, at which decoding fails: it returns the path to it
// from b ("threshold.amount", "tiers[1].rate", "" for b itself) and its
// offset in b. A member that t does not have is the fault, at its name,
// with no path of its own: the error of the decoder names it.
func faultAt(b []byte, t reflect.Type) (string, int64) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	tok, err := dec.Token()
	if err != nil {
		return "", 0
	}
	switch {
	case tok == json.Delim('{') && t.Kind() == reflect.Struct:
		for dec.More() {
			off := tokenStart(b, dec.InputOffset())
			tok, err := dec.Token()
			if err != nil {
				return "", 0
			}
			name, _ := tok.(string)
			f, ok := jsonField(t, name)
			if !ok {
				return "", off
			}
			var raw json.RawMessage
			if err := dec.Decode(&raw); err != nil {
				return "", 0
			}
			valueAt := dec.InputOffset() - int64(len(raw))
			if decodeStrict(raw, reflect.New(f.Type).Interface()) == nil {
				continue
			}
			path, inner := faultAt(raw, f.Type)
			if path != "" && path[0] != '[' {
				path = "." + path
			}
			if path == "" && inner > 0 { // a member unknown within the value
				return name, valueAt + inner
			}
			return name + path, valueAt + inner
		}
	case tok == json.Delim('[') && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array):
		for j := 0; dec.More(); j++ {
			var raw json.RawMessage
			if err := dec.Decode(&raw); err != nil {
				return "", 0
			}
			valueAt := dec.InputOffset() - int64(len(raw))
			if decodeStrict(raw, reflect.New(t.Elem()).Interface()) == nil {
				continue
			}
			path, inner := faultAt(raw, t.Elem())
			if path != "" && path[0] != '[' {
				path = "." + path
			}
			return fmt.Sprintf("[%d]", j) + path, valueAt + inner
		}
	}
	return "", 0
}

// jsonField returns the field of the struct type t that encoding/json
// decodes the member name into: the one tagged with it, or else one
// whose tag or name matches it but for case.
func jsonField(t reflect.Type, name string) (reflect.StructField, bool) {
	var folded reflect.StructField
	found := false
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		tag, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		switch {
		case tag == "-":
			continue
		case tag == "":
			tag = f.Name
		}
		if tag == name {
			return f, true
		}
		if !found && strings.EqualFold(tag, name) {
			folded, found = f, true
		}
	}
	return folded, found
}

// hasCondition reports whether the record v (a *Rule or *Withholding)
// has a condition.
func hasCondition(v any) bool {
	switch r := v.(type) {
	case *Rule:
		return r.When != ""
	case *Withholding:
		return r.When != ""
	}
	return false
}

// conditions returns the number of the file's records with a condition.
func (f *File) conditions() int {
	n := 0
	for i := range f.Rules {
		if f.Rules[i].When != "" {
			n++
		}
	}
	for i := range f.Withholdings {
		if f.Withholdings[i].When != "" {
			n++
		}
	}
	return n
}

// Records returns the number of the file's records and the number of
// them with a condition, which MaxRecords and MaxConditions bound.
func (f *File) Records() (records, conditions int) {
	return len(f.Rules) + len(f.Structures) + len(f.Withholdings), f.conditions()
}

// lineCounter finds the lines of offsets that only grow, counting the
// line ends of the file once instead of from its start at each record.
type lineCounter struct {
	b    []byte
	off  int64 // the offset counted up to
	line int   // the line of off
}

// Bounds counts records of rule files against MaxRecords, the records
// with a condition against MaxConditions and the conditions' cost
// against MaxTotalConditionCost, within one file (ReadFile and Check)
// or across all the files an engine reads. Its zero value, with a
// Scope, counts from none. A Bounds is not safe for concurrent use.
type Bounds struct {
	// Scope names what is counted in errors: "the rule file", "the rule
	// files together".
	Scope string

	records, conditions, cost int
}

// Record counts one record, and its condition when ("" for none) and
// the condition's cost. It returns an error naming the bound for the
// record that passes one. (ReadFile counts the records and conditions of
// a file as it reads them, and Check their cost.)
func (b *Bounds) Record(when string) error {
	if err := b.addRecord(); err != nil {
		return err
	}
	if when == "" {
		return nil
	}
	if err := b.addCondition(); err != nil {
		return err
	}
	return b.addCost(when)
}

// addRecord counts a record against MaxRecords.
func (b *Bounds) addRecord() error {
	if b.records++; b.records > MaxRecords {
		return fmt.Errorf("%s would hold more than %d records (rules, structures and withholdings), the most allowed", b.Scope, MaxRecords)
	}
	return nil
}

// addCondition counts a record with a condition against MaxConditions.
func (b *Bounds) addCondition() error {
	if b.conditions++; b.conditions > MaxConditions {
		return fmt.Errorf("%s would hold more than %d records with a condition (when), the most allowed", b.Scope, MaxConditions)
	}
	return nil
}

// addCost adds the cost of the condition when (ConditionCost) against
// MaxTotalConditionCost.
func (b *Bounds) addCost(when string) error {
	c := ConditionCost(when)
	if b.cost += c; b.cost > MaxTotalConditionCost {
		return fmt.Errorf("the conditions of %s may cost %d steps to run with this one's %d, more than the %d allowed", b.Scope, b.cost, c, MaxTotalConditionCost)
	}
	return nil
}

// at returns the line (from 1) of offset off, which is at least the
// offset of the previous call.
func (lc *lineCounter) at(off int64) int {
	off = min(off, int64(len(lc.b)))
	if off < lc.off {
		return lineAt(lc.b, off)
	}
	lc.line += bytes.Count(lc.b[lc.off:off], []byte("\n"))
	lc.off = off
	return lc.line
}

// openDelim reads the opening delimiter d.
func openDelim(dec *json.Decoder, d json.Delim) error {
	tok, err := dec.Token()
	if err != nil {
		return jsonError(err)
	}
	if got, ok := tok.(json.Delim); !ok || got != d {
		return fmt.Errorf("found %v where %q opens", tok, string(d))
	}
	return nil
}

// jsonError makes the end of the input an error that says so.
func jsonError(err error) error {
	if errors.Is(err, io.EOF) {
		return io.ErrUnexpectedEOF
	}
	return err
}

// tokenStart returns the offset of the token that follows off in b,
// past white space and the separators before it.
func tokenStart(b []byte, off int64) int64 {
	return off + int64(len(b[off:])-len(bytes.TrimLeft(b[off:], " \t\r\n,:")))
}

// skipSpace returns the number of JSON white space bytes b starts with.
func skipSpace(b []byte) int { return len(b) - len(bytes.TrimLeft(b, " \t\r\n")) }

// lineAt returns the line (from 1) of byte offset off of b.
func lineAt(b []byte, off int64) int {
	if off > int64(len(b)) {
		off = int64(len(b))
	}
	return bytes.Count(b[:off], []byte("\n")) + 1
}

// OpenFile reads the rule file at path (ReadFile) and checks it
// (Check); its error names the file ("rule file PATH: line 7: ...").
func OpenFile(path string) (*File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("rule file: %w", err)
	}
	rf, err := ReadFile(f)
	f.Close()
	if err == nil {
		err = rf.Check()
	}
	if err != nil {
		return nil, fmt.Errorf("rule file %s: %w", path, err)
	}
	return rf, nil
}

// Check checks every record of the file as Compile, CompileStructures
// and CompileWithholdings would, that no ID is used twice within a
// member, that the conditions together cost at most
// MaxTotalConditionCost, and that no record is shadowed by one alike
// before it (FindShadow) nor withheld beside one (FindDoubleWithholding),
// and fails on the first fault, naming the line its record starts on
// (for a File that ReadFile read).
func (f *File) Check() error {
	at := func(member string, i int, err error) error {
		if l := f.Line(member, i); l > 0 {
			return fmt.Errorf("line %d: %w", l, err)
		}
		return fmt.Errorf("%s[%d]: %w", member, i, err)
	}
	ids := map[string]int{}
	twice := func(member, kind, id string, i int) error {
		k := member + "\x00" + id
		first, ok := ids[k]
		ids[k] = i
		if !ok {
			return nil
		}
		if l := f.Line(member, first); l > 0 {
			return at(member, i, fmt.Errorf("rules: %s id %s is used twice (first on line %d)", kind, id, l))
		}
		return at(member, i, fmt.Errorf("rules: %s id %s is used twice", kind, id))
	}
	bounds := Bounds{Scope: "the rule file"}
	costly := func(member, kind, id, when string, i int) error {
		if when == "" {
			return nil
		}
		if err := bounds.addCost(when); err != nil {
			return at(member, i, fmt.Errorf("rules: %s %s: %w", kind, id, err))
		}
		return nil
	}
	for i := range f.Rules {
		if _, err := Compile(f.Rules[i : i+1]); err != nil {
			return at(MemberRules, i, err)
		}
		if err := costly(MemberRules, "rule", f.Rules[i].ID, f.Rules[i].When, i); err != nil {
			return err
		}
		if err := twice(MemberRules, "rule", f.Rules[i].ID, i); err != nil {
			return err
		}
	}
	for i := range f.Structures {
		if _, err := CompileStructures(f.Structures[i : i+1]); err != nil {
			return at(MemberStructures, i, err)
		}
		if err := twice(MemberStructures, "structure", f.Structures[i].ID, i); err != nil {
			return err
		}
	}
	for i := range f.Withholdings {
		if _, err := CompileWithholdings(f.Withholdings[i : i+1]); err != nil {
			return at(MemberWithholdings, i, err)
		}
		if err := costly(MemberWithholdings, "withholding", f.Withholdings[i].ID, f.Withholdings[i].When, i); err != nil {
			return err
		}
		if err := twice(MemberWithholdings, "withholding", f.Withholdings[i].ID, i); err != nil {
			return err
		}
	}
	return f.checkShadows(at)
}

// shadowKey is what two records of a member must share for the one
// later in the file never to apply on a day that the periods of both
// hold: all that orders and selects them but their periods.
type shadowKey struct {
	sel      selector // its period zero
	priority int
	when     string
	holiday  bool
}

// Shadow is a rule or structure that another alike in all but its
// period, and before it, would decide on every day that both are in
// force: Compile and CompileStructures keep the order of records alike
// in specificity and priority, so that the second could never apply on
// those days, as when a new rate takes effect on the day the old one
// expires. FindShadow finds them.
type Shadow struct {
	// Member is MemberRules or MemberStructures, or MemberWithholdings
	// for two withholdings that would both be withheld
	// (FindDoubleWithholding).
	Member string
	// First and Second are the positions of the two records, First the
	// one that applies; FirstID and SecondID their IDs.
	First, Second     int
	FirstID, SecondID string
	// From says from when both are in force: "on 2026-06-30", or
	// "always".
	From string
}

// Describe says what is wrong with the second record, naming the first
// with where it is (first: "line 3", "acme.json, line 3").
func (s Shadow) Describe(first string) string {
	switch s.Member {
	case MemberWithholdings:
		return fmt.Sprintf("withholding %s: withholding %s (%s) has the same jurisdiction, tax, withholdingType, selectors and condition and is in force %s too: "+
			"every withholding that reaches a line is withheld, so both would be on the days both are in force (end the one the day before the other takes effect)",
			s.SecondID, s.FirstID, first, s.From)
	case MemberStructures:
		return fmt.Sprintf("structure %s: structure %s (%s) has the same selectors and priority and is in force %s too, and comes first: structure %s could never apply on the days both are in force",
			s.SecondID, s.FirstID, first, s.From, s.SecondID)
	}
	return fmt.Sprintf("rule %s: rule %s (%s) has the same selectors, priority and condition and is in force %s too, and comes first: rule %s could never apply on the days both are in force",
		s.SecondID, s.FirstID, first, s.From, s.SecondID)
}

// withholdingKey is what two withholdings must share to reach the same
// lines on a day that the periods of both hold: all but their periods,
// rates, reasons and IDs.
type withholdingKey struct {
	jurisdiction, tax, withholdingType                               string
	productClass, customerClass, usage, transactionType, perspective string
	fromAbroad                                                       bool
	when                                                             string
}

// FindDoubleWithholding returns a withholding of ws that one before it,
// alike in all but its period, rate and reason, would be withheld beside
// on every day that both are in force (a Shadow of MemberWithholdings),
// and false when there is none. Unlike rules, withholdings are not
// decided by the first that applies: every one that reaches a line is
// withheld, so two alike in force on one day withhold twice, as when a
// new rate takes effect on the day the old one expires. ws is in the
// order given to CompileWithholdings: File.Check looks within a file,
// the engine across its rule files and the withholdings given in Go.
func FindDoubleWithholding(ws []Withholding) (Shadow, bool) {
	groups := map[withholdingKey][]int{}
	periods := make([]civil.Period, len(ws))
	for i := range ws {
		w := &ws[i]
		k := withholdingKey{jurisdiction: w.Jurisdiction, tax: w.Tax, withholdingType: w.WithholdingType,
			productClass: w.ProductClass, customerClass: w.CustomerClass, usage: w.Usage, transactionType: w.TransactionType,
			perspective: w.Perspective, fromAbroad: w.FromAbroad, when: w.When}
		periods[i] = civil.Period{Effective: w.Effective, Expiration: w.Expiration}
		groups[k] = append(groups[k], i)
	}
	sh, ok := findShadow(groups, periods)
	if ok {
		sh.Member, sh.FirstID, sh.SecondID = MemberWithholdings, ws[sh.First].ID, ws[sh.Second].ID
	}
	return sh, ok
}

// FindShadow returns a rule of rs, or else a structure of ss, that one
// before it, alike in all but its period, would decide on every day
// that both are in force (Shadow), and false when there is none. rs and
// ss are in the order given to Compile and CompileStructures: File.Check
// looks within a file, the engine across its rule files.
func FindShadow(rs []Rule, ss []Structure) (Shadow, bool) {
	groups := map[shadowKey][]int{}
	periods := make([]civil.Period, len(rs))
	for i := range rs {
		k := shadowKey{sel: rs[i].selector(), priority: rs[i].Priority, when: rs[i].When, holiday: rs[i].Holiday}
		periods[i], k.sel.period = k.sel.period, civil.Period{}
		groups[k] = append(groups[k], i)
	}
	if sh, ok := findShadow(groups, periods); ok {
		sh.Member, sh.FirstID, sh.SecondID = MemberRules, rs[sh.First].ID, rs[sh.Second].ID
		return sh, true
	}
	clear(groups)
	periods = make([]civil.Period, len(ss))
	for i := range ss {
		k := shadowKey{sel: ss[i].selector(), priority: ss[i].Priority}
		periods[i], k.sel.period = k.sel.period, civil.Period{}
		groups[k] = append(groups[k], i)
	}
	if sh, ok := findShadow(groups, periods); ok {
		sh.Member, sh.FirstID, sh.SecondID = MemberStructures, ss[sh.First].ID, ss[sh.Second].ID
		return sh, true
	}
	return Shadow{}, false
}

// findShadow returns the two records of a group whose periods overlap,
// the one with the earliest second record of all, so that the fault
// reported does not depend on the order of a map.
func findShadow[K comparable](groups map[K][]int, periods []civil.Period) (Shadow, bool) {
	best := Shadow{Second: -1}
	for _, group := range groups {
		if i, j, ok := overlapping(periods, group); ok && (best.Second < 0 || j < best.Second) {
			best = Shadow{First: i, Second: j, From: sharedFrom(periods[i], periods[j])}
		}
	}
	return best, best.Second >= 0
}

// checkShadows refuses a rule or structure of the file that one before
// it decides on every day both are in force (FindShadow), and a
// withholding that one before it would be withheld beside on such a day
// (FindDoubleWithholding). at places an error as Check does.
func (f *File) checkShadows(at func(member string, i int, err error) error) error {
	sh, ok := FindShadow(f.Rules, f.Structures)
	if !ok {
		sh, ok = FindDoubleWithholding(f.Withholdings)
	}
	if !ok {
		return nil
	}
	first := fmt.Sprintf("%s[%d]", sh.Member, sh.First)
	if l := f.Line(sh.Member, sh.First); l > 0 {
		first = fmt.Sprintf("line %d", l)
	}
	return at(sh.Member, sh.Second, fmt.Errorf("rules: %s", sh.Describe(first)))
}

// overlapping returns two records of group (positions in the file, in
// ascending order) whose periods share a day, the first before the
// second in the file, and false when no two do. It sorts them by
// their effective dates and keeps the one that ends last so far, so
// that a group of many periods that follow one another costs no more
// than sorting it.
func overlapping(periods []civil.Period, group []int) (first, second int, ok bool) {
	if len(group) < 2 {
		return 0, 0, false
	}
	order := slices.Clone(group)
	slices.SortStableFunc(order, func(a, b int) int { return periods[a].Effective.Compare(periods[b].Effective) })
	last := order[0] // of those seen, the one that ends last
	for _, k := range order[1:] {
		end := periods[last].Expiration
		if end.IsZero() || !end.Before(periods[k].Effective) {
			return min(last, k), max(last, k), true
		}
		if e := periods[k].Expiration; e.IsZero() || e.After(end) {
			last = k
		}
	}
	return 0, 0, false
}

// sharedFrom says from when two periods that share a day share it:
// "on 2026-06-30", the later of their effective dates, or "always".
func sharedFrom(p, q civil.Period) string {
	d := p.Effective
	if q.Effective.After(d) {
		d = q.Effective
	}
	if d.IsZero() {
		return "always"
	}
	return "on " + d.String()
}

package engine

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/levytax/levy"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/rules"
	"github.com/levytax/levy/wire"
)

// ruleFileRecords are the records of the host's rule files.
type ruleFileRecords struct {
	rules        []rules.Rule
	structures   []rules.Structure
	withholdings []rules.Withholding
	// withholdingSources are where the withholdings are, one for one:
	// the file's base name and the line of the record.
	withholdingSources []wire.RateSource
}

// readRuleFiles reads and checks the host's rule files (WithRuleFiles).
// Every fault names the file and the line of the record at fault: a
// record that Check refuses, an ID that another file, or a record given
// in Go (given: WithRules and WithWithholdings), already uses, and
// a jurisdiction selector that no jurisdiction of the dataset matches,
// which would leave the record silently unused, a threshold in a
// currency that the dataset's ISO 4217 table (cur) does not hold, which
// no request could convert a line's amount into, and the record that
// makes the files together hold more than rules.MaxRecords records or
// rules.MaxConditions conditions, or cost more than
// rules.MaxTotalConditionCost, the bounds of one file. Then, over the
// records given in Go and those of the files in the order they are
// compiled, it refuses a rule or structure that one alike in all but
// its period, before it, decides on every day both are in force
// (rules.FindShadow), and a withholding that one alike would be
// withheld beside (rules.FindDoubleWithholding), naming where both are.
func readRuleFiles(jur *data.Jurisdictions, cur *money.Currencies, given ruleFileRecords, paths []string) (ruleFileRecords, error) {
	var out ruleFileRecords
	// at holds where each record of given and the files is, by member,
	// in the order they are compiled.
	at := map[string][]recordOrigin{}
	seen := map[string]recordOrigin{}
	inGo := func(member, kind, id string, i int) error {
		o := recordOrigin{member: member, index: i}
		k := member + "\x00" + id
		if first, ok := seen[k]; ok {
			return fmt.Errorf("engine: host rules: %s: %s id %s is used twice (first %s)", o, kind, id, first.first())
		}
		seen[k] = o
		at[member] = append(at[member], o)
		return nil
	}
	for i := range given.rules {
		if err := inGo(rules.MemberRules, "rule", given.rules[i].ID, i); err != nil {
			return out, err
		}
	}
	for i := range given.structures {
		if err := inGo(rules.MemberStructures, "structure", given.structures[i].ID, i); err != nil {
			return out, err
		}
	}
	for i := range given.withholdings {
		if err := inGo(rules.MemberWithholdings, "withholding", given.withholdings[i].ID, i); err != nil {
			return out, err
		}
	}
	bounds := rules.Bounds{Scope: "the rule files together"}
	for _, path := range paths {
		if path == "" {
			return out, errors.New("engine: rule file: the name of a rule file is empty")
		}
		rf, err := rules.OpenFile(path)
		if err != nil {
			return out, fmt.Errorf("engine: %w", err)
		}
		record := func(member, kind, id, sel, when string, i int) error {
			line := rf.Line(member, i)
			if err := bounds.Record(when); err != nil {
				return fmt.Errorf("engine: rule file %s: line %d: %s %s: %w", path, line, kind, id, err)
			}
			if sel != "" && !jurisdictionSelected(jur, sel) {
				return fmt.Errorf("engine: rule file %s: line %d: %s %s: jurisdiction %q is not a jurisdiction of the dataset, nor a prefix of one ending in *: the %s would never apply",
					path, line, kind, id, sel, kind)
			}
			o := recordOrigin{path: path, line: line}
			k := member + "\x00" + id
			if first, ok := seen[k]; ok {
				return fmt.Errorf("engine: rule file %s: line %d: %s id %s is used twice (first %s)", path, line, kind, id, first.first())
			}
			seen[k] = o
			at[member] = append(at[member], o)
			return nil
		}
		for i, r := range rf.Rules {
			if err := record(rules.MemberRules, "rule", r.ID, r.Jurisdiction, r.When, i); err != nil {
				return out, err
			}
			if err := thresholdCurrencyKnown(cur, &r); err != nil {
				return out, fmt.Errorf("engine: rule file %s: line %d: %w", path, rf.Line(rules.MemberRules, i), err)
			}
		}
		for i, s := range rf.Structures {
			if err := record(rules.MemberStructures, "structure", s.ID, s.Jurisdiction, "", i); err != nil {
				return out, err
			}
			if err := structureCurrencyKnown(cur, &s); err != nil {
				return out, fmt.Errorf("engine: rule file %s: line %d: %w", path, rf.Line(rules.MemberStructures, i), err)
			}
		}
		for i, w := range rf.Withholdings {
			if err := record(rules.MemberWithholdings, "withholding", w.ID, w.Jurisdiction, w.When, i); err != nil {
				return out, err
			}
		}
		out.rules = append(out.rules, rf.Rules...)
		out.structures = append(out.structures, rf.Structures...)
		out.withholdings = append(out.withholdings, rf.Withholdings...)
		for i := range rf.Withholdings {
			out.withholdingSources = append(out.withholdingSources,
				wire.RateSource{Content: wire.RateSourceRules, File: filepath.Base(path), Line: rf.Line(rules.MemberWithholdings, i)})
		}
	}
	sh, ok := rules.FindShadow(slices.Concat(given.rules, out.rules), slices.Concat(given.structures, out.structures))
	if !ok {
		sh, ok = rules.FindDoubleWithholding(slices.Concat(given.withholdings, out.withholdings))
	}
	if ok {
		first, second := at[sh.Member][sh.First], at[sh.Member][sh.Second]
		if second.path == "" {
			return out, fmt.Errorf("engine: host rules: %s: %s", second, sh.Describe(first.String()))
		}
		return out, fmt.Errorf("engine: rule file %s: line %d: %s", second.path, second.line, sh.Describe(first.String()))
	}
	return out, nil
}

// recordOrigin is where a host's record is: the line of a rule file,
// or, for a record given in Go, its member and place among those given.
type recordOrigin struct {
	path   string // "" for a record given in Go
	line   int
	member string
	index  int
}

// String names where the record is: "acme.json, line 3", or "given in
// Go (WithRules), rules[3]".
func (o recordOrigin) String() string {
	if o.path != "" {
		return fmt.Sprintf("%s, line %d", o.path, o.line)
	}
	option := "WithRules"
	if o.member == rules.MemberWithholdings {
		option = "WithWithholdings"
	}
	return fmt.Sprintf("given in Go (%s), %s[%d]", option, o.member, o.index)
}

// first names where the record is as the first of two with one ID:
// "in acme.json, line 3", "given in Go (WithRules), rules[3]".
func (o recordOrigin) first() string {
	if o.path != "" {
		return "in " + o.String()
	}
	return o.String()
}

// jurisdictionSelected reports whether the jurisdiction selector sel of
// a rule or structure matches a jurisdiction of the dataset: its ID, or,
// for a prefix ending in "*", the start of an ID or of a subdivision's
// ISO 3166-2 code.
func jurisdictionSelected(jur *data.Jurisdictions, sel string) bool {
	p, prefix := strings.CutSuffix(sel, "*")
	if !prefix {
		_, ok := jur.ByID(sel)
		return ok
	}
	for _, s := range jurisdiction.Subdivisions() {
		if strings.HasPrefix(s.Country+"-"+s.Code, p) {
			return true
		}
	}
	for i := range jur.Len() {
		if strings.HasPrefix(jur.At(i).ID, p) {
			return true
		}
	}
	return false
}

// conditionFault makes the failure of a host's condition on a line's
// facts (a *rules.ConditionError: an index out of range, a conversion of
// a text that is no number) an error naming the line, the rule and the
// failure, which the server answers with 400, instead of a fault of the
// server. Other errors are returned as they are.
func conditionFault(l *line, err error) error {
	var ce *rules.ConditionError
	if !errors.As(err, &ce) {
		return err
	}
	msg, _, _ := strings.Cut(ce.Err.Error(), "\n")
	return levy.Invalid(l.path, "the %s %s of the server's rule files cannot decide this line: its condition fails on the line's facts (%s)", ce.Kind, ce.ID, msg)
}

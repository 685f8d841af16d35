package wire

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/levytax/levy"
	"github.com/levytax/levy/money"
)

// The constraints of a wire field sit next to it, in a check tag of
// comma-separated rules:
//
//	required         the field must be present (not empty, zero or null)
//	max=N, min=N     a string's length in characters; a number's bounds,
//	                 inclusive; for an array, the most items
//	gt=N             a number's exclusive lower bound
//	pattern=NAME     a string matches one of the patterns below
//	in=A|B|C         an enumeration value is one of A, B and C
//	taxarea          a string is a tax area ID
//	latitude         a string is a latitude in degrees, -90 to 90
//	longitude        a string is a longitude in degrees, -180 to 180
//	id               a string is an identifier (a transaction ID, a
//	                 document number, a code): valid UTF-8 without
//	                 control characters, line separators or bidirectional
//	                 formatting characters (see CheckIdentifier)
//	nonblank         with id: the identifier holds a character other
//	                 than whitespace and is not "." or ".." (a
//	                 transaction ID; see CheckTransactionID)
//	lines            the string is text that may run over several lines
//	                 (a description): it may hold line feeds and carriage
//	                 returns
//
// Every rule but required applies only to a present field: an empty
// string, a nil pointer and an empty array are absent. A string that is
// neither an identifier nor held to a pattern, a format or the values of
// an enumeration is free text (a name, an address line, a description):
// it must be valid UTF-8 and hold no C0 control character (U+0000 to
// U+001F) but a tab, and, with the lines rule, line feeds and carriage
// returns (see CheckText). A value of a type
// with a Valid method (the enumerations) must be valid. Checks that
// involve several fields are check methods of the types.
//
// The tags are compiled, not read at run time: TestValidationCode turns
// them into the walk methods of validate_gen.go, plain Go that visits
// every field of a request without reflection, and fails when the
// committed file is out of date (go test ./wire -run
// TestValidationCode -update rewrites it).

// patterns are the named patterns of the pattern rule, with the words of
// their messages.
var patterns = map[string]struct {
	re   *regexp.Regexp
	text string
}{
	"alpha3":  {regexp.MustCompile(`^[A-Z]{3}$`), "must be three capital letters (pattern [A-Z]{3})"},
	"country": {regexp.MustCompile(`^[A-Z0-9]{2,3}$`), "must be two or three capital letters or digits (pattern [A-Z0-9]{2,3})"},
}

// valid is implemented by the enumerations.
type valid interface{ Valid() bool }

// maxWalkDepth bounds the recursion of the walk over values built in
// code, which may nest or even share lines without end. Decoded requests
// are bounded by MaxJSONDepth long before.
const maxWalkDepth = 4 * MaxJSONDepth

// fieldRules are the compiled constraints of one field that apply to its
// value once it is present.
type fieldRules struct {
	// lo and hi bound a number (loExclusive for gt), minLen and maxLen a
	// string's length, and maxItems an array.
	lo, hi         *money.Amount
	loExclusive    bool
	minLen, maxLen int
	maxItems       int
	pattern        string
	in             []string
	degrees        int64  // the bound of a latitude or longitude, 0 if neither
	enumNames      string // the allowed values, for messages
}

// ruleAmount parses a bound of a generated rule.
func ruleAmount(s string) *money.Amount {
	a, err := money.Parse(s)
	if err != nil {
		panic(fmt.Sprintf("engine: bad bound %q in a generated rule: %v", s, err))
	}
	return &a
}

// stop reports whether the walk ends here: the list of violations is
// full, or the value nests deeper than any request can.
func (v *violations) stop(depth int) bool {
	if v.full() {
		v.truncated = true
		return true
	}
	return depth > maxWalkDepth
}

// enterLine counts a line item and reports whether the walk visits it:
// at most MaxLines lines, at most MaxLineDepth deep; checkLines reports
// the rest. A visited line is left with leaveLine.
func (v *violations) enterLine() bool {
	if v.lines++; v.lines > MaxLines || v.lineDepth >= MaxLineDepth {
		return false
	}
	v.lineDepth++
	return true
}

// leaveLine ends the visit of a line.
func (v *violations) leaveLine() { v.lineDepth-- }

// report adds msg, if any, as the violation of member name of p.
func (v *violations) report(p *fieldPath, name, msg string) {
	if msg != "" {
		v.add(p.Field(name), "%s", msg)
	}
}

// required reports a missing member that the rules require.
func (v *violations) required(p *fieldPath, name, enumNames string) {
	if enumNames != "" {
		v.add(p.Field(name), "is required: one of %s", enumNames)
	} else {
		v.add(p.Field(name), "is required")
	}
}

// tooLong reports a string member of more than max characters; s is
// known to be longer than max bytes.
func (v *violations) tooLong(p *fieldPath, name, s string, max int) {
	if utf8.RuneCountInString(s) > max {
		v.add(p.Field(name), "must be at most %d characters", max)
	}
}

// identifier reports a member that is not fit to be an identifier.
func (v *violations) identifier(p *fieldPath, name, s string) {
	if msg := identifierViolation(s); msg != "" {
		v.add(p.Field(name), "%s", msg)
	}
}

// nonBlankIdentifier reports a member that is not fit to be an
// identifier, that is only whitespace, or that is "." or ".." (the rule
// is a transaction ID's; see dotSegmentViolation): one violation at
// most.
func (v *violations) nonBlankIdentifier(p *fieldPath, name, s string) {
	msg := identifierViolation(s)
	if msg == "" {
		msg = blankViolation(s)
	}
	if msg == "" {
		msg = dotSegmentViolation(s)
	}
	v.report(p, name, msg)
}

// CheckTransactionIDParam validates id, the ID of a stored transaction
// given as the path parameter param of an operation on it (its deletion,
// reversal, rollback or existence). It accepts every ID a journal can
// hold, and refuses only those no journal holds: empty, longer than
// MaxTransactionIDLength characters (said as the range a transaction ID
// may have), not valid UTF-8, or holding U+0000 (NUL). It is looser than
// CheckTransactionID, the rule of a new ID, on purpose: an ID stored
// before a rule of CheckTransactionID was made (whitespace alone, "." or
// "..") or stored in-process past it can still be checked, reversed,
// rolled back and deleted. The engine refuses such an ID with it, and a
// remote client before it sends, so that both give the same error.
func CheckTransactionIDParam(param, id string) error {
	if n := utf8.RuneCountInString(id); n == 0 || n > MaxTransactionIDLength {
		return levy.Invalid(param, "a transaction ID has 1 to %d characters", MaxTransactionIDLength)
	}
	if !utf8.ValidString(id) {
		return levy.Invalid(param, "must be valid UTF-8, and is not at byte %d", invalidUTF8At(id))
	}
	if i := strings.IndexByte(id, 0); i >= 0 {
		return levy.Invalid(param, "must not contain U+0000 (NUL), and holds it at byte %d: no transaction ID holds it", i)
	}
	return nil
}

// invalidUTF8At returns the byte offset of the first byte of s that is
// not part of valid UTF-8, or -1.
func invalidUTF8At(s string) int {
	for i, r := range s {
		if r == utf8.RuneError {
			if _, n := utf8.DecodeRuneInString(s[i:]); n == 1 {
				return i
			}
		}
	}
	return -1
}

// CheckTransactionID returns an EInvalid error about field when id is not
// fit to be a transaction ID, and nil when it is. A transaction ID has 1
// to MaxTransactionIDLength characters, is fit to be an identifier (see
// CheckIdentifier), and holds a character other than whitespace: "   "
// would be stored, listed and matched as a key that no one can tell
// from an absent one; nor is it "." or ".." (see dotSegmentViolation).
func CheckTransactionID(field, id string) error {
	msg := identifierViolation(id)
	switch n := utf8.RuneCountInString(id); {
	case msg != "":
	case n == 0:
		msg = "is required"
	case n > MaxTransactionIDLength:
		msg = fmt.Sprintf("must be at most %d characters", MaxTransactionIDLength)
	default:
		msg = blankViolation(id)
		if msg == "" {
			msg = dotSegmentViolation(id)
		}
	}
	if msg != "" {
		return levy.Invalid(field, "%s", msg)
	}
	return nil
}

// dotSegmentViolation says why s, a new transaction ID, is not fit to
// be one because a plain URL path cannot name it, or returns "": "." and
// ".." are the dot segments that clients and servers take out of a path
// (RFC 3986, section 5.2.4), so that DELETE /transactions/.. would reach
// /transactions. One stored before can still be named percent-encoded
// (%2E), which few clients do unasked.
func dotSegmentViolation(s string) string {
	if s == "." || s == ".." {
		return fmt.Sprintf("must not be %q: a URL path can not name it (the transaction operations take the ID in their path)", s)
	}
	return ""
}

// blankViolation says why s, a present identifier, is not fit to name a
// transaction (it is only whitespace), or returns "".
func blankViolation(s string) string {
	if s != "" && strings.TrimSpace(s) == "" {
		return "must hold a character other than whitespace"
	}
	return ""
}

// CheckIdentifier returns an EInvalid error about field when s is not fit
// to be an identifier, and nil when it is. An identifier (a transaction
// ID, a document number, a line item ID, a customer or vendor code, a
// path parameter) is shown in logs, exports and user interfaces and used
// as a key, so it may hold any printable character but none of these:
// C0 and C1 control characters (U+0000 to U+001F, U+007F to U+009F: NUL,
// tab, CR, LF and the like), the line and paragraph separators (U+2028,
// U+2029), and the bidirectional formatting characters (U+061C, U+200E,
// U+200F, U+202A to U+202E, U+2066 to U+2069), which reorder the text
// around them on screen; nor bytes that are not UTF-8.
func CheckIdentifier(field, s string) error {
	if msg := identifierViolation(s); msg != "" {
		return levy.Invalid(field, "%s", msg)
	}
	return nil
}

// identifierViolation says why s is not fit to be an identifier, or
// returns "".
func identifierViolation(s string) string {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c < 0x7f {
			continue
		}
		if c < utf8.RuneSelf {
			return fmt.Sprintf("must not contain control characters, and holds U+%04X at byte %d", c, i)
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			return fmt.Sprintf("must be valid UTF-8, and is not at byte %d", i)
		case r <= 0x9f:
			return fmt.Sprintf("must not contain control characters, and holds U+%04X at byte %d", r, i)
		case r == 0x2028 || r == 0x2029:
			return fmt.Sprintf("must not contain line or paragraph separators, and holds U+%04X at byte %d", r, i)
		case unicode.Is(unicode.Bidi_Control, r):
			return fmt.Sprintf("must not contain bidirectional formatting characters, and holds U+%04X at byte %d", r, i)
		}
		i += n - 1
	}
	return ""
}

// text reports a member of free text that holds a control character it
// may not hold or is not valid UTF-8. lines says whether it may run over
// several lines.
func (v *violations) text(p *fieldPath, name, s string, lines bool) {
	if msg := textViolation(s, lines); msg != "" {
		v.add(p.Field(name), "%s", msg)
	}
}

// CheckText returns an EInvalid error about field when s is not fit to be
// free text of a request (a name, an address line, a description), and
// nil when it is. Free text is valid UTF-8 and holds no C0 control
// character (U+0000 to U+001F: NUL, escape, form feed and the like) but
// a tab; text of several lines (lines true, a description) may also hold
// line feeds and carriage returns. NUL above all can not be stored in the
// tax journal, and the others have no place in text that is printed on
// an invoice, exported or logged.
func CheckText(field, s string, lines bool) error {
	if msg := textViolation(s, lines); msg != "" {
		return levy.Invalid(field, "%s", msg)
	}
	return nil
}

// textViolation says why s is not fit to be free text, or returns "". It
// runs on every string of every request: text that is plain ASCII is
// checked in one pass over its bytes, without allocating.
func textViolation(s string, lines bool) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 {
			ascii = ascii && c < utf8.RuneSelf
			continue
		}
		// A byte below 0x20 is never part of a multi-byte UTF-8
		// sequence: it is the control character itself.
		if c == '\t' || lines && (c == '\n' || c == '\r') {
			continue
		}
		if lines {
			return fmt.Sprintf("must not contain control characters other than tab, line feed and carriage return, and holds U+%04X at byte %d", c, i)
		}
		return fmt.Sprintf("must not contain control characters or line breaks (a tab is allowed), and holds U+%04X at byte %d", c, i)
	}
	if ascii || utf8.ValidString(s) {
		return ""
	}
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			return fmt.Sprintf("must be valid UTF-8, and is not at byte %d", i)
		}
		i += n
	}
	return ""
}

// taxArea reports a member that is not a tax area ID.
func (v *violations) taxArea(p *fieldPath, name, s string) {
	var e *levy.Error
	if err := ValidateTaxAreaID(p.Field(name).String(), s); errors.As(err, &e) {
		v.addError(e)
	}
}

// itemsViolation checks the length of an array of n items.
func (r *fieldRules) itemsViolation(n int) string {
	if r.maxItems > 0 && n > r.maxItems {
		return fmt.Sprintf("must have at most %d items", r.maxItems)
	}
	return ""
}

// enumViolation checks an enumeration value s, which its Valid method
// found ok or not, against the in rule.
func (r *fieldRules) enumViolation(ok bool, s string) string {
	if ok && r.in != nil {
		ok = false
		for _, in := range r.in {
			ok = ok || in == s
		}
	}
	if ok {
		return ""
	}
	if r.enumNames == "" {
		return "is not a valid value"
	}
	return "must be one of " + r.enumNames
}

// stringViolation checks the length, pattern and format rules of s.
func (r *fieldRules) stringViolation(s string) string {
	if r.maxLen > 0 || r.minLen > 0 {
		n := utf8.RuneCountInString(s)
		if r.maxLen > 0 && n > r.maxLen {
			return fmt.Sprintf("must be at most %d characters", r.maxLen)
		}
		if n < r.minLen {
			return fmt.Sprintf("must be at least %d characters", r.minLen)
		}
	}
	if p, ok := patterns[r.pattern]; ok && !p.re.MatchString(s) {
		return p.text
	}
	if r.degrees > 0 {
		d, err := money.Parse(s)
		if lim := money.FromInt(r.degrees); err != nil || d.Abs().Cmp(lim) > 0 {
			return fmt.Sprintf("must be a number of degrees from %s to %s", lim.Neg(), lim)
		}
	}
	return ""
}

// amount checks number a of member name of p: below 10^MaxAmountDigits
// in absolute value and with at most MaxAmountPlaces digits after the
// decimal point, as every number of a request must be, and then within
// the bounds of r, if any.
func (v *violations) amount(p *fieldPath, name string, a money.Amount, r *fieldRules) {
	if !a.AbsBelowPow10(MaxAmountDigits) {
		v.add(p.Field(name), "must be less than 1e%d in absolute value (at most %d digits before the decimal point)", MaxAmountDigits, MaxAmountDigits)
		return
	}
	if a.Decimal().Exponent() < -MaxAmountPlaces {
		v.add(p.Field(name), "must have at most %d digits after the decimal point, as written out (1e-31 has 31)", MaxAmountPlaces)
		return
	}
	if r != nil {
		v.report(p, name, r.numberViolation(a))
	}
}

// numberViolation checks the bounds of a.
func (r *fieldRules) numberViolation(a money.Amount) string {
	low := r.lo != nil && (a.Cmp(*r.lo) < 0 || r.loExclusive && a.Cmp(*r.lo) == 0)
	high := r.hi != nil && a.Cmp(*r.hi) > 0
	if !low && !high {
		return ""
	}
	switch {
	case r.lo != nil && r.hi != nil && !r.loExclusive:
		return fmt.Sprintf("must be between %s and %s", r.lo, r.hi)
	case r.lo != nil && r.hi != nil:
		return fmt.Sprintf("must be greater than %s and at most %s", r.lo, r.hi)
	case r.loExclusive:
		return fmt.Sprintf("must be greater than %s", r.lo)
	case r.lo != nil:
		return fmt.Sprintf("must be at least %s", r.lo)
	}
	return fmt.Sprintf("must be at most %s", r.hi)
}

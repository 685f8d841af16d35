package rules

import (
	"strings"
	"testing"

	"github.com/shopspring/decimal"
)

// TestThresholdReturns: a return (a negative total) is weighed by its
// size, as its sale was. Before, every negative total was below any
// threshold: the return of a children's jacket of 200.00 in Manitoba
// (exempt up to 150.00) or of a coat of 200.00 in New York (exempt below
// 110.00) was exempt in full and credited none of the tax its sale bore.
func TestThresholdReturns(t *testing.T) {
	d := decimal.RequireFromString
	for _, c := range []struct {
		kind             ThresholdKind
		amount, qty, tot string
		want             string
	}{
		{UpToExempt, "150", "1", "200", "0"},
		{UpToExempt, "150", "1", "-200", "0"},
		{UpToExempt, "150", "1", "-150", "-150"},
		{UpToExempt, "150", "2", "-400", "0"},
		{UpToExempt, "150", "2", "-300", "-300"},
		{BelowExempt, "110", "1", "-110", "0"},
		{BelowExempt, "110", "1", "-109.99", "-109.99"},
		{AboveExcess, "175", "1", "-200", "-175"},
		{AboveExcess, "175", "1", "-100", "-100"},
		{AboveExcess, "175", "1", "200", "175"},
	} {
		th := &Threshold{Amount: d(c.amount), Kind: c.kind}
		if got := th.ExemptOfTotal(d(c.tot), d(c.qty)); !got.Equal(d(c.want)) {
			t.Errorf("%s %s, %s items for %s: exempt %s, want %s", c.kind, c.amount, c.qty, c.tot, got, c.want)
		}
	}
}

// TestThresholdCurrencyInRuleFile: a host's rule file may state the
// currency of a threshold ("currency": "CAD"), which the engine converts
// a line's amount into before weighing it; one without keeps none, and
// its threshold is weighed in the document's currency.
func TestThresholdCurrencyInRuleFile(t *testing.T) {
	f, err := ReadFile(strings.NewReader(`{"version":1,"rules":[
{"id":"mb","jurisdiction":"CA-MB","productClass":"CHILDRENS_CLOTHING","outcome":"TAXABLE","threshold":{"amount":"150","kind":"up_to_exempt","currency":"CAD"}},
{"id":"ny","jurisdiction":"US-NY*","productClass":"CLOTHING","outcome":"TAXABLE","threshold":{"amount":"110","kind":"below_exempt"}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Check(); err != nil {
		t.Fatal(err)
	}
	if c := f.Rules[0].Threshold.Currency; c != "CAD" {
		t.Errorf("mb: threshold currency %q, want CAD", c)
	}
	if c := f.Rules[1].Threshold.Currency; c != "" {
		t.Errorf("ny: threshold currency %q, want none", c)
	}
	for _, bad := range []string{"C$", "cad", "CADX", "CA"} {
		th := Threshold{Amount: decimal.NewFromInt(150), Kind: UpToExempt, Currency: bad}
		if err := th.check(); err == nil {
			t.Errorf("currency %q accepted", bad)
		}
	}
}

// TestThresholdShareInRuleFile: a threshold may exempt only a share of
// what it reaches ("share": "0.5", a county that waives half of its rate
// in a holiday); a share that is not above 0 and at most 1 is refused.
func TestThresholdShareInRuleFile(t *testing.T) {
	f, err := ReadFile(strings.NewReader(`{"version":1,"rules":[
{"id":"half","jurisdiction":"US-01073","productClass":"CLOTHING","outcome":"TAXABLE","threshold":{"amount":"156","kind":"up_to_exempt","currency":"USD","share":"0.5"}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Check(); err != nil {
		t.Fatal(err)
	}
	if s := f.Rules[0].Threshold.Share; s == nil || !s.Equal(decimal.RequireFromString("0.5")) {
		t.Errorf("threshold share %v, want 0.5", s)
	}
	for _, bad := range []string{"0", "-0.5", "1.01"} {
		s := decimal.RequireFromString(bad)
		th := Threshold{Amount: decimal.NewFromInt(156), Kind: UpToExempt, Share: &s}
		if err := th.check(); err == nil || !strings.Contains(err.Error(), "share") {
			t.Errorf("share %s: %v, want it refused", bad, err)
		}
	}
}

// TestThresholdBeyond: a threshold's beyond decides the items that the
// threshold does not exempt. Massachusetts's holiday (up_to_exempt 2,500)
// beyond which the year-round clothing rule (above_excess 175): a coat of
// 2,500.00 is exempt in full, one of 3,000.00 has its first 175.00 exempt,
// two of 1,500.00 on a line (3,000.00) are exempt in full, and the return
// of a coat of 3,000.00 credits the tax on its excess. A rule file may
// state it; a beyond under above_excess, with a share, with a beyond or a
// share of its own, or in another currency is refused.
func TestThresholdBeyond(t *testing.T) {
	d := decimal.RequireFromString
	th := &Threshold{Amount: d("2500"), Kind: UpToExempt, Currency: "USD",
		Beyond: &Threshold{Amount: d("175"), Kind: AboveExcess, Currency: "USD"}}
	for _, c := range []struct{ tot, qty, want string }{
		{"2500", "1", "2500"},
		{"2500.01", "1", "175"},
		{"3000", "1", "175"},
		{"3000", "2", "3000"},
		{"100", "1", "100"},
		{"-3000", "1", "-175"},
	} {
		if got := th.ExemptOfTotal(d(c.tot), d(c.qty)); !got.Equal(d(c.want)) {
			t.Errorf("%s items for %s: exempt %s, want %s", c.qty, c.tot, got, c.want)
		}
	}
	if err := th.check(); err != nil {
		t.Errorf("the holiday's clothing threshold refused: %v", err)
	}
	f, err := ReadFile(strings.NewReader(`{"version":1,"rules":[
{"id":"ma","jurisdiction":"US-MA*","productClass":"CLOTHING","outcome":"TAXABLE","threshold":{"amount":"2500","kind":"up_to_exempt","currency":"USD","beyond":{"amount":"175","kind":"above_excess","currency":"USD"}}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Check(); err != nil {
		t.Fatal(err)
	}
	if b := f.Rules[0].Threshold.Beyond; b == nil || b.Kind != AboveExcess || !b.Amount.Equal(d("175")) {
		t.Errorf("threshold beyond %+v, want above_excess 175", b)
	}
	half := d("0.5")
	for name, bad := range map[string]Threshold{
		"under above_excess": {Amount: d("175"), Kind: AboveExcess, Beyond: &Threshold{Amount: d("100"), Kind: AboveExcess}},
		"with a share":       {Amount: d("2500"), Kind: UpToExempt, Share: &half, Beyond: &Threshold{Amount: d("175"), Kind: AboveExcess}},
		"a share of its own": {Amount: d("2500"), Kind: UpToExempt, Beyond: &Threshold{Amount: d("175"), Kind: AboveExcess, Share: &half}},
		"a beyond of its own": {Amount: d("2500"), Kind: UpToExempt, Beyond: &Threshold{Amount: d("175"), Kind: UpToExempt,
			Beyond: &Threshold{Amount: d("100"), Kind: AboveExcess}}},
		"another currency": {Amount: d("2500"), Kind: UpToExempt, Currency: "USD", Beyond: &Threshold{Amount: d("175"), Kind: AboveExcess, Currency: "CAD"}},
		"a bad kind":       {Amount: d("2500"), Kind: UpToExempt, Beyond: &Threshold{Amount: d("175"), Kind: "excess"}},
	} {
		if err := bad.check(); err == nil || !strings.Contains(err.Error(), "beyond") {
			t.Errorf("%s: %v, want it refused naming beyond", name, err)
		}
	}
}

// TestThresholdWithin: Within weighs the threshold itself, not its
// beyond: Massachusetts's holiday cap of 2,500 (up_to_exempt) holds a
// coat of 2,500.00 and two of 1,500.00 on a line, not one of 2,500.01
// (whose first 175.00 its beyond exempts all the same), nor its return;
// New York's clothing under 110 (below_exempt) does not hold 110.00; an
// above_excess threshold holds every item.
func TestThresholdWithin(t *testing.T) {
	d := decimal.RequireFromString
	ma := &Threshold{Amount: d("2500"), Kind: UpToExempt, Currency: "USD",
		Beyond: &Threshold{Amount: d("175"), Kind: AboveExcess, Currency: "USD"}}
	ny := &Threshold{Amount: d("110"), Kind: BelowExempt}
	excess := &Threshold{Amount: d("175"), Kind: AboveExcess}
	for _, c := range []struct {
		name     string
		th       *Threshold
		tot, qty string
		want     bool
	}{
		{"MA at the cap", ma, "2500", "1", true},
		{"MA two on a line", ma, "3000", "2", true},
		{"MA above the cap", ma, "2500.01", "1", false},
		{"MA the return of a coat above the cap", ma, "-3000", "1", false},
		{"MA the return of a coat within", ma, "-300", "1", true},
		{"NY below", ny, "109.99", "1", true},
		{"NY at the amount", ny, "110", "1", false},
		{"above_excess", excess, "10000", "1", true},
	} {
		if got := c.th.Within(d(c.tot), d(c.qty)); got != c.want {
			t.Errorf("%s: within %v, want %v", c.name, got, c.want)
		}
	}
}

// TestDocumentThreshold: a document_up_to_exempt threshold weighs a
// total, however many items make it (Ontario's $4.00 on the prepared
// food sold together), exempts all of it at or below the amount and
// none above; it has no share and no beyond, and two of them are one
// limit when their amount and currency are the same.
func TestDocumentThreshold(t *testing.T) {
	d := decimal.RequireFromString
	th := &Threshold{Amount: d("4.00"), Kind: DocumentUpToExempt, Currency: "CAD"}
	for _, c := range []struct{ qty, tot, want string }{
		{"1", "2.50", "2.50"}, {"3", "4.50", "0"}, {"2", "4.00", "4.00"}, {"1", "4.01", "0"}, {"1", "-3.00", "-3.00"}, {"1", "-5.00", "0"},
	} {
		if got := th.ExemptOfTotal(d(c.tot), d(c.qty)); !got.Equal(d(c.want)) {
			t.Errorf("%s items for %s: exempt %s, want %s", c.qty, c.tot, got, c.want)
		}
	}
	if err := th.check(); err != nil {
		t.Errorf("check: %v", err)
	}
	half := d("0.5")
	for _, bad := range []*Threshold{
		{Amount: d("4"), Kind: DocumentUpToExempt, Share: &half},
		{Amount: d("4"), Kind: DocumentUpToExempt, Beyond: &Threshold{Amount: d("1"), Kind: AboveExcess}},
		{Amount: d("0"), Kind: DocumentUpToExempt},
	} {
		if err := bad.check(); err == nil {
			t.Errorf("%+v: no error", bad)
		}
	}
	if !th.Document() || (&Threshold{Amount: d("4"), Kind: UpToExempt}).Document() || (*Threshold)(nil).Document() {
		t.Error("Document: wrong kind reported")
	}
	same := &Threshold{Amount: d("4"), Kind: DocumentUpToExempt, Currency: "CAD"}
	if !th.SameLimit(same) || th.SameLimit(&Threshold{Amount: d("4"), Kind: DocumentUpToExempt, Currency: "USD"}) ||
		th.SameLimit(&Threshold{Amount: d("4"), Kind: UpToExempt, Currency: "CAD"}) {
		t.Error("SameLimit: wrong answer")
	}
}

package journal_test

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
)

// berlinWarehouseToParis is an owner's movement of its own furniture
// (94036010, made in Poland) from its Berlin warehouse to its Paris one,
// of nature of transaction 31 (movements to or from a warehouse), with
// the owner's VAT numbers of France (the partner's of the dispatch) and
// Germany (that of goods brought back): amount and mass as a calculation
// stores them, the amount below zero for goods brought back, the mass as
// sent.
func berlinWarehouseToParis(id, date, amount string, mass int64) *journal.Transaction {
	tx := berlinToParis(id, date, amount, mass, 31)
	tx.Perspective, tx.MessageType = "OWNER", "INVENTORY_REMOVAL"
	tx.Lines[0].Intrastat.DispatcherVAT = "DE136695976"
	return tx
}

// declareIn declares a member state's flow of a month for tenant.
func declareIn(t *testing.T, s journal.Store, tenant, state, flow, month string) *journal.IntrastatDeclaration {
	t.Helper()
	from := civil.MustParse(month + "-01")
	d, err := journal.Intrastat(context.Background(), s, tenant, journal.IntrastatQuery{From: from, To: from.AddDays(29),
		MemberState: state, Flow: flow}, codes{})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestIntrastatOwnerReturnReversed: an owner's furniture brought back
// from Paris to Berlin (a movement's line below zero) is declared among
// Germany's arrivals, from France, and France's dispatches, to Germany,
// with the owner's German VAT number; Germany's dispatches and France's
// arrivals hold nothing and refuse nothing. Goods brought back and
// reversed in their month leave nothing; reversed in the next month, the
// reversal is refused there from both flows, naming the movement; the
// reversal of the reversal declares the goods again. Levy refused the
// line below zero from Germany's dispatches and France's arrivals,
// saying to post the movement back as one of its own.
func TestIntrastatOwnerReturnReversed(t *testing.T) {
	ctx := context.Background()
	s := journal.NewMemory()
	for _, tx := range []*journal.Transaction{
		berlinWarehouseToParis("MV-2", "2026-04-14", "-400.00", 12),
		berlinWarehouseToParis("MV-3", "2026-04-16", "-90.00", 5),
	} {
		if _, err := s.Post(ctx, "t", tx); err != nil {
			t.Fatal(err)
		}
	}
	april := map[string]string{
		"DE " + journal.Arrivals:   "94036010,FR,PL,31,3,,17,,,490.00,490.00,2\n",
		"FR " + journal.Dispatches: "94036010,DE,PL,31,3,DE136695976,17,,,490.00,490.00,2\n",
		"DE " + journal.Dispatches: "",
		"FR " + journal.Arrivals:   "",
	}
	check := func(when string, want map[string]string, month string) {
		t.Helper()
		for what, rows := range want {
			state, flow, _ := strings.Cut(what, " ")
			d := declareIn(t, s, "t", state, flow, month)
			if got := csvRows(t, d); got != rows || len(d.Refused) != 0 {
				t.Errorf("%s, %s %s of %s: %q refused %+v, want %q", when, month, flow, state, got, d.Refused, rows)
			}
		}
	}
	check("goods brought back", april, "2026-04")
	reverse := func(id, date string) {
		t.Helper()
		if _, err := s.Reverse(ctx, "t", id, journal.Reversal{TransactionID: id + "-R", PostingDate: civil.MustParse(date)}); err != nil {
			t.Fatal(err)
		}
	}
	reverse("MV-2", "2026-04-20")
	reverse("MV-3", "2026-05-04")
	check("MV-2 reversed in April", map[string]string{
		"DE " + journal.Arrivals:   "94036010,FR,PL,31,3,,5,,,90.00,90.00,1\n",
		"FR " + journal.Dispatches: "94036010,DE,PL,31,3,DE136695976,5,,,90.00,90.00,1\n",
		"DE " + journal.Dispatches: "",
		"FR " + journal.Arrivals:   "",
	}, "2026-04")
	for _, c := range []struct{ state, flow string }{{"DE", journal.Arrivals}, {"FR", journal.Dispatches}} {
		d := declareIn(t, s, "t", c.state, c.flow, "2026-05")
		if len(d.Items) != 0 || len(d.Refused) != 1 || d.Refused[0].TransactionID != "MV-3-R" || !strings.Contains(d.Refused[0].Reason, `"MV-3"`) {
			t.Errorf("May %s of %s: items %+v refused %+v, want the reversal of MV-3 refused, naming it", c.flow, c.state, d.Items, d.Refused)
		}
	}
	reverse("MV-2-R", "2026-04-25")
	check("MV-2 restored", april, "2026-04")
}

// TestIntrastatOwnerReturnWithoutItsNumber: goods brought back whose
// owner's German VAT number the journal does not hold (a line stored
// before the journal kept it, or an owner without one) are refused from
// France's dispatches, naming the owner's taxRegistrations and its
// number of Germany, and are still Germany's arrivals; a movement out to
// France without the owner's French number is refused from Germany's
// dispatches naming the owner's, not a customer's, taxRegistrations.
func TestIntrastatOwnerReturnWithoutItsNumber(t *testing.T) {
	ctx := context.Background()
	s := journal.NewMemory()
	back := berlinWarehouseToParis("MV-2", "2026-04-14", "-400.00", 12)
	back.Lines[0].Intrastat.DispatcherVAT = ""
	out := berlinWarehouseToParis("MV-4", "2026-04-18", "300.00", 9)
	out.Lines[0].Intrastat.PartnerVAT = ""
	for _, tx := range []*journal.Transaction{back, out} {
		if _, err := s.Post(ctx, "t", tx); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		state, flow, id string
		says            []string
	}{
		{"FR", journal.Dispatches, "MV-2", []string{"owner's taxRegistrations", "its number of DE", "brings back to DE"}},
		{"DE", journal.Dispatches, "MV-4", []string{"owner's taxRegistrations", "its number of FR"}},
	} {
		d := declareIn(t, s, "t", c.state, c.flow, "2026-04")
		if len(d.Items) != 0 || len(d.Refused) != 1 || d.Refused[0].TransactionID != c.id {
			t.Errorf("April %s of %s: items %+v refused %+v, want %s refused", c.flow, c.state, d.Items, d.Refused, c.id)
			continue
		}
		for _, want := range c.says {
			if !strings.Contains(d.Refused[0].Reason, want) {
				t.Errorf("April %s of %s: reason %q does not say %q", c.flow, c.state, d.Refused[0].Reason, want)
			}
		}
	}
	if d := declareIn(t, s, "t", "DE", journal.Arrivals, "2026-04"); csvRows(t, d) != "94036010,FR,PL,31,3,,12,,,400.00,400.00,1\n" || len(d.Refused) != 0 {
		t.Errorf("April arrivals of DE: %q refused %+v, want MV-2's goods brought back", csvRows(t, d), d.Refused)
	}
}

// TestIntrastatOwnerMixedSigns: an owner's line whose value is above zero
// and its mass below (a line a program posted so) is no goods brought
// back: it is refused from Germany's dispatches, saying that a line below
// zero is goods brought back when its value is not above zero.
func TestIntrastatOwnerMixedSigns(t *testing.T) {
	s := journal.NewMemory()
	if _, err := s.Post(context.Background(), "t", berlinWarehouseToParis("MV-5", "2026-04-14", "200.00", -12)); err != nil {
		t.Fatal(err)
	}
	d := declareIn(t, s, "t", "DE", journal.Dispatches, "2026-04")
	if len(d.Items) != 0 || len(d.Refused) != 1 || !strings.Contains(d.Refused[0].Reason, "brought back from FR to DE") ||
		!strings.Contains(d.Refused[0].Reason, "value is above zero") {
		t.Errorf("an owner's line of mixed signs: items %+v refused %+v, want it refused, saying when a line is goods brought back", d.Items, d.Refused)
	}
	if d := declareIn(t, s, "t", "DE", journal.Arrivals, "2026-04"); len(d.Items) != 0 || len(d.Refused) != 0 {
		t.Errorf("arrivals: items %+v refused %+v, want none", d.Items, d.Refused)
	}
}

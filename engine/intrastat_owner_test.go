package engine

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/wire"
)

// ownerMove is a Berlin business's movement of its own office chairs
// (94036010, made in Poland) between its warehouse in Berlin and the one
// it keeps in Paris, as the request sends it: price is the line's
// extendedPrice (below zero for chairs brought back), nature the nature
// of transaction (31, movements to or from a warehouse), regs the
// owner's taxRegistrations (JSON).
func ownerMove(t *testing.T, id, date, price string, mass int, regs string) []byte {
	t.Helper()
	return fmt.Appendf(nil, `{"ownerMessageType": "INVENTORY_REMOVAL", "transactionId": %q, "documentDate": %q,
 "currency": {"isoCurrencyCodeAlpha": "EUR"},
 "owner": {"company": "LEVY-DE", "physicalOrigin": {"city": "Berlin", "postalCode": "10115", "country": "DE"},
   "destination": {"city": "Paris", "postalCode": "75001", "country": "FR"}, "taxRegistrations": %s},
 "lineItems": [{"lineItemId": "1", "purchase": {"purchaseClass": "GENERAL"}, "extendedPrice": %s,
   "intrastatCommodityCode": "94036010", "natureOfTransaction": 31, "modeOfTransport": 3, "netMassKilograms": %d,
   "countryOfOriginISOCode": "POL"}]}`, id, date, regs, price, mass)
}

// ownerRegs are the owner's VAT numbers in Germany and in France.
const ownerRegs = `[{"isoCountryCode": "DE", "taxRegistrationNumber": "DE136695976"},
  {"isoCountryCode": "FR", "taxRegistrationNumber": "FR40303265045"}]`

// TestIntrastatOwnerReturn: a Berlin business moves 30 kg of its own
// chairs to its Paris warehouse in March (nature of transaction 31) and
// brings 12 kg of them back in April, posting the movement with a line
// below zero. March is declared among Germany's dispatches, to France,
// with the owner's French VAT number as the partner's, and France's
// arrivals; April's goods brought back among Germany's arrivals, from
// France, and France's dispatches, to Germany, with the owner's German
// number as the partner's, their values above zero and nature 31, as CSV
// and as JSON; April's dispatches of Germany and arrivals of France hold
// nothing and refuse nothing. A movement brought back whose owner sends
// no German number is refused from France's dispatches naming the
// owner's taxRegistrations. The line below zero was refused from
// Germany's dispatches, saying to post the movement back as one of its
// own, and the journal kept no German number of the owner's.
func TestIntrastatOwnerReturn(t *testing.T) {
	store := journal.NewMemory()
	ctx := levy.WithTenant(context.Background(), "acme-de")
	e, err := New(context.Background(), WithJournal(store))
	if err != nil {
		t.Fatal(err)
	}
	frOnly := `[{"isoCountryCode": "FR", "taxRegistrationNumber": "FR40303265045"}]`
	for _, body := range [][]byte{
		ownerMove(t, "MV-1", "2026-03-10", "1000.00", 30, ownerRegs),
		ownerMove(t, "MV-2", "2026-04-14", "-400.00", 12, ownerRegs),
	} {
		var req wire.OwnerRequest
		if err := json.Unmarshal(body, &req); err != nil {
			t.Fatal(err)
		}
		if _, err := e.Owner(ctx, &req); err != nil {
			t.Fatalf("%s: %v", req.TransactionID, err)
		}
	}
	declare := func(month, state, flow string) *journal.IntrastatDeclaration {
		t.Helper()
		from := civil.MustParse(month + "-01")
		d, err := journal.Intrastat(ctx, store, "acme-de", journal.IntrastatQuery{From: from, To: from.AddDays(29), MemberState: state, Flow: flow},
			e.IntrastatCodes())
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	rows := func(d *journal.IntrastatDeclaration) string {
		t.Helper()
		var b bytes.Buffer
		if err := d.WriteCSV(&b); err != nil {
			t.Fatal(err)
		}
		_, rows, _ := strings.Cut(b.String(), "\n")
		return rows
	}
	for _, c := range []struct {
		month, state, flow, want string
	}{
		{"2026-03", "DE", journal.Dispatches, "94036010,FR,PL,31,3,FR40303265045,30,,,1000.00,1000.00,1\n"},
		{"2026-03", "FR", journal.Arrivals, "94036010,DE,PL,31,3,,30,,,1000.00,1000.00,1\n"},
		{"2026-04", "DE", journal.Arrivals, "94036010,FR,PL,31,3,,12,,,400.00,400.00,1\n"},
		{"2026-04", "FR", journal.Dispatches, "94036010,DE,PL,31,3,DE136695976,12,,,400.00,400.00,1\n"},
		{"2026-04", "DE", journal.Dispatches, ""},
		{"2026-04", "FR", journal.Arrivals, ""},
	} {
		d := declare(c.month, c.state, c.flow)
		if got := rows(d); got != c.want || len(d.Refused) != 0 {
			t.Errorf("%s %s of %s: %q refused %+v, want %q", c.month, c.flow, c.state, got, d.Refused, c.want)
		}
	}
	// The JSON of France's April dispatches: the chairs brought back to
	// Germany, declared to the owner's own German registration.
	out, err := json.Marshal(declare("2026-04", "FR", journal.Dispatches))
	if err != nil {
		t.Fatal(err)
	}
	var back journal.IntrastatDeclaration
	if err := json.Unmarshal(out, &back); err != nil {
		t.Fatal(err)
	}
	if len(back.Items) != 1 || back.Items[0].PartnerCountry != "DE" || back.Items[0].PartnerVAT != "DE136695976" ||
		back.Items[0].NatureOfTransaction != 31 || back.Items[0].NetMass != 12 || back.Items[0].InvoicedValue.String() != "400.00" ||
		back.Company == nil || *back.Company != "LEVY-DE" {
		t.Errorf("France's April dispatches as JSON: %s", out)
	}
	// Without the owner's German number, the chairs brought back can not
	// be declared among France's dispatches.
	var req wire.OwnerRequest
	if err := json.Unmarshal(ownerMove(t, "MV-3", "2026-05-05", "-100.00", 3, frOnly), &req); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Owner(ctx, &req); err != nil {
		t.Fatal(err)
	}
	d := declare("2026-05", "FR", journal.Dispatches)
	if len(d.Items) != 0 || len(d.Refused) != 1 || d.Refused[0].TransactionID != "MV-3" ||
		!strings.Contains(d.Refused[0].Reason, "owner's taxRegistrations") || !strings.Contains(d.Refused[0].Reason, "DE") {
		t.Errorf("May dispatches of FR: items %+v refused %+v, want MV-3 refused naming the owner's taxRegistrations", d.Items, d.Refused)
	}
	if d := declare("2026-05", "DE", journal.Arrivals); rows(d) != "94036010,FR,PL,31,3,,3,,,100.00,100.00,1\n" || len(d.Refused) != 0 {
		t.Errorf("May arrivals of DE: %q refused %+v, want MV-3's chairs (an arrival declares no VAT number)", rows(d), d.Refused)
	}
}

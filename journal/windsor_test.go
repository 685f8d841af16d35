package journal_test

import (
	"context"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
)

// TestIntrastatNorthernIreland: under the Windsor Framework Northern
// Ireland is the partner XI of the member states' declarations from 2021,
// and a Northern Irish trader declares its arrivals from member states
// under memberState XI (HMRC Notice 60). A purchase that a Belfast
// business stored of goods from Germany and one from London are stored
// lines of arrivals in XI; only Germany's is declared, with the partner
// DE: goods from Great Britain are moved within the United Kingdom. An
// Irish seller's sale to XI in 2021 is declared among Ireland's
// dispatches, partner XI; the same in 2020, stored with the arrival GB
// (the United Kingdom a member state), is declared to GB. Each
// declaration is in its member state's currency, Northern Ireland's in
// pounds sterling (HMRC), Ireland's in euros.
func TestIntrastatNorthernIreland(t *testing.T) {
	ctx := context.Background()
	s := journal.NewMemory()
	line := func(from, to, vat string) journal.Line {
		return journal.Line{LineItemID: "1", Amount: money.MustParse("100.00"), Intrastat: &journal.IntrastatLine{Dispatch: from, Arrival: to,
			PartnerVAT: vat, CommodityCode: "94036010", CountryOfOrigin: "DE", NatureOfTransaction: 11, ModeOfTransport: 3, NetMass: 5}}
	}
	post := func(tenant, id, perspective, date string, l journal.Line) {
		t.Helper()
		tx := &journal.Transaction{TransactionID: id, Perspective: perspective, MessageType: map[string]string{"SELLER": "INVOICE", "BUYER": "ACCRUAL"}[perspective],
			Currency: map[string]string{"belfast": "GBP", "dublin": "EUR"}[tenant], DocumentDate: civil.MustParse(date), PostingDate: civil.MustParse(date), Lines: []journal.Line{l}}
		if _, err := s.Post(ctx, tenant, tx); err != nil {
			t.Fatal(err)
		}
	}
	post("belfast", "FROM-DE", "BUYER", "2026-05-04", line("DE", "XI", ""))
	post("belfast", "FROM-GB", "BUYER", "2026-05-05", line("GB", "XI", ""))
	post("dublin", "TO-XI", "SELLER", "2026-05-06", line("IE", "XI", "XI000472631"))
	post("dublin", "TO-GB-2020", "SELLER", "2020-05-06", line("IE", "GB", "GB000472631"))
	declare := func(tenant, state, flow, month string) *journal.IntrastatDeclaration {
		t.Helper()
		from := civil.MustParse(month + "-01")
		d, err := journal.Intrastat(ctx, s, tenant, journal.IntrastatQuery{From: from, To: civil.MustParse(month + "-31"), MemberState: state, Flow: flow}, codesOf{year: from.Year})
		if err != nil {
			t.Fatalf("%s %s %s: %v", tenant, state, month, err)
		}
		return d
	}
	if d := declare("belfast", "XI", journal.Arrivals, "2026-05"); len(d.Items) != 1 || d.Items[0].PartnerCountry != "DE" || len(d.Refused) != 0 {
		t.Errorf("Northern Ireland's arrivals: items %+v refused %+v, want the goods from DE alone", d.Items, d.Refused)
	}
	if d := declare("dublin", "IE", journal.Dispatches, "2026-05"); len(d.Items) != 1 || d.Items[0].PartnerCountry != "XI" || d.Items[0].PartnerVAT != "XI000472631" {
		t.Errorf("Ireland's dispatches of 2026: items %+v refused %+v, want the goods to XI", d.Items, d.Refused)
	}
	if d := declare("dublin", "IE", journal.Dispatches, "2020-05"); len(d.Items) != 1 || d.Items[0].PartnerCountry != "GB" {
		t.Errorf("Ireland's dispatches of 2020: items %+v refused %+v, want the goods to GB", d.Items, d.Refused)
	}
}

package cli

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/levytax/levy/profile"
)

// TestConsoleReplacesOneOfANumbersRegistrations: a company's CVR (a
// number of identity) and its VAT registration of the same digits are two
// records, and the console's form replaces the one it describes, by its
// type, the other left as it was. The question before the replacement
// names that record, and the representative it would take away is its
// own. A type changed in the form describes the record of that type: the
// record of the other kind is replaced when it is stored, and created
// when it is not. The form read and replaced the registration of the
// number without a type: the read gave the VAT registration whichever
// record was edited, so that the question spoke of another record's
// representative.
func TestConsoleReplacesOneOfANumbersRegistrations(t *testing.T) {
	r := startReviewConsole(t)
	b := r.b
	adminToken := r.c.token(r.id, r.secret, "levy://admin")
	const (
		regs     = "/admin/v1/profile/registrations"
		tax      = regs + "/DK/DK13585628?company=ACME&type=tax"
		identity = regs + "/DK/13585628?company=ACME&type=identity"
	)
	r.c.must(http.StatusCreated, "POST", regs, adminToken, "application/json",
		[]byte(`{"companyCode":"ACME","jurisdiction":"DK","number":"DK13585628","type":"VAT Registration",`+
			`"representative":{"name":"Elbe Steuervertretung GmbH","number":"DE129273398","address":{"country":"DE"}}}`), nil)
	r.c.must(http.StatusCreated, "POST", regs, adminToken, "application/json",
		[]byte(`{"companyCode":"ACME","jurisdiction":"DK","number":"13585628","type":"Commercial Registration"}`), nil)

	// read returns the stored registration of path and how many versions
	// it has.
	read := func(path string) (*profile.Registration, int) {
		t.Helper()
		reg, n := r.storedRegistration(t, path, adminToken)
		if reg == nil {
			t.Fatalf("GET %s: no registration", path)
		}
		return reg, n
	}
	// edit shows the row of the registration of type typ in the form.
	edit := func(typ string) {
		t.Helper()
		b.wait("the Edit button of the "+typ, `(() => {
			for (const tr of document.querySelectorAll('#prof-regs tbody tr')) {
				if (![...tr.cells].some((c) => c.textContent === `+strconv.Quote(typ)+`)) continue;
				const btn = [...tr.querySelectorAll('button')].find((x) => x.textContent === 'Edit');
				if (btn) { btn.click(); return true; }
			}
			return false;
		})()`)
		b.wait("the form showing it", `document.getElementById('prof-reg-type').value === `+strconv.Quote(typ))
	}
	// store submits the form, says yes to the question and returns it and
	// what the status line says then.
	store := func(what, answer string) (asked, status string) {
		t.Helper()
		b.do(what, chromedp.Evaluate[chromedp.Void](`window.__asked = ''; window.confirm = (q) => { window.__asked = q; return true; };
			document.querySelector('#prof-regs table').dataset.drawn = 'before'`), submit("prof-reg-form"))
		b.wait("the answer to "+what, `/^(`+answer+`|Error)/.test(document.getElementById('status').textContent)`)
		b.wait("the list drawn again", `document.querySelector('#prof-regs table:not([data-drawn])')`)
		return eval[string](b, `window.__asked`), eval[string](b, `document.getElementById('status').textContent`)
	}
	endOn := func(day string) chromedp.Action[chromedp.Void] {
		return chromedp.Evaluate[chromedp.Void](`document.getElementById('prof-reg-to').value = ` + strconv.Quote(day))
	}

	b.do("open the registrations", chromedp.Click(chromedp.CSS(`#nav a[data-page=registrations]`)))
	b.wait("the list of both", `document.querySelectorAll('#prof-regs tbody tr').length === 2`)

	// The VAT registration, ended: the CVR is left as it was.
	edit("VAT Registration")
	b.do("end the VAT registration", endOn("2026-06-30"))
	asked, status := store("the VAT registration's replacement", "Replaced")
	b.awaitExpected("the creation refused for the VAT registration stored already", "status of 400")
	if !strings.Contains(asked, "the tax registration (VAT Registration)") || !strings.Contains(asked, "ending 2026-06-30") ||
		strings.Contains(asked, "taking away") || strings.Contains(asked, "in place of") {
		t.Errorf("the question before replacing the VAT registration says %q", asked)
	}
	if !strings.Contains(status, "the tax registration (VAT Registration)") {
		t.Errorf("after replacing the VAT registration the status line says %q", status)
	}
	if reg, n := read(tax); reg.Type != "VAT Registration" || reg.EndDate.String() != "2026-06-30" || reg.Representative == nil || n != 2 {
		t.Errorf("the VAT registration after its edit: %+v in %d versions", reg, n)
	}
	if reg, n := read(identity); reg.Type != "Commercial Registration" || !reg.EndDate.IsZero() || n != 1 {
		t.Errorf("the edit of the VAT registration changed the CVR: %+v in %d versions", reg, n)
	}

	// The CVR, ended: the VAT registration is left as it was, and its
	// representative is none of the CVR's.
	edit("Commercial Registration")
	b.do("end the CVR", endOn("2026-09-30"))
	asked, status = store("the CVR's replacement", "Replaced")
	b.awaitExpected("the creation refused for the CVR stored already", "status of 400")
	if !strings.Contains(asked, "the number of identity (Commercial Registration)") || !strings.Contains(asked, "ending 2026-09-30") ||
		strings.Contains(asked, "taking away") || strings.Contains(asked, "in place of") {
		t.Errorf("the question before replacing the CVR says %q", asked)
	}
	if !strings.Contains(status, "the number of identity (Commercial Registration)") {
		t.Errorf("after replacing the CVR the status line says %q", status)
	}
	if reg, n := read(identity); reg.Type != "Commercial Registration" || reg.EndDate.String() != "2026-09-30" || n != 2 {
		t.Errorf("the CVR after its edit: %+v in %d versions", reg, n)
	}
	if reg, n := read(tax); reg.Type != "VAT Registration" || reg.EndDate.String() != "2026-06-30" || reg.Representative == nil || n != 2 {
		t.Errorf("the edit of the CVR changed the VAT registration: %+v in %d versions", reg, n)
	}

	// The VAT registration shown, its type changed to one of identity:
	// the form describes the CVR, which it replaces, saying so.
	typeTIN := chromedp.Evaluate[chromedp.Void](`{ const el = document.getElementById('prof-reg-type'); el.value = 'Tax Identification Number (TIN)'; el.dispatchEvent(new Event('change')); }`)
	edit("VAT Registration")
	b.do("make the VAT registration's form a TIN", typeTIN)
	asked, status = store("the replacement of the form of another type", "Replaced")
	b.awaitExpected("the creation refused for the number of identity stored already", "status of 400")
	if !strings.Contains(asked, "the number of identity (Commercial Registration)") || !strings.Contains(asked, "of type Tax Identification Number (TIN) in place of Commercial Registration") {
		t.Errorf("the question before replacing the CVR with a TIN says %q", asked)
	}
	if !strings.Contains(status, "the number of identity (Tax Identification Number (TIN))") {
		t.Errorf("after replacing the CVR with a TIN the status line says %q", status)
	}
	if reg, n := read(identity); reg.Type != "Tax Identification Number (TIN)" || n != 3 {
		t.Errorf("the number of identity after the form of the VAT registration made a TIN: %+v in %d versions", reg, n)
	}
	if reg, n := read(tax); reg.Type != "VAT Registration" || reg.EndDate.String() != "2026-06-30" || n != 2 {
		t.Errorf("the form of the VAT registration made a TIN changed the VAT registration: %+v in %d versions", reg, n)
	}

	// With no number of identity stored, the same form creates one: no
	// question, the VAT registration left as it was.
	r.c.must(http.StatusOK, "DELETE", identity, adminToken, "", nil, nil)
	b.do("draw the list again", chromedp.Click(chromedp.CSS(`#prof-reg-filter button[type=submit]`)))
	b.wait("the list of the VAT registration alone", `document.querySelectorAll('#prof-regs tbody tr').length === 1`)
	edit("VAT Registration")
	b.do("make the VAT registration's form a TIN", typeTIN)
	asked, status = store("the creation of the form of another type", "Added")
	if asked != "" || !strings.HasPrefix(status, "Added registration DK13585628") {
		t.Errorf("the form of the VAT registration made a TIN, with no number of identity stored, asked %q and says %q", asked, status)
	}
	if reg, _ := read(identity); reg.Type != "Tax Identification Number (TIN)" || reg.EndDate.String() != "2026-06-30" {
		t.Errorf("the number of identity the form created: %+v", reg)
	}
	if reg, n := read(tax); reg.Type != "VAT Registration" || n != 2 {
		t.Errorf("the creation of the TIN changed the VAT registration: %+v in %d versions", reg, n)
	}
	// A registration typed in the form in a state, "TX", of a type that
	// identifies a company only in a whole country: its record is a tax
	// registration, the one replaced.
	r.c.must(http.StatusCreated, "POST", regs, adminToken, "application/json",
		[]byte(`{"companyCode":"ACME","jurisdiction":"US-TX","number":"32000000001","type":"Federal Employer Identification Number (FEIN)"}`), nil)
	b.do("type a FEIN in Texas, ended", chromedp.Evaluate[chromedp.Void](`{
		for (const el of document.querySelectorAll('#prof-reg-form input')) el.value = '';
		const set = (id, v) => { document.getElementById(id).value = v; };
		set('prof-reg-company', 'ACME'); set('prof-reg-new-jur', 'TX'); set('prof-reg-number', '32000000001');
		set('prof-reg-type', 'Federal Employer Identification Number (FEIN)'); set('prof-reg-to', '2026-03-31');
	}`))
	asked, status = store("the replacement of a FEIN in Texas", "Replaced")
	b.awaitExpected("the creation refused for the FEIN stored already", "status of 400")
	if !strings.Contains(asked, "Registration 32000000001 in US-TX, the tax registration (Federal Employer Identification Number (FEIN)), is stored already") {
		t.Errorf("the question before replacing the FEIN in Texas says %q", asked)
	}
	if !strings.Contains(status, "the tax registration (Federal Employer Identification Number (FEIN)), ending 2026-03-31") {
		t.Errorf("after replacing the FEIN in Texas the status line says %q", status)
	}
	if reg, n := read(regs + "/US-TX/32000000001?company=ACME&type=tax"); reg.EndDate.String() != "2026-03-31" || n != 2 {
		t.Errorf("the FEIN in Texas after its replacement: %+v in %d versions", reg, n)
	}
	if errs := b.errors(); errs != "" {
		t.Errorf("the browser logged errors:%s", errs)
	}
}

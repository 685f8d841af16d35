package cli

import (
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/levytax/levy/profile"
)

// storedRegistration reads a registration through the admin route, with
// its versions.
func (r *reviewConsole) storedRegistration(t *testing.T, path, adminToken string) (*profile.Registration, int) {
	t.Helper()
	var got struct {
		Data struct {
			Registration *profile.Registration
			Versions     []struct{ Version int }
		}
	}
	r.c.must(http.StatusOK, "GET", path, adminToken, "", nil, &got)
	return got.Data.Registration, len(got.Data.Versions)
}

// TestConsoleRegistrationRepresentative creates, in the console, a
// registration with the seller's fiscal representative there, which the
// admin route reads back with its country as its alpha-2 code and the
// list shows; edits it (Edit shows the stored one in the form); and
// clears its fields, which takes it away once the user agrees to a
// question that says so. The form had no fields of a representative:
// one could only be stored through the admin routes or an import.
func TestConsoleRegistrationRepresentative(t *testing.T) {
	r := startReviewConsole(t)
	b := r.b
	adminToken := r.c.token(r.id, r.secret, "levy://admin")
	const path = "/admin/v1/profile/registrations/DEU/DE136695976?company=GRACHTEN"
	b.do("open the registrations", chromedp.Click(chromedp.CSS(`#nav a[data-page=registrations]`)))
	b.wait("the form and the list", `document.getElementById('prof-reg-rep-name') && document.querySelector('#prof-regs table')`)
	b.do("add a registration with its representative", chromedp.SendKeys(chromedp.ID("prof-reg-company"), "GRACHTEN"),
		chromedp.SendKeys(chromedp.ID("prof-reg-new-jur"), "DEU"), chromedp.SendKeys(chromedp.ID("prof-reg-number"), "DE136695976"),
		chromedp.SendKeys(chromedp.ID("prof-reg-rep-name"), " Elbe Steuervertretung GmbH"), chromedp.SendKeys(chromedp.ID("prof-reg-rep-number"), "DE129273398"),
		chromedp.SendKeys(chromedp.ID("prof-reg-rep-street1"), "Jungfernstieg 7"), chromedp.SendKeys(chromedp.ID("prof-reg-rep-city"), "Hamburg"),
		chromedp.SendKeys(chromedp.ID("prof-reg-rep-postalcode"), "20354"), chromedp.SendKeys(chromedp.ID("prof-reg-rep-country"), "deu"),
		submit("prof-reg-form"))
	b.wait("the answer", `/^(Added|Error)/.test(document.getElementById('status').textContent)`)
	reg, _ := r.storedRegistration(t, path, adminToken)
	if rep := reg.Representative; rep == nil || rep.Name != "Elbe Steuervertretung GmbH" || rep.Number != "DE129273398" || rep.Address == nil ||
		*rep.Address != (profile.RepresentativeAddress{Street1: "Jungfernstieg 7", City: "Hamburg", PostalCode: "20354", Country: "DE"}) {
		t.Fatalf("the form stored the representative %+v; the page says %q", rep, eval[string](b, `document.getElementById('status').textContent`))
	}
	b.wait("the list", `document.querySelector('#prof-regs .representative')`)
	if cell := eval[string](b, `document.querySelector('#prof-regs .representative').textContent`); cell != "Elbe Steuervertretung GmbH DE129273398 (DE)" {
		t.Errorf("the list shows the representative as %q", cell)
	}

	// Edit shows the stored registration, its representative too; the
	// form stores what it shows in place of it.
	edit := chromedp.Click(chromedp.CSS(`#prof-regs button[aria-label="Edit registration DE136695976"]`))
	b.do("edit it", edit)
	b.wait("the form showing it", `document.getElementById('prof-reg-rep-number').value === 'DE129273398'`)
	for id, want := range map[string]string{"prof-reg-company": "GRACHTEN", "prof-reg-new-jur": "DEU", "prof-reg-number": "DE136695976",
		"prof-reg-rep-name": "Elbe Steuervertretung GmbH", "prof-reg-rep-city": "Hamburg", "prof-reg-rep-country": "DE", "prof-reg-rep-street2": ""} {
		if got := eval[string](b, `document.getElementById('`+id+`').value`); got != want {
			t.Errorf("the form shows %s = %q, want %q", id, got, want)
		}
	}
	b.do("move the representative", chromedp.Evaluate[chromedp.Void](`window.confirm = (q) => { window.__asked = q; return true; }`),
		chromedp.SetValue(chromedp.ID("prof-reg-rep-street1"), "Große Elbstraße 145"), chromedp.SetValue(chromedp.ID("prof-reg-rep-postalcode"), "22767"),
		chromedp.Evaluate[chromedp.Void](`document.querySelector('#prof-regs table').dataset.drawn = 'before'`), submit("prof-reg-form"))
	b.wait("the replacement", `/^(Replaced|Error)/.test(document.getElementById('status').textContent)`)
	b.awaitExpected("the creation refused for a registration stored already", "status of 400")
	b.wait("the list drawn again", `document.querySelector('#prof-regs table:not([data-drawn])')`)
	if asked := eval[string](b, `window.__asked || ''`); strings.Contains(asked, "taking away") {
		t.Errorf("the question of a replacement that keeps a representative says %q", asked)
	}
	reg, n := r.storedRegistration(t, path, adminToken)
	if rep := reg.Representative; rep == nil || rep.Address == nil || rep.Address.Street1 != "Große Elbstraße 145" || rep.Address.PostalCode != "22767" ||
		rep.Name != "Elbe Steuervertretung GmbH" || n != 2 {
		t.Fatalf("after the edit the registration has the representative %+v in %d versions", rep, n)
	}

	// Fields left empty say the registration has none: the question says
	// the replacement takes the stored one away.
	b.do("edit it again", edit)
	b.wait("the form showing it", `document.getElementById('prof-reg-rep-postalcode').value === '22767'`)
	b.do("clear the representative", chromedp.Evaluate[chromedp.Void](`window.__asked = ''; for (const el of document.querySelectorAll('#prof-reg-rep input')) el.value = ''`),
		submit("prof-reg-form"))
	b.wait("the replacement", `/^(Replaced|Error)/.test(document.getElementById('status').textContent)`)
	b.awaitExpected("the creation refused for a registration stored already", "status of 400")
	if asked := eval[string](b, `window.__asked`); !strings.Contains(asked, "taking away its fiscal representative Elbe Steuervertretung GmbH (DE129273398)") {
		t.Errorf("the question before taking the representative away says %q", asked)
	}
	if got := eval[string](b, `document.getElementById('status').textContent`); !strings.Contains(got, "without a fiscal representative") {
		t.Errorf("the status line says %q", got)
	}
	reg, n = r.storedRegistration(t, path, adminToken)
	if reg.Representative != nil || n != 3 {
		t.Errorf("after clearing its fields the registration has the representative %+v in %d versions", reg.Representative, n)
	}
	b.wait("the list without it", `document.querySelector('#prof-regs tbody tr') && !document.querySelector('#prof-regs .representative')`)
	if errs := b.errors(); errs != "" {
		t.Errorf("the browser logged errors:%s", errs)
	}
}

// TestConsoleRegistrationRepresentativeRefused sends, from the console's
// form, a representative without its number and with a country that is
// none: each refusal shows at its field, which is marked invalid and
// described by it, the focus on the first; typing in a field takes its
// mark away, and the registration, mended, is stored. A representative
// whose name is markup shows in the list as its text.
func TestConsoleRegistrationRepresentativeRefused(t *testing.T) {
	r := startReviewConsole(t)
	b := r.b
	adminToken := r.c.token(r.id, r.secret, "levy://admin")
	const markup = `<img src=x onerror="window.__levyXSS=1">`
	r.c.must(http.StatusCreated, "POST", "/admin/v1/profile/registrations", adminToken, "application/json",
		[]byte(`{"jurisdiction":"FRA","number":"FR40303265045","representative":{"name":"`+strings.ReplaceAll(markup, `"`, `\"`)+`","number":"FR83404833048","address":{"country":"FR"}}}`), nil)
	b.do("open the registrations", chromedp.Click(chromedp.CSS(`#nav a[data-page=registrations]`)))
	b.wait("the list", `document.querySelector('#prof-regs .representative')`)
	if got := eval[string](b, `document.querySelector('#prof-regs .representative').textContent`); !strings.Contains(got, markup) {
		t.Errorf("the representative's name shows as %q", got)
	}
	if n := eval[int](b, `document.querySelectorAll('#page img, #page script').length`); n != 0 || eval[bool](b, `window.__levyXSS !== undefined`) {
		t.Errorf("the representative's name made %d elements of the page, or ran", n)
	}

	invalid := func(id string) bool {
		return eval[bool](b, `document.getElementById('`+id+`').getAttribute('aria-invalid') === 'true'`)
	}
	b.do("add a registration whose representative has no number and a country that is none", chromedp.SendKeys(chromedp.ID("prof-reg-new-jur"), "DEU"),
		chromedp.SendKeys(chromedp.ID("prof-reg-number"), "DE136695976"), chromedp.SendKeys(chromedp.ID("prof-reg-rep-name"), "Elbe Steuervertretung GmbH"),
		chromedp.SendKeys(chromedp.ID("prof-reg-rep-country"), "Atlantis"), submit("prof-reg-form"))
	b.wait("the refusal at the fields", `document.getElementById('prof-reg-rep-country-error')`)
	b.awaitExpected("the refused registration", "status of 400")
	for id, want := range map[string]string{"prof-reg-rep-number": "required", "prof-reg-rep-country": "is not a country"} {
		if !invalid(id) {
			t.Errorf("%s is not marked invalid", id)
		}
		msg := eval[string](b, `(() => { const el = document.getElementById('`+id+`'); const d = document.getElementById(el.getAttribute('aria-describedby') || ''); return d ? d.textContent : ''; })()`)
		if !strings.Contains(msg, want) {
			t.Errorf("%s is described by %q, want what the API said: %q", id, msg, want)
		}
	}
	if target := eval[string](b, `document.getElementById('prof-reg-rep-country-error').dataset.target`); target != "representative.address.country" {
		t.Errorf("the country's error is of %q", target)
	}
	if invalid("prof-reg-rep-name") || invalid("prof-reg-number") {
		t.Error("a field the API did not refuse is marked invalid")
	}
	if got := eval[string](b, `document.activeElement.id`); got != "prof-reg-rep-number" {
		t.Errorf("the focus is on %q, not on the first field refused", got)
	}
	if got := eval[string](b, `document.getElementById('status').textContent`); !strings.Contains(got, "representative.address.country") {
		t.Errorf("the status line says %q", got)
	}

	b.do("mend the country", chromedp.Evaluate[chromedp.Void](`document.getElementById('prof-reg-rep-country').value = ''`), chromedp.SendKeys(chromedp.ID("prof-reg-rep-country"), "DE"))
	if invalid("prof-reg-rep-country") || eval[bool](b, `!!document.getElementById('prof-reg-rep-country-error')`) {
		t.Error("the country typed again is still marked invalid")
	}
	if !invalid("prof-reg-rep-number") {
		t.Error("typing the country took the number's mark away")
	}
	b.do("give the number", chromedp.SendKeys(chromedp.ID("prof-reg-rep-number"), "DE129273398"), submit("prof-reg-form"))
	b.wait("the registration added", `document.getElementById('status').textContent.startsWith('Added')`)
	if n := eval[int](b, `document.querySelectorAll('#prof-reg-form [aria-invalid="true"], #prof-reg-form .field-error').length`); n != 0 {
		t.Errorf("%d marks of the refusal outlive the registration stored", n)
	}
	reg, _ := r.storedRegistration(t, "/admin/v1/profile/registrations/DEU/DE136695976", adminToken)
	if rep := reg.Representative; rep == nil || rep.Number != "DE129273398" || rep.Address == nil || rep.Address.Country != "DE" {
		t.Errorf("the mended registration has the representative %+v", rep)
	}
	if errs := b.errors(); errs != "" {
		t.Errorf("the browser logged errors:%s", errs)
	}
}

package profiletest

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
)

// testIdentityAndTaxRegistration: a company's number of identity (a
// Danish CVR, stored as a Commercial Registration) and its tax
// registration of the same digits (its DK VAT number) are two records:
// neither write replaces the other, a deletion that names neither is
// refused naming deletes[0].type, and one with a type deletes that one
// alone. A number of identity stored before keys had a type (under the
// key of a tax registration) stays readable, is not replaced by a tax
// registration of its number, and is deleted by a deletion of type
// identity.
func testIdentityAndTaxRegistration(t *testing.T, s profile.Store) {
	ctx := context.Background()
	svc := service(s)
	cvr := profile.Registration{CompanyCode: "ACME", Jurisdiction: "DK", Number: "13585628", Type: wire.TaxRegistrationTypeCommercialRegistration}
	vat := profile.Registration{CompanyCode: "ACME", Jurisdiction: "DK", Number: "DK 13585628", Type: wire.TaxRegistrationTypeVAT}
	regs := func(company string) string {
		t.Helper()
		var out []string
		for _, g := range records(t, s, tenant, time.Time{}).Registrations {
			if g.CompanyCode == company {
				out = append(out, g.Number+" "+string(g.Type)+" "+g.EffectiveDate.String())
			}
		}
		return strings.Join(out, ", ")
	}
	both := "DK13585628 VAT Registration , DK13585628 Commercial Registration "
	apply(t, svc, tenant, profile.ChangeSet{Registrations: []profile.Registration{vat}})
	apply(t, svc, tenant, profile.ChangeSet{Registrations: []profile.Registration{cvr}})
	if got := regs("ACME"); got != both {
		t.Fatalf("after the VAT number and then the CVR:\n%s\nwant\n%s", got, both)
	}
	// A change of the VAT registration leaves the CVR as it is.
	vat.EffectiveDate = date("2026-01-01")
	apply(t, svc, tenant, profile.ChangeSet{Registrations: []profile.Registration{vat}})
	want := "DK13585628 VAT Registration 2026-01-01, DK13585628 Commercial Registration "
	if got := regs("ACME"); got != want {
		t.Fatalf("after a change of the VAT registration:\n%s\nwant\n%s", got, want)
	}
	// Each has its own history.
	for _, k := range []profile.Key{profile.IdentityKey("ACME", "DK", "13585628"), {Kind: profile.KindRegistration, Scope: "ACME", Jurisdiction: "DK", Code: "DK13585628", Type: profile.KeyTypeTax}} {
		h, err := svc.History(ctx, tenant, k)
		if err != nil {
			t.Fatal(err)
		}
		if n := map[string]int{profile.KeyTypeIdentity: 1, profile.KeyTypeTax: 2}[k.Type]; len(h) != n {
			t.Errorf("History of %s: %d versions, want %d", k, len(h), n)
		}
	}
	// A read that does not say which is refused, as the deletion below.
	if _, err := svc.History(ctx, tenant, profile.RegistrationKey("ACME", "DK", "DK13585628")); !isInvalid(err, "key.type") {
		t.Fatalf("History of either registration: got %v, want an EInvalid error of key.type", err)
	}
	// A deletion that does not say which is refused, deleting nothing.
	v := version(t, s, tenant)
	_, err := svc.Apply(ctx, tenant, "client-1", profile.ChangeSet{Deletes: []profile.Key{profile.RegistrationKey("ACME", "DK", "DK13585628")}})
	var le *levy.Error
	if !errors.As(err, &le) || le.Code != levy.EInvalid || le.Field != "deletes[0].type" {
		t.Fatalf("a deletion of either registration: got %v, want an EInvalid error of deletes[0].type", err)
	}
	if got := version(t, s, tenant); got != v {
		t.Fatalf("the refused deletion stored version %d", got)
	}
	// One of type tax deletes the VAT registration alone.
	apply(t, svc, tenant, profile.ChangeSet{Deletes: []profile.Key{
		{Kind: profile.KindRegistration, Scope: "ACME", Jurisdiction: "DK", Code: "DK13585628", Type: profile.KeyTypeTax}}})
	if got := regs("ACME"); got != "DK13585628 Commercial Registration " {
		t.Fatalf("after the deletion of the VAT registration: %s", got)
	}

	// A CVR stored before keys had a type, under a tax registration's key.
	old := profile.Registration{CompanyCode: "BETA", Jurisdiction: "DK", Number: "DK13585628", Type: wire.TaxRegistrationTypeCommercialRegistration}
	data, err := json.Marshal(&old)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Apply(ctx, tenant, profile.Commit{At: epoch, By: "before",
		Entries: []profile.Entry{{Key: profile.RegistrationKey("BETA", "DK", "DK13585628"), Data: data}}}); err != nil {
		t.Fatal(err)
	}
	if got := regs("BETA"); got != "DK13585628 Commercial Registration " {
		t.Fatalf("the CVR stored under the old key: %s", got)
	}
	apply(t, svc, tenant, profile.ChangeSet{Registrations: []profile.Registration{
		{CompanyCode: "BETA", Jurisdiction: "DK", Number: "dk13585628", Type: wire.TaxRegistrationTypeVAT}}})
	if got := regs("BETA"); got != both {
		t.Fatalf("after the VAT registration of the old CVR's number:\n%s\nwant\n%s", got, both)
	}
	apply(t, svc, tenant, profile.ChangeSet{Deletes: []profile.Key{profile.IdentityKey("BETA", "DK", "13585628")}})
	if got := regs("BETA"); got != "DK13585628 VAT Registration " {
		t.Fatalf("after the deletion of the CVR: %s", got)
	}
	// An old CVR alone is deleted by a deletion that does not say which.
	old.CompanyCode = "GAMMA"
	if data, err = json.Marshal(&old); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Apply(ctx, tenant, profile.Commit{At: epoch, By: "before",
		Entries: []profile.Entry{{Key: profile.RegistrationKey("GAMMA", "DK", "DK13585628"), Data: data}}}); err != nil {
		t.Fatal(err)
	}
	// A deletion of its tax registration, which does not exist, is
	// refused rather than delete the CVR stored under that key.
	_, err = svc.Apply(ctx, tenant, "client-1", profile.ChangeSet{Deletes: []profile.Key{
		{Kind: profile.KindRegistration, Scope: "GAMMA", Jurisdiction: "DK", Code: "DK13585628", Type: profile.KeyTypeTax}}})
	if !errors.As(err, &le) || le.Code != levy.EInvalid || le.Field != "deletes[0]" {
		t.Fatalf("a deletion of a tax registration the number lacks: got %v, want an EInvalid error of deletes[0]", err)
	}
	if got := regs("GAMMA"); got != "DK13585628 Commercial Registration " {
		t.Fatalf("after the refused deletion: %s", got)
	}
	apply(t, svc, tenant, profile.ChangeSet{Deletes: []profile.Key{profile.RegistrationKey("GAMMA", "DK", "13585628")}})
	if got := regs("GAMMA"); got != "" {
		t.Fatalf("after the deletion of the old CVR: %s", got)
	}
}

// isInvalid reports whether err is an EInvalid error naming field.
func isInvalid(err error, field string) bool {
	var le *levy.Error
	return errors.As(err, &le) && le.Code == levy.EInvalid && le.Field == field
}

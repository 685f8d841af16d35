package profile_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/profile"
)

// goodFranchise is a franchise fee that passes every check.
func goodFranchise() profile.Franchise {
	return profile.Franchise{AreaID: "CHI-CABLE-1", Name: "Cable Franchise Fee", Jurisdiction: "US-1714000", Rate: dec("0.05"),
		EffectiveDate: date("2026-01-01"), Source: "franchise agreement of 2019 s. 7"}
}

// TestCheckFranchise: each bad franchise fee is refused with one
// EInvalid error naming its field.
func TestCheckFranchise(t *testing.T) {
	fr := func(f func(f *profile.Franchise)) profile.ChangeSet {
		x := goodFranchise()
		f(&x)
		return profile.ChangeSet{Franchises: []profile.Franchise{x}}
	}
	del := func(k profile.Key) profile.ChangeSet { return profile.ChangeSet{Deletes: []profile.Key{k}} }
	for _, tc := range []struct {
		name  string
		cs    profile.ChangeSet
		field string
		msg   string
	}{
		{"without an area", fr(func(f *profile.Franchise) { f.AreaID = " " }), "franchises[0].areaId", "required"},
		{"area too long", fr(func(f *profile.Franchise) { f.AreaID = strings.Repeat("a", 41) }), "franchises[0].areaId", "at most 40"},
		{"area with a control character", fr(func(f *profile.Franchise) { f.AreaID = "A\x1fB" }), "franchises[0].areaId", "control characters"},
		{"without a name", fr(func(f *profile.Franchise) { f.Name = "" }), "franchises[0].name", "required"},
		{"name too long", fr(func(f *profile.Franchise) { f.Name = strings.Repeat("n", 61) }), "franchises[0].name", "at most 60"},
		{"grantor of a bad form", fr(func(f *profile.Franchise) { f.Jurisdiction = "Chicago" }), "franchises[0].jurisdiction", "not a jurisdiction ID"},
		{"grantor unknown to the dataset", fr(func(f *profile.Franchise) { f.Jurisdiction = "US-4899999" }), "franchises[0].jurisdiction", "not a jurisdiction Levy knows"},
		{"neither rate nor amount", fr(func(f *profile.Franchise) { f.Rate = nil }), "franchises[0].rate", "required"},
		{"both rate and amount", fr(func(f *profile.Franchise) { f.Amount = dec("0.85") }), "franchises[0].amount", "not both"},
		{"negative rate", fr(func(f *profile.Franchise) { f.Rate = dec("-0.01") }), "franchises[0].rate", "at least 0 and under 1"},
		{"rate of one", fr(func(f *profile.Franchise) { f.Rate = dec("1") }), "franchises[0].rate", "at least 0 and under 1"},
		{"rate in percent", fr(func(f *profile.Franchise) { f.Rate = dec("5") }), "franchises[0].rate", "at least 0 and under 1"},
		{"per line with a rate", fr(func(f *profile.Franchise) { f.PerLine = true }), "franchises[0].perLine", "gives an amount"},
		{"negative amount", fr(func(f *profile.Franchise) { f.Rate, f.Amount = nil, dec("-0.85") }), "franchises[0].amount", "negative"},
		// A fee's numbers are bounded as a request's are.
		{"rate of 1e400", fr(func(f *profile.Franchise) { f.Rate = dec("1e400") }), "franchises[0].rate", "less than 1e15"},
		{"amount of 1e15", fr(func(f *profile.Franchise) { f.Rate, f.Amount = nil, dec("-1e15") }), "franchises[0].amount", "less than 1e15"},
		{"expiration before effective", fr(func(f *profile.Franchise) { f.ExpirationDate = date("2025-12-31") }), "franchises[0].expirationDate", "before the effective date 2026-01-01"},
		{"currency unknown to the dataset", fr(func(f *profile.Franchise) { f.Rate, f.Amount, f.Currency = nil, dec("1"), "XYZ" }),
			"franchises[0].currency", "XYZ is not a currency of Levy's dataset"},
		{"currency of a bad form", fr(func(f *profile.Franchise) { f.Rate, f.Amount, f.Currency = nil, dec("1"), "euro" }),
			"franchises[0].currency", `"EURO" is not an ISO 4217 currency code`},
		{"currency of a rate", fr(func(f *profile.Franchise) { f.Currency = "EUR" }), "franchises[0].currency", "is given for a fee of a rate"},
		{"source too long", fr(func(f *profile.Franchise) { f.Source = strings.Repeat("s", 201) }), "franchises[0].source", "at most 200"},
		{"fee twice", profile.ChangeSet{Franchises: []profile.Franchise{goodFranchise(), goodFranchise()}},
			"franchises[1].name", "franchise CHI-CABLE-1/Cable Franchise Fee is listed twice (also at franchises[0].name)"},
		{"deletion without the area", del(profile.Key{Kind: profile.KindFranchise, Code: "Cable Franchise Fee"}), "deletes[0].scope", "required"},
		{"deletion without the name", del(profile.Key{Kind: profile.KindFranchise, Scope: "CHI-CABLE-1"}), "deletes[0].code", "required"},
		{"deletion with a jurisdiction", del(profile.Key{Kind: profile.KindFranchise, Scope: "A", Code: "F", Jurisdiction: "US"}), "deletes[0].jurisdiction", "not a part of the key"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := dataset(t).Check(&tc.cs)
			var list levy.Errors
			if !errors.As(err, &list) {
				t.Fatalf("Check: %v, want a levy.Errors", err)
			}
			if len(list) != 1 || list[0].Field != tc.field || list[0].Code != levy.EInvalid || !strings.Contains(list[0].Message, tc.msg) {
				t.Fatalf("Check: %v; want one EInvalid error of %s saying %q", err, tc.field, tc.msg)
			}
		})
	}
}

// TestCheckFranchiseNormalizes: a per-line fee is marked per line, a
// state code is stored as its ID, and the parts lose their spaces.
func TestCheckFranchiseNormalizes(t *testing.T) {
	cs := profile.ChangeSet{Franchises: []profile.Franchise{
		{AreaID: " SEA-VIDEO-2 ", Name: " Video Service Fee ", Jurisdiction: "wa", Amount: dec("0.85"), Currency: " eur "},
		{AreaID: "X", Name: "Free Fee", Rate: dec("0"), Jurisdiction: " "},
	}, Deletes: []profile.Key{{Kind: profile.KindFranchise, Scope: " OLD-1 ", Code: " " + strings.Repeat("n", 60) + " "}}}
	if err := dataset(t).Check(&cs); err != nil {
		t.Fatal(err)
	}
	if f := cs.Franchises[0]; f.AreaID != "SEA-VIDEO-2" || f.Name != "Video Service Fee" || f.Jurisdiction != "US-WA" || !f.PerLine ||
		f.Currency != "EUR" {
		t.Fatalf("per-line fee %+v", f)
	}
	if f := cs.Franchises[1]; f.Jurisdiction != "" || f.PerLine {
		t.Fatalf("rate fee %+v", f)
	}
	if k := cs.Deletes[0]; k.Scope != "OLD-1" || len(k.Code) != 60 {
		t.Fatalf("deletion %+v", k)
	}
}

// TestFranchiseRecords: franchise fees are stored, read back in area and
// name order, compiled into the snapshot by area, and deleted by key.
func TestFranchiseRecords(t *testing.T) {
	ctx := context.Background()
	svc := profile.NewService(profile.NewMemory(), profile.Config{})
	peg := goodFranchise()
	peg.Name, peg.Rate = "PEG Access Fee", dec("0.01")
	video := profile.Franchise{AreaID: "SEA-VIDEO-2", Name: "Video Service Fee", Amount: dec("0.85"), Currency: "EUR", ExpirationDate: date("2026-12-31")}
	if _, err := svc.Apply(ctx, "acme", "cli", profile.ChangeSet{Franchises: []profile.Franchise{video, peg, goodFranchise()}}); err != nil {
		t.Fatal(err)
	}
	r, err := svc.Store().Records(ctx, "acme", time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Franchises) != 3 || r.Franchises[0].Name != "Cable Franchise Fee" || r.Franchises[1].Name != "PEG Access Fee" ||
		r.Franchises[2].AreaID != "SEA-VIDEO-2" || !r.Franchises[2].PerLine || r.Franchises[2].Amount.String() != "0.85" || r.Franchises[2].Currency != "EUR" || r.Len() != 3 {
		t.Fatalf("records %+v", r.Franchises)
	}
	if !r.Has(profile.FranchiseKey("CHI-CABLE-1", "PEG Access Fee")) || r.Has(profile.FranchiseKey("CHI-CABLE-1", "Other Fee")) {
		t.Fatal("Has")
	}
	s := profile.Compile(r)
	if !s.HasFranchises() || len(s.Franchises("CHI-CABLE-1")) != 2 || len(s.Franchises("SEA-VIDEO-2")) != 1 || s.Franchises("NOWHERE") != nil {
		t.Fatalf("snapshot: %+v", s.Franchises("CHI-CABLE-1"))
	}
	if p := s.Franchises("SEA-VIDEO-2")[0].Period(); !p.Contains(date("2026-12-31")) || p.Contains(date("2027-01-01")) {
		t.Fatalf("period %+v", p)
	}
	if profile.Compile(&profile.Records{}).HasFranchises() {
		t.Fatal("an empty profile has franchises")
	}
	// Creating a fee that exists is refused; deleting it works.
	if _, err := svc.Create(ctx, "acme", "cli", profile.ChangeSet{Franchises: []profile.Franchise{goodFranchise()}}); levy.ErrorCode(err) != levy.EInvalid {
		t.Fatalf("Create of an existing fee: %v", err)
	}
	if _, err := svc.Apply(ctx, "acme", "cli", profile.ChangeSet{Deletes: []profile.Key{profile.FranchiseKey("CHI-CABLE-1", "PEG Access Fee")}}); err != nil {
		t.Fatal(err)
	}
	if r, err = svc.Store().Records(ctx, "acme", time.Time{}); err != nil || len(r.Franchises) != 2 {
		t.Fatalf("after the deletion: %+v, %v", r.Franchises, err)
	}
}

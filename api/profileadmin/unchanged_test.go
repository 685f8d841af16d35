package profileadmin

import (
	"errors"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/profile"
)

// TestStillSameRefusesAChangeMeanwhile: a record that profile.TrimUnchanged left
// out of a change set, changed by another request before the change's
// unit, refuses the import with a conflict naming it where the change
// set held it; unchanged, it refuses nothing. The errors of the records
// kept name them where the change set as sent held them.
func TestStillSameRefusesAChangeMeanwhile(t *testing.T) {
	cur := &profile.Records{Version: 3, Customers: []profile.Customer{{Code: "C-1", Name: "Alpha"}, {Code: "C-2", Name: "Beta"}}}
	cs := profile.ChangeSet{Customers: []profile.Customer{{Code: "C-2", Name: "Beta"}, {Code: "C-3", Name: "Gamma"}}}
	norm := cs
	tr := profile.TrimUnchanged(&cs, &norm, cur)
	if len(tr.Same) != 1 || len(cs.Customers) != 1 || cs.Customers[0].Code != "C-3" {
		t.Fatalf("trimmed %+v to %+v, want C-2 left out", tr.Same, cs.Customers)
	}
	if err := tr.StillSame(cur, nil, "the change set"); err != nil {
		t.Fatalf("nothing changed meanwhile: %v", err)
	}
	changed := &profile.Records{Version: 4, Customers: []profile.Customer{{Code: "C-2", Name: "Beta Ltd"}}}
	err := tr.StillSame(changed, nil, "the change set")
	var le *levy.Error
	if !errors.As(err, &le) || le.Code != levy.EConflict || le.Field != "customers[0]" {
		t.Fatalf("C-2 changed meanwhile: %v, want a conflict naming customers[0]", err)
	}
	// C-3, the first record of the trimmed change set, is the second of
	// the change set as sent.
	err = locate(&tr, levy.Errors{levy.Invalid("customers[0].name", "bad"), levy.Invalid("deletes[0]", "bad")})
	var list levy.Errors
	if !errors.As(err, &list) || len(list) != 2 || list[0].Field != "customers[1].name" || list[1].Field != "deletes[0]" {
		t.Errorf("located errors %v, want customers[1].name and deletes[0]", err)
	}
}

package profile

import (
	"errors"
	"testing"

	"github.com/levytax/levy"
)

// TestNilChangeSet: Check, CheckAgainst and Len take a nil change set as
// an empty one, and CheckAgainst a nil set of stored records as none,
// instead of panicking; a certificate of a customer that no records hold
// is still refused.
func TestNilChangeSet(t *testing.T) {
	var v Validator
	var cs *ChangeSet
	if n := cs.Len(); n != 0 {
		t.Errorf("Len of a nil change set = %d", n)
	}
	if err := v.Check(nil); err != nil {
		t.Errorf("Check(nil) = %v", err)
	}
	if err := v.CheckAgainst(nil, nil); err != nil {
		t.Errorf("CheckAgainst(nil, nil) = %v", err)
	}
	orphan := &ChangeSet{Certificates: []Certificate{{Number: "N1", CustomerCode: "C1"}}}
	err := v.CheckAgainst(nil, orphan)
	var list levy.Errors
	if !errors.As(err, &list) || len(list) == 0 {
		t.Fatalf("CheckAgainst(nil, a certificate of no customer) = %v, want the certificate refused", err)
	}
	if list[0].Field == "" {
		t.Errorf("the refusal names no field: %+v", list[0])
	}
}

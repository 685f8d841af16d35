package data_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/data"
)

// TestOpenNilFS checks that a dataset opened on a nil file system is
// refused with an error naming the argument by its methods, rather than a
// panic.
func TestOpenNilFS(t *testing.T) {
	ds := data.Open(nil, "v-nil")
	check := func(what string, err error) {
		t.Helper()
		var le *levy.Error
		if !errors.As(err, &le) || le.Code != levy.EInvalid || le.Field != "fsys" {
			t.Fatalf("%s: got %v, want an EInvalid error of field fsys", what, err)
		}
		if !strings.Contains(err.Error(), "data.Open") {
			t.Errorf("%s: %v does not name data.Open", what, err)
		}
	}
	_, err := ds.Lacks()
	check("Lacks", err)
	_, err = ds.Jurisdictions()
	check("Jurisdictions", err)
}

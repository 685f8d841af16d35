package nexus_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/nexus"
)

// TestRegistrationListColumnTwice reads a registration list whose header
// names a column twice ("State" and "state"): it is refused naming the
// second and both positions, where the list read the last column and
// registered OR, silently leaving out TX.
func TestRegistrationListColumnTwice(t *testing.T) {
	regs, err := nexus.ReadRegistrations(strings.NewReader("State,company,state\nTX,ACME,OR\n"))
	var e *levy.Error
	if !errors.As(err, &e) || e.Code != levy.EInvalid || e.Field != "registrations.header[2]" ||
		!strings.Contains(e.Message, "the column state is named twice, as header[0] and header[2]") {
		t.Fatalf("registrations %+v, error %v; want invalid about registrations.header[2] naming both columns", regs, err)
	}
}

package engine

import (
	"errors"
	"testing"

	"github.com/levytax/levy"
)

// wantInvalidField fails the test unless err refuses the input as
// invalid, naming field; answered, when not empty, says what the engine
// answered instead (such as the response's totalTax).
func wantInvalidField(t *testing.T, name, field string, err error, answered string) {
	t.Helper()
	var le *levy.Error
	if errors.As(err, &le) && le.Code == levy.EInvalid && le.Field == field {
		return
	}
	if answered != "" {
		t.Errorf("%s: error %v (%s), want invalid naming %s", name, err, answered, field)
		return
	}
	t.Errorf("%s: error %v, want invalid naming %s", name, err, field)
}

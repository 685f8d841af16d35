package engine

import (
	"context"
	"errors"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/data"
)

// TestNewWithDatasetOfNilFS checks that New refuses a dataset opened on
// a nil file system (data.Open(nil, v)), naming the argument, where it
// panicked.
func TestNewWithDatasetOfNilFS(t *testing.T) {
	e, err := New(context.Background(), WithDataset(data.Open(nil, "v-nil")))
	if e != nil {
		t.Errorf("New made an engine from a nil file system")
	}
	var le *levy.Error
	if !errors.As(err, &le) || le.Code != levy.EInvalid || le.Field != "fsys" {
		t.Fatalf("New: got %v, want an EInvalid error of field fsys", err)
	}
}

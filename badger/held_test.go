package badger

import (
	"context"
	"errors"
	"testing"
)

func TestHeld(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	j, err := OpenJournal(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	second, err := OpenJournal(ctx, dir)
	if err == nil {
		second.Close()
		t.Fatal("a second open of a held directory succeeded")
	}
	if !Held(err) {
		t.Errorf("Held(%v) = false for the second open of a held directory", err)
	}
	if Held(nil) || Held(errors.New("disk full")) {
		t.Error("Held is true for nil or another error")
	}
}

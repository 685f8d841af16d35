package engine

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/money"
)

// TestSettingsRoundingKeysChecked: a key of the engine's own
// Settings.Rounding that would never round a tax as meant (a prefix no
// jurisdiction ID starts with, an ID the dataset does not know, a mode
// that is none) is refused by New, the error naming the setting and the
// key, as the same key in a tenant's policy is refused when written;
// Reload refuses it too and keeps the snapshot it had. Keys that match
// taxes are taken, and round them.
func TestSettingsRoundingKeysChecked(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		key  string
		mode money.RoundingMode
		says string
	}{
		{"TX*", money.Down, "US-TX*"},
		{"US-48999", money.Down, "no jurisdiction Levy knows"},
		{"US-TX", money.RoundingMode(99), "not a rounding mode"},
	} {
		_, err := New(ctx, WithSettings(Settings{Rounding: map[string]money.RoundingMode{c.key: c.mode, "US-CA": money.Down}}))
		var list levy.Errors
		field := `Settings.Rounding["` + c.key + `"]`
		if !errors.As(err, &list) || len(list) != 1 || list[0].Field != field || !strings.Contains(err.Error(), field) || !strings.Contains(list[0].Message, c.says) {
			t.Errorf("key %q: %v, want one error naming %s that says %q", c.key, err, field, c.says)
		}
	}

	e, err := New(ctx, WithSettings(Settings{Rounding: map[string]money.RoundingMode{"US-TX*": money.Down, "US-48113": money.Up, "DE": money.HalfEven}}))
	if err != nil {
		t.Fatalf("keys that match taxes: %v", err)
	}
	if err := e.Reload(ctx, WithSettings(Settings{Rounding: map[string]money.RoundingMode{"TX*": money.Down}})); err == nil || !strings.Contains(err.Error(), `Settings.Rounding["TX*"]`) {
		t.Errorf("Reload with a key that matches nothing: %v", err)
	}
	// The snapshot kept rounds Texas down: 6.25% of 10.99 is 0.686875.
	r, err := e.Sale(ctx, usSale("", "Houston", "TX", "77002", "GENERAL", "10.99"))
	if err != nil {
		t.Fatal(err)
	}
	wantTexasRoundedDown(t, r)
}

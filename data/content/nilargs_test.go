package content

import (
	"context"
	"strings"
	"testing"
)

// TestNilArguments: Load without a dataset, and the readers of content
// files without a reader, fail with an error saying what is
// missing instead of panicking.
func TestNilArguments(t *testing.T) {
	ctx := context.Background()
	known := func(string) bool { return true }
	for name, tc := range map[string]struct {
		run  func() error
		want string
	}{
		"Load without a dataset":                {func() error { _, err := Load(ctx, nil, Options{}); return err }, "no dataset"},
		"Load without a dataset, a zero source": {func() error { _, err := Load(ctx, nil, Options{}, Source{}); return err }, "no dataset"},
		"ReadLevyCSV without a reader":          {func() error { _, err := ReadLevyCSV("rates.csv", nil); return err }, "rates.csv: no reader"},
		"ReadFranchise without a reader":        {func() error { _, err := ReadFranchise("fees.csv", nil, known); return err }, "fees.csv: no reader"},
	} {
		if err := tc.run(); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error saying %q", name, err, tc.want)
		}
	}
}

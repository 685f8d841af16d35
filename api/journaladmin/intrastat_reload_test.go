package journaladmin_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"

	"github.com/levytax/levy/api/journaladmin"
	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/auth/authtest"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/internal/contenttest"
	"github.com/levytax/levy/journal"
)

// TestIntrastatFollowsReload: a Handler given the engine's code lists
// with WithIntrastatOf checks each declaration against the lists of the
// dataset the engine uses then. Reloaded with a dataset without the
// lists, the route refuses the declaration as not found, naming them;
// reloaded with the default dataset again, it declares as before. With
// WithIntrastat the lists of the first dataset were kept for good.
func TestIntrastatFollowsReload(t *testing.T) {
	ctx := context.Background()
	files, err := contenttest.DatasetFiles("../../data/files")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := files["intrastat.lvd"]; !ok {
		t.Fatal("the dataset's files have no intrastat.lvd")
	}
	delete(files, "intrastat.lvd")
	withoutLists := data.Open(files, "without-intrastat")

	var eng *engine.Engine
	s := newServerWith(t, func(_ journal.Store, e *engine.Engine, _ *slog.Logger) []journaladmin.Option {
		eng = e
		return []journaladmin.Option{journaladmin.WithIntrastatOf(e.IntrastatCodes)}
	})
	calc := authtest.Token(t, s.iss, "acme", oauth.DefaultAudience)
	admin := authtest.Token(t, s.iss, "acme", oauth.DefaultAdminAudience)
	if resp, b := s.send(t, "POST", "/api/v2/supplies", calc, intrastatInvoice); resp.StatusCode != 200 {
		t.Fatalf("posting the invoice: %d %s", resp.StatusCode, b)
	}
	const q = "/admin/v1/journal/intrastat?from=2026-03-01&to=2026-03-31&memberState=DE&flow=dispatch"
	declared := func(when string) {
		t.Helper()
		resp, b := s.send(t, "GET", q, admin, "")
		var answer struct {
			Data journal.IntrastatDeclaration `json:"data"`
		}
		if resp.StatusCode != 200 || json.Unmarshal(b, &answer) != nil || len(answer.Data.Items) != 2 || len(answer.Data.Refused) != 0 {
			t.Fatalf("%s: %d %s, want the two items of the invoice", when, resp.StatusCode, b)
		}
	}
	declared("with the default dataset")

	if err := eng.Reload(ctx, engine.WithDataset(withoutLists)); err != nil {
		t.Fatal(err)
	}
	if eng.IntrastatCodes() != nil {
		t.Fatal("the engine reloaded without intrastat.lvd still has code lists")
	}
	resp, b := s.send(t, "GET", q, admin, "")
	if resp.StatusCode != 404 || !strings.Contains(string(b), "no Intrastat code lists") {
		t.Fatalf("after a reload without the lists: %d %s, want 404 naming the lists", resp.StatusCode, b)
	}

	if err := eng.Reload(ctx, engine.WithDataset(data.Default())); err != nil {
		t.Fatal(err)
	}
	declared("after a reload with the default dataset")
}

package cli

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"

	"github.com/levytax/levy/api"
	"github.com/levytax/levy/api/console"
	"github.com/levytax/levy/api/journaladmin"
	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/auth"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/journal"
)

// consoleMounts returns the options that serve the web console under
// /console/ over the engine and the journal: its pages call the API with
// tokens of the console audience (which the API accepts read-only, see
// startAPI), of the admin audience, or of the operator's. Its journal
// download is answered by exporter, the admin export route's.
func consoleMounts(c serveConfig, e *engine.Engine, store journal.Store, exporter *journaladmin.Exporter, tokens *oauth.Handler, log *slog.Logger) []api.Option {
	h := console.New(e, console.WithJournal(store), console.WithExporter(exporter), console.WithAuthenticator(tokens.ConsoleAuthenticator()),
		console.WithAudiences(c.consoleAudience, c.adminAudience, c.operatorAudience),
		console.WithLogger(log))
	return h.Mounts()
}

// devConsoleCredential gives the data directory a fresh credential of the
// console and admin audiences (tenant levy.DefaultTenant, active at
// once) on every --dev start, as devCredential does for the API, and
// prints the console's URL with it.
func devConsoleCredential(ctx context.Context, iss *auth.Issuer, c serveConfig, stdout io.Writer, addr string) error {
	cred, secret, err := freshDevCredential(ctx, iss, filepath.Join(c.dataDir, "dev-console-client-id"),
		[]string{c.consoleAudience, c.adminAudience})
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, `Web console: %s%s
  sign in with console_client_id: %s
               console_secret:    %s
  (tenant %s, audiences %s and %s; a new one on every --dev start)
`, c.baseURL(addr), console.Prefix, cred.ClientID, secret, cred.Tenant, c.consoleAudience, c.adminAudience)
	return nil
}

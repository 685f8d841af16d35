package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/netip"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"github.com/levytax/levy"
	"github.com/levytax/levy/api/oauth"
	"github.com/levytax/levy/auth"
)

// authDir is where a data directory keeps credentials and signing keys.
func authDir(dataDir string) string { return filepath.Join(dataDir, "auth") }

// prefixesFlag is a comma-separated list of addresses and CIDR prefixes
// (--trusted-proxies); it may be repeated.
type prefixesFlag []netip.Prefix

func (p *prefixesFlag) String() string {
	s := make([]string, len(*p))
	for n, x := range *p {
		s[n] = x.String()
	}
	return strings.Join(s, ",")
}

func (p *prefixesFlag) Set(v string) error {
	for _, part := range strings.Split(v, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		if pre, err := netip.ParsePrefix(part); err == nil {
			*p = append(*p, pre.Masked())
			continue
		}
		a, err := netip.ParseAddr(part)
		if err != nil {
			return fmt.Errorf("%q is neither an address nor a CIDR prefix", part)
		}
		*p = append(*p, netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()))
	}
	return nil
}

// failureLimit turns a limit of failed authentications of the command
// line, where 0 is none, into auth.Config's, where 0 is the default and a
// negative number none.
func failureLimit(n int) int {
	if n <= 0 {
		return -1
	}
	return n
}

const clientsUsage = `usage:
  levy clients create --data-dir DIR --tenant NAME --audience AUD [--audience AUD ...] [--active-now]
  levy clients create --data-dir DIR --operator [--active-now]   a credential of the server's operator
  levy clients rotate --data-dir DIR CLIENT_ID     replace the secret (the old one and its tokens retire)
  levy clients revoke --data-dir DIR CLIENT_ID     revoke the credential and its tokens
  levy clients list   --data-dir DIR [--tenant NAME]   the credentials with their tenant's UUID (tenant_id)
  levy clients rotate-key --data-dir DIR           sign new tokens with a new key
  levy clients keys --data-dir DIR                 list the signing keys (never their bytes)
  levy clients retire-key --data-dir DIR -- KID    retire a signing key at once: its tokens stop verifying
                                                   (retiring the current key makes a new one current; the --
                                                   keeps a key ID that starts with "-" from reading as a flag)

A tenant's admin credential (--audience levy://admin) manages its own
tenant only: its credentials, dead letters and journal. The operator's
(--operator, audience levy://operator or --operator-audience) manages
every tenant and the signing keys; only this command makes one, on the
server's own storage: no route of a running server does.

A key superseded by rotate-key keeps verifying its tokens for one token
lifetime (levy serve --token-ttl); the server deletes it after that.

Instead of --data-dir, --database URL (env LEVY_DATABASE_URL) works on the
PostgreSQL database that the nodes of a cluster share, while they run:
what a command changes reaches every node within a second or two.

These work on a data directory that no server holds open; a running
server offers the same operations under /admin/v1 (see package oauth).
Secrets are printed once, in the JSON of create and rotate.
`

// clientsServer is what levy clients cmd can do through a running levy
// serve that holds the data directory (heldError.Server): its routes
// under /admin/v1, except for an operator's credential, which only this
// command makes.
func clientsServer(cmd string, operator bool) string {
	switch {
	case cmd == "create" && operator:
		return ""
	case cmd == "rotate-key" || cmd == "keys" || cmd == "retire-key":
		return "use its routes under /admin/v1/keys with the operator's credential"
	}
	return "use its routes under /admin/v1/clients with an admin credential of the tenant (the operator's for every tenant)"
}

// runClients manages the credentials of a data directory.
func runClients(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return usageError{"clients needs a subcommand\n" + clientsUsage}
	}
	if isHelp(args[0]) {
		printHelp(stdout, clientsUsage, nil, nil)
		return nil
	}
	// An unknown subcommand is named first, before the flags, arguments
	// and storage of a known one are checked, so that a typo is not
	// answered with a missing --data-dir or with help.
	switch args[0] {
	case "create", "rotate", "revoke", "list", "rotate-key", "keys", "retire-key":
	default:
		return usageError{fmt.Sprintf("unknown subcommand %q\n%s", args[0], clientsUsage)}
	}
	fs := flag.NewFlagSet("levy clients "+args[0], flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	dataDir := fs.String("data-dir", "", "the server's data directory")
	database := new(string)
	envOfContext(ctx).stringVar(fs, database, "database", databaseEnv, databaseUsage)
	tenant := fs.String("tenant", "", "create: tenant of the credential; list: only this tenant's credentials")
	activeNow := fs.Bool("active-now", false, "create: let the credential request tokens at once, without the activation delay")
	var audiences listFlag
	fs.Var(&audiences, "audience", "create: an audience (API) the credential may ask tokens for; repeat for several")
	operator := fs.Bool("operator", false, "create: a credential of the server's operator (audience --operator-audience), who manages every tenant and the signing keys")
	operatorAudience := fs.String("operator-audience", oauth.DefaultOperatorAudience, "create: the operator's audience, as levy serve --operator-audience names it")
	if helpRequested(args[1:]) {
		printHelp(stdout, clientsUsage, fs, commandEnv([]string{"clients"}))
		return nil
	}
	if err := parseArgs(fs, args[1:]); err != nil {
		return err
	}
	if err := checkFlagsApply(fs, "levy clients", args[0], []string{"create", "rotate", "revoke", "list", "rotate-key", "keys", "retire-key"}); err != nil {
		return err
	}
	if *dataDir == "" && *database == "" {
		return badFlags([]string{"data-dir", "database"}, "clients needs --data-dir DIR or --database URL")
	}
	needID := args[0] == "rotate" || args[0] == "revoke" || args[0] == "retire-key"
	if needID != (fs.NArg() == 1) || fs.NArg() > 1 {
		n := 0
		if needID {
			n = 1
		}
		if fs.NArg() > n {
			return usageError{fmt.Sprintf("unexpected argument %q\n%s", fs.Arg(n), clientsUsage)}
		}
		return usageError{"wrong arguments\n" + clientsUsage}
	}
	if args[0] == "create" || args[0] == "rotate" {
		if err := checkSecretOutput(stdout, args[0]); err != nil {
			return err
		}
		// A reader that goes away (levy clients create | a command that
		// exits) makes the write of the secret fail with EPIPE, which
		// printSecret reports, instead of killing levy with SIGPIPE
		// after the credential was stored, without a word.
		signal.Ignore(syscall.SIGPIPE)
	}
	if args[0] == "create" {
		// The credential's flags are checked before the stores are
		// opened: a refused one makes no data directory.
		// Neither the operator audience given nor the default one: a
		// credential of levy://operator made while the server runs with
		// another operator audience would be the operator's the day the
		// server starts again with the default (as POST /admin/v1/clients
		// refuses both), in any case.
		for _, a := range audiences {
			if strings.EqualFold(a, *operatorAudience) || strings.EqualFold(a, oauth.DefaultOperatorAudience) {
				return badFlag("audience", "--audience %s: an operator credential is made with --operator (and --operator-audience), never with --audience %s", a, a)
			}
		}
		if *operator && len(audiences) > 0 {
			// One secret would hold the operator's role and a tenant's
			// API at once: an integration given it could manage every
			// tenant and the signing keys.
			return badFlags([]string{"operator", "audience"}, fmt.Sprintf("--operator with --audience %s: an operator credential has the operator's audience only; make the tenant's credential with --tenant and --audience, apart", audiences[0]))
		}
		if *operator {
			// An operator acts on the tenants it names; its own tenant
			// matters to nothing but the list of credentials.
			audiences = append(audiences, *operatorAudience)
			if *tenant == "" {
				*tenant = levy.DefaultTenant
			}
		}
		if *tenant == "" || len(audiences) == 0 {
			var missing []string
			if *tenant == "" {
				missing = append(missing, "tenant")
			}
			if len(audiences) == 0 {
				missing = append(missing, "audience")
			}
			return badFlags(missing, "create needs --tenant NAME and at least one --audience AUD (or --operator)")
		}
		if err := auth.CheckCredential(*tenant, audiences); err != nil {
			return flagFaults(credentialFlagFaults(err))
		}
	}
	st, err := openStorage(ctx, *dataDir, *database, nil, false)
	if err != nil {
		return err
	}
	defer st.Close()
	creds, err := st.auth(ctx)
	if err != nil {
		// The refusal of a held directory names the directory itself.
		var held *heldError
		if err = whenHeld(err, badgerDir(*dataDir, *database), clientsServer(args[0], *operator)); !errors.As(err, &held) {
			err = fmt.Errorf("opening the credentials of %s: %w", st.where(), err)
		}
		return err
	}
	store, err := auth.NewRegistry(ctx, creds, auth.Config{})
	if err != nil {
		return err
	}
	switch args[0] {
	case "create":
		c, secret, err := store.Create(ctx, *tenant, audiences, *activeNow)
		if err != nil {
			return err
		}
		return printSecret(stdout, withSecret{c, secret}, "created")
	case "rotate":
		c, secret, err := store.Rotate(ctx, fs.Arg(0))
		if err != nil {
			return err
		}
		return printSecret(stdout, withSecret{c, secret}, "rotated")
	case "revoke":
		c, err := store.Revoke(ctx, fs.Arg(0))
		if err != nil {
			return err
		}
		return printJSON(stdout, c)
	case "list":
		cs, err := store.List(ctx, *tenant)
		if err != nil {
			return err
		}
		if cs == nil {
			cs = []auth.Credential{}
		}
		return printJSON(stdout, cs)
	case "keys":
		return printJSON(stdout, store.Keys())
	case "retire-key":
		current, err := store.RetireKey(ctx, fs.Arg(0))
		if err != nil {
			return err
		}
		return printJSON(stdout, map[string]string{"kid": fs.Arg(0), "current": current})
	default:
		kid, err := store.RotateKey(ctx)
		if err != nil {
			return err
		}
		return printJSON(stdout, map[string]string{"kid": kid})
	}
}

// checkSecretOutput refuses, before anything is stored, a levy clients
// cmd (create or rotate) whose standard output is the null device: the
// secret, shown only once, would be lost. A standard output closed when
// levy started is the null device too: Go opens it in its place.
func checkSecretOutput(stdout io.Writer, cmd string) error {
	f, ok := fileOf(stdout)
	if !ok {
		return nil
	}
	out, err := f.Stat()
	if err != nil {
		return nil // the write reports what is wrong with it
	}
	null, err := os.Stat(os.DevNull)
	if err != nil || !os.SameFile(out, null) {
		return nil
	}
	return usageError{fmt.Sprintf("levy clients %s prints the new secret once, and standard output is %s (closed, or sent there), where it would be lost: nothing was stored; "+
		"send standard output where you can read it (a terminal, a file, a pipe)", cmd, os.DevNull)}
}

// printSecret prints c, a credential just stored (done: "created" or
// "rotated") with its secret, which nothing shows again. When the
// secret cannot be written (standard output closed, a full disk), the
// credential stands with a secret nobody saw: the error says so and how
// to get a new one, and makes the exit code non-zero.
func printSecret(stdout io.Writer, c withSecret, done string) error {
	if err := printJSON(stdout, c); err != nil {
		return fmt.Errorf("credential %s of tenant %s was %s, but its secret could not be written to standard output (%w), and it is shown only once: "+
			"get a new secret with levy clients rotate %s, or revoke the credential with levy clients revoke %s",
			c.ClientID, c.Tenant, done, err, c.ClientID, c.ClientID)
	}
	return nil
}

// withSecret is a credential with the secret that only its creation or
// rotation shows.
type withSecret struct {
	auth.Credential
	ClientSecret string `json:"client_secret"`
}

// credentialFlagFaults returns err with the fields of its fault renamed
// from those of a credential (tenant, audiences[n]) to the flags of levy
// clients create that give them.
func credentialFlagFaults(err error) error {
	return levy.MapErrors(err, func(e *levy.Error) *levy.Error {
		cp := *e
		switch {
		case cp.Field == "tenant":
			cp.Field = "--tenant"
		case strings.HasPrefix(cp.Field, "audiences["):
			n, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(cp.Field, "audiences["), "]"))
			cp.Field = fmt.Sprintf("--audience (number %d)", n+1)
		case cp.Field == "audiences":
			cp.Field = "--audience"
		default:
			return e
		}
		return &cp
	})
}

package cli

import (
	"errors"
	"fmt"
	"testing"

	"github.com/levytax/levy"
)

// TestFromEnvNote holds which flags a usage error's note says came from
// their variables: only the flags the error carries (flagError), not
// those its text mentions, that are not on the command line, and whose
// variable is set and not already named.
func TestFromEnvNote(t *testing.T) {
	env := map[string]string{"LEVY_TLS_KEY_FILE": "k.pem", "LEVY_TLS_CERT_FILE": "c.pem", "LEVY_DATA_DIR": "d", "LEVY_SERVER": "http://x",
		"LEVY_WEBHOOK_MIN_BACKOFF": "1h", "LEVY_RULES": "r.json"}
	getenv := func(_, k string) string { return env[k] }
	for _, c := range []struct {
		args []string
		err  error
		want string
	}{
		{[]string{"serve"}, badFlag("tls-key-file", "--tls-key-file k.pem: bad"), "--tls-key-file k.pem: bad (--tls-key-file is set by LEVY_TLS_KEY_FILE)"},
		{[]string{"serve", "--tls-key-file", "k.pem"}, badFlag("tls-key-file", "--tls-key-file k.pem: bad"), "--tls-key-file k.pem: bad"},
		{[]string{"serve", "-tls-key-file=k.pem"}, badFlag("tls-key-file", "--tls-key-file k.pem: bad"), "--tls-key-file k.pem: bad"},
		{[]string{"serve"}, badFlag("tls-cert-file", "--tls-cert-file needs its key: --tls-key-file FILE (or LEVY_TLS_KEY_FILE)"),
			"--tls-cert-file needs its key: --tls-key-file FILE (or LEVY_TLS_KEY_FILE) (--tls-cert-file is set by LEVY_TLS_CERT_FILE)"},
		{[]string{"journal", "report"}, flagError{"data-dir", exitError{code: 2, msg: "--data-dir d is a file"}}, "--data-dir d is a file (--data-dir is set by LEVY_DATA_DIR)"},
		{[]string{"journal", "report"}, badFlag("audience", "--audience x"), "--audience x"},
		{[]string{"journal", "report", "--", "--data-dir"}, badFlag("data-dir", "--data-dir d"), "--data-dir d (--data-dir is set by LEVY_DATA_DIR)"},
		{[]string{"journal", "report"}, exitError{code: 1, msg: "--data-dir d"}, "--data-dir d"},
		{[]string{"journal", "report"}, flagError{"data-dir", exitError{code: 1, msg: "--data-dir d"}}, "--data-dir d"},
		{[]string{"journal", "report"}, errors.New("--server down"), "--server down"},
		// An error wrapped further keeps its flag.
		{[]string{"journal", "report"}, fmt.Errorf("opening: %w", badFlag("server", "--server x")), "opening: --server x (--server is set by LEVY_SERVER)"},
		// Two flags at fault together: each one set by its variable is
		// told, in the error's order.
		{[]string{"serve", "--webhook-max-backoff", "1m"}, badFlags([]string{"webhook-max-backoff", "webhook-min-backoff"}, "--webhook-max-backoff 1m is shorter than --webhook-min-backoff 1h"),
			"--webhook-max-backoff 1m is shorter than --webhook-min-backoff 1h (--webhook-min-backoff is set by LEVY_WEBHOOK_MIN_BACKOFF)"},
		{[]string{"journal", "report"}, badFlags([]string{"registrations", "server"}, "--registrations does not go with --server"),
			"--registrations does not go with --server (--server is set by LEVY_SERVER)"},

		// Where reading the text went wrong, the flag the error carries
		// is right. A message that mentions another flag, whose
		// variable is set, notes that flag only when it is at fault:
		{[]string{"journal", "report"}, badFlag("company", `--company "X": the journal in --data-dir d has no such company`), `--company "X": the journal in --data-dir d has no such company`},
		// nor when the value at fault looks like a flag:
		{[]string{"journal", "report"}, badFlag("audience", `--audience "--data-dir": want a URI`), `--audience "--data-dir": want a URI`},
		// nor a usage error that carries no flag:
		{[]string{"journal", "report"}, usageError{"--data-dir d"}, "--data-dir d"},
		// nor a longer flag that begins with the name of one set:
		{[]string{"journal", "report"}, badFlag("data-dir-x", "--data-dir-x d"), "--data-dir-x d"},
		// nor a flag whose variable is set but that the command does
		// not read from it (levy clients and levy calc read no
		// LEVY_DATA_DIR, levy calc no LEVY_RULES), as every flag of that
		// name was said to be before:
		{[]string{"clients", "list"}, badFlags([]string{"data-dir", "database"}, "clients needs --data-dir DIR or --database URL"), "clients needs --data-dir DIR or --database URL"},
		{[]string{"calc", "sale"}, badFlag("rules", "--rules r.json cannot be read"), "--rules r.json cannot be read"},
		{[]string{"profile", "import"}, badFlag("rules", "--rules r.json cannot be read"), "--rules r.json cannot be read (--rules is set by LEVY_RULES)"},
		// and a flag that the message names in quotes or with one dash,
		// or not at all, is noted.
		{[]string{"journal", "report"}, badFlag("data-dir", `the data directory "d" is a file`), `the data directory "d" is a file (--data-dir is set by LEVY_DATA_DIR)`},
		{[]string{"serve"}, badFlag("tls-key-file", "-tls-key-file k.pem: bad"), "-tls-key-file k.pem: bad (--tls-key-file is set by LEVY_TLS_KEY_FILE)"},
	} {
		got := fromEnvNote(c.args, c.err, getenv)
		if got.Error() != c.want {
			t.Errorf("fromEnvNote(%q, %q) = %q, want %q", c.args, c.err, got, c.want)
		}
		// The note keeps the error's kind: its exit status and its flags.
		if want, have := faultyFlags(c.err), faultyFlags(got); fmt.Sprint(want) != fmt.Sprint(have) {
			t.Errorf("fromEnvNote(%q, %q) carries the flags %q, want %q", c.args, c.err, have, want)
		}
		var xe exitError
		if errors.As(c.err, &xe) != errors.As(got, &xe) {
			t.Errorf("fromEnvNote(%q, %q) = %#v: not of the kind of the error given", c.args, c.err, got)
		}
	}
}

// TestFaultyFlags: the flags of a usage error are those it carries, in
// its order, each once; an error of exit status 1 carries none.
func TestFaultyFlags(t *testing.T) {
	for _, c := range []struct {
		err  error
		want string
	}{
		{badFlag("in", "--in x"), "[in]"},
		{badFlags([]string{"to", "from"}, "--to is before --from"), "[to from]"},
		{badFlags([]string{"", "out"}, "x"), "[out]"},
		{onFlags([]string{"out", "out"}, exitError{2, "x"}), "[out]"},
		{flagError{"out", exitError{1, "x"}}, "[]"},
		{errors.Join(errors.New("a"), badFlag("state", "--state x")), "[state]"},
		{usageError{"--state x"}, "[]"},
		{flagFaults(credentialFlagFaults(levy.Errors{{Field: "tenant", Message: "bad"}, {Field: "audiences[1]", Message: "bad"}, {Field: "audiences", Message: "bad"}})), "[tenant audience]"},
		{flagFaults(&levy.Error{Field: "--type", Message: "bad"}), "[type]"},
		{flagFaults(&levy.Error{Field: "key.type", Message: "bad"}), "[]"},
	} {
		if got := fmt.Sprint(faultyFlags(c.err)); got != c.want {
			t.Errorf("faultyFlags(%q) = %s, want %s", c.err, got, c.want)
		}
	}
}

package cli

import (
	"errors"
	"testing"
)

// TestFromEnvNote holds which flags a usage error's note says came from
// their variables: only those the message names whole, that are not on
// the command line, and whose variable is set and not already named.
func TestFromEnvNote(t *testing.T) {
	env := map[string]string{"LEVY_TLS_KEY_FILE": "k.pem", "LEVY_TLS_CERT_FILE": "c.pem", "LEVY_DATA_DIR": "d", "LEVY_SERVER": "http://x"}
	getenv := func(k string) string { return env[k] }
	for _, c := range []struct {
		args []string
		err  error
		want string
	}{
		{[]string{"serve"}, usageError{"--tls-key-file k.pem: bad"}, "--tls-key-file k.pem: bad (--tls-key-file is set by LEVY_TLS_KEY_FILE)"},
		{[]string{"serve", "--tls-key-file", "k.pem"}, usageError{"--tls-key-file k.pem: bad"}, "--tls-key-file k.pem: bad"},
		{[]string{"serve", "-tls-key-file=k.pem"}, usageError{"--tls-key-file k.pem: bad"}, "--tls-key-file k.pem: bad"},
		{[]string{"serve"}, usageError{"--tls-cert-file needs its key: --tls-key-file FILE (or LEVY_TLS_KEY_FILE)"},
			"--tls-cert-file needs its key: --tls-key-file FILE (or LEVY_TLS_KEY_FILE) (--tls-cert-file is set by LEVY_TLS_CERT_FILE)"},
		{[]string{"journal", "report"}, exitError{code: 2, msg: "--data-dir d is a file"}, "--data-dir d is a file (--data-dir is set by LEVY_DATA_DIR)"},
		{[]string{"journal", "report"}, usageError{"--audience x"}, "--audience x"},
		{[]string{"journal", "report"}, usageError{"--data-dir-x d"}, "--data-dir-x d"},
		{[]string{"journal", "report", "--", "--data-dir"}, usageError{"--data-dir d"}, "--data-dir d (--data-dir is set by LEVY_DATA_DIR)"},
		{[]string{"journal", "report"}, exitError{code: 1, msg: "--data-dir d"}, "--data-dir d"},
		{[]string{"journal", "report"}, errors.New("--server down"), "--server down"},
	} {
		if got := fromEnvNote(c.args, c.err, getenv); got.Error() != c.want {
			t.Errorf("fromEnvNote(%q, %q) = %q, want %q", c.args, c.err, got, c.want)
		}
	}
}

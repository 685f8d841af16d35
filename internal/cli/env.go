package cli

import (
	"context"
	"flag"
	"os"
)

// envReader reads env, the environment variable that sets the flag
// named flag when the command line does not give it. Every flag that a
// variable sets is read through the envReader of the command's context
// (envOfContext), whether as the flag's default or after the flags are
// parsed, so that a test can learn from the commands themselves which
// variable each flag reads, and hold commandEnv, the table of -h and of
// fromEnvNote, to it.
type envReader func(flag, env string) string

// envKey is the context key of the envReader that the commands read
// their flags' variables through instead of the process environment.
type envKey struct{}

// envOfContext returns the envReader that the command of ctx reads its
// flags' variables through: the one ctx carries, else one that reads the
// process environment.
func envOfContext(ctx context.Context) envReader {
	if r, ok := ctx.Value(envKey{}).(envReader); ok {
		return r
	}
	return func(_, env string) string { return os.Getenv(env) }
}

// stringVar adds to fs the string flag name, whose default is the value
// of its variable env ("" when unset).
func (r envReader) stringVar(fs *flag.FlagSet, p *string, name, env, usage string) {
	fs.StringVar(p, name, r(name, env), usage)
}

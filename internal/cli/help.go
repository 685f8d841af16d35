package cli

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

// isHelp reports whether arg asks for help.
func isHelp(arg string) bool {
	return arg == "-h" || arg == "-help" || arg == "--help" || arg == "help"
}

// helpRequested reports whether args ask for help with a flag (-h, -help
// or --help) before any "--".
func helpRequested(args []string) bool {
	for _, a := range args {
		if a == "--" {
			return false
		}
		if a == "-h" || a == "-help" || a == "--help" {
			return true
		}
	}
	return false
}

// printHelp writes text, then every flag of fs with its meaning, its
// default and, when env names one, the environment variable that sets
// it.
func printHelp(w io.Writer, text string, fs *flag.FlagSet, env func(flag string) string) {
	fmt.Fprint(w, text)
	if fs == nil {
		return
	}
	first := true
	fs.VisitAll(func(f *flag.Flag) {
		if first {
			fmt.Fprintln(w, "\nflags:")
			first = false
		}
		name, usage := flag.UnquoteUsage(f)
		line := "  --" + f.Name
		if name != "" {
			line += " " + name
		}
		fmt.Fprintln(w, line)
		var more []string
		e := ""
		if env != nil {
			e = env(f.Name)
		}
		// A default read from the environment is not shown: it may be a
		// database URL with its password.
		if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "0" && f.DefValue != "[]" && (e == "" || os.Getenv(e) != f.DefValue) {
			more = append(more, "default "+f.DefValue)
		}
		if e != "" {
			more = append(more, "env "+e)
		}
		if len(more) > 0 {
			usage += " (" + strings.Join(more, "; ") + ")"
		}
		fmt.Fprintf(w, "      %s\n", usage)
	})
}

// envOf returns the function that names the environment variables of
// the flags given, name by name.
func envOf(pairs ...string) func(string) string {
	m := map[string]string{}
	for i := 0; i+1 < len(pairs); i += 2 {
		m[pairs[i]] = pairs[i+1]
	}
	return func(f string) string { return m[f] }
}

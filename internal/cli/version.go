package cli

import (
	"fmt"
	"io"
	"runtime/debug"

	"github.com/levytax/levy/data"
)

// programVersion is the module version the binary was built from, or
// "devel" for a build from a work tree.
func programVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "devel"
}

// versionUsage is the help of levy version.
const versionUsage = `usage: levy version

Prints the version of the program and that of the dataset it embeds. It
takes no arguments.
`

// runVersion prints the program and dataset versions; -h prints its
// usage, and any other argument is a usage error.
func runVersion(args []string, w io.Writer) error {
	if len(args) > 0 {
		if isHelp(args[0]) {
			printHelp(w, versionUsage, nil, nil)
			return nil
		}
		return usageError{fmt.Sprintf("version takes no arguments, not %q: levy version", args[0])}
	}
	_, err := fmt.Fprintf(w, "levy %s\ndataset %s\n", programVersion(), data.Default().Version())
	return err
}

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

func runVersion(w io.Writer) error {
	_, err := fmt.Fprintf(w, "levy %s\ndataset %s\n", programVersion(), data.Default().Version())
	return err
}

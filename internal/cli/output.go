package cli

// How the commands write their results.

import (
	"encoding/json"
	"io"
	"os"
	"strconv"
)

// isTerminal reports whether w is a terminal (a character device), where
// a progress line redrawn with \r belongs; in a file or a pipe it would
// be noise.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// printJSON writes v as indented JSON.
func printJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// counted writes n and the noun one, in the plural when n is not 1:
// "1 transaction", "0 errors", "3 documents". The plural adds an s,
// which is right for every noun the messages count.
func counted(n int, one string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + one + "s"
}

package content

import (
	"strconv"
	"strings"
)

// rateSourcePrefix starts the source of every rate Load reads from a
// content file (ParseRateSource).
const rateSourcePrefix = "content:"

// rateSource writes the source of a rate read from line of the content
// file name, in format f: "content:levy:12:rates.csv". The line comes
// before the name, which may hold colons of its own.
func rateSource(f Format, name string, line int) string {
	return rateSourcePrefix + string(f) + ":" + strconv.Itoa(line) + ":" + name
}

// ParseRateSource reads the source (jurisdiction.Rate.Source) of a rate
// that Load read from a content file: the file's format, its name as
// loaded (its base name) and the line of the row that gave the rate. It
// reports false for any other source, such as the embedded dataset's
// ("us-ca-cdtfa") or a host's.
func ParseRateSource(s string) (f Format, name string, line int, ok bool) {
	rest, ok := strings.CutPrefix(s, rateSourcePrefix)
	if !ok {
		return "", "", 0, false
	}
	format, rest, ok := strings.Cut(rest, ":")
	if !ok || format == "" {
		return "", "", 0, false
	}
	num, name, ok := strings.Cut(rest, ":")
	if !ok || name == "" {
		return "", "", 0, false
	}
	line, err := strconv.Atoi(num)
	if err != nil || line < 1 {
		return "", "", 0, false
	}
	return Format(format), name, line, true
}

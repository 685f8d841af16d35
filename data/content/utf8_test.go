package content

import (
	"bytes"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestLoadRefusesTextThatIsNotUTF8 loads files saved in another
// encoding than UTF-8: a Latin-1 (or Windows-1252) export of a table
// with accented names, a UTF-16 one, and one with a NUL byte. Each is
// refused before any row is loaded, naming the file and the line of the
// first such byte; the Latin-1 file used to load, its names and sources
// holding bytes that are no text (written as U+FFFD in responses).
func TestLoadRefusesTextThatIsNotUTF8(t *testing.T) {
	dir := t.TempDir()
	row := "TX,US-4835000,CITY,Houston,,0.01,general,,,place:4835000,city\n"
	for _, c := range []struct {
		name, text string
		format     Format
		line       int
	}{
		{"latin1.csv", levyHeader + row + "TX,US-TX-DHOUSTON_MTA,TRANSIT_DISTRICT,Autoridad de Tr\xe1nsito,,0.01,general,,,place:4835000,Comptroller\n", "", 3},
		{"latin1-levy.csv", levyHeader + row + "TX,US-TX-DHOUSTON_MTA,TRANSIT_DISTRICT,Autoridad de Tr\xe1nsito,,0.01,general,,,place:4835000,Comptroller\n", FormatLevy, 3},
		{"cp1252-source.csv", levyHeader + row + "TX,US-4819000,CITY,Dallas,,0.01,general,,,place:4819000,\x93Comptroller\x94\n", "", 3},
		{"utf16.csv", "\xff\xfes\x00t\x00a\x00t\x00e\x00", "", 1},
		{"cut-rune-at-end.csv", levyHeader + strings.TrimSuffix(row, "\n") + "\xc3", "", 2},
		{"nul.csv", levyHeader + row + "TX,US-4819000,CITY,Dallas,,0.01,general,,,place:4819000,city\x00\n", "", 3},
	} {
		src := writeContent(t, dir, c.name, c.text)
		src.Format = c.format
		err := loadErr(t, src)
		want := c.name + ":" + strconv.Itoa(c.line) + ": the line is not UTF-8 text"
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want it to say %q", c.name, err, want)
		}
	}
	// UTF-8 text is read, a character across two reads of the file
	// (64 KiB each) as well as any other: the source of the second row
	// puts the two bytes of "é" at offsets 65535 and 65536.
	head := levyHeader + row
	pad := 65535 - len(head) - len("TX,US-4819000,CITY,Dallas,,0.01,general,,,place:4819000,")
	text := head + "TX,US-4819000,CITY,Dallas,,0.01,general,,,place:4819000," + strings.Repeat("x", pad) + "é\n" +
		"TX,US-TX-DDALLAS_MTA,TRANSIT_DISTRICT,Dallas Área Rapid Transit,,0.01,general,,,place:4819000,São Paulo ☃ 𝄞\n"
	if i := strings.Index(text, "é"); i != 65535 {
		t.Fatalf("é at %d", i)
	}
	if err := loadErr(t, writeContent(t, dir, "utf8.csv", text)); err != nil {
		t.Errorf("UTF-8: %v", err)
	}
	// So is UTF-8 with a byte order mark and CRLF line ends.
	if err := loadErr(t, writeContent(t, dir, "utf8-bom-crlf.csv", "\ufeff"+strings.ReplaceAll(text, "\n", "\r\n"))); err != nil {
		t.Errorf("UTF-8 with a BOM and CRLF: %v", err)
	}
}

// TestTextScanAcrossReads checks textScan against the whole text at
// once, over text of every kind of character and stray bytes, cut into
// reads of every size: it finds the line of the first byte that is not
// text, or none, wherever the reads end.
func TestTextScanAcrossReads(t *testing.T) {
	pieces := []string{"a", "\n", "é", "€", "𝄞", "\r\n", "\xc3", "\x80", "\xf0\x9f", "\xe2\x82", "\x00", "\xff", "São,"}
	want := func(b []byte) int {
		for i := 0; i < len(b); {
			r, size := utf8.DecodeRune(b[i:])
			if r == 0 || r == utf8.RuneError && size == 1 {
				return bytes.Count(b[:i], []byte{'\n'}) + 1
			}
			i += size
		}
		return 0
	}
	rnd := rand.New(rand.NewPCG(1, 2))
	for n := range 3000 {
		var b []byte
		for range rnd.IntN(40) {
			// Mostly text, so that many cases are text all through.
			p := pieces[rnd.IntN(6)]
			if rnd.IntN(8) == 0 {
				p = pieces[rnd.IntN(len(pieces))]
			}
			b = append(b, p...)
		}
		var s textScan
		lines := 0
		for rest := b; len(rest) > 0; {
			k := 1 + rnd.IntN(min(len(rest), 7))
			s.scan(rest[:k], lines)
			lines += bytes.Count(rest[:k], []byte{'\n'})
			rest = rest[k:]
		}
		if got := s.end(); got != want(b) {
			t.Fatalf("case %d %q: line %d, want %d", n, b, got, want(b))
		}
	}
}

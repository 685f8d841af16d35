package content

import (
	"strconv"
	"strings"
	"testing"
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

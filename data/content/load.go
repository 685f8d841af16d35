package content

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
)

// Format is a content file format.
type Format string

// The formats Load reads.
const (
	// FormatLevy is Levy's own CSV of jurisdictions, rates and where they
	// apply (see ReadLevyCSV).
	FormatLevy Format = "levy"
	// FormatSST is a Streamlined Sales Tax rate file (headerless, nine
	// columns: state FIPS, jurisdiction type, code, general and food
	// rates intrastate and interstate, start and end as YYYYMMDD) or
	// boundary file (headerless; record type z, 4 or a; ZIP and ZIP+4
	// ranges with the county, place and district codes that apply).
	FormatSST Format = "sst"
	// FormatZIP5 is a table of rates by five-digit ZIP code with a header:
	// state, ZIP code, tax region name, and the combined, state, county,
	// city and special rates as fractions.
	FormatZIP5 Format = "zip5"
	// FormatBRISS (briss.go) is a table of Brazilian municipal ISS rates.
)

// Options tune Load.
type Options struct {
	// AsOf picks the rows of SST boundary files in force on a date
	// (today when zero): the tax areas of loaded content carry no dates
	// of their own.
	AsOf civil.Date
}

// Source is one content file: its path and, when the name does not say
// it, its format. A path may be written "sst:FILE", "zip5:FILE" or
// "levy:FILE" to name the format; without one it is detected from the
// file's first line.
type Source struct {
	Path   string
	Format Format
}

// ParseSource reads a source as a flag gives it ("sst:MNR2026Q2.csv").
func ParseSource(s string) Source {
	for _, f := range []Format{FormatLevy, FormatSST, FormatZIP5, FormatBRISS, FormatFranchise, FormatVATAreas, FormatLowValueLimits} {
		if p, ok := strings.CutPrefix(s, string(f)+":"); ok {
			return Source{Path: p, Format: f}
		}
	}
	return Source{Path: s}
}

// Load reads content files and returns the overlay of ds for the states
// they cover (apply it with ds.WithOverlay). Files of one state may mix
// formats only as SST rate and boundary files do; two files that speak
// for the same state otherwise are an error. Every fault of every file is
// reported, with its file, line and column. A nil ds is an error.
func Load(ctx context.Context, ds *data.Dataset, opts Options, sources ...Source) (*data.Overlay, error) {
	if ds == nil {
		return nil, fmt.Errorf("content: load: no dataset (ds is nil; data.Default is the embedded one)")
	}
	if opts.AsOf.IsZero() {
		opts.AsOf = civil.Today()
	}
	b, err := newBuilder(ds, opts)
	if err != nil {
		return nil, err
	}
	var errs Errors
	byName := map[string]string{} // the path of each name loaded
	for _, src := range sources {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		name := filepath.Base(src.Path)
		if e := sameName(byName, name, src.Path); e != nil {
			errs = append(errs, e)
			continue
		}
		cf, err := readFile(src.Path, name)
		if err != nil {
			var e *Error
			if asError(err, &e) {
				errs = append(errs, e)
				continue
			}
			return nil, err
		}
		f := src.Format
		if f == "" {
			head, err := cf.head()
			if err == nil {
				f, err = detect(name, head)
			}
			if err != nil {
				cf.Close()
				return nil, err
			}
		}
		err = b.add(name, f, cf)
		cf.Close()
		if err != nil {
			var es Errors
			var e *Error
			switch {
			case asErrors(err, &es):
				errs = append(errs, es...)
			case asError(err, &e):
				errs = append(errs, e)
			default:
				return nil, err
			}
		}
	}
	for _, e := range b.unplacedLevy() {
		errs.add(e)
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return b.overlay()
}

// sameName records in byName the path of the content file named name
// (its base name), and returns a fault when another file of that name
// was loaded before: every fault, overlap and explanation names a file
// by its name alone, and two rates.csv of two folders could not be told
// apart (an overlap between them read "rates.csv:2 ... (rates.csv:2)").
// The same file given twice, by any path, is no fault: its rows are the
// same rows.
func sameName(byName map[string]string, name, path string) *Error {
	first, ok := byName[name]
	if !ok {
		byName[name] = path
		return nil
	}
	if filepath.Clean(first) == filepath.Clean(path) {
		return nil
	}
	a, errA := os.Stat(first)
	b, errB := os.Stat(path)
	if errA == nil && errB == nil && os.SameFile(a, b) {
		return nil
	}
	return &Error{File: name, Message: fmt.Sprintf("%s and %s are both named %s, by which faults and explanations name a content file: rename one", first, path, name)}
}

// add reads the content file cf, named name, in format f. The SST and
// Levy formats, whose files may be large, are read row by row; the
// others whole.
func (b *builder) add(name string, f Format, cf *contentFile) error {
	switch f {
	case FormatLevy:
		return b.addLevy(name, cf.r)
	case FormatSST:
		return b.addSST(name, cf.r)
	case FormatZIP5, FormatBRISS, FormatFranchise, FormatVATAreas, FormatLowValueLimits:
	default:
		return &Error{File: name, Message: fmt.Sprintf("unknown format %q (levy, sst, zip5, br-iss, franchise, vat-areas or low-value-limits)", f)}
	}
	raw, err := cf.all()
	if err != nil {
		return err
	}
	switch f {
	case FormatZIP5:
		return b.addZIP5(name, raw)
	case FormatBRISS:
		return b.addISS(name, raw)
	case FormatFranchise:
		return b.addFranchise(name, raw)
	case FormatVATAreas:
		return b.addVATAreas(name, raw)
	default:
		return b.addLowValueLimits(name, raw)
	}
}

// MaxFileSize bounds a content file, in bytes. The largest files Levy
// reads are the Streamlined Sales Tax boundary files of a whole state,
// about 130 bytes a ZIP+4 range: a million ranges take 131 MB. A ZIP
// rate table of every US ZIP code is about 3 MB.
const MaxFileSize = 1 << 30

// MaxLines bounds the lines of a content file, and so its rows: ten
// million, room for the ZIP+4 ranges of the largest state several times
// over (a row of Levy's CSV, at about 60 bytes, could otherwise fit 17
// million times in MaxFileSize).
const MaxLines = 10_000_000

// readFile opens the content file at path, named name in errors, and
// refuses one larger than MaxFileSize bytes, of more than MaxLines
// lines, with a line longer than MaxLineSize, with carriage returns
// alone for line ends, or that is not UTF-8 text (a Latin-1 or UTF-16
// export, a NUL byte), with an *Error naming the file, the line and the
// limit, before any of it is parsed. It reads the file once to count its lines and
// keeps none of it: the readers of the formats read it again, row by
// row. A file that is not a regular file (a pipe) cannot be read twice
// and is held in memory, as its bound allows.
func readFile(path, name string) (*contentFile, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("content: %w", err)
	}
	tooLarge := func(size int64) error {
		return &Error{File: name, Message: fmt.Sprintf("the file is %d bytes or more; a content file has at most %d (split it, by state for instance)", size, int64(MaxFileSize))}
	}
	cf := &contentFile{name: name}
	var at io.ReaderAt // the file, read again from its start once measured
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
		if st.Size() > MaxFileSize {
			f.Close()
			return nil, tooLarge(st.Size())
		}
		// The file is read from its start up to the bytes counted, should
		// it grow while it is read.
		cf.r, cf.f, at = io.NewSectionReader(f, 0, MaxFileSize+1), f, f
	} else {
		raw, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("content: read %s: %w", name, err)
		}
		if len(raw) > MaxFileSize {
			return nil, tooLarge(int64(len(raw)))
		}
		mem := bytes.NewReader(raw)
		cf.r, at = mem, mem
	}
	lc, err := countLines(cf.r)
	if err != nil {
		cf.Close()
		return nil, fmt.Errorf("content: read %s: %w", name, err)
	}
	size, past := lc.size, lc.past
	if size > MaxFileSize {
		cf.Close()
		return nil, tooLarge(size)
	}
	if lc.long > 0 || lc.crOnly {
		cf.Close()
		e := &Error{File: name, Line: lc.long, Message: fmt.Sprintf("the line is longer than %d bytes; a line of a content file has at most %d", MaxLineSize, MaxLineSize)}
		if lc.longCR || lc.crOnly {
			e.Line = max(e.Line, 1)
			e.Message = "the file's lines end with a carriage return alone (as classic Mac OS exports write them); save it with line feeds (LF or CRLF) between its lines"
		}
		return nil, e
	}
	if lc.notText > 0 {
		cf.Close()
		return nil, &Error{File: name, Line: lc.notText, Message: "the line is not UTF-8 text: it holds a byte no character is written with in UTF-8 (an accented letter of a file saved as Latin-1 or Windows-1252, a UTF-16 file) or a NUL byte; save the file as UTF-8"}
	}
	if past {
		cf.Close()
		return nil, &Error{File: name, Line: MaxLines + 1, Message: fmt.Sprintf("the file has more than %d lines; a content file has at most %d (split it, by state for instance)", MaxLines, MaxLines)}
	}
	// The readers of the formats start after a UTF-8 byte order mark,
	// which spreadsheets write before "CSV UTF-8": it would hide the
	// '#' of a comment on the first line, which would be read as the
	// header.
	var start int64
	var mark [len(byteOrderMark)]byte
	if n, err := at.ReadAt(mark[:], 0); err != nil && err != io.EOF {
		cf.Close()
		return nil, fmt.Errorf("content: read %s: %w", name, err)
	} else if n == len(mark) && string(mark[:]) == byteOrderMark && size >= int64(n) {
		start = int64(n)
	}
	cf.r = io.NewSectionReader(at, start, size-start)
	return cf, nil
}

// byteOrderMark is the UTF-8 encoding of U+FEFF, which may lead a file.
const byteOrderMark = "\ufeff"

// contentFile is a content file whose bounds readFile checked, open for
// reading from its start.
type contentFile struct {
	name string
	r    io.ReadSeeker
	f    *os.File // nil for a file held in memory
}

// Close closes the file.
func (cf *contentFile) Close() error {
	if cf.f == nil {
		return nil
	}
	return cf.f.Close()
}

// all reads the whole file, for the formats whose files are small.
func (cf *contentFile) all() ([]byte, error) {
	raw, err := io.ReadAll(cf.r)
	if err != nil {
		return nil, fmt.Errorf("content: read %s: %w", cf.name, err)
	}
	return raw, nil
}

// head reads the start of the file that detect looks at, and rewinds
// the file: its first line and, when that is a comment, the lines up to
// the first one that is not blank or a comment. A line of the comments
// is read up to twice the longest line bufio.Scanner takes (detect
// scans them with one, which stops at such a line all the same).
func (cf *contentFile) head() ([]byte, error) {
	br := bufio.NewReader(cf.r)
	var head []byte
	line := func(limit int) (bool, error) {
		start := len(head)
		for {
			s, err := br.ReadSlice('\n')
			head = append(head, s...)
			if err == bufio.ErrBufferFull {
				if limit > 0 && len(head)-start > limit {
					return false, nil
				}
				continue
			}
			if err == io.EOF {
				return false, nil
			}
			return err == nil, err
		}
	}
	more, err := line(0)
	first := strings.TrimSpace(strings.TrimPrefix(string(head), "\ufeff"))
	for more && err == nil && strings.HasPrefix(first, "#") {
		start := len(head)
		more, err = line(2 * bufio.MaxScanTokenSize)
		if l := strings.TrimSpace(string(head[start:])); l != "" && !strings.HasPrefix(l, "#") {
			break
		}
	}
	if err != nil {
		return nil, fmt.Errorf("content: read %s: %w", cf.name, err)
	}
	if _, err := cf.r.Seek(0, io.SeekStart); err != nil {
		return nil, fmt.Errorf("content: read %s: %w", cf.name, err)
	}
	return head, nil
}

// MaxLineSize bounds a line of a content file, in bytes: a row of the
// formats is at most a few hundred bytes, or a few hundred kilobytes for
// a row of Levy's CSV whose where lists thousands of ZIP codes. A file
// with a longer line, or none (a file whose lines end with a carriage
// return alone, as classic Mac OS exports write them, is one line to a
// CSV reader), would be held whole in memory by the reader of its rows.
const MaxLineSize = 1 << 20

// lineCount is what countLines found of a file.
type lineCount struct {
	size int64 // the bytes read
	past bool  // a line past MaxLines holds more than white space
	// long is the first line (from 1) longer than MaxLineSize, 0 when
	// none is; longCR tells that it holds a carriage return alone.
	long   int
	longCR bool
	// crOnly tells that the file has no line end but carriage returns
	// alone between its lines.
	crOnly bool
	// notText is the first line (from 1) that is not UTF-8 text or holds
	// a NUL byte, 0 when none is.
	notText int
}

// textScan follows the bytes of a file across the reads of countLines
// and finds the first line that is not UTF-8 text: an invalid sequence,
// a character cut short by the end of the file, or a NUL byte (which
// UTF-16 text of ASCII letters is full of). A character that two reads
// share is carried from the one to the other.
type textScan struct {
	carry     [utf8.UTFMax]byte
	n         int // bytes carried
	carryLine int // the line of the carried bytes
	bad       int // the first line not text, 0 when none is yet
}

// scan checks b, the next bytes of the file, which follow lines line
// ends.
func (s *textScan) scan(b []byte, lines int) {
	if s.bad > 0 || len(b) == 0 {
		return
	}
	if s.n > 0 {
		// The carried bytes start a character that b's first bytes end.
		k := min(len(b), utf8.UTFMax-s.n)
		var joined [utf8.UTFMax]byte
		copy(joined[:], s.carry[:s.n])
		copy(joined[s.n:], b[:k])
		c := joined[:s.n+k]
		if !utf8.FullRune(c) {
			s.n = copy(s.carry[:], c) // b is shorter than the rest of the character
			return
		}
		r, size := utf8.DecodeRune(c)
		if r == utf8.RuneError && size == 1 {
			s.bad = s.carryLine
			return
		}
		b = b[size-s.n:]
		s.n = 0
	}
	// A character that b's end cuts short is carried to the next read.
	body := b
	for k := 1; k < utf8.UTFMax && k <= len(b); k++ {
		if tail := b[len(b)-k:]; utf8.RuneStart(tail[0]) {
			if !utf8.FullRune(tail) {
				body = b[:len(b)-k]
			}
			break
		}
	}
	if utf8.Valid(body) && bytes.IndexByte(body, 0) < 0 {
		if len(body) < len(b) {
			s.n = copy(s.carry[:], b[len(body):])
			s.carryLine = lines + bytes.Count(b, []byte{'\n'}) + 1
		}
		return
	}
	for i := 0; i < len(b); {
		if c := b[i]; c < utf8.RuneSelf {
			if c == 0 {
				s.bad = lines + bytes.Count(b[:i], []byte{'\n'}) + 1
				return
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 {
			line := lines + bytes.Count(b[:i], []byte{'\n'}) + 1
			if !utf8.FullRune(b[i:]) {
				// The start of a character that the next read may end.
				s.n, s.carryLine = copy(s.carry[:], b[i:]), line
				return
			}
			s.bad = line
			return
		}
		i += size
	}
}

// end reports the first line that is not text, once the file is read: a
// character still carried was cut short by the end of the file.
func (s *textScan) end() int {
	if s.bad == 0 && s.n > 0 {
		return s.carryLine
	}
	return s.bad
}

// lineScan follows the lines of a file across the reads of countLines.
type lineScan struct {
	lines     int  // line ends seen
	cur       int  // bytes of the line being read
	cr        bool // the line being read holds a carriage return alone
	anyCR     bool // some line held one
	pendingCR bool // the last read ended with a carriage return
	long      int
	longCR    bool
}

// scan follows the lines of b, the next bytes of the file, which hold
// n line ends, and notes the first line longer than MaxLineSize. A line
// within b is shorter than b: only the line that b's start continues and
// the one its end starts are measured, and only their carriage returns
// noted (which tell a file without line feeds, or a line too long, of a
// classic Mac OS export).
func (s *lineScan) scan(b []byte, n int) {
	if s.pendingCR && len(b) > 0 {
		s.pendingCR = false
		if b[0] != '\n' {
			s.cr, s.anyCR = true, true
		}
	}
	first := bytes.IndexByte(b, '\n')
	if first < 0 {
		s.noteCR(b, false)
		s.cur += len(b)
	} else {
		s.noteCR(b[:first], true)
		s.cur += first
	}
	if s.cur > MaxLineSize {
		s.long, s.longCR = s.lines+1, s.cr
		return
	}
	if first < 0 {
		return
	}
	s.lines += n
	tail := b[bytes.LastIndexByte(b, '\n')+1:]
	s.cur, s.cr = len(tail), false
	s.noteCR(tail, false)
}

// noteCR notes the carriage returns alone of seg, a part of the line
// being read that ends the line when ends is set: one before the line
// end is CRLF's, and one at the end of a read waits for the next read.
func (s *lineScan) noteCR(seg []byte, ends bool) {
	crs := bytes.Count(seg, []byte{'\r'})
	if crs > 0 && seg[len(seg)-1] == '\r' {
		crs--
		s.pendingCR = !ends
	}
	if crs > 0 {
		s.cr, s.anyCR = true, true
	}
}

// countLines reads r to its end, or to one byte past MaxFileSize, or to
// its first line longer than MaxLineSize, and returns the bytes read,
// whether a line past MaxLines holds anything but white space (MaxLines
// line ends precede it and something follows the last of them), and the
// line found too long or the carriage returns alone that end its lines.
func countLines(r io.Reader) (lineCount, error) {
	cr := &countingReader{r: io.LimitReader(r, MaxFileSize+1)}
	buf := make([]byte, 64<<10)
	var ls lineScan
	var ts textScan
	done := func(past bool, err error) (lineCount, error) {
		lc := lineCount{size: cr.n, past: past, long: ls.long, longCR: ls.longCR, notText: ts.end()}
		if ls.pendingCR && ls.lines == 0 && ls.long == 0 {
			ls.anyCR = true // a file ending with a carriage return alone
		}
		lc.crOnly = ls.lines == 0 && ls.anyCR && ls.long == 0
		return lc, err
	}
	for {
		n, err := cr.Read(buf)
		chunk := buf[:n]
		if c := bytes.Count(chunk, []byte("\n")); ls.lines+c < MaxLines {
			ts.scan(chunk, ls.lines)
			if ls.scan(chunk, c); ls.long > 0 {
				return done(false, nil)
			}
		} else {
			// The rest of the file, from the MaxLines-th line end on, is
			// read rune by rune, as a rune may straddle two reads.
			end := nthIndex(chunk, '\n', MaxLines-ls.lines)
			ts.scan(chunk[:end+1], ls.lines)
			if ls.scan(chunk[:end+1], MaxLines-ls.lines); ls.long > 0 {
				return done(false, nil)
			}
			rest := bufio.NewReader(io.MultiReader(bytes.NewReader(chunk[end+1:]), cr))
			for {
				c, _, err := rest.ReadRune()
				if err == io.EOF {
					return done(false, nil)
				}
				if err != nil {
					return done(false, err)
				}
				if !unicode.IsSpace(c) {
					return done(true, nil)
				}
			}
		}
		if err == io.EOF {
			return done(false, nil)
		}
		if err != nil {
			return done(false, err)
		}
	}
}

// countingReader counts the bytes read from r.
type countingReader struct {
	r io.Reader
	n int64
}

// Read reads from r into p and counts the bytes read.
func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// nthIndex returns the offset of the n-th (from 1) byte c of b, or -1.
func nthIndex(b []byte, c byte, n int) int {
	off := 0
	for range n {
		i := bytes.IndexByte(b[off:], c)
		if i < 0 {
			return -1
		}
		off += i + 1
	}
	return off - 1
}

// detect tells a file's format from its first line.
func detect(name string, raw []byte) (Format, error) {
	first, _, _ := bytes.Cut(raw, []byte("\n"))
	line := strings.ToLower(strings.TrimSpace(strings.TrimPrefix(string(first), "\ufeff")))
	if strings.HasPrefix(line, "#") {
		// Comments lead a Levy file.
		sc := bufio.NewScanner(bytes.NewReader(raw))
		for sc.Scan() {
			if l := strings.TrimSpace(sc.Text()); l != "" && !strings.HasPrefix(l, "#") {
				line = strings.ToLower(l)
				break
			}
		}
	}
	cols := strings.Split(line, ",")
	for i := range cols {
		cols[i] = strings.Trim(strings.TrimSpace(cols[i]), `"`)
	}
	switch {
	case isISSHeader(cols):
		return FormatBRISS, nil
	case isFranchiseHeader(cols):
		return FormatFranchise, nil
	case isVATAreasHeader(cols):
		return FormatVATAreas, nil
	case isLowValueHeader(cols):
		return FormatLowValueLimits, nil
	case slices.Contains(cols, "jurisdiction") && slices.Contains(cols, "rate"):
		return FormatLevy, nil
	case len(cols) > 0 && (cols[0] == "z" || cols[0] == "4" || cols[0] == "a") && len(cols) >= 26:
		return FormatSST, nil
	case len(cols) == 9 && digitsOnly(cols[0]) && digitsOnly(cols[1]):
		return FormatSST, nil
	case slices.ContainsFunc(cols, isZIPColumn) && slices.ContainsFunc(cols, func(c string) bool { return strings.Contains(c, "rate") }):
		return FormatZIP5, nil
	}
	return "", &Error{File: name, Line: 1, Message: "not a content file Levy reads: a Levy CSV has the columns jurisdiction and rate, a ZIP rate table a ZIP column and rate columns, " +
		"a table of Brazilian ISS rates the columns ibge_code, item and rate, a franchise table the column franchise_area_id, a VAT areas table the columns place and area, a low-value limits table the columns country, limit and currency, an SST file no header (write sst:, zip5:, levy:, br-iss:, franchise:, vat-areas: or low-value-limits: before the path to name the format)"}
}

func digitsOnly(s string) bool { return digits(s) }

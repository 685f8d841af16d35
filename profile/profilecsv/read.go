package profilecsv

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/shopspring/decimal"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
)

// Kind is the kind of an import file: the kind of record its rows hold.
type Kind string

// The kinds of import files.
const (
	Customers     Kind = "customers"
	Certificates  Kind = "certificates"
	Registrations Kind = "registrations"
	Products      Kind = "products"
	Franchises    Kind = "franchises"
)

// Kinds lists the kinds of import files, in the order a profile's
// records come.
var Kinds = []Kind{Customers, Certificates, Registrations, Products, Franchises}

// layout is the columns of a kind of file, and the member of the
// record's JSON that each column fills, by which Locate finds a column.
type layout struct {
	kind     Kind
	required []string
	optional []string
	// members maps the JSON member of a record to its column.
	members map[string]string
}

// layouts are the layouts of the kinds, in the order of Kinds.
var layouts = []layout{
	{kind: Customers, required: []string{"customer_code", "class_code", "is_business", "name"},
		members: map[string]string{"code": "customer_code", "classCode": "class_code", "isBusiness": "is_business", "name": "name"}},
	{kind: Certificates, required: []string{"certificate_number", "customer_code", "jurisdictions", "reason_code", "product_classes",
		"effective_date", "expiration_date", "transaction_id", "status"}, optional: []string{"revoked_date", "document_sha256", "document_file_name"},
		members: map[string]string{"number": "certificate_number", "customerCode": "customer_code", "jurisdictions": "jurisdictions",
			"reasonCode": "reason_code", "productClasses": "product_classes", "effectiveDate": "effective_date",
			"expirationDate": "expiration_date", "transactionId": "transaction_id", "status": "status", "revokedDate": "revoked_date",
			"document": "document_sha256"}},
	{kind: Registrations, required: []string{"company_code", "jurisdiction", "registration_number", "effective_date", "end_date", "physical_presence"},
		optional: append([]string{"registration_type"}, representativeColumns...),
		members: map[string]string{"companyCode": "company_code", "jurisdiction": "jurisdiction", "number": "registration_number",
			"effectiveDate": "effective_date", "endDate": "end_date", "physicalPresence": "physical_presence", "type": "registration_type",
			"representative": "representative_name", "representative.name": "representative_name", "representative.number": "representative_number",
			"representative.address":         "representative_country",
			"representative.address.street1": "representative_street1", "representative.address.street2": "representative_street2",
			"representative.address.city": "representative_city", "representative.address.mainDivision": "representative_main_division",
			"representative.address.postalCode": "representative_postal_code", "representative.address.country": "representative_country"}},
	{kind: Products, required: []string{"product_code", "product_class"}, optional: []string{"code_type"},
		members: map[string]string{"code": "product_code", "class": "product_class", "codeType": "code_type"}},
	// A franchise file has the columns of the server's franchise table
	// (levy serve --content franchise:FILE), without its comment lines:
	// currency is the ISO 4217 code of a per-line amount.
	{kind: Franchises, required: []string{"franchise_area_id", "name", "basis"},
		optional: []string{"jurisdiction", "rate", "amount", "effective", "expiration", "source", "currency"},
		members: map[string]string{"areaId": "franchise_area_id", "name": "name", "jurisdiction": "jurisdiction", "perLine": "basis",
			"rate": "rate", "amount": "amount", "effectiveDate": "effective", "expirationDate": "expiration", "source": "source",
			"currency": "currency"}},
}

// representativeColumns are the columns of a registrations file that
// hold the registration's fiscal representative
// (profile.Registration.Representative), all optional: a file without
// any of them keeps the representative stored (Import.KeepStored).
var representativeColumns = []string{"representative_name", "representative_number", "representative_street1", "representative_street2",
	"representative_city", "representative_main_division", "representative_postal_code", "representative_country"}

// layoutOf returns the layout of kind k.
func layoutOf(k Kind) *layout {
	for i := range layouts {
		if layouts[i].kind == k {
			return &layouts[i]
		}
	}
	return nil
}

// Columns returns the columns of a file of kind k, as Write writes them:
// the required ones, then the optional ones.
func (k Kind) Columns() []string {
	l := layoutOf(k)
	if l == nil {
		return nil
	}
	return append(slices.Clone(l.required), l.optional...)
}

// OptionalColumns returns the columns of a file of kind k that a file
// may leave out, the last of Columns.
func (k Kind) OptionalColumns() []string {
	l := layoutOf(k)
	if l == nil {
		return nil
	}
	return slices.Clone(l.optional)
}

// MaxFileSize is the largest import file Read reads, in bytes: room for
// the rows an import may hold (profile.MaxImportRecords), of which those
// equal to the stored records are left out (Trim) and at most
// profile.MaxChanges of the others change at once.
const MaxFileSize = 32 << 20

// origin is where a record of the change set came from: its file, the
// line its row starts on, and the columns of the file.
type origin struct {
	file string
	line int
	cols []string // the header, lower-case
	// revokedUnset: a revoked certificate whose row gives no revocation
	// date, which KeepStored sets.
	revokedUnset bool
}

// Import is the change set of one or more import files, which profile's
// Service applies at once, and where each of its records came from.
// Make it with New, add files with Read, call KeepStored with the
// tenant's records, apply ChangeSet, and turn the errors of the
// application into places in the files with Locate. An Import is not
// safe for concurrent use.
type Import struct {
	// ChangeSet holds the records of every file read, in the order of
	// the files and their rows.
	ChangeSet profile.ChangeSet
	origins   map[Kind][]origin
	files     []string
	// Kinds counts the rows read of each kind.
	Kinds map[Kind]int
	// kept holds, per certificate of the change set, the stored one that
	// KeepStored completed it from, as JSON (nil: none was stored).
	kept [][]byte
	// keptTypes holds, per registration of the change set, the type
	// KeepStored gave it from the stored registration it names, and
	// keptCurrencies, per franchise, the currency it gave a per-line fee
	// from the stored fee; Unchanged checks them within the write.
	keptTypes, keptCurrencies []keptValue
	// keptReps holds, per registration of the change set, the fiscal
	// representative KeepStored gave it (as JSON) from the stored
	// registration it names, for a file without the representative
	// columns.
	keptReps []keptValue
	// ReinstateRevoked lets a row whose status is active make a
	// certificate stored revoked active again; without it KeepStored
	// refuses such a row (a file exported before the revocation would
	// otherwise undo it unseen).
	ReinstateRevoked bool
	// trimmed is what Trim left out, and places the place in the files
	// of each record left out, by its field in the change set as read.
	trimmed profile.Trimmed
	places  map[string]string
	// docNames names the file of each document of the change set
	// (AddDocument).
	docNames []string
	// held keeps the rows that read well of the files that did not (a
	// day that is none on another row, say), with where each came from,
	// and read the names of every file read, in order: they are never
	// applied, but RowErrors checks them, so that every bad row of the
	// files is told at once.
	held        profile.ChangeSet
	heldOrigins map[Kind][]origin
	read        []string
}

// New returns an empty Import.
func New() *Import {
	return &Import{origins: map[Kind][]origin{}, Kinds: map[Kind]int{}, heldOrigins: map[Kind][]origin{}}
}

// Files returns the names of the files read, in order.
func (im *Import) Files() []string { return slices.Clone(im.files) }

// File is an import file: its name, for errors, and its content.
type File struct {
	Name    string
	Content io.Reader
}

// ReadFiles reads files into a new Import (see Read). It reads every
// file, those after a bad one included, and returns the problems of all
// of them together (up to profile.MaxErrors), with the Import of the
// good ones.
func ReadFiles(files ...File) (*Import, error) {
	im := New()
	var errs levy.Errors
	for _, f := range files {
		err := im.Read(f.Name, f.Content)
		if err == nil {
			continue
		}
		var list levy.Errors
		var one *levy.Error
		switch {
		case errors.As(err, &list):
			errs = append(errs, list...)
		case errors.As(err, &one):
			errs = append(errs, one)
		default:
			return nil, err
		}
	}
	if len(errs) > profile.MaxErrors {
		errs = errs[:profile.MaxErrors]
	}
	if len(errs) > 0 {
		return im, errs
	}
	return im, nil
}

// bom is the UTF-8 byte order mark that spreadsheets write first.
const bom = "\ufeff"

// Read reads one import file, named name in errors (a file name, not a
// path: "certificates.csv"), and adds its rows to the change set. It
// reads the whole file first: a file with any bad row adds nothing, and
// its errors are returned together (up to profile.MaxErrors) as
// levy.Errors, each naming "name:line:column". A file read twice, or of
// the same name as another, is refused, since errors could not tell
// them apart.
func (im *Import) Read(name string, r io.Reader) error {
	if slices.Contains(im.read, name) {
		return levy.Invalid(name, "a file of this name is in the import already: give each file once, each under its own name")
	}
	im.read = append(im.read, name)
	data, err := io.ReadAll(io.LimitReader(r, MaxFileSize+1))
	if err != nil {
		return fmt.Errorf("profilecsv: read %s: %w", name, err)
	}
	if len(data) > MaxFileSize {
		return &levy.Error{Code: levy.ETooLarge, Field: name, Message: fmt.Sprintf("the file is larger than %d bytes", MaxFileSize)}
	}
	data = bytes.TrimPrefix(data, []byte(bom))
	if bytes.HasPrefix(data, []byte("\xff\xfe")) || bytes.HasPrefix(data, []byte("\xfe\xff")) {
		return levy.Errors{levy.Invalid(name+":1", "the file is UTF-16 text (a spreadsheet's \"Unicode Text\"), not CSV: save it as CSV UTF-8, comma-separated")}
	}
	if bytes.IndexByte(data, '\n') < 0 && bytes.IndexByte(data, '\r') >= 0 {
		// Its lines end with a carriage return alone, as the "CSV
		// (Macintosh)" of a spreadsheet writes them, which encoding/csv
		// would read as one row.
		data = bytes.ReplaceAll(data, []byte{'\r'}, []byte{'\n'})
	}
	f := fileReader{name: name, im: im}
	f.read(data)
	if len(f.errs) > 0 {
		f.hold()
		return f.errs
	}
	im.files = append(im.files, name)
	im.Kinds[f.layout.kind] += f.rows
	return nil
}

// fileReader reads one file.
type fileReader struct {
	name   string
	im     *Import
	layout *layout
	cols   []string
	rows   int
	errs   levy.Errors
	// staged records, added to the Import when the file has no error.
	cs      profile.ChangeSet
	origins []origin
	// rowBad says that the row being read has an error; bad holds the
	// lines of the rows that had one, whose staged records are not held
	// (Import.held) when the file has errors.
	rowBad bool
	bad    map[int]bool
}

// add records an error at a line and column ("" for the whole row).
func (f *fileReader) add(line int, col, format string, args ...any) {
	f.rowBad = true
	if len(f.errs) >= profile.MaxErrors {
		return
	}
	field := fmt.Sprintf("%s:%d", f.name, line)
	if col != "" {
		field += ":" + col
	}
	f.errs = append(f.errs, levy.Invalid(field, format, args...))
}

// read reads data, the whole file without its byte order mark.
func (f *fileReader) read(data []byte) {
	cr := csv.NewReader(bytes.NewReader(data))
	cr.FieldsPerRecord = -1
	cr.ReuseRecord = true
	header, err := cr.Read()
	if errors.Is(err, io.EOF) {
		f.add(1, "", "the file is empty: its first row is the header, which names the kind of file (%s)", headerHelp())
		return
	}
	if err != nil {
		f.parseError(err)
		return
	}
	if !f.header(header) {
		return
	}
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			f.parseError(err)
			return
		}
		if blank(rec) {
			// A row of empty cells (",,,"), as a spreadsheet writes the
			// rows below a table that were ever formatted, holds no
			// record.
			continue
		}
		line, _ := cr.FieldPos(0)
		if f.rows++; f.im.ChangeSet.Len()+f.cs.Len() >= profile.MaxImportRecords {
			f.errs = append(f.errs[:0], &levy.Error{Code: levy.ETooLarge, Field: fmt.Sprintf("%s:%d", f.name, line),
				Message: fmt.Sprintf("the import has more than %d rows; at most %d are read at once, of which at most %d may differ from the stored records: split it",
					profile.MaxImportRecords, profile.MaxImportRecords, profile.MaxChanges)})
			return
		}
		if len(rec) != len(f.cols) {
			f.add(line, "", "the row has %d cells; the header has %d", len(rec), len(f.cols))
			continue
		}
		f.row(line, rec)
		if len(f.errs) >= profile.MaxErrors {
			return
		}
	}
	// A file of a header alone is a kind without records, as an export
	// writes one: it imports nothing.
	if len(f.errs) > 0 {
		return
	}
	im := f.im
	im.ChangeSet.Customers = append(im.ChangeSet.Customers, f.cs.Customers...)
	im.ChangeSet.Certificates = append(im.ChangeSet.Certificates, f.cs.Certificates...)
	im.ChangeSet.Registrations = append(im.ChangeSet.Registrations, f.cs.Registrations...)
	im.ChangeSet.Products = append(im.ChangeSet.Products, f.cs.Products...)
	im.ChangeSet.Franchises = append(im.ChangeSet.Franchises, f.cs.Franchises...)
	im.origins[f.layout.kind] = append(im.origins[f.layout.kind], f.origins...)
}

// hold keeps, in the Import's held records, the staged records of a
// file that has errors whose rows read well, for RowErrors to check.
func (f *fileReader) hold() {
	if f.layout == nil {
		return
	}
	im, k := f.im, f.layout.kind
	keep := func(i int) bool { return !f.bad[f.origins[i].line] }
	im.held.Customers = appendKept(im.held.Customers, f.cs.Customers, keep)
	im.held.Certificates = appendKept(im.held.Certificates, f.cs.Certificates, keep)
	im.held.Registrations = appendKept(im.held.Registrations, f.cs.Registrations, keep)
	im.held.Products = appendKept(im.held.Products, f.cs.Products, keep)
	im.held.Franchises = appendKept(im.held.Franchises, f.cs.Franchises, keep)
	for i, o := range f.origins {
		if keep(i) {
			im.heldOrigins[k] = append(im.heldOrigins[k], o)
		}
	}
}

// appendKept appends to dst the records of src whose index keep keeps.
func appendKept[T any](dst, src []T, keep func(int) bool) []T {
	for i := range src {
		if keep(i) {
			dst = append(dst, src[i])
		}
	}
	return dst
}

// blank reports whether every cell of rec is empty, or spaces.
func blank(rec []string) bool {
	for _, c := range rec {
		if strings.TrimSpace(c) != "" {
			return false
		}
	}
	return true
}

// parseError records an error of encoding/csv (a bare quote, a quote
// left open), which stops the file's reading.
func (f *fileReader) parseError(err error) {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		f.add(pe.StartLine, "", "the row is not CSV: line %d, byte %d: %v", pe.Line, pe.Column, pe.Err)
		return
	}
	f.add(1, "", "the file cannot be read as CSV: %v", err)
}

// otherSeparator names the separator of a header of one cell that
// holds the columns of a kind separated by a semicolon or a tab (as a
// spreadsheet in a language whose decimal mark is a comma saves "CSV"),
// or "" for any other header.
func otherSeparator(cols []string) string {
	if len(cols) != 1 {
		return ""
	}
	for _, sep := range []struct{ char, name string }{{";", "semicolons"}, {"\t", "tabs"}} {
		first, _, found := strings.Cut(cols[0], sep.char)
		if first = strings.TrimSpace(first); !found || first == "" {
			continue
		}
		for _, k := range Kinds {
			if slices.Contains(k.Columns(), first) {
				return sep.name
			}
		}
	}
	return ""
}

// headerHelp lists the headers of the kinds, for an error.
func headerHelp() string {
	parts := make([]string, len(layouts))
	for i, l := range layouts {
		parts[i] = fmt.Sprintf("%s.csv: %s", l.kind, strings.Join(l.required, ","))
	}
	return strings.Join(parts, "; ")
}

// header reads the header, which names the kind of file, and reports
// whether it is one.
func (f *fileReader) header(rec []string) bool {
	f.cols = make([]string, len(rec))
	seen := map[string]int{}
	for i, c := range rec {
		c = strings.ToLower(strings.TrimSpace(c))
		f.cols[i] = c
		if first, ok := seen[c]; ok && c != "" {
			f.add(1, c, "the column %s is named twice, as columns %d and %d: a file names each column once", c, first+1, i+1)
			continue
		}
		seen[c] = i
	}
	if len(f.errs) > 0 {
		return false
	}
	for i := range layouts {
		l := &layouts[i]
		all := true
		for _, c := range l.required {
			if _, ok := seen[c]; !ok {
				all = false
				break
			}
		}
		if all {
			f.layout = l
			break
		}
	}
	if f.layout == nil {
		if sep := otherSeparator(f.cols); sep != "" {
			f.add(1, "", "the header %q is one cell: its columns are separated by %s, and an import file's by commas; "+
				"save the file as CSV (comma-separated), the headers are %s", clip(strings.Join(f.cols, ",")), sep, headerHelp())
			return false
		}
		f.add(1, "", "the header %q names no kind of import file; the headers are %s", strings.Join(f.cols, ","), headerHelp())
		return false
	}
	for i, c := range f.cols {
		if !slices.Contains(f.layout.required, c) && !slices.Contains(f.layout.optional, c) {
			more := ""
			if len(f.layout.optional) > 0 {
				more = " and may have " + strings.Join(f.layout.optional, ",")
			}
			col := c
			if col == "" {
				col = fmt.Sprintf("%d", i+1)
			}
			f.add(1, col, "%q (column %d) is not a column of %s.csv, which has %s%s", c, i+1, f.layout.kind, strings.Join(f.layout.required, ","), more)
		}
	}
	return len(f.errs) == 0
}

// cells gives the cells of one row by column name.
type cells struct {
	f    *fileReader
	line int
	rec  []string
}

// get returns the cell of column col, trimmed and with the apostrophe of
// a neutralised cell dropped; "" when the file has no such column.
func (c cells) get(col string) string {
	i := slices.Index(c.f.cols, col)
	if i < 0 {
		return ""
	}
	return plain(strings.TrimSpace(c.rec[i]))
}

// has reports whether the file has column col.
func (c cells) has(col string) bool { return slices.Contains(c.f.cols, col) }

// plain undoes the neutralisation of a text cell (see csvout.Text): an
// apostrophe in front of =, +, -, @, a tab, a carriage return or an
// apostrophe.
func plain(s string) string {
	if len(s) >= 2 && s[0] == '\'' {
		switch s[1] {
		case '=', '+', '-', '@', '\t', '\r', '\'':
			return s[1:]
		}
	}
	return s
}

// date reads a date of column col; "" is the zero date, and required
// makes it an error.
func (c cells) date(col string, required bool) civil.Date {
	s := c.get(col)
	if s == "" {
		if required {
			c.f.add(c.line, col, "is required: a date of the form YYYY-MM-DD")
		}
		return civil.Date{}
	}
	d, err := civil.Parse(s)
	if err != nil {
		c.f.add(c.line, col, "%s", civil.Refusal(fmt.Sprintf("%q", clip(s)), err))
	}
	return d
}

// bool reads a yes-or-no cell of column col; "" is false.
func (c cells) bool(col string) bool {
	switch s := strings.ToLower(c.get(col)); s {
	case "", "false", "no", "n", "0", "f":
		return false
	case "true", "yes", "y", "1", "t":
		return true
	default:
		c.f.add(c.line, col, "%q is not true or false (yes, no, 1, 0)", clip(s))
		return false
	}
}

// list reads a list of column col, its items separated by ";". A cell
// whose items are separated by commas instead ("TX, CA"), which no
// jurisdiction or class holds, is refused saying so.
func (c cells) list(col string) []string {
	cell := c.get(col)
	if strings.Contains(cell, ",") {
		c.f.add(c.line, col, "%q: the items of %s are separated by semicolons (TX;CA), not commas", clip(cell), col)
		return nil
	}
	var out []string
	for _, s := range strings.Split(cell, ";") {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// row reads one row into the staged records.
func (f *fileReader) row(line int, rec []string) {
	f.rowBad = false
	defer func() {
		if f.rowBad {
			if f.bad == nil {
				f.bad = map[int]bool{}
			}
			f.bad[line] = true
		}
	}()
	c := cells{f: f, line: line, rec: rec}
	o := origin{file: f.name, line: line, cols: f.cols}
	switch f.layout.kind {
	case Customers:
		f.cs.Customers = append(f.cs.Customers, profile.Customer{Code: c.get("customer_code"), ClassCode: c.get("class_code"),
			IsBusiness: c.bool("is_business"), Name: c.get("name")})
	case Certificates:
		cert := profile.Certificate{Number: c.get("certificate_number"), CustomerCode: c.get("customer_code"),
			Jurisdictions: c.list("jurisdictions"), ReasonCode: c.get("reason_code"), ProductClasses: c.list("product_classes"),
			EffectiveDate: c.date("effective_date", true), ExpirationDate: c.date("expiration_date", false),
			TransactionID: c.get("transaction_id"), Status: strings.ToLower(c.get("status")), RevokedDate: c.date("revoked_date", false)}
		if cert.Status == profile.StatusRevoked && cert.RevokedDate.IsZero() {
			o.revokedUnset = true
		}
		// The scan, by its digest: its size and type are those of the
		// document stored or carried (profile.Service.CompleteDocuments).
		if sum, name := c.get("document_sha256"), c.get("document_file_name"); sum != "" {
			cert.Document = &profile.DocumentRef{SHA256: strings.ToLower(sum), FileName: name}
		} else if name != "" {
			f.add(line, "document_file_name", "names a file, and the row has no document_sha256: give the scan's SHA-256 with its name")
		}
		f.cs.Certificates = append(f.cs.Certificates, cert)
	case Registrations:
		f.cs.Registrations = append(f.cs.Registrations, profile.Registration{CompanyCode: c.get("company_code"),
			Jurisdiction: c.get("jurisdiction"), Number: c.get("registration_number"),
			Type: wire.TaxRegistrationType(c.get("registration_type")), EffectiveDate: c.date("effective_date", false),
			EndDate: c.date("end_date", false), PhysicalPresence: c.bool("physical_presence"), Representative: c.representative()})
	case Products:
		codeType := ""
		if c.has("code_type") {
			codeType = c.get("code_type")
		}
		f.cs.Products = append(f.cs.Products, profile.Product{CodeType: codeType, Code: c.get("product_code"), Class: c.get("product_class")})
	case Franchises:
		f.cs.Franchises = append(f.cs.Franchises, c.franchise())
	}
	f.origins = append(f.origins, o)
}

// representative reads the fiscal representative of a registration's
// row: nil when its representative cells are empty (or the file has
// none of them), else the representative, with an address when any of
// the address's cells is set; the profile's validation says what it
// lacks.
func (c cells) representative() *profile.Representative {
	if !slices.ContainsFunc(representativeColumns, func(col string) bool { return c.get(col) != "" }) {
		return nil
	}
	rep := &profile.Representative{Name: c.get("representative_name"), Number: c.get("representative_number")}
	a := profile.RepresentativeAddress{Street1: c.get("representative_street1"), Street2: c.get("representative_street2"),
		City: c.get("representative_city"), MainDivision: c.get("representative_main_division"),
		PostalCode: c.get("representative_postal_code"), Country: c.get("representative_country")}
	if a != (profile.RepresentativeAddress{}) {
		rep.Address = &a
	}
	return rep
}

// The bases of a franchise fee in a franchise file, as the server's
// franchise table names them.
const (
	basisRevenue = "revenue"  // a rate of the line's amount
	basisPerLine = "per-line" // an amount per line
)

// franchise reads a row of a franchise file: basis revenue gives a rate
// (0.05, or 5%), per-line an amount; the ranges are the profile's to
// check.
func (c cells) franchise() profile.Franchise {
	fr := profile.Franchise{AreaID: c.get("franchise_area_id"), Name: c.get("name"), Jurisdiction: c.get("jurisdiction"),
		EffectiveDate: c.date("effective", false), ExpirationDate: c.date("expiration", false), Source: c.get("source"),
		Currency: c.get("currency")}
	number := func(col string, pct bool) *decimal.Decimal {
		s := c.get(col)
		if s == "" {
			c.f.add(c.line, col, "is required with basis %s", strings.ToLower(c.get("basis")))
			return nil
		}
		t, percent := strings.CutSuffix(s, "%")
		d, err := decimal.NewFromString(strings.TrimSpace(t))
		if err != nil || percent && !pct {
			what := "an amount (0.85)"
			if pct {
				what = "a rate (0.05, or 5%)"
			}
			c.f.add(c.line, col, "%q is not %s", clip(s), what)
			return nil
		}
		if percent {
			d = d.Shift(-2)
		}
		return &d
	}
	switch basis := strings.ToLower(c.get("basis")); basis {
	case basisRevenue:
		fr.Rate = number("rate", true)
		if c.get("amount") != "" {
			c.f.add(c.line, "amount", "a revenue fee has a rate, not an amount")
		}
	case basisPerLine:
		fr.PerLine, fr.Amount = true, number("amount", false)
		if c.get("rate") != "" {
			c.f.add(c.line, "rate", "a per-line fee has an amount, not a rate")
		}
	default:
		c.f.add(c.line, "basis", "%q is not %s or %s", clip(basis), basisRevenue, basisPerLine)
	}
	return fr
}

// KeepStored completes the certificates of the import from the tenant's
// records cur, as they are before the import: a certificate whose row
// names no document (a file without the document_sha256 column, or the
// cell empty) keeps the document stored with it, one whose row names
// the stored document's digest takes its type, its size and, when the
// row gives none, its file name, and a revoked certificate whose row gives
// no revoked_date keeps the date it was revoked on, or, stored as
// active, is revoked from today, or, new to Levy, from its effective
// date, so that it covers nothing that Levy cannot tell it covered.
//
// A row whose status is active for a certificate stored revoked is
// refused, unless ReinstateRevoked is set: KeepStored returns an
// EConflict error on the row's status (certificates[i].status, which
// Locate turns into its file and row) for each such row, up to
// profile.MaxErrors, and the import must not be applied.
//
// Likewise a row of status revoked whose revoked_date is later than the
// date the stored certificate was revoked from is refused unless
// ReinstateRevoked is set (an EConflict error on certificates[i].
// revokedDate naming both dates): it would make the certificate cover
// the days between again, a partial reinstatement, which the revocation
// route refuses too. An earlier revoked_date (revoking sooner) is taken.
//
// A registration of a file without the registration_type column (the
// columns an ERP exports) keeps the type stored with it ("Union
// Scheme", "Import One Stop Shop", set through the admin routes or a
// file that has the column): the file says nothing of it, and the
// calculations read the EU's schemes from it. So does one of a file
// without any of the representative columns (representative_name and
// the others of representativeColumns) keep the fiscal representative
// stored with it, which its e-invoices name. Likewise a per-line
// franchise fee of a file without the currency column (the server's
// franchise table of before fees had a currency) keeps the currency
// stored with it, which its amount is in. What it took, or that none
// was stored, Unchanged checks again within the change's unit, as it
// does the certificates.
func (im *Import) KeepStored(cur *profile.Records, today civil.Date) error {
	im.keepRegistrationTypes(cur)
	im.keepFeeCurrencies(cur)
	stored := map[profile.Key]*profile.Certificate{}
	if cur != nil {
		for i := range cur.Certificates {
			c := &cur.Certificates[i]
			stored[c.Key()] = c
		}
	}
	var errs levy.Errors
	im.kept = make([][]byte, len(im.ChangeSet.Certificates))
	for i := range im.ChangeSet.Certificates {
		c := &im.ChangeSet.Certificates[i]
		customer, number := strings.TrimSpace(c.CustomerCode), strings.TrimSpace(c.Number)
		prev := stored[profile.CertificateKey(customer, number)]
		im.kept[i] = certificateJSON(prev)
		if c.Document == nil && prev != nil && prev.Document != nil {
			d := *prev.Document
			c.Document = &d
		}
		if d := c.Document; d != nil && d.MediaType == "" && prev != nil && prev.Document != nil && prev.Document.SHA256 == d.SHA256 {
			// The scan stored with it: its type and size, and its file
			// name when the row gives none.
			d.MediaType, d.Size = prev.Document.MediaType, prev.Document.Size
			if d.FileName == "" {
				d.FileName = prev.Document.FileName
			}
		}
		if prev != nil && prev.Revoked() && !c.Revoked() && !im.ReinstateRevoked && len(errs) < profile.MaxErrors {
			errs = append(errs, &levy.Error{Code: levy.EConflict, Field: fmt.Sprintf("certificates[%d].status", i),
				Message: fmt.Sprintf("certificate %s of customer %s is revoked (from %s) and this row would make it active again; "+
					"to reinstate it, import with --reinstate-revoked (over the admin route, reinstateRevoked=true), "+
					"or give the row status revoked", clip(number), clip(customer), prev.RevokedDate)})
		}
		if laterRevocation(prev, c) && !im.origins[Certificates][i].revokedUnset && !im.ReinstateRevoked && len(errs) < profile.MaxErrors {
			errs = append(errs, &levy.Error{Code: levy.EConflict, Field: fmt.Sprintf("certificates[%d].revokedDate", i),
				Message: fmt.Sprintf("certificate %s of customer %s is revoked from %s and this row would revoke it from %s, later, "+
					"which makes it cover the days between again; to reinstate those days, import with --reinstate-revoked "+
					"(over the admin route, reinstateRevoked=true), or give the row revoked_date %s or earlier",
					clip(number), clip(customer), prev.RevokedDate, c.RevokedDate, prev.RevokedDate)})
		}
		if !im.origins[Certificates][i].revokedUnset {
			continue
		}
		switch {
		case prev != nil && prev.Revoked() && !prev.RevokedDate.IsZero():
			c.RevokedDate = prev.RevokedDate
		case prev != nil:
			c.RevokedDate = today
		default:
			c.RevokedDate = c.EffectiveDate
		}
	}
	if len(errs) > 0 {
		return im.Locate(errs)
	}
	return nil
}

// laterRevocation reports whether c, a certificate of an import, is
// revoked from a later day than prev, the stored one, which is revoked
// already: c would cover the days between again.
func laterRevocation(prev, c *profile.Certificate) bool {
	return prev != nil && prev.Revoked() && !prev.RevokedDate.IsZero() &&
		c.Revoked() && c.RevokedDate.After(prev.RevokedDate)
}

// keptValue is a value that KeepStored took from a stored record for a
// row whose file has no column for it: watched says it did look, found
// whether a stored record matched, and value what that record held.
type keptValue struct {
	watched, found bool
	value          string
}

// keepRegistrationTypes gives each registration read from a file
// without the registration_type column the type of the registration of
// cur it names: the same company code, jurisdiction (as stored) and
// number (as the profile matches numbers, profile.SameRegistrationNumber);
// and each read from a file without any of the representative columns
// (representativeColumns) the fiscal representative of that
// registration. It records what it found, or that none was stored, for
// Unchanged.
func (im *Import) keepRegistrationTypes(cur *profile.Records) {
	origins := im.origins[Registrations]
	im.keptTypes = make([]keptValue, len(im.ChangeSet.Registrations))
	im.keptReps = make([]keptValue, len(im.ChangeSet.Registrations))
	for i := range im.ChangeSet.Registrations {
		g := &im.ChangeSet.Registrations[i]
		if i >= len(origins) {
			continue
		}
		cols := origins[i].cols
		keepType := !slices.Contains(cols, "registration_type") && g.Type == ""
		keepRep := g.Representative == nil && !slices.ContainsFunc(representativeColumns, func(c string) bool { return slices.Contains(cols, c) })
		if !keepType && !keepRep {
			continue
		}
		prev, ok := storedRegistration(cur, g)
		if !ok {
			continue
		}
		if keepType {
			im.keptTypes[i] = keptValue{watched: true, found: prev != nil, value: storedType(prev)}
			if prev != nil {
				g.Type = prev.Type
			}
		}
		if keepRep {
			im.keptReps[i] = keptValue{watched: true, found: prev != nil, value: storedRepresentative(prev)}
			if prev != nil {
				g.Representative = prev.Representative.Clone()
			}
		}
	}
}

// storedRegistration returns the registration of cur that g names, nil
// when none does; ok is false when g's jurisdiction is none (validation
// refuses it).
func storedRegistration(cur *profile.Records, g *profile.Registration) (prev *profile.Registration, ok bool) {
	company := strings.TrimSpace(g.CompanyCode)
	jur, ok := profile.NormalizeJurisdiction(g.Jurisdiction)
	if !ok {
		return nil, false
	}
	if cur == nil {
		return nil, true
	}
	for j := range cur.Registrations {
		prev := &cur.Registrations[j]
		if prev.CompanyCode == company && prev.Jurisdiction == jur && profile.SameRegistrationNumber(jur, g.Number, prev.Number) {
			return prev, true
		}
	}
	return nil, true
}

// storedType returns the type of stored registration g, "" for nil.
func storedType(g *profile.Registration) string {
	if g == nil {
		return ""
	}
	return string(g.Type)
}

// storedRepresentative returns the fiscal representative of stored
// registration g as JSON, "" for nil or for none.
func storedRepresentative(g *profile.Registration) string {
	if g == nil || g.Representative == nil {
		return ""
	}
	b, err := json.Marshal(g.Representative)
	if err != nil {
		// A representative always marshals; one that did not would
		// compare unequal to itself, and refuse the import (Unchanged).
		return "\x00"
	}
	return string(b)
}

// keepFeeCurrencies gives each per-line franchise fee read from a file
// without the currency column the currency of the per-line fee of cur
// of the same area and name. It records what it found, or that none was
// stored, for Unchanged.
func (im *Import) keepFeeCurrencies(cur *profile.Records) {
	origins := im.origins[Franchises]
	im.keptCurrencies = make([]keptValue, len(im.ChangeSet.Franchises))
	for i := range im.ChangeSet.Franchises {
		f := &im.ChangeSet.Franchises[i]
		if i >= len(origins) || slices.Contains(origins[i].cols, "currency") || !f.PerLine || f.Currency != "" {
			continue
		}
		code, found := storedFeeCurrency(cur, f)
		im.keptCurrencies[i] = keptValue{watched: true, found: found, value: code}
		if found {
			f.Currency = code
		}
	}
}

// storedFeeCurrency returns the currency of the per-line fee of cur of
// f's area and name, and whether there is one.
func storedFeeCurrency(cur *profile.Records, f *profile.Franchise) (string, bool) {
	if cur == nil {
		return "", false
	}
	area, name := strings.TrimSpace(f.AreaID), strings.TrimSpace(f.Name)
	for j := range cur.Franchises {
		if prev := &cur.Franchises[j]; prev.AreaID == area && prev.Name == name && prev.PerLine {
			return prev.Currency, true
		}
	}
	return "", false
}

// certificateJSON returns c as JSON, nil for none.
func certificateJSON(c *profile.Certificate) []byte {
	if c == nil {
		return nil
	}
	b, err := json.Marshal(c)
	if err != nil {
		// A certificate always marshals; one that did not would compare
		// unequal to itself, and refuse the import (Unchanged).
		return []byte{}
	}
	return b
}

// Unchanged returns nil when every certificate that KeepStored completed
// the import's from is in cur, the tenant's current records, as it was
// read then (or still absent), and otherwise an EConflict error naming
// the first certificate's number ("certificates[2].number", which Locate
// turns into its row): the certificate was changed meanwhile (revoked,
// given a document, on this node or another), and storing the import's
// row completed from the stale copy would undo that change unseen. So
// too for the type of a registration and the currency of a per-line fee
// that KeepStored kept as stored (or found none to keep): one changed
// meanwhile is an EConflict error naming the registration's number or
// the fee's name ("registrations[0].number", "franchises[1].name"). Pass
// it to profile.Service.ApplyIf, which calls it within the change's
// atomic unit. Without KeepStored it returns nil. The records that Trim
// left out must be in cur as they were read, alike (pass Watched to
// profile.Service.ApplyIfWatching so that cur holds them).
func (im *Import) Unchanged(cur *profile.Records) error {
	place := func(u profile.Unchanged) string { return im.places[u.Field] }
	if err := im.trimmed.StillSame(cur, place, "the files"); err != nil {
		return err
	}
	if err := im.keptStillSame(cur); err != nil {
		return err
	}
	if im.kept == nil {
		return nil
	}
	now := map[profile.Key]*profile.Certificate{}
	for i := range cur.Certificates {
		c := &cur.Certificates[i]
		now[c.Key()] = c
	}
	for i := range im.ChangeSet.Certificates {
		c := &im.ChangeSet.Certificates[i]
		if i >= len(im.kept) {
			break
		}
		k := profile.CertificateKey(strings.TrimSpace(c.CustomerCode), strings.TrimSpace(c.Number))
		if b := certificateJSON(now[k]); !bytes.Equal(b, im.kept[i]) || (b == nil) != (im.kept[i] == nil) {
			return &levy.Error{Code: levy.EConflict, Field: fmt.Sprintf("certificates[%d].number", i),
				Message: fmt.Sprintf("%s was changed by another request while the import ran; import the files again", k)}
		}
	}
	return nil
}

// keptStillSame returns an EConflict error naming the first
// registration whose type, or per-line fee whose currency, KeepStored
// took from a stored record (or found none to take) when cur, the
// tenant's current records, holds another now: it was changed, added
// or deleted by another request, on this node or another, and storing
// the row completed from the stale copy would undo that change unseen.
func (im *Import) keptStillSame(cur *profile.Records) error {
	for _, kept := range []struct {
		list  []keptValue
		what  string
		value func(*profile.Registration) string
	}{{im.keptTypes, "type", storedType}, {im.keptReps, "fiscal representative", storedRepresentative}} {
		for i, kv := range kept.list {
			if !kv.watched || i >= len(im.ChangeSet.Registrations) {
				continue
			}
			g := &im.ChangeSet.Registrations[i]
			prev, _ := storedRegistration(cur, g)
			if (prev != nil) != kv.found || kept.value(prev) != kv.value {
				return &levy.Error{Code: levy.EConflict, Field: fmt.Sprintf("registrations[%d].number", i),
					Message: fmt.Sprintf("the registration %s of company %s in %s, whose %s the import keeps as stored, was changed by another request while the import ran; import the files again",
						clip(strings.TrimSpace(g.Number)), clip(strings.TrimSpace(g.CompanyCode)), clip(strings.TrimSpace(g.Jurisdiction)), kept.what)}
			}
		}
	}
	for i, kv := range im.keptCurrencies {
		if !kv.watched || i >= len(im.ChangeSet.Franchises) {
			continue
		}
		f := &im.ChangeSet.Franchises[i]
		code, found := storedFeeCurrency(cur, f)
		if found != kv.found || code != kv.value {
			return &levy.Error{Code: levy.EConflict, Field: fmt.Sprintf("franchises[%d].name", i),
				Message: fmt.Sprintf("the per-line fee %s of area %s, whose currency the import keeps as stored, was changed by another request while the import ran; import the files again",
					clip(strings.TrimSpace(f.Name)), clip(strings.TrimSpace(f.AreaID)))}
		}
	}
	return nil
}

// Trim leaves out of the change set every record equal to the tenant's
// stored one, so that importing the same files again stores nothing new:
// norm is the change set normalised as the profile stores it
// (profile.Service.Normalize of ChangeSet, after KeepStored), cur the
// records read before the import (profile.TrimUnchanged). The records
// left out are still compared with the current ones within the change's
// unit (Unchanged; pass Watched to profile.Service.ApplyIfWatching), and
// a change set left empty changes nothing (Skipped counts them). Call it
// at most once, after KeepStored.
func (im *Import) Trim(cur *profile.Records, norm *profile.ChangeSet) {
	t := profile.TrimUnchanged(&im.ChangeSet, norm, cur)
	if len(t.Same) == 0 {
		return
	}
	im.trimmed, im.places = t, map[string]string{}
	for _, s := range t.Same {
		kind, i, _ := recordIndex(s.Field)
		place := string(kind)
		if o := im.origins[kind]; i >= 0 && i < len(o) {
			place = fmt.Sprintf("%s:%d", o[i].file, o[i].line)
		}
		im.places[s.Field] = place
	}
	for kind, origins := range im.origins {
		im.origins[kind] = pick(origins, t.Kept[string(kind)])
	}
	if im.kept != nil {
		im.kept = pick(im.kept, t.Kept[string(Certificates)])
	}
	if im.keptTypes != nil {
		im.keptTypes = pick(im.keptTypes, t.Kept[string(Registrations)])
	}
	if im.keptReps != nil {
		im.keptReps = pick(im.keptReps, t.Kept[string(Registrations)])
	}
	if im.keptCurrencies != nil {
		im.keptCurrencies = pick(im.keptCurrencies, t.Kept[string(Franchises)])
	}
}

// recordIndex splits a record's field in a change set ("customers[2]")
// into its kind and index; ok is false for any other field.
func recordIndex(field string) (kind Kind, i int, ok bool) {
	member, rest, found := strings.Cut(field, "[")
	n, found2 := strings.CutSuffix(rest, "]")
	i, err := strconv.Atoi(n)
	if !found || !found2 || err != nil {
		return "", -1, false
	}
	return Kind(member), i, true
}

// Skipped returns the number of records Trim left out of the change set.
func (im *Import) Skipped() int { return len(im.trimmed.Same) }

// Watched returns the keys of the records Trim left out, which the
// change's unit must see for Unchanged (profile.Service.ApplyIfWatching).
func (im *Import) Watched() []profile.Key { return im.trimmed.Keys() }

// pick returns the members of list at the indexes idx, in order.
func pick[T any](list []T, idx []int) []T {
	out := make([]T, 0, len(idx))
	for _, i := range idx {
		if i < len(list) {
			out = append(out, list[i])
		}
	}
	return out
}

// clip cuts a cell quoted in an error to 64 bytes.
func clip(s string) string {
	if len(s) <= 64 {
		return s
	}
	cut := 64
	for cut > 0 && s[cut]&0xc0 == 0x80 {
		cut--
	}
	return s[:cut] + "…"
}

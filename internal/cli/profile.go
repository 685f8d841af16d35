package cli

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/api/client"
	"github.com/levytax/levy/api/profileadmin"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/profile/profilecsv"
)

const profileUsageText = `usage:
  levy profile import (--data-dir DIR | --database URL | --server URL) [--tenant T] [--reinstate-revoked] [--documents DIR] FILE...
  levy profile export (--data-dir DIR | --database URL | --server URL) [--tenant T] [--format json|csv] [--out PATH] [--as-of TIME] [--no-documents]
  levy profile list   (--data-dir DIR | --database URL | --server URL) [--tenant T] customers|certificates|registrations|products|franchises
                      [--customer C] [--jurisdiction J] [--expiring-before D] [--status active|revoked]
                      [--company C] [--code-type T] [--class C] [--area A] [--limit N] [--offset N] [--as-of TIME] [--json]
  levy profile show   (--data-dir DIR | --database URL | --server URL) [--tenant T]
                      customer CODE | certificate CUSTOMER NUMBER | registration JURISDICTION NUMBER [--company C] [--type identity|tax] |
                      product [CODE_TYPE] CODE | franchise AREA NAME | policy
  levy profile delete (--data-dir DIR | --database URL | --server URL) [--tenant T]
                      customer CODE | certificate CUSTOMER NUMBER | registration JURISDICTION NUMBER [--company C] [--type identity|tax] |
                      product [CODE_TYPE] CODE | franchise AREA NAME

The tax profile of a tenant: its customers and their exemption
certificates, its registrations, its product codes, its franchise area
fees and its policy.

import reads the CSV files an accountant exports from an ERP, whose header
names the kind of file by its columns (in brackets those that may be left
out; a franchise file has the columns of the server's franchise table):
%s
or one JSON change set (a .json file, as export writes it). The files are
one change, stored whole or not at all: every bad row is listed by file,
line and column, and nothing is stored. It prints the new version of the
profile. A CSV row of status active for a certificate revoked in Levy
(through the console, say, after the files were exported) is refused,
naming its file, row and certificate: give the row status revoked, or
--reinstate-revoked to make the certificate active again. So is a
certificate of a JSON change set, named by its place in it, and a row or
a certificate revoked from a later day than Levy holds (which makes it
cover the days between again): give the stored day or an earlier one,
or --reinstate-revoked to move it later.

export writes the profile as of now (or --as-of, a time or a day): a JSON
change set to standard output or --out FILE, which import takes back; or
with --format csv one CSV file of each kind into the directory --out DIR:
%s. The certificates' scans go with them, each once: in the
change set's documents (base64, with its SHA-256 and type), or as
DIR/documents/<sha256>.<ext> (the directory made, empty, when no
certificate holds a scan), which certificates.csv names in its
document_sha256 column; --no-documents leaves them out (each certificate
then names its scan by its SHA-256 alone). A JSON change set imports its
scans itself; CSV files take theirs from --documents DIR (the export's
DIR/documents). A scan must be what its name says (its SHA-256), a PDF
or an image of at most 4 MiB, and held by a certificate of the import,
or nothing is stored; over --server each scan is sent first on its own.

list prints a kind of records as a table (--json: the page as JSON),
those that the filters keep: certificates of --customer, covering or
within --jurisdiction, expiring before --expiring-before, of --status.
A filter that the kind does not take (--customer for registrations,
whose is --company) is refused, and so is a --jurisdiction that Levy
does not know and no record names.
show prints a record and every version of it as JSON. delete deletes a
record (its versions stay) and prints it so. A company's number of
identity (a Danish CVR stored as a Commercial Registration) and its tax
registration of the same digits are two records: --type identity or
--type tax names one of them, which a deletion must when the number has
both; a show without --type reads the tax registration then.

--data-dir opens the profiles of a data directory, which one process at
a time may hold: while levy serve runs on it, use --server URL, which
works through the server's /admin/v1/profile routes with an admin
credential (--client-id and --client-secret, best given as LEVY_CLIENT_ID
and LEVY_CLIENT_SECRET; levy clients create --tenant T --audience
levy://admin), on the credential's tenant. --database works while the
nodes of a cluster run: they see an import within a second. Over
--data-dir and --database, jurisdictions are checked against Levy's
dataset, and product classes against the built-in ones and those of the
rule files of --rules (give the server's --rules).
`

// profileUsage returns the help of levy profile, whose lists of import
// files and their columns come from package profilecsv, so that they
// name every kind and column that import reads and export writes.
func profileUsage() string {
	var files strings.Builder
	for _, k := range profilecsv.Kinds {
		cols, opt := k.Columns(), k.OptionalColumns()
		fmt.Fprintf(&files, "  %-18s %s", string(k)+".csv", strings.Join(cols[:len(cols)-len(opt)], ","))
		if len(opt) > 0 {
			fmt.Fprintf(&files, " [%s]", strings.Join(opt, ","))
		}
		files.WriteByte('\n')
	}
	return fmt.Sprintf(profileUsageText, strings.TrimSuffix(files.String(), "\n"), profileFileNames())
}

// profileFileNames lists the file of every kind of import file, as
// export --format csv writes them.
func profileFileNames() string {
	names := make([]string, len(profilecsv.Kinds))
	for i, k := range profilecsv.Kinds {
		names[i] = string(k) + ".csv"
	}
	return strings.Join(names, ", ")
}

// profileArgs are the parsed flags of a profile command.
type profileArgs struct {
	cmd string
	storeFlags
	tenant       string
	tenantGiven  bool
	rules        ruleFlag
	format, out  string
	asOf         string
	asJSON       bool
	filter       profileadmin.Filter
	company      string
	companyGiven bool
	// regType names one of the two registrations of a number (--type):
	// profile.KeyTypeIdentity, profile.KeyTypeTax or "".
	regType string
	// reinstate lets a CSV import make a revoked certificate active.
	reinstate bool
	// documents is the directory of the scans of a CSV import;
	// noDocuments leaves the scans out of an export.
	documents   string
	noDocuments bool
	args        []string
	// given holds the names of the flags given.
	given map[string]bool
}

// listFilters are the flags of list that filter each kind of records,
// the parameters of the kind's admin route.
var listFilters = map[profilecsv.Kind][]string{
	profilecsv.Customers:     {"customer"},
	profilecsv.Certificates:  {"customer", "jurisdiction", "expiring-before", "status"},
	profilecsv.Registrations: {"company", "jurisdiction"},
	profilecsv.Products:      {"code-type", "class"},
	profilecsv.Franchises:    {"area"},
}

// otherKindFilter returns a usage error for a filter flag given to list
// that the kind of records listed does not take (--customer for
// registrations, whose company is --company), which the list would
// otherwise ignore, printing every record as if it had kept them; nil
// when each filter given is the kind's.
func (a *profileArgs) otherKindFilter(k profilecsv.Kind) error {
	own := listFilters[k]
	for _, kind := range profilecsv.Kinds {
		for _, name := range listFilters[kind] {
			if a.given[name] && !slices.Contains(own, name) {
				return badFlag(name, "--%s is no filter of %s, whose filters are --%s", name, k, strings.Join(own, ", --"))
			}
		}
	}
	return nil
}

// runProfile imports, exports, lists and shows the tax profile of a
// tenant in a data directory, a database or a running server.
func runProfile(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	cmd, err := subcommand(args, "profile", "command", profileUsage(), profileCommands, stdout, stderr)
	if cmd == "" {
		return err
	}
	a := profileArgs{cmd: cmd}
	fs := flag.NewFlagSet("levy profile "+a.cmd, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	env := envOfContext(ctx)
	a.registerLocal(fs, env)
	a.registerServer(fs, env, "base URL of a running levy serve (http://127.0.0.1:8080), to work through", clientSecretUsage, audienceUsage)
	fs.StringVar(&a.tenant, "tenant", levy.DefaultTenant, "tenant whose profile to work on (with --server, the credential's)")
	a.rules.register(fs, "comma-separated rule files whose product classes the profile may name, as levy serve --rules")
	fs.StringVar(&a.format, "format", "json", "export: json (a change set) or csv (the import files, "+profileFileNames()+", into --out DIR)")
	fs.BoolVar(&a.reinstate, "reinstate-revoked", false, "import: let a row or a change set's certificate of status active make a certificate revoked in Levy active again, or revoke it from a later day (refused without it)")
	fs.StringVar(&a.out, "out", "", "export: the file (json; -, or none, for standard output) or the directory (csv) to write")
	fs.StringVar(&a.documents, "documents", "", "import: the directory of the certificates' scans that CSV files name (an export's DIR/documents)")
	fs.BoolVar(&a.noDocuments, "no-documents", false, "export: leave the certificates' scans out (each certificate names its scan by its SHA-256 alone)")
	fs.StringVar(&a.asOf, "as-of", "", "export, list: the profile as it was then, a time (RFC 3339) or a day")
	fs.BoolVar(&a.asJSON, "json", false, "list: print the page as JSON")
	fs.StringVar(&a.filter.Customer, "customer", "", "list: customers whose code starts so; certificates of this customer")
	fs.StringVar(&a.filter.Jurisdiction, "jurisdiction", "", "list: certificates and registrations that cover this jurisdiction or lie within it (TX, US-TX; DEU for Germany, DE being Delaware)")
	var before dateFlag
	fs.Var(&before, "expiring-before", "list: certificates whose expiration date is before this day (YYYY-MM-DD)")
	fs.StringVar(&a.filter.Status, "status", "", "list: certificates of this status, active or revoked")
	fs.StringVar(&a.company, "company", "", "list, show, delete: registrations of this company code")
	fs.StringVar(&a.regType, "type", "", "show, delete: which of a number's two registrations, identity (the number that only identifies the company) or tax (its tax registration)")
	fs.StringVar(&a.filter.CodeType, "code-type", "", "list: products of this code type")
	fs.StringVar(&a.filter.Class, "class", "", "list: products of this class")
	fs.StringVar(&a.filter.Area, "area", "", "list: franchise fees of this franchise area")
	fs.IntVar(&a.filter.Limit, "limit", profileadmin.MaxLimit, "list: the most records to print")
	fs.IntVar(&a.filter.Offset, "offset", 0, "list: how many records to skip")
	if helpRequested(args[1:]) {
		printHelp(stdout, profileUsage(), fs, commandEnv([]string{"profile"}))
		return nil
	}
	// Flags may come after the arguments too (levy profile list
	// certificates --customer C-1): parse again after each argument.
	// A flag given twice is refused across the parses, as parseArgs does.
	var parsed []string
	for rest := args[1:]; ; {
		if err := setFlags(fs, rest); err != nil {
			return err
		}
		used := len(rest) - fs.NArg()
		parsed = append(parsed, rest[:used]...)
		if fs.NArg() == 0 {
			break
		}
		if used > 0 && rest[used-1] == "--" {
			a.args = append(a.args, fs.Args()...) // after --, no flags
			break
		}
		a.args = append(a.args, fs.Arg(0))
		rest = fs.Args()[1:]
	}
	if err := refuseRepeats(fs, parsed); err != nil {
		return err
	}
	if err := checkArgs(a.args); err != nil {
		return err
	}
	if err := checkFlagsApply(fs, "levy profile", a.cmd, profileCommands); err != nil {
		return err
	}
	given := givenFlags(fs)
	a.given = given
	if err := a.choose(given, "--server works through a running server, --data-dir and --database open the profiles here: give one"); err != nil {
		return err
	}
	a.tenantGiven = given["tenant"]
	a.companyGiven = given["company"]
	if v := env("rules", envName("rules")); v != "" && !given["rules"] {
		if err := a.rules.Set(v); err != nil {
			return badFlag("rules", "%s=%q: %v", envName("rules"), v, err)
		}
	}
	a.filter.ExpiringBefore = before.d
	if a.filter.Limit < 1 || a.filter.Limit > profileadmin.MaxLimit || a.filter.Offset < 0 {
		at := "limit"
		if a.filter.Offset < 0 {
			at = "offset"
		}
		return badFlag(at, "--limit is from 1 to %d, --offset 0 or more", profileadmin.MaxLimit)
	}
	if err := a.checkArgs(); err != nil {
		return err
	}
	if a.remote.base != "" {
		if err := a.remote.check(); err != nil {
			return err
		}
		return runProfileRemote(ctx, a, stdout, stderr)
	}
	return runProfileLocal(ctx, a, stdout, stderr)
}

// checkArgs checks the arguments of the command, before anything is
// opened.
func (a *profileArgs) checkArgs() error {
	switch a.cmd {
	case "import":
		if len(a.args) == 0 {
			return usageError{"import needs the files to import: levy profile import ... customers.csv certificates.csv"}
		}
		json := 0
		for _, f := range a.args {
			if strings.EqualFold(filepath.Ext(f), ".json") {
				json++
			}
		}
		if json > 0 && len(a.args) > 1 {
			return usageError{"a JSON change set is imported alone, CSV files together: give one .json file or only .csv files"}
		}
		if json > 0 && a.documents != "" {
			return badFlag("documents", "a JSON change set carries its scans itself: --documents is for CSV files")
		}
		// A file that cannot be read is told before the profile store
		// is opened, or made in a new data directory.
		for _, f := range a.args {
			if err := checkReadable("the import file", f); err != nil {
				return err
			}
		}
		if a.documents != "" {
			if _, err := os.ReadDir(a.documents); err != nil {
				return inputError("--documents", a.documents, err)
			}
		}
	case "export":
		if a.format != "json" && a.format != "csv" {
			return badFlag("format", "--format %q: json or csv", a.format)
		}
		if a.format == "csv" && toStdout(a.out) {
			return badFlags([]string{"format", "out"}, "export --format csv writes "+profileFileNames()+", not standard output: name their directory with --out DIR")
		}
		if a.format != "csv" {
			if err := checkOutFile(a.out); err != nil {
				return err
			}
		}
		if len(a.args) > 0 {
			return usageError{fmt.Sprintf("unexpected argument %q", a.args[0])}
		}
	case "list":
		if len(a.args) == 1 && profilecsv.Kind(a.args[0]).Columns() == nil {
			return usageError{fmt.Sprintf("list: %q is no kind of records: customers, certificates, registrations, products or franchises", a.args[0])}
		}
		if len(a.args) != 1 {
			return usageError{"list needs a kind of records: customers, certificates, registrations, products or franchises" + extraArg(a.args, 1)}
		}
		if err := a.otherKindFilter(profilecsv.Kind(a.args[0])); err != nil {
			return err
		}
		if a.filter.Jurisdiction != "" {
			id, ok := profile.NormalizeJurisdiction(a.filter.Jurisdiction)
			if !ok {
				return badFlag("jurisdiction", "--jurisdiction %q is not a jurisdiction ID: %s", a.filter.Jurisdiction, profile.JurisdictionForms)
			}
			a.filter.Jurisdiction = id
		}
		// In any case, as the admin route reads its status parameter.
		a.filter.Status = strings.ToLower(strings.TrimSpace(a.filter.Status))
		if s := a.filter.Status; s != "" && s != profile.StatusActive && s != profile.StatusRevoked {
			return badFlag("status", "--status %q: active or revoked", s)
		}
		if a.companyGiven {
			a.filter.Company = &a.company
		}
	case "show", "delete":
		want := map[string][]int{"customer": {2}, "certificate": {3}, "registration": {3}, "product": {2, 3}, "franchise": {3}, "policy": {1}}
		if a.cmd == "delete" {
			delete(want, "policy")
		}
		if len(a.args) == 0 || want[a.args[0]] == nil || !slices.Contains(want[a.args[0]], len(a.args)) {
			policy := " or policy"
			if a.cmd == "delete" {
				policy = ""
			}
			// The most arguments the record's kind takes, none for a kind
			// that is not one.
			n := 0
			if len(a.args) > 0 && want[a.args[0]] != nil {
				n = slices.Max(want[a.args[0]])
			}
			return usageError{a.cmd + " needs a record: customer CODE, certificate CUSTOMER NUMBER, registration JURISDICTION NUMBER, product [CODE_TYPE] CODE, franchise AREA NAME" + policy + extraArg(a.args, n)}
		}
		a.regType = strings.ToLower(strings.TrimSpace(a.regType))
		switch {
		case a.regType != "" && a.args[0] != "registration":
			return badFlag("type", "--type names one of the two registrations of a number: it is not for a %s", a.args[0])
		case !profile.ValidKeyType(a.regType):
			return badFlag("type", "--type %q: %s (the number that only identifies the company) or %s (its tax registration)",
				a.regType, profile.KeyTypeIdentity, profile.KeyTypeTax)
		}
	}
	return nil
}

// profileCommands are the subcommands of levy profile.
var profileCommands = []string{"import", "export", "list", "show", "delete"}

// recordKey returns the key of the record that the arguments of show or
// delete name (a.args: its kind and key parts), with --company and --type
// for a registration.
func (a *profileArgs) recordKey() profile.Key {
	switch a.args[0] {
	case "customer":
		return profile.CustomerKey(a.args[1])
	case "certificate":
		return profile.CertificateKey(a.args[1], a.args[2])
	case "registration":
		k := profile.RegistrationKey(a.company, a.args[1], a.args[2])
		k.Type = a.regType
		return k
	case "product":
		codeType := ""
		if len(a.args) == 3 {
			codeType = a.args[1]
		}
		return profile.ProductKey(codeType, a.args[len(a.args)-1])
	case "franchise":
		return profile.FranchiseKey(a.args[1], a.args[2])
	}
	return profile.PolicyKey()
}

// typeFlag names --type in an error about the type of key, a
// registration's, which the profile names deletes[0].type (or key.type)
// and the admin routes type.
func typeFlag(key profile.Key, err error) error {
	if key.Kind != profile.KindRegistration {
		return err
	}
	return levy.MapErrors(err, func(e *levy.Error) *levy.Error {
		switch e.Field {
		case "deletes[0].type", "key.type", "type":
			cp := *e
			cp.Field = "--type"
			return &cp
		}
		return e
	})
}

// asOfTime reads --as-of: a time (RFC 3339) or a day (its last instant,
// UTC); zero when absent. The zero time given is refused.
func (a *profileArgs) asOfTime() (time.Time, error) {
	if a.asOf == "" {
		if a.given["as-of"] {
			return time.Time{}, badFlag("as-of", "--as-of is empty: give a time (2026-06-01T12:00:00Z) or a day (2026-06-01), or leave the flag out to read the profile now")
		}
		return time.Time{}, nil
	}
	if t, err := time.Parse(time.RFC3339Nano, a.asOf); err == nil {
		if t.IsZero() {
			// The stores read the zero time as now: refused, as the
			// admin routes' asOf refuses it, rather than read the latest
			// records for the earliest time.
			return time.Time{}, badFlag("as-of", "--as-of %q is the zero time: leave --as-of out to read the profile now, or give a later time", a.asOf)
		}
		return t, nil
	}
	if d, err := civil.Parse(a.asOf); err == nil {
		return d.AddDays(1).Time().Add(-time.Nanosecond), nil
	}
	return time.Time{}, badFlag("as-of", "--as-of %q: a time (2026-06-01T12:00:00Z) or a day (2026-06-01)", a.asOf)
}

// readImport reads the files of an import: one JSON change set, or CSV
// files and the scans of the directory docs ("" for none).
func readImport(paths []string, docs string) (*profilecsv.Import, *profile.ChangeSet, error) {
	if len(paths) == 1 && strings.EqualFold(filepath.Ext(paths[0]), ".json") {
		b, err := os.ReadFile(paths[0])
		if err != nil {
			return nil, nil, inputError("the import file", paths[0], err)
		}
		// Read as the import route reads its body: a member given
		// twice or a second change set after the first is refused, not
		// read in part.
		cs, err := profileadmin.DecodeChangeSet(b)
		if err != nil {
			return nil, nil, fmt.Errorf("%s is not a change set: %w", paths[0], err)
		}
		return nil, cs, nil
	}
	var files []profilecsv.File
	for _, p := range paths {
		f, err := openReadable("the import file", p)
		if err != nil {
			return nil, nil, err
		}
		defer f.Close()
		files = append(files, profilecsv.File{Name: filepath.Base(p), Content: f})
	}
	im, err := profilecsv.ReadFiles(files...)
	if err != nil {
		return im, nil, err
	}
	if docs != "" {
		if err := addDocuments(im, docs); err != nil {
			return nil, nil, err
		}
	}
	return im, nil, nil
}

// isInvalid reports whether err holds levy.EInvalid errors only: the
// bad rows of import files, as profilecsv.ReadFiles returns them.
func isInvalid(err error) bool {
	var list levy.Errors
	var one *levy.Error
	switch {
	case errors.As(err, &list):
		for _, e := range list {
			if e.Code != levy.EInvalid {
				return false
			}
		}
		return len(list) > 0
	case errors.As(err, &one):
		return one.Code == levy.EInvalid
	}
	return false
}

// addDocuments adds to im every file of the directory dir, each a scan
// named by its SHA-256 (an export's documents directory), named in
// errors as documents/<name>.
func addDocuments(im *profilecsv.Import, dir string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return inputError("--documents", dir, err)
	}
	var errs levy.Errors
	for _, e := range entries {
		if e.IsDir() || strings.HasPrefix(e.Name(), ".") {
			// A hidden file (a desktop's .DS_Store) is no scan.
			continue
		}
		name := profilecsv.DocumentsDir + "/" + e.Name()
		content, err := readLimited(filepath.Join(dir, e.Name()), profile.MaxDocumentSize)
		if err != nil {
			return err
		}
		if err := im.AddDocument(name, content); err != nil {
			var le *levy.Error
			if !errors.As(err, &le) {
				return err
			}
			errs = append(errs, le)
		}
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// readLimited reads the file of path, at most limit bytes and one more,
// so that a file too large is told as such without being read whole.
func readLimited(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	return b, nil
}

// importedNote records on stdout that the import a stands stored, for the
// message of an output that could not be written (noteDone).
func importedNote(stdout io.Writer, a profileadmin.ImportAnswer, tenant string) {
	noteDone(stdout, func() string {
		return fmt.Sprintf("the import into tenant %s was stored (the profile's version is %d)", tenant, a.Version)
	})
}

// imported prints what an import stored.
func imported(w io.Writer, a profileadmin.ImportAnswer, tenant string) {
	n := counted
	if a.Customers+a.Certificates+a.Registrations+a.Products+a.Franchises+a.Deletes == 0 && !a.Policy {
		// Every record equal to the stored one, or none at all (the
		// export of a kind without records, a header alone).
		unchanged := ""
		if a.Unchanged > 0 {
			unchanged = ", " + n(a.Unchanged, "record") + " unchanged"
		}
		fmt.Fprintf(w, "imported into tenant %s: nothing changed%s; the profile's version is %d\n", tenant, unchanged, a.Version)
		return
	}
	fmt.Fprintf(w, "imported into tenant %s: %s, %s, %s, %s", tenant,
		n(a.Customers, "customer"), n(a.Certificates, "certificate"), n(a.Registrations, "registration"), n(a.Products, "product"))
	if a.Franchises > 0 {
		fmt.Fprintf(w, ", %s", n(a.Franchises, "franchise fee"))
	}
	if a.Policy {
		fmt.Fprint(w, ", the policy")
	}
	if a.Deletes > 0 {
		fmt.Fprintf(w, ", %s", n(a.Deletes, "deletion"))
	}
	if a.Documents > 0 {
		fmt.Fprintf(w, ", %s", n(a.Documents, "scan"))
	}
	if a.Unchanged > 0 {
		fmt.Fprintf(w, " (%s unchanged)", n(a.Unchanged, "record"))
	}
	fmt.Fprintf(w, "; the profile's version is %d\n", a.Version)
}

// runProfileLocal runs a profile command over a data directory or a
// database.
func runProfileLocal(ctx context.Context, a profileArgs, stdout, stderr io.Writer) error {
	at, err := a.asOfTime()
	if err != nil {
		return err
	}
	// The files are checked, and the rules compiled, before the stores
	// are opened: a missing file makes no data directory.
	if err := a.rules.check(); err != nil {
		return err
	}
	if a.cmd == "import" {
		for _, p := range a.args {
			if err := checkReadable("the import file", p); err != nil {
				return err
			}
		}
	}
	v, err := profileValidator(data.Default(), a.rules.files)
	if err != nil {
		return err
	}
	st, err := openStorage(ctx, a.dataDir, a.database, nil, false)
	if err != nil {
		return err
	}
	defer st.Close()
	store, err := st.profiles(ctx)
	if err != nil {
		return whenHeld(err, badgerDir(a.dataDir, a.database), withAdminCredential("work through it"))
	}
	svc := profile.NewService(store, profile.Config{Validator: v})
	rd := profileadmin.Reader{Service: svc}
	switch a.cmd {
	case "import":
		im, cs, err := readImport(a.args, a.documents)
		if err != nil {
			// The rows that read well are checked too, so that every bad
			// row of the files is told at once.
			return im.RowErrors(err, svc.Normalize)
		}
		if im != nil {
			cur, err := svc.Records(ctx, a.tenant, time.Time{})
			if err != nil {
				return err
			}
			im.ReinstateRevoked = a.reinstate
			if err := im.KeepStored(cur, civil.Today()); err != nil {
				return err
			}
			// A node serving the same database may revoke a certificate
			// meanwhile: ApplyImport checks within the change's unit.
			ver, err := profileadmin.ApplyImport(ctx, svc, a.tenant, "cli", im, cur)
			if err != nil {
				return err
			}
			cs = &im.ChangeSet
			ans := profileadmin.ImportAnswer{Version: ver, Customers: len(cs.Customers), Certificates: len(cs.Certificates),
				Registrations: len(cs.Registrations), Products: len(cs.Products), Franchises: len(cs.Franchises), Unchanged: im.Skipped(),
				Documents: len(cs.Documents), Files: im.Files()}
			importedNote(stdout, ans, a.tenant)
			imported(stdout, ans, a.tenant)
			return nil
		}
		// Records equal to the stored ones are left as they are.
		ver, unchanged, err := profileadmin.ApplyChangeSet(ctx, svc, a.tenant, "cli", cs, a.reinstate)
		if err != nil {
			return err
		}
		ans := profileadmin.ImportAnswer{Version: ver, Customers: len(cs.Customers), Certificates: len(cs.Certificates),
			Registrations: len(cs.Registrations), Products: len(cs.Products), Franchises: len(cs.Franchises), Policy: cs.Policy != nil,
			Deletes: len(cs.Deletes), Unchanged: unchanged, Documents: len(cs.Documents)}
		importedNote(stdout, ans, a.tenant)
		imported(stdout, ans, a.tenant)
		return nil
	case "export":
		if a.format == "csv" {
			recs, err := svc.Records(ctx, a.tenant, at)
			if err != nil {
				return err
			}
			if err := exportFiles(a.out, stderr, func(k profilecsv.Kind, w io.Writer) error {
				r := *recs
				return profilecsv.Write(w, k, &r)
			}); err != nil {
				return err
			}
			if recs.Policy != nil {
				policyNotInCSV(stderr, a.tenant)
			}
			if a.noDocuments {
				return nil
			}
			return exportDocuments(a.out, stderr, recs.Certificates, func(digest string) ([]byte, error) {
				return svc.Document(ctx, a.tenant, digest)
			})
		}
		// As an import reads it back: Germany as DEU; the scans carried
		// unless --no-documents.
		cs, _, err := svc.Export(ctx, a.tenant, at, !a.noDocuments)
		if err != nil {
			return err
		}
		b, err := json.MarshalIndent(cs, "", "  ")
		if err != nil {
			return err
		}
		return writeOut(a.out, stdout, append(b, '\n'))
	case "list":
		recs, err := svc.Records(ctx, a.tenant, at)
		if err != nil {
			return err
		}
		if err := a.filter.CheckJurisdiction(svc, recs, "--jurisdiction"); err != nil {
			return err
		}
		var page any
		switch profilecsv.Kind(a.args[0]) {
		case profilecsv.Customers:
			page = a.filter.Customers(recs)
		case profilecsv.Certificates:
			page = a.filter.Certificates(recs)
		case profilecsv.Registrations:
			page = a.filter.Registrations(recs)
		case profilecsv.Products:
			page = a.filter.Products(recs)
		case profilecsv.Franchises:
			page = a.filter.Franchises(recs)
		}
		return printPage(stdout, stderr, page, a.asJSON)
	}
	key := a.recordKey()
	if a.cmd == "delete" {
		if key, err = rd.Delete(ctx, a.tenant, "cli", key); err != nil {
			return typeFlag(key, err)
		}
	}
	var detail any
	switch key.Kind {
	case profile.KindCustomer:
		detail, err = rd.Customer(ctx, a.tenant, key)
	case profile.KindCertificate:
		detail, err = rd.Certificate(ctx, a.tenant, key)
	case profile.KindRegistration:
		detail, err = rd.Registration(ctx, a.tenant, key)
	case profile.KindProduct:
		detail, err = rd.Product(ctx, a.tenant, key)
	case profile.KindFranchise:
		detail, err = rd.Franchise(ctx, a.tenant, key)
	case profile.KindPolicy:
		detail, err = rd.Policy(ctx, a.tenant)
	}
	if err != nil {
		return typeFlag(key, err)
	}
	return printJSON(stdout, detail)
}

// exportFiles writes the import files of every kind into dir, each written by
// write.
func exportFiles(dir string, stderr io.Writer, write func(profilecsv.Kind, io.Writer) error) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, k := range profilecsv.Kinds {
		var buf bytes.Buffer
		if err := write(k, &buf); err != nil {
			return err
		}
		path := filepath.Join(dir, string(k)+".csv")
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			return err
		}
		fmt.Fprintf(stderr, "wrote %s\n", path)
	}
	return nil
}

// policyNotInCSV says on stderr that a CSV export left out the tenant's
// policy, which only the JSON export carries.
func policyNotInCSV(stderr io.Writer, tenant string) {
	fmt.Fprintf(stderr, "levy profile: the policy of tenant %s is not in the CSV files, which hold records only: export it with --format json\n", tenant)
}

// exportDocuments writes the scan of each of certs, each once, into
// dir/documents as <sha256>.<ext>, reading each with read. The
// directory is made even when no certificate holds a scan, so that the
// import of every CSV export takes --documents dir/documents.
func exportDocuments(dir string, stderr io.Writer, certs []profile.Certificate, read func(digest string) ([]byte, error)) error {
	docs := filepath.Join(dir, profilecsv.DocumentsDir)
	if err := os.MkdirAll(docs, 0o755); err != nil {
		return fmt.Errorf("the directory of the scans: %w", err)
	}
	seen := map[string]bool{}
	for _, c := range certs {
		d := c.Document
		if d == nil || seen[d.SHA256] {
			continue
		}
		seen[d.SHA256] = true
		content, err := read(d.SHA256)
		if err != nil {
			return fmt.Errorf("the scan %s of certificate %s of customer %s: %w", d.SHA256, c.Number, c.CustomerCode, err)
		}
		if profile.Digest(content) != d.SHA256 {
			return fmt.Errorf("the scan %s of certificate %s of customer %s: the content read is not that document", d.SHA256, c.Number, c.CustomerCode)
		}
		mt := d.MediaType
		if mt == "" {
			mt = profile.DocumentType(content)
		}
		path := filepath.Join(docs, profilecsv.DocumentFileName(d.SHA256, mt))
		if err := os.WriteFile(path, content, 0o644); err != nil {
			return err
		}
		fmt.Fprintf(stderr, "wrote %s\n", path)
	}
	return nil
}

// sendCarried sends the scans that the change set b (a JSON file)
// carries to the server, each in a request of its own, once checked
// against its certificates, and returns the change set without them, to
// send next: its body then holds the records alone, which fits the
// server's --max-body. b without scans is returned as it is.
func sendCarried(ctx context.Context, r *remote, q url.Values, b []byte, stderr io.Writer) ([]byte, error) {
	cs, err := profileadmin.DecodeChangeSet(b)
	if err != nil || len(cs.Documents) == 0 {
		// The server tells what is wrong with the change set.
		return b, nil
	}
	if err := cs.CheckDocuments(); err != nil {
		return nil, err
	}
	if err := uploadDocuments(ctx, r, q, cs.Documents, stderr); err != nil {
		return nil, err
	}
	cs.Documents = nil
	return json.Marshal(cs)
}

// uploadDocuments stores each of docs, checked, on the server, once,
// and says how many on stderr.
func uploadDocuments(ctx context.Context, r *remote, q url.Values, docs []profile.Document, stderr io.Writer) error {
	uq := url.Values{}
	if t := q.Get("tenant"); t != "" {
		uq.Set("tenant", t)
	}
	sent := map[string]bool{}
	for _, d := range docs {
		if sent[d.SHA256] {
			continue
		}
		sent[d.SHA256] = true
		var ref profile.DocumentRef
		if err := r.data(ctx, "POST", profileadmin.Prefix+"/documents", uq, d.MediaType, bytes.NewReader(d.Content), &ref); err != nil {
			return fmt.Errorf("sending the scan %s: %w", d.SHA256, err)
		}
		if ref.SHA256 != d.SHA256 {
			return fmt.Errorf("sending the scan %s: the server stored %s", d.SHA256, ref.SHA256)
		}
	}
	fmt.Fprintf(stderr, "sent %s to %s\n", counted(len(sent), "scan"), r.base)
	return nil
}

// writeOut writes b into the file out, or to stdout when out is empty
// or "-" (toStdout).
func writeOut(out string, stdout io.Writer, b []byte) error {
	if toStdout(out) {
		_, err := stdout.Write(b)
		return err
	}
	if err := os.WriteFile(out, b, 0o644); err != nil {
		return outputError(out, err)
	}
	return nil
}

// printPage prints a page of records as a table, or as JSON; the count
// goes to stderr.
func printPage(stdout, stderr io.Writer, page any, asJSON bool) error {
	if asJSON {
		return printJSON(stdout, page)
	}
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	row := func(cells ...string) { fmt.Fprintln(tw, strings.Join(cells, "\t")) }
	date := func(d civil.Date) string {
		if d.IsZero() {
			return "-"
		}
		return d.String()
	}
	var n, total int
	var version uint64
	switch p := page.(type) {
	case profileadmin.CustomerPage:
		row("CODE", "CLASS", "BUSINESS", "NAME")
		for _, c := range p.Items {
			row(c.Code, c.ClassCode, strconv.FormatBool(c.IsBusiness), c.Name)
		}
		n, total, version = len(p.Items), p.Total, p.Version
	case profileadmin.CertificatePage:
		row("CUSTOMER", "NUMBER", "JURISDICTIONS", "REASON", "CLASSES", "EFFECTIVE", "EXPIRES", "STATUS", "TRANSACTION", "DOCUMENT")
		for _, c := range p.Items {
			status := cmp.Or(c.Status, profile.StatusActive)
			if c.Revoked() {
				status += " " + c.RevokedDate.String()
			}
			doc := ""
			if d := c.Document; d != nil {
				// A scan stored without a name (sent to the document
				// route, or imported from an export) shows the name an
				// export gives it.
				doc = cmp.Or(d.FileName, profilecsv.DocumentFileName(d.SHA256, d.MediaType))
			}
			row(c.CustomerCode, c.Number, strings.Join(c.Jurisdictions, ";"), c.ReasonCode, strings.Join(c.ProductClasses, ";"),
				date(c.EffectiveDate), date(c.ExpirationDate), status, c.TransactionID, doc)
		}
		n, total, version = len(p.Items), p.Total, p.Version
	case profileadmin.RegistrationPage:
		row("COMPANY", "JURISDICTION", "NUMBER", "TYPE", "EFFECTIVE", "END", "PRESENCE", "REPRESENTATIVE")
		for _, g := range p.Items {
			rep := ""
			if r := g.Representative; r != nil {
				rep = r.Name + " (" + r.Number + ")"
			}
			row(g.CompanyCode, g.Jurisdiction, g.Number, string(g.Type), date(g.EffectiveDate), date(g.EndDate), strconv.FormatBool(g.PhysicalPresence), rep)
		}
		n, total, version = len(p.Items), p.Total, p.Version
	case profileadmin.ProductPage:
		row("TYPE", "CODE", "CLASS")
		for _, pr := range p.Items {
			row(pr.CodeType, pr.Code, pr.Class)
		}
		n, total, version = len(p.Items), p.Total, p.Version
	case profileadmin.FranchisePage:
		row("AREA", "NAME", "GRANTOR", "RATE", "PER LINE", "EFFECTIVE", "EXPIRES", "SOURCE")
		for _, f := range p.Items {
			rate, per := "-", "-"
			if f.Rate != nil {
				rate = f.Rate.String()
			}
			if f.Amount != nil {
				per = f.Amount.String()
			}
			row(f.AreaID, f.Name, cmp.Or(f.Jurisdiction, "-"), rate, per, date(f.EffectiveDate), date(f.ExpirationDate), f.Source)
		}
		n, total, version = len(p.Items), p.Total, p.Version
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "%d of %d (profile version %d)\n", n, total, version)
	return nil
}

// send sends a request of the profile's admin routes with a token of the
// admin credential, and returns the answer when it is a success, or the
// server's errors as Levy's errors.
func (r *remote) send(ctx context.Context, method, path string, q url.Values, ctype string, body io.Reader) (*http.Response, error) {
	u := r.base + path
	if len(q) > 0 {
		u += "?" + q.Encode()
	}
	req, err := http.NewRequestWithContext(ctx, method, u, body)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", method, path, err)
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	resp, err := r.do(ctx, req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode >= 200 && resp.StatusCode < 300 {
		return resp, nil
	}
	defer resp.Body.Close()
	return nil, fmt.Errorf("%s answered %s: %w", r.base, resp.Status, client.ErrorOf(resp))
}

// data sends a request and decodes the data member of its answer into v.
func (r *remote) data(ctx context.Context, method, path string, q url.Values, ctype string, body io.Reader, v any) error {
	resp, err := r.send(ctx, method, path, q, ctype, body)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	var env struct{ Data json.RawMessage }
	if err := json.NewDecoder(resp.Body).Decode(&env); err != nil || env.Data == nil {
		return fmt.Errorf("reading the answer of %s%s: %v", r.base, path, cmp.Or(err, errors.New("no data")))
	}
	return json.Unmarshal(env.Data, v)
}

// remotePage gets a page of records of type P from the server.
func remotePage[P any](ctx context.Context, r *remote, path string, q url.Values) (P, error) {
	var page P
	err := r.data(ctx, "GET", path, q, "", nil, &page)
	return page, err
}

// runProfileRemote runs a profile command through a running server.
func runProfileRemote(ctx context.Context, a profileArgs, stdout, stderr io.Writer) error {
	r := &a.remote
	const p = profileadmin.Prefix
	q := url.Values{}
	if a.tenantGiven {
		q.Set("tenant", a.tenant)
	}
	if a.asOf != "" && (a.cmd == "export" || a.cmd == "list") {
		if _, err := a.asOfTime(); err != nil {
			return err
		}
		q.Set("asOf", a.asOf)
	}
	switch a.cmd {
	case "import":
		var ans profileadmin.ImportAnswer
		if len(a.args) == 1 && strings.EqualFold(filepath.Ext(a.args[0]), ".json") {
			b, err := os.ReadFile(a.args[0])
			if err != nil {
				return inputError("the import file", a.args[0], err)
			}
			// The scans go first, each in a request of its own, so that
			// the change set's body holds the records alone and fits the
			// server's --max-body.
			if b, err = sendCarried(ctx, r, q, b, stderr); err != nil {
				return err
			}
			if a.reinstate {
				q.Set("reinstateRevoked", "true")
			}
			if err := r.data(ctx, "POST", p+"/import", q, "application/json", bytes.NewReader(b), &ans); err != nil {
				return err
			}
		} else {
			if a.documents != "" {
				// The scans are checked against the rows here, and sent
				// first; the rows name them by their SHA-256.
				im, _, err := readImport(a.args, a.documents)
				switch {
				case err != nil && im != nil && isInvalid(err):
					// Rows that cannot be read: the server, sent the files
					// without the scans, refuses them naming every bad row,
					// those that read well but break a rule of their own
					// included (profilecsv.Import.RowErrors).
				case err != nil:
					return err
				default:
					if err := im.ChangeSet.CheckDocuments(); err != nil {
						return im.Locate(err)
					}
					if err := uploadDocuments(ctx, r, q, im.ChangeSet.Documents, stderr); err != nil {
						return err
					}
				}
			}
			var buf bytes.Buffer
			mw := multipart.NewWriter(&buf)
			for _, path := range a.args {
				b, err := os.ReadFile(path)
				if err != nil {
					return inputError("the import file", path, err)
				}
				w, err := mw.CreateFormFile("file", filepath.Base(path))
				if err != nil {
					return err
				}
				if _, err := w.Write(b); err != nil {
					return err
				}
			}
			if err := mw.Close(); err != nil {
				return err
			}
			if a.reinstate {
				q.Set("reinstateRevoked", "true")
			}
			if err := r.data(ctx, "POST", p+"/import/files", q, mw.FormDataContentType(), &buf, &ans); err != nil {
				return err
			}
		}
		tenant := a.tenant
		if !a.tenantGiven {
			tenant = "of the credential"
		}
		importedNote(stdout, ans, tenant)
		imported(stdout, ans, tenant)
		return nil
	case "export":
		get := func(path string, w io.Writer) error {
			pq := q
			if strings.HasPrefix(path, p+"/documents/") {
				// A scan is no record: it has no asOf.
				pq = url.Values{}
				if t := q.Get("tenant"); t != "" {
					pq.Set("tenant", t)
				}
			}
			resp, err := r.send(ctx, "GET", path, pq, "", nil)
			if err != nil {
				return err
			}
			defer resp.Body.Close()
			_, err = io.Copy(w, resp.Body)
			return err
		}
		if a.format == "csv" {
			var certs bytes.Buffer
			if err := exportFiles(a.out, stderr, func(k profilecsv.Kind, w io.Writer) error {
				if k == profilecsv.Certificates {
					w = io.MultiWriter(w, &certs)
				}
				return get(p+"/export/"+string(k), w)
			}); err != nil {
				return err
			}
			pq := url.Values{}
			if t := q.Get("tenant"); t != "" {
				pq.Set("tenant", t)
			}
			var pol profileadmin.PolicyDetail
			if err := r.data(ctx, "GET", p+"/policy", pq, "", nil, &pol); err != nil {
				return err
			}
			if pol.Policy != nil {
				policyNotInCSV(stderr, cmp.Or(q.Get("tenant"), "of the credential"))
			}
			if a.noDocuments {
				return nil
			}
			// The scans that certificates.csv names, each fetched by its
			// SHA-256.
			im, err := profilecsv.ReadFiles(profilecsv.File{Name: "certificates.csv", Content: &certs})
			if err != nil {
				return fmt.Errorf("reading the certificates exported: %w", err)
			}
			return exportDocuments(a.out, stderr, im.ChangeSet.Certificates, func(digest string) ([]byte, error) {
				var doc bytes.Buffer
				err := get(p+"/documents/"+digest, &doc)
				return doc.Bytes(), err
			})
		}
		if !a.noDocuments {
			q.Set("documents", "true")
		}
		var buf bytes.Buffer
		if err := get(p+"/export", &buf); err != nil {
			return err
		}
		return writeOut(a.out, stdout, buf.Bytes())
	case "list":
		f := a.filter
		set := func(name, v string) {
			if v != "" {
				q.Set(name, v)
			}
		}
		set("customer", f.Customer)
		// f.Jurisdiction is in its stored form (DE is Germany): the
		// server reads the parameter as a request names it (DEU).
		set("limit", strconv.Itoa(f.Limit))
		set("offset", strconv.Itoa(f.Offset))
		var page any
		var err error
		switch profilecsv.Kind(a.args[0]) {
		case profilecsv.Customers:
			page, err = remotePage[profileadmin.CustomerPage](ctx, r, p+"/customers", q)
		case profilecsv.Certificates:
			set("jurisdiction", profile.JurisdictionInput(f.Jurisdiction))
			set("status", f.Status)
			if !f.ExpiringBefore.IsZero() {
				q.Set("expiringBefore", f.ExpiringBefore.String())
			}
			page, err = remotePage[profileadmin.CertificatePage](ctx, r, p+"/certificates", q)
		case profilecsv.Registrations:
			q.Del("customer")
			set("jurisdiction", profile.JurisdictionInput(f.Jurisdiction))
			if f.Company != nil {
				q.Set("company", *f.Company)
			}
			page, err = remotePage[profileadmin.RegistrationPage](ctx, r, p+"/registrations", q)
		case profilecsv.Products:
			q.Del("customer")
			set("codeType", f.CodeType)
			set("class", f.Class)
			page, err = remotePage[profileadmin.ProductPage](ctx, r, p+"/products", q)
		case profilecsv.Franchises:
			q.Del("customer")
			set("area", f.Area)
			page, err = remotePage[profileadmin.FranchisePage](ctx, r, p+"/franchises", q)
		}
		if err != nil {
			return err
		}
		return printPage(stdout, stderr, page, a.asJSON)
	}
	esc := url.PathEscape
	var path string
	var detail any
	switch a.args[0] {
	case "customer":
		path, detail = p+"/customers/"+esc(a.args[1]), &profileadmin.CustomerDetail{}
	case "certificate":
		path, detail = p+"/customers/"+esc(a.args[1])+"/certificates/"+esc(a.args[2]), &profileadmin.CertificateDetail{}
	case "registration":
		path, detail = p+"/registrations/"+esc(a.args[1])+"/"+esc(a.args[2]), &profileadmin.RegistrationDetail{}
		if a.companyGiven {
			q.Set("company", a.company)
		}
		if a.regType != "" {
			q.Set("type", a.regType)
		}
	case "product":
		codeType := profile.CodeTypeSKU
		if len(a.args) == 3 {
			codeType = a.args[1]
		}
		path, detail = p+"/products/"+esc(codeType)+"/"+esc(a.args[len(a.args)-1]), &profileadmin.ProductDetail{}
	case "franchise":
		path, detail = p+"/franchises/"+esc(a.args[1])+"/"+esc(a.args[2]), &profileadmin.FranchiseDetail{}
	case "policy":
		path, detail = p+"/policy", &profileadmin.PolicyDetail{}
	}
	method := "GET"
	if a.cmd == "delete" {
		method = "DELETE"
	}
	if err := r.data(ctx, method, path, q, "", nil, detail); err != nil {
		return typeFlag(a.recordKey(), err)
	}
	return printJSON(stdout, detail)
}

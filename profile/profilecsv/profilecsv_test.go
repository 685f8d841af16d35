package profilecsv_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/profile/profilecsv"
)

// The files of an accountant's export, as the issue gives their columns.
const (
	customersCSV = "\ufeffcustomer_code,class_code,is_business,name\n" +
		"C-1,RESELLER,yes,Alpha Supply\n" +
		"C-2,,no,\"Beta Stores, Inc.\"\n"
	certificatesCSV = "certificate_number,customer_code,jurisdictions,reason_code,product_classes,effective_date,expiration_date,transaction_id,status\n" +
		"TX-1,C-1,TX,G,,2026-01-01,2026-12-31,,active\n" +
		"MULTI-2,C-1,US-CA; US-4819000,3,CLOTHING;SAAS,2026-02-01,,INV-7,Active\n"
	productsCSV = "product_code,product_class\n" +
		"SKU-1,SAAS\n"
	registrationsCSV = "company_code,jurisdiction,registration_number,effective_date,end_date,physical_presence\n" +
		"ACME,tx,32000000001,2025-01-01,,true\n"
)

// dec is a decimal of s.
func dec(s string) *decimal.Decimal {
	d := decimal.RequireFromString(s)
	return &d
}

// validator knows the dataset's jurisdictions, as levy serve's does.
func validator(t testing.TB) profile.Validator {
	t.Helper()
	j, err := data.Default().Jurisdictions()
	if err != nil {
		t.Fatal(err)
	}
	codes, err := data.Default().Codes()
	if err != nil {
		t.Fatal(err)
	}
	return profile.Validator{Jurisdiction: func(id string) bool { _, ok := j.Index(id); return ok },
		Currency: func(c string) bool { _, ok := codes.Currencies().ByAlpha(c); return ok }}
}

// service is a Service over a memory store.
func service(t testing.TB) *profile.Service {
	return profile.NewService(profile.NewMemory(), profile.Config{Validator: validator(t)})
}

// readNamed reads files given as name, content, name, content, ...
func readNamed(files ...string) (*profilecsv.Import, error) {
	var list []profilecsv.File
	for i := 0; i < len(files); i += 2 {
		list = append(list, profilecsv.File{Name: files[i], Content: strings.NewReader(files[i+1])})
	}
	return profilecsv.ReadFiles(list...)
}

// importFiles reads files (name, content, ...) and applies them as one
// change set, returning the version and the error with its places.
func importFiles(t *testing.T, svc *profile.Service, tenant string, files ...string) (uint64, error) {
	t.Helper()
	ctx := context.Background()
	im, err := readNamed(files...)
	if err != nil {
		return 0, err
	}
	cur, err := svc.Records(ctx, tenant, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	if err := im.KeepStored(cur, civil.MustParse("2026-06-15")); err != nil {
		return 0, err
	}
	v, err := svc.Apply(ctx, tenant, "cli", im.ChangeSet)
	return v, im.Locate(err)
}

func TestImportFiles(t *testing.T) {
	svc := service(t)
	v, err := importFiles(t, svc, "acme", "customers.csv", customersCSV, "certificates.csv", certificatesCSV,
		"products.csv", productsCSV, "registrations.csv", registrationsCSV)
	if err != nil || v != 1 {
		t.Fatalf("import: version %d, %v", v, err)
	}
	r, err := svc.Records(context.Background(), "acme", time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(struct {
		C []profile.Customer
		X []profile.Certificate
		R []profile.Registration
		P []profile.Product
	}{r.Customers, r.Certificates, r.Registrations, r.Products})
	want := `{"C":[{"code":"C-1","classCode":"RESELLER","isBusiness":true,"name":"Alpha Supply"},{"code":"C-2","name":"Beta Stores, Inc."}],` +
		`"X":[{"number":"MULTI-2","customerCode":"C-1","jurisdictions":["US-CA","US-4819000"],"reasonCode":"0003","productClasses":["CLOTHING","SAAS"],"effectiveDate":"2026-02-01","transactionId":"INV-7","status":"active"},` +
		`{"number":"TX-1","customerCode":"C-1","jurisdictions":["US-TX"],"reasonCode":"G","effectiveDate":"2026-01-01","expirationDate":"2026-12-31","status":"active"}],` +
		`"R":[{"companyCode":"ACME","jurisdiction":"US-TX","number":"32000000001","effectiveDate":"2025-01-01","physicalPresence":true}],` +
		`"P":[{"codeType":"SKU","code":"SKU-1","class":"SAAS"}]}`
	if string(got) != want {
		t.Errorf("the records:\ngot  %s\nwant %s", got, want)
	}
}

// TestHeaderNamesTheKind reads files whose columns come in another order,
// with optional columns, in another case: the header alone says the kind,
// whatever the file's name.
func TestHeaderNamesTheKind(t *testing.T) {
	im := profilecsv.New()
	files := map[string]string{
		"export-1.csv": " Name ,IS_BUSINESS,class_code,customer_code\nAlpha,1,,C-1\n",
		"export-2.csv": "code_type,product_class,product_code\nHS,CLOTHING,6402.99\n",
		"export-3.csv": "certificate_number,customer_code,jurisdictions,reason_code,product_classes,effective_date,expiration_date,transaction_id,status,revoked_date\n" +
			"R-1,C-1,US-NY,E,,2025-01-01,,,revoked,2026-03-01\n",
	}
	for _, name := range []string{"export-1.csv", "export-2.csv", "export-3.csv"} {
		if err := im.Read(name, strings.NewReader(files[name])); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	if im.Kinds[profilecsv.Customers] != 1 || im.Kinds[profilecsv.Products] != 1 || im.Kinds[profilecsv.Certificates] != 1 {
		t.Fatalf("kinds read: %v", im.Kinds)
	}
	cs := im.ChangeSet
	if cs.Customers[0].Code != "C-1" || !cs.Customers[0].IsBusiness || cs.Products[0].CodeType != "HS" ||
		cs.Certificates[0].RevokedDate != civil.MustParse("2026-03-01") {
		t.Fatalf("the change set: %+v", cs)
	}
}

// placeErr is an error expected at a place of the files.
type placeErr struct {
	field string // "certificates.csv:3:expiration_date"
	text  string // a part of its message
}

// wantPlaces fails unless err is a levy.Errors holding each want.
func wantPlaces(t *testing.T, err error, code string, want ...placeErr) {
	t.Helper()
	var list levy.Errors
	if !errors.As(err, &list) {
		t.Fatalf("the error %v is not a list of levy errors", err)
	}
	for _, w := range want {
		found := false
		for _, e := range list {
			if e.Field == w.field && strings.Contains(e.Message, w.text) && e.Code == code {
				found = true
			}
		}
		if !found {
			var got []string
			for _, e := range list {
				got = append(got, fmt.Sprintf("%s %s: %s", e.Code, e.Field, e.Message))
			}
			t.Errorf("no %s error at %s saying %q; the errors:\n  %s", code, w.field, w.text, strings.Join(got, "\n  "))
		}
	}
}

// TestBadRowsNameLineAndColumn imports files with bad rows: every
// problem is named by file, line and column, and nothing is stored, not
// even the good files of the same import.
func TestBadRowsNameLineAndColumn(t *testing.T) {
	const header = "certificate_number,customer_code,jurisdictions,reason_code,product_classes,effective_date,expiration_date,transaction_id,status\n"
	for name, c := range map[string]struct {
		files []string
		want  []placeErr
	}{
		"what the validation finds": {files: []string{"certificates.csv", header +
			"TX-1,C-1,TX,G,,2026-01-01,2025-12-31,,active\n" + // expiration before effective (line 2)
			"TX-2,C-1,US-ZZ,G,,2026-01-01,,,active\n" + // not a jurisdiction (line 3)
			"TX-3,C-1,US-9999999,G,,2026-01-01,,,active\n" + // a form Levy does not know (line 4)
			"TX-4,C-1,TX,Q,,2026-01-01,,,active\n" + // reason (line 5)
			"TX-5,C-1,TX,G,CLOTHING;WIDGETS,2026-01-01,,,active\n" + // class (line 6)
			"TX-1,C-1,TX,G,,2026-01-01,,,active\n" + // listed twice (line 7)
			"TX-6,C-1,TX,G,,2026-01-01,,,paused\n"}, // status (line 8)
			want: []placeErr{
				{"certificates.csv:2:expiration_date", "before the effective date"},
				{"certificates.csv:3:jurisdictions", "not a jurisdiction"},
				{"certificates.csv:4:jurisdictions", "not a jurisdiction Levy knows"},
				{"certificates.csv:5:reason_code", "not a reason code"},
				{"certificates.csv:6:product_classes", "WIDGETS"},
				{"certificates.csv:7:certificate_number", "listed twice (also at certificates.csv:2:certificate_number)"},
				{"certificates.csv:8:status", "not a status"},
			}},
		"what the reading finds": {files: []string{"certificates.csv", header +
			"TX-1,C-1,TX,G,,01/06/2026,,,active\n" +
			"TX-2,C-1,TX,G,,2026-01-01,\n" +
			"TX-3,C-1,TX,G,,,,,active\n" +
			"TX-4,C-1,TX,G,,2026-02-30,,,active\n",
			"registrations.csv", "company_code,jurisdiction,registration_number,effective_date,end_date,physical_presence\n" +
				"ACME,TX,1,2025-01-01,,maybe\n"},
			want: []placeErr{
				{"certificates.csv:2:effective_date", "not a date of the form YYYY-MM-DD"},
				{"certificates.csv:3", "the row has 7 cells; the header has 9"},
				{"certificates.csv:4:effective_date", "is required"},
				{"certificates.csv:5:effective_date", `"2026-02-30" is not a day of the calendar: February 2026 has 28 days`},
				{"registrations.csv:2:physical_presence", `"maybe" is not true or false`},
			}},
		"the header": {files: []string{"customers.csv", "customer_code,class_code,is_business,name,discount\nC-1,,,\n"},
			want: []placeErr{{"customers.csv:1:discount", "not a column of customers.csv"}}},
		"a header of no kind": {files: []string{"items.csv", "sku,class\nA,B\n"},
			want: []placeErr{{"items.csv:1", "names no kind of import file"}}},
		"a column twice": {files: []string{"products.csv", "product_code,product_class,product_code\nA,GENERAL,B\n"},
			want: []placeErr{{"products.csv:1:product_code", "named twice"}}},
		"an empty file": {files: []string{"customers.csv", ""}, want: []placeErr{{"customers.csv:1", "the file is empty"}}},
		"a quote left open": {files: []string{"customers.csv", "customer_code,class_code,is_business,name\nC-1,,no,\"Alpha\n"},
			want: []placeErr{{"customers.csv:2", "not CSV: line 2, byte 16"}}},
	} {
		t.Run(name, func(t *testing.T) {
			svc := service(t)
			files := append([]string{"customers.csv", customersCSV}, c.files...)
			if c.files[0] == "customers.csv" {
				files = c.files
			}
			v, err := importFiles(t, svc, "acme", files...)
			if v != 0 {
				t.Fatalf("version %d stored", v)
			}
			wantPlaces(t, err, levy.EInvalid, c.want...)
			if n, _ := svc.Store().Version(context.Background(), "acme"); n != 0 {
				t.Fatalf("the import stored version %d", n)
			}
		})
	}
}

// TestFranchiseFile imports a franchise file of the server's franchise
// table's columns (a rate in percent, a per-line amount, a grantor by
// state code), and refuses a bad one naming each line and column.
func TestFranchiseFile(t *testing.T) {
	const header = "franchise_area_id,name,jurisdiction,basis,rate,amount,effective,expiration,source\n"
	svc := service(t)
	if _, err := importFiles(t, svc, "acme", "franchise.csv", header+
		"CHI-CABLE-1,Cable Franchise Fee,US-1714000,revenue,5%,,2026-01-01,,agreement s. 7\n"+
		"SEA-VIDEO-2,Video Service Fee,wa,Per-Line,,0.85,2026-01-01,2026-12-31,ordinance\n"); err != nil {
		t.Fatal(err)
	}
	r, _ := svc.Records(context.Background(), "acme", time.Time{})
	if len(r.Franchises) != 2 || r.Franchises[0].Rate.String() != "0.05" || r.Franchises[0].PerLine ||
		!r.Franchises[1].PerLine || r.Franchises[1].Amount.String() != "0.85" || r.Franchises[1].Jurisdiction != "US-WA" {
		t.Fatalf("imported %+v", r.Franchises)
	}
	_, err := importFiles(t, svc, "acme", "franchise.csv", header+
		"A-1,Fee,,revenue,,,,,\n"+ // no rate (line 2)
		"A-2,Fee,,revenue,150%,,,,\n"+ // a rate of 1.5 (line 3)
		"A-3,Fee,,per-line,,-1,,,\n"+ // a negative amount (line 4)
		"A-4,Fee,,monthly,,,,,\n"+ // a basis (line 5)
		"A-5,Fee,US-XX,per-line,0.01,1,,,\n"+ // a rate beside an amount, a grantor (line 6)
		",Fee,,revenue,0.01,,2026-02-01,2026-01-01,\n"+ // no area, dates (line 7)
		"A-7,Fee,,per-line,,1%,,,\n") // an amount in percent (line 8)
	wantPlaces(t, err, levy.EInvalid,
		placeErr{"franchise.csv:2:rate", "is required with basis revenue"},
		placeErr{"franchise.csv:5:basis", "is not revenue or per-line"},
		placeErr{"franchise.csv:6:rate", "a per-line fee has an amount, not a rate"},
		placeErr{"franchise.csv:8:amount", "is not an amount"},
	)
	_, err = importFiles(t, svc, "acme", "franchise.csv", header+
		"A-2,Fee,,revenue,150%,,,,\n"+
		"A-3,Fee,,per-line,,-1,,,\n"+
		"A-5,Fee,US-XX,per-line,,1,,,\n"+
		",Fee,,revenue,0.01,,2026-02-01,2026-01-01,\n")
	wantPlaces(t, err, levy.EInvalid,
		placeErr{"franchise.csv:2:rate", "at least 0 and under 1"},
		placeErr{"franchise.csv:3:amount", "negative"},
		placeErr{"franchise.csv:4:jurisdiction", "not a jurisdiction ID"},
		placeErr{"franchise.csv:5:franchise_area_id", "required"},
		placeErr{"franchise.csv:5:expiration", "before the effective date"},
	)
	// A per-line amount in a currency of its own, and one the dataset
	// does not know.
	const withCurrency = "franchise_area_id,name,basis,amount,currency\n"
	if _, err := importFiles(t, svc, "acme", "franchise.csv", withCurrency+"BER-KABEL-1,Kabelgebühr,per-line,0.40,eur\n"); err != nil {
		t.Fatal(err)
	}
	r, _ = svc.Records(context.Background(), "acme", time.Time{})
	if len(r.Franchises) != 3 || r.Franchises[0].AreaID != "BER-KABEL-1" || r.Franchises[0].Currency != "EUR" || r.Franchises[2].Currency != "" {
		t.Fatalf("imported %+v", r.Franchises)
	}
	_, err = importFiles(t, svc, "acme", "franchise.csv", withCurrency+"BER-KABEL-2,Kabelgebühr,per-line,0.40,XYZ\n")
	wantPlaces(t, err, levy.EInvalid, placeErr{"franchise.csv:2:currency", "XYZ is not a currency of Levy's dataset"})
}

// TestUnknownCustomerNamesItsRow imports a certificate of a customer that
// neither the tenant nor the import has: the check within the change's
// unit finds it, and the error names the row; nothing is stored.
func TestUnknownCustomerNamesItsRow(t *testing.T) {
	svc := service(t)
	if _, err := importFiles(t, svc, "acme", "customers.csv", customersCSV); err != nil {
		t.Fatal(err)
	}
	_, err := importFiles(t, svc, "acme", "products.csv", productsCSV, "certificates.csv",
		"certificate_number,customer_code,jurisdictions,reason_code,product_classes,effective_date,expiration_date,transaction_id,status\n"+
			"TX-1,C-1,TX,G,,2026-01-01,,,active\n"+
			"TX-9,C-404,TX,G,,2026-01-01,,,active\n")
	wantPlaces(t, err, levy.EInvalid, placeErr{"certificates.csv:3:customer_code", `no customer "C-404"`})
	r, _ := svc.Records(context.Background(), "acme", time.Time{})
	if r.Version != 1 || len(r.Products) != 0 || len(r.Certificates) != 0 {
		t.Fatalf("a refused import stored records: %+v", r)
	}
}

// TestWriteReadsBack writes a tenant's records as the four files and
// imports them into another tenant: the same records, a name that a
// spreadsheet would run as a formula included.
func TestWriteReadsBack(t *testing.T) {
	ctx := context.Background()
	svc := service(t)
	if _, err := importFiles(t, svc, "acme", "customers.csv", customersCSV, "certificates.csv", certificatesCSV,
		"products.csv", productsCSV, "registrations.csv", registrationsCSV); err != nil {
		t.Fatal(err)
	}
	_, err := svc.Apply(ctx, "acme", "cli", profile.ChangeSet{
		Customers: []profile.Customer{{Code: "C-3", Name: `=HYPERLINK("http://evil.example","x")`}},
		Certificates: []profile.Certificate{{Number: "OLD", CustomerCode: "C-2", Jurisdictions: []string{"US-NY"}, ReasonCode: "E",
			EffectiveDate: civil.MustParse("2024-01-01"), Status: "revoked", RevokedDate: civil.MustParse("2025-05-05")}},
		// Germany, named DEU: a bare DE is Delaware. And Delaware.
		// Its fiscal representative there, whose name needs quoting.
		Registrations: []profile.Registration{{Jurisdiction: "DEU", Number: "DE123456789", Type: "VAT Registration",
			Representative: &profile.Representative{Name: "Elbe Steuervertretung GmbH, Hamburg", Number: "DE129273398",
				Address: &profile.RepresentativeAddress{Street1: "Jungfernstieg 7", Street2: "3. OG", City: "Hamburg", MainDivision: "HH",
					PostalCode: "20354", Country: "DEU"}}},
			{Jurisdiction: "DE", Number: "DE-5551234"}},
		Products: []profile.Product{{CodeType: "TIC", Code: "20010", Class: "CLOTHING"}},
		Franchises: []profile.Franchise{
			{AreaID: "CHI-CABLE-1", Name: "Cable Franchise Fee", Jurisdiction: "US-1714000", Rate: dec("0.05"),
				EffectiveDate: civil.MustParse("2026-01-01"), Source: "agreement of 2019, s. 7"},
			{AreaID: "SEA-VIDEO-2", Name: "Video Service Fee", Amount: dec("0.85"), ExpirationDate: civil.MustParse("2026-12-31"),
				Source: "-ordinance 24-117"},
			{AreaID: "BER-KABEL-1", Name: "Kabelgebühr", Amount: dec("0.40"), Currency: "EUR"},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	want, _ := svc.Records(ctx, "acme", time.Time{})
	var regs []string
	for _, g := range want.Registrations {
		regs = append(regs, g.Jurisdiction+" "+g.Number)
	}
	if strings.Join(regs, ", ") != "DE DE123456789, US-DE DE-5551234, US-TX 32000000001" {
		t.Fatalf("the registrations stored: %q", regs)
	}
	im := profilecsv.New()
	for _, k := range profilecsv.Kinds {
		var buf bytes.Buffer
		if err := profilecsv.Write(&buf, k, want); err != nil {
			t.Fatal(err)
		}
		if k == profilecsv.Customers && !strings.Contains(buf.String(), `'=HYPERLINK`) {
			t.Errorf("the formula is written as a formula:\n%s", buf.String())
		}
		if k == profilecsv.Registrations && (!strings.Contains(buf.String(), ",DEU,DE123456789,") || !strings.Contains(buf.String(), ",US-DE,DE-5551234,")) {
			t.Errorf("Germany is not written DEU, or Delaware US-DE:\n%s", buf.String())
		}
		if k == profilecsv.Registrations && !strings.Contains(buf.String(), `,"Elbe Steuervertretung GmbH, Hamburg",DE129273398,Jungfernstieg 7,3. OG,Hamburg,HH,20354,DE`) {
			t.Errorf("the representative is not written in its columns:\n%s", buf.String())
		}
		if err := im.Read(string(k)+".csv", &buf); err != nil {
			t.Fatalf("reading back %s: %v", k, err)
		}
	}
	if err := im.KeepStored(nil, civil.MustParse("2026-06-15")); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Apply(ctx, "globex", "cli", im.ChangeSet); err != nil {
		t.Fatal(im.Locate(err))
	}
	got, _ := svc.Records(ctx, "globex", time.Time{})
	g, _ := json.Marshal([]any{got.Customers, got.Certificates, got.Registrations, got.Products, got.Franchises})
	w, _ := json.Marshal([]any{want.Customers, want.Certificates, want.Registrations, want.Products, want.Franchises})
	if string(g) != string(w) {
		t.Errorf("read back:\n%s\nwritten:\n%s", g, w)
	}
}

// TestKeepStored imports certificates again: a revoked one without a
// revoked_date keeps its stored date, one stored active is revoked from
// the import's day, and one new to Levy covers nothing; a stored
// document stays.
func TestKeepStored(t *testing.T) {
	ctx := context.Background()
	svc := service(t)
	ref, err := svc.PutDocument(ctx, "acme", []byte("%PDF-1.7\nscan\n%%EOF\n"), "application/pdf", "tx-1.pdf")
	if err != nil {
		t.Fatal(err)
	}
	d := civil.MustParse
	_, err = svc.Apply(ctx, "acme", "cli", profile.ChangeSet{
		Customers: []profile.Customer{{Code: "C-1"}},
		Certificates: []profile.Certificate{
			{Number: "A", CustomerCode: "C-1", Jurisdictions: []string{"TX"}, ReasonCode: "G", EffectiveDate: d("2026-01-01"), Document: &ref},
			{Number: "R", CustomerCode: "C-1", Jurisdictions: []string{"TX"}, ReasonCode: "G", EffectiveDate: d("2026-01-01"), Status: "revoked", RevokedDate: d("2026-03-01")},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	const header = "certificate_number,customer_code,jurisdictions,reason_code,product_classes,effective_date,expiration_date,transaction_id,status\n"
	if _, err := importFiles(t, svc, "acme", "certificates.csv", header+
		"A,C-1,TX,G,,2026-01-01,,,revoked\n"+
		"R,C-1,TX,G,,2026-01-01,,,revoked\n"+
		"N,C-1,TX,G,,2026-01-01,,,revoked\n"); err != nil {
		t.Fatal(err)
	}
	r, _ := svc.Records(ctx, "acme", time.Time{})
	got := map[string]profile.Certificate{}
	for _, c := range r.Certificates {
		got[c.Number] = c
	}
	if c := got["A"]; c.RevokedDate != d("2026-06-15") || c.Document == nil || c.Document.SHA256 != ref.SHA256 {
		t.Errorf("A, stored active with a document: %+v", c)
	}
	if c := got["R"]; c.RevokedDate != d("2026-03-01") {
		t.Errorf("R, stored revoked: %+v", c)
	}
	if c := got["N"]; c.RevokedDate != d("2026-01-01") {
		t.Errorf("N, new: %+v", c)
	}
}

// TestTooManyRows reads a file of one row more than an import may hold;
// one of more rows than a change may store is read, since the rows equal
// to the stored records are left out before the change.
func TestTooManyRows(t *testing.T) {
	var b strings.Builder
	b.WriteString("product_code,product_class\n")
	for i := range profile.MaxImportRecords + 1 {
		fmt.Fprintf(&b, "SKU-%d,GENERAL\n", i)
	}
	err := profilecsv.New().Read("products.csv", strings.NewReader(b.String()))
	if levy.ErrorCode(err) != levy.ETooLarge || !strings.Contains(err.Error(), fmt.Sprintf("products.csv:%d", profile.MaxImportRecords+2)) {
		t.Fatalf("%d rows: %v", profile.MaxImportRecords+1, err)
	}
	if err := profilecsv.New().Read("products.csv", strings.NewReader(strings.Join(strings.Split(b.String(), "\n")[:profile.MaxImportRecords+1], "\n"))); err != nil {
		t.Fatalf("%d rows: %v", profile.MaxImportRecords, err)
	}
}

// TestSameNameTwice refuses a second file of one name.
func TestSameNameTwice(t *testing.T) {
	im := profilecsv.New()
	if err := im.Read("customers.csv", strings.NewReader(customersCSV)); err != nil {
		t.Fatal(err)
	}
	if err := im.Read("customers.csv", strings.NewReader(customersCSV)); levy.ErrorCode(err) != levy.EInvalid {
		t.Fatalf("the same name twice: %v", err)
	}
}

// TestSpreadsheetFiles reads the files a spreadsheet saves besides
// CSV UTF-8: lines ended by a carriage return alone ("CSV (Macintosh)"),
// rows of empty cells below the table, and, refused with an error that
// says what the file is, cells separated by semicolons or tabs and
// UTF-16 text. Before, the first was read as a header of one long cell
// and refused as naming no kind, the second refused each empty row as
// a customer without a code, and the others said only that the header
// named no kind.
func TestSpreadsheetFiles(t *testing.T) {
	svc := service(t)
	if _, err := importFiles(t, svc, "acme", "mac.csv", "customer_code,class_code,is_business,name\rC-1,,yes,Alpha\rC-2,,no,\"Beta, Inc.\"\r"); err != nil {
		t.Errorf("mac.csv: %v", err)
	}
	if _, err := importFiles(t, svc, "acme", "trailing.csv", "product_code,product_class\r\nSKU-1,SAAS\r\n,\r\n , \r\n,\r\n"); err != nil {
		t.Errorf("trailing.csv: %v", err)
	}
	r, err := svc.Records(context.Background(), "acme", time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Customers) != 2 || r.Customers[1].Name != "Beta, Inc." || len(r.Products) != 1 || r.Products[0].Code != "SKU-1" {
		t.Errorf("the records: %+v %+v", r.Customers, r.Products)
	}

	for name, c := range map[string]struct{ content, text string }{
		"semicolons": {"customer_code;class_code;is_business;name\nC-1;;yes;Alpha\n", "separated by semicolons"},
		"tabs":       {"product_code\tproduct_class\nSKU-1\tSAAS\n", "separated by tabs"},
		"utf16":      {"\xff\xfep\x00r\x00o\x00", "UTF-16"},
	} {
		_, err := readNamed(name+".csv", c.content)
		wantPlaces(t, err, levy.EInvalid, placeErr{name + ".csv:1", c.text})
	}
}

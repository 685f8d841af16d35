package profilecsv_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/profile/profilecsv"
)

// A host imports the files an accountant exported: ReadFiles reads them
// into one change set, KeepStored weighs it against the tenant's stored
// records, and Locate turns a fault that Apply finds across records into
// the file and row that caused it.
func ExampleReadFiles() {
	ctx := context.Background()
	svc := profile.NewService(profile.NewMemory(), profile.Config{})
	customers := "customer_code,class_code,is_business,name\nC-1,,yes,Lone Star Resale\n"
	certificates := "certificate_number,customer_code,jurisdictions,reason_code,product_classes,effective_date,expiration_date,transaction_id,status\n" +
		"TX-1001,C-1,TX,G,,2026-01-01,,,active\n" +
		"OK-2002,C-2,OK,G,,2026-01-01,,,active\n"
	im, err := profilecsv.ReadFiles(
		profilecsv.File{Name: "customers.csv", Content: strings.NewReader(customers)},
		profilecsv.File{Name: "certificates.csv", Content: strings.NewReader(certificates)})
	if err != nil {
		panic(err)
	}
	fmt.Println("rows", im.Kinds[profilecsv.Customers], im.Kinds[profilecsv.Certificates])
	cur, err := svc.Records(ctx, "acme", time.Time{})
	if err != nil {
		panic(err)
	}
	if err := im.KeepStored(cur, civil.MustParse("2026-06-01")); err != nil {
		panic(err)
	}
	_, err = svc.Apply(ctx, "acme", "import", im.ChangeSet)
	fmt.Println(im.Locate(err))

	// Once the second customer is in the file too, the import applies.
	im, err = profilecsv.ReadFiles(
		profilecsv.File{Name: "customers.csv", Content: strings.NewReader(customers + "C-2,,yes,Sooner Supply\n")},
		profilecsv.File{Name: "certificates.csv", Content: strings.NewReader(certificates)})
	if err != nil {
		panic(err)
	}
	if err := im.KeepStored(cur, civil.MustParse("2026-06-01")); err != nil {
		panic(err)
	}
	v, err := svc.Apply(ctx, "acme", "import", im.ChangeSet)
	if err != nil {
		panic(err)
	}
	recs, err := svc.Records(ctx, "acme", time.Time{})
	if err != nil {
		panic(err)
	}
	fmt.Println("version", v)
	if err := profilecsv.Write(os.Stdout, profilecsv.Certificates, recs); err != nil {
		panic(err)
	}
	// Output:
	// rows 1 2
	// invalid: certificates.csv:3:customer_code: there is no customer "C-2": store the customer first, or in the same change
	// version 1
	// certificate_number,customer_code,jurisdictions,reason_code,product_classes,effective_date,expiration_date,transaction_id,status,revoked_date,document_sha256,document_file_name
	// TX-1001,C-1,US-TX,G,,2026-01-01,,,active,,,
	// OK-2002,C-2,US-OK,G,,2026-01-01,,,active,,,
}

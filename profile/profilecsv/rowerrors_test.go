package profilecsv_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/profile/profilecsv"
)

// TestRowErrorsTellEveryBadRow: files whose rows hold both errors of
// reading (a day that is none, a cell that is no number) and errors of a
// record on its own (an expiration before the effective date, a rate of
// 1, an unknown class) are told every one of them at once, in the order
// of the files and their lines, rather than the errors of reading
// alone, after whose fix the others came to light. The rows of a file
// with an error are never applied: ReadFiles still returns the error,
// and the Import holds none of that file's rows.
func TestRowErrorsTellEveryBadRow(t *testing.T) {
	certs := "certificate_number,customer_code,jurisdictions,reason_code,product_classes,effective_date,expiration_date,transaction_id,status\n" +
		"T-1,C-1,TX,G,,2026-01-01,2025-12-31,,active\n" + // expires before it takes effect
		"T-2,C-1,TX,G,,2026-13-01,,,active\n" + // no month 13
		"T-3,C-1,TX,G,BOGUS_CLASS,2026-01-01,,,active\n" + // a class Levy does not know
		"T-4,C-1,TX,G,,2026-01-01,,,active\n" // good
	fees := "franchise_area_id,name,basis,rate,amount,effective,expiration\n" +
		"A1,Fee,revenue,1,,,\n" + // a rate of 100%
		"A2,Fee,per-line,,\"1,000\",,\n" // no number
	customers := "customer_code,class_code,is_business,name\n" +
		"C-1,,maybe,Alpha\n" + // no boolean
		"C-2,,no,\"Beta\"\n"
	products := "product_code,product_class\nSKU-1,NOT_A_CLASS\n" // a good file with a bad record

	im, err := profilecsv.ReadFiles(profilecsv.File{Name: "certificates.csv", Content: strings.NewReader(certs)},
		profilecsv.File{Name: "franchises.csv", Content: strings.NewReader(fees)},
		profilecsv.File{Name: "customers.csv", Content: strings.NewReader(customers)},
		profilecsv.File{Name: "products.csv", Content: strings.NewReader(products)})
	if err == nil {
		t.Fatal("the files read without error")
	}
	if n := im.ChangeSet.Len(); n != 1 || len(im.ChangeSet.Products) != 1 {
		t.Errorf("the Import holds %d records, want the product of the one file that read well", n)
	}
	svc := profile.NewService(profile.NewMemory(), profile.Config{})
	err = im.RowErrors(err, svc.Normalize)
	var list levy.Errors
	if !errors.As(err, &list) {
		t.Fatalf("RowErrors: %v", err)
	}
	var fields []string
	for _, e := range list {
		fields = append(fields, e.Field)
	}
	want := []string{"certificates.csv:2:expiration_date", "certificates.csv:3:effective_date", "certificates.csv:4:product_classes",
		"franchises.csv:2:rate", "franchises.csv:3:amount", "customers.csv:2:is_business", "products.csv:2:product_class"}
	if strings.Join(fields, " ") != strings.Join(want, " ") {
		t.Errorf("RowErrors named\n%s\nwant\n%s\n%v", strings.Join(fields, " "), strings.Join(want, " "), err)
	}

	// No error of reading: nothing to add, the change is checked whole
	// when it is applied.
	if err := im.RowErrors(nil, svc.Normalize); err != nil {
		t.Errorf("RowErrors(nil) = %v", err)
	}
	// An error that is not of a row (too large) is returned as it is.
	big := &levy.Error{Code: levy.ETooLarge, Field: "certificates.csv", Message: "the file is larger than allowed"}
	if err := im.RowErrors(big, svc.Normalize); err != big {
		t.Errorf("RowErrors(too large) = %v, want it as it is", err)
	}
}

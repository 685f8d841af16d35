package profilecsv_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/profile/profilecsv"
)

// TestListSeparatedByCommas: a certificate's jurisdictions or classes
// separated by commas within their cell ("TX, CA"), as a user may type
// a list, are refused naming the cell and the separator to use, rather
// than as one jurisdiction "TX, CA" that Levy does not know.
func TestListSeparatedByCommas(t *testing.T) {
	certs := "certificate_number,customer_code,jurisdictions,reason_code,product_classes,effective_date,expiration_date,transaction_id,status\n" +
		"T-1,C-1,\"TX, CA\",G,\"CLOTHING,BOOKS\",2026-01-01,,,active\n" +
		"T-2,C-1,TX;CA,G,CLOTHING;BOOKS,2026-01-01,,,active\n"
	im, err := profilecsv.ReadFiles(profilecsv.File{Name: "certificates.csv", Content: strings.NewReader(certs)})
	var list levy.Errors
	if !errors.As(err, &list) || len(list) != 2 {
		t.Fatalf("ReadFiles: %v, want the two cells of line 2", err)
	}
	for i, col := range []string{"jurisdictions", "product_classes"} {
		if e := list[i]; e.Field != "certificates.csv:2:"+col || !strings.Contains(e.Message, "separated by semicolons (TX;CA), not commas") {
			t.Errorf("error %d: %s: %s", i, e.Field, e.Message)
		}
	}
	if im.ChangeSet.Len() != 0 {
		t.Errorf("the file with a bad row added %d records", im.ChangeSet.Len())
	}
}

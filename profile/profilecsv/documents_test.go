package profilecsv_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/profile/profilecsv"
)

// TestCertificateScanColumns writes a certificate that holds a scan and
// reads it back: the file names the scan by its SHA-256 and file name.
// A file name without a digest, and a scan whose name is no digest, are
// refused naming the cell and the file.
func TestCertificateScanColumns(t *testing.T) {
	sum := profile.Digest([]byte("%PDF-1.7\n"))
	recs := &profile.Records{Certificates: []profile.Certificate{{Number: "TX-1", CustomerCode: "C-1", Jurisdictions: []string{"US-TX"},
		ReasonCode: "G", EffectiveDate: civil.MustParse("2026-01-01"),
		Document: &profile.DocumentRef{SHA256: sum, MediaType: "application/pdf", FileName: "tx-1.pdf", Size: 9}}}}
	var buf bytes.Buffer
	if err := profilecsv.Write(&buf, profilecsv.Certificates, recs); err != nil {
		t.Fatal(err)
	}
	im, err := profilecsv.ReadFiles(profilecsv.File{Name: "certificates.csv", Content: &buf})
	if err != nil {
		t.Fatal(err)
	}
	d := im.ChangeSet.Certificates[0].Document
	if d == nil || d.SHA256 != sum || d.FileName != "tx-1.pdf" {
		t.Fatalf("the scan read back: %+v", d)
	}

	const header = "certificate_number,customer_code,jurisdictions,reason_code,product_classes,effective_date,expiration_date,transaction_id,status,document_sha256,document_file_name\n"
	_, err = profilecsv.ReadFiles(profilecsv.File{Name: "certificates.csv", Content: strings.NewReader(header + "TX-1,C-1,TX,G,,2026-01-01,,,active,,tx-1.pdf\n")})
	if err == nil || !strings.Contains(err.Error(), "certificates.csv:2:document_file_name") {
		t.Errorf("a file name without its scan: %v", err)
	}
	if err := profilecsv.New().AddDocument("documents/tx-1.pdf", []byte("%PDF-1.7\n")); err == nil || !strings.Contains(err.Error(), "documents/tx-1.pdf") {
		t.Errorf("a scan not named by its digest: %v", err)
	}
	if got := profilecsv.DocumentFileName(sum, "image/jpeg"); got != sum+".jpg" {
		t.Errorf("DocumentFileName: %s", got)
	}
}

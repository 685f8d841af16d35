package einvoice_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/einvoice"
)

// A host keeps e-invoicing's records in a store on disk and delivers the
// documents that pass validation into an outbox directory. A submitted
// UBL invoice is Pending at once; the service's workers then read it,
// check it and deliver it, and its record ends Completed with the path
// of the file it was delivered as.
func ExampleNew() {
	ctx := levy.WithTenant(context.Background(), "acme")
	dir, err := os.MkdirTemp("", "levy-einvoice-example")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	store, err := badger.OpenEInvoice(ctx, filepath.Join(dir, "store"))
	if err != nil {
		panic(err)
	}
	defer store.Close()
	svc, err := einvoice.New(ctx, store, einvoice.Config{OutboxDir: filepath.Join(dir, "outbox")})
	if err != nil {
		panic(err)
	}
	defer svc.Close()

	invoice, err := os.ReadFile("ubl/testdata/invoice.xml")
	if err != nil {
		panic(err)
	}
	doc, created, err := svc.Submit(ctx, invoice, "upload-1")
	if err != nil {
		panic(err)
	}
	fmt.Println("submitted", created, doc.Status)
	for tries := 0; !einvoice.Final(doc.Status) && tries < 1000; tries++ {
		time.Sleep(10 * time.Millisecond)
		if doc, err = svc.Get(ctx, doc.DocumentID); err != nil {
			panic(err)
		}
	}
	fmt.Println(doc.DocumentType, doc.DocumentNumber, doc.Syntax, doc.PayableAmount, doc.Currency)
	for _, t := range doc.History {
		fmt.Println("entered", t.Status)
	}
	// The reference is the file's path under the outbox, in the
	// receiver's directory and named by the document's ID.
	ref := doc.Delivery.Reference
	_, err = os.Stat(filepath.Join(dir, "outbox", ref))
	fmt.Println(doc.Delivery.Transmitter, filepath.Dir(ref), filepath.Base(ref) == doc.DocumentID+".xml", err == nil)
	// Output:
	// submitted true Pending
	// Invoice VRB-2025-00417 UBL 290.30 EUR
	// entered Pending
	// entered In Progress
	// entered Completed
	// outbox-directory 0088_5418726003154 true true
}

package batch_test

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/levytax/levy/batch"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/journal"
)

// TestFaultErrorNamesCSVRows: the *FaultError of a CSV run names the
// rows of the document it stopped at, as the output's total rows and
// error rows do, besides its place among the documents: a CSV input is
// read by its rows, and "document 1" alone left its reader to count the
// documents of the file to find it.
func TestFaultErrorNamesCSVRows(t *testing.T) {
	ctx := context.Background()
	e, err := engine.New(ctx, engine.WithProfileStore(downProfiles{}))
	if err != nil {
		t.Fatal(err)
	}
	in := "document_number,document_date,message_type,transaction_id,dest_postal_code,dest_country,extended_price\n" +
		"\n" + // a blank row: the document's rows are 3 and 4
		"D-1,2026-06-01,INVOICE,C-1,98101,US,100\n" +
		"D-1,2026-06-01,INVOICE,C-1,98101,US,50\n" +
		"D-2,2026-06-01,INVOICE,C-2,98101,US,100\n"
	_, err = batch.Run(ctx, batch.Config{Engine: e, Perspective: batch.Sale, Format: batch.CSV, Journal: journal.NewMemory()}, strings.NewReader(in), &bytes.Buffer{})
	var fe *batch.FaultError
	if !errors.As(err, &fe) || fe.N != 1 || fe.FirstRow != 3 || fe.LastRow != 4 || !strings.Contains(err.Error(), "document 1 (rows 3-4) could not be calculated") {
		t.Fatalf("CSV run: %v (%+v); want a FaultError of document 1, rows 3-4", err, fe)
	}
}

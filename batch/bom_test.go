package batch_test

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/levytax/levy/batch"
)

// TestErrorRecordPastByteOrderMark runs a JSON lines file that a
// Windows editor saved with a byte order mark, whose first line has a
// bad field: the calculation reads the body past the mark, as the API
// does, and so must the error record, which named no transaction ID nor
// document number for it although the line gives both.
func TestErrorRecordPastByteOrderMark(t *testing.T) {
	e := newEngine(t)
	in := "\ufeff" + `{"saleMessageType":"QUOTATION","transactionId":"BOM-1","documentNumber":"D-1","lineItems":[{"extendedPrice":"x"}]}` + "\n"
	var out bytes.Buffer
	sum, err := batch.Run(context.Background(), batch.Config{Engine: e, Perspective: batch.Sale}, strings.NewReader(in), &out)
	if err != nil || sum.Failed != 1 {
		t.Fatalf("run: %+v %v", sum, err)
	}
	var rec batch.ErrorRecord
	if err := json.Unmarshal(out.Bytes(), &rec); err != nil {
		t.Fatalf("output %q: %v", out.String(), err)
	}
	if rec.Line != 1 || rec.TransactionID != "BOM-1" || rec.DocumentNumber != "D-1" ||
		len(rec.Errors) == 0 || rec.Errors[0].Target != "lineItems[0].extendedPrice" {
		t.Fatalf("error record %s", out.String())
	}
}

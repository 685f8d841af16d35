package batch_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"os"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/batch"
	"github.com/levytax/levy/engine"
)

// FuzzRun runs any bytes through levy batch's reader, as a CSV input of
// each perspective and as JSON lines, on one worker: nothing panics, the
// run ends with no error or with one it names (a *batch.ReadError, or a
// levy.Error about the input), and the output of a run without error is
// CSV that reads back with a header, or lines that are each JSON.
func FuzzRun(f *testing.F) {
	for _, p := range []string{"testdata/sale.csv", "testdata/purchase.csv", "testdata/owner.csv"} {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		for k := range 4 {
			f.Add(b, uint8(k))
		}
	}
	f.Add([]byte(`{"saleMessageType":"QUOTATION","lineItems":[{"extendedPrice":10}]}`+"\n{\n"), uint8(3))
	e, err := engine.New(context.Background())
	if err != nil {
		f.Fatal(err)
	}
	perspectives := []batch.Perspective{batch.Sale, batch.Purchase, batch.Owner}
	f.Fuzz(func(t *testing.T, in []byte, kind uint8) {
		cfg := batch.Config{Engine: e, Workers: 1, Perspective: perspectives[int(kind)%3], Format: batch.CSV}
		if kind%4 == 3 {
			cfg.Perspective, cfg.Format = batch.Sale, batch.JSONLines
		}
		var out bytes.Buffer
		_, err := batch.Run(context.Background(), cfg, bytes.NewReader(in), &out)
		if err != nil {
			var re *batch.ReadError
			var le *levy.Error
			var les levy.Errors
			if !errors.As(err, &re) && !errors.As(err, &le) && !errors.As(err, &les) {
				t.Fatalf("an error that names neither the input nor a field: %T %v", err, err)
			}
			return
		}
		if cfg.Format == batch.CSV {
			rows, err := csv.NewReader(bytes.NewReader(out.Bytes())).ReadAll()
			if err != nil || len(rows) == 0 {
				t.Fatalf("the output is not CSV with a header: %v\n%s", err, out.Bytes())
			}
			return
		}
		for i, line := range bytes.Split(bytes.TrimSuffix(out.Bytes(), []byte("\n")), []byte("\n")) {
			if len(out.Bytes()) > 0 && !json.Valid(line) {
				t.Fatalf("output line %d is not JSON: %q", i+1, line)
			}
		}
	})
}

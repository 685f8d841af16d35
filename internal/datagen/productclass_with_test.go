package datagen

import (
	"slices"
	"testing"
	"testing/fstest"

	"github.com/levytax/levy/data"
)

// TestReadProductClassesThresholdWith reads the threshold_with column:
// Ontario's soft drinks share the $4.00 limit on the document's total of
// its prepared food only beside a PREPARED_FOOD line. threshold_with on
// a limit of another kind, without a threshold, naming a class outside
// the catalogue, the row's own class or a class twice is refused; a
// table without the column reads as before.
func TestReadProductClassesThresholdWith(t *testing.T) {
	j, err := data.Default().Jurisdictions()
	if err != nil {
		t.Fatal(err)
	}
	const head = "country,tax,product_class,treatment,category,rate,threshold,threshold_kind,threshold_currency,threshold_rate,threshold_with,effective,expiration,citation\n"
	read := func(rows string) ([]classRow, error) {
		fs := fstest.MapFS{"t.csv": &fstest.MapFile{Data: []byte(head + rows)}}
		out, _, err := readProductClasses(file{fs, "t.csv"}, "t.csv", j)
		return out, err
	}
	out, err := read("CA-ON,HST,SOFT_DRINKS,exempt,,,4.00,document_up_to_exempt,CAD,,PREPARED_FOOD,2010-07-01,,c\n" +
		"CA-ON,HST,PREPARED_FOOD,exempt,,,4.00,document_up_to_exempt,CAD,,,2010-07-01,,c\n")
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != 2 || out[0].class != "PREPARED_FOOD" || out[0].thresholdWith != nil ||
		out[1].class != "SOFT_DRINKS" || !slices.Equal(out[1].thresholdWith, []string{"PREPARED_FOOD"}) {
		t.Errorf("rows %+v", out)
	}
	checkClassRows(t, read, []classRowCase{
		{"CA-MB,PST,CHILDRENS_CLOTHING,exempt,,,150,up_to_exempt,CAD,,CLOTHING,,,c\n", "threshold_with goes with threshold_kind document_up_to_exempt alone"},
		{"CA-ON,HST,SOFT_DRINKS,exempt,,,,,,,PREPARED_FOOD,2010-07-01,,c\n", `threshold_with "PREPARED_FOOD" without a threshold`},
		{"CA-ON,HST,SOFT_DRINKS,exempt,,,4.00,document_up_to_exempt,CAD,,PREPARED_FOOOD,2010-07-01,,c\n", `"PREPARED_FOOOD" is not a product class of the catalogue`},
		{"CA-ON,HST,SOFT_DRINKS,exempt,,,4.00,document_up_to_exempt,CAD,,SOFT_DRINKS,2010-07-01,,c\n", `"SOFT_DRINKS" is the row's own class or is given twice`},
		{"CA-ON,HST,SOFT_DRINKS,exempt,,,4.00,document_up_to_exempt,CAD,,PREPARED_FOOD PREPARED_FOOD,2010-07-01,,c\n", `"PREPARED_FOOD" is the row's own class or is given twice`},
	})
}

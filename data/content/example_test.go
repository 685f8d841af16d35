package content_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/levytax/levy/data"
	"github.com/levytax/levy/data/content"
)

// A host loads its own rate file over the embedded dataset: the overlay
// names the states it covers and holds each rate with its source, which
// names the format, the file and the line.
func ExampleLoad() {
	ds := data.Default()
	ov, err := content.Load(context.Background(), ds, content.Options{},
		content.ParseSource("testdata/levy-texas.csv"))
	if err != nil {
		panic(err)
	}
	fmt.Println("states", ov.States)
	for _, r := range ov.Rates {
		f, name, line, _ := content.ParseRateSource(r.Source)
		fmt.Println(r.Jurisdiction, r.Tax, r.Value, f, name, line)
	}
	// Output:
	// states [TX]
	// US-4835000 Sales and Use Tax 0.01 levy levy-texas.csv 5
	// US-TX-DHOUSTON_MTA Sales and Use Tax 0.01 levy levy-texas.csv 6
	// US-4819000 Sales and Use Tax 0.01 levy levy-texas.csv 7
	// US-TX-DDALLAS_MTA Sales and Use Tax 0.01 levy levy-texas.csv 8
}

// Every fault of a file is reported with its line and column, and the
// good rows are returned beside the error.
func ExampleReadLevyCSV() {
	const file = `state,jurisdiction,type,name,code,rate,category,effective,expiration,where,source
TX,US-4835000,CITY,Houston,4835000,0.01,general,,,place:4835000,Texas Comptroller
TX,US-4819000,CITY,Dallas,4819000,one percent,general,,,place:4819000,Texas Comptroller
`
	rows, err := content.ReadLevyCSV("cities.csv", strings.NewReader(file))
	for _, r := range rows {
		fmt.Println(r.Line, r.Jurisdiction, r.Name, r.Rate, r.Category)
	}
	fmt.Println(err)
	// Output:
	// 2 US-4835000 Houston 0.01 general
	// 1 fault in content:
	//   cities.csv:3: column rate: "one percent" is not a rate (a fraction such as 0.0825, or 8.25%)
}

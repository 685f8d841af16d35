package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/jurisdiction"
)

// brazilCoverage returns what the dataset holds of Brazil on a day
// (today when date is empty), municipal ISS rates loaded as content
// included.
func brazilCoverage(ds *data.Dataset, date string) (data.BrazilCoverage, error) {
	day := civil.Today()
	if date != "" {
		d, err := civil.Parse(date)
		if err != nil {
			return data.BrazilCoverage{}, badFlag("date", "--date %s", civil.Refusal(strconv.Quote(date), err))
		}
		day = d
	}
	br, err := ds.Brazil()
	if err != nil {
		return data.BrazilCoverage{}, err
	}
	js, err := ds.Jurisdictions()
	if err != nil {
		return data.BrazilCoverage{}, err
	}
	municipalities := 0
	for _, s := range jurisdiction.Subdivisions() {
		if s.Country == "BR" {
			for _, j := range js.Children(s.ID()) {
				if j.Type == jurisdiction.City {
					municipalities++
				}
			}
		}
	}
	return br.Coverage(day, municipalities), nil
}

// printBrazil prints the Brazilian coverage in format (markdown or json).
func printBrazil(ds *data.Dataset, date, format string, w io.Writer) error {
	c, err := brazilCoverage(ds, date)
	if err != nil {
		return err
	}
	switch format {
	case "", "markdown":
		fmt.Fprintf(w, "Dataset %s\n\n## Brazil\n\n%s", ds.Version(), c.Markdown())
	case "json":
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(c)
	default:
		return badFlag("format", "--format %q is not markdown or json", format)
	}
	return nil
}

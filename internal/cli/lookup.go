package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/taxarea"
	"github.com/levytax/levy/wire"
)

const lookupUsage = `usage:
  levy lookup address [--street S] [--street2 S] [--city C] [--state S] [--zip Z] [--county C] [--country C] [--as-of YYYY-MM-DD]
  levy lookup point LATITUDE LONGITUDE [--as-of YYYY-MM-DD]
  levy lookup taxarea TAX_AREA_ID [--as-of YYYY-MM-DD]
  levy lookup code CODE --country C [--as-of YYYY-MM-DD]
  levy lookup changed --from YYYY-MM-DD [--to YYYY-MM-DD] [--id TAX_AREA_ID]
`

func runLookup(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	kind, err := subcommand(args, "lookup", "kind", lookupUsage, []string{"address", "point", "taxarea", "code", "changed"}, stdout, stderr)
	if kind == "" {
		return err
	}
	args = args[1:]
	fs := flag.NewFlagSet("levy lookup "+kind, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, lookupUsage) }
	var asOf, from, to dateFlag
	if kind != "changed" {
		// A range of changes has no date of its own.
		fs.Var(&asOf, "as-of", "date of the lookup (default today)")
	}
	var cf contentFlags
	cf.register(fs)
	var addr wire.PostalAddress
	var country, id string
	switch kind {
	case "address":
		fs.StringVar(&addr.StreetAddress1, "street", "", "street address")
		fs.StringVar(&addr.StreetAddress2, "street2", "", "second street line")
		fs.StringVar(&addr.City, "city", "", "city")
		fs.StringVar(&addr.MainDivision, "state", "", "state or province, name or abbreviation")
		fs.StringVar(&addr.SubDivision, "county", "", "county")
		fs.StringVar(&addr.PostalCode, "zip", "", "ZIP or postal code")
		fs.StringVar(&addr.Country, "country", "", "country: ISO code or name (default US)")
	case "code":
		fs.StringVar(&country, "country", "", "country of the code: ISO code or name")
	case "changed":
		fs.Var(&from, "from", "first day of the range")
		fs.Var(&to, "to", "last day of the range (default today)")
		fs.StringVar(&id, "id", "", "report only whether this tax area changed")
	}
	// Flags may come before or after the positional arguments, and a
	// negative number ("-118.24") is an argument, not a flag.
	var pos, flags []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if _, err := strconv.ParseFloat(a, 64); err == nil || !strings.HasPrefix(a, "-") {
			pos = append(pos, a)
			continue
		}
		flags = append(flags, a)
		if !strings.Contains(a, "=") && i+1 < len(args) && fs.Lookup(strings.TrimLeft(a, "-")) != nil {
			i++
			flags = append(flags, args[i])
		}
	}
	if helpRequested(flags) {
		printHelp(stdout, lookupUsage, fs, nil)
		return nil
	}
	if err := parseArgs(fs, flags); err != nil {
		return err
	}
	pos = append(pos, fs.Args()...)
	if kind == "changed" {
		if err := checkChanged(pos, from.d, to.d); err != nil {
			return err
		}
		if givenFlags(fs)["id"] && id == "" {
			// Taken for no --id, it would list every area that changed.
			return badFlag("id", "--id is empty: give a tax area ID, or leave the flag out to list the areas that changed")
		}
	}

	ds, err := cf.dataset(ctx)
	if err != nil {
		return err
	}
	r, err := taxarea.New(ctx, ds)
	if err != nil {
		return err
	}
	var out any
	switch kind {
	case "address":
		if len(pos) != 0 {
			return usageError{"address takes flags only" + extraArg(pos, 0)}
		}
		out, err = r.LookupAddress(ctx, wire.AddressLookupRequest{PostalAddress: addr, AsOfDate: asOf.d})
	case "point":
		if len(pos) != 2 {
			return usageError{"point needs LATITUDE and LONGITUDE" + extraArg(pos, 2)}
		}
		lat, err1 := strconv.ParseFloat(pos[0], 64)
		lng, err2 := strconv.ParseFloat(pos[1], 64)
		if err1 != nil || err2 != nil {
			return usageError{"LATITUDE and LONGITUDE must be numbers in degrees"}
		}
		out, err = r.LookupCoordinates(ctx, wire.CoordinatesLookupRequest{Coordinates: &wire.Coordinates{Latitude: lat, Longitude: lng}, AsOfDate: asOf.d})
	case "taxarea":
		if len(pos) != 1 {
			return usageError{"taxarea needs one TAX_AREA_ID" + extraArg(pos, 1)}
		}
		out, err = r.LookupTaxAreaID(ctx, wire.TaxAreaIDLookupRequest{TaxAreaID: pos[0], AsOfDate: asOf.d})
	case "code":
		if len(pos) != 1 {
			return usageError{"code needs one CODE" + extraArg(pos, 1)}
		}
		if strings.TrimSpace(country) == "" {
			return badFlag("country", "code needs --country C, the country of the code (an ISO code or name)")
		}
		out, err = r.LookupExternal(ctx, wire.ExternalJurisdictionLookupRequest{ExternalJurisdictionCode: pos[0], Country: country, AsOfDate: asOf.d})
	case "changed":
		if id != "" {
			var changed bool
			changed, err = r.TaxAreaChanged(ctx, id, from.d, to.d)
			// The resolver names the ID as the HTTP route's path does.
			err = levy.RenameField(err, "taxareaid", "--id")
			out = map[string]bool{"changed": changed}
		} else {
			out, err = r.ChangedTaxAreas(ctx, from.d, to.d)
		}
	}
	if err != nil {
		return err
	}
	return printJSON(stdout, out)
}

// checkChanged checks the command line of levy lookup changed before the
// content is loaded: its range is given by --from and --to, whose names
// its errors use (the resolver's would be beginDate and endDate, the
// HTTP route's), and it takes no argument, which would otherwise be
// ignored without a word: a tax area ID given as an argument instead of
// --id would list every area that changed. (It has no --as-of either.)
func checkChanged(pos []string, from, to civil.Date) error {
	if len(pos) != 0 {
		return usageError{fmt.Sprintf("changed takes flags only, not %q (a tax area ID goes in --id)", pos[0])}
	}
	if from.IsZero() {
		return badFlag("from", "changed needs --from YYYY-MM-DD")
	}
	if !to.IsZero() && to.Before(from) {
		return badFlags([]string{"to", "from"}, fmt.Sprintf("--to %s is before --from %s", to, from))
	}
	return nil
}

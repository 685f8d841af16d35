package taxreg_test

import (
	"fmt"

	"github.com/levytax/levy/jurisdiction/taxreg"
)

func ExampleValidate() {
	r := taxreg.Validate("DE", "de 136 695 976")
	fmt.Println(r.IsSyntaxValid, r.Normalized, r.Info)
	// Output: true DE136695976 TAX_NUMBER_SYNTAX_VALID
}

func ExampleValidate_invalid() {
	// The last digit is not the check digit.
	r := taxreg.Validate("FR", "FR 40 303 265 046")
	fmt.Println(r.IsSyntaxValid, r.Normalized, r.Info)
	// Output: false FR40303265046 TAX_NUMBER_SYNTAX_INVALID
}

func ExampleValidate_aliases() {
	// Greece's VAT prefix is EL; Northern Ireland's numbers are the UK's.
	fmt.Println(taxreg.Validate("GR", "094012834").Normalized)
	fmt.Println(taxreg.Validate("XI", "GB 000 4726 31").Normalized)
	fmt.Println(taxreg.Validate("CH", "CHE-432.825.998 MWST").Normalized)
	// Output:
	// EL094012834
	// XI000472631
	// CHE432825998MWST
}

func ExampleValidate_notAvailable() {
	r := taxreg.Validate("US", "12-3456789")
	fmt.Println(r.IsSyntaxValid, r.Normalized, r.Info)
	// Output: false 123456789 TAX_NUMBER_VALIDATION_NOT_AVAILABLE
}

func ExampleCovered() {
	fmt.Println(taxreg.Covered())
	// Output: [AR AT AU BE BG BR CH CY CZ DE DK EE ES FI FR GB GR HR HU IE IT KZ LT LU LV MT NL NO PE PL PT RO RS RU SE SI SK TR]
}

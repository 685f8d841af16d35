package wire

import "github.com/levytax/levy"

// ValidateTaxAreaID checks the form of a taxAreaId (1 to 16 digits) at JSON
// path field.
func ValidateTaxAreaID(field, id string) error {
	if id == "" {
		return levy.Invalid(field, "is required")
	}
	if len(id) > 16 {
		return levy.Invalid(field, "is %d characters long; a tax area ID has at most 16 digits", len(id))
	}
	for i := 0; i < len(id); i++ {
		if id[i] < '0' || id[i] > '9' {
			return levy.Invalid(field, "%q is not a tax area ID: only digits are allowed", id)
		}
	}
	return nil
}

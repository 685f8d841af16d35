// Package id is Idaho's part of the generator of Levy's dataset:
// the builder of its local content, beside its note id.md.
package id

import (
	"embed"

	"github.com/levytax/levy/internal/datagen"
)

// files are the files of the folder that the generator reads.
//
//go:embed id.md
var files embed.FS

// New returns Idaho's part of the generator. Its builder reads the
// local content (see id.md) from TaxLocus and OpenSalesTax.
//
// Idaho's only local sales taxes on ordinary retail sales are the
// resort cities' local option taxes (Idaho Code 50-1044 to 50-1049):
// TaxLocus's city rows are their rates on general retail sales. Where
// OpenSalesTax's resort-city table disagrees, TaxLocus wins (idOST).
func New() datagen.StateDef {
	return datagen.StateDef{Code: "ID", Files: files, Build: datagen.TaxlocusBuilder(datagen.TaxlocusOptions{}, idOST)}
}

// idOSTUnreliable says why OpenSalesTax's resort-city rates lose.
const idOSTUnreliable = "OpenSalesTax's resort-city table disagrees with TaxLocus at 7 of the 10 cities both have, and where a city's own " +
	"publication settles it, TaxLocus is right (McCall's city code 4.11.3: 1% on retail sales, 3% only on lodging; the Idaho State Tax " +
	"Commission's page on Ketchum's local option tax: 2% on retail sales, 3% on rooms and liquor by the drink); its table appears to give " +
	"the lodging or liquor rate"

// idOST says what becomes of OpenSalesTax's Idaho rows that disagree
// with TaxLocus or that TaxLocus lacks.
var idOST = map[string]datagen.OSTOverride{
	"ID_RESORT_CITIES/Cascade":          {Refuse: "3%, TaxLocus 1%, which wins: " + idOSTUnreliable},
	"ID_RESORT_CITIES/Donnelly":         {Refuse: "3%, TaxLocus 1%, which wins: " + idOSTUnreliable},
	"ID_RESORT_CITIES/Driggs":           {Refuse: "1%, TaxLocus 0.5%, which wins: " + idOSTUnreliable},
	"ID_RESORT_CITIES/Ketchum":          {Refuse: "3%, TaxLocus 2%, which wins: " + idOSTUnreliable},
	"ID_RESORT_CITIES/Lava Hot Springs": {Refuse: "1%, TaxLocus 2%, which wins: " + idOSTUnreliable},
	"ID_RESORT_CITIES/McCall":           {Refuse: "3%, TaxLocus 1%, which wins: " + idOSTUnreliable},
	"ID_RESORT_CITIES/Stanley":          {Refuse: "3%, TaxLocus 2.5%, which wins: " + idOSTUnreliable},
	"ID_RESORT_CITIES/Crouch": {Refuse: "a resort city tax that only OpenSalesTax has, at 1%; with its table unreliable for the other cities " +
		"and no second source, it is not used: " + idOSTUnreliable},
	"ID_RESORT_CITIES/Salmon": {Refuse: "a resort city tax that only OpenSalesTax has, at 0.5%; with its table unreliable for the other cities " +
		"and no second source, it is not used: " + idOSTUnreliable},
}

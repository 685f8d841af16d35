// Package states lists the parts of the US states in the generator of
// Levy's dataset. Each state with local sales tax, DC and Puerto Rico
// among them, has a folder of its own here, named by its postal code in
// lower case: its builder, its note <st>.md (what its sources mean and
// how its content adds up), its curated tables and its test. The states
// without local sales tax share the folder nolocal and its table. A
// state's package returns its part with New; All lists them all, so a
// new state's folder is added here too (README.md says what a folder
// holds).
package states

import (
	"github.com/levytax/levy/internal/datagen"
	"github.com/levytax/levy/internal/datagen/states/ak"
	"github.com/levytax/levy/internal/datagen/states/al"
	"github.com/levytax/levy/internal/datagen/states/ar"
	"github.com/levytax/levy/internal/datagen/states/az"
	"github.com/levytax/levy/internal/datagen/states/ca"
	"github.com/levytax/levy/internal/datagen/states/co"
	"github.com/levytax/levy/internal/datagen/states/fl"
	"github.com/levytax/levy/internal/datagen/states/ga"
	"github.com/levytax/levy/internal/datagen/states/hi"
	"github.com/levytax/levy/internal/datagen/states/ia"
	"github.com/levytax/levy/internal/datagen/states/id"
	"github.com/levytax/levy/internal/datagen/states/il"
	"github.com/levytax/levy/internal/datagen/states/ks"
	"github.com/levytax/levy/internal/datagen/states/la"
	"github.com/levytax/levy/internal/datagen/states/mn"
	"github.com/levytax/levy/internal/datagen/states/mo"
	"github.com/levytax/levy/internal/datagen/states/ms"
	"github.com/levytax/levy/internal/datagen/states/nc"
	"github.com/levytax/levy/internal/datagen/states/nd"
	"github.com/levytax/levy/internal/datagen/states/ne"
	"github.com/levytax/levy/internal/datagen/states/nm"
	"github.com/levytax/levy/internal/datagen/states/nolocal"
	"github.com/levytax/levy/internal/datagen/states/nv"
	"github.com/levytax/levy/internal/datagen/states/ny"
	"github.com/levytax/levy/internal/datagen/states/oh"
	"github.com/levytax/levy/internal/datagen/states/ok"
	"github.com/levytax/levy/internal/datagen/states/pa"
	"github.com/levytax/levy/internal/datagen/states/pr"
	"github.com/levytax/levy/internal/datagen/states/sc"
	"github.com/levytax/levy/internal/datagen/states/sd"
	"github.com/levytax/levy/internal/datagen/states/tn"
	"github.com/levytax/levy/internal/datagen/states/tx"
	"github.com/levytax/levy/internal/datagen/states/ut"
	"github.com/levytax/levy/internal/datagen/states/va"
	"github.com/levytax/levy/internal/datagen/states/vt"
	"github.com/levytax/levy/internal/datagen/states/wa"
	"github.com/levytax/levy/internal/datagen/states/wi"
	"github.com/levytax/levy/internal/datagen/states/wv"
	"github.com/levytax/levy/internal/datagen/states/wy"
)

// All returns the part of every state, DC and Puerto Rico.
func All() ([]datagen.StateDef, error) {
	none, err := nolocal.New()
	if err != nil {
		return nil, err
	}
	return append([]datagen.StateDef{
		ak.New(), al.New(), ar.New(), az.New(), ca.New(), co.New(), fl.New(), ga.New(),
		hi.New(), ia.New(), id.New(), il.New(), ks.New(), la.New(), mn.New(), mo.New(),
		ms.New(), nc.New(), nd.New(), ne.New(), nm.New(), nv.New(), ny.New(), oh.New(),
		ok.New(), pa.New(), pr.New(), sc.New(), sd.New(), tn.New(), tx.New(), ut.New(),
		va.New(), vt.New(), wa.New(), wi.New(), wv.New(), wy.New(),
	}, none...), nil
}

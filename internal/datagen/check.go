package datagen

import (
	"context"
	"fmt"

	"github.com/levytax/levy/jurisdiction"
)

// CheckStates builds the US local content of the states of cfg alone,
// from the sources, as a full run builds it, and makes the full run's
// checks over them: every rate row the sources give for the states is
// represented or refused, the jurisdictions of a represented row sum to
// its rate, every scope names a county or a place of its state, and
// every combined rate of a note's checks holds. It writes nothing. A
// state's folder is so checked on its own, by its test, in a fraction of
// a full run; the other steps of the generator, and the rows of the
// sources that no state of cfg reads, are left out.
func CheckStates(ctx context.Context, cfg Config) error {
	g, err := newGen(cfg)
	if err != nil {
		return err
	}
	g.alone = true
	b := &ratesBuilder{juris: map[string]jurisdiction.Jurisdiction{}}
	for _, step := range []struct {
		name string
		run  func(*gen, *ratesBuilder) error
	}{
		{"US states and counties", addUSStatesCounties},
		{"US state rates", addUSStateRates},
		{"US local", genUSLocal},
	} {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := step.run(g, b); err != nil {
			return fmt.Errorf("%s: %w", step.name, err)
		}
	}
	return nil
}

// keep leaves out the rows of the states that are not in states.
func (in *Inputs) keep(states map[string]StateDef) {
	out := func(st string) bool { _, ok := states[st]; return !ok }
	for st := range in.Taxlocus {
		if out(st) {
			delete(in.Taxlocus, st)
		}
	}
	for st := range in.TaxlocusStates {
		if out(st) {
			delete(in.TaxlocusStates, st)
		}
	}
	for st := range in.OST {
		if out(st) {
			delete(in.OST, st)
		}
	}
	for st := range in.OSTRows {
		if out(st) {
			delete(in.OSTRows, st)
		}
	}
	for st := range in.SST {
		if out(st) {
			delete(in.SST, st)
		}
	}
}

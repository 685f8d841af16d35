package taxarea

import (
	"slices"
	"strconv"

	"github.com/levytax/levy/civil"
)

// A span is a run of days over which the same jurisdictions of an area
// are in force, and the taxAreaId that a lookup gives on them. The spans
// of an area follow each other: the first holds every day before the
// second's threshold, and each other one the days that pass its own
// threshold and not the next one's.
//
// A threshold is a day on which a jurisdiction of the area starts, or
// the day after which one stops (its expiration: the days after it
// pass, not the day itself). Days are compared field by field, as
// civil.Period.Contains compares them, so that a span answers as the
// periods do for every civil.Date, even one that names no calendar day
// (2025-02-30).
//
// A span holds no pointers, like the rest of the registry: its ID is a
// piece of registry.text, and idLen 0 is the "" of a day on which none
// of the area's jurisdictions is in force.
type span struct {
	from  civil.Date // the threshold; unused in an area's first span
	after bool       // from is an expiration: the days after it pass
	idLen uint8
	id    uint32 // its taxAreaId in registry.text
}

// passes reports whether day d is past the threshold of s.
func (s *span) passes(d civil.Date) bool {
	c := d.Compare(s.from)
	return c > 0 || c == 0 && !s.after
}

// compareThreshold orders thresholds as days pass them: by day, and on
// one day the start (passed by the day itself) before the expiration
// (passed by the days after it). A day that passes a threshold passes
// every one before it.
func compareThreshold(a, b *span) int {
	if c := a.from.Compare(b.from); c != 0 {
		return c
	}
	switch {
	case a.after == b.after:
		return 0
	case b.after:
		return -1
	}
	return 1
}

// spanOn returns the index of the span of spans (an area's, not empty)
// that holds day d: the last whose threshold d passes, or the first when
// d passes none.
func spanOn(spans []span, d civil.Date) int {
	// The thresholds that d passes are a prefix of spans[1:]: find its
	// end.
	lo, hi := 1, len(spans)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if spans[m].passes(d) {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo - 1
}

// addSpans computes the spans of every area whose jurisdictions do not
// all apply on every day, with the taxAreaId of each, and adds the IDs
// that are no area's own to reg.text. It runs once, when the registry
// is built, so that a lookup finds the ID of an area on a day by a
// binary search instead of sorting, hashing and formatting it.
func (reg *registry) addSpans() {
	// The IDs that are no area's own, appended to reg.text at the end,
	// and where each is, so that an ID that several spans give is
	// written once.
	var extra []byte
	at := map[uint64]uint32{}
	// dated tells the jurisdictions that do not apply on every day, so
	// that the areas without one, most of them, are passed over quickly.
	dated := make([]bool, reg.js.Len())
	for k := range dated {
		p := reg.js.At(k).Period
		dated[k] = !p.Effective.IsZero() || !p.Expiration.IsZero()
	}
	var bounds []span // the thresholds of an area, reused
	var ids []string  // the IDs of the jurisdictions in force, reused
	for i := range reg.areas {
		a := &reg.areas[i]
		chain := reg.chain(a)
		a.spans = int32(len(reg.spans))
		a.spansEnd = a.spans
		if !slices.ContainsFunc(chain, func(k int32) bool { return dated[k] }) {
			continue
		}
		bounds = bounds[:0]
		for _, k := range chain {
			p := reg.jur(k).Period
			if !p.Effective.IsZero() {
				bounds = append(bounds, span{from: p.Effective})
			}
			if !p.Expiration.IsZero() {
				bounds = append(bounds, span{from: p.Expiration, after: true})
			}
		}
		slices.SortFunc(bounds, func(x, y span) int { return compareThreshold(&x, &y) })
		bounds = slices.CompactFunc(bounds, func(x, y span) bool { return compareThreshold(&x, &y) == 0 })
		// Span n (0 to len(bounds)) holds the days that pass the
		// thresholds bounds[:n] and no other.
		for n := 0; n <= len(bounds); n++ {
			passed := func(t span) bool { return n > 0 && compareThreshold(&t, &bounds[n-1]) <= 0 }
			ids = ids[:0]
			for _, k := range chain {
				j := reg.jur(k)
				started := j.Effective.IsZero() || passed(span{from: j.Effective})
				ended := !j.Expiration.IsZero() && passed(span{from: j.Expiration, after: true})
				if started && !ended {
					ids = append(ids, j.ID)
				}
			}
			s := span{}
			if n > 0 {
				s.from, s.after = bounds[n-1].from, bounds[n-1].after
			}
			switch len(ids) {
			case len(chain):
				s.id, s.idLen = a.id, a.idLen
			case 0:
			default:
				// What AreaID gives for ids, without formatting it when
				// it is written already.
				slices.Sort(ids)
				num := hashIDs(ids)
				if other, ok := reg.byID[num]; ok {
					s.id, s.idLen = reg.areas[other].id, reg.areas[other].idLen
					break
				}
				var digits [20]byte
				id := strconv.AppendUint(digits[:0], num, 10)
				off, ok := at[num]
				if !ok {
					off = uint32(len(reg.text) + len(extra))
					at[num] = off
					extra = append(extra, id...)
				}
				s.id, s.idLen = off, uint8(len(id))
			}
			// A span that gives the ID of the one before it is part of
			// it.
			if n > 0 {
				if last := &reg.spans[len(reg.spans)-1]; last.idLen == s.idLen && last.id == s.id {
					continue
				}
			}
			reg.spans = append(reg.spans, s)
		}
		a.spansEnd = int32(len(reg.spans))
	}
	reg.text += string(extra)
}

package badger

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"slices"
	"time"

	bdb "github.com/dgraph-io/badger/v4"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
)

// The journal's sales figures (journal.Figure) are kept in parts, one key
// per tenant, month, company, area and part:
//
//	'F' tenant month(YYYYMM) company area part(1 byte)
//
// whose value holds the month's total, then the days of the month that
// have figures: a mark byte (figureMark, which no day is) and the twelve
// numbers of the total of the days that follow, then each day a day byte
// and the twelve numbers of its two tallies, every number a zig-zag
// varint (Direct: gross, exempt, taxable, count, unconverted, exempt
// other than for resale; then Marketplace's). The total is written from
// the days each time the value is, in the same transaction, so it never
// differs from them; a sum over whole months (journal.Store.AreaSums,
// which an EU distance sale asks for) reads the total and skips the
// days. Values written before are read as they are (figureLayout):
// schema version 2's start with the mark figureMarkV2 and hold ten
// numbers a day and in the total, without the part exempted other than
// for resale (Tally.ExemptOther, zero: every customer exemption counted
// as a resale); schema version 1's have ten and no total, which
// OpenJournal adds (upgradeJournalV1). A value is written in the current
// layout whenever a unit adds to it. A unit adds its figures to the
// part of its first transaction ID (the ID's lock stripe modulo
// figureParts) and holds
// that part's lock while it runs, so two units never write one key at
// once (no conflict, no retry), and units of different parts proceed in
// parallel. A report reads a month's parts and adds them up: the keys it
// reads grow with months, states and parts, never with transactions.

// figureParts is the number of parts of a month's figures.
const figureParts = 8

// journalKeyFigures is the prefix of the figures.
const journalKeyFigures = 'F'

// figureTallyFields is the count of numbers a day of a part holds, six
// a tally; figureTallyFieldsV2 those of a value of schema version 1 or 2,
// five a tally (no ExemptOther).
const (
	figureTallyFields   = 12
	figureTallyFieldsV2 = 10
)

// journalFiguresPrefix is 'F' tenant.
func journalFiguresPrefix(tenant string) []byte {
	b := make([]byte, 0, 1+LPSize(tenant)+6)
	b = append(b, journalKeyFigures)
	return AppendLP(b, tenant)
}

// appendFigureMonth appends the six digits YYYYMM of d.
func appendFigureMonth(b []byte, d civil.Date) []byte {
	y, m := d.Year, int(d.Month)
	return append(b, byte('0'+y/1000%10), byte('0'+y/100%10), byte('0'+y/10%10), byte('0'+y%10),
		byte('0'+m/10%10), byte('0'+m%10))
}

// journalFigureKey is the key of part of the figures of company and area
// in d's month.
func journalFigureKey(tenant string, d civil.Date, company, area string, part byte) []byte {
	b := make([]byte, 0, 1+LPSize(tenant)+6+LPSize(company)+LPSize(area)+1)
	b = append(b, journalKeyFigures)
	b = AppendLP(b, tenant)
	b = appendFigureMonth(b, d)
	b = AppendLP(b, company)
	b = AppendLP(b, area)
	return append(b, part)
}

// journalFigureCompanyPrefix is the prefix of the keys of the figures
// of company in d's month: every area's, every part's.
func journalFigureCompanyPrefix(tenant string, d civil.Date, company string) []byte {
	b := make([]byte, 0, 1+LPSize(tenant)+6+LPSize(company))
	b = append(b, journalKeyFigures)
	b = AppendLP(b, tenant)
	b = appendFigureMonth(b, d)
	return AppendLP(b, company)
}

var errBadFigures = errors.New("malformed sales figures")

// parseFigureKey returns the month, company and area of a figures key
// whose tenant prefix has length n.
func parseFigureKey(key []byte, n int) (year, month int, company, area string, err error) {
	if len(key) < n+6 {
		return 0, 0, "", "", errBadFigures
	}
	for _, c := range key[n : n+6] {
		if c < '0' || c > '9' {
			return 0, 0, "", "", errBadFigures
		}
	}
	k := key[n:]
	year = int(k[0]-'0')*1000 + int(k[1]-'0')*100 + int(k[2]-'0')*10 + int(k[3]-'0')
	month = int(k[4]-'0')*10 + int(k[5]-'0')
	rest := k[6:]
	for _, s := range []*string{&company, &area} {
		l, w := binary.Uvarint(rest)
		if w <= 0 || uint64(len(rest)-w) < l {
			return 0, 0, "", "", errBadFigures
		}
		*s = string(rest[w : w+int(l)])
		rest = rest[w+int(l):]
	}
	if len(rest) != 1 || month < 1 || month > 12 {
		return 0, 0, "", "", errBadFigures
	}
	return year, month, company, area, nil
}

// figureDay is one day of a part: its tallies' numbers.
type figureDay struct {
	day int
	n   [figureTallyFields]int64
}

func tallyNumbers(f *journal.Figure) [figureTallyFields]int64 {
	d, m := f.Direct, f.Marketplace
	return [figureTallyFields]int64{d.Gross, d.Exempt, d.Taxable, d.Count, d.Unconverted, d.ExemptOther,
		m.Gross, m.Exempt, m.Taxable, m.Count, m.Unconverted, m.ExemptOther}
}

func figureOf(n [figureTallyFields]int64) (journal.Tally, journal.Tally) {
	return journal.Tally{Gross: n[0], Exempt: n[1], Taxable: n[2], Count: n[3], Unconverted: n[4], ExemptOther: n[5]},
		journal.Tally{Gross: n[6], Exempt: n[7], Taxable: n[8], Count: n[9], Unconverted: n[10], ExemptOther: n[11]}
}

// The first byte of a value that starts with the month's total, which no
// day (1 to 31) is: figureMark in the current layout, figureMarkV2 in
// that of schema version 2.
const (
	figureMark   = 0x20
	figureMarkV2 = 0
)

// figureLayout returns how many numbers a day of value v (and its total)
// holds, whether v starts with a total, and v after its mark.
func figureLayout(v []byte) (fields int, total bool, rest []byte) {
	switch {
	case len(v) > 0 && v[0] == figureMark:
		return figureTallyFields, true, v[1:]
	case len(v) > 0 && v[0] == figureMarkV2:
		return figureTallyFieldsV2, true, v[1:]
	}
	return figureTallyFieldsV2, false, v
}

// readFigureNumbers reads the fields numbers of a day or a total from v,
// in the current order: a value of schema version 1 or 2 has no
// ExemptOther, which stays zero.
func readFigureNumbers(v []byte, fields int) (n [figureTallyFields]int64, rest []byte, err error) {
	per := fields / 2 // numbers a tally
	for i := range fields {
		x, w := binary.Varint(v)
		if w <= 0 {
			return n, nil, errBadFigures
		}
		n[i/per*(figureTallyFields/2)+i%per], v = x, v[w:]
	}
	return n, v, nil
}

// figureTotal returns the total of a part's value, and the days that
// follow it. A value without one (schema version 1) has its days added
// up.
func figureTotal(v []byte) (total [figureTallyFields]int64, days []byte, err error) {
	fields, hasTotal, rest := figureLayout(v)
	if !hasTotal {
		ds, err := decodeFigureDays(v, nil)
		if err != nil {
			return total, nil, err
		}
		for _, d := range ds {
			for x := range d.n {
				total[x] = journal.SumUnits(total[x], d.n[x])
			}
		}
		return total, v, nil
	}
	return readFigureNumbers(rest, fields)
}

// decodeFigureDays reads a part's value, appending its days to days.
func decodeFigureDays(v []byte, days []figureDay) ([]figureDay, error) {
	fields, hasTotal, v := figureLayout(v)
	if hasTotal {
		var err error
		if _, v, err = readFigureNumbers(v, fields); err != nil {
			return nil, err
		}
	}
	for len(v) > 0 {
		var d figureDay
		d.day = int(v[0])
		var err error
		if d.n, v, err = readFigureNumbers(v[1:], fields); err != nil {
			return nil, err
		}
		if d.day < 1 || d.day > 31 {
			return nil, errBadFigures
		}
		days = append(days, d)
	}
	return days, nil
}

// encodeFigureDays writes the total of days and the days that hold
// anything, in day order, in the current layout; nothing when no day
// holds anything.
func encodeFigureDays(days []figureDay) []byte {
	var total [figureTallyFields]int64
	empty := true
	for _, d := range days {
		if d.n != [figureTallyFields]int64{} {
			empty = false
		}
		for x := range d.n {
			total[x] = journal.SumUnits(total[x], d.n[x])
		}
	}
	if empty {
		return nil
	}
	b := make([]byte, 0, (len(days)+1)*(1+figureTallyFields*3))
	b = append(b, figureMark)
	for _, x := range total {
		b = binary.AppendVarint(b, x)
	}
	for _, d := range days {
		if d.n == [figureTallyFields]int64{} {
			continue
		}
		b = append(b, byte(d.day))
		for _, x := range d.n {
			b = binary.AppendVarint(b, x)
		}
	}
	return b
}

// AddFigures implements journal.State: each figure is added to the day
// of its month's key in the unit's part, each number by journal.SumUnits
// (held within an int64, never wrapped).
func (s *journalState) AddFigures(figs []journal.Figure) error {
	for i := 0; i < len(figs); {
		// The figures of one key: one month, company and area.
		f := &figs[i]
		key := journalFigureKey(s.tenant, f.Day, f.Company, f.Area, s.part)
		var days []figureDay
		item, err := s.txn.Get(key)
		switch {
		case errors.Is(err, bdb.ErrKeyNotFound):
		case err != nil:
			return fmt.Errorf("read figures: %w", err)
		default:
			if err := item.Value(func(v []byte) (err error) { days, err = decodeFigureDays(v, nil); return err }); err != nil {
				return fmt.Errorf("read figures %q: %w", key, err)
			}
		}
		j := i
		for ; j < len(figs) && figs[j].Company == f.Company && figs[j].Area == f.Area &&
			figs[j].Day.Year == f.Day.Year && figs[j].Day.Month == f.Day.Month; j++ {
			g := &figs[j]
			n := tallyNumbers(g)
			k, found := slices.BinarySearchFunc(days, g.Day.Day, func(d figureDay, day int) int { return d.day - day })
			if !found {
				days = slices.Insert(days, k, figureDay{day: g.Day.Day})
			}
			for x := range n {
				days[k].n[x] = journal.SumUnits(days[k].n[x], n[x])
			}
		}
		i = j
		v := encodeFigureDays(days)
		if len(v) == 0 {
			err = s.txn.Delete(key)
		} else {
			err = s.txn.Set(key, v)
		}
		if err != nil {
			return fmt.Errorf("write figures: %w", err)
		}
	}
	return nil
}

// Figures implements journal.Backend. It reads one snapshot: the keys
// of the months from q.From to q.To in order, or, for one company (and
// area), each month's keys of those alone: the month leads the key, so
// one company's figures of a month are the keys under the month and its
// code, and the other companies' are never read.
func (b *journalBackend) Figures(ctx context.Context, tenant string, q journal.FigureQuery, fn func(journal.Figure) error) error {
	if !b.gate.Enter() {
		return journal.ErrClosed
	}
	defer b.gate.Leave()
	txn, err := b.readTxn()
	if err != nil {
		return err
	}
	defer txn.Discard()
	prefix := journalFiguresPrefix(tenant)
	// One iterator serves every month of an area's query: opening one
	// merges every table and memtable, which cost more than reading the
	// two years of an EU distance-sales figure (BenchmarkEUSource).
	it := txn.NewIterator(bdb.IteratorOptions{Prefix: prefix, PrefetchValues: false})
	defer it.Close()
	if !q.ByCompany() {
		start := prefix
		if !q.From.IsZero() {
			start = appendFigureMonth(slices.Clip(prefix), q.From)
		}
		return figureRange(ctx, it, prefix, start, q, fn)
	}
	if q.From.IsZero() || q.To.IsZero() {
		// Every month: the whole tenant's keys, filtered by key.
		return figureRange(ctx, it, prefix, prefix, q, fn)
	}
	for m := (civil.Date{Year: q.From.Year, Month: q.From.Month, Day: 1}); !m.After(q.To); m = civil.New(m.Year, m.Month+1, 1) {
		p := journalFigureCompanyPrefix(tenant, m, q.Company)
		if q.Area != "" {
			p = journalFigureKey(tenant, m, q.Company, q.Area, 0)
			p = p[:len(p)-1] // every part
		}
		if err := figureRange(ctx, it, p, p, q, fn); err != nil {
			return err
		}
	}
	return nil
}

// figureRange calls fn with the figures q selects among the keys under
// prefix from start on, read with it (an iterator over the tenant's
// figures).
func figureRange(ctx context.Context, it *bdb.Iterator, prefix, start []byte, q journal.FigureQuery, fn func(journal.Figure) error) error {
	var days []figureDay
	for it.Seek(start); it.ValidForPrefix(prefix); it.Next() {
		if err := ctx.Err(); err != nil {
			return err
		}
		item := it.Item()
		key := item.Key()
		// The tenant prefix of the key: 'F' and the tenant.
		l, w := binary.Uvarint(key[1:])
		if w <= 0 {
			return fmt.Errorf("key %q: %w", key, errBadFigures)
		}
		y, m, company, area, err := parseFigureKey(key, 1+w+int(l))
		if err != nil {
			return fmt.Errorf("key %q: %w", key, err)
		}
		if !q.To.IsZero() && (y > q.To.Year || y == q.To.Year && m > int(q.To.Month)) {
			break
		}
		if q.ByCompany() && company != q.Company || q.Area != "" && area != q.Area {
			continue
		}
		if err := item.Value(func(v []byte) (err error) { days, err = decodeFigureDays(v, days[:0]); return err }); err != nil {
			return fmt.Errorf("key %q: %w", key, err)
		}
		for _, d := range days {
			f := journal.Figure{Company: company, Area: area, Day: civil.Date{Year: y, Month: time.Month(m), Day: d.day}}
			if !q.Selects(&f) {
				continue
			}
			f.Direct, f.Marketplace = figureOf(d.n)
			if err := fn(f); err != nil {
				return err
			}
		}
	}
	return nil
}

// ReplaceFigures implements journal.Backend: under every part's lock, it
// reads the tenant's figures and makes them figs, all in part 0: it
// deletes the keys figs have no value for and writes those whose value
// changes, and leaves the others as they are. The writes go in one
// transaction when Badger takes them in one (a repair of a few days
// does), else in as many as they need, in order, the locks held
// throughout so that no unit posts in between: a tenant of many
// companies, states and years has more figure keys than a Badger
// transaction holds. A crash between two leaves some figures replaced
// and others not, which the next rebuild finds and repairs.
func (b *journalBackend) ReplaceFigures(ctx context.Context, tenant string, figs []journal.Figure) error {
	if !b.gate.Enter() {
		return journal.ErrClosed
	}
	defer b.gate.Leave()
	for i := range b.figureLocks {
		b.figureLocks[i].Lock()
		defer b.figureLocks[i].Unlock()
	}
	want := replacementValues(tenant, figs)
	var writes []figureWrite
	err := b.probe.View(b.db, func(txn *bdb.Txn) error {
		prefix := journalFiguresPrefix(tenant)
		it := txn.NewIterator(bdb.IteratorOptions{Prefix: prefix, PrefetchValues: false})
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			if err := ctx.Err(); err != nil {
				return err
			}
			item := it.Item()
			k := string(item.Key())
			v, ok := want[k]
			if !ok {
				writes = append(writes, figureWrite{key: item.KeyCopy(nil)})
				continue
			}
			same := false
			if err := item.Value(func(old []byte) error { same = bytes.Equal(old, v); return nil }); err != nil {
				return fmt.Errorf("read figures %q: %w", k, err)
			}
			if same {
				delete(want, k)
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("read figures: %w", err)
	}
	for _, k := range slices.Sorted(maps.Keys(want)) {
		writes = append(writes, figureWrite{key: []byte(k), value: want[k]})
	}
	for len(writes) > 0 {
		n := 0
		err := b.probe.Update(ctx, b.db, func(txn *bdb.Txn) error {
			n = 0
			for _, w := range writes {
				var err error
				if w.value == nil {
					err = txn.Delete(w.key)
				} else {
					err = txn.Set(w.key, w.value)
				}
				if errors.Is(err, bdb.ErrTxnTooBig) && n > 0 {
					return nil // commit what fits; the rest goes in the next
				}
				if err != nil {
					return fmt.Errorf("write figures: %w", err)
				}
				n++
			}
			return nil
		})
		if err != nil {
			return err
		}
		writes = writes[n:]
	}
	return nil
}

// figureWrite is a write of ReplaceFigures: a key's new value, or its
// deletion (value nil).
type figureWrite struct {
	key, value []byte
}

// replacementValues returns the values of part 0 that hold figs, by
// key: each key's days, with its total (encodeFigureDays); a key whose
// days add up to nothing has none.
func replacementValues(tenant string, figs []journal.Figure) map[string][]byte {
	sorted := journal.MergeFigures(slices.Clone(figs))
	out := map[string][]byte{}
	for i := 0; i < len(sorted); {
		f := &sorted[i]
		var days []figureDay
		j := i
		for ; j < len(sorted) && sorted[j].Company == f.Company && sorted[j].Area == f.Area &&
			sorted[j].Day.Year == f.Day.Year && sorted[j].Day.Month == f.Day.Month; j++ {
			days = append(days, figureDay{day: sorted[j].Day.Day, n: tallyNumbers(&sorted[j])})
		}
		if v := encodeFigureDays(days); len(v) > 0 {
			out[string(journalFigureKey(tenant, f.Day, f.Company, f.Area, 0))] = v
		}
		i = j
	}
	return out
}

// AreaSums implements journal.Backend. It reads one snapshot: for each
// month the spans touch, the keys of company and area in every part, of
// a month that every span touching it holds whole only the total at the
// value's head, of the others every day.
func (b *journalBackend) AreaSums(ctx context.Context, tenant, company, area string, spans []journal.Span) ([]journal.Sum, error) {
	if !b.gate.Enter() {
		return nil, journal.ErrClosed
	}
	defer b.gate.Leave()
	txn, err := b.readTxn()
	if err != nil {
		return nil, err
	}
	defer txn.Discard()
	it := txn.NewIterator(bdb.IteratorOptions{Prefix: journalFiguresPrefix(tenant), PrefetchValues: false})
	defer it.Close()
	sums := make([]journal.Sum, len(spans))
	var days []figureDay
	read := func(m civil.Date, whole bool) error {
		p := journalFigureKey(tenant, m, company, area, 0)
		p = p[:len(p)-1]                   // every part
		var month [figureTallyFields]int64 // a whole month's parts
		for it.Seek(p); it.ValidForPrefix(p); it.Next() {
			if err := ctx.Err(); err != nil {
				return err
			}
			item := it.Item()
			if len(item.Key()) != len(p)+1 {
				return fmt.Errorf("key %q: %w", item.Key(), errBadFigures)
			}
			err := item.Value(func(v []byte) error {
				if whole {
					total, _, err := figureTotal(v)
					if err != nil {
						return err
					}
					for x := range total {
						month[x] = journal.SumUnits(month[x], total[x])
					}
					return nil
				}
				var err error
				if days, err = decodeFigureDays(v, days[:0]); err != nil {
					return err
				}
				for _, d := range days {
					f := journal.Figure{Company: company, Area: area, Day: civil.Date{Year: m.Year, Month: m.Month, Day: d.day}}
					f.Direct, f.Marketplace = figureOf(d.n)
					journal.AddDay(sums, spans, &f)
				}
				return nil
			})
			if err != nil {
				return fmt.Errorf("key %q: %w", item.Key(), err)
			}
		}
		if whole {
			d, mk := figureOf(month)
			journal.AddMonth(sums, spans, m, journal.Sum{Direct: d, Marketplace: mk})
		}
		return nil
	}
	plan := journal.PlanMonthReads(spans)
	for _, m := range plan.Whole {
		if err := read(m, true); err != nil {
			return nil, err
		}
	}
	for _, m := range plan.Partial {
		if err := read(m, false); err != nil {
			return nil, err
		}
	}
	return sums, nil
}

// upgradeJournalV2 brings a journal of schema version 2 to the current
// one: its figure values stay as they are, read in their layout
// (figureLayout), without the part exempted other than for resale, until
// a unit adds to them or `levy nexus rebuild --repair` rewrites them; it
// writes the version alone.
func upgradeJournalV2(ctx context.Context, db *bdb.DB, log *slog.Logger) error {
	err := Update(ctx, db, func(txn *bdb.Txn) error {
		return txn.Set([]byte{journalKeySchema}, []byte(journalSchemaVersion))
	})
	if err != nil {
		return fmt.Errorf("write the schema version: %w", err)
	}
	if log != nil {
		log.Info("journal: upgraded", "from", "2", "to", journalSchemaVersion, "figure_values", 0)
	}
	return nil
}

// upgradeJournalV1 brings a journal of schema version 1, whose figures
// have no monthly totals, to the current version: it rewrites every
// figures value with its total at the head, a page of keys per
// transaction, then writes the version, last, so that an upgrade a crash
// interrupts runs again (a value that has its total already, of either
// layout, is left as it is).
func upgradeJournalV1(ctx context.Context, db *bdb.DB, log *slog.Logger) error {
	const page = 1000
	prefix := []byte{journalKeyFigures}
	var after []byte
	rewritten := 0
	for {
		type kv struct{ k, v []byte }
		var todo []kv
		last := false
		err := db.View(func(txn *bdb.Txn) error {
			it := txn.NewIterator(bdb.IteratorOptions{Prefix: prefix})
			defer it.Close()
			it.Seek(prefix)
			if after != nil {
				it.Seek(after)
				if it.ValidForPrefix(prefix) && bytes.Equal(it.Item().Key(), after) {
					it.Next()
				}
			}
			n := 0
			for ; it.ValidForPrefix(prefix) && n < page; it.Next() {
				n++
				item := it.Item()
				after = item.KeyCopy(after[:0])
				v, err := item.ValueCopy(nil)
				if err != nil {
					return err
				}
				if _, hasTotal, _ := figureLayout(v); hasTotal {
					continue
				}
				days, err := decodeFigureDays(v, nil)
				if err != nil {
					return fmt.Errorf("key %q: %w", item.Key(), err)
				}
				todo = append(todo, kv{item.KeyCopy(nil), encodeFigureDays(days)})
			}
			last = n < page
			return nil
		})
		if err != nil {
			return fmt.Errorf("read figures: %w", err)
		}
		if len(todo) > 0 {
			err = Update(ctx, db, func(txn *bdb.Txn) error {
				for _, e := range todo {
					var err error
					if len(e.v) == 0 {
						err = txn.Delete(e.k)
					} else {
						err = txn.Set(e.k, e.v)
					}
					if err != nil {
						return err
					}
				}
				return nil
			})
			if err != nil {
				return fmt.Errorf("write figures: %w", err)
			}
			rewritten += len(todo)
		}
		if last {
			break
		}
		if err := ctx.Err(); err != nil {
			return err
		}
	}
	err := Update(ctx, db, func(txn *bdb.Txn) error {
		return txn.Set([]byte{journalKeySchema}, []byte(journalSchemaVersion))
	})
	if err != nil {
		return fmt.Errorf("write the schema version: %w", err)
	}
	if log != nil {
		log.Info("journal: upgraded", "from", "1", "to", journalSchemaVersion, "figure_values", rewritten)
	}
	return nil
}

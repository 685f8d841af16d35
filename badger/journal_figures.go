package badger

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
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
// whose value holds the days of the month that have figures, each a day
// byte then the ten numbers of its two tallies as zig-zag varints
// (Direct: gross, exempt, taxable, count, unconverted; then
// Marketplace's). A unit adds its figures to the part of its first
// transaction ID (the ID's lock stripe modulo figureParts) and holds
// that part's lock while it runs, so two units never write one key at
// once (no conflict, no retry), and units of different parts proceed in
// parallel. A report reads a month's parts and adds them up: the keys it
// reads grow with months, states and parts, never with transactions.

// figureParts is the number of parts of a month's figures.
const figureParts = 8

// journalKeyFigures is the prefix of the figures.
const journalKeyFigures = 'F'

// figureTallyFields is the count of numbers a day of a part holds.
const figureTallyFields = 10

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
	return [figureTallyFields]int64{d.Gross, d.Exempt, d.Taxable, d.Count, d.Unconverted, m.Gross, m.Exempt, m.Taxable, m.Count, m.Unconverted}
}

func figureOf(n [figureTallyFields]int64) (journal.Tally, journal.Tally) {
	return journal.Tally{Gross: n[0], Exempt: n[1], Taxable: n[2], Count: n[3], Unconverted: n[4]},
		journal.Tally{Gross: n[5], Exempt: n[6], Taxable: n[7], Count: n[8], Unconverted: n[9]}
}

// decodeFigureDays reads a part's value, appending to days.
func decodeFigureDays(v []byte, days []figureDay) ([]figureDay, error) {
	for len(v) > 0 {
		var d figureDay
		d.day = int(v[0])
		v = v[1:]
		for i := range d.n {
			x, w := binary.Varint(v)
			if w <= 0 {
				return nil, errBadFigures
			}
			d.n[i], v = x, v[w:]
		}
		if d.day < 1 || d.day > 31 {
			return nil, errBadFigures
		}
		days = append(days, d)
	}
	return days, nil
}

// encodeFigureDays writes the days that hold anything, in day order.
func encodeFigureDays(days []figureDay) []byte {
	b := make([]byte, 0, len(days)*(1+figureTallyFields*3))
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
// of its month's key in the unit's part.
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
				days[k].n[x] += n[x]
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
// of the months from q.From to q.To in order, or, for one company and
// area, each month's keys of those alone.
func (b *journalBackend) Figures(ctx context.Context, tenant string, q journal.FigureQuery, fn func(journal.Figure) error) error {
	if !b.gate.Enter() {
		return journal.ErrClosed
	}
	defer b.gate.Leave()
	txn := b.db.NewTransaction(false)
	defer txn.Discard()
	prefix := journalFiguresPrefix(tenant)
	// One iterator serves every month of an area's query: opening one
	// merges every table and memtable, which cost more than reading the
	// two years of an EU distance-sales figure (BenchmarkEUSource).
	it := txn.NewIterator(bdb.IteratorOptions{Prefix: prefix, PrefetchValues: false})
	defer it.Close()
	if q.Area == "" {
		start := prefix
		if !q.From.IsZero() {
			start = appendFigureMonth(slices.Clip(prefix), q.From)
		}
		return figureRange(ctx, it, prefix, start, q, fn)
	}
	if q.From.IsZero() || q.To.IsZero() {
		// Every month: the whole tenant's keys, filtered.
		return figureRange(ctx, it, prefix, prefix, q, fn)
	}
	for m := (civil.Date{Year: q.From.Year, Month: q.From.Month, Day: 1}); !m.After(q.To); m = civil.New(m.Year, m.Month+1, 1) {
		p := journalFigureKey(tenant, m, q.Company, q.Area, 0)
		p = p[:len(p)-1] // every part
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
	n := len(prefix)
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
		n = 1 + w + int(l)
		y, m, company, area, err := parseFigureKey(key, n)
		if err != nil {
			return fmt.Errorf("key %q: %w", key, err)
		}
		if !q.To.IsZero() && (y > q.To.Year || y == q.To.Year && m > int(q.To.Month)) {
			break
		}
		if q.Area != "" && (company != q.Company || area != q.Area) {
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
// deletes the tenant's figures and writes figs in part 0, in one
// transaction.
func (b *journalBackend) ReplaceFigures(ctx context.Context, tenant string, figs []journal.Figure) error {
	if !b.gate.Enter() {
		return journal.ErrClosed
	}
	defer b.gate.Leave()
	for i := range b.figureLocks {
		b.figureLocks[i].Lock()
		defer b.figureLocks[i].Unlock()
	}
	return b.probe.Update(ctx, b.db, func(txn *bdb.Txn) error {
		prefix := journalFiguresPrefix(tenant)
		it := txn.NewIterator(bdb.IteratorOptions{Prefix: prefix, PrefetchValues: false})
		var old [][]byte
		for it.Rewind(); it.Valid(); it.Next() {
			old = append(old, it.Item().KeyCopy(nil))
		}
		it.Close()
		for _, k := range old {
			if err := txn.Delete(k); err != nil {
				return fmt.Errorf("delete figures: %w", err)
			}
		}
		st := &journalState{txn: txn, tenant: tenant}
		return st.AddFigures(figs)
	})
}

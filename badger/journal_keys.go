package badger

import (
	"encoding/binary"
	"errors"

	"github.com/levytax/levy/civil"
)

// Key prefixes of the journal's layout (see JournalStore).
const (
	journalKeySchema  = 'V'
	journalKeyHead    = 'H'
	journalKeyVersion = 'T'
	journalKeyPeriod  = 'P'
)

// journalPrefixes are the first bytes of the keys of a journal, the
// schema version's and the kind's aside (see Schema.Prefixes).
const journalPrefixes = string(journalKeyHead) + string(journalKeyVersion) + string(journalKeyPeriod) + string(journalKeyFigures)

// journalSchemaVersion is the journal layout this package reads and
// writes. Version 3 keeps in the figures the part exempted because of
// the customer for another reason than resale (journal.Tally.ExemptOther);
// version 2 keeps a month's total at the head of each value of the
// figures, and is opened as it is (its values read in their layout);
// version 1, which had no totals, is upgraded on open. A Levy that reads
// version 2 refuses a journal of version 3, whose values it would
// misread.
const journalSchemaVersion = "3"

// journalHeadKey is 'H' tenant id.
func journalHeadKey(tenant, id string) []byte {
	b := make([]byte, 0, 1+LPSize(tenant)+LPSize(id))
	b = append(b, journalKeyHead)
	b = AppendLP(b, tenant)
	return AppendLP(b, id)
}

// journalVersionKey is 'T' tenant id version, the version 8 bytes big-endian.
func journalVersionKey(tenant, id string, v int) []byte {
	b := make([]byte, 0, 1+LPSize(tenant)+LPSize(id)+8)
	b = append(b, journalKeyVersion)
	b = AppendLP(b, tenant)
	b = AppendLP(b, id)
	return binary.BigEndian.AppendUint64(b, uint64(v))
}

// journalPeriodPrefix is 'P' tenant, the prefix of a tenant's period index.
func journalPeriodPrefix(tenant string) []byte {
	b := make([]byte, 0, 1+LPSize(tenant)+8)
	b = append(b, journalKeyPeriod)
	return AppendLP(b, tenant)
}

// journalPeriodKey is 'P' tenant date(YYYYMMDD) id.
func journalPeriodKey(tenant string, d civil.Date, id string) []byte {
	b := make([]byte, 0, 1+LPSize(tenant)+8+LPSize(id))
	b = append(b, journalKeyPeriod)
	b = AppendLP(b, tenant)
	b = appendJournalDate(b, d)
	return AppendLP(b, id)
}

// appendJournalDate appends d as the 8 digits YYYYMMDD; the zero date is
// 00000000, before every real date. The date must be in the range
// package journal accepts.
func appendJournalDate(b []byte, d civil.Date) []byte {
	y, m, dd := d.Year, int(d.Month), d.Day
	return append(b,
		byte('0'+y/1000%10), byte('0'+y/100%10), byte('0'+y/10%10), byte('0'+y%10),
		byte('0'+m/10%10), byte('0'+m%10),
		byte('0'+dd/10%10), byte('0'+dd%10))
}

// errBadJournalIndex reports a period index entry that does not parse.
var errBadJournalIndex = errors.New("malformed period index entry")

// parseJournalPeriodKey returns the date digits and the ID of a period index key
// whose tenant prefix has length n.
func parseJournalPeriodKey(key []byte, n int) (date []byte, id string, err error) {
	if len(key) < n+8 {
		return nil, "", errBadJournalIndex
	}
	date, rest := key[n:n+8], key[n+8:]
	l, k := binary.Uvarint(rest)
	if k <= 0 || uint64(len(rest)-k) != l {
		return nil, "", errBadJournalIndex
	}
	return date, string(rest[k:]), nil
}

// journalVersionOf decodes the value of a period index key.
func journalVersionOf(v []byte) (int, error) {
	if len(v) != 8 {
		return 0, errBadJournalIndex
	}
	return int(binary.BigEndian.Uint64(v)), nil
}

package journal

import (
	"encoding/binary"
	"errors"

	kv "github.com/levytax/levy/badger"
	"github.com/levytax/levy/civil"
)

// Key prefixes of the Badger layout (see the package documentation).
const (
	keySchema  = 'V'
	keyHead    = 'H'
	keyVersion = 'T'
	keyPeriod  = 'P'
)

// schemaVersion is the layout this package reads and writes.
const schemaVersion = "1"

// headKey is 'H' tenant id.
func headKey(tenant, id string) []byte {
	b := make([]byte, 0, 1+kv.LPSize(tenant)+kv.LPSize(id))
	b = append(b, keyHead)
	b = kv.AppendLP(b, tenant)
	return kv.AppendLP(b, id)
}

// versionKey is 'T' tenant id version, the version 8 bytes big-endian.
func versionKey(tenant, id string, v int) []byte {
	b := make([]byte, 0, 1+kv.LPSize(tenant)+kv.LPSize(id)+8)
	b = append(b, keyVersion)
	b = kv.AppendLP(b, tenant)
	b = kv.AppendLP(b, id)
	return binary.BigEndian.AppendUint64(b, uint64(v))
}

// periodPrefix is 'P' tenant, the prefix of a tenant's period index.
func periodPrefix(tenant string) []byte {
	b := make([]byte, 0, 1+kv.LPSize(tenant)+8)
	b = append(b, keyPeriod)
	return kv.AppendLP(b, tenant)
}

// periodKey is 'P' tenant date(YYYYMMDD) id.
func periodKey(tenant string, d civil.Date, id string) []byte {
	b := make([]byte, 0, 1+kv.LPSize(tenant)+8+kv.LPSize(id))
	b = append(b, keyPeriod)
	b = kv.AppendLP(b, tenant)
	b = appendDate(b, d)
	return kv.AppendLP(b, id)
}

// appendDate appends d as the 8 digits YYYYMMDD; the zero date is
// 00000000, before every real date. The date must be in the range
// checkDate accepts.
func appendDate(b []byte, d civil.Date) []byte {
	y, m, dd := d.Year, int(d.Month), d.Day
	return append(b,
		byte('0'+y/1000%10), byte('0'+y/100%10), byte('0'+y/10%10), byte('0'+y%10),
		byte('0'+m/10%10), byte('0'+m%10),
		byte('0'+dd/10%10), byte('0'+dd%10))
}

// errBadIndex reports a period index entry that does not parse.
var errBadIndex = errors.New("malformed period index entry")

// parsePeriodKey returns the date digits and the ID of a period index key
// whose tenant prefix has length n.
func parsePeriodKey(key []byte, n int) (date []byte, id string, err error) {
	if len(key) < n+8 {
		return nil, "", errBadIndex
	}
	date, rest := key[n:n+8], key[n+8:]
	l, k := binary.Uvarint(rest)
	if k <= 0 || uint64(len(rest)-k) != l {
		return nil, "", errBadIndex
	}
	return date, string(rest[k:]), nil
}

// versionOf decodes the value of a period index key.
func versionOf(v []byte) (int, error) {
	if len(v) != 8 {
		return 0, errBadIndex
	}
	return int(binary.BigEndian.Uint64(v)), nil
}

package badger

// WriteRaw is writeRaw, for the tests of package badger_test.
var WriteRaw = writeRaw

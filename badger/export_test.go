package badger

// WriteRaw is writeRaw, for the tests of package badger_test.
var WriteRaw = writeRaw

// CheckKeyLayout is checkKeyLayout, for the tests of package badger_test.
var CheckKeyLayout = checkKeyLayout

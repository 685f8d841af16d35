package datagen

// What the tests of package datagen_test use, which run the generator
// with every state's part (package states imports this package, so
// these tests cannot be in it).

// JurisFile is the name of the jurisdictions file.
const JurisFile = jurisFile

// The TaxLocus files, under the source folder.
const (
	TaxlocusFile       = taxlocusFile
	TaxlocusStatesFile = taxlocusStatesFile
)

// SSTFile is a state's SST rate file, under the source folder.
type SSTFile struct{ State, File string }

// SSTFiles returns the SST rate files read.
func SSTFiles() []SSTFile {
	out := make([]SSTFile, 0, len(sstFiles))
	for _, f := range sstFiles {
		out = append(out, SSTFile{f.state, f.file})
	}
	return out
}

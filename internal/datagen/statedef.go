package datagen

import (
	"io/fs"
	"strings"
)

// StateDef is a US state's part of the generator, as its folder under
// internal/datagen/states defines it: the state's builder, its note and
// its curated tables. Package states lists every state's.
type StateDef struct {
	// Code is the state's postal code ("TX").
	Code string
	// Dir is the state's folder in the repository, as documents and
	// messages name it, when it is not internal/datagen/states/<st>
	// (Folder).
	Dir string
	// Files are the files of the folder the generator reads: the note
	// <st>.md (unless Note is set) and the state's curated tables.
	Files fs.FS
	// Note is the state's note when the folder does not hold one of
	// the state's own (the states without local tax share a table).
	Note *Note
	// Build builds the state's local content from the sources.
	Build func(*State, *Inputs) error
}

// Folder returns the state's folder in the repository, as documents and
// messages name it: Dir, or else internal/datagen/states/<st>
// ("internal/datagen/states/tx").
func (d StateDef) Folder() string {
	if d.Dir != "" {
		return d.Dir
	}
	return "internal/datagen/states/" + strings.ToLower(d.Code)
}

// noteName returns the name of the state's note in its folder.
func (d StateDef) noteName() string { return strings.ToLower(d.Code) + ".md" }

// ReadNote returns the state's note: Note, or else the note <st>.md of
// its folder, read and checked.
func (d StateDef) ReadNote() (*Note, error) {
	if d.Note != nil {
		return d.Note, nil
	}
	return readStateNote(d.Files, d.noteName(), d.Folder()+"/"+d.noteName(), d.Code)
}

// NoLocalTaxNote returns the note of a state without local sales tax:
// its title, the status "no local tax", the state's sourcing rule in a
// sentence, and nothing left out. ref names where it comes from.
func NoLocalTaxNote(state, title, sourcing, ref string) *Note {
	return &Note{path: ref, state: state, status: statusNoLocalTax, sourcing: sourcing, title: title,
		notCovered: "Nothing: there is no local sales tax."}
}

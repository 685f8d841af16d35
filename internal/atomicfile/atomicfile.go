package atomicfile

import (
	"fmt"
	"os"
	"path/filepath"
)

// Write replaces the file at path with data, as a File does: on an error
// the temporary file is removed and path is as it was.
func Write(path string, data []byte, perm os.FileMode) error {
	f, err := Create(path, perm)
	if err != nil {
		return err
	}
	defer f.Abandon()
	if _, err := f.Write(data); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return f.Commit()
}

// File is the new content of the file at a path, written into a
// temporary file beside it (a name that starts with ".incoming-") until
// Commit syncs it, renames it over the path and syncs the directory, so
// that the rename survives a crash of the machine too. Abandon, or a
// Commit that fails, removes the temporary file and leaves the path as
// it was. It suits content that is streamed, too large to hold whole.
//
// A File is not safe for concurrent use.
type File struct {
	*os.File
	path string
	done bool
}

// Create starts the new content of the file at path, which takes the
// permissions perm.
func Create(path string, perm os.FileMode) (*File, error) {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".incoming-*")
	if err != nil {
		return nil, err
	}
	if err := tmp.Chmod(perm); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return nil, err
	}
	return &File{File: tmp, path: path}, nil
}

// Commit makes what was written the content of the path.
func (f *File) Commit() error {
	if f.done {
		return fmt.Errorf("commit %s: the file was committed or abandoned", f.path)
	}
	f.done = true
	defer os.Remove(f.Name()) // after the rename there is nothing left to remove
	if err := f.Sync(); err != nil {
		f.Close()
		return fmt.Errorf("sync %s: %w", f.path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("write %s: %w", f.path, err)
	}
	if err := os.Rename(f.Name(), f.path); err != nil {
		return err
	}
	return syncDir(filepath.Dir(f.path))
}

// Abandon closes and removes the temporary file, leaving the path as it
// was; after Commit it does nothing.
func (f *File) Abandon() {
	if f.done {
		return
	}
	f.done = true
	f.Close()
	os.Remove(f.Name())
}

// syncDir makes the entries of a directory durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}

// Package facturx reads the XML invoice that a Factur-X or ZUGFeRD PDF
// carries: a PDF/A-3 whose catalog lists the invoice, a UN/CEFACT Cross
// Industry Invoice (CII), as an associated file (the /AF array) and as an
// embedded file (the /EmbeddedFiles name tree).
//
// The reader is small and bounded, written for this one purpose, not a
// general PDF library. It scans the file for its objects in order (so that
// a later revision of an object, appended by an incremental update,
// replaces the earlier one, and a damaged cross-reference table does not
// matter), reads the objects of object streams, follows the catalog to
// the file specifications, and decodes the embedded file's stream
// (FlateDecode, ASCIIHexDecode, ASCII85Decode, or none). Its time and
// memory are linear in the size of the PDF, which the caller bounds, and
// bounded whatever the PDF holds: at most MaxValues values, nesting
// MaxDepth deep, and decoded data of at most the caller's limit for the
// attachment and MaxObjectStreamBytes for the object streams. An
// encrypted PDF is refused: its streams cannot be read without its
// password.
package facturx

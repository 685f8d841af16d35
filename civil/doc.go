// Package civil provides Date, a calendar date without a time of day or a
// time zone, as tax law uses it: a rate takes effect on a date, a document is
// dated, a lookup is made as of a date.
//
// Dates are plain values, comparable with == and safe for concurrent use.
package civil

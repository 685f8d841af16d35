// Package atomicfile replaces a file so that a reader, or a process that
// starts after a crash, finds either the old content or the new one,
// whole and on disk: never a part of it. The e-invoicing outbox directory
// and the checkpoint of a batch run write their files with it (Write),
// and levy journal export streams its --out file through it (File).
package atomicfile

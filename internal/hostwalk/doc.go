// Package hostwalk holds the tests of a Go host application that embeds
// Levy as its developers would write it: only exported API, the
// engine, its stores, package batch, profiles, nexus and api/client.
package hostwalk

// Package lastsent is the nexus watcher's record of the last change of
// status it notified per tenant, company and area (Record), and the
// interface of the stores that keep it (Store): package nexus decides
// from it, the stores of packages badger and postgres keep it, and
// package lastsenttest is the suite they all pass. It imports nothing of
// Levy's stores or engine, so that they may import it.
package lastsent

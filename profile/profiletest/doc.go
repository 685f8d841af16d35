// Package profiletest is the conformance suite of profile.Store: every
// store of Levy's tax profiles runs it (Run), and so keeps the contract
// that Service and Cache rely on: a change is one atomic unit, checked
// against the records as they are inside it, the tenant's version goes
// up by one with each, records keep every version with its time and
// credential, reads as of a time see exactly the changes made up to it,
// tenants see only their own records and documents, and a closed store
// refuses every call.
//
// The suite uses times rounded to the microsecond, the precision of the
// common databases, and compares records by their JSON.
package profiletest

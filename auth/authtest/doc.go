// Package authtest is the conformance suite of auth.Store (Run, and
// RunShared for a store that several processes share), which every
// store of Levy's credentials runs, so that all of them keep the
// contract of the interface in the same way; and it provides stores,
// issuers and tokens for the tests of packages that check Levy's access
// tokens, such as the HTTP adapter: the stores live in memory and the
// issuers hash secrets with cheap parameters, so that a test can issue
// tokens quickly. Forge builds tokens as an attacker who holds a signing
// key would, from the key that SigningKeys reads out of a store.
package authtest

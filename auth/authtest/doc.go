// Package authtest provides auth stores, issuers and tokens for the tests
// of packages that check Levy's access tokens, such as the HTTP adapter:
// the stores live in the test's temporary directory and hash secrets with
// cheap parameters, so that a test can issue tokens quickly.
package authtest

// Package srcdata finds the source data of Levy's content (the public
// files the generator reads, kept outside the repository) for the tests
// that need them: the generator's byte-for-byte check and the tests that
// compare the embedded dataset with its sources.
//
// The folder is $LEVY_SRC, or else shared/data beside the repository's
// root (../shared/data from the folder of go.mod). A clone of the
// repository alone has no such folder: Need skips those tests, each
// saying what it needs, and `bash .ci/test` says once which tests that
// leaves out. Under LEVY_REQUIRE_SOURCES=1, which .ci/run sets when the
// sources are present, a test that cannot find them fails instead, so
// that a CI run never passes without them by mistake.
package srcdata

// Package browsertest starts the headless Chromium that the console's
// browser tests drive, for the test packages that hold them.
//
// A test on a machine without Chromium is skipped, naming the package to
// install; under CI=true, where the test command installs it, it fails.
package browsertest

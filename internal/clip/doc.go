// Package clip cuts text that Levy quotes back to its sender (a member's
// name, a path, a code in an error, a party's name in an event), so that
// an input of megabytes is not answered, logged or sent again whole.
package clip

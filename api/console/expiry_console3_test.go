package console_test

import (
	"strings"
	"testing"
)

// TestConsoleAdminTokenExpiredFirst: the tokens of a sign-in come from
// the caching token endpoint, each audience's from its own cache entry,
// so that the admin token may expire before the console token. The
// console then took the admin for a reader: the admin pages' links went,
// the credentials page said it needs an admin credential (the one the
// user signed in with) and an admin form failed with "this needs an
// admin credential", until the console token expired too. A call that
// needs the token that expired ends the session and asks for the
// sign-in again, as the expiry of every token does.
func TestConsoleAdminTokenExpiredFirst(t *testing.T) {
	f := newFixture(t)
	b := openConsole(t, f, "")
	b.eval(`sessionStorage.setItem('levy.console.session', JSON.stringify({clientId: 'console3-admin', tenant: 'default',
		console: {token: 'console3-token', expiresAt: Date.now() + 3600000}, admin: {token: 'console3-admin-token', expiresAt: Date.now() - 1000}}));
		location.hash = '#/credentials'; true`)
	b.wait("the credentials page or the sign-in", `document.title.startsWith('Credentials') || !document.getElementById('signin').hidden`)
	b.wait("the page to settle", `!document.getElementById('signin').hidden || document.getElementById('page').textContent.includes('needs an admin credential')`)
	if b.eval(`document.getElementById('signin').hidden ? 'page' : 'signin'`) != "signin" {
		t.Fatalf("with its admin token expired, the session of an admin stays on as a reader's: the page says %q",
			b.text("page"))
	}
	if msg := b.text("signin-error"); !strings.Contains(msg, "session ended") {
		t.Errorf("the sign-in says %q, want that the session ended", msg)
	}
	if got := b.eval(`sessionStorage.getItem('levy.console.session') || ''`); got != "" {
		t.Errorf("the session is still stored: %s", got)
	}
}

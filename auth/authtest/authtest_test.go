package authtest_test

import (
	"testing"

	"github.com/levytax/levy/auth"
	"github.com/levytax/levy/auth/authtest"
)

func TestToken(t *testing.T) {
	i := authtest.Issuer(t, auth.Config{})
	cl, err := i.Verify(authtest.Token(t, i, "acme", "calc"))
	if err != nil {
		t.Fatal(err)
	}
	if cl.Tenant != "acme" || cl.Audience != "calc" {
		t.Fatalf("claims %+v", cl)
	}
}

package auth_test

import (
	"context"
	"fmt"
	"time"

	"github.com/levytax/levy/auth"
)

// A credential is created, requests a token and the token is verified.
func Example() {
	ctx := context.Background()

	// The credentials live in a Store: here in memory; a server keeps
	// them on disk (package badger, OpenAuth).
	s := auth.NewMemory()
	defer s.Close()
	i, err := auth.NewIssuer(ctx, s, auth.Config{TTL: 20 * time.Minute})
	if err != nil {
		fmt.Println(err)
		return
	}

	// The secret is shown once; the store keeps only its hash.
	cred, secret, err := i.Create(ctx, "acme", []string{"calc"}, true)
	if err != nil {
		fmt.Println(err)
		return
	}
	tok, err := i.Issue(ctx, cred.ClientID, secret, "calc")
	if err != nil {
		fmt.Println(err)
		return
	}
	claims, err := i.Verify(tok.AccessToken)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(claims.Tenant, claims.Audience, claims.Client == cred.ClientID)
	fmt.Println(claims.ExpiresAt.Sub(claims.IssuedAt))

	_, err = i.Issue(ctx, cred.ClientID, "not the secret", "calc")
	fmt.Println(err)

	if _, err := i.Revoke(ctx, cred.ClientID); err != nil {
		fmt.Println(err)
		return
	}
	_, err = i.Verify(tok.AccessToken)
	fmt.Println(err)
	// Output:
	// acme calc true
	// 20m0s
	// auth: invalid_client: client authentication failed
	// unauthorized: the access token's client is revoked
}

package clip_test

import (
	"fmt"

	"github.com/levytax/levy/internal/clip"
)

func ExampleTo() {
	fmt.Println(clip.To("Zürich Hauptbahnhof", 3))
	fmt.Println(clip.To("Bern", 64))
	// Output:
	// Zü…
	// Bern
}

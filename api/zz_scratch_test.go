package api_test

import (
	"fmt"
	"strings"
	"testing"
)

func TestZZScratch(t *testing.T) {
	w := newSpecWalk(t)
	x := w.s.send(t, "POST", "/api/v2/procurement", purchase("APINVOICE_SYNC", "z-ap", `,"chargedTax":263.75`))
	fmt.Println(x.status)
	x = w.s.send(t, "POST", "/api/v2/procurement", purchase("APINVOICE_SYNC", "z-ap", `,"chargedTax":0,"syncType":"UPDATE"`))
	v, _ := jsonAt(x.body, "data.variance")
	fmt.Println(x.status, v)
	x = w.s.send(t, "GET", "/admin/v1/journal/export", "", "Authorization", "Bearer "+w.vars["acmeadmin"])
	for l := range strings.Lines(string(x.body)) {
		if strings.Contains(l, "z-ap") {
			fmt.Println(l[:400])
			i := strings.Index(l, "charged")
			if i > 0 {
				fmt.Println(l[i-50 : i+80])
			}
		}
	}
}

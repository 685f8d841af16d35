package main

// genGeo is a placeholder until this step is written.
func genGeo(g *gen) error { return nil }

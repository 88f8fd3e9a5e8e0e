package main

import "github.com/axllent/mailpit/cmd"

func main() { cmd.Execute() }

//go:build release

package main

// The release's files, copied into server/.release/ by scripts/release.mjs just before
// `go build -tags release`; a development build does without them (release.go).

import (
	"embed"
	"io/fs"
)

//go:embed all:.release
var releaseFiles embed.FS

func init() {
	files, err := fs.Sub(releaseFiles, ".release")
	if err != nil {
		panic(err)
	}
	embeddedAssets = files
}

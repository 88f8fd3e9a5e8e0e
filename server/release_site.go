package main

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"time"
)

// stampedFS gives every file of the embedded site one modification time. embed keeps none, and
// without a Last-Modified the browsers revalidating HTML and sw.js (served no-cache, static.go)
// would download them whole on every visit instead of getting a 304. The binary's own time
// serves: a deploy installs a new file, so pages changed by it are never taken for unchanged.
type stampedFS struct {
	fs.FS
	modTime time.Time
}

func stampWithExecutableTime(files fs.FS) fs.FS {
	stamp := time.Now()
	if exe, err := os.Executable(); err == nil {
		if info, err := os.Stat(exe); err == nil {
			stamp = info.ModTime()
		}
	}
	return stampedFS{FS: files, modTime: stamp}
}

func (s stampedFS) Open(name string) (fs.File, error) {
	f, err := s.FS.Open(name)
	if err != nil {
		return nil, err
	}
	return &stampedFile{File: f, modTime: s.modTime}, nil
}

type stampedFile struct {
	fs.File
	modTime time.Time
}

func (f *stampedFile) Stat() (fs.FileInfo, error) {
	info, err := f.File.Stat()
	if err != nil {
		return nil, err
	}
	return stampedInfo{FileInfo: info, modTime: f.modTime}, nil
}

// Seek keeps the embedded file seekable, for http.ServeContent's ranges and conditional requests.
func (f *stampedFile) Seek(offset int64, whence int) (int64, error) {
	if seeker, ok := f.File.(io.Seeker); ok {
		return seeker.Seek(offset, whence)
	}
	return 0, errors.New("not seekable")
}

type stampedInfo struct {
	fs.FileInfo
	modTime time.Time
}

func (i stampedInfo) ModTime() time.Time { return i.modTime }

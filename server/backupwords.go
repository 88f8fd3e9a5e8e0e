package main

import (
	"encoding/json"
	"errors"
	"path/filepath"
)

// backupMessages reads BACKUP_MESSAGES (src/lib/rules/backups.ts) from the hooks' bundle, as
// bodies.go reads the request rules: the 503 the gate answers during a restore is the sentence the
// guests' forms show, written once.
func backupMessages(hooksDir string) func() (map[string]string, error) {
	return func() (map[string]string, error) {
		vm, err := runBundle(filepath.Join(hooksDir, "lib", "backend.js"))
		if err != nil {
			return nil, err
		}
		out, err := vm.RunString(`JSON.stringify(module.exports.BACKUP_MESSAGES || null)`)
		if err != nil {
			return nil, err
		}
		var words map[string]string
		if err := json.Unmarshal([]byte(out.String()), &words); err != nil || words == nil || words["restoring"] == "" {
			return nil, errors.New("backend.js lacks BACKUP_MESSAGES.restoring")
		}
		return words, nil
	}
}

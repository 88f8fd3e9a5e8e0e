package backups

import "encoding/json"

// jsonBody is PocketBase's error shape: { status, message, data }.
func jsonBody(status int, message string) ([]byte, error) {
	return json.Marshal(map[string]any{"status": status, "message": message, "data": map[string]any{}})
}

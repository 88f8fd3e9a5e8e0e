package main

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
)

// numberOutOfRange is one JSON number literal no float64 holds: its bytes in the body, the
// top-level field it sits in, whether it is that field's whole value, and its sign.
type numberOutOfRange struct {
	start, end int64
	key        string
	topLevel   bool
	sign       int
}

// findOutOfRange lists the number literals of a JSON object body that overflow float64 (1e400,
// -1e400; a tiny one like 1e-400 reads as 0 and is left alone). A body that is not a JSON object,
// or not valid JSON, is left to PocketBase and the hooks, which refuse it themselves.
func findOutOfRange(body []byte) []numberOutOfRange {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var found []numberOutOfRange
	depth := 0
	key := ""
	expectKey := false
	for {
		tok, err := dec.Token()
		if err != nil {
			// io.EOF after the object, or a syntax error: either way what was found stands.
			return found
		}
		switch t := tok.(type) {
		case json.Delim:
			switch t {
			case '{', '[':
				if depth == 0 && t != '{' {
					return nil
				}
				depth++
				if depth == 1 {
					expectKey = true
				}
			case '}', ']':
				depth--
				if depth == 1 {
					expectKey = true // a nested value of a top-level field ended
				}
			}
			continue
		case string:
			if depth == 1 && expectKey {
				key = t
				expectKey = false
				continue
			}
		case json.Number:
			if _, err := strconv.ParseFloat(string(t), 64); err != nil {
				end := dec.InputOffset()
				sign := 1
				if strings.HasPrefix(string(t), "-") {
					sign = -1
				}
				found = append(found, numberOutOfRange{start: end - int64(len(t)), end: end, key: key, topLevel: depth == 1, sign: sign})
			}
		}
		if depth == 1 {
			expectKey = true // a top-level field's scalar value ended
		}
	}
}

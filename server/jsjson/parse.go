// Package jsjson gives a goja runtime a faster JSON.parse. goja's own reads the text through
// encoding/json's token stream, which allocates for every token: in the rules and mail
// runtimes (server/rules.go, server/outbox/render.go) a create's two parses took a tenth of its
// rules' time (issue 33).
//
// The fast parser builds the same values goja's would, and gives up on anything it does not
// read exactly as goja does: a reviver, a syntax error, a \u escape of a surrogate, a byte that
// is not UTF-8, a number out of a double's range. Then goja's own JSON.parse runs, so its answers
// and its errors are unchanged. parse_test.go compares the two on every shape the rules read
// and on fuzzed text.
package jsjson

import (
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/dop251/goja"
)

// Install replaces vm's JSON.parse with the fast one, falling back to goja's own.
func Install(vm *goja.Runtime) error {
	json := vm.Get("JSON").ToObject(vm)
	original, ok := goja.AssertFunction(json.Get("parse"))
	if !ok {
		return nil
	}
	return json.Set("parse", func(call goja.FunctionCall) goja.Value {
		if len(call.Arguments) == 1 {
			if text, ok := call.Arguments[0].Export().(string); ok {
				if v, ok := Parse(vm, text); ok {
					return v
				}
			}
		}
		v, err := original(call.This, call.Arguments...)
		if err != nil {
			panic(err) // goja rethrows the JS exception (a SyntaxError) to the caller
		}
		return v
	})
}

// Parse reads text as goja's JSON.parse would, or reports false when it leaves it to goja.
func Parse(vm *goja.Runtime, text string) (goja.Value, bool) {
	p := parser{vm: vm, s: text}
	p.space()
	v, ok := p.value(0)
	if !ok {
		return nil, false
	}
	p.space()
	return v, p.i == len(p.s)
}

// maxDepth: deeper text goes to goja's parser (the rules read a few levels).
const maxDepth = 64

type parser struct {
	vm *goja.Runtime
	s  string
	i  int
}

func (p *parser) space() {
	for p.i < len(p.s) {
		switch p.s[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

func (p *parser) value(depth int) (goja.Value, bool) {
	if p.i >= len(p.s) || depth > maxDepth {
		return nil, false
	}
	switch c := p.s[p.i]; {
	case c == '{':
		return p.object(depth)
	case c == '[':
		return p.array(depth)
	case c == '"':
		s, ok := p.str()
		if !ok {
			return nil, false
		}
		return p.vm.ToValue(s), true
	case c == '-' || (c >= '0' && c <= '9'):
		return p.number()
	default:
		return p.literal()
	}
}

func (p *parser) literal() (goja.Value, bool) {
	rest := p.s[p.i:]
	switch {
	case strings.HasPrefix(rest, "true"):
		p.i += 4
		return p.vm.ToValue(true), true
	case strings.HasPrefix(rest, "false"):
		p.i += 5
		return p.vm.ToValue(false), true
	case strings.HasPrefix(rest, "null"):
		p.i += 4
		return goja.Null(), true
	}
	return nil, false
}

// str reads a string as encoding/json (goja's reader) decodes it. A \u escape of a surrogate and
// a byte that is not UTF-8 are left to goja, which makes each a U+FFFD.
func (p *parser) str() (string, bool) {
	start := p.i + 1
	ascii := true
	for j := start; j < len(p.s); j++ {
		switch c := p.s[j]; {
		case c == '"':
			text := p.s[start:j]
			if !ascii && !utf8.ValidString(text) {
				return "", false
			}
			p.i = j + 1
			return text, true
		case c == '\\':
			return p.escaped(start)
		case c < 0x20:
			return "", false
		case c >= 0x80:
			ascii = false
		}
	}
	return "", false
}

var escapes = [256]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}

// escaped reads a string that has escapes, from its first character at `start`.
func (p *parser) escaped(start int) (string, bool) {
	var b strings.Builder
	for j := start; j < len(p.s); {
		c := p.s[j]
		switch {
		case c == '"':
			text := b.String()
			if !utf8.ValidString(text) {
				return "", false
			}
			p.i = j + 1
			return text, true
		case c < 0x20:
			return "", false
		case c != '\\':
			b.WriteByte(c)
			j++
			continue
		}
		if j+1 >= len(p.s) {
			return "", false
		}
		if e := escapes[p.s[j+1]]; e != 0 {
			b.WriteByte(e)
			j += 2
			continue
		}
		if p.s[j+1] != 'u' || j+6 > len(p.s) {
			return "", false
		}
		r, err := strconv.ParseUint(p.s[j+2:j+6], 16, 32)
		if err != nil || utf16.IsSurrogate(rune(r)) {
			return "", false
		}
		b.WriteRune(rune(r))
		j += 6
	}
	return "", false
}

// number reads JSON's number grammar, as a float64 like goja's parser (which reads every number
// as one); a number out of a double's range is left to goja, which refuses it.
func (p *parser) number() (goja.Value, bool) {
	start := p.i
	j := p.i
	if p.s[j] == '-' {
		j++
	}
	digits := func() int {
		n := 0
		for j < len(p.s) && p.s[j] >= '0' && p.s[j] <= '9' {
			j++
			n++
		}
		return n
	}
	if j < len(p.s) && p.s[j] == '0' {
		j++
	} else if digits() == 0 {
		return nil, false
	}
	if j < len(p.s) && p.s[j] == '.' {
		j++
		if digits() == 0 {
			return nil, false
		}
	}
	if j < len(p.s) && (p.s[j] == 'e' || p.s[j] == 'E') {
		j++
		if j < len(p.s) && (p.s[j] == '+' || p.s[j] == '-') {
			j++
		}
		if digits() == 0 {
			return nil, false
		}
	}
	f, err := strconv.ParseFloat(p.s[start:j], 64)
	if err != nil {
		return nil, false
	}
	p.i = j
	return p.vm.ToValue(f), true
}

func (p *parser) object(depth int) (goja.Value, bool) {
	obj := p.vm.NewObject()
	p.i++ // {
	p.space()
	if p.i < len(p.s) && p.s[p.i] == '}' {
		p.i++
		return obj, true
	}
	for {
		if p.i >= len(p.s) || p.s[p.i] != '"' {
			return nil, false
		}
		key, ok := p.str()
		if !ok {
			return nil, false
		}
		p.space()
		if p.i >= len(p.s) || p.s[p.i] != ':' {
			return nil, false
		}
		p.i++
		p.space()
		v, ok := p.value(depth + 1)
		if !ok {
			return nil, false
		}
		// An own data property, as goja's parser defines it ("__proto__" too: never the prototype).
		if obj.DefineDataProperty(key, v, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE) != nil {
			return nil, false
		}
		if closed, ok := p.next('}'); !ok || closed {
			return obj, ok
		}
	}
}

func (p *parser) array(depth int) (goja.Value, bool) {
	var items []any
	p.i++ // [
	p.space()
	if p.i < len(p.s) && p.s[p.i] == ']' {
		p.i++
		return p.vm.NewArray(), true
	}
	for {
		v, ok := p.value(depth + 1)
		if !ok {
			return nil, false
		}
		items = append(items, v)
		if closed, ok := p.next(']'); !ok || closed {
			return p.vm.NewArray(items...), ok
		}
	}
}

// next reads what follows an object's or array's item: a comma (another item comes) or `end`.
func (p *parser) next(end byte) (closed, ok bool) {
	p.space()
	if p.i >= len(p.s) {
		return false, false
	}
	switch p.s[p.i] {
	case ',':
		p.i++
		p.space()
		return false, true
	case end:
		p.i++
		return true, true
	}
	return false, false
}
